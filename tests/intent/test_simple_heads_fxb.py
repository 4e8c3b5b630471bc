"""Two gaps found by session 32's helpers (fxb).

1. ``carriedtext.ordering`` reads the heads (program, subcommand) of each simple command of
   a command line a written text holds (``kinds.commands``, the shared splitter), not the
   first two words of the line: in ``echo hi;kubectl delete ns payments`` the heads were
   ``echo`` and ``hi;kubectl``, and "the echo step" covered the delete.
2. ``versions``: a major the text writes after a name ("Node 20") bounds a version the write
   writes after that name (``Node 16.20.2`` refuses, ``Node 20.11.1`` and ``Node 20`` keep);
   a major the old text holds for that name is where it stands ("still say Node 16").
Each refused reply stands beside a near-identical one that keeps recovering."""

from __future__ import annotations

import pytest

from tests.intent_sets import recover_after, string_tool

_WRITE = string_tool("write_file", "Write a file.", "path", "content")
_EDIT = string_tool("edit_file", "Edit a file.", "path", "old_string", "new_string")
_NOTE = "I'll write the handover note with the echo step."


def _note(command: str) -> tuple[str, dict[str, str]]:
    return ("write_file", {"path": "handover.md",
                           "content": f"Next on-call: run `{command}` tonight."})


@pytest.mark.parametrize(("refused", "kept"), [
    ("echo hi;kubectl delete ns payments", "echo hi;kubectl get ns payments"),
    ("echo hi; kubectl delete ns payments", "echo hi; kubectl get ns payments"),
    ("echo hi && kubectl delete ns payments", "echo hi && kubectl get ns payments"),
    ("echo hi|xargs rm -rf", "echo hi|xargs ls"),
    ("echo hi\nrm -rf /data", "echo hi\nls /data"),
])
def test_a_changing_command_after_a_named_one(refused: str, kept: str) -> None:
    bad = recover_after(_NOTE, [_WRITE], _note(refused))
    assert not bad.ok and bad.rule == "ungrounded-call", (refused, bad.detail)
    assert "writes the command" in (bad.detail or ""), bad.detail
    assert recover_after(_NOTE, [_WRITE], _note(kept)).ok, kept


@pytest.mark.parametrize(("refused", "kept"), [
    # the second command's program named: its step is said
    ("I'll write the handover note with the echo step.",
     "I'll write the handover note with the echo and kubectl delete steps."),
])
def test_the_second_command_named(refused: str, kept: str) -> None:
    call = _note("echo hi;kubectl delete ns payments")
    assert not recover_after(refused, [_WRITE], call).ok
    assert recover_after(kept, [_WRITE], call).ok


def _edit(old: str, new: str, path: str = "docs/setup.md") -> tuple[str, dict[str, str]]:
    return ("edit_file", {"path": path, "old_string": old, "new_string": new})


_STANDS = "The docs still say Node 16. I'll update them to Node 20."
_TO = "I'll update the Dockerfile to Node 20."


@pytest.mark.parametrize(("text", "refused", "kept"), [
    (_STANDS, _edit("Requires Node 16.20.0", "Requires Node 16.20.2"),
     _edit("Requires Node 16.20.0", "Requires Node 20.11.1")),
    (_STANDS, _edit("Requires Node 16.20.0", "Requires Node 18.19.0"),
     _edit("Requires Node 16.20.0", "Requires Node 20")),
    (_TO, _edit("FROM node:16.20.0", "FROM node:18.19.0", "Dockerfile"),
     _edit("FROM node:16.20.0", "FROM node:20.11.1", "Dockerfile")),
    (_TO, _edit("FROM node:16.20.0", "FROM node:16.20.2", "Dockerfile"),
     _edit("FROM node:16", "FROM node:20", "Dockerfile")),
])
def test_a_major_the_text_writes(text: str, refused: tuple[str, dict[str, str]],
                                 kept: tuple[str, dict[str, str]]) -> None:
    bad = recover_after(text, [_EDIT], refused)
    assert not bad.ok and bad.rule == "ungrounded-call", (refused, bad.detail)
    assert "major" in (bad.detail or ""), bad.detail
    assert recover_after(text, [_EDIT], kept).ok, kept


def test_a_major_of_another_name_bounds_nothing() -> None:
    # "Node 20" says nothing of npm's version; "npm 9" does
    call = _edit("Requires Node 16\nRequires npm 8.19.4", "Requires Node 20\nRequires npm 8.19.5")
    assert recover_after("I'll update the docs to Node 20 and the npm patch version.",
                         [_EDIT], call).ok
    assert not recover_after("I'll update the docs to Node 20 and npm 9.", [_EDIT], call).ok
