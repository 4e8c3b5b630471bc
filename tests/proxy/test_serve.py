"""``leakcall serve`` end to end, with real processes on loopback.

A stub upstream (Starlette + uvicorn, in a thread of this process, real HTTP on 127.0.0.1) replays
corpus replies as JSON and as SSE; ``python -m leakcall.serve`` runs as a subprocess in front of
it; the official ``openai`` client is the caller. Every process is terminated in teardown.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

openai = pytest.importorskip("openai")
httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from starlette.applications import Starlette  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import JSONResponse, Response, StreamingResponse  # noqa: E402
from starlette.routing import Route  # noqa: E402

import leakcall  # noqa: E402
from leakcall.corpus import Case  # noqa: E402
from leakcall.serve import upstream_url  # noqa: E402

from ..conftest import CASES as ALL_CASES  # noqa: E402

pytestmark = pytest.mark.heavy

CASES: dict[str, Case] = {c.id: c for c in ALL_CASES if set(c.options) <= {"reasoning"}}
TIMEOUT = 2.0  # the proxies' upstream timeout in these tests
CANNED: dict[str, tuple[str, list[bytes]]] = {}  # replies a test prepares for ``canned:<key>``

# --- the stub upstream ---------------------------------------------------------------------------


@dataclass
class StubState:
    """What the stub saw."""

    requests: list[tuple[str, str, bytes, dict[str, str]]] = field(default_factory=list)
    drip_started: int = 0
    drip_closed: int = 0


def _completion(text: str, finish: str = "stop") -> dict[str, Any]:
    return {"id": "chatcmpl-stub", "object": "chat.completion", "created": 1, "model": "stub",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "logprobs": None, "finish_reason": finish}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def _chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    chunk = {"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": 1, "model": "stub",
             "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}
    return b"data: " + json.dumps(chunk, ensure_ascii=False).encode() + b"\n\n"


def _sse_reply(text: str, size: int = 5, finish: str = "stop") -> list[bytes]:
    """The reply as SSE events: role, content in ``size``-character pieces, finish, [DONE]."""
    out = [_chunk({"role": "assistant", "content": ""})]
    out += [_chunk({"content": text[i : i + size]}) for i in range(0, len(text), size)]
    out += [b": keep-alive\n\n", _chunk({}, finish), b"data: [DONE]\n\n"]
    return out


def stub_app(state: StubState) -> Starlette:
    """The last user message says what to answer: ``case:<corpus id>``, ``text:<reply>``,
    ``cut:<corpus id>`` (finish_reason "length"), ``break:<corpus id>`` (half of it streamed, then
    the connection drops), ``status:<code>``, ``slow:<seconds>``, ``drip`` (an endless slow
    stream)."""

    async def chat(request: Request) -> Response:
        raw = await request.body()
        state.requests.append((request.method, request.url.path, raw, dict(request.headers)))
        try:  # a big integer or deep nesting: still answered (the proxy must pass them on)
            body = json.loads(raw, parse_int=lambda s: int(s) if len(s) < 1000 else 0)
        except RecursionError:
            return JSONResponse(_completion("deep request"))
        order = body["messages"][-1]["content"]
        kind, _, arg = order.partition(":")
        stream = body.get("stream") is True
        if kind == "canned":  # bytes prepared by a test: (content type, pieces to send)
            ctype, pieces = CANNED[arg]
            if ctype.startswith("text/event-stream"):
                return StreamingResponse(iter(pieces), media_type=ctype)
            return Response(b"".join(pieces), media_type=ctype)
        if kind == "status":
            return JSONResponse({"error": {"message": f"stub says {arg}", "type": "stub"}},
                                status_code=int(arg), headers={"x-stub": "error"})
        if kind == "slow":
            await asyncio.sleep(float(arg))
            return JSONResponse(_completion("late"))
        if kind == "drip":
            async def drip() -> AsyncIterator[bytes]:
                state.drip_started += 1
                try:
                    yield _chunk({"role": "assistant", "content": ""})
                    for i in range(400):
                        yield _chunk({"content": f"word{i} "})
                        await asyncio.sleep(0.05)
                finally:
                    state.drip_closed += 1

            return StreamingResponse(drip(), media_type="text/event-stream")
        if kind == "break":  # half the reply, then the connection drops
            half = CASES[arg].text[: len(CASES[arg].text) // 2]

            async def broken() -> AsyncIterator[bytes]:
                for event in _sse_reply(half)[:-3]:
                    yield event
                raise ConnectionAbortedError("stub: upstream dies mid-stream")

            return StreamingResponse(broken(), media_type="text/event-stream")
        finish = "stop"
        if kind in ("case", "cut"):
            text = CASES[arg].text
            finish = "length" if kind == "cut" else "stop"
        else:
            text = arg
        if stream:
            return StreamingResponse(iter(_sse_reply(text, finish=finish)),
                                     media_type="text/event-stream")
        return JSONResponse(_completion(text, finish))

    async def models(request: Request) -> Response:
        state.requests.append((request.method, request.url.path, b"", dict(request.headers)))
        return JSONResponse({"object": "list", "data": [
            {"id": "stub-model", "object": "model", "created": 1, "owned_by": "stub"}]},
            # an upstream's own request id and a header in leakcall's namespace: the proxy
            # owns both (tests/proxy/test_ops.py)
            headers={"x-stub": "models", "x-request-id": "up-123", "x-leakcall-reason": "ok"})

    async def anything(request: Request) -> Response:
        raw = await request.body()
        state.requests.append((request.method, request.url.path, raw, dict(request.headers)))
        return Response(raw[::-1], status_code=207, media_type="application/x-stub",
                        headers={"x-stub": "echo", "x-query": request.url.query})

    return Starlette(routes=[
        Route("/v1/chat/completions", chat, methods=["POST"]),
        Route("/v1/models", models, methods=["GET"]),
        Route("/{path:path}", anything, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
    ])


class ThreadServer:
    """uvicorn serving an app in a daemon thread on a free loopback port (``http``: uvicorn's
    HTTP protocol, a name or a class; ``lifespan``: run the app's start-up, e.g. a proxy's)."""

    def __init__(self, app: Any, http: Any = "auto", lifespan: str = "off",
                 start_s: float = 10) -> None:
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="critical", http=http,
                                lifespan=lifespan, timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.start_s = start_s

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + self.start_s
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.01)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


# --- the proxy under test ---------------------------------------------------------------------------

_RUNNING = re.compile(r"Uvicorn running on http://127\.0\.0\.1:(\d+)")


class Proxy:
    """``python -m leakcall.serve`` as a subprocess on a free port; its stderr goes to a file."""

    def __init__(self, upstream: str, log: Path, *extra: str) -> None:
        self.log = log
        self._err = log.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "leakcall.serve", "--upstream", upstream, "--port", "0",
             "--timeout", str(TIMEOUT), *extra],
            stdout=subprocess.DEVNULL, stderr=self._err, stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.port = 0
        self._client: Any = None

    def wait_ready(self) -> Proxy:
        deadline = time.monotonic() + 120  # start-up warms every family: slow on a loaded machine
        while time.monotonic() < deadline:
            m = _RUNNING.search(self.log.read_text(errors="replace"))
            if m:
                self.port = int(m.group(1))
                return self
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"proxy did not start:\n{self.log.read_text(errors='replace')}")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def client(self) -> Any:
        """One openai client per proxy (building one costs an SSL context)."""
        if self._client is None:
            self._client = openai.OpenAI(base_url=self.base, api_key="sk-test", max_retries=0,
                                         timeout=20)
        return self._client

    def log_lines(self) -> list[dict[str, Any]]:
        out = []
        for line in self.log.read_text(errors="replace").splitlines():
            if line.startswith("{"):
                out.append(json.loads(line))
        return out

    def stop(self) -> None:
        if self._client is not None:
            self._client.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._err.close()


@dataclass
class Rig:
    stub: ThreadServer
    state: StubState
    proxy: Proxy  # upstream = the stub's root
    proxy_v1: Proxy  # upstream = the stub's .../v1, --reasoning recover
    dead: Proxy  # upstream = a port nobody listens on (with userinfo in its URL)
    tight: Proxy  # small limits (see TIGHT)
    hasty: Proxy  # a repair deadline no real repair meets
    http: Any  # an httpx.Client for raw requests


TIGHT = {"--max-body": 100_000, "--max-held-chars": 1000, "--max-sse-event-bytes": 4096,
         "--max-response-bytes": 200_000, "--limit-concurrency": 12, "--header-timeout": 1,
         "--body-timeout": 1}


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    state = StubState()
    logs = tmp_path_factory.mktemp("serve")
    proxies: list[Proxy] = []
    with ThreadServer(stub_app(state)) as stub:
        root = f"http://127.0.0.1:{stub.port}"
        try:
            proxies.append(Proxy(root, logs / "proxy.log"))
            proxies.append(Proxy(root + "/v1", logs / "proxy_v1.log", "--reasoning", "recover"))
            proxies.append(Proxy(f"http://admin:hunter2@127.0.0.1:{_free_port()}",
                                 logs / "dead.log"))
            proxies.append(Proxy(root, logs / "tight.log",
                                 *(x for k, v in TIGHT.items() for x in (k, str(v)))))
            proxies.append(Proxy(root, logs / "hasty.log", "--repair-deadline", "0.1"))
            for p in proxies:
                p.wait_ready()
            with httpx.Client(timeout=20) as http:
                yield Rig(stub, state, *proxies, http)
        finally:
            for p in proxies:
                p.stop()


# --- helpers ---------------------------------------------------------------------------------------


def _user(order: str) -> list[dict[str, str]]:
    return [{"role": "user", "content": order}]


def _expected(case: Case, order: str) -> leakcall.Recovery:
    # the documented rule, the same as the transports': a digest of the conversation
    body = {"messages": _user(order)}
    ctx = [body.get(k) for k in ("system", "instructions", "messages", "input")]
    canon = json.dumps(ctx, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    salt = hashlib.sha256(canon.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return leakcall.recover(case.text, case.tools, id_salt=salt, **case.options)


def _proxy_for(rig: Rig, case: Case) -> Proxy:
    return rig.proxy_v1 if case.options.get("reasoning") == "recover" else rig.proxy


def _calls(tool_calls: list[Any] | None) -> list[tuple[str, str, dict[str, Any]]]:
    return [(c.id, c.function.name, json.loads(c.function.arguments)) for c in tool_calls or []]


def _want(rec: leakcall.Recovery) -> list[tuple[str, str, dict[str, Any]]]:
    return [(c.id, c.name, c.arguments) for c in rec.calls]


def _collect(stream: Any) -> tuple[list[str], list[tuple[str, str, dict[str, Any]]], str | None]:
    """Content pieces, tool calls and the last finish_reason of a streamed reply."""
    pieces: list[str] = []
    calls: dict[int, dict[str, str]] = {}
    finish = None
    for chunk in stream:
        for ch in chunk.choices:
            if ch.delta.content:
                pieces.append(ch.delta.content)
            for tc in ch.delta.tool_calls or []:
                cur = calls.setdefault(tc.index, {"id": "", "name": "", "arguments": ""})
                cur["id"] += tc.id or ""
                cur["name"] += (tc.function.name or "") if tc.function else ""
                cur["arguments"] += (tc.function.arguments or "") if tc.function else ""
            finish = ch.finish_reason or finish
    out = [(c["id"], c["name"], json.loads(c["arguments"])) for _, c in sorted(calls.items())]
    return pieces, out, finish


# --- the corpus through the proxy ----------------------------------------------------------------


def _check_case(rig: Rig, case: Case) -> None:
    order = f"case:{case.id}"
    want = _expected(case, order)
    client = _proxy_for(rig, case).client()

    done = client.chat.completions.create(model="stub", messages=_user(order), tools=case.tools)
    msg = done.choices[0].message
    if want.ok:
        assert _calls(msg.tool_calls) == _want(want)
        assert msg.content == (want.content or None)  # only markup: null
        assert done.choices[0].finish_reason == "tool_calls"
    else:  # refused: the reply arrives unchanged
        assert msg.tool_calls is None
        assert msg.content == case.text
        assert done.choices[0].finish_reason == "stop"

    stream = client.chat.completions.create(model="stub", messages=_user(order), tools=case.tools,
                                            stream=True)
    pieces, calls, finish = _collect(stream)
    if want.ok:
        assert calls == _want(want)
        assert "".join(pieces) == want.content  # the reply minus the recovered markup
        assert finish == "tool_calls"
        assert want.span is not None
        markup = case.text[want.span[0] : want.span[1]]
        assert "".join(pieces).count(markup) == case.text.count(markup) - 1
    else:
        assert calls == []
        assert "".join(pieces) == case.text
        assert finish == "stop"


@pytest.mark.parametrize("family", sorted({c.family for c in CASES.values()}))
def test_corpus_family_json_and_sse(rig: Rig, family: str, exhaustive: bool) -> None:
    """The family's real captures and every fourth constructed case (every case under
    ``--exhaustive``; the in-process adapters take every case on the same wire path),
    non-streaming and streaming (5-character deltas): recovered calls arrive as tool_calls
    with the ids ``recover`` gives for the request's salt; refused replies arrive unchanged;
    streamed content never holds the recovered markup."""
    cases = [c for i, c in enumerate(c for c in CASES.values() if c.family == family)
             if exhaustive or c.kind == "real" or i % 4 == 0]
    failures: list[str] = []

    def one(case: Case) -> None:
        try:
            _check_case(rig, case)
        except AssertionError as e:
            failures.append(f"{case.id}: {e}")

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(one, cases))
    assert not failures, "\n".join(failures)


def test_corpus_has_both_outcomes() -> None:
    reasons = {str(leakcall.recover(c.text, c.tools, **c.options).reason) for c in CASES.values()}
    assert "ok" in reasons and len(reasons) > 1


def _a_recoverable_case() -> Case:
    return next(c for c in CASES.values() if not c.options and leakcall.recover(c.text, c.tools).ok)


def test_cut_reply_is_refused(rig: Rig) -> None:
    """finish_reason "length": the reply was cut; nothing is recovered, JSON or SSE."""
    case = _a_recoverable_case()
    client = rig.proxy.client()
    order = f"cut:{case.id}"
    done = client.chat.completions.create(model="stub", messages=_user(order), tools=case.tools)
    assert done.choices[0].message.tool_calls is None
    assert done.choices[0].message.content == case.text
    pieces, calls, finish = _collect(client.chat.completions.create(
        model="stub", messages=_user(order), tools=case.tools, stream=True))
    assert (calls, "".join(pieces), finish) == ([], case.text, "length")


def test_ids_are_deterministic_per_request_and_differ_across_turns(rig: Rig) -> None:
    case = _a_recoverable_case()
    client = rig.proxy.client()
    order = f"case:{case.id}"
    a = client.chat.completions.create(model="stub", messages=_user(order), tools=case.tools)
    b = client.chat.completions.create(model="stub", messages=_user(order), tools=case.tools)
    turn2 = [{"role": "system", "content": "another turn"}, *_user(order)]
    c = client.chat.completions.create(model="stub", messages=turn2, tools=case.tools)
    ids = [[t.id for t in r.choices[0].message.tool_calls] for r in (a, b, c)]
    assert ids[0] == ids[1] != ids[2]


# --- pass-through --------------------------------------------------------------------------------


def test_without_tools_or_tool_choice_none_passes_through(rig: Rig) -> None:
    case = _a_recoverable_case()
    for extra in ({}, {"tools": case.tools, "tool_choice": "none"}, {"tools": []}):
        body = json.dumps({"model": "stub", "messages": _user(f"case:{case.id}"), **extra},
                          separators=(", ", ": ")).encode()  # unusual spacing: bytes must survive
        before = len(rig.state.requests)
        r = rig.http.post(f"{rig.proxy.base}/chat/completions", content=body,
                       headers={"content-type": "application/json", "authorization": "Bearer k"})
        assert r.status_code == 200
        assert r.json()["choices"][0]["message"]["content"] == case.text
        assert "tool_calls" not in r.json()["choices"][0]["message"]
        method, path, raw, headers = rig.state.requests[before]
        assert (method, path, raw) == ("POST", "/v1/chat/completions", body)
        assert headers["authorization"] == "Bearer k"


def test_refused_reply_is_byte_identical(rig: Rig) -> None:
    """A reply on the repaired route from which nothing is recovered keeps the upstream's bytes."""
    case = _a_recoverable_case()
    body = {"model": "stub", "messages": _user("text:just prose, no markup"), "tools": case.tools}
    via = rig.http.post(f"{rig.proxy.base}/chat/completions", json=body)
    direct = rig.http.post(f"http://127.0.0.1:{rig.stub.port}/v1/chat/completions", json=body)
    assert via.status_code == direct.status_code == 200
    assert via.content == direct.content


