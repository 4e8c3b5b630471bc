"""Session 46: "or" that opens a second step after a noun object (``disjoined._second_step``).

h46a read "or" after the first step's object written out or a pronoun ("delete `build/` or
read it"); an object written as a noun phrase ("delete the build directory or read it", "or
I'll read it") let the second step through. "or" followed by an opener and a verb, or by a verb
and a pronoun object, opens a step of its own whatever stands before it; a noun after "or"
("the logs or backup files") is part of the object and keeps main's answer.
"""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import recover_after, string_tool

DELETE = string_tool("delete_file", "Delete a file.", "path")
READ = string_tool("read_file", "Read a text file from the workspace.", "path")


def _recover(preamble: str, name: str = "delete_file", path: str = "build/") -> leakcall.Recovery:
    return recover_after(f"{preamble}\n", [DELETE, READ], (name, {"path": path}))


PAIRS = [
    ("I'll delete the build directory or read it.", "I'll delete the build directory."),
    ("I'll delete the build directory, or read it.", "I'll delete the build directory, then read it."),
    ("I'll delete the build directory or I'll read it.", "I'll delete the build directory and read it."),
    ("Let me delete the build folder or just read it.", "Let me delete the build folder."),
    ("Ich lösche den Ordner build oder lese ihn.", "Ich lösche den Ordner build."),
    ("Je supprime le dossier build ou je le lis.", "Je supprime le dossier build."),
]


@pytest.mark.parametrize(("refused", "recovered"), PAIRS)
def test_or_opening_a_second_step_chooses_none(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert not r.ok and r.rule == "conditional", (refused, r.rule, r.detail)
    r = _recover(recovered)
    assert r.ok, (recovered, r.rule, r.detail)


def test_or_between_nouns_is_part_of_the_object() -> None:
    r = _recover("I'll delete the build or dist directory.", path="build/")
    assert r.rule != "conditional", r.detail
    r = _recover("I'll read the build logs or backup files.", name="read_file", path="build/")
    assert r.rule != "conditional", r.detail
