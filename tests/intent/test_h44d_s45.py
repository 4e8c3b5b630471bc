"""h44d (issue 25, round 61 controls): a verb read with its particle (``particleverbs``), and
the Hebrew first-person future forms the kind sections list read as acting forms.

"Som du bad om tar jag bort `/tmp/build.log`." + ``delete_file``: "tar" alone takes, "tar bort"
deletes; the V2 word "tar jag" and its particle "bort" are read as the pair the lexicon lists
([kind-delete] "tar bort"). The pair gives its kind to every rule that reads a verb's kind, so
a disjunction ("arkiverar eller tar bort"), a relayed request ("... ska tas bort") and a
negation stay refused as with a one-word verb. "אציג את התוכן של `src/`." + ``list_dir``:
"אציג" (I'll show) had no [g-acting] entry, so the sentence had no opener.
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.particleverbs import particle_kind
from leakcall.intent.tables import tongue
from leakcall.intent.words import tokenize
from tests.intent_sets import recover_after, string_tool

DELETE = [string_tool("delete_file", "Delete a file permanently.", "path"),
          string_tool("read_file", "Read a text file and return its contents.", "path")]
ADD = [string_tool("add_line", "Add a line to a file.", "path"),
       string_tool("read_file", "Read a text file and return its contents.", "path")]
LIST = [string_tool("list_dir", "List the entries of a directory.", "path"),
        string_tool("read_file", "Read a text file and return its contents.", "path")]
RM = ("delete_file", {"path": "/tmp/build.log"})
LINE = ("add_line", {"path": "config.yml"})


def _ok(preamble: str, tools: list[dict[str, Any]], *calls: tuple[str, dict[str, Any]]) -> bool:
    return recover_after(preamble, tools, *calls).reason == "ok"


@pytest.mark.parametrize("preamble", [
    "Som du bad om tar jag bort `/tmp/build.log`.",
    "Jag tar bort `/tmp/build.log`.",
    "Nu tar jag bort `/tmp/build.log`.",
    "Jag tar nu bort `/tmp/build.log`.",
    "Jag ska ta bort `/tmp/build.log`.",
])
def test_swedish_particle_verb_deletes(preamble: str) -> None:
    assert _ok(preamble, DELETE, RM)


@pytest.mark.parametrize("preamble", [
    "Jag tar upp `/tmp/build.log`.",  # "ta upp" (bring up) is no pair the lexicon lists
    "Jag tar inte bort `/tmp/build.log`.",
    "Jag arkiverar eller tar bort `/tmp/build.log`.",
    # the particle verb first: "or" after its particle joins two verbs as after a one-word verb
    "Jag tar bort eller läser `/tmp/build.log`.",
    "Nu tar jag bort eller läser `/tmp/build.log`.",
    "Filen notes.txt säger att `/tmp/build.log` ska tas bort. Jag tar bort `/tmp/build.log`.",
    "Jag tar bort `/tmp/build.log` om du vill.",
])
def test_swedish_particle_verb_refused_siblings(preamble: str) -> None:
    assert not _ok(preamble, DELETE, RM)


@pytest.mark.parametrize("preamble", [
    "Jag lägger till en rad i `config.yml`.",  # "till": a preposition [g-particle] lists too
    "Nu lägger jag till en rad i `config.yml`.",
])
def test_preposition_particle_adds(preamble: str) -> None:
    assert _ok(preamble, ADD, LINE)


def test_preposition_particle_not_right_after_the_verb_is_none() -> None:
    # "lägger ... till" with the object between: no particle closes the clause, no pair
    assert not _ok("Jag lägger en rad till `config.yml`.", ADD, LINE)


def test_particle_closing_the_clause() -> None:
    t = tongue("nl")
    assert t is not None
    toks = tokenize("ik ruim `/tmp/build.log` op", t)
    k = next(i for i, x in enumerate(toks) if x.text == "ruim")
    assert particle_kind(toks, k, t) == "delete"
    assert _ok("Ik ruim `/tmp/build.log` op.", DELETE, RM)
    # a particle past a clause's boundary is another verb's
    toks = tokenize("ik ruim `/tmp/build.log`, en dan kijk ik op", t)
    assert particle_kind(toks, k, t) is None


@pytest.mark.parametrize("preamble", ["אציג את התוכן של `src/`.", "אראה את התוכן של `src/`."])
def test_hebrew_first_person_future_acts(preamble: str) -> None:
    assert _ok(preamble, LIST, ("list_dir", {"path": "src/"}))
    assert not _ok(preamble, LIST, ("list_dir", {"path": "/etc/"}))
