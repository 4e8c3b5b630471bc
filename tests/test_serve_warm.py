"""``leakcall serve`` builds the intent tables before it answers: the first request of a process
costs what the others do (issue 27)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from leakcall.intent import grounding, preamble, screens, words
from leakcall.serve import create_app


def test_startup_builds_the_intent_tables_before_the_first_request() -> None:
    for cached in (screens.lexicon, words.tongues, preamble.grammar, grounding._kind_table):
        cached.cache_clear()
    app = create_app("http://127.0.0.1:9")
    with TestClient(app):
        built = [f.cache_info().currsize for f in (screens.lexicon, words.tongues,
                                                    preamble.grammar, grounding._kind_table)]
    assert built == [1, 1, 1, 1]
