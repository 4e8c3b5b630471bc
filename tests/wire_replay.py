"""A loopback server that replays a reply as the four wire APIs send it: Chat Completions,
Responses, Anthropic Messages (streamed as SSE or not) and Ollama's ``/api/chat`` (streamed as
NDJSON unless the request says ``"stream": false``). The request's ``model`` names a scenario
registered on the server: ``text`` (the reply), ``step`` (characters per delta), ``id``, and
``finish`` (Chat), ``status`` (Responses), ``stop`` (Messages) or ``done_reason`` (Ollama);
``thought`` a reasoning field (Chat, Ollama); ``structured`` adds a real call;
``error`` (``(status, body bytes)``) answers that error instead of the reply;
``edit`` (a function of the list of (event name, event) pairs) changes a stream's events before
they are sent; ``cut`` (a fraction) sends that part of a streamed body, then drops the connection
(its declared length unmet, or with ``chunked``, its last chunk never sent: an upstream reset)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from itertools import pairwise
from typing import Any

from .conftest import CASES

CREATED = 1_700_000_000


def wire_sample(ok: int = 2, refused: int = 1) -> list[Any]:
    """The corpus cases the SDK loopback tests replay: per family, up to ``ok`` recovered and
    ``refused`` refused cases (real captures first, then distinct reasons). The in-process
    tests go over every recoverable case. A case that advertises no tools is left out: a
    request without tools is passed through, never repaired."""
    by: dict[tuple[str, bool], list[Any]] = {}
    for c in sorted((c for c in CASES if c.tools), key=lambda c: (c.kind != "real", c.id)):
        by.setdefault((c.family, c.expect.get("reason") == "ok"), []).append(c)
    out: list[Any] = []
    for (_, good), group in by.items():
        if good:
            out += group[:ok]
            continue
        reasons: set[str] = set()
        picked = []
        for c in group:
            if c.expect.get("reason") not in reasons and len(picked) < refused:
                reasons.add(c.expect.get("reason", ""))
                picked.append(c)
        out += picked
    return out
Obj = dict[str, Any]


class ReplayServer(ThreadingHTTPServer):
    daemon_threads = True
    scenarios: dict[str, Obj]
    requests: list[Obj]

    def register(self, name: str, **scenario: Any) -> str:
        self.scenarios[name] = scenario
        return name

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


def serve_app(upstream: str, *argv: str, env: dict[str, str] | None = None) -> Any:
    """The ``leakcall serve`` application for ``upstream``, built from flags, else from
    ``LEAKCALL_*`` variables (``env`` set only while it is built)."""
    import os  # noqa: PLC0415 - the proxy stack is imported only by the tests that serve

    from leakcall.ops import build_app  # noqa: PLC0415
    from leakcall.serve import argument_parser  # noqa: PLC0415

    saved = {k: os.environ.get(k) for k in env or {}}
    os.environ.update(env or {})
    try:
        return build_app(argument_parser().parse_args(["--upstream", upstream, *argv]))
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@contextmanager
def serving_app(app: Any) -> Iterator[str]:
    """An ASGI app (the proxy) under uvicorn in a thread on a loopback port: its base URL; the
    server is stopped on exit."""
    import uvicorn  # noqa: PLC0415 - the serve extra: only the tests that serve an app need it

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="critical",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the app did not start"
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def serving() -> Iterator[ReplayServer]:
    """A replay server on a loopback port, shut down and closed on exit."""
    srv = ReplayServer(("127.0.0.1", 0), _Handler)
    srv.scenarios, srv.requests = {}, []
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: ReplayServer
    protocol_version = "HTTP/1.1"
    # headers and body go out in separate writes: without TCP_NODELAY each reply waits for
    # the client's delayed ACK (about 40 ms on loopback)
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.requests.append(body)
        sc = self.server.scenarios[body["model"]]
        if sc.get("after") is not None and _has_tool_result(body):
            sc = {**sc, "text": sc["after"]}
        path = self.path.rstrip("/")
        if sc.get("error") is not None:
            status, data = sc["error"]
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        streamed = bool(body.get("stream"))
        if path.endswith("/api/chat"):
            streamed = body.get("stream") is not False  # Ollama streams unless told not to
            events, whole = ollama_lines(body["model"], sc), ollama_object(body["model"], sc)
        elif path.endswith("/chat/completions"):
            events, whole = chat_events(body["model"], sc), chat_completion(body["model"], sc)
        elif path.endswith("/responses"):
            events, whole = responses_events(body["model"], sc), response_object(body["model"], sc)
        elif path.endswith("/messages"):
            events, whole = messages_events(body["model"], sc), message_object(body["model"], sc)
        elif path.endswith("/api/generate"):  # Ollama's other API, whole: the proxy leaves it alone
            streamed, events, whole = False, iter(()), {
                "model": body["model"], "created_at": OLLAMA_CREATED, "response": sc["text"],
                **_ollama_stats(sc)}
        else:
            self.send_error(404)
            return
        data, ctype = _encode(path, streamed, events, whole, sc)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        chunked = streamed and sc.get("chunked")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if streamed and sc.get("cut") is not None:
            part = data[: int(len(data) * sc["cut"])]
            self.wfile.write(f"{len(part):x}\r\n".encode() + part + b"\r\n" if chunked else part)
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self.wfile.write(data)


def _encode(path: str, streamed: bool, events: Iterator[tuple[str | None, Obj]], whole: Obj,
            sc: Obj) -> tuple[bytes, str]:
    """The body and its content type: NDJSON lines (Ollama), SSE events, or the whole reply."""
    if not streamed:
        return json.dumps(whole).encode(), "application/json"
    listed = list(events) if sc.get("edit") is None else sc["edit"](list(events))
    if path.endswith("/api/chat"):
        return b"".join(json.dumps(ev).encode() + b"\n" for _, ev in listed), "application/x-ndjson"
    parts = [(f"event: {name}\n" if name else "").encode() + f"data: {json.dumps(ev)}\n\n".encode()
             for name, ev in listed]
    if path.endswith("/chat/completions"):
        parts.append(b"data: [DONE]\n\n")
    return b"".join(parts), "text/event-stream"


def _has_tool_result(body: Obj) -> bool:
    """The request carries a tool's result (the harness ran the call and asks again)."""
    items = [*(body.get("messages") or []), *(body.get("input") or [] if isinstance(
        body.get("input"), list) else [])]
    for m in items:
        if not isinstance(m, dict):
            continue
        if m.get("role") == "tool" or m.get("type") == "function_call_output":
            return True
        content = m.get("content")
        if isinstance(content, list) and any(
                isinstance(b, dict) and b.get("type") == "tool_result" for b in content):
            return True
    return False


