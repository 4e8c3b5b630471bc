"""Ollama's native ``/api/chat`` through ``leakcall serve`` (the proxy app under uvicorn in a
thread, in front of the loopback replay server speaking Ollama's API), read by the official
``ollama`` client and as raw bytes; and the adapter's stream invariants over the corpus."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import leakcall
from leakcall.ollama import repair_chat, repair_chat_stream
from leakcall.wire import NDJSONDecoder

from ..conftest import CASES, wire_args
from ..wire_replay import ReplayServer, ollama_lines, ollama_object, serving, serving_app

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from leakcall.ops import build_app  # noqa: E402
from leakcall.serve import argument_parser  # noqa: E402

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
TOOLS = [{"type": "function", "function": {"name": "get_weather", "description": "Weather",
                                           "parameters": SCHEMA}}]
PROSE = "Let me check the weather.\n\n"
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
USER = [{"role": "user", "content": "Weather in Paris?"}]


@pytest.fixture(scope="module")
def upstream() -> Iterator[ReplayServer]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="module")
def proxy(upstream: ReplayServer) -> Iterator[str]:
    # the whole app leakcall serve runs (with its outer layer: headers, access log)
    with serving_app(build_app(argument_parser().parse_args(["--upstream", upstream.base]))) as base:
        yield base


def _post(base: str, body: dict[str, Any]) -> Any:
    return httpx.post(base + "/api/chat", json=body, timeout=20)


def _lines(raw: bytes) -> list[dict[str, Any]]:
    return [json.loads(line) for line in raw.splitlines() if line.strip()]


def test_non_streamed_reply_carries_the_calls_as_ollama_writes_them(upstream: ReplayServer,
                                                                    proxy: str) -> None:
    model = upstream.register("o/one", text=PROSE + CALL)
    r = _post(proxy, {"model": model, "messages": USER, "tools": TOOLS, "stream": False})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.headers["x-leakcall-reason"] == "ok"
    body = r.json()
    calls = body["message"].pop("tool_calls")
    assert [(c["function"]["index"], c["function"]["name"], c["function"]["arguments"])
            for c in calls] == [(0, "get_weather", {"city": "Paris"})]
    assert calls[0]["id"].startswith("call_")
    want = ollama_object(model, {"text": PROSE})  # the reply without the markup, stats as sent
    assert body == want


def test_stream_is_the_default_and_its_lines_hold_the_calls(upstream: ReplayServer,
                                                            proxy: str) -> None:
    model = upstream.register("o/stream", text=PROSE + CALL, step=4)
    sent = [json.dumps(ev).encode() + b"\n" for _, ev in ollama_lines(model, {
        "text": PROSE + CALL, "step": 4})]
    r = _post(proxy, {"model": model, "messages": USER, "tools": TOOLS})  # no "stream": streamed
    assert r.status_code == 200 and r.headers["content-type"] == "application/x-ndjson"
    lines = r.content.splitlines(keepends=True)
    assert lines[-1] == sent[-1]  # the done line and its stats, byte for byte
    parsed = _lines(r.content)
    assert all(not p["done"] for p in parsed[:-1]) and parsed[-1]["done"] is True
    content = "".join(p["message"]["content"] for p in parsed)
    assert content == PROSE
    calls = [c for p in parsed for c in p["message"].get("tool_calls", [])]
    assert [c["function"]["arguments"] for c in calls] == [{"city": "Paris"}]
    one = _post(proxy, {"model": model, "messages": USER, "tools": TOOLS, "stream": False}).json()
    assert calls == one["message"]["tool_calls"]  # the same ids, streamed or not
    shown = [p["message"]["content"] for p in parsed if not p["message"].get("tool_calls")]
    assert not any("<tool" in s or "get_weather" in s for s in shown)


def test_the_ollama_client_reads_the_calls(upstream: ReplayServer, proxy: str) -> None:
    ollama = pytest.importorskip("ollama")
    model = upstream.register("o/client", text=PROSE + CALL, step=5)
    client = ollama.Client(host=proxy)
    reply = client.chat(model=model, messages=USER, tools=TOOLS)
    assert reply.message.content == PROSE
    assert [(c.function.name, dict(c.function.arguments)) for c in reply.message.tool_calls] == [
        ("get_weather", {"city": "Paris"})]
    parts = list(client.chat(model=model, messages=USER, tools=TOOLS, stream=True))
    assert "".join(p.message.content or "" for p in parts) == PROSE
    assert [c.function.name for p in parts for c in p.message.tool_calls or []] == ["get_weather"]
    assert parts[-1].done and parts[-1].eval_count == 34


@pytest.mark.heavy
def test_refusals_and_cut_replies_keep_the_reply(upstream: ReplayServer, proxy: str) -> None:
    """Non-streamed: the upstream's bytes. Streamed: the same text (held text is released, in
    one line, at the decision) and the done line as sent; byte for byte when nothing was held."""
    fenced = "Here is how:\n```\n" + CALL + "\n```"
    for name, sc, held in (
            ("o/fenced", {"text": fenced}, True),
            ("o/cut", {"text": PROSE + CALL, "done_reason": "length"}, True),
            ("o/plain", {"text": "It is sunny."}, False),
            ("o/structured", {"text": "", "structured": [
                {"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]}, False)):
        upstream.register(name, **sc)
        for stream in (False, True):
            body = {"model": name, "messages": USER, "tools": TOOLS, "stream": stream}
            direct = httpx.post(upstream.base + "/api/chat", json=body, timeout=20)
            via = _post(proxy, body)
            assert via.status_code == direct.status_code == 200
            if not stream or not held:
                assert via.content == direct.content, name
                continue
            got, sent = _lines(via.content), _lines(direct.content)
            assert "".join(p["message"]["content"] for p in got) == sc["text"]
            assert via.content.splitlines()[-1] == direct.content.splitlines()[-1]
            assert len(got) <= len(sent) + 1


def test_thinking_is_read_as_reasoning(upstream: ReplayServer, proxy: str) -> None:
    model = upstream.register("o/think", text="", thought="I should look it up.\n" + CALL)
    before = httpx.get(proxy + "/leakcall/stats").json()["reasons"].get("reasoning", 0)
    for stream in (False, True):
        body = {"model": model, "messages": USER, "tools": TOOLS, "stream": stream}
        direct = httpx.post(upstream.base + "/api/chat", json=body, timeout=20)
        assert _post(proxy, body).content == direct.content  # --reasoning ignore: left alone
    assert httpx.get(proxy + "/leakcall/stats").json()["reasons"]["reasoning"] == before + 2


def test_other_ollama_paths_pass_through(upstream: ReplayServer, proxy: str) -> None:
    upstream.register("o/generate", text=PROSE + CALL)
    for path, body in (("/api/generate", {"model": "o/generate", "prompt": "go", "tools": TOOLS}),
                       ("/api/show", {"model": "o/generate"})):
        direct = httpx.post(upstream.base + path, json=body, timeout=20)
        via = httpx.post(proxy + path, json=body, timeout=20)
        assert (via.status_code, via.content) == (direct.status_code, direct.content)
        assert "x-leakcall-reason" not in via.headers


# --- the adapter over the corpus ------------------------------------------------------------------

POOL = sorted((c for c in CASES if c.expect.get("reason") in ("ok", "quoted", "fenced",
                                                                "truncated", "prose")),
              key=lambda c: c.id)


@pytest.mark.heavy
@pytest.mark.parametrize("case", POOL, ids=lambda c: c.id)
def test_stream_equals_one_shot_and_shows_no_markup_early(case: Any) -> None:
    tools, opts = wire_args(case)
    sc = {"text": case.text, "step": 1 + len(case.id) % 7}
    ref = leakcall.recover(case.text, case.tools, id_salt="2025-06-01T12:00:00.000000Z",
                           **case.options)
    fixed = repair_chat(ollama_object("m", sc), tools, **opts)
    out = list(repair_chat_stream([ev for _, ev in ollama_lines("m", sc)], tools, **opts))
    assert "".join(p["message"]["content"] for p in out) == fixed["message"]["content"]
    assert fixed["message"]["content"] == (ref.content if ref.ok else case.text)
    calls = [c for p in out for c in p["message"].get("tool_calls", [])]
    assert calls == fixed["message"].get("tool_calls", [])
    assert out[-1] == ollama_object("m", {"text": ""})  # the done line, as sent
    if ref.ok:
        assert ref.span is not None
        first = next(i for i, p in enumerate(out) if p["message"].get("tool_calls"))
        early = "".join(p["message"]["content"] for p in out[: first - 1])
        assert case.text[: ref.span[0]].startswith(early)


def test_ndjson_decoder_any_split_gives_the_same_lines() -> None:
    lines = [json.dumps(ev).encode() + b"\n" for _, ev in ollama_lines("m", {
        "text": PROSE + CALL, "thought": "hm"})]
    raw = b"".join(lines)
    for size in (1, 2, 7, 64, len(raw)):
        dec = NDJSONDecoder(1 << 20)
        got = [ev.raw for i in range(0, len(raw), size) for ev in dec.feed(raw[i : i + size])]
        assert got == lines and dec.take_raw() == b""
    dec = NDJSONDecoder(40)
    assert dec.feed(raw) == [] and dec.overflow and dec.take_raw() == raw
