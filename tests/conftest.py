from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import leakcall
from leakcall.corpus import Case, load_cases

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
CASES: list[Case] = list(load_cases(CORPUS))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--exhaustive", action="store_true",
                     help="run the long property tests (marked exhaustive; off by default)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``exhaustive`` are skipped unless ``--exhaustive`` is given. (Tests marked
    ``heavy`` run by default; ``-m "not heavy"`` leaves them out: the quick tier.)"""
    if config.getoption("--exhaustive"):
        return
    skip = pytest.mark.skip(reason="long property run: pass --exhaustive")
    for item in items:
        if "exhaustive" in item.keywords:
            item.add_marker(skip)


_ALL_HEAVY = re.compile(r"^pytestmark = pytest\.mark\.heavy\b", re.M)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under ``-m "not heavy"`` (the quick tier) a module marked heavy as a whole is not
    imported at all: every test of it would be deselected anyway, and importing it costs each
    worker seconds (litellm, the SDKs, Ray, Spark). Any other selection imports it as usual."""
    if (config.getoption("markexpr", "") or "").strip() != "not heavy":
        return None
    if collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    return bool(_ALL_HEAVY.search(collection_path.read_text(encoding="utf-8"))) or None


def wire_args(case: Case) -> tuple[Any, dict[str, Any]]:
    """The tools and keyword options to give a wire adapter (``repair_*``) for ``case``: the
    adapters take the options ``recover`` takes except ``reasoning_preopened``, which a
    ``Recoverer`` carries (the adapters accept one in place of the tools)."""
    opts = dict(case.options)
    if opts.pop("reasoning_preopened", False):
        return leakcall.Recoverer(case.tools, reasoning_preopened=True,
                                  **{k: v for k, v in opts.items() if k == "families"}), {
                                      k: v for k, v in opts.items() if k != "families"}
    return case.tools, opts