def _pieces(sc: Obj) -> list[str]:
    """The reply's deltas: ``step`` characters each, or cut at ``cuts`` (positions) when given."""
    text: str = sc["text"]
    if "cuts" in sc:
        bounds = [0, *sc["cuts"], len(text)]
        return [text[a:b] for a, b in pairwise(bounds) if b > a]
    step: int = sc.get("step", 3)
    return [text[i : i + step] for i in range(0, len(text), step)]


# --- Chat Completions -----------------------------------------------------------------------------


def _chunk(model: str, sc: Obj, choices: list[Obj]) -> Obj:
    return {"id": sc.get("id", "chatcmpl-replay"), "object": "chat.completion.chunk",
            "created": CREATED, "model": model, "choices": choices}


def chat_events(model: str, sc: Obj) -> Iterator[tuple[str | None, Obj]]:
    def ch(delta: Obj, finish: str | None = None) -> Obj:
        return _chunk(model, sc, [{"index": 0, "delta": delta, "logprobs": None,
                                   "finish_reason": finish}])

    yield None, ch({"role": "assistant", "content": ""})
    thought: str = sc.get("thought", "")
    key = sc.get("thought_key", "reasoning_content")
    step = sc.get("step", 3)
    for i in range(0, len(thought), step):
        yield None, ch({key: thought[i : i + step]})
    for piece in _pieces(sc):
        yield None, ch({"content": piece})
    for j, call in enumerate(sc.get("structured", [])):
        yield None, ch({"tool_calls": [{"index": j, **call}]})
    yield None, ch({}, sc.get("finish", "stop"))


def chat_completion(model: str, sc: Obj) -> Obj:
    message: Obj = {"role": "assistant", "content": sc["text"]}
    if sc.get("thought"):
        message[sc.get("thought_key", "reasoning_content")] = sc["thought"]
    if sc.get("structured"):
        message["tool_calls"] = sc["structured"]
    return {"id": sc.get("id", "chatcmpl-replay"), "object": "chat.completion", "created": CREATED,
            "model": model, "choices": [{"index": 0, "message": message, "logprobs": None,
                                         "finish_reason": sc.get("finish", "stop")}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12}}


# --- Responses ----------------------------------------------------------------------------------------


