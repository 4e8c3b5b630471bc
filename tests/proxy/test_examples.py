"""The proxy quickstart of the README, as a newcomer without a model server runs it: the
stand-in upstream of ``docs/examples/leaky_upstream.py`` answers with a shipped leak, and
``leakcall serve`` in front of it returns the call of ``docs/examples/chat-request.json``'s
tool as ``tool_calls``."""

from __future__ import annotations

import importlib.util
import json
import threading
from http.server import ThreadingHTTPServer

import httpx
import pytest

import leakcall

from ..conftest import ROOT
from ..wire_replay import serve_app, serving_app

pytestmark = pytest.mark.heavy  # a proxy under uvicorn and a server on loopback

EXAMPLES = ROOT / "docs" / "examples"
_spec = importlib.util.spec_from_file_location("leaky_upstream", EXAMPLES / "leaky_upstream.py")
assert _spec is not None and _spec.loader is not None
leaky = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(leaky)


def test_the_proxy_quickstart_returns_the_leaked_call() -> None:
    request = json.loads((EXAMPLES / "chat-request.json").read_text(encoding="utf-8"))
    expected = leakcall.recover(leaky.REPLY, request["tools"])
    assert expected.ok and [c.name for c in expected.calls] == ["read"]
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), leaky.Handler)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{upstream.server_address[1]}"
        plain = httpx.post(f"{base}/v1/chat/completions", json=request, timeout=10).json()
        assert plain["choices"][0]["message"]["content"] == leaky.REPLY  # the leak, unparsed
        with serving_app(serve_app(base)) as proxy:
            r = httpx.post(f"{proxy}/v1/chat/completions", json=request, timeout=30)
        assert r.status_code == 200
        choice = r.json()["choices"][0]
        assert choice["finish_reason"] == "tool_calls" and choice["message"]["content"] is None
        (call,) = choice["message"]["tool_calls"]
        assert call["function"]["name"] == "read"
        assert json.loads(call["function"]["arguments"]) == expected.calls[0].arguments
        # streamed: the leak arrives in pieces and leaves the proxy as tool_calls deltas
        with serving_app(serve_app(base)) as proxy:
            streamed = httpx.post(f"{proxy}/v1/chat/completions",
                                  json={**request, "stream": True}, timeout=30)
        assert streamed.status_code == 200
        events = [json.loads(line[6:]) for line in streamed.text.splitlines()
                  if line.startswith("data: ") and line != "data: [DONE]"]
        deltas = [e["choices"][0]["delta"] for e in events if e["choices"]]
        assert not "".join(d.get("content") or "" for d in deltas).strip()  # no markup shown
        calls = [c for d in deltas for c in d.get("tool_calls") or []]
        assert calls[0]["function"]["name"] == "read"
        arguments = "".join(c["function"].get("arguments") or "" for c in calls)
        assert json.loads(arguments) == expected.calls[0].arguments
        assert [e["choices"][0]["finish_reason"] for e in events if e["choices"]][-1] == (
            "tool_calls")
    finally:
        upstream.shutdown()
        upstream.server_close()
