from __future__ import annotations

from pathlib import Path

import pytest

from leakcall.corpus import Case, load_cases

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
CASES: list[Case] = list(load_cases(CORPUS))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--heavy", action="store_true", help="run the long property tests")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--heavy"):
        return
    skip = pytest.mark.skip(reason="heavy property run: pass --heavy")
    for item in items:
        if "heavy" in item.keywords:
            item.add_marker(skip)
