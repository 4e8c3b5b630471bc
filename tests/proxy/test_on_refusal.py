"""``--on-refusal`` (issue 28, item 4): ``annotate`` adds the decision to a reply whose markup was
refused (``x-leakcall-rule`` and the ``leakcall`` field of the body or of the event that ends the
stream); ``error`` answers the API's own error for a broken call (truncated, unadvertised...),
HTTP 502 when not streamed, the API's error event in place of the held markup when streamed;
quoted, fenced or prose markup and replies without markup pass as they came. Every API,
streamed and not, through the app ``leakcall serve`` runs (uvicorn in a thread) in front of the
loopback replay server; one app per mode for the module."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from ..wire_replay import ReplayServer, serve_app, serving, serving_app

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

USER = [{"role": "user", "content": "go"}]
SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]
PREAMBLE = "Let me check the weather.\n\n"
CUT = {"finish": "length", "status": "incomplete", "stop": "max_tokens", "done_reason": "length"}
SCENARIOS: dict[str, dict[str, Any]] = {
    # a broken call: fails
    "truncated": {"text": PREAMBLE + '<tool_call>\n{"name": "get_weather", "arguments": '
                  '{"city": "Par'},
    "unadvertised": {"text": PREAMBLE + '<tool_call>\n{"name": "get_time", "arguments": '
                     '{"city": "Paris"}}\n</tool_call>'},
    # a complete call in a reply the server cut: refused as truncated (cut-by-server), fails
    "cut_call": {"text": PREAMBLE + '<tool_call>\n{"name": "get_weather", "arguments": '
                 '{"city": "Paris"}}\n</tool_call>', **CUT},
    # markup the model wrote about: annotated, never an error
    "fenced": {"text": "Here is an example:\n\n```\n<tool_call>\n{\"name\": \"get_weather\", "
               "\"arguments\": {\"city\": \"Paris\"}}\n</tool_call>\n```\nThat is how."},
    # no markup: neither (a plain reply cut by the server is refused as truncated, no markup)
    "cut_plain": {"text": "Sunny in Paris, and then the", **CUT},
    "plain": {"text": "Sunny in Paris today."},
}
EXPECT = {"truncated": ("truncated", "unclosed", "hermes"),
          "unadvertised": ("unadvertised", "unadvertised-name", "hermes"),
          "cut_call": ("truncated", "cut-by-server", None),  # the decision names no family
          "fenced": ("fenced", "code-fence", "hermes")}
FAILS = ("truncated", "unadvertised", "cut_call")


def _body(path: str, model: str, stream: bool) -> dict[str, Any]:
    if path == "/v1/responses":
        return {"model": model, "input": "go", "stream": stream, "tools": [
            {"type": "function", **t["function"]} for t in TOOLS]}
    if path == "/v1/messages":
        return {"model": model, "max_tokens": 9, "messages": USER, "stream": stream, "tools": [
            {"name": "get_weather", "input_schema": SCHEMA}]}
    return {"model": model, "messages": USER, "tools": TOOLS, "stream": stream}


PATHS = ["/v1/chat/completions", "/v1/responses", "/v1/messages", "/api/chat"]


def _events(path: str, raw: bytes) -> list[dict[str, Any]]:
    """The JSON events of a streamed body (SSE data, or NDJSON lines); ``[DONE]`` as a string."""
    if path == "/api/chat":
        return [json.loads(x) for x in raw.splitlines() if x.strip()]
    out: list[Any] = []
    for block in raw.decode().split("\n\n"):
        data = "\n".join(ln[6:] for ln in block.split("\n") if ln.startswith("data: "))
        if data:
            out.append(data if data == "[DONE]" else json.loads(data))
    return out


def _text(path: str, events: list[Any]) -> str:
    parts = []
    for ev in events:
        if not isinstance(ev, dict):
            continue
        if path == "/v1/chat/completions" and ev.get("choices"):
            parts.append(ev["choices"][0]["delta"].get("content") or "")
        elif path == "/v1/responses" and ev.get("type") == "response.output_text.delta":
            parts.append(ev["delta"])
        elif path == "/v1/messages" and ev.get("type") == "content_block_delta":
            parts.append(ev["delta"].get("text", ""))
        elif path == "/api/chat" and isinstance(ev.get("message"), dict):
            parts.append(ev["message"].get("content") or "")
    return "".join(parts)


def _ends_reply(path: str, ev: dict[str, Any]) -> bool:
    if path == "/v1/chat/completions":
        return bool(ev.get("choices")) and ev["choices"][0].get("finish_reason") is not None
    if path == "/v1/responses":
        return ev.get("type") in ("response.completed", "response.incomplete")
    if path == "/v1/messages":
        return ev.get("type") == "message_delta"
    return ev.get("done") is True


@pytest.fixture(scope="module")
def upstream() -> Iterator[ReplayServer]:
    with serving() as srv:
        for name, sc in SCENARIOS.items():
            srv.register(name, step=5, **sc)
        yield srv


@pytest.fixture(scope="module")
def annotate(upstream: ReplayServer) -> Iterator[str]:
    with serving_app(serve_app(upstream.base, "--on-refusal", "annotate")) as base:
        yield base


@pytest.fixture(scope="module")
def error(upstream: ReplayServer) -> Iterator[str]:
    with serving_app(serve_app(upstream.base, env={"LEAKCALL_ON_REFUSAL": "error"})) as base:
        yield base


@pytest.mark.parametrize("path", PATHS)
def test_error_answers_the_apis_error_for_a_broken_call(upstream: ReplayServer, error: str,
                                                        path: str) -> None:
    with httpx.Client(timeout=30) as http:
        for name in SCENARIOS:
            direct = http.post(upstream.base + path, json=_body(path, name, False))
            via = http.post(error + path, json=_body(path, name, False))
            if name not in FAILS:
                assert (via.status_code, via.content) == (200, direct.content), name
                continue
            reason, rule, family = EXPECT[name]
            assert via.status_code == 502, (name, via.text)
            assert via.headers["x-leakcall-reason"] == reason
            err = via.json()
            assert err["leakcall"] == {"reason": reason, "rule": rule, "family": family}
            if path == "/v1/messages":
                assert err["type"] == "error" and err["error"]["type"] == "leakcall_refused"
                message = err["error"]["message"]
            elif path == "/api/chat":
                message = err["error"]
            else:
                assert err["error"]["code"] == "leakcall_refused"
                message = err["error"]["message"]
            assert f"{reason} (rule {rule})" in message and "<tool_call>" not in via.text


@pytest.mark.heavy
@pytest.mark.parametrize("path", PATHS)
def test_error_in_a_stream_replaces_the_held_markup(upstream: ReplayServer, error: str,
                                                    path: str) -> None:
    """The text before the markup was shown; the markup never is: the API's error event ends the
    stream (status 200: the head went out before the decision)."""
    with httpx.Client(timeout=30) as http:
        for name in SCENARIOS:
            via = http.post(error + path, json=_body(path, name, True))
            assert via.status_code == 200
            events = _events(path, via.content)
            if name not in FAILS:  # as --on-refusal pass sends it: the reply's text, no field
                assert _text(path, events) == SCENARIOS[name]["text"], name
                assert '"leakcall"' not in via.text, name
                continue
            last = events[-1]
            assert isinstance(last, dict), (name, events[-2:])
            assert last["leakcall"]["reason"] == EXPECT[name][0], name
            assert "<tool_call>" not in via.text and _text(path, events) == PREAMBLE, name
            assert not any(isinstance(ev, dict) and _ends_reply(path, ev) for ev in events)
            if path == "/v1/responses":  # flat as documented, nested as the live API sends
                assert last["type"] == "error" and last["code"] == "leakcall_refused"
                assert last["error"] == {"type": "leakcall_refused", "code": "leakcall_refused",
                                         "message": last["message"], "param": None}
                assert f"{EXPECT[name][0]} (rule {EXPECT[name][1]})" in last["message"]
            elif path == "/v1/messages":
                assert last["type"] == "error" and last["error"]["type"] == "leakcall_refused"
            elif path == "/api/chat":
                assert last["code"] == "leakcall_refused" and "error" in last
            else:
                assert last["error"]["code"] == "leakcall_refused"


@pytest.mark.heavy
@pytest.mark.parametrize("path", PATHS)
def test_annotate_adds_the_decision(upstream: ReplayServer, annotate: str, path: str) -> None:
    with httpx.Client(timeout=30) as http:
        for name in SCENARIOS:
            direct = http.post(upstream.base + path, json=_body(path, name, False))
            via = http.post(annotate + path, json=_body(path, name, False))
            assert via.status_code == 200
            # x-leakcall-rule goes beside x-leakcall-reason; the field only with refused markup
            rule = {"plain": "no-opener", "cut_plain": "cut-by-server"}.get(name)
            if rule is not None:
                assert via.content == direct.content and via.headers["x-leakcall-rule"] == rule
                continue
            reason, rule, family = EXPECT[name]
            want = {"reason": reason, "rule": rule, "family": family}
            assert via.json() == {**direct.json(), "leakcall": want}, name
            assert via.content.startswith(direct.content.rstrip()[:-1])  # the rest as it came
            assert (via.headers["x-leakcall-reason"], via.headers["x-leakcall-rule"]) == (
                reason, rule)
            streamed = http.post(annotate + path, json=_body(path, name, True))
            events = _events(path, streamed.content)
            marked = [ev for ev in events if isinstance(ev, dict) and "leakcall" in ev]
            assert len(marked) == 1 and marked[0]["leakcall"] == want, name
            assert _ends_reply(path, marked[0]), marked[0]
            assert _text(path, events) == SCENARIOS[name]["text"]


@pytest.mark.heavy
def test_the_openai_client_sees_the_reason(upstream: ReplayServer, error: str) -> None:
    openai = pytest.importorskip("openai")
    client = openai.OpenAI(base_url=error + "/v1", api_key="x", max_retries=0, timeout=30)
    with pytest.raises(openai.APIStatusError) as got:
        client.chat.completions.create(model="truncated", messages=USER, tools=TOOLS)
    assert got.value.status_code == 502 and got.value.code == "leakcall_refused"
    assert got.value.response.json()["leakcall"]["reason"] == "truncated"
    shown = []
    with pytest.raises(openai.APIError) as streamed:
        for chunk in client.chat.completions.create(model="unadvertised", messages=USER,
                                                    tools=TOOLS, stream=True):
            shown.append(chunk.choices[0].delta.content or "")
    assert "".join(shown) == PREAMBLE and "unadvertised" in streamed.value.message
    client.close()


@pytest.mark.heavy
def test_each_client_sees_the_error_inside_a_started_stream(upstream: ReplayServer,
                                                            error: str) -> None:
    """Responses, Messages and Ollama (Chat: above): the stream had begun (its head, the text
    before the markup) when the decision came; the API's error event that ends it reaches each
    official client as that API's error, with the reason, and no end of a reply comes."""
    openai = pytest.importorskip("openai")
    anthropic = pytest.importorskip("anthropic")
    ollama = pytest.importorskip("ollama")
    message = "unadvertised (rule unadvertised-name)"
    client = openai.OpenAI(base_url=error + "/v1", api_key="x", max_retries=0, timeout=30)
    events: list[Any] = []
    with pytest.raises(openai.APIError) as raw:
        for ev in client.responses.create(**_body("/v1/responses", "unadvertised", True)):
            events.append(ev)
    types = [ev.type for ev in events]
    assert types[0] == "response.created" and "response.completed" not in types
    assert "".join(ev.delta for ev in events if ev.type == "response.output_text.delta") == (
        PREAMBLE)
    assert message in raw.value.message and raw.value.code == "leakcall_refused"
    # the responses.stream() helper raises the same error, not "Didn't receive a
    # `response.completed` event", which it says of a stream that just ends
    body = _body("/v1/responses", "unadvertised", True)
    del body["stream"]
    helped: list[str] = []
    with pytest.raises(openai.APIError) as helper, client.responses.stream(**body) as stream:
        for ev in stream:
            if ev.type == "response.output_text.delta":
                helped.append(ev.delta)
        stream.get_final_response()
    client.close()
    assert "".join(helped) == PREAMBLE and message in helper.value.message
    assert helper.value.code == "leakcall_refused"

    claude = anthropic.Anthropic(base_url=error, api_key="x", max_retries=0, timeout=30)
    shown: list[str] = []
    with pytest.raises(anthropic.APIStatusError) as got:
        for ev in claude.messages.create(**_body("/v1/messages", "unadvertised", True)):
            if ev.type == "content_block_delta":
                shown.append(ev.delta.text)
    claude.close()
    assert "".join(shown) == PREAMBLE and message in str(got.value)
    assert got.value.body["error"]["type"] == "leakcall_refused"

    local = ollama.Client(host=error, timeout=30)
    shown = []
    with pytest.raises(ollama.ResponseError) as lost:
        for part in local.chat(model="unadvertised", messages=USER, tools=TOOLS, stream=True):
            shown.append(part.message.content or "")
    assert "".join(shown) == PREAMBLE and message in lost.value.error


def test_on_refusal_is_checked_when_the_app_is_built(upstream: ReplayServer) -> None:
    with pytest.raises(ValueError, match="cannot be used with --shadow"):
        serve_app(upstream.base, "--on-refusal", "error", "--shadow")
    with pytest.raises(SystemExit):
        serve_app(upstream.base, "--on-refusal", "loud")
