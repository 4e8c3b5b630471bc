"""``leakcall.litellm`` (issue 28, item 6) against the real ``litellm`` package, offline: its
requests go to the loopback replay server (``openai/<scenario>`` models). The callback in the
SDK (``litellm.acompletion``, a ``Router``), its proxy hooks called as the LiteLLM proxy calls
them (the handler loaded by the proxy's own config loader), the stream and sync wrappers, and
the module importing without litellm."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from ..conftest import ROOT
from ..wire_replay import ReplayServer, serving

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network at import
os.environ.setdefault("LITELLM_TELEMETRY", "False")
pytestmark = pytest.mark.heavy  # the real litellm (test-heavy extra)

litellm = pytest.importorskip("litellm")

import leakcall.litellm  # noqa: E402

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]
USER = [{"role": "user", "content": "Weather in Paris?"}]
PREAMBLE = "Let me check the weather.\n\n"
LEAK = PREAMBLE + '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
FENCED = "For example:\n\n```\n" + LEAK.removeprefix(PREAMBLE) + "\n```\nThat is the format."


@pytest.fixture(scope="module")
def server() -> Iterator[ReplayServer]:
    with serving() as srv:
        srv.register("leak", text=LEAK, step=5)
        srv.register("fenced", text=FENCED, step=5)
        yield srv


def _kw(server: ReplayServer, model: str, **more: Any) -> dict[str, Any]:
    return {"model": f"openai/{model}", "api_base": server.base + "/v1", "api_key": "-",
            "messages": USER, **more}


def _calls(calls: Any) -> list[tuple[str, str]]:
    return [(c.function.name, c.function.arguments) for c in calls or []]


def _check_stream(chunks: list[Any]) -> None:
    """The markup never shows; the chunk with the finish reason carries the calls."""
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert text == PREAMBLE
    last = chunks[-1].choices[0]
    assert last.finish_reason == "tool_calls"
    assert _calls(last.delta.tool_calls) == [("get_weather", '{"city": "Paris"}')]


def test_the_module_imports_without_litellm() -> None:
    code = ("import sys; sys.modules['litellm'] = None\nimport leakcall.litellm as m\n"
            "assert callable(m.repair_response)\ntry:\n    m.handler\nexcept ImportError:\n"
            "    print('lazy')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, check=False)
    assert (r.returncode, r.stdout.strip()) == (0, "lazy"), r.stderr


def test_the_sdk_callback_repairs_async_replies(server: ReplayServer,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(litellm, "callbacks", [leakcall.litellm.handler])
    router = litellm.Router(model_list=[{"model_name": "leak", "litellm_params": {
        "model": "openai/leak", "api_base": server.base + "/v1", "api_key": "-"}}])

    async def run() -> list[Any]:
        return [await litellm.acompletion(**_kw(server, "leak", tools=TOOLS)),
                await router.acompletion(model="leak", messages=USER, tools=TOOLS),
                await litellm.acompletion(**_kw(server, "fenced", tools=TOOLS)),
                await litellm.acompletion(**_kw(server, "leak"))]  # no tools: not repaired

    direct, routed, fenced, plain = asyncio.run(run())
    for reply in (direct, routed):
        assert _calls(reply.choices[0].message.tool_calls) == [("get_weather", '{"city": "Paris"}')]
        assert reply.choices[0].message.content == PREAMBLE
        assert reply.choices[0].finish_reason == "tool_calls"
    assert direct.choices[0].message.tool_calls[0].id == routed.choices[0].message.tool_calls[0].id
    assert fenced.choices[0].message.content == FENCED and not fenced.choices[0].message.tool_calls
    assert plain.choices[0].message.content == LEAK and not plain.choices[0].message.tool_calls


def test_the_proxy_hooks_repair_replies_and_streams(server: ReplayServer) -> None:
    """As the LiteLLM proxy runs the callback of ``callbacks: leakcall.litellm.handler``: loaded
    by its config loader, given the request body and the router's reply or stream."""
    from litellm.proxy.types_utils.utils import get_instance_fn  # noqa: PLC0415 - the proxy's

    handler = get_instance_fn("leakcall.litellm.handler")
    assert handler is leakcall.litellm.handler
    body = {"model": "leak", "messages": USER, "tools": TOOLS}

    async def run() -> tuple[Any, list[Any], list[Any]]:
        reply = await litellm.acompletion(**_kw(server, "leak", tools=TOOLS))
        fixed = await handler.async_post_call_success_hook(data=body, user_api_key_dict=None,
                                                           response=reply)
        stream = await litellm.acompletion(**_kw(server, "leak", tools=TOOLS, stream=True))
        chunks = [c async for c in handler.async_post_call_streaming_iterator_hook(
            user_api_key_dict=None, response=stream, request_data=body)]
        untouched = await litellm.acompletion(**_kw(server, "leak", stream=True))
        plain = [c async for c in handler.async_post_call_streaming_iterator_hook(
            user_api_key_dict=None, response=untouched, request_data={"messages": USER})]
        return fixed, chunks, plain

    fixed, chunks, plain = asyncio.run(run())
    assert _calls(fixed.choices[0].message.tool_calls) == [("get_weather", '{"city": "Paris"}')]
    _check_stream(chunks)
    assert "".join(c.choices[0].delta.content or "" for c in plain) == LEAK


def test_streams_and_sync_calls_are_wrapped(server: ReplayServer) -> None:
    """LiteLLM's SDK runs no hook per stream chunk nor on a sync call: the wrappers."""
    reply = leakcall.litellm.repair_response(litellm.completion(**_kw(server, "leak", tools=TOOLS)),
                                             TOOLS)
    assert _calls(reply.choices[0].message.tool_calls) == [("get_weather", '{"city": "Paris"}')]
    _check_stream(list(leakcall.litellm.repair_stream(
        litellm.completion(**_kw(server, "leak", tools=TOOLS, stream=True)), TOOLS)))

    async def run() -> list[Any]:
        stream = await litellm.acompletion(**_kw(server, "leak", tools=TOOLS, stream=True))
        return [c async for c in leakcall.litellm.repair_stream_async(stream, TOOLS)]

    _check_stream(asyncio.run(run()))
