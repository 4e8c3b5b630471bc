"""Stream invariants of the new streams under random cuts (hypothesis): nothing lost, no markup
shown before the decision, stream == one-shot; for Responses, Messages, and Chat Completions and
Ollama's /api/chat with a reasoning field."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import leakcall
from leakcall.anthropic import repair_message, repair_message_stream
from leakcall.locate import REASONING_TAGS
from leakcall.ollama import repair_chat, repair_chat_stream
from leakcall.openai import repair_completion, repair_response, repair_response_stream, repair_stream

from ..conftest import CASES, examples, wire_args
from ..wire_replay import (
    chat_completion,
    chat_events,
    message_object,
    ollama_lines,
    ollama_object,
    response_object,
)

POOL = sorted((c for c in CASES if c.expect.get("reason") in ("ok", "quoted", "fenced",
                                                                "truncated", "prose")),
              key=lambda c: c.id)


def _cuts(draw: Any, text: str) -> list[str]:
    points = sorted(set(draw(st.lists(st.integers(0, len(text)), max_size=12))))
    bounds = [0, *points, len(text)]
    return [text[a:b] for a, b in pairwise(bounds) if b > a]


def _responses(pieces: list[str], sc: dict[str, Any]) -> list[dict[str, Any]]:
    base = response_object("m", sc)
    item = {**base["output"][0], "content": [], "status": "in_progress"}
    evs: list[dict[str, Any]] = [
        {"type": "response.created", "response": {**base, "output": [], "status": "in_progress"}},
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.content_part.added", "output_index": 0, "content_index": 0,
         "item_id": "msg_replay", "part": {"type": "output_text", "text": "", "annotations": []}},
        *({"type": "response.output_text.delta", "output_index": 0, "content_index": 0,
           "item_id": "msg_replay", "delta": p, "logprobs": []} for p in pieces),
        {"type": "response.output_text.done", "output_index": 0, "content_index": 0,
         "item_id": "msg_replay", "text": sc["text"], "logprobs": []},
        {"type": "response.output_item.done", "output_index": 0, "item": base["output"][0]},
        {"type": "response.completed", "response": base},
    ]
    return [{**e, "sequence_number": i} for i, e in enumerate(evs)]


def _messages(pieces: list[str], sc: dict[str, Any]) -> list[dict[str, Any]]:
    start = message_object("m", sc, done=False)
    return [{"type": "message_start", "message": start},
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text",
                                                                          "text": ""}},
            *({"type": "content_block_delta", "index": 0,
               "delta": {"type": "text_delta", "text": p}} for p in pieces),
            {"type": "content_block_stop", "index": 0},
            {"type": "message_delta", "delta": {"stop_reason": "end_turn",
                                                "stop_sequence": None},
             "usage": {"output_tokens": 3}},
            {"type": "message_stop"}]


@pytest.mark.heavy
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_responses_stream_invariants(data: st.DataObject) -> None:
    case = data.draw(st.sampled_from(POOL))
    sc = {"text": case.text, "id": "resp_p"}
    ref = leakcall.recover(case.text, case.tools, id_salt="resp_p", **case.options)
    tools, opts = wire_args(case)
    out = list(repair_response_stream(_responses(_cuts(data.draw, case.text), sc), tools,
                                      **opts))
    fixed = repair_response(response_object("m", sc), tools, **opts)
    deltas = [(i, e["delta"]) for i, e in enumerate(out)
              if e["type"] == "response.output_text.delta"]
    assert "".join(d for _, d in deltas) == ref.content  # nothing lost, nothing added
    assert out[-1]["response"] == fixed  # stream == one-shot
    done = next((i for i, e in enumerate(out) if e["type"] == "response.output_text.done"),
                len(out))  # none: the reply was only markup, its message item never announced
    assert done < len(out) or (ref.ok and ref.content == "")
    if ref.ok:
        assert ref.span is not None
        shown = "".join(d for i, d in deltas if i < done - 1)  # before the decision
        assert case.text[: ref.span[0]].startswith(shown)


@pytest.mark.heavy
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_messages_stream_invariants(data: st.DataObject) -> None:
    case = data.draw(st.sampled_from(POOL))
    sc = {"text": case.text, "id": "msg_p"}
    ref = leakcall.recover(case.text, case.tools, id_salt="msg_p", **case.options)
    tools, opts = wire_args(case)
    out = list(repair_message_stream(_messages(_cuts(data.draw, case.text), sc), tools, **opts))
    fixed = repair_message(message_object("m", sc), tools, **opts)
    texts = [(i, e["delta"]["text"]) for i, e in enumerate(out)
             if e["type"] == "content_block_delta" and e["delta"]["type"] == "text_delta"]
    dropped = ref.ok and not ref.content.strip()
    assert "".join(t for _, t in texts) == ("" if dropped else ref.content)
    blocks = [e["content_block"]["type"] for e in out if e["type"] == "content_block_start"]
    assert blocks == [b["type"] for b in fixed["content"]]  # stream == one-shot
    decided = next(i for i, e in enumerate(out) if e["type"] == "message_delta")
    assert out[decided]["delta"]["stop_reason"] == fixed["stop_reason"]
    if ref.ok and not dropped:
        assert ref.span is not None
        stop = next(i for i, e in enumerate(out) if e["type"] == "content_block_stop")
        shown = "".join(t for i, t in texts if i < stop - 1)
        assert case.text[: ref.span[0]].startswith(shown)


@pytest.mark.heavy
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), mode=st.sampled_from(["ignore", "recover"]))
def test_chat_reasoning_field_stream_invariants(data: st.DataObject, mode: str) -> None:
    """The reply's text split at a random point between reasoning_content and content."""
    case = data.draw(st.sampled_from(POOL))
    at = data.draw(st.integers(0, len(case.text)))
    thought, content = case.text[:at], case.text[at:]
    sc = {"text": content, "thought": thought, "step": data.draw(st.integers(1, 9))}
    got: list[leakcall.Recovery] = []
    fixed = repair_completion(chat_completion("m", sc), case.tools, reasoning=mode,
                              on_recovery=got.append)
    out = list(repair_stream([c for _, c in chat_events("m", sc)], case.tools, reasoning=mode,
                             on_recovery=got.append))
    assert got[0] == got[1]
    msg = fixed["choices"][0]["message"]
    streamed = "".join(c["choices"][0]["delta"].get("content") or "" for c in out)
    thought_out = "".join(c["choices"][0]["delta"].get("reasoning_content") or "" for c in out)
    assert streamed == (msg["content"] or "")
    assert thought_out == msg.get("reasoning_content", "")
    rec = got[0]
    if not rec.ok:
        assert (streamed, thought_out) == (content, thought)
        return
    items = [t for c in out for t in c["choices"][0]["delta"].get("tool_calls") or []]
    assert [t["id"] for t in items] == [c.id for c in rec.calls]
    # nothing of the markup was shown before the finish chunk
    head = next(i for i, c in enumerate(out) if c["choices"][0]["delta"].get("tool_calls")) - 1
    early_c = "".join(c["choices"][0]["delta"].get("content") or "" for c in out[:head])
    early_t = "".join(c["choices"][0]["delta"].get("reasoning_content") or ""
                      for c in out[:head])
    assert rec.span is not None
    # a reasoning field is read as one block only when it holds no reasoning tag of its own
    read = bool(thought) and not any(t in thought for pair in REASONING_TAGS for t in pair)
    wrapped = "<think>" + thought + "</think>" + content if read else content
    s = rec.span[0]
    if read and s < len("<think>") + len(thought):
        assert thought[: s - len("<think>")].startswith(early_t) and not early_c
    else:
        off = len("<think>") + len(thought) + len("</think>") if read else 0
        assert thought.startswith(early_t)
        assert wrapped[off:s].startswith(early_c)


