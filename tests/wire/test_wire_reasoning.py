"""Reasoning fields (``reasoning_content`` / ``reasoning``) in Chat Completions: read as a block
before the content, so the library's own rules decide; through the openai SDK and in process."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import leakcall
from leakcall.corpus import Case
from leakcall.openai import repair_completion, repair_stream

from ..conftest import CASES
from ..sdk import Lazy
from ..wire_replay import ReplayServer, chat_completion, chat_events, serving

openai = Lazy("openai")
oai_chat_stream = Lazy("openai.lib.streaming.chat")

TOOLS: list[dict[str, Any]] = [{
    "type": "function",
    "function": {"name": "get_weather", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
}]
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
THOUGHT = "The user wants the weather.\n\nI'll check the weather in Paris.\n" + CALL


@pytest.fixture(scope="module")
def server() -> Iterator[ReplayServer]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="module")
def client(server: ReplayServer) -> Any:
    return openai.OpenAI(base_url=server.base + "/v1", api_key="test", max_retries=0, timeout=20)


def _both(client: Any, model: str, mode: str) -> tuple[Any, Any, list[leakcall.Recovery]]:
    """The stream accumulated by the SDK, and the repaired object, with their decisions."""
    got: list[leakcall.Recovery] = []
    stream = client.chat.completions.create(model=model, stream=True, messages=[])
    chunks = list(repair_stream(stream, TOOLS, reasoning=mode, on_recovery=got.append))
    state = oai_chat_stream.ChatCompletionStreamState()
    for c in chunks:
        state.handle_chunk(c)
    obj = client.chat.completions.create(model=model, messages=[])
    fixed = repair_completion(obj, TOOLS, reasoning=mode, on_recovery=got.append)
    return state.get_final_completion(), fixed, got


def _thought_of(msg: Any) -> str:
    extra = msg.model_extra or {}
    return extra.get("reasoning_content") or extra.get("reasoning") or ""


@pytest.mark.parametrize("key", ["reasoning_content", "reasoning"])
def test_call_only_in_reasoning(server: ReplayServer, client: Any, key: str) -> None:
    model = server.register(f"think/{key}", text="", thought=THOUGHT, thought_key=key, step=5)
    final, fixed, got = _both(client, model, "ignore")
    assert [r.reason for r in got] == ["reasoning", "reasoning"]  # reported, not recovered
    assert not final.choices[0].message.tool_calls and not fixed.choices[0].message.tool_calls
    assert _thought_of(final.choices[0].message) == THOUGHT == _thought_of(fixed.choices[0].message)

    final, fixed, got = _both(client, model, "recover")
    assert [r.reason for r in got] == ["ok", "ok"]
    for resp in (final, fixed):
        msg = resp.choices[0].message
        assert resp.choices[0].finish_reason == "tool_calls"
        assert [(t.function.name, json.loads(t.function.arguments)) for t in msg.tool_calls] == [
            ("get_weather", {"city": "Paris"})]
        assert _thought_of(msg) == THOUGHT.removesuffix(CALL)  # markup gone from the reasoning
        assert not msg.content
    assert final.choices[0].message.tool_calls[0].id == fixed.choices[0].message.tool_calls[0].id


def test_visible_content_still_read(server: ReplayServer, client: Any) -> None:
    """A call in the reasoning, and in the content a fenced copy: the content is read and the
    library's own rules decide (here: not a call made in the reply)."""
    text = "Here is how the call would look:\n```\n" + CALL + "\n```"
    model = server.register("think/fenced", text=text, thought=THOUGHT)
    ref = leakcall.recover("<think>" + THOUGHT + "</think>" + text, TOOLS, reasoning="recover",
                           id_salt="chatcmpl-replay")
    final, fixed, got = _both(client, model, "recover")
    assert got == [ref, ref]
    assert not ref.ok
    assert final.choices[0].message.content == text == fixed.choices[0].message.content


def test_reasoning_holding_a_tag_is_not_read(server: ReplayServer, client: Any) -> None:
    model = server.register("think/tagged", text="", thought="</think>" + CALL)
    _, fixed, got = _both(client, model, "recover")
    assert [r.reason for r in got] == ["no_text", "no_text"]
    assert not fixed.choices[0].message.tool_calls


def _split_cases() -> list[Case]:
    """Corpus cases whose reply opens with one <think> block: the block moves to the field."""
    out = []
    for c in CASES:
        if c.text.startswith("<think>") and c.text.count("<think>") == 1 \
                and c.text.count("</think>") == 1:
            out.append(c)
    return out


@pytest.mark.parametrize("case", _split_cases(), ids=lambda c: c.id)
@pytest.mark.parametrize("mode", ["ignore", "recover"])
def test_think_block_moved_to_the_field(case: Case, mode: str) -> None:
    """The same reply with its reasoning in ``reasoning_content``: the same decision and calls;
    the stream equals the one-shot."""
    thought, content = case.text.removeprefix("<think>").split("</think>", 1)
    sc = {"text": content, "thought": thought, "step": 4 + len(case.id) % 5}
    ref = leakcall.recover(case.text, case.tools, reasoning=mode, id_salt="chatcmpl-replay")
    got: list[leakcall.Recovery] = []
    fixed = repair_completion(chat_completion("m", sc), case.tools, reasoning=mode,
                              on_recovery=got.append)
    chunks = list(repair_stream([c for _, c in chat_events("m", sc)], case.tools,
                                reasoning=mode, on_recovery=got.append))
    assert got == [ref, ref]
    streamed = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks)
    thought_out = "".join(c["choices"][0]["delta"].get("reasoning_content") or ""
                          for c in chunks)
    msg = fixed["choices"][0]["message"]
    assert streamed == (msg["content"] or "")
    assert thought_out == msg["reasoning_content"]
    items = [t for c in chunks for t in c["choices"][0]["delta"].get("tool_calls") or []]
    assert [(t["id"], t["function"]["name"]) for t in items] == [
        (c.id, c.name) for c in ref.calls] == [
        (t["id"], t["function"]["name"]) for t in msg.get("tool_calls") or []]
    if ref.ok:
        assert "<think>" + thought_out + "</think>" + streamed == ref.content
    else:
        assert (streamed, thought_out) == (content, thought)
