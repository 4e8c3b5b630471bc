"""Issue 27, proxy CPU: a stream is repaired one read at a time, and while nothing is held its
events pass as the bytes they came in, their text read without decoding their JSON (``Lane``).

- Byte identity: a clean reply streamed with tools reaches the client byte for byte as the
  upstream sent it, on Chat Completions, Responses and Messages, through the proxy and through
  the transports' ``StreamFixer`` (events the repair held a moment, such as the Responses message
  item and the Messages text block start, go out as they came, not re-encoded).
- The lane changes nothing: every sampled corpus case, as each route's stream, cut at every
  character and at random points, fed in random reads, gives the same bytes and the same
  decisions with the lane as with every event decoded; and the lane is taken.
- ``Lane`` reads only what ``json.loads`` would read at that key: another shape, an escaped key,
  a counter out of step or not an integer, a string that is not one: no text.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from leakcall.corpus import Case
from leakcall.wire import Lane, StreamFixer, job_for

from ..wire_replay import (
    chat_events,
    messages_events,
    responses_events,
    serving,
    serving_app,
    wire_sample,
)

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from leakcall.serve import create_app  # noqa: E402

Obj = dict[str, Any]
CLEAN = ("The suite passed: 412 tests in 38 s, no failures. Two warnings come from a deprecated "
         "fixture in tests/conftest.py; I can move it to tmp_path when you want. Coverage is 91 %.")
SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}}
USER = [{"role": "user", "content": "go"}]
ROUTES: dict[str, tuple[str, Obj, Callable[..., Iterator[tuple[str | None, Obj]]]]] = {
    "chat": ("/v1/chat/completions", {"messages": USER, "tools": [
        {"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]},
        chat_events),
    "responses": ("/v1/responses", {"input": "go", "tools": [
        {"type": "function", "name": "get_weather", "parameters": SCHEMA}]}, responses_events),
    "messages": ("/v1/messages", {"max_tokens": 9, "messages": USER, "tools": [
        {"name": "get_weather", "input_schema": SCHEMA}]}, messages_events),
}


def _stream(route: str, sc: Obj, dumps: Callable[[Obj], str] = json.dumps) -> bytes:
    """The SSE body the replay server sends for scenario ``sc`` on ``route``."""
    parts = [(f"event: {name}\n" if name else "") + f"data: {dumps(ev)}\n\n"
             for name, ev in ROUTES[route][2]("m", sc)]
    if route == "chat":
        parts.append("data: [DONE]\n\n")
    return "".join(parts).encode("utf-8", "surrogatepass")


def _fixer(route: str, tools: list[Any], passthrough: bool = True,
           seen: list[Any] | None = None) -> StreamFixer:
    path, body, _ = ROUTES[route]
    job = job_for("POST", path, json.dumps({**body, "tools": tools, "stream": True}).encode())
    assert job is not None
    report = seen.append if seen is not None else (lambda rec: None)
    return StreamFixer(job, None, None, report, passthrough=passthrough)


def _per_event(data: bytes) -> list[int]:
    """Reads of one event each (as a paced upstream sends them)."""
    return [len(ev) + 2 for ev in data.split(b"\n\n")[:-1]]


def _run(fixer: StreamFixer, data: bytes, reads: list[int]) -> bytes:
    out, pos = [], 0
    for size in reads:
        out.append(fixer.feed(data[pos : pos + size]))
        pos += size
    out.append(fixer.feed(data[pos:]))
    out.append(fixer.close())
    return b"".join(out)


# --- byte identity ---------------------------------------------------------------------------


@pytest.mark.parametrize("route", list(ROUTES))
def test_a_clean_stream_passes_byte_for_byte_through_the_fixer(route: str) -> None:
    """Fed whole and fed one byte at a time: the bytes out are the bytes in, and the text deltas
    after the first went through the lane."""
    tools = ROUTES[route][1]["tools"]
    data = _stream(route, {"text": CLEAN, "step": 4})
    for reads in ([len(data)], [1] * len(data), [7, 300, 41] * 200, _per_event(data)):
        seen: list[Any] = []
        fixer = _fixer(route, tools, seen=seen)
        assert _run(fixer, data, reads) == data
        assert fixer.passed >= len(CLEAN) // 4 - 3, fixer.passed
        assert [r.reason for r in seen] != [] and not seen[0].ok  # decided: nothing to recover


HELD_F = ("The test suite passed: 412 tests in 38 s, no failures. Two warnings come from a "
          "deprecated fixture in tests/conftest.py (it still calls the old tmpdir API); I can move "
          "it to tmp_path if you want.")
"""Clean prose whose 4-character deltas end twice in an "f" (``functools[``'s start): held."""


def _shown_whole(text: str, tools: list[Any], step: int) -> int:
    """How many of ``text``'s deltas of ``step`` characters, after the first, the stream
    recoverer shows whole as they come with nothing held before them: the events a lane takes
    (it forms on the first text delta)."""
    from leakcall.recoverer import recoverer_for

    rec = recoverer_for(tools).stream()
    deltas = [text[i : i + step] for i in range(0, len(text), step)]
    whole = 0
    for i, d in enumerate(deltas):
        clear = rec.shown == sum(map(len, deltas[:i]))  # nothing held before it
        shown = rec.feed(d)
        whole += i > 0 and clear and shown == d
    return whole


@pytest.mark.parametrize("route", list(ROUTES))
def test_the_lane_outlives_a_held_delta(route: str) -> None:
    """A delta of the lane's shape that holds text a moment ("deprecated f", then "ixtu" that
    releases it) is decoded, but the lane stays: every later delta shown whole passes through
    it, with none decoded only to make the lane again (``Lane.fits``)."""
    tools = ROUTES[route][1]["tools"]
    data = _stream(route, {"text": HELD_F, "step": 4})
    want = _shown_whole(HELD_F, ROUTES["chat"][1]["tools"], 4)
    assert 0 < want < len(HELD_F) // 4 - 2  # some deltas are held: the test bites
    runs = []
    for passthrough in (False, True):
        seen: list[Any] = []
        fixer = _fixer(route, tools, passthrough, seen)
        runs.append((_run(fixer, data, _per_event(data)), _decisions(seen)))
    assert runs[1] == runs[0]
    # Responses and Messages: the first delta also releases the held message item or block
    # start, so the lane forms on the second
    assert fixer.passed == want - (route != "chat")


def test_the_proxy_rewriter_keeps_the_lane_past_a_held_delta() -> None:
    """The same for the proxy's Chat Completions rewriter, per event and in one read; the bytes
    are those of the full decode."""
    from leakcall._sse import SSEDecoder
    from leakcall.proxy import Repair, StreamRewriter

    tools = ROUTES["chat"][1]["tools"]
    data = _stream("chat", {"text": HELD_F, "step": 4})
    want = _shown_whole(HELD_F, tools, 4)
    for reads in (_per_event(data), [len(data)]):
        outs = {}
        for passthrough in (False, True):
            rw = StreamRewriter(Repair(tools, "salt", True), "ignore", 10**6, lambda r: None,
                                passthrough=passthrough)
            dec, out, pos = SSEDecoder(10**7), [], 0
            for size in reads:
                chunk = data[pos : pos + size]
                pos += size
                head, end = rw.plain_read(chunk, 10**7) if dec.idle else (b"", 0)
                out.append(head + rw.run(dec.feed(chunk[end:])))
            out.append(rw.run([], end=True))
            outs[passthrough] = b"".join(out)
        assert outs[True] == outs[False]
        assert rw.passed == want, reads


@pytest.fixture(scope="module")
def proxied() -> Iterator[tuple[str, str]]:
    with serving() as upstream, serving_app(create_app(upstream.base)) as base:
        upstream.register("clean", text=CLEAN, step=4)
        yield upstream.base, base


@pytest.mark.parametrize("route", list(ROUTES))
def test_a_clean_stream_passes_byte_for_byte_through_the_proxy(route: str,
                                                               proxied: tuple[str, str]) -> None:
    upstream, proxy = proxied
    path, body, _ = ROUTES[route]
    req = {**body, "model": "clean", "stream": True}
    got = {}
    with httpx.Client(timeout=30) as c:
        for name, base in (("direct", upstream), ("proxy", proxy)):
            with c.stream("POST", base + path, json=req) as r:
                assert r.status_code == 200
                got[name] = b"".join(r.iter_raw())
    assert got["proxy"] == got["direct"]
    assert CLEAN.rsplit(maxsplit=1)[-1].encode() in got["proxy"]


# --- the lane changes nothing ----------------------------------------------------------------------

SAMPLE = wire_sample(ok=1, refused=1)
DUMPS: list[Callable[[Obj], str]] = [
    json.dumps, lambda ev: json.dumps(ev, ensure_ascii=False, separators=(",", ":"))]


def _tools(route: str, case: Case) -> list[Any]:
    if route == "chat":
        return list(case.tools)
    flat = [t.get("function", t) for t in case.tools]
    if route == "responses":
        return [{"type": "function", **f} for f in flat]
    return [{"name": f["name"], "input_schema": f.get("parameters") or {"type": "object"}}
            for f in flat]


def _decisions(seen: list[Any]) -> list[Any]:
    return [(r.reason, r.rule, r.family, r.content, [(c.name, c.arguments) for c in r.calls])
            for r in seen]


@pytest.mark.heavy
@pytest.mark.parametrize("route", list(ROUTES))
def test_the_lane_sends_what_the_full_decode_sends(route: str) -> None:
    rng = random.Random(route)
    passed = 0
    for i, case in enumerate(SAMPLE):
        for step in (1, rng.randint(2, 9)):
            data = _stream(route, {"text": case.text, "step": step}, DUMPS[(i + step) % 2])
            reads = _per_event(data)  # the lane takes whole reads, and events inside reads:
            if step > 1:
                reads = [rng.randint(1, 400) for _ in range(len(data) // 100 + 2)]
            runs = []
            for passthrough in (False, True):
                seen: list[Any] = []
                fixer = _fixer(route, _tools(route, case), passthrough, seen)
                runs.append((_run(fixer, data, reads), _decisions(seen)))
                passed += fixer.passed if passthrough else 0
            assert runs[1] == runs[0], f"{case.id} {route} step {step}"
    assert passed > 0  # the lane is taken on these replies


def test_a_sequence_gap_is_decoded_and_renumbered() -> None:
    """A Responses delta numbered out of step (here: a gap after the tenth event) is not taken
    by the lane: decoded, and numbered on as the repair numbers every event."""
    tools = ROUTES["responses"][1]["tools"]
    plain = _stream("responses", {"text": CLEAN, "step": 4})
    events = plain.split(b"\n\n")[:-1]
    gapped = []
    for ev in events:
        head, _, data = ev.partition(b"data: ")
        d = json.loads(data)
        if d["sequence_number"] >= 10:
            d["sequence_number"] += 5
        gapped.append(head + b"data: " + json.dumps(d).encode() + b"\n\n")
    data = b"".join(gapped)
    runs = []
    for passthrough in (False, True):
        fixer = _fixer("responses", tools, passthrough)
        runs.append(_run(fixer, data, [len(data)]))
    assert runs[1] == runs[0]
    numbers = [json.loads(ev.partition(b"data: ")[2])["sequence_number"]
               for ev in runs[1].split(b"\n\n")[:-1]]
    assert numbers == list(range(len(numbers)))


# --- Lane ------------------------------------------------------------------------------------------


def _ev(data: bytes, head: bytes = b"event: d\n") -> bytes:
    return head + b"data: " + data + b"\n\n"


def _lane(data: bytes, key: str, text: str, counter: tuple[str, int] | None = None,
          head: bytes = b"event: d\n") -> Lane | None:
    return Lane.of(_ev(data, head), data, key, text, counter)


def test_lane_reads_the_text_and_the_counter() -> None:
    data = b'{"type":"d","sequence_number":7,"delta":"ab","x":[]}'
    lane = _lane(data, "delta", "ab", ("sequence_number", 7))
    assert lane is not None
    assert lane.read(_ev(data)) == ("ab", 7)
    assert lane.read(_ev(b'{"type":"d","sequence_number":8,"delta":"c\\u003cd","x":[]}')) == (
        "c<d", 8)
    assert lane.read(_ev(b'{"type":"d","sequence_number":12,"delta":"\\"q\\"","x":[]}')) == (
        '"q"', 12)
    after = _lane(b'{"delta":"ab","n":3}', "delta", "ab", ("n", 3), head=b"")
    assert after is not None and after.read(_ev(b'{"delta":"x\\\\","n":4}', b"")) == ("x\\", 4)


@pytest.mark.parametrize("other", [
    _ev(b'{"type":"d","sequence_number":8.0,"delta":"c","x":[]}'),  # not an integer
    _ev(b'{"type":"d","sequence_number":08,"delta":"c","x":[]}'),  # not JSON
    _ev(b'{"type":"d","sequence_number":-8,"delta":"c","x":[]}'),
    _ev(b'{"type":"d","sequence_number":8,"delta":"","x":[]}'),  # no text
    _ev(b'{"type":"d","sequence_number":8,"delta":"c","y":[]}'),  # another shape
    _ev(b'{"type":"d","sequence_number":8,"delta":"c","x":[],"delta":"d"}'),
    _ev(b'{"type":"d","sequence_number":8,"delta":"c","x":[]} '),
    _ev(b'{"type":"d","sequence_number":8,"delta":"c"x":[]}'),  # a quote ends the string early
    _ev(b'{"type":"d","sequence_number":8,"delta":"c\\","x":[]}'),
    _ev(b'{"type":"d","sequence_number":8,"delta":"c\x01","x":[]}'),  # a control character
    _ev(b'{"type":"d","sequence_number":8,"delta":"\xff","x":[]}'),  # not UTF-8
    _ev(b'{"type":"d","sequence_number":8,"delta":"c\\x","x":[]}'),  # a bad escape
    _ev(b'{"type":"d","sequence_number":8,"delta":"c","x":[]}', b"event: e\n"),  # another event
    _ev(b'{"type":"d","sequence_number":8,"delta":"c","x":[]}') * 2,  # two events in one read
    _ev(b'{"type":"d","sequence_number":8,"delta":"c\n\ndata: x","x":[]}'),  # a line end
])
def test_lane_reads_nothing_it_cannot_prove(other: bytes) -> None:
    lane = _lane(b'{"type":"d","sequence_number":7,"delta":"ab","x":[]}', "delta", "ab",
                 ("sequence_number", 7))
    assert lane is not None and lane.read(other) is None


@pytest.mark.parametrize(("data", "key", "text", "head"), [
    (b'{"content":"ab","\\u0063ontent":"ab"}', "content", "ab", b""),  # an escaped twin key
    (b'{"content":"ab","role":"content"}', "content", "ab", b""),  # the key's bytes twice
    (b'{"content":"ab"}', "content", "ba", b""),  # not the text at that key
    (b'{"content":"ab"}', "content", "", b""),
    (b'{"content":7}', "content", "7", b""),
    (b'{"content":"ab"}', "content", "ab", b"data: {}\n"),  # a second data line
    (b'{"content":"ab"}', "content", "ab", b"id: 1\r\n"),  # not LF line ends
])
def test_no_lane_where_the_bytes_could_mislead(data: bytes, key: str, text: str,
                                               head: bytes) -> None:
    assert _lane(data, key, text, head=head) is None


# --- an upstream that compresses anyway --------------------------------------------------------------

LEAK = ('Let me check the weather.\n\n<tool_call>\n{"name": "get_weather", "arguments": '
        '{"city": "Paris"}}\n</tool_call>')


@pytest.mark.heavy
@pytest.mark.parametrize("route", list(ROUTES))
def test_a_gzip_stream_is_decoded_then_repaired(route: str) -> None:
    """The proxy asks for identity and reads the bytes as received; an upstream that gzips the
    stream all the same is decoded first: the leak is still repaired."""
    import gzip

    body = gzip.compress(_stream(route, {"text": LEAK, "step": 5}))

    async def app(scope: Obj, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        while (await receive()).get("more_body"):
            pass
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", b"text/event-stream"), (b"content-encoding", b"gzip")]})
        for i in range(0, len(body), 50):
            await send({"type": "http.response.body", "body": body[i : i + 50],
                        "more_body": True})
        await send({"type": "http.response.body", "body": b""})

    path, req, _ = ROUTES[route]
    with serving_app(app) as upstream, serving_app(create_app(upstream)) as proxy, \
            httpx.Client(timeout=30) as c:
        got = c.post(proxy + path, json={**req, "model": "m", "stream": True}).content
    assert b"get_weather" in got and b"<tool_call>" not in got
    assert b"Paris" in got


# --- the deadline, on the decoded path and on the lane ---------------------------------------------

CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


@pytest.mark.parametrize("route", list(ROUTES))
def test_past_the_deadline_a_held_call_is_relayed(route: str, monkeypatch: Any) -> None:
    """Markup from the first delta (nothing plain: every event decoded) and the deadline passed:
    the stream goes out as received, no call."""
    import types

    from leakcall import _transport

    monkeypatch.setattr(_transport, "time", types.SimpleNamespace(monotonic=lambda: 100.0))
    data = _stream(route, {"text": CALL, "step": 5})
    path, body, _ = ROUTES[route]
    job = job_for("POST", path, json.dumps({**body, "stream": True}).encode())
    assert job is not None
    fixer = StreamFixer(job, None, None, lambda rec: None, deadline=50.0)
    assert _run(fixer, data, _per_event(data)) == data
    assert fixer.stopped == "repair_deadline"


@pytest.mark.parametrize("route", list(ROUTES))
def test_the_deadline_passing_on_the_lane_stops_the_repair(route: str, monkeypatch: Any) -> None:
    """Prose through the lane, then the deadline passes: the next plain event stops the repair
    (it is not taken), and the call that follows is relayed as received."""
    import types

    from leakcall import _transport

    clock = [0.0]
    monkeypatch.setattr(_transport, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    text = CLEAN + " " + CLEAN + "\n\n" + CALL
    data = _stream(route, {"text": text, "step": 4})
    reads = _per_event(data)
    path, body, _ = ROUTES[route]
    job = job_for("POST", path, json.dumps({**body, "stream": True}).encode())
    assert job is not None
    fixer = StreamFixer(job, None, None, lambda rec: None, deadline=50.0)
    out, pos = [], 0
    for k, size in enumerate(reads):
        if k == 20:
            assert fixer.passed > 10  # the lane is open
            clock[0] = 100.0
            passed = fixer.passed
        out.append(fixer.feed(data[pos : pos + size]))
        pos += size
    out.append(fixer.close())
    assert b"".join(out) == data
    assert fixer.stopped == "repair_deadline"
    assert fixer.passed == passed  # no repair step past the deadline, not even a plain one


# --- one step per read ------------------------------------------------------------------------------

HERMES = ("I'll check the weather in Paris for you now, then report back.\n\n<tool_call>\n"
          '{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>')


def _count_steps(machine: Any, steps: list[int]) -> None:
    """Record in ``steps`` the size of each of the lane's steps (texts per ``push_plain``)."""
    push = machine.push_plain

    def counted(texts: Any, counter: Any) -> int:
        steps.append(len(texts))
        return int(push(texts, counter))

    machine.push_plain = counted


def _counting(fixer: StreamFixer) -> list[int]:
    """The sizes of the lane's steps of ``fixer``."""
    steps: list[int] = []
    _count_steps(fixer._machine, steps)
    return steps


@pytest.mark.parametrize("route", list(ROUTES))
def test_a_read_of_many_events_is_one_step(route: str) -> None:
    """A read holding many plain text deltas goes through the lane in one step (not one step
    per event), as received; the same read cut one event per read takes one step for its first
    text and passes the others at once, handed to the machine later in one run (``PlainRun``,
    ``tests/wire/test_plain_run.py``)."""
    tools = ROUTES[route][1]["tools"]
    text = "Plain prose that holds no markup at all, read by the lane in long runs. " * 4
    data = _stream(route, {"text": text, "step": 3})
    events = data.split(b"\n\n")[:-1]
    head = b"".join(ev + b"\n\n" for ev in events[:8])  # the lane forms in the first reads
    body = data[len(head):]
    fixer = _fixer(route, tools)
    steps = _counting(fixer)
    assert _run(fixer, data, [len(head), len(body) // 2]) == data
    assert fixer.passed >= len(text) // 3 - 10
    assert max(steps) >= 32 and len(steps) <= 8, steps
    one = _fixer(route, tools)
    one_steps = _counting(one)
    assert _run(one, data, _per_event(data)) == data
    assert one.passed == fixer.passed and one_steps[0] == 1 and len(one_steps) <= 3, one_steps
    assert sum(one_steps) == one.passed


@pytest.mark.parametrize("route", list(ROUTES))
def test_events_split_across_reads_and_a_leak_mid_read(route: str) -> None:
    """Reads that cut events in two, and a read in which plain deltas are followed by the
    leak's opener: the same bytes and decisions as with every event decoded, the call
    recovered, and nothing of the opener sent before the decision."""
    case_tools = ROUTES[route][1]["tools"]
    data = _stream(route, {"text": HERMES, "step": 5})
    at = data.index(b"<")  # in the event holding the opener's start (the prose holds none)
    bounds = [i + 2 for i in range(len(data)) if data.startswith(b"\n\n", i) and i + 2 < at]
    start = bounds[-5]  # a read from here: four plain deltas, then the opener's start
    cuts = {
        "halves": [size for ev in _per_event(data) for size in (ev // 2, ev - ev // 2)],
        "mid-read leak": [start, (at - start) + 200],
        "whole": [len(data)],
    }
    for name, reads in cuts.items():
        runs = []
        for passthrough in (False, True):
            seen: list[Any] = []
            fixer = _fixer(route, case_tools, passthrough, seen)
            outs, pos = [], 0
            for size in reads:
                outs.append(fixer.feed(data[pos : pos + size]))
                pos += size
            before_end = b"".join(outs) + fixer.feed(data[pos:])
            assert b"<" not in before_end, name
            runs.append((before_end + fixer.close(), _decisions(seen)))
            if passthrough:
                assert fixer.passed > 0, name
        assert runs[1] == runs[0], f"{route} {name}"
        assert runs[1][1][0][0] == "ok"
        assert runs[1][1][0][4] == [("get_weather", {"city": "Paris"})]


def test_a_chat_read_of_many_events_is_one_step_in_the_proxy_rewriter() -> None:
    """The proxy's Chat Completions rewriter: a read of many plain content events is taken in
    one step, from the read's bytes (``plain_read``) and from events decoded in a read
    (``run``); the bytes are those of the full decode."""
    from leakcall._sse import SSEDecoder
    from leakcall.proxy import Repair, StreamRewriter

    tools = ROUTES["chat"][1]["tools"]
    text = "Plain prose that holds no markup at all, read by the lane in long runs. " * 4
    data = _stream("chat", {"text": text, "step": 3})
    half = data.index(b"\n\n", len(data) // 2) + 2
    outs = {}
    for passthrough in (False, True):
        rw = StreamRewriter(Repair(tools, "salt", True), "ignore", 10**6, lambda r: None,
                            passthrough=passthrough)
        steps: list[int] = []
        if passthrough:
            assert rw._state is not None
            _count_steps(rw._state, steps)
        dec, out = SSEDecoder(10**7), []
        for chunk in (data[:300], data[300:half], data[half:]):
            head, end = rw.plain_read(chunk, 10**7) if dec.idle else (b"", 0)
            out.append(head + rw.run(dec.feed(chunk[end:])))
        out.append(rw.run([], end=True))
        outs[passthrough] = b"".join(out)
        if passthrough:
            assert rw.passed >= len(text) // 3 - 10 and max(steps) >= 32, steps
    assert outs[True] == outs[False] == data


@pytest.mark.parametrize("route", ["responses", "messages"])
def test_the_deadline_stops_a_read_taken_through_the_lane(route: str) -> None:
    """Past the repair deadline, a read the lane would take stops the repair instead: what was
    held is released and the rest goes as received, from the read's start (the read begins
    with an event) or from inside it (events decoded in the read)."""
    tools = ROUTES[route][1]["tools"]
    text = "Plain prose that holds no markup at all, read by the lane in long runs. " * 4
    data = _stream(route, {"text": text, "step": 3})
    events = data.split(b"\n\n")[:-1]
    head = len(b"".join(ev + b"\n\n" for ev in events[:12]))
    for cut in (head, head + 5):  # at an event, inside one
        fixer = _fixer(route, tools)
        out = fixer.feed(data[:cut])
        assert fixer.passed > 0 and fixer.stopped is None
        fixer._deadline = 0.0  # the monotonic clock is past it
        out += fixer.feed(data[cut:]) + fixer.close()
        assert fixer.stopped == "repair_deadline" and out == data


def test_a_read_held_here_and_there_reads_each_event_once(monkeypatch: Any) -> None:
    """A read of many events whose text is held a moment here and there (each "f" that may
    begin ``functools[``): every step after a held delta takes its texts from what the lane
    already read of the decoded events, not one reading of the rest per hold; the bytes are
    the full decode's."""
    read: list[int] = []
    many = Lane.read_many

    def counted(self: Lane, data: bytes, max_event: int, start: int = 0) -> Any:
        got = many(self, data, max_event, start)
        read.append(len(got[0]))
        return got

    monkeypatch.setattr(Lane, "read_many", counted)
    tools = ROUTES["chat"][1]["tools"]
    text = HELD_F + " Then f" + "or the rest: fine, f" * 3 + "ar from done."
    data = _stream("chat", {"text": text, "step": 4})
    events = data.split(b"\n\n")[:-1]
    head = b"".join(ev + b"\n\n" for ev in events[:3])  # the role and two deltas: the lane forms
    runs = []
    for passthrough in (False, True):
        seen: list[Any] = []
        fixer = _fixer("chat", tools, passthrough, seen)
        runs.append((_run(fixer, data, [len(head)]), _decisions(seen)))
    assert runs[1] == runs[0]
    assert fixer.passed > 20
    # the read's leading deltas from its bytes (``take_read``), then once more the events after
    # the first held one, decoded (``take_events``): never once per hold
    assert len(read) <= 4 and sum(read) <= 2 * len(events), read


def test_the_request_check_builds_the_recoverer_the_repair_uses(monkeypatch: Any) -> None:
    """``prepare`` hands its Recoverer on in the ``Repair``: the stream repair is built from it,
    without looking the tools up again (a lookup here would fail), and recovers as before; a
    Repair sent to a worker process goes without it (it does not pickle)."""
    import pickle

    import leakcall._wire
    from leakcall._sse import SSEDecoder
    from leakcall.proxy import StreamRewriter
    from leakcall.proxy.repair import prepare

    body = ROUTES["chat"][1]
    prep = prepare(json.dumps({**body, "stream": True}).encode(), "ignore")
    repair = prep.repair
    assert repair is not None and repair.recoverer is not None
    assert repair.configured("ignore") == (repair.recoverer, None, None)

    def no_lookup(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the tools were looked up again")

    monkeypatch.setattr(leakcall._wire, "recoverer_for", no_lookup)
    seen: list[Any] = []
    rw = StreamRewriter(repair, "ignore", 10**6, seen.append)
    data = _stream("chat", {"text": HERMES, "step": 5})
    out = rw.run(SSEDecoder(10**7).feed(data), end=True)
    assert b'"get_weather"' in out and seen[0].ok
    monkeypatch.undo()
    back = pickle.loads(pickle.dumps(repair))
    assert back.recoverer is None and back == repair
    assert back.configured("recover") == (repair.tools, "recover", None)
