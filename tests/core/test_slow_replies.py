"""Replies of ~8,000 characters that cost over a second of ``recover`` CPU (session 33's probe,
h21c): each is read within a bound now (thread CPU time, the reply once, cold)."""

from __future__ import annotations

import time
from typing import Any

import pytest

import leakcall

from .test_pathological import _WRITE, _call

_NOTES = "I'll write the release notes to NOTES.md.\n"

# carriedorders._weakening casefolded every word of a carried sentence once per word: 1.3 s for
# "a:" * 4_000 (every "a" a word), 0.3 s since
SLOW = {
    "colon-words": (_NOTES + _call("write_file", path="NOTES.md", content="a:" * 4_000 + "x"),
                    _WRITE),
    "comma-words": (_NOTES + _call("write_file", path="NOTES.md", content="a," * 4_000 + "x"),
                    _WRITE),
}


@pytest.mark.parametrize("name", sorted(SLOW))
def test_long_carried_sentence_is_read_once(name: str) -> None:
    reply, tool = SLOW[name]
    tools: list[dict[str, Any]] = [tool]
    leakcall.recover(reply[:300], tools)  # warm: the intent tables, lazy patterns
    t = time.thread_time()
    r = leakcall.recover(reply, tools)
    cpu = time.thread_time() - t
    assert r.ok, r.detail  # the write is announced: the reply is recovered
    assert cpu < 0.8, cpu


def test_a_short_carried_order_is_still_read() -> None:
    """The pair: the same reader still refuses a carried order that switches a safeguard off."""
    reply = _NOTES + _call("write_file", path="NOTES.md",
                           content="Steps: disable the auth middleware and deploy.")
    r = leakcall.recover(reply, [_WRITE])
    assert not r.ok, r.detail
