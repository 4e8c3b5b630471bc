"""``Lane.read_many`` on a lane with no counter (Chat's and Messages' text deltas) splits a read's
run of events at once, at each event's tail and the next one's head, instead of finding and
reading them one by one (issue 27, the proxy's CPU flat out: a read holds a stream's events).

Checked against the one-by-one reading (the same lane with the split turned off): random reads
of lane events (plain texts, escapes, non-ASCII, empty texts, bodies that are no JSON string,
invalid UTF-8), other events between them, a last event cut short, random starts and event
bounds give the same texts, counter and ends. The split is taken for LF-framed lanes, and not
for a tail whose blank line is not its end (CRLF framing), where the one-by-one reading's
``\\n\\n`` search is what frames the events."""

from __future__ import annotations

import json
import random

import pytest

from leakcall._sse import Lane


def _chat(text: str, rid: str = "chatcmpl-1") -> bytes:
    data = json.dumps({"id": rid, "object": "chat.completion.chunk", "choices": [
        {"index": 0, "delta": {"content": text}, "finish_reason": None}]})
    return b"data: " + data.encode() + b"\n\n"


def _messages(text: str) -> bytes:
    data = json.dumps({"type": "content_block_delta", "index": 0,
                       "delta": {"type": "text_delta", "text": text}}, ensure_ascii=False)
    return b"event: content_block_delta\ndata: " + data.encode() + b"\n\n"


def _lane(make: object, key: str) -> Lane:
    raw = make("first")  # type: ignore[operator]
    data = raw.rstrip(b"\n").rpartition(b"data: ")[2]
    lane = Lane.of(raw, data, key, "first")
    assert lane is not None
    return lane


def _one_by_one(lane: Lane) -> Lane:
    slow = Lane(lane._head, lane._mid, lane._tail, False, False)
    slow._sep = None
    return slow


TEXTS = ["a", "the", " tests/", 'say "hi"', "back\\slash", "line\nend", "tab\t", "caf\u00e9 \u2713",
         "\U0001f600", "", "}", '"}]}', "data: x"]


def _event(rng: random.Random, make: object) -> bytes:
    roll = rng.random()
    if roll < 0.72:
        return make(rng.choice(TEXTS))  # type: ignore[no-any-return,operator]
    if roll < 0.78:  # the lane's bytes around a body that is no JSON string
        good = make("X")  # type: ignore[operator]
        bad = rng.choice([b'a"b', b"a\\", b"\xff\xfe", b"a\\q", b"a\tb"])
        return bytes(good.replace(b"X", bad, 1))
    if roll < 0.84:
        return _chat("other", rid="chatcmpl-2")  # another shape (another id)
    if roll < 0.88:
        return b": comment\n\n"
    if roll < 0.92:
        return b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'
    if roll < 0.96:
        return b"data: [DONE]\n\n"
    return make("x" * rng.randrange(50, 400))  # type: ignore[no-any-return,operator]


@pytest.mark.parametrize(("make", "key"), [(_chat, "content"), (_messages, "text")])
def test_the_split_reads_what_the_one_by_one_reading_reads(make: object, key: str) -> None:
    lane = _lane(make, key)
    assert lane._sep is not None  # the split is taken for this lane
    slow = _one_by_one(lane)
    rng = random.Random(2718)
    for _ in range(3000):
        events = [_event(rng, make) for _ in range(rng.randrange(0, 12))]
        data = b"".join(events)
        if rng.random() < 0.3 and events:  # the last event cut short
            data = data[: len(data) - rng.randrange(1, len(events[-1]) + 1)]
        starts = [0]
        for ev in events[:-1]:
            starts.append(starts[-1] + len(ev))
        start = rng.choice(starts) if rng.random() < 0.3 else 0
        max_event = rng.choice([1 << 20, 120, 200, len(make("x")) + 3])  # type: ignore[operator]
        assert lane.read_many(data, max_event, start) == slow.read_many(data, max_event, start), \
            (data, max_event, start)


def test_a_run_of_deltas_is_read_whole_and_stops_at_another_event() -> None:
    lane = _lane(_chat, "content")
    data = _chat("a") + _chat('b"') + _chat("\u00e9") + _chat("other", rid="x") + _chat("d")
    texts, counter, ends = lane.read_many(data, 1 << 20)
    assert (texts, counter) == (["a", 'b"', "\u00e9"], None)
    assert ends == [len(_chat("a")), len(_chat("a") + _chat('b"')),
                    len(_chat("a") + _chat('b"') + _chat("\u00e9"))]


def test_a_crlf_tail_is_not_split() -> None:
    lf = _lane(_chat, "content")
    lane = Lane(lf._head, b"", lf._tail[:-2] + b"\r\n\r\n", False, False)
    assert lane._sep is None
    data = (lf._head + b"a" + lane._tail) * 3
    assert lane.read_many(data, 1 << 20) == ([], None, [])
