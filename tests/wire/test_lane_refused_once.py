"""A read's run of lane texts stops at a text the stream recoverer does not show whole (a delta
ending in an opener's start, held): that text is pushed at once, not offered to the run step
again (issue 27, the proxy's CPU flat out). ``Holdback.feed_whole_many`` stops only where
``feed_whole`` refused the next delta (``tests/stream/test_whole_run_ends.py``), so asking
again would take none of it; the Chat rewriter's ``plain_read`` and the wire fixer's
``_lane_read`` rely on that (``Machine.push_plain``: the next one was not taken).

Counted: one step per run of shown texts, each refused text pushed once; beside each, the read
with no refused text (one step) and the bytes out those of the one-event-per-read stream."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest

from leakcall._sse import SSEDecoder
from leakcall.proxy import Repair, StreamRewriter
from leakcall.wire import StreamFixer

from .test_wire_lane import CLEAN, HELD_F, ROUTES, _fixer, _per_event, _stream


def _counted(obj: Any, name: str) -> list[tuple[int, int]]:
    """Wrap ``obj.name`` to count its calls: (how many texts each was offered, what it
    returned)."""
    calls: list[tuple[int, int]] = []
    inner = getattr(obj, name)

    def counting(*args: Any) -> Any:
        got = inner(*args)
        calls.append((len(args[0]) if args and isinstance(args[0], list) else 1, int(got)))
        return got

    setattr(obj, name, counting)
    return calls


# --- the Chat rewriter and the wire fixer: a refused text is pushed at once ----------------------


def _pushed_at_once(calls: list[tuple[int, int]]) -> bool:
    """After a run that stopped short, the next offer starts past the text it stopped at (that
    text was pushed), never at it."""
    return all(n2 == n1 - k1 - 1 for (n1, k1), (n2, _) in pairwise(calls)
               if 0 < k1 < n1)


def _chat_read(text: str) -> tuple[bytes, list[tuple[int, int]], bytes]:
    """``plain_read`` of a Chat stream's text events after its first two (role, first text),
    in one read: (the bytes out, the texts offered per ``push_plain`` call, the bytes the
    same stream gives read one event at a time)."""
    tools = ROUTES["chat"][1]["tools"]
    data = _stream("chat", {"text": text, "step": 4})
    events = [e + b"\n\n" for e in data.split(b"\n\n")[:-1]]
    head, body, rest = b"".join(events[:2]), b"".join(events[2:-2]), b"".join(events[-2:])

    def rewriter() -> StreamRewriter:
        return StreamRewriter(Repair(tools, "salt", True), "ignore", 10**6, lambda r: None)

    rw = rewriter()
    assert rw.run(SSEDecoder(10**7).feed(head)) == head
    assert rw._state is not None and rw._lane is not None
    calls = _counted(rw._state, "push_plain")
    out, end = rw.plain_read(body, 10**7)
    assert end == len(body)
    assert rw._state is not None
    rw._state.push_plain = type(rw._state).push_plain.__get__(rw._state)
    out += rw.run(SSEDecoder(10**7).feed(rest), end=True)

    slow, dec = rewriter(), SSEDecoder(10**7)
    want = b"".join(slow.run(dec.feed(e)) for e in events) + slow.run([], end=True)
    return head + out, calls, want


def test_the_chat_rewriter_pushes_a_held_text_once() -> None:
    out, calls, want = _chat_read(HELD_F)
    assert out == want
    # HELD_F's deltas end twice in an "f": each run stops short there, and the text after it
    # (which releases the "f") is refused alone; five offers, not seven
    assert sum(0 < k < n for n, k in calls) == 2, calls
    assert _pushed_at_once(calls) and len(calls) == 5, calls


def test_the_chat_rewriter_takes_a_clean_read_in_one_step() -> None:
    out, calls, want = _chat_read(CLEAN)
    assert out == want
    assert calls == [(calls[0][0], calls[0][0])], calls


def _wire_read(route: str, text: str) -> tuple[bytes, list[tuple[int, int]], bytes]:
    tools = ROUTES[route][1]["tools"]
    data = _stream(route, {"text": text, "step": 4})
    reads = _per_event(data)
    fixer: StreamFixer = _fixer(route, tools)
    pos = 0
    out = []
    while fixer._lane is None:  # the events up to the first text, one at a time
        size = reads.pop(0)
        out.append(fixer.feed(data[pos : pos + size]))
        pos += size
    calls = _counted(fixer, "_plain")
    out.append(fixer.feed(data[pos:]))
    out.append(fixer.close())
    slow = _fixer(route, tools)
    want, at = [], 0
    for size in _per_event(data):
        want.append(slow.feed(data[at : at + size]))
        at += size
    want.append(slow.close())
    return b"".join(out), calls, b"".join(want)


@pytest.mark.parametrize("route", ["responses", "messages"])
def test_the_wire_fixer_pushes_a_held_text_once(route: str) -> None:
    out, calls, want = _wire_read(route, HELD_F)
    assert out == want
    assert sum(0 < k < n for n, k in calls) == 2, calls
    assert _pushed_at_once(calls) and len(calls) == 5, calls


@pytest.mark.parametrize("route", ["responses", "messages"])
def test_the_wire_fixer_takes_a_clean_read_in_one_step(route: str) -> None:
    out, calls, want = _wire_read(route, CLEAN)
    assert out == want
    assert calls == [(calls[0][0], calls[0][0])], calls


def test_the_stream_bodies_are_json() -> None:
    """The harness's streams are what the replay server sends (every data line is JSON)."""
    for route in ROUTES:
        for line in _stream(route, {"text": HELD_F, "step": 4}).split(b"\n"):
            if line.startswith(b"data: {"):
                json.loads(line[6:])
