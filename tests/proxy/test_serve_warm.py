"""``leakcall serve`` builds, before it answers, everything a first request would build: the
intent tables and every regex of the cue lexicon, every family's parser and parse tables, the
tool validators of a sample request (issue 27)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from leakcall import all_families, parse
from leakcall.intent import kinds, preamble, screens, tables, words
from leakcall.recoverer import recoverer_cache
from leakcall.serve import create_app
from leakcall.validate import compiled_cache

_BUILT = (tables.shipped, screens.lexicon, words.tongues, preamble.grammar, kinds._kind_table)


def _faster_left() -> list[str]:
    """The families whose parse tables still hold a state not yet given its faster patterns."""
    return [f.name for f in all_families()
            if (t := parse.tables(f)) is not None
            and any(isinstance(step[0], parse.Faster) for step in t.steps.values())]


@pytest.mark.heavy
def test_startup_builds_everything_a_first_request_would() -> None:
    for cached in (*_BUILT, parse.tables, parse._probe_tables):
        cached.cache_clear()
    compiled_cache().clear()
    recoverer_cache().clear()
    try:
        # what a process holds before: tables read, nothing compiled, no family's tables built
        assert not any(p.is_compiled for p in tables.patterns(screens.lexicon()))
        screens.lexicon.cache_clear()
        tables.shipped.cache_clear()
        app = create_app("http://127.0.0.1:9")
        with TestClient(app):
            built = [f.cache_info().currsize for f in _BUILT]
            lex = screens.lexicon()
            families_built = parse.tables.cache_info().currsize
            schemas = len(compiled_cache())
        assert built == [1] * len(_BUILT)
        assert all(p.is_compiled for p in tables.patterns(lex))
        assert families_built == len(all_families())
        assert _faster_left() == []
        for f in all_families():  # what the stream asks of a reply starting "[" or "{"
            probe = parse._probe_tables(f) if f.anchored_opens else None
            assert probe is None or set(probe.partials) == set(probe.terminals), f.name
        assert schemas >= 2  # the sample request's two tool schemas
        assert len(recoverer_cache()) == 1
    finally:
        screens.lexicon.cache_clear()
        tables.shipped.cache_clear()
