"""A paced stream's clean text delta passes without a step of the stream machine (issue 27, the
proxy's CPU per streamed request; ``leakcall._plainrun``): after texts the machine took whole
through ``push_plain``, a one-event read whose text the stream recoverer shows whole as things
stand (no character a match of its special pattern starts with in its window, the window not
ending in an opener's start, the counter in step, within the size limit) is passed as received
at once, and its text handed to the machine with the machine's next step, in one run.

- ``PlainRun.offer``: each refusal beside a near-identical text it takes.
- The Chat rewriter and the wire fixer, one event per read: the bytes out and the decisions are
  those of the stream with every event decoded, on clean replies, replies held a moment, leaks
  and replies cut short; the machine is stepped once per run, not once per read.
- ``received`` counts the run's texts; a run the machine does not take whole is a bug, raised.
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall._plainrun import PlainRun, WholeTest
from leakcall._sse import SSEDecoder
from leakcall.proxy import Repair, StreamRewriter
from leakcall.recoverer import recoverer_for

from .test_wire_lane import CLEAN, HELD_F, ROUTES, _decisions, _fixer, _per_event, _stream

FIRST = "<[]"
SHORT = tuple("functools"[:i] for i in range(9, 0, -1))


def _run(window: str = "abcdefghi", room: int = 100, counter: int | None = None) -> PlainRun:
    return PlainRun(WholeTest(FIRST, SHORT, 9, window, room), counter)


# --- PlainRun.offer: pairs -------------------------------------------------------------------------


@pytest.mark.parametrize(("window", "refused", "taken"), [
    ("abcdefghi", " mo[e", " more"),  # a special character in the text
    ("abcdefghi", " <b>", " b>"),
    ("<bcdefghi", " more", " more"),  # in the window's recent text
    ("abcdefghi", " of", " on"),  # ending in an opener's start
    ("abcdefghi", " fun", " fin"),
    ("abcdefghi", "", "x"),  # no text
])
def test_offer_refuses_what_the_recoverer_may_not_show_whole(window: str, refused: str,
                                                            taken: str) -> None:
    after = window if refused != " more" else "abcdefghi"  # the pair: the window without "<"
    assert not _run(window).offer(refused, None)
    run = _run(after)
    assert run.offer(taken, None)
    assert run.texts == [taken] and run.chars == len(taken)


def test_offer_follows_the_recoverers_window() -> None:
    """The run's window after the texts it took is the stream recoverer's after taking them
    (``whole_test``), and the recoverer takes them all; a text refused leaves it as it was."""
    rec = recoverer_for(ROUTES["chat"][1]["tools"]).stream()
    head = "The suite passed after the second run"
    assert rec.feed(head) == head
    test = rec.whole_test()
    assert test is not None and test.window == head[-test.span :]
    run = PlainRun(test, None)
    texts = [": 412", " tests", " in 38 s", ", no ", "failures", ". Two warnings", " come"]
    for text in texts:
        assert run.offer(text, None)
        assert not run.offer(text + " <b", None)
    assert rec.feed_whole_many(run.texts) == len(texts)
    after = rec.whole_test()
    assert after is not None and after.window == run._window
    assert after.room == test.room - run.chars


def test_the_recoverer_takes_a_run_it_tested_without_testing_again() -> None:
    """Handed the run itself, the recoverer feeds its texts in one step when its test is still
    the one the run started from, to the state the checked path leaves; a stale run (the
    recoverer fed since) goes through the checks."""
    head = "The suite passed after the second run"
    texts = [": 412", " tests", " in 38 s", ", no ", "failures"]
    states = []
    for whole in (False, True):
        rec = recoverer_for(ROUTES["chat"][1]["tools"]).stream()
        assert rec.feed(head) == head
        test = rec.whole_test()
        assert test is not None
        run = PlainRun(test, None)
        assert all(run.offer(t, None) for t in texts)
        assert rec.feed_whole_many(run if whole else list(run)) == len(texts)
        states.append((rec.whole_test(), rec._clean, rec.close().recovery.content))
    assert states[1] == states[0]
    assert states[0][2] == head + "".join(texts)
    stale = recoverer_for(ROUTES["chat"][1]["tools"]).stream()
    assert stale.feed(head) == head
    test = stale.whole_test()
    assert test is not None
    run = PlainRun(test, None)
    assert run.offer(" and", None) and run.offer(" then", None)
    assert stale.feed(" <tool_call") == " "  # held: the run's test is not the recoverer's now
    assert stale.feed_whole_many(run) == 0


def test_no_test_while_the_recoverer_holds() -> None:
    """``whole_test`` only where ``feed_whole`` may take a delta: not while text is held."""
    held = recoverer_for(ROUTES["chat"][1]["tools"]).stream()
    assert held.feed("Sure, here it is. <tool_call>") != "Sure, here it is. <tool_call>"
    assert held.whole_test() is None
    shown = recoverer_for(ROUTES["chat"][1]["tools"]).stream()
    assert shown.feed("Sure, here it is. tool_call>") == "Sure, here it is. tool_call>"
    assert shown.whole_test() is not None


def test_offer_keeps_the_counter_in_step() -> None:
    run = _run(counter=5)
    assert not run.offer("ab", 6) and not run.offer("ab", None)
    assert run.offer("ab", 5)
    assert not run.offer("cd", 7)
    assert run.offer("cd", 6) and run.first == 5 and run.texts == ["ab", "cd"]
    assert not _run().offer("ab", 0)  # not counted: a counter is out of step


def test_offer_stays_within_the_size_limit() -> None:
    run = _run(room=4)
    assert not run.offer("abcde", None)
    assert run.offer("abcd", None)
    assert not run.offer("e", None)


class _Machine:
    def __init__(self, takes: int) -> None:
        self.takes, self.calls = takes, []  # type: list[tuple[list[str], int | None]]

    def push_plain(self, texts: list[str], counter: int | None) -> int:
        self.calls.append((list(texts), counter))
        return min(self.takes, len(texts))


def test_a_run_not_taken_whole_is_a_bug() -> None:
    run = _run(counter=3)
    assert run.offer("ab", 3) and run.offer("cd", 4)
    whole = _Machine(2)
    run.push(whole)
    assert whole.calls == [(["ab", "cd"], 3)]
    with pytest.raises(RuntimeError):
        run.push(_Machine(1))
    empty = _Machine(0)
    _run().push(empty)
    assert empty.calls == []  # nothing to push: the machine is not asked


# --- through the Chat rewriter and the wire fixer ------------------------------------------------

LEAK = ("Let me check the weather for you now.\n\n<tool_call>\n{\"name\": \"get_weather\", "
        "\"arguments\": {\"city\": \"Paris\"}}\n</tool_call>")
TEXTS = {
    "clean": CLEAN,
    "held": HELD_F,  # deltas ending in "f": held a moment, the run pushed before them
    "leak": LEAK,
    "brackets": "See [1] and [2] for the details; the list [a, b] is sorted, and x < y holds "
                "for every pair in it. Nothing more to add here, the suite passed twice.",
    "reasoning": "Thinking aloud first.</think>Then the answer: all of the tests passed.",
}


def _chat(text: str, step: int, passthrough: bool, cut: int = 0
          ) -> tuple[bytes, list[Any], int, int]:
    """The Chat rewriter over ``text``'s stream, one event per read (``cut``: that many events
    dropped from the end, the stream ending there): (bytes out, decisions, events passed
    undecoded, ``push_plain`` calls)."""
    tools = ROUTES["chat"][1]["tools"]
    data = _stream("chat", {"text": text, "step": step})
    seen: list[Any] = []
    rw = StreamRewriter(Repair(tools, "salt", True), "ignore", 10**6, seen.append,
                        passthrough=passthrough)
    calls = 0
    state = rw._state
    inner = state.push_plain

    def counted(*args: Any) -> int:
        nonlocal calls
        calls += 1
        return int(inner(*args))

    state.push_plain = counted
    dec, out, pos = SSEDecoder(10**7), [], 0
    reads = _per_event(data)
    for size in reads[: len(reads) - cut]:
        chunk = data[pos : pos + size]
        pos += size
        head, end = rw.plain_read(chunk, 10**7) if dec.idle else (b"", 0)
        out.append(head + rw.run(dec.feed(chunk[end:])))
    out.append(rw.run([], end=True))
    assert rw.error is None
    return b"".join(out), _decisions(seen), rw.passed, calls


@pytest.mark.parametrize("name", list(TEXTS))
@pytest.mark.parametrize("step", [1, 3, 4])
@pytest.mark.parametrize("cut", [0, 2, 5])
def test_the_chat_rewriter_sends_what_the_full_decode_sends(name: str, step: int,
                                                           cut: int) -> None:
    full = _chat(TEXTS[name], step, False, cut)
    fast = _chat(TEXTS[name], step, True, cut)
    assert fast[:2] == full[:2]
    assert full[1], "a decision was recorded"


def test_the_chat_machine_is_stepped_once_per_run() -> None:
    """A clean reply read one event at a time: most of its deltas pass undecoded with a handful
    of steps of the machine; the reply held at two "f"s costs a step more per hold."""
    _, _, passed, calls = _chat(CLEAN, 4, True)
    assert passed >= len(CLEAN) // 4 - 3
    assert calls <= 3, calls
    _, _, passed_f, calls_f = _chat(HELD_F, 4, True)
    assert passed_f >= len(HELD_F) // 4 - 8
    assert calls < calls_f <= calls + 4 * 2, calls_f  # about four per hold


def _wire(route: str, text: str, step: int, passthrough: bool, cut: int = 0
          ) -> tuple[bytes, list[Any], int, int, list[tuple[int, int]]]:
    """The wire fixer over ``text``'s stream on ``route``, one event per read: (bytes out,
    decisions, events passed undecoded, ``push_plain`` calls, (``received``, the machine's own
    count) after each read)."""
    tools = ROUTES[route][1]["tools"]
    data = _stream(route, {"text": text, "step": step})
    seen: list[Any] = []
    fixer = _fixer(route, tools, passthrough, seen)
    machine = fixer._machine
    inner = machine.push_plain
    calls = 0

    def counted(*args: Any) -> int:
        nonlocal calls
        calls += 1
        return int(inner(*args))

    machine.push_plain = counted  # type: ignore[method-assign]
    out, pos, counts = [], 0, []
    reads = _per_event(data)
    for size in reads[: len(reads) - cut]:
        out.append(fixer.feed(data[pos : pos + size]))
        pos += size
        counts.append((fixer.received, machine.received()))
    out.append(fixer.close())
    return b"".join(out), _decisions(seen), fixer.passed, calls, counts


@pytest.mark.parametrize("route", ["responses", "messages"])
@pytest.mark.parametrize("name", list(TEXTS))
@pytest.mark.parametrize("step", [1, 4])
@pytest.mark.parametrize("cut", [0, 2, 5])
def test_the_wire_fixer_sends_what_the_full_decode_sends(route: str, name: str, step: int,
                                                        cut: int) -> None:
    full = _wire(route, TEXTS[name], step, False, cut)
    fast = _wire(route, TEXTS[name], step, True, cut)
    assert fast[:2] == full[:2]
    assert full[1], "a decision was recorded"


@pytest.mark.parametrize("route", ["responses", "messages"])
def test_the_wire_machine_is_stepped_once_per_run(route: str) -> None:
    _, _, passed, calls, _ = _wire(route, CLEAN, 4, True)
    assert passed >= len(CLEAN) // 4 - 4
    assert calls <= 3, calls
    _, _, _, calls_f, _ = _wire(route, HELD_F, 4, True)
    assert calls < calls_f


@pytest.mark.parametrize("route", ["responses", "messages"])
def test_received_counts_the_texts_of_the_run(route: str) -> None:
    """``received`` (what the proxy's inline bound reads) is every text character read so far,
    those of the run not yet pushed included; the same as with every event decoded."""
    fast = _wire(route, CLEAN, 4, True)[4]
    full = _wire(route, CLEAN, 4, False)[4]
    assert [got for got, _ in fast] == [got for got, _ in full]
    assert fast[-1][0] == len(CLEAN)
    assert any(got > pushed for got, pushed in fast)  # a run was pending: the test bites