def test_repaired_request_is_forwarded_byte_exact(rig: Rig) -> None:
    case = _a_recoverable_case()
    body = json.dumps({"model": "stub", "messages": _user(f"case:{case.id}"),
                       "tools": case.tools, "extra_field": [1, 2]}).encode()
    before = len(rig.state.requests)
    r = rig.http.post(f"{rig.proxy.base}/chat/completions?api-version=7", content=body,
                   headers={"content-type": "application/json"})
    assert r.status_code == 200 and r.json()["choices"][0]["message"]["tool_calls"]
    method, path, raw, _ = rig.state.requests[before]
    assert (method, path, raw) == ("POST", "/v1/chat/completions", body)


def test_other_paths_pass_through(rig: Rig) -> None:
    models = rig.proxy.client().models.list()
    assert [m.id for m in models.data] == ["stub-model"]
    for method in ("GET", "POST", "PUT", "DELETE"):
        body = b"" if method == "GET" else bytes(range(256))
        r = rig.http.request(method, f"http://127.0.0.1:{rig.proxy.port}/some/where?x=1&y=%20",
                          content=body)
        assert r.status_code == 207
        assert r.content == body[::-1]
        assert r.headers["x-stub"] == "echo"
        assert r.headers["content-type"] == "application/x-stub"
        assert r.headers["x-query"] == "x=1&y=%20"
        assert rig.state.requests[-1][:2] == (method, "/some/where")


