"""``leakcall serve`` repairs /v1/responses and /v1/messages too: the proxy app (uvicorn in a
thread) in front of the loopback replay server, read by the real openai and anthropic SDKs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from ..sdk import Lazy
from ..wire_replay import ReplayServer, serving, serving_app

uvicorn = pytest.importorskip("uvicorn")
openai = Lazy("openai")
anthropic = Lazy("anthropic")
httpx = pytest.importorskip("httpx")

from leakcall.serve import create_app  # noqa: E402

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
PROSE = "Let me check the weather.\n\n"
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
USER = [{"role": "user", "content": "go"}]


@pytest.fixture(scope="module")
def upstream() -> Iterator[ReplayServer]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="module")
def proxy(upstream: ReplayServer) -> Iterator[str]:
    with serving_app(create_app(upstream.base)) as base:
        yield base


def _stats(proxy: str) -> dict[str, Any]:
    return httpx.get(proxy + "/leakcall/stats").json()  # type: ignore[no-any-return]


@pytest.mark.heavy
def test_responses_through_the_proxy(upstream: ReplayServer, proxy: str) -> None:
    model = upstream.register("p/resp", text=PROSE + CALL, step=3)
    client = openai.OpenAI(base_url=proxy + "/v1", api_key="t", max_retries=0)
    tools = [{"type": "function", "name": "get_weather", "parameters": SCHEMA}]
    r = client.responses.create(model=model, input="go", tools=tools)
    with client.responses.stream(model=model, input="go", tools=tools) as s:
        fr = s.get_final_response()
    for resp in (r, fr):
        assert resp.output_text == PROSE
        assert [(o.name, o.arguments) for o in resp.output if o.type == "function_call"] == [
            ("get_weather", '{"city": "Paris"}')]
    assert _stats(proxy)["requests"]["responses"] == 2


def test_messages_through_the_proxy(upstream: ReplayServer, proxy: str) -> None:
    model = upstream.register("p/msg", text=PROSE + CALL, step=3)
    client = anthropic.Anthropic(base_url=proxy, api_key="t", max_retries=0)
    tools = [{"name": "get_weather", "input_schema": SCHEMA}]
    m = client.messages.create(model=model, max_tokens=9, messages=USER, tools=tools)
    with client.messages.stream(model=model, max_tokens=9, messages=USER, tools=tools) as s:
        fm = s.get_final_message()
    for msg in (m, fm):
        assert msg.stop_reason == "tool_use"
        assert [(b.type, getattr(b, "input", None)) for b in msg.content] == [
            ("text", None), ("tool_use", {"city": "Paris"})]
    assert fm.content[1].id == m.content[1].id  # same request, same id
    cut = upstream.register("p/cut", text=PROSE + CALL, stop="max_tokens")
    c = client.messages.create(model=cut, max_tokens=9, messages=USER, tools=tools)
    assert c.stop_reason == "max_tokens" and c.content[0].text == PROSE + CALL
    stats = _stats(proxy)
    assert stats["requests"]["messages"] == 3
    assert stats["reasons"]["truncated"] >= 1


def test_reasoning_only_call_is_counted_as_reasoning(upstream: ReplayServer, proxy: str) -> None:
    model = upstream.register("p/think", text="", thought="Plan.\n" + CALL)
    client = openai.OpenAI(base_url=proxy + "/v1", api_key="t", max_retries=0)
    before = _stats(proxy)["reasons"].get("reasoning", 0)
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]
    r = client.chat.completions.create(model=model, messages=USER, tools=tools)
    assert not r.choices[0].message.tool_calls  # --reasoning ignore (the default)
    assert _stats(proxy)["reasons"]["reasoning"] == before + 1


@pytest.mark.heavy
def test_long_wire_streams_are_repaired_off_the_event_loop(upstream: ReplayServer, proxy: str) -> None:
    """A Responses and a Messages stream longer than what the event loop handles inline (the
    fixer then runs in a worker thread, the decision too): repaired the same."""
    city = "Paris " * 3000  # ~18 K characters of argument
    call = ("<tool_call>\n" + json.dumps({"name": "get_weather", "arguments": {"city": city}})
            + "\n</tool_call>")
    resp_model = upstream.register("p/long-resp", text=PROSE + call, step=700)
    client = openai.OpenAI(base_url=proxy + "/v1", api_key="t", max_retries=0)
    tools = [{"type": "function", "name": "get_weather", "parameters": SCHEMA}]
    with client.responses.stream(model=resp_model, input="go", tools=tools) as s:
        fr = s.get_final_response()
    assert fr.output_text == PROSE
    assert [(o.name, o.arguments) for o in fr.output if o.type == "function_call"] == [
        ("get_weather", json.dumps({"city": city}))]
    msg_model = upstream.register("p/long-msg", text=PROSE + call, step=700)
    aclient = anthropic.Anthropic(base_url=proxy, api_key="t", max_retries=0)
    atools = [{"name": "get_weather", "input_schema": SCHEMA}]
    with aclient.messages.stream(model=msg_model, max_tokens=9, messages=USER, tools=atools) as s2:
        fm = s2.get_final_message()
    assert fm.stop_reason == "tool_use"
    assert [getattr(b, "input", None) for b in fm.content] == [None, {"city": city}]
