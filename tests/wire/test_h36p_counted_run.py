"""``Lane.read_many`` on a lane whose counter comes first (the Responses API's text deltas,
``sequence_number`` before ``delta``) splits a read's run of events at once and reads the plain
texts of the run together (``Lane._counted_run``, issue 27: the proxy's CPU flat out), instead of
finding and reading the events one by one.

Checked against the one-by-one reading (the same lane with the split turned off): random reads
of lane events (plain texts, escapes, non-ASCII, empty texts, bodies that are no JSON string,
invalid UTF-8), counters that skip, repeat or are written otherwise, other events between them,
a last event cut short, random starts and event bounds give the same texts, counter and ends
(as ``test_lane_split.py`` checks the no-counter lanes' split, Chat's and Messages')."""

from __future__ import annotations

import json
import random

from leakcall._sse import Lane


def _responses(text: str, n: int, item: str = "msg_1") -> bytes:
    data = json.dumps({"type": "response.output_text.delta", "sequence_number": n,
                       "item_id": item, "output_index": 0, "content_index": 0, "delta": text,
                       "logprobs": []}, ensure_ascii=False)
    return b"event: response.output_text.delta\ndata: " + data.encode() + b"\n\n"


def _lane() -> Lane:
    raw = _responses("first", 4)
    data = raw.rstrip(b"\n").rpartition(b"data: ")[2]
    lane = Lane.of(raw, data, "delta", "first", ("sequence_number", 4))
    assert lane is not None
    return lane


def _one_by_one(lane: Lane) -> Lane:
    slow = Lane(lane._head, lane._mid, lane._tail, True, lane._count_first)
    slow._csep = None
    return slow


TEXTS = ["a", "the", " tests/", 'say "hi"', "back\\slash", "line\nend", "tab\t", "caf\u00e9 \u2713",
         "\U0001f600", "", "}", '"}]}', "data: x", "7"]


def _event(rng: random.Random, n: int) -> tuple[bytes, int]:
    """An event and the next counter."""
    roll = rng.random()
    if roll < 0.75:
        return _responses(rng.choice(TEXTS), n), n + 1
    if roll < 0.80:  # the lane's bytes around a body that is no JSON string
        good = _responses("X", n)
        bad = rng.choice([b'a"b', b"a\\", b"\xff\xfe", b"a\\q", b"a\tb"])
        return good.replace(b'"X"', b'"' + bad + b'"', 1), n + 1
    if roll < 0.85:  # a counter that skips, repeats, or is written another way
        m = rng.choice([n + 2, n - 1, n])
        ev = _responses("c", m)
        if rng.random() < 0.3:
            ev = ev.replace(b'"sequence_number": %d' % m, b'"sequence_number": 0%d' % m, 1)
        return ev, m + 1
    if roll < 0.89:
        return _responses("other", n, item="msg_2"), n + 1  # another shape
    if roll < 0.93:
        return b": comment\n\n", n
    if roll < 0.96:
        return b'event: response.output_text.done\ndata: {"type": "x"}\n\n', n + 1
    return _responses("x" * rng.randrange(50, 400), n), n + 1


def test_the_split_reads_what_the_one_by_one_reading_reads() -> None:
    lane = _lane()
    assert lane._csep is not None  # the split is taken for this lane
    slow = _one_by_one(lane)
    rng = random.Random(3141)
    for _ in range(3000):
        n = rng.choice([0, 5, 9, 99, 10**18 - 3])
        events: list[bytes] = []
        for _ in range(rng.randrange(0, 12)):
            ev, n = _event(rng, n)
            events.append(ev)
        data = b"".join(events)
        if rng.random() < 0.3 and events:  # the last event cut short
            data = data[: len(data) - rng.randrange(1, len(events[-1]) + 1)]
        starts = [0]
        for ev in events[:-1]:
            starts.append(starts[-1] + len(ev))
        start = rng.choice(starts) if rng.random() < 0.3 else 0
        max_event = rng.choice([1 << 20, 200, 260, len(_responses("x", 10)) + 3])
        assert lane.read_many(data, max_event, start) == slow.read_many(data, max_event, start), \
            (data, max_event, start)


def test_a_run_is_read_whole_and_stops_where_the_counter_skips() -> None:
    lane = _lane()
    evs = [_responses("a", 5), _responses("b\u00e9", 6), _responses("c", 7), _responses("d", 9),
           _responses("e", 10)]
    data = b"".join(evs)
    texts, counter, ends = lane.read_many(data, 1 << 20)
    assert (texts, counter) == (["a", "b\u00e9", "c"], 5)
    assert ends == [len(b"".join(evs[:k])) for k in (1, 2, 3)]
    assert (texts, counter, ends) == _one_by_one(lane).read_many(data, 1 << 20)


def test_an_escaped_text_in_the_run_is_read_as_json_reads_it() -> None:
    lane = _lane()
    data = _responses("a", 1) + _responses('q"\n', 2) + _responses("z", 3) + b"data: [DONE]\n\n"
    assert lane.read_many(data, 1 << 20)[:2] == (["a", 'q"\n', "z"], 1)
