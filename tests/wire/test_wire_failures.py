"""Issue 26: every route fails the same way. An upstream that breaks mid-stream, an event the
repair cannot read, or a bound passed never loses held text and never ends as a clean reply:
the held text is released as it came, then the API's error (an ``error`` event on the SSE
routes, an ``error`` line on Ollama's NDJSON; a dropped connection where the body has no error
framing).

The proxy (uvicorn in a thread) and the transports run in front of the loopback replay server
(``tests/wire_replay.py``: ``cut`` drops the upstream connection part-way, ``edit`` changes the
events)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

import leakcall.httpx as lc_httpx
from leakcall.openai import repair_response_stream
from leakcall.openai.responses import ResponsesStreamRepair
from leakcall.wire import StreamFixer, job_for

from .. import conftest
from ..wire_replay import ReplayServer, responses_events, serving, serving_app, wire_sample

uvicorn = pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from leakcall.proxy import Limits  # noqa: E402
from leakcall.serve import create_app  # noqa: E402

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
PROSE = "Let me check the weather.\n\n"
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
USER = [{"role": "user", "content": "go"}]
RESP_TOOLS = [{"type": "function", "name": "get_weather", "parameters": SCHEMA}]
MSG_TOOLS = [{"name": "get_weather", "input_schema": SCHEMA}]
CHAT_TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]
WIRE_STREAMS: list[tuple[str, dict[str, Any]]] = [
    ("/v1/responses", {"input": "go", "tools": RESP_TOOLS, "stream": True}),
    ("/v1/messages", {"max_tokens": 9, "messages": USER, "tools": MSG_TOOLS, "stream": True}),
    ("/api/chat", {"messages": USER, "tools": CHAT_TOOLS}),  # Ollama: NDJSON, streamed by default
]
"""The Responses, Messages and Ollama stream requests (the model added per test)."""


@pytest.fixture(scope="module")
def upstream() -> Iterator[ReplayServer]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="module")
def proxy(upstream: ReplayServer) -> Iterator[str]:
    with serving_app(create_app(upstream.base)) as base:
        yield base


@pytest.fixture(scope="module")
def http() -> Iterator[Any]:
    """One client for the module's requests to the proxies: a new ``httpx.Client`` per request
    cost about 30 ms of CPU each (its SSL context), several seconds over the module."""
    with httpx.Client(timeout=120) as c:
        yield c


@pytest.fixture(scope="module")
def repairing() -> Iterator[Any]:
    """One client on the in-process transport (``RepairTransport``), for the same reason."""
    with httpx.Client(timeout=30, transport=lc_httpx.RepairTransport()) as c:
        yield c


@pytest.fixture(scope="module")
def tight(upstream: ReplayServer) -> Iterator[str]:
    with serving_app(create_app(upstream.base, limits=Limits(max_held_chars=40))) as base:
        yield base


def _events(body: bytes) -> list[tuple[str | None, Any]]:
    """(event name, data) of each complete SSE event of a body; of an NDJSON body (Ollama's),
    (None, the object) of each line ("error" for an error line)."""
    if body.lstrip().startswith(b"{"):
        lines = [json.loads(ln) for ln in body.split(b"\n")[:-1] if ln.strip()]
        return [("error" if "error" in d and "message" not in d else None, d) for d in lines]
    out = []
    for block in body.decode().split("\n\n"):
        name, data = None, []
        for line in block.splitlines():
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
        if data:
            out.append((name, json.loads("\n".join(data))))
    return out


def _post_stream(http: Any, base: str, path: str, body: dict[str, Any]) -> bytes:
    """The streamed body as received; a connection the proxy drops raises."""
    with http.stream("POST", base + path, json=body) as r:
        assert r.status_code == 200
        return b"".join(r.iter_raw())


def _text(events: list[tuple[str | None, Any]]) -> str:
    out = []
    for _, d in events:
        if d.get("type") == "response.output_text.delta":
            out.append(d["delta"])
        elif d.get("type") == "content_block_delta" and d["delta"].get("type") == "text_delta":
            out.append(d["delta"]["text"])
        elif "done" in d:  # an Ollama line
            out.append(d["message"].get("content", ""))
    return "".join(out)


@pytest.mark.parametrize(("path", "body"), WIRE_STREAMS)
def test_upstream_reset_releases_held_text_then_an_error_event(
        upstream: ReplayServer, proxy: str, http: Any, path: str, body: dict[str, Any]) -> None:
    """Cut inside the held markup: the text held so far reaches the client as text, then the
    API's own ``error`` event; no call, no clean completion."""
    model = upstream.register(f"f/cut{path}", text=PROSE + CALL + " " * 400, step=5, cut=0.7)
    events = _events(_post_stream(http, proxy, path, {**body, "model": model}))
    name, last = events[-1]
    assert name == "error" and last.get("type", "error") == "error"
    code = last.get("code") or last["error"]["type"]
    assert code == "leakcall_upstream_broken"
    text = _text(events)
    assert text.startswith(PROSE + "<tool_call>")  # the held markup, released as text
    assert len(text) > len(PROSE) + 20
    kinds = {d.get("type") for _, d in events}
    assert not kinds & {"response.completed", "message_stop", "message_delta"}
    assert not any(d.get("done") for _, d in events)
    assert not any("function_call" in json.dumps(d) or "tool_use" in json.dumps(d)
                   or '"tool_calls"' in json.dumps(d) for _, d in events)


def test_unrepaired_relay_reset_drops_the_client_connection(upstream: ReplayServer,
                                                            proxy: str, http: Any) -> None:
    """No tools: the proxy only relays. A cut upstream body never arrives as a complete one."""
    model = upstream.register("f/relay-cut", text=PROSE * 20, step=5, cut=0.5, chunked=True)
    with pytest.raises(httpx.HTTPError):
        _post_stream(http, proxy, "/v1/responses", {"model": model, "input": "go", "stream": True})


@pytest.mark.heavy
def test_held_text_past_the_limit_is_released_on_wire_routes(upstream: ReplayServer,
                                                             tight: str, http: Any) -> None:
    """``--max-held-chars`` bounds Responses and Messages streams too: past it the held text
    goes out as it came and the rest passes unrepaired (no call)."""
    long_call = CALL.replace("Paris", "Paris" * 30)
    before = http.get(tight + "/leakcall/stats").json()["passthrough"].get("hold_limit", 0)
    for path, body in WIRE_STREAMS:
        model = upstream.register(f"f/held{path}", text=PROSE + long_call, step=5)
        events = _events(_post_stream(http, tight, path, {**body, "model": model}))
        assert _text(events) == PROSE + long_call
        assert not any("function_call" in json.dumps(d) or "tool_use" in json.dumps(d)
                       or '"tool_calls"' in json.dumps(d) for _, d in events)
        before += 1
        assert http.get(tight + "/leakcall/stats").json()["passthrough"]["hold_limit"] == before


def _replayed(text: str, **sc: Any) -> list[dict[str, Any]]:
    return [ev for _, ev in responses_events("m", {"text": text, "step": 5, **sc})]


def test_an_event_the_repair_cannot_read_releases_what_it_holds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``repair_response_stream`` never raises on the upstream's events: a failure inside the
    repair ends it, releasing the held markup as text before the event."""
    def broken(self: Any, event: Any, d: Any, t: Any) -> list[Any]:
        raise TypeError("unreadable")

    monkeypatch.setattr(ResponsesStreamRepair, "_terminal", broken)
    events = _replayed(PROSE + CALL)
    out = list(repair_response_stream(events, RESP_TOOLS))
    text = "".join(e["delta"] for e in out if e["type"] == "response.output_text.delta")
    assert text == PROSE + CALL
    assert out[-1]["type"] == "response.completed"
    assert not any(e["type"] == "response.output_item.added"
                   and e["item"].get("type") == "function_call" for e in out)
    # the same in the transports' and the proxy's stream repair (StreamFixer)
    job = job_for("POST", "/v1/responses", json.dumps(
        {"model": "m", "input": "go", "tools": RESP_TOOLS, "stream": True}).encode())
    assert job is not None
    fixer = StreamFixer(job, None, None, lambda rec: None)
    body = b"".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events)
    sent = _events(fixer.feed(body) + fixer.close())
    assert _text(sent) == PROSE + CALL
    assert sent[-1][1]["type"] == "response.completed"


def test_a_null_output_index_loses_nothing(upstream: ReplayServer, proxy: str) -> None:
    """``output_index: null`` on an item added after the held text: the direct API, the proxy
    and the transport never raise and lose nothing: the markup, whole, is the call."""
    def nulled(events: list[tuple[str | None, Any]]) -> list[tuple[str | None, Any]]:
        out = []
        for name, ev in events:
            if ev["type"] == "response.output_text.done":
                out.append(("response.output_item.added", {
                    "type": "response.output_item.added", "output_index": None,
                    "sequence_number": ev["sequence_number"],
                    "item": {"type": "reasoning", "id": "rs_1", "summary": []}}))
            out.append((name, ev))
        return out

    direct = list(repair_response_stream([ev for _, ev in nulled(
        list(responses_events("m", {"text": PROSE + CALL, "step": 5})))], RESP_TOOLS))
    assert "".join(e["delta"] for e in direct
                   if e["type"] == "response.output_text.delta") == PROSE
    assert [e["item"]["name"] for e in direct if e["type"] == "response.output_item.done"
            and e["item"].get("type") == "function_call"] == ["get_weather"]
    model = upstream.register("f/null-index", text=PROSE + CALL, step=5, edit=nulled)
    body = {"model": model, "input": "go", "tools": RESP_TOOLS, "stream": True}
    for base, client in [(proxy, httpx.Client(timeout=30)),
                         (upstream.base, httpx.Client(timeout=30,
                                                      transport=lc_httpx.RepairTransport()))]:
        with client, client.stream("POST", base + "/v1/responses", json=body) as r:
            events = _events(b"".join(r.iter_bytes()))
        assert _text(events) == PROSE
        assert [d["item"]["name"] for _, d in events if d["type"] == "response.output_item.done"
                and d["item"].get("type") == "function_call"] == ["get_weather"]
        assert events[-1][1]["type"] == "response.completed"


def test_transport_releases_held_text_before_the_upstream_error(upstream: ReplayServer) -> None:
    """The in-process transport: a cut upstream raises in the client, after the held text."""
    model = upstream.register("f/t-cut", text=PROSE + CALL + " " * 400, step=5, cut=0.7)
    body = {"model": model, "input": "go", "tools": RESP_TOOLS, "stream": True}
    got: list[bytes] = []
    with httpx.Client(timeout=30, transport=lc_httpx.RepairTransport()) as c, \
            pytest.raises(httpx.HTTPError), \
            c.stream("POST", upstream.base + "/v1/responses", json=body) as r:
        for part in r.iter_bytes():
            got.append(part)
    text = _text(_events(b"".join(got).rpartition(b"\n\n")[0] + b"\n\n"))
    assert text.startswith(PROSE + "<tool_call>")


@pytest.fixture(scope="module")
def hasty(upstream: ReplayServer) -> Iterator[str]:
    with serving_app(create_app(upstream.base, limits=Limits(repair_deadline=1e-9))) as base:
        yield base


@pytest.mark.heavy
def test_repair_deadline_on_wire_routes(upstream: ReplayServer, hasty: str, http: Any) -> None:
    """Past the request's repair deadline a Responses or Messages stream is relayed: the held
    text as it came, no call, the passthrough counted."""
    before = http.get(hasty + "/leakcall/stats").json()["passthrough"].get("repair_deadline", 0)
    for path, body in WIRE_STREAMS:
        model = upstream.register(f"f/late{path}", text=PROSE + CALL, step=5)
        events = _events(_post_stream(http, hasty, path, {**body, "model": model}))
        assert _text(events) == PROSE + CALL
        assert not any("function_call" in json.dumps(d) or "tool_use" in json.dumps(d)
                       or '"tool_calls"' in json.dumps(d) for _, d in events)
    after = http.get(hasty + "/leakcall/stats").json()["passthrough"]["repair_deadline"]
    assert after == before + len(WIRE_STREAMS)


ROUTES = [
    ("/v1/chat/completions", lambda tools: {"messages": USER, "tools": tools}),
    ("/v1/responses", lambda tools: {"input": "go", "tools": [
        {"type": "function", **t["function"]} for t in tools]}),
    ("/v1/messages", lambda tools: {"max_tokens": 9, "messages": USER, "tools": [
        {"name": t["function"]["name"],
         "input_schema": t["function"].get("parameters") or {"type": "object"}}
        for t in tools]}),
    ("/api/chat", lambda tools: {"messages": USER, "tools": tools}),
]


def _data(body: bytes, stream: bool) -> Any:
    if not stream:
        return json.loads(body)
    return [d for _, d in _events(body.replace(b"data: [DONE]", b""))]


@pytest.mark.heavy
@pytest.mark.parametrize("case", wire_sample(ok=1, refused=1)[:: 6 if conftest.SAMPLED else 3],
                         ids=lambda c: c.id)
def test_proxy_and_transport_give_the_same_repair(upstream: ReplayServer, proxy: str, http: Any,
                                                  repairing: Any, case: Any) -> None:
    """One wire path: the proxy and the in-process transport repair the same request into the
    same events and bodies, call ids included, on every route, streamed and not."""
    if case.options or not all("function" in t for t in case.tools):
        pytest.skip("the replay sends the reply with default options and function tools")
    model = upstream.register(f"f/same/{case.id}", text=case.text, step=7)
    for path, shape in ROUTES:
        for stream in (False, True):
            body = {"model": model, **shape(case.tools), "stream": stream}
            via_proxy = http.post(proxy + path, json=body).content
            via_transport = repairing.post(upstream.base + path, json=body).content
            assert _data(via_proxy, stream) == _data(via_transport, stream), (path, stream)


@pytest.mark.heavy
def test_load_on_every_route(upstream: ReplayServer, proxy: str, http: Any) -> None:
    """120 requests, 12 at a time, over the four routes, streamed and not: each reply holds
    the call, and the proxy counted each request on its route."""
    from concurrent.futures import ThreadPoolExecutor

    model = upstream.register("f/load", text=PROSE + CALL, step=4)
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]
    before = http.get(proxy + "/leakcall/stats").json()["requests"]

    def one(i: int) -> bool:
        path, shape = ROUTES[i % 4]
        stream = bool(i // 4 % 2)
        body = {"model": model, **shape(tools), "stream": stream}
        r = http.post(proxy + path, json=body)  # the client is shared by the 12 threads
        text = r.text
        return r.status_code == 200 and "get_weather" in text and "<tool_call>" not in text

    n = 120
    with ThreadPoolExecutor(12) as pool:
        ok = list(pool.map(one, range(n)))
    assert ok.count(True) == n
    after = http.get(proxy + "/leakcall/stats").json()["requests"]
    for name in ("chat_completions", "responses", "messages", "ollama_chat"):
        assert after.get(name, 0) - before.get(name, 0) == n // 4, name


@pytest.mark.heavy
def test_heavy_wire_repairs_do_not_stall_other_clients(upstream: ReplayServer, proxy: str,
                                                       http: Any) -> None:
    """While Responses and Messages replies with a large call (400 KB) are repaired, GET
    /leakcall/stats answers within a small multiple of its idle latency (a ratio measured here,
    not a time): like Chat Completions, such a reply is repaired in a worker process. (A
    stream's repair runs in a worker thread of the proxy's process, on every route; docs/security.md's
    known limits give what that costs other clients.)"""
    routes, stream = ROUTES[1:], False
    from concurrent.futures import ThreadPoolExecutor

    args = {"items": [[i, {"x": i}] for i in range(30_000)]}
    text = '<tool_call>\n{"name": "bash", "arguments": ' + json.dumps(args) + "}\n</tool_call>"
    model = upstream.register("f/heavy", text=text, step=60_000)
    tools = [{"type": "function", "function": {"name": "bash", "parameters": {"type": "object"}}}]
    stats_url = proxy + "/leakcall/stats"

    def sample(n: int) -> list[float]:
        out = []
        for _ in range(n):
            t0 = time.perf_counter()
            assert http.get(stats_url).status_code == 200
            out.append(time.perf_counter() - t0)
            time.sleep(0.02)
        return sorted(out)

    sample(5)
    idle = sample(20)
    done = threading.Event()

    def costly() -> None:
        with httpx.Client(timeout=120) as c:  # its own connection, apart from the sampler's
            for path, shape in routes * 2:
                r = c.post(proxy + path, json={"model": model, **shape(tools), "stream": stream})
                assert r.status_code == 200
        done.set()

    with ThreadPoolExecutor(1) as pool:
        job = pool.submit(costly)
        busy: list[float] = []
        while not done.is_set() and len(busy) < 60:
            busy += sample(1)
        job.result()
    assert len(busy) >= 5, "the repairs ended before they could be measured against"
    ratio = sorted(busy)[len(busy) // 2] / max(idle[len(idle) // 2], 1e-3)
    assert ratio < 10, (ratio, idle, busy)