def test_upstream_with_v1_does_not_double_it(rig: Rig) -> None:
    assert [m.id for m in rig.proxy_v1.client().models.list().data] == ["stub-model"]
    assert rig.state.requests[-1][1] == "/v1/models"
    case = _a_recoverable_case()
    done = rig.proxy_v1.client().chat.completions.create(
        model="stub", messages=_user(f"case:{case.id}"), tools=case.tools)
    assert done.choices[0].message.tool_calls
    assert rig.state.requests[-1][1] == "/v1/chat/completions"


@pytest.mark.parametrize(("upstream", "path", "url"), [
    ("http://h:1", "/v1/chat/completions", "http://h:1/v1/chat/completions"),
    ("http://h:1/", "/v1/chat/completions", "http://h:1/v1/chat/completions"),
    ("http://h:1/v1", "/v1/chat/completions", "http://h:1/v1/chat/completions"),
    ("http://h:1/v1/", "/v1/models", "http://h:1/v1/models"),
    ("http://h:1/v1", "/chat/completions", "http://h:1/v1/chat/completions"),
    ("https://h/api/openai/v1", "/v1/models", "https://h/api/openai/v1/models"),
    ("http://h:1/api", "/v1/models", "http://h:1/api/v1/models"),
])
def test_upstream_url(upstream: str, path: str, url: str) -> None:
    assert upstream_url(upstream, path) == url


