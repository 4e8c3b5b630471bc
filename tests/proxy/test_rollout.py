"""Rolling the proxy out (issue 28, item 3): ``--shadow`` examines and records every reply but
changes none (the decision in ``x-leakcall-shadow`` and the metrics), a request that says
``x-leakcall: off`` is relayed unrepaired, ``--families`` recovers only the families named; each
also set by its ``LEAKCALL_*`` variable. The app ``leakcall serve`` runs, under uvicorn in a
thread, in front of the loopback replay server."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator

import pytest

import leakcall

from ..conftest import CASES
from ..wire_replay import (
    ReplayServer,
    chat_completion,
    serve_app,
    serving,
    serving_app,
    wire_sample,
)

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")


USER = [{"role": "user", "content": "go"}]
SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]
HERMES = ('Let me check the weather.\n\n<tool_call>\n{"name": "get_weather", "arguments": '
          '{"city": "Paris"}}\n</tool_call>')
QWEN = ("<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>"
        "\n</tool_call>")
# the cases the proxy's default settings read as recover does (function tools, no options)
PLAIN = [c for c in sorted(CASES, key=lambda c: c.id)  # a request without tools is passed through
         if c.tools and not c.options and all("function" in t for t in c.tools)]


@pytest.fixture(scope="module")
def upstream() -> Iterator[ReplayServer]:
    with serving() as srv:
        for c in PLAIN:
            srv.register(c.id, text=c.text, step=7)
        srv.register("r/hermes", text=HERMES)
        srv.register("r/qwen", text=QWEN)
        yield srv


@pytest.fixture(scope="module")
def shadow(upstream: ReplayServer) -> Iterator[str]:
    with serving_app(serve_app(upstream.base, env={"LEAKCALL_SHADOW": "1"})) as base:
        yield base


@pytest.mark.heavy
def test_shadow_over_the_corpus_changes_no_reply_and_names_the_decision(
        upstream: ReplayServer, shadow: str) -> None:
    """Every corpus case (function tools, default options), non-streamed: the upstream's bytes,
    and ``x-leakcall-shadow`` is the reason ``recover`` gives."""
    reasons: Counter[str] = Counter()
    before = _decisions(httpx.get(shadow + "/leakcall/metrics").text)
    with httpx.Client(timeout=30) as http:
        for c in PLAIN:
            r = http.post(shadow + "/v1/chat/completions",
                          json={"model": c.id, "messages": USER, "tools": c.tools})
            assert r.content == json.dumps(chat_completion(c.id, {"text": c.text})).encode(), c.id
            want = str(leakcall.recover(c.text, c.tools).reason)
            assert r.headers["x-leakcall-shadow"] == want, c.id
            assert "x-leakcall-reason" not in r.headers
            reasons[want] += 1
    assert reasons["ok"] > 400 and len(reasons) > 5 and len(PLAIN) > 1150
    metrics = httpx.get(shadow + "/leakcall/metrics").text
    assert 'leakcall_decisions_total{family="hermes",reason="ok"}' in metrics  # would have been
    # the metrics counted each decision that would have been taken, by reason
    assert _decisions(metrics) - before == reasons


def _decisions(metrics: str) -> Counter[str]:
    """``leakcall_decisions_total`` summed per reason, from the Prometheus text."""
    out: Counter[str] = Counter()
    for m in re.finditer(r'^leakcall_decisions_total\{[^}]*reason="([^"]+)"[^}]*\} (\S+)$',
                         metrics, re.M):
        out[m.group(1)] += int(float(m.group(2)))
    return out


ROUTES = {
    "/v1/chat/completions": lambda tools: {"messages": USER, "tools": tools, "stream": True},
    "/v1/responses": lambda tools: {"input": "go", "stream": True, "tools": [
        {"type": "function", **t["function"]} for t in tools]},
    "/v1/messages": lambda tools: {"max_tokens": 9, "messages": USER, "stream": True, "tools": [
        {"name": t["function"]["name"],
         "input_schema": t["function"].get("parameters") or {"type": "object"}} for t in tools]},
    "/api/chat": lambda tools: {"messages": USER, "tools": tools},  # Ollama: streamed
}


@pytest.mark.heavy
@pytest.mark.parametrize("path", sorted(ROUTES))
def test_shadow_streams_are_the_upstreams_bytes(upstream: ReplayServer, shadow: str,
                                                path: str) -> None:
    sample = [c for c in wire_sample(ok=1, refused=1) if c in PLAIN][::2]
    with httpx.Client(timeout=30) as http:
        for c in [*sample, *(x for x in PLAIN if x.id == "hermes/preamble")]:
            body = {"model": c.id, **ROUTES[path](c.tools)}
            direct = http.post(upstream.base + path, json=body)
            via = http.post(shadow + path, json=body)
            assert (via.status_code, via.content) == (direct.status_code, direct.content), c.id
            assert via.headers["content-type"] == direct.headers["content-type"]


def test_a_request_can_opt_out(upstream: ReplayServer) -> None:
    with serving_app(serve_app(upstream.base)) as proxy, httpx.Client(timeout=30) as http:
        body = {"model": "r/hermes", "messages": USER, "tools": TOOLS}
        direct = http.post(upstream.base + "/v1/chat/completions", json=body).content
        off = http.post(proxy + "/v1/chat/completions", json=body, headers={"x-leakcall": "OFF"})
        assert off.content == direct and "x-leakcall-reason" not in off.headers
        on = http.post(proxy + "/v1/chat/completions", json=body)
        assert on.json()["choices"][0]["message"]["tool_calls"]
        stats = http.get(proxy + "/leakcall/stats").json()
        assert stats["passthrough"]["client_off"] == 1


@pytest.mark.heavy
def test_families_limits_what_is_recovered(upstream: ReplayServer) -> None:
    for app in (serve_app(upstream.base, "--families", "qwen3_coder"),
                serve_app(upstream.base, env={"LEAKCALL_FAMILIES": "qwen3_coder, dsml"})):
        with serving_app(app) as proxy, httpx.Client(timeout=30) as http:
            hermes = {"model": "r/hermes", "messages": USER, "tools": TOOLS}
            direct = http.post(upstream.base + "/v1/chat/completions", json=hermes).content
            assert http.post(proxy + "/v1/chat/completions", json=hermes).content == direct
            qwen = http.post(proxy + "/v1/chat/completions",
                             json={"model": "r/qwen", "messages": USER, "tools": TOOLS}).json()
            calls = qwen["choices"][0]["message"]["tool_calls"]
            assert [c["function"]["name"] for c in calls] == ["get_weather"]
    with pytest.raises(ValueError, match="unknown family 'nope'"):
        serve_app(upstream.base, "--families", "hermes,nope")
