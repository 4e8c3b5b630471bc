"""The OpenAI adapter on the real client path: a local server replays corpus replies as SSE chunks
(and as JSON completions), the official ``openai`` client consumes them, the adapter sits between
the SDK and the observer, and the test looks at what the observer sees chunk by chunk."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

import leakcall
from leakcall.corpus import Case
from leakcall.openai import repair_completion, repair_stream, repair_stream_async

from ..conftest import CASES, wire_args
from ..sdk import Lazy

openai = Lazy("openai")
oai_chat_stream = Lazy("openai.lib.streaming.chat")
oai_chat = Lazy("openai.types.chat")

CREATED = 1_700_000_000


class _Replay(BaseHTTPRequestHandler):
    """POST /v1/chat/completions: the ``model`` field names a scenario registered on the server."""

    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        return

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        sc = self.server.scenarios[body["model"]]
        if body.get("stream"):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            for chunk in _sse_chunks(body["model"], sc):
                self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.write(b"data: [DONE]\n\n")
        else:
            data = json.dumps(_completion(body["model"], sc)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)


class _Server(ThreadingHTTPServer):
    scenarios: dict[str, dict[str, Any]]


def _chunk(model: str, choices: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"id": "chatcmpl-replay", "object": "chat.completion.chunk", "created": CREATED,
            "model": model, "system_fingerprint": "fp_replay", "choices": choices, **extra}


def _choice(index: int, delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"index": index, "delta": delta, "logprobs": None, "finish_reason": finish}


def _sse_chunks(model: str, sc: dict[str, Any]) -> Iterator[dict[str, Any]]:
    text: str = sc["text"]
    step: int = sc.get("step", 3)
    other: str | None = sc.get("choice1")
    yield _chunk(model, [_choice(0, {"role": "assistant", "content": ""})])
    for i in range(0, len(text), step):
        yield _chunk(model, [_choice(0, {"content": text[i : i + step]})])
        if other is not None and i == 0:
            yield _chunk(model, [_choice(1, {"role": "assistant", "content": other})])
    for j, call in enumerate(sc.get("tool_calls", [])):
        yield _chunk(model, [_choice(0, {"tool_calls": [{"index": j, **call}]})])
    if other is not None:
        yield _chunk(model, [_choice(1, {}, "stop")])
    if sc.get("finish", "stop") is not None:
        yield _chunk(model, [_choice(0, {}, sc.get("finish", "stop"))])
    if sc.get("usage"):
        yield _chunk(model, [], usage={"prompt_tokens": 5, "completion_tokens": 7,
                                       "total_tokens": 12})


def _completion(model: str, sc: dict[str, Any]) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": sc["text"]}
    if sc.get("tool_calls"):
        message["tool_calls"] = sc["tool_calls"]
    choices = [{"index": 0, "message": message, "logprobs": None,
                "finish_reason": sc.get("finish", "stop")}]
    if sc.get("choice1") is not None:
        choices.append({"index": 1, "logprobs": None, "finish_reason": "stop",
                        "message": {"role": "assistant", "content": sc["choice1"]}})
    return {"id": "chatcmpl-replay", "object": "chat.completion", "created": CREATED,
            "model": model, "choices": choices,
            "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12}}


@pytest.fixture(scope="module")
def server() -> Iterator[_Server]:
    srv = _Server(("127.0.0.1", 0), _Replay)
    srv.scenarios = {}
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()


def _base_url(srv: _Server) -> str:
    return f"http://127.0.0.1:{srv.server_address[1]}/v1"


@pytest.fixture(scope="module")
def client(server: _Server) -> Any:
    return openai.OpenAI(base_url=_base_url(server), api_key="test", max_retries=0, timeout=20)


def _register(srv: _Server, name: str, **scenario: Any) -> str:
    srv.scenarios[name] = scenario
    return name


def _observe(client: Any, model: str, tools: list[Any], **opts: Any
             ) -> list[oai_chat.ChatCompletionChunk]:
    """Stream through the SDK, repair, and hand the observer SDK chunk objects again."""
    stream = client.chat.completions.create(model=model, stream=True,
                                            messages=[{"role": "user", "content": "go"}])
    repaired = repair_stream((c.model_dump() for c in stream), tools, **opts)
    return [oai_chat.ChatCompletionChunk.model_validate(c) for c in repaired]


def _content(chunks: list[oai_chat.ChatCompletionChunk], index: int = 0) -> str:
    return "".join(ch.delta.content or "" for c in chunks for ch in c.choices
                   if ch.index == index)


def _sample() -> list[Case]:
    """Per family, up to three recovered and three refused cases (real captures first)."""
    by: dict[tuple[str, bool], list[Case]] = {}
    for c in sorted(CASES, key=lambda c: (c.kind != "real", c.id)):
        by.setdefault((c.family, c.expect.get("reason") == "ok"), []).append(c)
    return [c for group in by.values() for c in group[:3]]


@pytest.mark.heavy
@pytest.mark.parametrize("case", _sample(), ids=lambda c: c.id)
def test_stream_corpus_case(server: _Server, client: Any, case: Case) -> None:
    step = 1 + len(case.id) % 5
    model = _register(server, f"stream/{case.id}", text=case.text, step=step)
    ref = leakcall.recover(case.text, case.tools, id_salt="chatcmpl-replay", **case.options)
    got: list[leakcall.Recovery] = []
    tools, opts = wire_args(case)
    chunks = _observe(client, model, tools, on_recovery=got.append, **opts)

    assert got == [ref]
    assert _content(chunks) == ref.content
    finish = [c.choices[0].finish_reason for c in chunks if c.choices]
    assert finish[-1] == ("tool_calls" if ref.ok else "stop")
    assert all(f is None for f in finish[:-1])
    calls_at = [i for i, c in enumerate(chunks) if c.choices and c.choices[0].delta.tool_calls]
    if not ref.ok:
        assert calls_at == []
        return
    assert ref.span is not None
    # No content delta holds markup: what was shown while the reply streamed lies before
    # span[0]; the head chunk (the finish chunk's copy, just before the calls) releases the rest,
    # which ends the content; the call chunks and the finish chunk carry no content.
    head = calls_at[0] - 1
    streamed = "".join(c.choices[0].delta.content or "" for c in chunks[:head])
    assert case.text[: ref.span[0]].startswith(streamed)
    assert streamed + (chunks[head].choices[0].delta.content or "") == ref.content
    for c in chunks[head + 1 :]:
        assert not c.choices[0].delta.content
    # the tool calls, in the final chunks, as the SDK accumulates them
    items = [tc for i in calls_at for tc in chunks[i].choices[0].delta.tool_calls or []]
    assert [(t.index, t.id, t.type, t.function and t.function.name) for t in items] == [
        (i, c.id, "function", c.name) for i, c in enumerate(ref.calls)]
    assert [json.loads(t.function.arguments or "") for t in items if t.function] == [
        c.arguments for c in ref.calls]
    assert calls_at == list(range(len(chunks) - 1 - len(ref.calls), len(chunks) - 1))
    state = oai_chat_stream.ChatCompletionStreamState()
    for c in chunks:
        state.handle_chunk(c)
    final = state.get_final_completion()
    msg = final.choices[0].message
    assert final.choices[0].finish_reason == "tool_calls"
    assert [(t.id, t.function.name, json.loads(t.function.arguments))
            for t in msg.tool_calls or []] == [(c.id, c.name, c.arguments) for c in ref.calls]
    assert (msg.content or "") == ref.content


@pytest.mark.heavy
@pytest.mark.parametrize("case", _sample(), ids=lambda c: c.id)
def test_completion_corpus_case(server: _Server, client: Any, case: Case) -> None:
    model = _register(server, f"json/{case.id}", text=case.text)
    resp = client.chat.completions.create(model=model,
                                          messages=[{"role": "user", "content": "go"}])
    raw = resp.model_dump()
    tools, opts = wire_args(case)
    fixed = oai_chat.ChatCompletion.model_validate(repair_completion(raw, tools, **opts))
    ref = leakcall.recover(case.text, case.tools, id_salt="chatcmpl-replay", **case.options)
    msg = fixed.choices[0].message
    if ref.ok:
        assert fixed.choices[0].finish_reason == "tool_calls"
        assert msg.content == (ref.content or None)  # only markup: null, as the API sends it
        dumped = [t.model_dump() for t in msg.tool_calls or []]
        assert [(t["id"], t["type"], t["function"]["name"], json.loads(t["function"]["arguments"]))
                for t in dumped] == [(c.id, "function", c.name, c.arguments) for c in ref.calls]
    else:
        assert fixed == resp
        assert msg.content == case.text and not msg.tool_calls
    assert raw == resp.model_dump()  # the input dict is not mutated


HERMES_TOOLS: list[dict[str, Any]] = [{
    "type": "function",
    "function": {"name": "get_weather", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
}]
PROSE = "Let me check the weather for you.\n\n"
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


def test_prose_arrives_before_the_end(server: _Server, client: Any) -> None:
    model = _register(server, "early", text=PROSE + CALL, step=2)
    chunks = _observe(client, model, HERMES_TOOLS)
    first_call = next(i for i, c in enumerate(chunks) if c.choices[0].delta.tool_calls)
    # the prose was shown chunk by chunk, long before the finish chunk
    shown = [c.choices[0].delta.content or "" for c in chunks[:first_call]]
    assert "".join(shown) == PROSE
    assert sum(1 for s in shown if s) >= len(PROSE) // 2 - 1
    assert chunks[-1].choices[0].finish_reason == "tool_calls"
    assert chunks[-1].choices[0].delta.tool_calls is None


def test_length_is_refused_as_truncated(server: _Server, client: Any) -> None:
    model = _register(server, "cut", text=PROSE + CALL, finish="length")
    got: list[leakcall.Recovery] = []
    chunks = _observe(client, model, HERMES_TOOLS, on_recovery=got.append)
    assert _content(chunks) == PROSE + CALL
    assert [c.choices[0].finish_reason for c in chunks][-1] == "length"
    assert not any(c.choices[0].delta.tool_calls for c in chunks)
    assert [r.reason for r in got] == ["truncated"]

    resp = client.chat.completions.create(model=model, messages=[])
    assert repair_completion(resp.model_dump(), HERMES_TOOLS) == resp.model_dump()


def test_stream_without_finish_is_released(server: _Server, client: Any) -> None:
    model = _register(server, "nofinish", text=PROSE + CALL, finish=None)
    got: list[leakcall.Recovery] = []
    chunks = _observe(client, model, HERMES_TOOLS, on_recovery=got.append)
    assert _content(chunks) == PROSE + CALL
    assert not any(c.choices and c.choices[0].delta.tool_calls for c in chunks)
    assert [r.reason for r in got] == ["truncated"]


def test_structured_tool_calls_are_left_alone(server: _Server, client: Any) -> None:
    real = {"id": "call_real", "type": "function",
            "function": {"name": "get_weather", "arguments": '{"city": "Rome"}'}}
    model = _register(server, "structured", text=PROSE + CALL, tool_calls=[real],
                      finish="tool_calls")
    got: list[leakcall.Recovery] = []
    chunks = _observe(client, model, HERMES_TOOLS, on_recovery=got.append)
    assert _content(chunks) == PROSE + CALL
    items = [t for c in chunks for t in c.choices[0].delta.tool_calls or []]
    assert [(t.id, t.function.arguments if t.function else None) for t in items] == [
        ("call_real", '{"city": "Rome"}')]
    assert got == []

    resp = client.chat.completions.create(model=model, messages=[])
    assert repair_completion(resp.model_dump(), HERMES_TOOLS) == resp.model_dump()


def test_other_choices_and_usage_pass_through(server: _Server, client: Any) -> None:
    model = _register(server, "n2", text=PROSE + CALL, choice1="Other: " + CALL, usage=True)
    stream = client.chat.completions.create(
        model=model, stream=True, messages=[], n=2, stream_options={"include_usage": True})
    raw = [c.model_dump() for c in stream]
    chunks = [oai_chat.ChatCompletionChunk.model_validate(c) for c in repair_stream(raw, HERMES_TOOLS)]
    assert _content(chunks, 1) == "Other: " + CALL
    assert _content(chunks, 0) == PROSE
    assert chunks[-1].choices == [] and chunks[-1].usage is not None
    assert chunks[-1].usage.total_tokens == 12
    ones = [c.model_dump() for c in chunks if any(ch.index == 1 for ch in c.choices)]
    assert ones == [c for c in raw if any(ch["index"] == 1 for ch in c["choices"])]

    resp = client.chat.completions.create(model=model, messages=[], n=2)
    fixed = oai_chat.ChatCompletion.model_validate(repair_completion(resp.model_dump(), HERMES_TOOLS))
    assert fixed.choices[0].message.content == PROSE
    assert fixed.choices[1] == resp.choices[1]
    assert fixed.usage == resp.usage


def test_async_client(server: _Server) -> None:
    model = _register(server, "async", text=PROSE + CALL, step=4)

    async def run() -> list[oai_chat.ChatCompletionChunk]:
        aclient = openai.AsyncOpenAI(base_url=_base_url(server), api_key="test", max_retries=0)
        stream = await aclient.chat.completions.create(model=model, stream=True, messages=[])

        async def dumps() -> Any:
            async for c in stream:
                yield c.model_dump()

        out = [oai_chat.ChatCompletionChunk.model_validate(c)
               async for c in repair_stream_async(dumps(), HERMES_TOOLS)]
        await aclient.close()
        return out

    chunks = asyncio.run(run())
    assert _content(chunks) == PROSE
    assert chunks[-1].choices[0].finish_reason == "tool_calls"
    items = [t for c in chunks for t in c.choices[0].delta.tool_calls or []]
    assert [t.function.name for t in items if t.function] == ["get_weather"]


def test_a_reply_that_was_only_markup_has_null_content() -> None:
    """Issue 26: as the API sends a reply of calls alone, ``content`` is null, not ""."""
    call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'

    def completion(text: str) -> dict[str, Any]:
        return {"id": "c1", "object": "chat.completion", "created": 1, "model": "m",
                "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                             "message": {"role": "assistant", "content": text}}]}

    bare = repair_completion(completion(call), HERMES_TOOLS)["choices"][0]["message"]
    assert bare["content"] is None and bare["tool_calls"]
    said = repair_completion(completion("Let me check the weather in Paris.\n" + call),
                             HERMES_TOOLS)
    assert said["choices"][0]["message"]["content"] == "Let me check the weather in Paris.\n"