def test_sse_framing_survives_any_cut() -> None:
    """The spec's framing (CRLF, LF and CR line ends, comments, named events, multi-line data, a
    BOM) whatever the cuts; the events' raw bytes give back the stream; an unfinished last event
    is not dispatched."""
    from leakcall.serve import SSEDecoder

    raw = (b'\xef\xbb\xbfdata: {"a": 1}\r\n\r\n: comment\n\nevent: x\rid: 7\rdata: 2\r\r'
           b'data: line1\ndata:line2\n\nretry: 10\ndata: [DONE]\r\n\r\ndata: tail')
    want = [(b'{"a": 1}', (b'data: {"a": 1}',)), (None, (b": comment",)),
            (b"2", (b"event: x", b"id: 7", b"data: 2")), (b"line1\nline2", (b"data: line1", b"data:line2")),
            (b"[DONE]", (b"retry: 10", b"data: [DONE]"))]
    for step in (1, 2, 3, 7, len(raw)):
        dec = SSEDecoder(1 << 20)
        events = [e for i in range(0, len(raw), step) for e in dec.feed(raw[i : i + step])]
        assert [(e.data, e.lines) for e in events] == want, step
        assert b"".join(e.raw for e in events) + dec.take_raw() == raw, step
        assert not dec.overflow


def test_sse_event_cap() -> None:
    from leakcall.serve import SSEDecoder

    dec = SSEDecoder(100)
    assert dec.feed(b"data: x\n\n" + b"data: " + b"y" * 50) != []
    assert not dec.overflow
    for _ in range(3):
        dec.feed(b"z" * 20)
    assert dec.overflow  # one unfinished event past the cap, its line cut over several reads
    assert dec.take_raw() == b"data: " + b"y" * 50 + b"z" * 60


# --- errors --------------------------------------------------------------------------------------


def test_upstream_error_keeps_status_and_body(rig: Rig) -> None:
    case = _a_recoverable_case()
    with pytest.raises(openai.RateLimitError) as err:
        rig.proxy.client().chat.completions.create(model="stub", messages=_user("status:429"),
                                                   tools=case.tools)
    assert err.value.status_code == 429
    assert err.value.body == {"message": "stub says 429", "type": "stub"}
    assert err.value.response.headers["x-stub"] == "error"


def test_non_json_body_is_400(rig: Rig) -> None:
    before = len(rig.state.requests)
    for body in (b"not json", b"\xff\xfe{", b'{"model": "x", '):
        r = rig.http.post(f"{rig.proxy.base}/chat/completions", content=body,
                       headers={"content-type": "application/json"})
        assert r.status_code == 400
        assert "not valid JSON" in r.json()["error"]["message"]
    assert len(rig.state.requests) == before  # nothing was forwarded


def test_upstream_down_is_502(rig: Rig) -> None:
    case = _a_recoverable_case()
    with pytest.raises(openai.InternalServerError) as err:
        rig.dead.client().chat.completions.create(model="stub", messages=_user("x"), tools=case.tools)
    assert err.value.status_code == 502
    assert "cannot reach the upstream" in err.value.message
    r = rig.http.get(f"{rig.dead.base}/models")
    assert r.status_code == 502 and r.json()["error"]["code"] == "leakcall_upstream_unreachable"


def test_upstream_timeout_is_504(rig: Rig) -> None:
    case = _a_recoverable_case()
    t0 = time.monotonic()
    with pytest.raises(openai.APIStatusError) as err:
        rig.proxy.client().chat.completions.create(model="stub", messages=_user("slow:5"),
                                                   tools=case.tools)
    assert err.value.status_code == 504
    assert time.monotonic() - t0 < TIMEOUT + 3
    assert rig.proxy.proc.poll() is None


