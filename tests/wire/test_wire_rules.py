"""The wire adapters' own refusal rules, on plain dicts (fast; the mutation check runs these)."""

from __future__ import annotations

from typing import Any

from leakcall.anthropic import repair_message, repair_message_stream
from leakcall.openai import (
    repair_completion,
    repair_response,
    repair_response_stream,
    repair_stream,
)

from ..wire_replay import (
    chat_completion,
    chat_events,
    message_object,
    messages_events,
    response_object,
    responses_events,
)

TOOLS: list[dict[str, Any]] = [{
    "type": "function",
    "function": {"name": "get_weather", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
}]
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
TEXT = "I'll check the weather.\n\n" + CALL


def _reasons(fn: Any, obj: Any) -> list[str]:
    got: list[Any] = []
    fn(obj, TOOLS, on_recovery=got.append)
    return [str(r.reason) for r in got]


def _stream_reasons(fn: Any, events: list[Any]) -> list[str]:
    got: list[Any] = []
    list(fn(events, TOOLS, on_recovery=got.append))
    return [str(r.reason) for r in got]


def test_the_baseline_recovers_everywhere() -> None:
    sc = {"text": TEXT}
    assert _reasons(repair_completion, chat_completion("m", sc)) == ["ok"]
    assert _reasons(repair_response, response_object("m", sc)) == ["ok"]
    assert _reasons(repair_message, message_object("m", sc)) == ["ok"]


def test_cut_replies_are_refused_as_truncated() -> None:
    resp = response_object("m", {"text": TEXT, "status": "incomplete"})
    assert _reasons(repair_response, resp) == ["truncated"]
    assert _stream_reasons(repair_response_stream, [
        e for _, e in responses_events("m", {"text": TEXT, "status": "incomplete"})]) == [
        "truncated"]
    for stop in ("max_tokens", "refusal", "model_context_window_exceeded"):
        sc = {"text": TEXT, "stop": stop}
        assert _reasons(repair_message, message_object("m", sc)) == ["truncated"]
        assert _stream_reasons(repair_message_stream,
                               [e for _, e in messages_events("m", sc)]) == ["truncated"]
    sc = {"text": TEXT, "no_terminal": True}
    assert _stream_reasons(repair_message_stream,
                           [e for _, e in messages_events("m", sc)]) == ["truncated"]
    assert _stream_reasons(repair_response_stream,
                           [e for _, e in responses_events("m", sc)]) == ["truncated"]


def test_structured_calls_and_several_text_parts_are_left_alone() -> None:
    fc = {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "get_weather",
          "arguments": "{}", "status": "completed"}
    resp = response_object("m", {"text": TEXT, "structured": [fc]})
    assert repair_response(resp, TOOLS) is resp
    two = response_object("m", {"text": TEXT})
    two["output"].append(two["output"][0])
    assert repair_response(two, TOOLS) is two
    tu = {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {"city": "Rome"}}
    msg = message_object("m", {"text": TEXT, "structured": [tu], "stop": "tool_use"})
    assert repair_message(msg, TOOLS) is msg
    two_texts = message_object("m", {"text": TEXT})
    two_texts["content"].append({"type": "text", "text": TEXT})
    assert repair_message(two_texts, TOOLS) is two_texts
    out = list(repair_message_stream(
        [e for _, e in messages_events("m", {"text": TEXT, "structured": [tu],
                                             "stop": "tool_use"})], TOOLS))
    assert [e["content_block"]["type"] for e in out if e["type"] == "content_block_start"] == [
        "text", "tool_use"]


def test_reasoning_field_rules() -> None:
    sc = {"text": "", "thought": "I'll check the weather.\n" + CALL}
    assert _reasons(repair_completion, chat_completion("m", sc)) == ["reasoning"]
    assert _stream_reasons(repair_stream, [c for _, c in chat_events("m", sc)]) == ["reasoning"]
    got: list[Any] = []
    fixed = repair_completion(chat_completion("m", sc), TOOLS, reasoning="recover",
                              on_recovery=got.append)
    assert [str(r.reason) for r in got] == ["ok"]
    assert fixed["choices"][0]["message"]["reasoning_content"] == "I'll check the weather.\n"
    # a reasoning field holding a reasoning tag is not read as one block
    tagged = {"text": "", "thought": "x</think>" + CALL}
    assert _reasons(lambda o, t, **k: repair_completion(o, t, reasoning="recover", **k),
                    chat_completion("m", tagged)) == ["no_text"]
