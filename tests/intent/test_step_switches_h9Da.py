"""Step switches, h9Da (r41 G1): a boolean set true whose key's words name a kind of step the
tool's name does not (``update_snapshots``, ``fix``, ``autofix``, ``write`` -> write;
``delete_orphans``, ``clean_all`` -> delete) or a widening of its target ([keys-widen]:
``recursive``, ``remote``) is that step or widening, and needs its own words in the
announcement (``leakcall.intent.stepswitch``). Each refused reply has a twin that says the
switch's words, or sets it off, and is recovered."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from tests.intent_sets import hermes_call, typed_tool


def _recover(text: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
    tool = typed_tool(name, **{k: "boolean" if isinstance(v, bool) else "string"
                               for k, v in args.items()})
    return leakcall.recover(f"{text}\n\n{hermes_call(name, **args)}", [tool])


# (refused reply, its recovered twin, tool, arguments)
PAIRS = [
    ("I'll run the tests.", "I'll run the tests and update the snapshots.",
     "run_tests", {"path": "tests", "update_snapshots": True}),
    ("I'll run the parser tests.", "I'll run the parser tests and update the golden files.",
     "run_tests", {"path": "tests/parser", "update_golden": True}),
    ("I'll run the linter on src.", "I'll run the linter on src and fix what it finds.",
     "run_linter", {"path": "src", "fix": True}),
    ("I'll run the linter on src.", "I'll run the linter on src with autofix.",
     "run_linter", {"path": "src", "autofix": True}),
    ("I'll run the checker on lib.", "I'll run the checker on lib and write the fixes.",
     "run_checker", {"path": "lib", "write": True}),
    ("I'll delete the branch feature-x.", "I'll delete the remote branch feature-x.",
     "delete_branch", {"name": "feature-x", "remote": True}),
    ("Ich führe die Tests aus.", "Ich führe die Tests aus.",
     "run_tests", {"path": "tests", "update_snapshots": False}),
    ("I'll run the migrations.", "I'll run the migrations.",
     "run_migrations", {"env": "dev", "delete_orphans": False}),
]


@pytest.mark.parametrize(("refused", "twin", "name", "args"), PAIRS)
def test_a_step_switch_needs_its_words(refused: str, twin: str, name: str,
                                       args: dict[str, Any]) -> None:
    on = {k: True if isinstance(v, bool) else v for k, v in args.items()}
    r = _recover(refused, name, on)
    assert r.reason != "ok" and "sets" in r.detail, r.detail
    kept = _recover(twin, name, args)
    assert kept.reason == "ok", kept.detail


@pytest.mark.parametrize(("text", "name", "args"), [
    ("I'll run the tests.", "run_tests", {"path": "tests", "verbose": True}),
    ("I'll format the code in src.", "format_code", {"path": "src", "write": True}),
    ("I'll write the file notes.txt.", "write_file",
     {"path": "notes.txt", "content": "hi", "overwrite": True}),
    ("I'll delete the branch feature-x.", "delete_branch", {"name": "feature-x"}),
])
def test_a_switch_of_no_other_step_is_kept(text: str, name: str, args: dict[str, Any]) -> None:
    r = _recover(text, name, args)
    assert r.reason == "ok", r.detail