def test_upstream_dying_mid_stream(rig: Rig) -> None:
    """The held text is released unrepaired (the reply was cut: truncated), then an error event
    that the openai client raises; the proxy lives on."""
    case = _a_recoverable_case()
    stream = rig.proxy.client().chat.completions.create(
        model="stub", messages=_user(f"break:{case.id}"), tools=case.tools, stream=True)
    pieces: list[str] = []
    with pytest.raises(openai.APIError) as err:
        for chunk in stream:
            assert not chunk.choices[0].delta.tool_calls
            pieces.append(chunk.choices[0].delta.content or "")
    assert "cut short" in err.value.message
    assert "".join(pieces) == case.text[: len(case.text) // 2]
    assert any(x["event"] == "error" and x["reason"] == "upstream_broken" and x.get("midstream")
               for x in rig.proxy.log_lines())
    assert rig.proxy.proc.poll() is None


def test_bad_upstream_url_exits_with_a_message() -> None:
    r = subprocess.run([sys.executable, "-m", "leakcall.serve", "--upstream", "ftp://nowhere"],
                       capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                       check=False)
    assert r.returncode != 0
    assert "upstream must be an http(s) URL" in r.stderr


def test_client_disconnect_cancels_upstream(rig: Rig) -> None:
    case = _a_recoverable_case()
    closed = rig.state.drip_closed
    stream = rig.proxy.client().chat.completions.create(
        model="stub", messages=_user("drip"), tools=case.tools, stream=True)
    got = []
    for chunk in stream:
        if chunk.choices and chunk.choices[0].delta.content:
            got.append(chunk.choices[0].delta.content)
        if len(got) >= 3:
            break
    stream.close()
    assert got == ["word0 ", "word1 ", "word2 "]
    deadline = time.monotonic() + 5
    while rig.state.drip_closed == closed and time.monotonic() < deadline:
        time.sleep(0.05)
    assert rig.state.drip_closed == closed + 1  # the stub's stream was cancelled, not finished
    stats = rig.http.get(f"http://127.0.0.1:{rig.proxy.port}/leakcall/stats").json()
    assert stats["errors"]["client_disconnect"] >= 1


def test_server_survives_and_counts(rig: Rig) -> None:
    """After all of the above (module order) the proxy still answers; logs and stats agree."""
    case = _a_recoverable_case()
    rig.proxy.client().chat.completions.create(model="stub", messages=_user(f"case:{case.id}"),
                                               tools=case.tools)
    stats = rig.http.get(f"http://127.0.0.1:{rig.proxy.port}/leakcall/stats").json()
    assert stats["reasons"]["ok"] >= 1 and stats["recovered_calls"] >= 1
    lines = rig.proxy.log_lines()
    decisions = [x for x in lines if x["event"] in ("repair", "refusal")]
    assert decisions and all("reason" in x and "request" in x for x in decisions)
    counted = {k: v for k, v in stats["reasons"].items() if k != "not_examined"}
    assert Counter(x["reason"] for x in decisions) == counted
    assert any(x["event"] == "repair" and x["reason"] == "ok" and x["calls"] for x in lines)
    assert rig.proxy.proc.poll() is None


# --- hardening: bounded, never stalled, SSE per spec, hygiene ------------------------------------

DOUBT = " That is only an example. Do NOT run it."


def _chunk_dict(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": 1, "model": "stub",
            "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}


def _events(text: str, size: int = 5, *, eol: bytes = b"\n", fields: bool = False,
            finish: str = "stop") -> list[bytes]:
    """The reply as SSE events with ``eol`` line ends; with ``fields`` every content event also
    has ``id:`` and ``event:`` lines and a comment."""
    def ev(delta: dict[str, Any], finish: str | None = None, n: int = 0) -> bytes:
        data = b"data: " + json.dumps(_chunk_dict(delta, finish)).encode()
        lines = [b": c", b"id: %d" % n, b"event: message", data] if fields else [data]
        return eol.join(lines) + eol + eol

    out = [ev({"role": "assistant", "content": ""})]
    out += [ev({"content": text[i : i + size]}, n=i) for i in range(0, len(text), size)]
    return [*out, ev({}, finish), b"data: [DONE]" + eol + eol]


def _canned(key: str, ctype: str, pieces: list[bytes]) -> str:
    CANNED[key] = (ctype, pieces)
    return f"canned:{key}"


def _post(rig: Rig, proxy: Proxy, order: str, tools: list[Any], *, stream: bool) -> Any:
    body = {"model": "stub", "messages": _user(order), "tools": tools, "stream": stream}
    return rig.http.post(f"{proxy.base}/chat/completions", json=body)


def _read_sse(raw: bytes) -> tuple[str, list[tuple[str, dict[str, Any]]], str | None, list[Any]]:
    """Content, calls (name, arguments), last finish_reason and the events of an SSE body, read
    with a conformant decoder (not a client's lenient one)."""
    from leakcall.serve import SSEDecoder

    dec = SSEDecoder(1 << 30)
    events = dec.feed(raw)
    content, finish = [], None
    calls: dict[int, dict[str, str]] = {}
    for ev in events:
        if ev.data is None or ev.data == b"[DONE]":
            continue
        chunk = json.loads(ev.data)
        for ch in chunk.get("choices", []):
            delta = ch.get("delta") or {}
            content.append(delta.get("content") or "")
            for tc in delta.get("tool_calls") or []:
                cur = calls.setdefault(tc["index"], {"name": "", "arguments": ""})
                cur["name"] += tc["function"].get("name") or ""
                cur["arguments"] += tc["function"].get("arguments") or ""
            finish = ch.get("finish_reason") or finish
    out = [(c["name"], json.loads(c["arguments"])) for _, c in sorted(calls.items())]
    return "".join(content), out, finish, events


def _logged(proxy: Proxy, event: str, reason: str) -> list[dict[str, Any]]:
    return [x for x in proxy.log_lines() if x["event"] == event and x.get("reason") == reason]


def test_sse_fields_do_not_hide_a_tail_from_the_decision(rig: Rig) -> None:
    """Row 6: content in events that also carry id:/event: lines and comments reaches the
    recoverer. A tail declaring the call an example refuses it, as recover on the full text does;
    without the tail the call (split over such events) is recovered whole, and the events the
    proxy rewrites keep their event type."""
    case = _a_recoverable_case()
    assert not leakcall.recover(case.text + DOUBT, case.tools).ok
    plain = _events(case.text)  # the call in plain data events, the tail in one with fields
    tail = b'id: 9\nevent: message\ndata: ' + json.dumps(_chunk_dict({"content": DOUBT})).encode()
    order = _canned("fields-doubt", "text/event-stream", [*plain[:-2], tail + b"\n\n", *plain[-2:]])
    r = _post(rig, rig.proxy, order, case.tools, stream=True)
    content, calls, finish, _ = _read_sse(r.content)
    assert (content, calls, finish) == (case.text + DOUBT, [], "stop")

    want = leakcall.recover(case.text, case.tools)
    order = _canned("fields-ok", "text/event-stream", _events(case.text, fields=True))
    r = _post(rig, rig.proxy, order, case.tools, stream=True)
    content, calls, finish, events = _read_sse(r.content)
    assert calls == [(c.name, c.arguments) for c in want.calls]
    assert (content, finish) == (want.content, "tool_calls")
    assert all(b"event: message" in ev.lines for ev in events if ev.data not in (None, b"[DONE]"))


@pytest.mark.parametrize("eol", [b"\r", b"\r\n"])
def test_sse_cr_line_ends_are_repaired(rig: Rig, eol: bytes) -> None:
    """CR-only and CRLF line ends (legal SSE), sent in pieces that cut them: repaired as LF."""
    case = _a_recoverable_case()
    want = leakcall.recover(case.text, case.tools)
    raw = b"".join(_events(case.text, eol=eol))
    order = _canned(f"eol-{eol!r}", "text/event-stream", [raw[i : i + 7] for i in range(0, len(raw), 7)])
    content, calls, finish, _ = _read_sse(_post(rig, rig.proxy, order, case.tools, stream=True).content)
    assert calls == [(c.name, c.arguments) for c in want.calls]
    assert (content, finish) == (want.content, "tool_calls")


DEEP = b"[" * 100_000 + b"]" * 100_000


def test_deep_json_passes_through_untouched(rig: Rig) -> None:
    """Row 7: a 100k-deep request body, tools schema, upstream reply and stream chunk: no 500, the
    bytes pass on untouched (the held text of a stream is released first)."""
    case = _a_recoverable_case()
    body = (b'{"model": "stub", "messages": [{"role": "user", "content": "x"}], "tools": '
            + json.dumps(case.tools).encode() + b', "deep": ' + DEEP + b"}")
    before = len(rig.state.requests)
    r = rig.http.post(f"{rig.proxy.base}/chat/completions", content=body,
                      headers={"content-type": "application/json"})
    assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"] == "deep request"
    assert rig.state.requests[before][2] == body
    assert _logged(rig.proxy, "passthrough", "request_unreadable")

    deep_schema: Any = {"type": "object"}
    for _ in range(400):
        deep_schema = {"type": "object", "properties": {"a": deep_schema}}
    tools = [{"type": "function", "function": {"name": "bash", "parameters": deep_schema}}]
    r = _post(rig, rig.proxy, "text:hello", tools, stream=False)
    assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"] == "hello"

    reply = (b'{"id": "x", "choices": [{"index": 0, "message": {"role": "assistant", "content": '
             + json.dumps(case.text).encode() + b'}, "finish_reason": "stop"}], "deep": ' + DEEP + b"}")
    r = _post(rig, rig.proxy, _canned("deep-json", "application/json", [reply]), case.tools,
              stream=False)
    assert (r.status_code, r.content) == (200, reply)

    events = _events(case.text)
    deep = b'data: {"choices": [], "deep": ' + DEEP + b"}\n\n"
    sent = [*events[:-2], deep, *events[-2:]]  # after the whole call (held), before the finish
    r = _post(rig, rig.proxy, _canned("deep-sse", "text/event-stream", sent), case.tools,
              stream=True)
    assert r.status_code == 200
    content, calls, _, _ = _read_sse(r.content.replace(deep, b""))
    assert (content, calls) == (case.text, [])  # released unrepaired
    assert r.content.endswith(b"".join(sent[-3:]))  # then everything as received
    assert _logged(rig.proxy, "passthrough", "sse_not_a_chunk")
    assert rig.proxy.proc.poll() is None


def test_big_integer_in_request_is_valid_json(rig: Rig) -> None:
    """A 5,000-digit integer (past Python's int-string limit) is valid JSON: no 400, repaired."""
    case = _a_recoverable_case()
    body = json.dumps({"model": "stub", "messages": _user(f"case:{case.id}"), "tools": case.tools,
                       "seed": 0}).replace('"seed": 0', '"seed": ' + "7" * 5000).encode()
    r = rig.http.post(f"{rig.proxy.base}/chat/completions", content=body,
                      headers={"content-type": "application/json"})
    assert r.status_code == 200
    assert r.json()["choices"][0]["message"]["tool_calls"]


def test_not_a_chunk_stops_repair_and_releases_held(rig: Rig) -> None:
    """An event that holds no chunk (an error object) ends repairing: the held call is released
    unrepaired, never dropped nor half repaired, and the rest passes as received."""
    case = _a_recoverable_case()
    events = _events(case.text)
    odd = b'data: {"error": {"message": "upstream hiccup"}}\n\n'
    sent = [*events[:-2], odd, *events[-2:]]
    r = _post(rig, rig.proxy, _canned("odd", "text/event-stream", sent), case.tools, stream=True)
    content, calls, finish, _ = _read_sse(r.content)
    assert (content, calls, finish) == (case.text, [], "stop")
    assert r.content.endswith(b"".join(sent[-3:]))


def test_held_text_is_bounded(rig: Rig) -> None:
    """Row 5 (proxy): a never-closing envelope is held only up to --max-held-chars, then released
    unrepaired; the stream goes on as received."""
    case = _a_recoverable_case()
    text = case.text[: len(case.text) // 2] + "x" * 3000
    r = _post(rig, rig.tight, _canned("held", "text/event-stream", _events(text, size=50)),
              case.tools, stream=True)
    content, calls, finish, _ = _read_sse(r.content)
    assert (content, calls, finish) == (text, [], "stop")
    assert _logged(rig.tight, "passthrough", "hold_limit")


def test_long_sse_event_ends_repair(rig: Rig) -> None:
    """An event past --max-sse-event-bytes: the held text first, then the stream as received."""
    case = _a_recoverable_case()
    events = _events(case.text)
    big = b"data: " + json.dumps(_chunk_dict({"content": "y" * 5000})).encode() + b"\n\n"
    sent = [*events[:-2], big, *events[-2:]]
    r = _post(rig, rig.tight, _canned("big-event", "text/event-stream", sent), case.tools,
              stream=True)
    content, calls, finish, _ = _read_sse(r.content)
    assert (content, calls, finish) == (case.text + "y" * 5000, [], "stop")
    assert r.content.endswith(b"".join(sent[-3:]))
    assert _logged(rig.tight, "passthrough", "sse_event_too_large")


def test_large_reply_is_relayed_unrepaired(rig: Rig) -> None:
    case = _a_recoverable_case()
    reply = json.dumps(_completion(case.text + " " * 300_000)).encode()
    r = _post(rig, rig.tight, _canned("large", "application/json", [reply]), case.tools,
              stream=False)
    assert (r.status_code, r.content) == (200, reply)
    assert _logged(rig.tight, "passthrough", "response_too_large")


def test_request_body_cap_is_413(rig: Rig) -> None:
    before = len(rig.state.requests)
    body = json.dumps({"model": "stub", "messages": _user("x" * 150_000)}).encode()
    r = rig.http.post(f"{rig.tight.base}/chat/completions", content=body)
    assert r.status_code == 413 and r.json()["error"]["code"] == "leakcall_body_too_large"
    r = rig.http.post(f"{rig.tight.base}/chat/completions",
                      content=iter([body[i : i + 10_000] for i in range(0, len(body), 10_000)]))
    assert r.status_code == 413  # chunked: no content-length, counted as it arrives
    assert len(rig.state.requests) == before
    assert rig.http.post(f"{rig.tight.base}/chat/completions",
                         json={"model": "stub", "messages": _user("text:ok")}).status_code == 200


# A reply whose repair takes a while on any machine: a call with 30,000 items in one argument
# (1 MB; within the key budget), each parsed, checked for duplicates and validated. Built once.
_HEAVY: list[Any] = []


def _heavy(rig: Rig) -> tuple[str, list[Any], bytes]:
    if not _HEAVY:
        tools = [{"type": "function", "function": {"name": "bash", "parameters": {"type": "object"}}}]
        args = {"items": [[i, {"x": i}] for i in range(30_000)]}
        text = '<tool_call>\n{"name": "bash", "arguments": ' + json.dumps(args) + "}\n</tool_call>"
        reply = json.dumps(_completion(text)).encode()
        _HEAVY[:] = [_canned("heavy", "application/json", [reply]), tools, reply]
    return _HEAVY[0], _HEAVY[1], _HEAVY[2]


def test_repair_deadline_passes_the_reply_through(rig: Rig) -> None:
    order, tools, reply = _heavy(rig)
    r = _post(rig, rig.hasty, order, tools, stream=False)
    assert (r.status_code, r.content) == (200, reply)
    assert _logged(rig.hasty, "passthrough", "repair_deadline")
    r = _post(rig, rig.proxy, order, tools, stream=False)  # without a deadline: recovered
    assert r.json()["choices"][0]["message"]["tool_calls"]


def test_repair_deadline_in_a_stream_releases_the_held_call(rig: Rig) -> None:
    """Past the deadline a stream's held text goes out unrepaired, then the rest as received:
    the call is neither dropped nor recovered."""
    _, tools, reply = _heavy(rig)
    text = json.loads(reply)["choices"][0]["message"]["content"]
    events = _events(text, size=60_000)
    r = _post(rig, rig.hasty, _canned("heavy-sse", "text/event-stream", events), tools, stream=True)
    content, calls, finish, _ = _read_sse(r.content)
    assert (content, calls, finish) == (text, [], "stop")
    assert r.content.endswith(b"".join(events[-2:]))
    assert _logged(rig.hasty, "passthrough", "repair_deadline")


def test_one_costly_repair_does_not_stall_other_clients(rig: Rig) -> None:
    """Row 2: while the proxy repairs costly replies, GET /leakcall/stats answers within a small
    multiple of its latency on an idle proxy (both measured here: a ratio, not a time). Requests
    are sent on a fixed schedule, not one after the other, so that a stalled event loop delays
    most of them (one after another, a stall would delay only one)."""
    order, tools, _ = _heavy(rig)
    stats_url = f"http://127.0.0.1:{rig.proxy.port}/leakcall/stats"

    def sample(until: Any, every: float = 0.03, most: int = 60) -> list[float]:
        def one(at: float) -> float:
            time.sleep(max(0.0, at - time.perf_counter()))
            t0 = time.perf_counter()
            assert rig.http.get(stats_url).status_code == 200
            return time.perf_counter() - t0

        start = time.perf_counter()
        with ThreadPoolExecutor(16) as pool:
            futs = []
            for k in range(most):
                if not until():
                    break
                futs.append(pool.submit(one, start + k * every))
                time.sleep(max(0.0, start + k * every - time.perf_counter()))
            return sorted(f.result() for f in futs)

    sample(lambda: True, most=8)  # warm up the connections
    before = sample(lambda: True, most=20)
    pending = threading.Event()
    with ThreadPoolExecutor(1) as pool, httpx.Client(timeout=60) as other:
        def costly() -> None:
            body = {"model": "stub", "messages": _user(order), "tools": tools}
            pending.set()
            for _ in range(2):
                assert other.post(f"{rig.proxy.base}/chat/completions", json=body).status_code == 200
            pending.clear()

        job = pool.submit(costly)
        pending.wait(10)
        busy = sample(pending.is_set)
        job.result()
    after = sample(lambda: True, most=20)
    assert len(busy) >= 10, "the costly repairs ended before they could be measured against"
    # Idle latency: the lower median of the runs before and after (the machine is shared).
    idle = min(before[len(before) // 2], after[len(after) // 2])
    ratio = busy[len(busy) // 2] / max(idle, 1e-3)
    assert ratio < 10, (ratio, idle, busy)


def test_dot_segments_in_the_path_are_refused(rig: Rig) -> None:
    """Row 8: a path that could climb out of the upstream's base path is a 400; nothing is sent."""
    import socket

    before = len(rig.state.requests)
    for path in ("/v1/../../internal/x", "/v1/%2e%2e/%2E%2e/internal", "/v1/..%2finternal",
                 "/v1/%252e%252e/internal", "/./v1/models", "/v1/..\\internal"):
        with socket.create_connection(("127.0.0.1", rig.proxy_v1.port), timeout=10) as sock:
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            head = b""
            while part := sock.recv(65536):  # Connection: close: read to the end
                head += part
        assert head.startswith(b"HTTP/1.1 400"), (path, head[:200])
        assert b"leakcall_bad_path" in head
    assert len(rig.state.requests) == before
    assert rig.http.get(f"{rig.proxy.base}/models/org%2Fname.v1").status_code == 207  # no dots


@pytest.mark.parametrize(("path", "ok"), [
    ("/v1/models", True), ("/v1/models/a..b", True), ("/v1/models/org%2Fname", True),
    ("/v1/..", False), ("/v1/.", False), ("/%2e%2E/x", False), ("/x/%252e%252e/y", False),
    ("/x/..%2Fy", False), ("/x/..%5cy", False), ("/x/%2e./y", False),
])
def test_safe_path(path: str, ok: bool) -> None:
    from leakcall.serve import safe_path

    assert safe_path(path) is ok


def test_userinfo_is_redacted(rig: Rig) -> None:
    r = rig.http.get(f"{rig.dead.base}/models")
    assert r.status_code == 502
    assert "hunter2" not in r.text and "admin" not in r.text and "***@" in r.text
    log = rig.dead.log.read_text(errors="replace")
    assert "upstream_unreachable" in log and "hunter2" not in log and "admin:" not in log


def test_hop_by_hop_and_forwarding_headers(rig: Rig) -> None:
    """Headers named in Connection are not forwarded; X-Forwarded-* are the proxy's own."""
    before = len(rig.state.requests)
    r = rig.http.get(f"{rig.proxy.base}/models", headers={
        "connection": "keep-alive, x-hop-secret", "x-hop-secret": "s3", "x-kept": "k",
        "x-forwarded-for": "6.6.6.6", "x-forwarded-host": "evil", "forwarded": "for=6.6.6.6",
        "x-real-ip": "6.6.6.6", "host": "front.example"})
    assert r.status_code == 200
    seen = rig.state.requests[before][3]
    assert "x-hop-secret" not in seen and seen["x-kept"] == "k"
    assert "forwarded" not in seen and "x-real-ip" not in seen
    assert seen["x-forwarded-for"] == "127.0.0.1"
    assert seen["x-forwarded-proto"] == "http"
    assert seen["x-forwarded-host"] == "front.example"


def test_response_headers_named_in_connection_are_dropped() -> None:
    from leakcall.serve import response_headers

    got = response_headers([("Connection", "x-a, close"), ("X-A", "1"), ("X-B", "2"),
                             ("Keep-Alive", "timeout=5"), ("Content-Length", "3")], rewritten=False)
    assert got == [(b"x-b", b"2"), (b"content-length", b"3")]


def test_connection_cap_answers_503_at_once(rig: Rig) -> None:
    """Row 8: idle sockets past --limit-concurrency do not starve the server: a new request is
    answered 503 at once (not left waiting), and served again once they close."""
    import socket

    url = f"{rig.tight.base}/models"
    idle = [socket.create_connection(("127.0.0.1", rig.tight.port), timeout=10) for _ in range(14)]
    try:
        with httpx.Client(timeout=10) as fresh:
            assert fresh.get(url).status_code == 503
    finally:
        for sock in idle:
            sock.close()
    deadline = time.monotonic() + 10
    while True:
        with httpx.Client(timeout=10) as fresh:
            status = fresh.get(url).status_code
        if status == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert status == 200


def test_header_timeout_closes_silent_connections(rig: Rig) -> None:
    """A connection that sends no request head is closed after --header-timeout (1 s here)."""
    import socket

    with socket.create_connection(("127.0.0.1", rig.tight.port), timeout=10) as sock:
        t0 = time.monotonic()
        assert sock.recv(1) == b""  # closed by the server, not by the 10 s socket timeout
        assert time.monotonic() - t0 < 8


def test_an_oversized_request_head_is_400_and_closed(rig: Rig) -> None:
    """A request head that passes --max-header-bytes (64 KiB by default) unfinished is answered
    400 and its connection closed; it is not forwarded."""
    import socket

    before = len(rig.state.requests)
    with socket.create_connection(("127.0.0.1", rig.proxy.port), timeout=10) as sock:
        # a little over the bound, then nothing more: the server reads it all before it closes
        sock.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n"
                     + b"".join(b"x-filler-%d: " % i + b"a" * 8000 + b"\r\n" for i in range(9)))
        got = b""
        while part := sock.recv(65536):
            got += part
    assert got.startswith(b"HTTP/1.1 400"), got[:200]
    assert len(rig.state.requests) == before


def test_body_timeout_is_408(rig: Rig) -> None:
    """A body that stops arriving is answered 408 after --body-timeout (1 s here), not forwarded."""
    import socket

    before = len(rig.state.requests)
    with socket.create_connection(("127.0.0.1", rig.tight.port), timeout=10) as sock:
        sock.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"model\"")
        head = b""
        while b"leakcall_body_timeout" not in head and (part := sock.recv(65536)):
            head += part
    assert head.startswith(b"HTTP/1.1 408"), head[:200]
    assert b"leakcall_body_timeout" in head
    assert len(rig.state.requests) == before
