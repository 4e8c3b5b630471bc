"""SSE passthrough never changes what the proxy sends: a differential test over the corpus.

The proxy's stream rewriter passes a plain content event as received, without decoding it, when
the stream recoverer would show its text whole (``StreamRewriter(passthrough=True)``, the
default). Here every corpus case of every family is streamed as Chat Completions SSE, cut at every
character (1-character deltas) and at seeded random points, with its openers raw, ``\\u``-escaped
(``ensure_ascii``), HTML-safe escaped (``<`` as ``\\u003c``, as Go servers write it) or fully
escaped, in batches of events as the proxy reads them: the bytes sent and the decisions must be
those of the full decode (``passthrough=False``), event for event. The lane must also be taken
(else the test proves nothing).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest

from leakcall import _transport
from leakcall._sse import LaneSource, SSEDecoder, encode_like
from leakcall._transport import StreamFixer, _sse
from leakcall.anthropic import MessagesStreamRepair
from leakcall.corpus import Case
from leakcall.openai.chat import ChatStreamRepair
from leakcall.openai.responses import ResponsesStreamRepair
from leakcall.proxy import Repair, StreamRewriter, rewriter
from leakcall.proxy.limits import INLINE_REPLY_CHARS
from leakcall.wire import job_for
from tests.conftest import CASES
from tests.wire_replay import messages_events, responses_events

FAMILIES = sorted({c.family for c in CASES})


def _plain(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def _ascii(s: str) -> str:
    return json.dumps(s)


def _html_safe(s: str) -> str:
    return json.dumps(s).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _all_escaped(s: str) -> str:
    return '"' + "".join(f"\\u{ord(c):04x}" if ord(c) < 0x10000 else json.dumps(c)[1:-1]
                         for c in s) + '"'


ENCODINGS: dict[str, Callable[[str], str]] = {
    "raw": _plain, "ascii": _ascii, "html-safe": _html_safe, "all-escaped": _all_escaped}


def _event(delta: dict[str, Any], enc: Callable[[str], str], finish: str | None = None) -> bytes:
    fields = ",".join(f'"{k}":{enc(v) if isinstance(v, str) else json.dumps(v)}'
                      for k, v in delta.items())
    return (b'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m",'
            b'"choices":[{"index":0,"delta":{' + fields.encode("utf-8", "surrogatepass")
            + b'},"logprobs":null,"finish_reason":' + json.dumps(finish).encode() + b"}]}\n\n")


def _stream(text: str, cuts: list[int], enc: Callable[[str], str]) -> bytes:
    bounds = [0, *cuts, len(text)]
    events = [_event({"role": "assistant", "content": ""}, enc)]
    events += [_event({"content": text[a:b]}, enc) for a, b in pairwise(bounds)
               if b > a]
    events += [_event({}, enc, "stop"), b"data: [DONE]\n\n"]
    return b"".join(events)


def _run(case: Case, stream: bytes, batches: list[int], passthrough: bool, *,
         reasoning: str = "ignore", max_held: int = 10**6) -> tuple[bytes, list[Any], int]:
    """The bytes the rewriter sends for ``stream`` (fed in ``batches`` of bytes), its decisions
    and how many events passed undecoded."""
    seen: list[Any] = []
    rw = StreamRewriter(Repair(case.tools, "salt", True), reasoning,  # type: ignore[arg-type]
                        max_held, seen.append, passthrough=passthrough)
    dec = SSEDecoder(10**7)
    out, pos = [], 0
    for size in batches:
        chunk = stream[pos : pos + size]
        pos += size
        head, end = rw.plain_read(chunk, 10**7) if dec.idle else (b"", 0)  # as the proxy does
        out.append(head + (rw.run(dec.feed(chunk[end:])) if end < len(chunk) else b""))
    out.append(rw.run(dec.feed(stream[pos:]), end=True))
    decisions = [(r.reason, r.rule, r.family, r.detail, r.content, r.span,
                  [(c.id, c.name, c.arguments) for c in r.calls]) for r in seen]
    return b"".join(out), decisions, rw.passed


def _batches(rng: random.Random, size: int, stream: bytes = b"") -> list[int]:
    """Random reads, or (half the time) one event per read, as a paced upstream sends them."""
    if stream and rng.random() < 0.5:
        return [len(ev) + 2 for ev in stream.split(b"\n\n")[:-1]]
    out: list[int] = []
    while sum(out) < size:
        out.append(rng.randint(1, 400))
    return out


def _check(case: Case, cuts: list[int], enc: str, rng: random.Random, **kw: Any) -> int:
    stream = _stream(case.text, cuts, ENCODINGS[enc])
    batches = _batches(rng, len(stream), stream)
    full, want, none = _run(case, stream, batches, False, **kw)
    fast, got, passed = _run(case, stream, batches, True, **kw)
    assert none == 0
    assert (fast, got) == (full, want), f"{case.id} ({enc}, cuts {cuts[:8]}...)"
    return passed


@pytest.mark.heavy
@pytest.mark.parametrize("family", FAMILIES)
def test_passthrough_sends_what_the_full_decode_sends(family: str, exhaustive: bool) -> None:
    """Every case of the family: cut at every character (every third case; each under
    ``--exhaustive``) and at random points; the encoding rotates over the cases (raw, ascii,
    html-safe, all-escaped)."""
    rng = random.Random(family)
    passed = 0
    for i, case in enumerate(c for c in CASES if c.family == family):
        text = case.text
        if exhaustive or i % 3 == 0:
            passed += _check(case, list(range(1, len(text))), list(ENCODINGS)[i % 4], rng)
        cuts = sorted(rng.sample(range(1, len(text)), min(len(text) - 1, len(text) // 6)))
        passed += _check(case, cuts, list(ENCODINGS)[(i + 1) % len(ENCODINGS)], rng)
    assert passed > 0  # the lane is taken on this family's replies


@pytest.mark.exhaustive
@pytest.mark.parametrize("family", FAMILIES)
def test_passthrough_every_encoding_size_and_mode(family: str) -> None:
    rng = random.Random(family + "heavy")
    for case in (c for c in CASES if c.family == family):
        for enc in ENCODINGS:
            for size in (1, 2, 3, 5, 8):
                cuts = list(range(size, len(case.text), size))
                for reasoning in ("ignore", "recover"):
                    _check(case, cuts, enc, rng, reasoning=reasoning)
                _check(case, cuts, enc, rng, max_held=24)


def test_escaped_opener_is_decoded_and_repaired() -> None:
    """An opener written as ``\\u003c`` in a later event is not passed: the call is recovered."""
    case = next(c for c in CASES if c.family == "hermes" and c.id.endswith("preamble")
                and "<tool_call>" in c.text)
    cut = case.text.index("<tool_call>")
    cuts = list(range(1, cut)) + list(range(cut, len(case.text), 4))
    stream = _stream(case.text, cuts, _html_safe)
    out, decisions, passed = _run(case, stream, [len(stream)], True)
    assert passed > 0 and decisions[0][0] == "ok"
    assert b'"tool_calls"' in out and b"\\u003ctool_call" not in out


def test_other_chunk_shapes_are_decoded() -> None:
    """A chunk that differs from the lane's in anything but its content (here a finish reason, a
    second choice, a reasoning field) is decoded, never passed."""
    case = next(c for c in CASES if c.family == "hermes")
    text = "Plain prose, no markup at all, long enough for a lane. " * 3
    head = _stream(text, list(range(4, len(text), 4)), _plain).rsplit(b"data: {", 2)[0]
    odd = [
        b'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m",'
        b'"choices":[{"index":0,"delta":{"content":"x"},"logprobs":null,"finish_reason":"stop"}]}\n\n',
        b'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m",'
        b'"choices":[{"index":0,"delta":{"content":"x","reasoning_content":"y"},"logprobs":null,'
        b'"finish_reason":null}]}\n\n',
    ]
    for tail in odd:
        stream = head + tail + b"data: [DONE]\n\n"
        full, want, _ = _run(case, stream, [len(stream)], False)
        fast, got, _ = _run(case, stream, [len(stream)], True)
        assert (fast, got) == (full, want)


def test_held_text_in_a_lane_event_is_not_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lane event whose text is held or released (prose ending in ``f``, a prefix of the
    ``functools[`` opener) is pushed as the lane's chunk with its text, not decoded, and in
    short (``ChatStreamRepair.push_lane``): only the events before the lane and the finish are
    decoded and pushed whole. The bytes are the full decode's."""
    case = next(c for c in CASES if c.family == "hermes")
    text = "The fixture in tests/conf is half-baked, and so is the serif font of the page."
    cuts = list(range(4, len(text), 4))
    assert sum(text[a - 4 : a].endswith("f") for a in cuts) >= 2
    stream = _stream(text, cuts, _plain)
    decoded: list[bytes] = []
    read = rewriter.read_chunk

    def counted(data: bytes) -> Any:
        decoded.append(data)
        return read(data)

    pushed: list[int] = []  # chunks pushed whole: the held deltas go in short (``push_lane``)
    push = ChatStreamRepair.push

    def whole(self: Any, event: Any) -> list[Any]:
        pushed.append(1)
        return push(self, event)

    monkeypatch.setattr(rewriter, "read_chunk", counted)
    monkeypatch.setattr(ChatStreamRepair, "push", whole)
    for batches in ([len(ev) + 2 for ev in stream.split(b"\n\n")[:-1]], [len(stream)]):
        decoded.clear()
        pushed.clear()
        fast, got, passed = _run(case, stream, batches, True)
        assert len(decoded) == 3  # the role chunk, the first text (the lane's source), the finish
        assert len(pushed) == 3  # those three only: a held or released delta is pushed in short
        assert passed > 0
        full, want, _ = _run(case, stream, batches, False)
        assert (fast, got) == (full, want)
        assert fast != stream  # held text was released re-encoded, not passed as received


