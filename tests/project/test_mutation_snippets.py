"""Every mutant of scripts/mutation_check.py still applies: its snippet occurs exactly once in
the file it edits. A refactor that moves a rule's code leaves its mutant stale (it would no
longer mutate anything, so the rule would look guarded when nothing tests it). Every mutant
declares, by its id's prefix, the test areas that guard it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
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


def test_every_mutant_declares_areas_that_hold_tests() -> None:
    """A mutant runs the tests of the areas its id's prefix declares (``AREAS``): each is a
    directory of tests/ holding test modules, so adding a test there is all it takes to guard."""
    for mid, *_ in mutation_check.MUTANTS:
        dirs = mutation_check.areas(mid)  # KeyError: a prefix with no declared area
        assert dirs, mid
        for d in dirs:
            assert list((ROOT / "tests" / d).glob("test_*.py")), f"{mid}: tests/{d} holds no test"
    used = {m[0].split("/", 1)[0] for m in mutation_check.MUTANTS}
    assert set(mutation_check.AREAS) == used, "a declared prefix no mutant uses"