@pytest.mark.heavy
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), mode=st.sampled_from(["ignore", "recover"]))
def test_ollama_thinking_stream_invariants(data: st.DataObject, mode: str) -> None:
    """Ollama's /api/chat: the reply split at a random point between message.thinking and
    message.content, streamed in random steps: stream == one-shot, nothing lost, no markup
    shown before the done line."""
    case = data.draw(st.sampled_from(POOL))
    at = data.draw(st.integers(0, len(case.text)))
    thought, content = case.text[:at], case.text[at:]
    sc = {"text": content, "thought": thought, "step": data.draw(st.integers(1, 9))}
    got: list[leakcall.Recovery] = []
    fixed = repair_chat(ollama_object("m", sc), case.tools, reasoning=mode, on_recovery=got.append)
    out = list(repair_chat_stream([ev for _, ev in ollama_lines("m", sc)], case.tools,
                                  reasoning=mode, on_recovery=got.append))
    assert got[0] == got[1]
    msg = fixed["message"]
    assert "".join(p["message"]["content"] for p in out) == msg["content"]
    assert "".join(p["message"].get("thinking", "") for p in out) == msg.get("thinking", "")
    assert out[-1]["done"] is True and out[-1]["eval_count"] == 34  # the stats, as sent
    rec = got[0]
    calls = [c for p in out for c in p["message"].get("tool_calls", [])]
    assert calls == msg.get("tool_calls", [])
    if not rec.ok:
        return
    first = next(i for i, p in enumerate(out) if p["message"].get("tool_calls"))
    early_c = "".join(p["message"]["content"] for p in out[: first - 1])
    early_t = "".join(p["message"].get("thinking", "") for p in out[: first - 1])
    assert rec.span is not None
    read = bool(thought) and not any(t in thought for pair in REASONING_TAGS for t in pair)
    s = rec.span[0]
    if read and s < len("<think>") + len(thought):
        assert thought[: s - len("<think>")].startswith(early_t) and not early_c
    else:
        off = len("<think>") + len(thought) + len("</think>") if read else 0
        wrapped = "<think>" + thought + "</think>" + content if read else content
        assert thought.startswith(early_t)
        assert wrapped[off:s].startswith(early_c)