def test_the_lane_frame_is_used_only_when_exact() -> None:
    """A held lane event is encoded in its lane's frame (``encode_like``'s bytes: the other
    fields of the event kept) only when its chunk is the lane's source but the text, and that
    text is encodable as UTF-8; otherwise through ``encode_like``."""
    case = next(c for c in CASES if c.family == "hermes")
    role = b'data: {"id":"c","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}\n\n'
    first = (b'id: 7\nevent: chunk\ndata: {"id":"c","choices":[{"index":0,"delta":'
             b'{"content":"caf\\u00e9 "},"finish_reason":null}]}\n\n')
    rw = StreamRewriter(Repair(case.tools, "salt", True), "ignore", 10**6, lambda r: None)
    events = SSEDecoder(10**7).feed(role + first)
    assert rw.run(events) == role + first
    assert rw._lane is not None and rw._lane_src is not None
    src = rw._lane_src
    ev = SSEDecoder(10**7).feed(first)[0]
    assert src.with_text("café ") == json.loads(ev.data or b"")
    _with_text = src.with_text
    for text in ("x", "ünïcode ✓", 'quote " and \\ backslash', "\n\t"):
        outs = [_with_text(text)]
        assert rw._framed(outs) == encode_like(ev, outs)
    other = _with_text("x")
    other["choices"][0]["delta"]["reasoning_content"] = "y"
    assert rw._framed([other]) is None
    assert rw._framed([_with_text("x"), _with_text("y")]) is None
    assert rw._framed([_with_text("\ud800")]) is None  # encode_like escapes it all


