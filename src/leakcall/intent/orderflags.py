"""An option a sub-agent's order writes on its own, with no program (round 40, gap 5: "I'll
launch a sub-agent to run the test suite." + an order "Run the test suite with
--update-snapshots and report failures." was accepted, while ``pytest --snapshot-update`` in a
command is refused).

The order names no command, so the option is read as it would be in any command: it takes
a changing step when a word of its name does (``options``: ``--update-snapshots``,
``--fix``, ``--drop-all``, ``--overwrite``), or when the option table ([flag] in kinds.txt)
gives it a changing kind under a test runner (``-u``: ``jest -u``, ``vitest -u`` write
snapshots; only a test runner's options are read so: an order to run the tests may run any
of them). An option that only shapes the output or selects tests (``--verbose``, ``-k``,
``-x``) says no step, as before.
"""

from __future__ import annotations

import re
from functools import cache

from .kinds import _kind_table
from .kindsfile import section
from .options import _changing
from .tables import english

__all__ = ["flag_kinds"]

_CHANGING = frozenset({"delete", "write", "commit", "send", "pay", "install", "deploy"})
"""Kinds of step an option may take beside the run it passes to."""
_FLAG = re.compile(r"--?[A-Za-z][\w.-]*(?:=\S*)?")
"""An option as written: one or two dashes, a name, an attached value."""


@cache
def _table() -> dict[str, frozenset[str]]:
    """Option -> the changing kinds the [flag] table gives it under a program that tests
    (``jest -u``, ``vitest -u``, ``npm test --update``): what an order to run the tests may
    run; ``tar -x`` or ``curl --json`` are another program's."""
    out: dict[str, set[str]] = {}
    table = _kind_table()[0]
    for entry in section("flag"):
        lhs, eq, kind = entry.partition("=")
        words = lhs.split()
        tests = any("test" in table.get(w, ()) or w == "test" for w in words[:-1])
        if eq and tests and words[-1].startswith("-") and kind.strip() in _CHANGING:
            out.setdefault(words[-1], set()).add(kind.strip())
    return {k: frozenset(v) for k, v in out.items()}


def flag_kinds(text: str) -> frozenset[str]:
    """The changing kinds an option an order writes alone takes (``--update-snapshots``:
    write; ``-u``: write, as ``jest -u``), or none for any other text."""
    word = text.strip("`'\"")
    if not _FLAG.fullmatch(word):
        return frozenset()
    head = word.partition("=")[0]
    if head.lstrip("-").casefold() in section("flags-inert"):
        return frozenset()  # ``-x``, ``-k``: pytest's, which only select and stop
    out = set(_table().get(head.casefold(), ()))  # the table is folded: "-U" as "-u"
    changing = _changing(word)
    if changing is not None:
        kinds = {*_kind_table()[0].get(changing, ()), english().kind_of(changing) or ""}
        out |= (kinds & _CHANGING) or {"write"}
    return frozenset(out)
