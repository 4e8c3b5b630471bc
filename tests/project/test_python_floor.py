"""The Python floor: possessive quantifiers, which the grammars and the intent patterns use, match
as documented only from CPython 3.11.5 on (gh-106052), so the package says so and refuses older."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_declared_floor_is_the_one_the_import_checks() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["requires-python"] == ">=3.11.5"
    guard = (ROOT / "src" / "leakcall" / "__init__.py").read_text(encoding="utf-8")
    assert "sys.version_info < (3, 11, 5)" in guard


def test_this_interpreter_matches_possessive_quantifiers_as_documented() -> None:
    # the reproducer of gh-106052: before 3.11.5 the possessive form matched where the greedy
    # one does not
    assert sys.version_info >= (3, 11, 5)
    assert re.fullmatch("(?:ab?c)*", "a") is None
    assert re.fullmatch("(?:ab?c)*+", "a") is None