def test_a_held_lane_event_of_a_long_reply_is_left_to_run() -> None:
    """``plain_read`` pushes a held lane event itself only while the batch is light (a short
    reply so far): past ``INLINE_REPLY_CHARS`` it stops there, and the proxy hands the rest of
    the read to ``run`` (in a worker thread), as for any event it does not pass."""
    case = next(c for c in CASES if c.family == "hermes")
    for prose in ("short ", "x" * (INLINE_REPLY_CHARS // 40) + " "):
        rw = StreamRewriter(Repair(case.tools, "salt", True), "ignore", 10**6, lambda r: None)
        head = _stream(prose * 50, list(range(50, len(prose) * 50, 50)), _plain)
        head = head[: head.rindex(b"data: {")]  # no finish
        dec = SSEDecoder(10**7)
        assert rw.run(dec.feed(head)) == head and dec.idle and rw._lane is not None
        held = _event({"content": "of"}, _plain)
        out, end = rw.plain_read(held, 10**7)
        if len(prose) * 50 <= INLINE_REPLY_CHARS:
            assert (out, end) == (_event({"content": "o"}, _plain), len(held))  # "f" held
        else:
            assert (out, end) == (b"", 0)


# --- Responses and Messages: the transports' stream fixer ------------------------------------------
#
# Their held text deltas are not decoded either: an event of the lane's shape whose text the
# repair holds or releases is pushed as the lane's source event with its text and counter
# (``LaneSource.with_text``, the Responses ``sequence_number`` the lane read), and what the repair
# sends for it (the same event with the text it shows) is written in the source's frame
# (``LaneSource.encode``). The bytes and decisions are those of the full decode.

WIRE_ROUTES = ("responses", "messages")


def _wire_stream(route: str, text: str, cuts: list[int], ascii_: bool) -> bytes:
    """The route's SSE body for ``text`` cut at ``cuts`` (JSON escaped as ``json.dumps`` does,
    or compact and raw)."""
    make = responses_events if route == "responses" else messages_events
    dumps = json.dumps if ascii_ else (
        lambda ev: json.dumps(ev, ensure_ascii=False, separators=(",", ":")))
    return "".join(f"event: {name}\ndata: {dumps(ev)}\n\n" for name, ev in make(
        "m", {"text": text, "cuts": cuts})).encode("utf-8", "surrogatepass")


def _wire_tools(route: str, case: Case) -> list[Any]:
    flat = [t.get("function", t) for t in case.tools]
    if route == "responses":
        return [{"type": "function", **f} for f in flat]
    return [{"name": f["name"], "input_schema": f.get("parameters") or {"type": "object"}}
            for f in flat]


def _wire_run(route: str, tools: list[Any], stream: bytes, reads: list[int], passthrough: bool
              ) -> tuple[bytes, list[Any], int]:
    """The bytes the stream fixer sends for ``stream`` fed in ``reads``, its decisions, how many
    events passed undecoded."""
    path = "/v1/responses" if route == "responses" else "/v1/messages"
    job = job_for("POST", path, json.dumps({"tools": tools, "stream": True, "input": "go",
                                            "messages": [], "max_tokens": 9}).encode())
    assert job is not None
    seen: list[Any] = []
    fixer = StreamFixer(job, None, None, seen.append, passthrough=passthrough)
    out, pos = [], 0
    for size in reads:
        out.append(fixer.feed(stream[pos : pos + size]))
        pos += size
    out += [fixer.feed(stream[pos:]), fixer.close()]
    decisions = [(r.reason, r.rule, r.family, r.detail, r.content, r.span,
                  [(c.id, c.name, c.arguments) for c in r.calls]) for r in seen]
    return b"".join(out), decisions, fixer.passed


def _lane_events(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the events pushed as the lane's source (not decoded), one entry each."""
    taken: list[int] = []
    lane_event = StreamFixer._lane_event

    def counted(self: Any, raw: bytes, text: str, counter: int | None) -> bytes:
        taken.append(1)
        return lane_event(self, raw, text, counter)

    monkeypatch.setattr(StreamFixer, "_lane_event", counted)
    return taken


@pytest.mark.heavy
@pytest.mark.parametrize("route", WIRE_ROUTES)
@pytest.mark.parametrize("family", FAMILIES)
def test_wire_held_deltas_send_what_the_full_decode_sends(route: str, family: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Every case of the family as the route's stream: cut at random points (and at every
    character for every fifth case), escaped or raw, fed one event per read or in random reads:
    the bytes and decisions with held deltas pushed as the lane's source are the full
    decode's; and some held delta was (else the test proves nothing)."""
    rng = random.Random(family + route)
    taken = _lane_events(monkeypatch)
    cases = [c for c in CASES if c.family == family and c.tools]  # no tools: not repaired
    for i, case in enumerate(cases):
        text, tools = case.text, _wire_tools(route, case)
        plans = [sorted(rng.sample(range(1, len(text)), min(len(text) - 1, len(text) // 4)))]
        if i % 5 == 0:
            plans.append(list(range(1, len(text))))
        for cuts in plans:
            stream = _wire_stream(route, text, cuts, rng.random() < 0.5)
            reads = _batches(rng, len(stream), stream)
            n = len(taken)
            full, want, none = _wire_run(route, tools, stream, reads, False)
            assert none == 0 and len(taken) == n  # the full decode takes no lane
            fast, got, _ = _wire_run(route, tools, stream, reads, True)
            assert (fast, got) == (full, want), f"{case.id} {route} (cuts {cuts[:8]}...)"
    assert taken or not cases  # held deltas went through the lane's source


@pytest.mark.parametrize("route", WIRE_ROUTES)
def test_wire_held_deltas_are_not_decoded(route: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Prose whose deltas end twice in an ``f`` (``functools[``'s start: held, then released):
    the held and releasing deltas are pushed as the lane's source, not decoded, so no more
    events are decoded than for a reply held nowhere; the repair is pushed exactly the events
    the full decode gives it (the same JSON, ``sequence_number`` included; the held deltas in
    short, ``Machine.push_lane``, as the lane's source with their text) and the bytes are
    the full decode's, per event, in one read, and in a read after the lane formed (its
    events read in one step); the released text is re-encoded (not the upstream's bytes)."""
    case = next(c for c in CASES if c.family == "hermes")
    tools = _wire_tools(route, case)
    decoded: list[int] = []
    pushed: list[str] = []
    handle, push = StreamFixer._handle, _transport.push_safely

    def counted(self: Any, data: bytes | None, raw: bytes) -> bytes:
        decoded.append(1)
        return handle(self, data, raw)

    def recorded(machine: Any, ev: Any) -> list[Any]:
        pushed.append(json.dumps(ev))
        return push(machine, ev)

    short: list[int] = []  # held deltas pushed in short (``Machine.push_lane``)
    machine = ResponsesStreamRepair if route == "responses" else MessagesStreamRepair
    push_lane = machine.push_lane

    def lane_recorded(self: Any, source: dict[str, Any], text: str, counter: int | None) -> Any:
        got = push_lane(self, source, text, counter)
        if got is not None:  # recorded as the event it stands for (``LaneSource.with_text``)
            ev = {**source, "delta": text} if route == "responses" else {
                **source, "delta": {**source["delta"], "text": text}}
            if counter is not None:
                ev["sequence_number"] = counter
            pushed.append(json.dumps(ev))
            short.append(1)
        return got

    monkeypatch.setattr(StreamFixer, "_handle", counted)
    monkeypatch.setattr(_transport, "push_safely", recorded)
    monkeypatch.setattr(machine, "push_lane", lane_recorded)
    taken = _lane_events(monkeypatch)
    held = "The fixture in tests/conf is half-baked, and so is the serif font of the page."
    clean = held.replace("f", "x")
    cuts = list(range(4, len(held), 4))
    assert sum(held[a - 4 : a].endswith("f") for a in cuts) >= 2
    for reads in ("per event", "whole", "after the lane"):
        counts = []
        for text in (clean, held):
            stream = _wire_stream(route, text, cuts, True)
            ends = [len(ev) + 2 for ev in stream.split(b"\n\n")[:-1]]
            size = ends if reads == "per event" else [len(stream)] if reads == "whole" \
                else [sum(ends[:6])]  # the head to the lane's source, then the rest
            decoded.clear()
            taken.clear()
            pushed.clear()
            short.clear()
            fast, got, passed = _wire_run(route, tools, stream, size, True)
            counts.append((len(decoded), len(taken)))
            assert len(short) == len(taken)  # every held delta pushed in short
            fed = list(pushed)
            pushed.clear()
            full, want, _ = _wire_run(route, tools, stream, size, False)
            rest = iter(pushed)  # those not taken whole: as the full decode gives them, in order
            assert all(ev in rest for ev in fed) and len(fed) == sum(counts[-1])
            assert (fast, got) == (full, want)
            assert passed > 0
            assert (fast == stream) == (text == clean)  # the held text went out re-encoded
        assert counts[0] == (counts[1][0], 0) and counts[1][1] >= 4, counts


def _responses_source() -> tuple[dict[str, Any], Callable[[dict[str, Any]], bytes]]:
    src = {"type": "response.output_text.delta", "sequence_number": 7, "output_index": 0,
           "content_index": 0, "item_id": "msg_1", "delta": "caf\u00e9 ", "logprobs": []}
    return src, lambda ev: _sse(ev, True)


@pytest.mark.parametrize("order", ["counter first", "text first"])
def test_the_lane_source_frame_is_the_encoders_bytes(order: str) -> None:
    """A chunk that is the lane's source but its text and counter is written in the source's
    frame: the encoder's bytes for it (Responses: the ``event:`` line, the compact JSON), the
    counter before or after the text."""
    src, encoder = _responses_source()
    if order == "text first":
        src = {"delta": src.pop("delta"), **src}
    lane = LaneSource.of(src, "delta", "sequence_number", encoder)
    assert lane is not None and lane.with_text("caf\u00e9 ", 7) == src
    for text, n in (("x", 8), ("\u00fcn\u00efcode \u2713", 1234), ('q " and \\ b', 0),
                    ("\n\t", 10**17), ("", 9)):
        out = lane.with_text(text, n)
        assert lane.encode(out) == encoder(out)
        assert lane.encode({**out}) == encoder(out)  # a copy: the same objects in it
    nested = {"type": "content_block_delta", "index": 0,
              "delta": {"type": "text_delta", "text": "ab"}}
    msg = LaneSource.of(nested, "text", None, encoder)
    assert msg is not None
    out = msg.with_text('new "text"')
    assert out == {**nested, "delta": {"type": "text_delta", "text": 'new "text"'}}
    assert msg.encode(out) == encoder(out)


def test_the_lane_source_frame_is_used_only_when_exact() -> None:
    """Any chunk but the source with another text and counter, a text that is not encodable as
    UTF-8, a counter that is not an int, or an encoder whose bytes the frame does not give: no
    frame (the caller encodes it)."""
    src, encoder = _responses_source()
    lane = LaneSource.of(src, "delta", "sequence_number", encoder)
    assert lane is not None
    out = lane.with_text("x", 8)
    assert lane.encode(out) is not None
    for other in ({**out, "item_id": "msg_2"}, {**out, "extra": 1},
                  {**out, "logprobs": []},  # equal, not the source's object: not proven
                  {k: out[k] for k in reversed(out)},  # the keys in another order
                  {**out, "sequence_number": True}, {**out, "delta": None},
                  lane.with_text("\ud800", 8)):  # a lone surrogate: the encoder's to escape
        assert lane.encode(other) is None, other
    ascii_ = LaneSource.of(src, "delta", "sequence_number",
                           lambda ev: json.dumps(ev).encode())  # escapes what the frame would not
    assert ascii_ is not None and ascii_.encode(out) is None
    assert LaneSource.of({"a": {"delta": "x"}, "b": {"delta": "y"}}, "delta", None,
                         encoder) is None  # the key twice
    assert LaneSource.of(src, "delta", "output_index", encoder) is not None
    assert LaneSource.of(src, "delta", "item_id", encoder) is None  # not an int


def test_a_held_delta_after_a_gap_in_the_numbers_is_renumbered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Responses whose upstream skips sequence numbers once the lane formed (a gap of 1,000
    halfway): the repair sends its events numbered one after the other, so the deltas after
    the gap, pushed in short (``push_lane``), are sent with the numbers the machine gives them,
    not the upstream's; the bytes are the full decode's, per event and in one read."""
    case = next(c for c in CASES if c.family == "hermes")
    tools = _wire_tools("responses", case)
    short: list[int] = []
    push_lane = ResponsesStreamRepair.push_lane

    def counted(self: Any, source: dict[str, Any], text: str, counter: int | None) -> Any:
        got = push_lane(self, source, text, counter)
        short.append(got is not None and got[1] != counter)  # renumbered in short
        return got

    monkeypatch.setattr(ResponsesStreamRepair, "push_lane", counted)
    text = "The fixture in tests/conf is half-baked, and so is the serif font of the page."
    lines = []
    for line in _wire_stream("responses", text, list(range(4, len(text), 4)), True).split(b"\n"):
        ev = json.loads(line[6:]) if line.startswith(b"data: ") else None
        if ev is not None and ev["sequence_number"] > 20:
            ev["sequence_number"] += 1000
        lines.append(line if ev is None else b"data: " + json.dumps(ev).encode())
    stream = b"\n".join(lines)
    for reads in ([len(ev) + 2 for ev in stream.split(b"\n\n")[:-1]], [len(stream)]):
        short.clear()
        fast, got, passed = _wire_run("responses", tools, stream, reads, True)
        full, want, _ = _wire_run("responses", tools, stream, reads, False)
        assert (fast, got) == (full, want)
        assert passed > 0 and any(short)
