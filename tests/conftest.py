from __future__ import annotations

import gc
import re
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import leakcall
from leakcall.corpus import Case, load_cases

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
CASES: list[Case] = list(load_cases(CORPUS))

# Hypothesis's per-example deadline and its too-slow health check are timings: on a shared,
# loaded machine they fail a correct property (a heavy ids test did, once, at load 15). Timing
# belongs in benchmarks/, so the properties run without them.
settings.register_profile("leakcall", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("leakcall")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--exhaustive", action="store_true",
                     help="run the long property tests (marked exhaustive; off by default)")
    parser.addoption("--ecosystem", action="store_true",
                     help="run the tests of the Ray, Spark and LiteLLM integrations (marked "
                          "ecosystem; they need the test-heavy extra; off by default)")


@pytest.fixture(scope="session")
def exhaustive() -> bool:
    """``--exhaustive`` was given: a breadth test that samples its cases by default (half of
    them, or one cut pattern a case) takes every case and every pattern."""
    return not SAMPLED


SAMPLED = True
"""Without ``--exhaustive`` (set in pytest_configure, before any test module is imported): a
breadth test may parametrize over a sample of its cases."""


def examples(n: int) -> int:
    """A property test's example count: ``n`` under ``--exhaustive``, else a third of it (at
    least 10). Read when a test module is imported, after pytest_configure."""
    return n if not SAMPLED else max(10, n // 3)


def pytest_configure(config: pytest.Config) -> None:
    global SAMPLED  # noqa: PLW0603 - read by test modules at import, after this hook
    SAMPLED = not config.getoption("--exhaustive")


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    """The collector is off while the test modules are imported, and what they built is frozen
    (``gc.freeze``) once they are. Collection leaves about 1.5 million objects alive in each
    worker (the measurement sets, the corpus, the parametrize lists): every full collection
    walked them all again, 7 s of a worker's 20 s of collection, and again in the tests'
    full collections. Objects made later are collected as before."""
    gc.disable()
    try:
        return (yield)
    finally:
        gc.collect()
        gc.freeze()
        gc.enable()


def pytest_report_header(config: pytest.Config) -> str:
    on = config.getoption("--ecosystem")
    return ("ecosystem tests (Ray, Spark, LiteLLM): " + ("on" if on else "off, pass --ecosystem "
            "after pip install -e '.[test-heavy]'"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``exhaustive`` are skipped unless ``--exhaustive`` is given, and tests marked
    ``ecosystem`` unless ``--ecosystem`` is. (Tests marked ``heavy`` run by default;
    ``-m "not heavy"`` leaves them out: the quick tier.)"""
    gates = [(m, pytest.mark.skip(reason=why)) for m, why in (
        ("exhaustive", "long property run: pass --exhaustive"),
        ("ecosystem", "Ray, Spark or LiteLLM: pass --ecosystem (the test-heavy extra)"))
        if not config.getoption(f"--{m}")]
    for item in items:
        for marker, skip in gates:
            if marker in item.keywords:
                # a test's own reason (``@pytest.mark.exhaustive(reason=...)``) says what the
                # default run checks in its place
                own = item.get_closest_marker(marker)
                why = own.kwargs.get("reason") if own is not None else None
                item.add_marker(pytest.mark.skip(reason=f"{skip.kwargs['reason']}: {why}")
                                if why else skip)


_ALL_HEAVY = re.compile(r"^pytestmark = pytest\.mark\.heavy\b", re.M)
_ALL_ECOSYSTEM = re.compile(r"^pytestmark = \[?[^\n]*\bpytest\.mark\.ecosystem\b", re.M)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under ``-m "not heavy"`` (the quick tier) a module marked heavy as a whole is not
    imported at all: every test of it would be deselected anyway, and importing it costs each
    worker seconds (litellm, the SDKs, Ray, Spark). Any other selection imports it as usual.
    Without ``--ecosystem`` a module marked ecosystem as a whole is not imported either: it
    imports Ray, Spark or LiteLLM, which only the test-heavy extra installs."""
    if collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    quick = (config.getoption("markexpr", "") or "").strip() == "not heavy"
    ecosystem = config.getoption("--ecosystem")
    if not quick and ecosystem:
        return None
    text = collection_path.read_text(encoding="utf-8")
    return bool((quick and _ALL_HEAVY.search(text))
                or (not ecosystem and _ALL_ECOSYSTEM.search(text))) or None


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
