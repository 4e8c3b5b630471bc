"""An upstream error that carries the model's leaked calls (Ollama's and llama.cpp's tool-call
parse failures) is answered, through ``leakcall serve``, with a success reply of the request's API
holding the calls, streamed when the request was; every other error passes byte for byte.

The errors are real captures (``tests/proxy/upstream_errors/captures.json``, each with its source),
answered by the loopback replay server; the proxy is the app ``leakcall serve`` runs, under
uvicorn in a thread; the clients are the official openai, anthropic and ollama packages."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..wire_replay import ReplayServer, serve_app, serving, serving_app

httpx = pytest.importorskip("httpx")
openai = pytest.importorskip("openai")
anthropic = pytest.importorskip("anthropic")
pytest.importorskip("uvicorn")

from leakcall.serve import argument_parser  # noqa: E402

pytestmark = pytest.mark.heavy

CAPTURES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "upstream_errors" / "captures.json").read_text(encoding="utf-8"))["cases"]
RECOVERED = [c for c in CAPTURES if c["calls"]]
PASSED = [c for c in CAPTURES if not c["calls"]]
USER = [{"role": "user", "content": "go"}]


@pytest.fixture(scope="module")
def upstream() -> Iterator[ReplayServer]:
    with serving() as srv:
        for c in CAPTURES:
            srv.register(c["id"], text="", error=(c["status"], c["body"].encode()))
        yield srv


@pytest.fixture(scope="module")
def proxy(upstream: ReplayServer) -> Iterator[str]:
    with serving_app(serve_app(upstream.base)) as base:
        yield base


def _calls(c: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(k["name"], k["arguments"]) for k in c["calls"]]


def _chat_tools(c: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "function", "function": c["tool"]}]


@pytest.mark.parametrize("capture", RECOVERED, ids=lambda c: c["id"])
def test_chat_completions(proxy: str, capture: dict[str, Any]) -> None:
    client = openai.OpenAI(base_url=proxy + "/v1", api_key="-", max_retries=0)
    kw = {"model": capture["id"], "messages": USER, "tools": _chat_tools(capture)}
    reply = client.chat.completions.create(**kw)
    choice = reply.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert not (choice.message.content or "").strip()  # the calls were all the text held
    got = [(t.function.name, json.loads(t.function.arguments)) for t in choice.message.tool_calls]
    assert got == _calls(capture)
    calls: dict[int, Any] = {}
    finish = None
    for chunk in client.chat.completions.create(**kw, stream=True):
        for d in chunk.choices[0].delta.tool_calls or []:
            calls[d.index] = d
        finish = chunk.choices[0].finish_reason or finish
    assert finish == "tool_calls"
    assert [(d.function.name, json.loads(d.function.arguments)) for d in calls.values()] == got
    assert [d.id for d in calls.values()] == [t.id for t in choice.message.tool_calls]


@pytest.mark.parametrize("capture", RECOVERED, ids=lambda c: c["id"])
def test_responses(proxy: str, capture: dict[str, Any]) -> None:
    client = openai.OpenAI(base_url=proxy + "/v1", api_key="-", max_retries=0)
    kw = {"model": capture["id"], "input": "go", "tools": [{"type": "function", **capture["tool"]}]}
    r = client.responses.create(**kw)
    with client.responses.stream(**kw) as s:
        fr = s.get_final_response()
    for resp in (r, fr):
        assert not resp.output_text.strip()
        assert [(o.name, json.loads(o.arguments)) for o in resp.output
                if o.type == "function_call"] == _calls(capture)


@pytest.mark.parametrize("capture", RECOVERED, ids=lambda c: c["id"])
def test_messages(proxy: str, capture: dict[str, Any]) -> None:
    client = anthropic.Anthropic(base_url=proxy, api_key="-", max_retries=0)
    tool = capture["tool"]
    kw = {"model": capture["id"], "max_tokens": 9, "messages": USER,
          "tools": [{"name": tool["name"], "input_schema": tool["parameters"]}]}
    m = client.messages.create(**kw)
    with client.messages.stream(**kw) as s:
        fm = s.get_final_message()
    for msg in (m, fm):
        assert msg.stop_reason == "tool_use"
        assert [(b.name, b.input) for b in msg.content if b.type == "tool_use"] == _calls(capture)


@pytest.mark.parametrize("capture", RECOVERED, ids=lambda c: c["id"])
def test_ollama_chat(proxy: str, capture: dict[str, Any]) -> None:
    ollama = pytest.importorskip("ollama")
    client = ollama.Client(host=proxy)
    kw = {"model": capture["id"], "messages": USER, "tools": _chat_tools(capture)}
    reply = client.chat(**kw)
    assert not reply.message.content.strip() and reply.done_reason == "stop"
    got = [(t.function.name, dict(t.function.arguments)) for t in reply.message.tool_calls]
    assert got == _calls(capture)
    parts = list(client.chat(**kw, stream=True))
    assert parts[-1].done
    assert [(t.function.name, dict(t.function.arguments))
            for p in parts for t in p.message.tool_calls or []] == got


ROUTES = {
    "/v1/chat/completions": lambda c: {"messages": USER, "tools": _chat_tools(c)},
    "/v1/responses": lambda c: {"input": "go", "tools": [{"type": "function", **c["tool"]}]},
    "/v1/messages": lambda c: {"max_tokens": 9, "messages": USER, "tools": [
        {"name": c["tool"]["name"], "input_schema": c["tool"]["parameters"]}]},
    "/api/chat": lambda c: {"messages": USER, "tools": _chat_tools(c)},
}


@pytest.mark.parametrize("capture", PASSED, ids=lambda c: c["id"])
@pytest.mark.parametrize("path", sorted(ROUTES))
def test_other_errors_pass_byte_for_byte(upstream: ReplayServer, proxy: str, path: str,
                                         capture: dict[str, Any]) -> None:
    for stream in (False, True):
        body = {"model": capture["id"], "stream": stream, **ROUTES[path](capture)}
        r = httpx.post(proxy + path, json=body, timeout=20)
        assert (r.status_code, r.content) == (capture["status"], capture["body"].encode())
        assert r.headers["content-type"] == "application/json; charset=utf-8"


def test_calls_with_other_text_beside_them_pass_byte_for_byte(upstream: ReplayServer,
                                                                proxy: str) -> None:
    """The error holds a piece of the reply: calls with prose around them are not known to be
    the reply's, nor can the reply's text be rebuilt; the error passes as it came."""
    text = ('Let me check the weather.\n\n<tool_call>\n{"name": "get_weather", "arguments": '
            '{"city": "Paris"}}\n</tool_call>')
    body = json.dumps({"error": {"code": 500, "message": "Failed to parse input at pos 0: " + text,
                                 "type": "server_error"}}).encode()
    upstream.register("e/prose", text="", error=(500, body))
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}}}}]
    before = httpx.get(proxy + "/leakcall/stats").json()["passthrough"].get("upstream_error_text", 0)
    for stream in (False, True):
        r = httpx.post(proxy + "/v1/chat/completions", timeout=20, json={
            "model": "e/prose", "messages": USER, "tools": tools, "stream": stream})
        assert (r.status_code, r.content) == (500, body)
    stats = httpx.get(proxy + "/leakcall/stats").json()
    assert stats["passthrough"]["upstream_error_text"] == before + 2


def test_errors_pass_without_tools_or_when_turned_off(upstream: ReplayServer) -> None:
    capture = RECOVERED[0]
    for env in ({"LEAKCALL_RECOVER_ERRORS": "off"}, {"LEAKCALL_RECOVER_ERRORS": "false"}):
        with serving_app(serve_app(upstream.base, env=env)) as base:
            r = httpx.post(base + "/v1/chat/completions", timeout=20, json={
                "model": capture["id"], "messages": USER, "tools": _chat_tools(capture)})
            assert (r.status_code, r.content) == (capture["status"], capture["body"].encode())
    assert argument_parser().parse_args(["--no-recover-errors"]).recover_errors is False
    assert argument_parser().parse_args([]).recover_errors is True
    with serving_app(serve_app(upstream.base)) as base:  # no tools: not a repairable request
        r = httpx.post(base + "/v1/chat/completions", timeout=20, json={
            "model": capture["id"], "messages": USER})
        assert (r.status_code, r.content) == (capture["status"], capture["body"].encode())
