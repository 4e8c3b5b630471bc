"""Every mutant of scripts/mutation_check.py still applies: its snippet occurs exactly once in
the file it edits. A refactor that moves a rule's code leaves its mutant stale (it would no
longer mutate anything, so the rule would look guarded when nothing tests it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("mutation_check", ROOT / "scripts" / "mutation_check.py")
assert _spec is not None and _spec.loader is not None
mutation_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutation_check)


@pytest.mark.parametrize("mutant", mutation_check.MUTANTS, ids=[m[0] for m in mutation_check.MUTANTS])
def test_mutant_snippet_applies(mutant: tuple[str, str, str, str]) -> None:
    mid, fname, snippet, replacement = mutant
    text = mutation_check._path(fname).read_text(encoding="utf-8")
    assert text.count(snippet) == 1, f"{mid}: snippet not found exactly once in {fname}"
    assert snippet != replacement, f"{mid}: the mutant changes nothing"