def _message_item(text: str, status: str = "completed") -> Obj:
    return {"type": "message", "id": "msg_replay", "role": "assistant", "status": status,
            "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}]}


def response_object(model: str, sc: Obj, *, done: bool = True) -> Obj:
    status = sc.get("status", "completed") if done else "in_progress"
    output = [_message_item(sc["text"])] if done else []
    if done:
        output += sc.get("structured", [])
    return {"id": sc.get("id", "resp_replay"), "object": "response", "created_at": CREATED,
            "model": model, "status": status, "output": output, "parallel_tool_calls": True,
            "tool_choice": "auto", "tools": [],
            "incomplete_details": {"reason": "max_output_tokens"} if status == "incomplete"
            else None}


def responses_events(model: str, sc: Obj) -> Iterator[tuple[str | None, Obj]]:
    seq = iter(range(10_000))

    def ev(kind: str, **fields: Any) -> tuple[str, Obj]:
        return kind, {"type": kind, "sequence_number": next(seq), **fields}

    yield ev("response.created", response=response_object(model, sc, done=False))
    yield ev("response.in_progress", response=response_object(model, sc, done=False))
    item = _message_item("", "in_progress")
    item["content"] = []
    yield ev("response.output_item.added", output_index=0, item=item)
    part = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
    yield ev("response.content_part.added", output_index=0, content_index=0,
             item_id="msg_replay", part=part)
    for piece in _pieces(sc):
        yield ev("response.output_text.delta", output_index=0, content_index=0,
                 item_id="msg_replay", delta=piece, logprobs=[])
    text = sc["text"]
    yield ev("response.output_text.done", output_index=0, content_index=0, item_id="msg_replay",
             text=text, logprobs=[])
    yield ev("response.content_part.done", output_index=0, content_index=0, item_id="msg_replay",
             part={**part, "text": text})
    yield ev("response.output_item.done", output_index=0, item=_message_item(text))
    for k, call in enumerate(sc.get("structured", []), start=1):
        yield ev("response.output_item.added", output_index=k,
                 item={**call, "arguments": "", "status": "in_progress"})
        yield ev("response.function_call_arguments.done", output_index=k, item_id=call["id"],
                 arguments=call["arguments"])
        yield ev("response.output_item.done", output_index=k, item=call)
    final = response_object(model, sc)
    kind = "response.incomplete" if final["status"] == "incomplete" else "response.completed"
    if not sc.get("no_terminal"):
        yield ev(kind, response=final)


# --- Anthropic Messages ---------------------------------------------------------------------------


def message_object(model: str, sc: Obj, *, done: bool = True) -> Obj:
    content = [{"type": "text", "text": sc["text"]}] if done else []
    if done:
        content += sc.get("structured", [])
    return {"id": sc.get("id", "msg_replay"), "type": "message", "role": "assistant",
            "model": model, "content": content,
            "stop_reason": sc.get("stop", "end_turn") if done else None, "stop_sequence": None,
            "usage": {"input_tokens": 5, "output_tokens": 7 if done else 1}}


def messages_events(model: str, sc: Obj) -> Iterator[tuple[str | None, Obj]]:
    def ev(kind: str, **fields: Any) -> tuple[str, Obj]:
        return kind, {"type": kind, **fields}

    yield ev("message_start", message=message_object(model, sc, done=False))
    yield ev("content_block_start", index=0, content_block={"type": "text", "text": ""})
    yield ev("ping")
    for piece in _pieces(sc):
        yield ev("content_block_delta", index=0, delta={"type": "text_delta", "text": piece})
    yield ev("content_block_stop", index=0)
    for k, block in enumerate(sc.get("structured", []), start=1):
        yield ev("content_block_start", index=k, content_block={**block, "input": {}})
        yield ev("content_block_delta", index=k, delta={
            "type": "input_json_delta", "partial_json": json.dumps(block["input"])})
        yield ev("content_block_stop", index=k)
    if not sc.get("no_terminal"):
        yield ev("message_delta", delta={"stop_reason": sc.get("stop", "end_turn"),
                                         "stop_sequence": None}, usage={"output_tokens": 7})
        yield ev("message_stop")


# --- Ollama /api/chat ---------------------------------------------------------------------------------

OLLAMA_CREATED = "2025-06-01T12:00:00.000000Z"


def _ollama_message(content: str, thinking: str = "") -> Obj:
    message: Obj = {"role": "assistant", "content": content}
    if thinking:
        message["thinking"] = thinking
    return message


def _ollama_stats(sc: Obj) -> Obj:
    return {"done": True, "done_reason": sc.get("done_reason", "stop"), "total_duration": 123456,
            "load_duration": 1000, "prompt_eval_count": 12, "prompt_eval_duration": 2000,
            "eval_count": 34, "eval_duration": 3000}


def ollama_object(model: str, sc: Obj) -> Obj:
    message = _ollama_message(sc["text"], sc.get("thought", ""))
    if sc.get("structured"):
        message["tool_calls"] = sc["structured"]
    return {"model": model, "created_at": sc.get("created", OLLAMA_CREATED), "message": message,
            **_ollama_stats(sc)}


def ollama_lines(model: str, sc: Obj) -> Iterator[tuple[str | None, Obj]]:
    created = sc.get("created", OLLAMA_CREATED)

    def line(message: Obj) -> tuple[None, Obj]:
        return None, {"model": model, "created_at": created, "message": message, "done": False}

    thought: str = sc.get("thought", "")
    step = sc.get("step", 3)
    for i in range(0, len(thought), step):
        yield line(_ollama_message("", thought[i : i + step]))
    for piece in _pieces(sc):
        yield line(_ollama_message(piece))
    if sc.get("structured"):
        yield line({**_ollama_message(""), "tool_calls": sc["structured"]})
    if not sc.get("no_terminal"):
        yield None, {"model": model, "created_at": created, "message": _ollama_message(""),
                     **_ollama_stats(sc)}
