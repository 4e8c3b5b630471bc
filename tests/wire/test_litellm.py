"""``leakcall.litellm`` (issue 28, item 6) against the real ``litellm`` package, offline: its
requests go to the loopback replay server (``openai/<scenario>`` models). The callback in the
SDK (``litellm.acompletion``, a ``Router``), its proxy hooks called as the LiteLLM proxy calls
them (the handler loaded by the proxy's own config loader), the stream and sync wrappers, and
the module importing without litellm."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..conftest import ROOT
from ..wire_replay import ReplayServer, serving

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network at import
os.environ.setdefault("LITELLM_TELEMETRY", "False")
pytestmark = [pytest.mark.heavy, pytest.mark.ecosystem]  # the real litellm (test-heavy extra)

import litellm  # noqa: E402

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


def _docs_block(name: str, lang: str) -> str:
    docs = (ROOT / "docs" / "wire.md").read_text(encoding="utf-8")
    m = re.search(rf"<!-- litellm: {name} -->\n```{lang}\n(.*?)```", docs, re.S)
    assert m, name
    return m.group(1)


def yaml_callback(config: Path) -> str:
    """The ``callbacks:`` value of a config file."""
    m = re.search(r"^\s*callbacks:\s*(\S+)\s*$", config.read_text(encoding="utf-8"), re.M)
    assert m, config
    return m.group(1)


def _with_shim(folder: Path) -> Path:
    """The docs' other form: their file beside a config that names it."""
    (folder / "leakcall_handler.py").write_text(_docs_block("shim", "python"), encoding="utf-8")
    config = folder / "config-shim.yaml"
    config.write_text(_docs_block("config", "yaml").replace(
        "leakcall.litellm.handler", "leakcall_handler.handler"), encoding="utf-8")
    return config


def _loader_imports_installed_modules() -> bool:
    """Whether this LiteLLM's config loader imports a module that is not a file beside the
    config (1.110 does; 1.80 does not: docs/wire.md)."""
    from litellm.proxy.types_utils.utils import get_instance_fn  # noqa: PLC0415

    try:
        get_instance_fn("leakcall.litellm.handler", config_file_path="/nonexistent/c.yaml")
    except ImportError:
        return False
    return True


def test_the_proxy_hooks_repair_replies_and_streams(server: ReplayServer,
                                                    tmp_path: Path) -> None:
    """As the LiteLLM proxy runs the callback of ``callbacks: leakcall.litellm.handler``: loaded
    by its config loader, given the request body and the router's reply or stream."""
    from litellm.proxy.types_utils.utils import get_instance_fn  # noqa: PLC0415 - the proxy's

    handler = get_instance_fn("leakcall.litellm.handler")
    assert handler is leakcall.litellm.handler
    # as the proxy loads config.yaml: the docs' module path, and the file beside the config
    config = tmp_path / "config.yaml"
    config.write_text(_docs_block("config", "yaml"), encoding="utf-8")
    value = yaml_callback(config)
    if _loader_imports_installed_modules():
        assert get_instance_fn(value, config_file_path=str(config)) is handler
    shim = _with_shim(tmp_path)
    assert get_instance_fn(yaml_callback(shim), config_file_path=str(shim)) is handler
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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_the_docs_config_repairs_in_the_litellm_proxy_server(server: ReplayServer,
                                                             tmp_path: Path) -> None:
    """The LiteLLM proxy server itself (``litellm --config``, a process), configured by the
    ``config.yaml`` lines of docs/wire.md plus a model pointing at the replay server: its
    replies and streams carry the recovered call. Needs ``litellm[proxy]`` (skipped without
    it, as in CI: ``litellm[proxy]`` 1.110 pins a ``litellm-proxy`` package not on PyPI)."""
    pytest.importorskip("litellm.proxy.proxy_server", exc_type=ImportError)
    models = (f"model_list:\n  - model_name: leak\n    litellm_params:\n"
              f"      model: openai/leak\n      api_base: {server.base}/v1\n"
              f"      api_key: '-'\n")
    config = tmp_path / "config.yaml"
    config.write_text(models + _docs_block("config", "yaml"), encoding="utf-8")
    if not _loader_imports_installed_modules():  # the docs' form for such a LiteLLM
        config.write_text(models + _with_shim(tmp_path).read_text(encoding="utf-8"),
                          encoding="utf-8")
    port = _free_port()
    exe = Path(sys.executable).with_name("litellm")
    log = (tmp_path / "litellm.log").open("wb")
    proc = subprocess.Popen([str(exe), "--config", str(config), "--host", "127.0.0.1",
                             "--port", str(port)], stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    base = f"http://127.0.0.1:{port}"
    try:
        import httpx  # noqa: PLC0415 - litellm's own dependency

        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None and time.monotonic() < deadline, (
                tmp_path / "litellm.log").read_text(errors="replace")
            try:
                if httpx.get(base + "/health/liveliness", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        body = {"model": "leak", "messages": USER, "tools": TOOLS}
        with httpx.Client(timeout=60) as http:
            reply = http.post(base + "/v1/chat/completions", json=body).json()
            message = reply["choices"][0]["message"]
            assert [(c["function"]["name"], c["function"]["arguments"])
                    for c in message["tool_calls"]] == [("get_weather", '{"city": "Paris"}')]
            assert message["content"] == PREAMBLE, reply
            streamed = http.post(base + "/v1/chat/completions", json={**body, "stream": True})
        chunks = [json.loads(line[6:]) for line in streamed.text.splitlines()
                  if line.startswith("data: {")]
        text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks
                       if c.get("choices"))
        calls = [tc for c in chunks if c.get("choices")
                 for tc in c["choices"][0]["delta"].get("tool_calls") or []]
        assert text == PREAMBLE and "<tool_call>" not in streamed.text
        assert [tc["function"]["name"] for tc in calls] == ["get_weather"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()
