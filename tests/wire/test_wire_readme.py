"""The "Use it from your client" snippets of docs/wire.md run as written, against the loopback replay
server (``http://localhost:8000`` in the text) and, for LiteLLM, the proxy in front of it."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest

from ..conftest import ROOT
from ..wire_replay import ReplayServer, serving, serving_app

pytestmark = pytest.mark.heavy

CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
_SNIPPET = re.compile(r"<!-- client: (\w+) -->\n```python\n(.*?)```", re.S)


def snippets() -> dict[str, str]:
    text = (ROOT / "docs" / "wire.md").read_text(encoding="utf-8")
    return dict(_SNIPPET.findall(text))


def test_every_client_has_a_snippet() -> None:
    assert set(snippets()) == {"openai", "anthropic", "langchain", "agents", "litellm", "ollama",
                               "litellm_callback"}


@pytest.fixture(scope="module")
def server() -> Iterator[ReplayServer]:
    with serving() as srv:
        srv.register("qwen3", text="Let me check the weather.\n\n" + CALL, after="It is sunny in Paris.")
        yield srv


def _run(code: str, server: ReplayServer, proxy: str | None = None) -> tuple[dict[str, Any], str]:
    code = code.replace("http://localhost:8000", server.base)
    code = code.replace("http://localhost:11434", server.base)
    if proxy is not None:
        code = code.replace("http://127.0.0.1:8089", proxy)
    ns: dict[str, Any] = {"__name__": "readme_snippet"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/wire.md", "exec"), ns)
    return ns, out.getvalue()


def test_openai_snippet(server: ReplayServer) -> None:
    ns, _ = _run(snippets()["openai"], server)
    calls = ns["reply"].choices[0].message.tool_calls
    assert [(c.function.name, c.function.arguments) for c in calls] == [
        ("get_weather", '{"city": "Paris"}')]


def test_anthropic_snippet(server: ReplayServer) -> None:
    pytest.importorskip("anthropic")
    ns, out = _run(snippets()["anthropic"], server)
    assert ns["message"].stop_reason == "tool_use"
    assert ns["message"].content[-1].input == {"city": "Paris"}
    assert out.startswith("tool_use ")


def test_langchain_snippet(server: ReplayServer) -> None:
    pytest.importorskip("langchain_openai")
    ns, _ = _run(snippets()["langchain"], server)
    assert [(c["name"], c["args"]) for c in ns["reply"].tool_calls] == [
        ("get_weather", {"city": "Paris"})]


def test_agents_snippet(server: ReplayServer) -> None:
    pytest.importorskip("agents")
    ns, out = _run(snippets()["agents"], server)
    assert ns["result"].final_output == "It is sunny in Paris."
    assert out.strip() == "It is sunny in Paris."


def test_ollama_snippet(server: ReplayServer) -> None:
    pytest.importorskip("ollama")
    ns, out = _run(snippets()["ollama"], server)
    calls = ns["reply"].message.tool_calls
    assert [(c.function.name, dict(c.function.arguments)) for c in calls] == [
        ("get_weather", {"city": "Paris"})]
    assert ns["reply"].message.content == "Let me check the weather.\n\n"
    assert "get_weather" in out


@pytest.mark.ecosystem
def test_litellm_snippet(server: ReplayServer, monkeypatch: pytest.MonkeyPatch) -> None:
    # LiteLLM fetches its model price map from the network at import unless told not to.
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    monkeypatch.setenv("LITELLM_TELEMETRY", "False")
    import litellm  # noqa: F401 - the test-heavy extra (--ecosystem)

    from leakcall.serve import create_app

    with serving_app(create_app(server.base)) as proxy:
        ns, _ = _run(snippets()["litellm"], server, proxy=proxy)
    calls = ns["reply"].choices[0].message.tool_calls
    assert [(c.function.name, c.function.arguments) for c in calls] == [
        ("get_weather", '{"city": "Paris"}')]


@pytest.mark.ecosystem
def test_litellm_callback_snippet(server: ReplayServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    monkeypatch.setenv("LITELLM_TELEMETRY", "False")
    import litellm
    monkeypatch.setattr(litellm, "callbacks", [])  # the snippet sets it: undone after
    ns, out = _run(snippets()["litellm_callback"], server)
    assert litellm.callbacks == [ns["leakcall"].litellm.handler]
    lines = out.splitlines()
    assert "get_weather" in lines[0] and "Paris" in lines[0]  # the repaired reply's calls
    assert "<tool_call>" not in out and "get_weather" in lines[-1]  # the stream's last chunk
