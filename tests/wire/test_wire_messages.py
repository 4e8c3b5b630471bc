"""The Anthropic Messages adapter on the real client path: a loopback server replays corpus replies
as Messages SSE events (and objects), the official ``anthropic`` client reads them, the adapter
repairs what the SDK yields (typed objects in, typed objects out)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

import leakcall
from leakcall.anthropic import repair_message, repair_message_stream, repair_message_stream_async
from leakcall.corpus import Case

from ..conftest import CASES, wire_args
from ..sdk import Lazy
from ..wire_replay import ReplayServer, message_object, messages_events, serving, wire_sample

anthropic = Lazy("anthropic")
claude_stream = Lazy("anthropic.lib.streaming._messages")
claude_types = Lazy("anthropic.types")

SAMPLE = wire_sample(ok=2, refused=1)
RECOVERABLE = [c for c in CASES if c.expect.get("reason") == "ok"]


@pytest.fixture(scope="module")
def server() -> Iterator[ReplayServer]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="module")
def client(server: ReplayServer) -> Any:
    return anthropic.Anthropic(base_url=server.base, api_key="test", max_retries=0, timeout=20)


def _texts(events: list[Any]) -> str:
    return "".join(e.delta.text for e in events
                   if e.type == "content_block_delta" and e.delta.type == "text_delta")


def _final(events: list[Any]) -> Any:
    snap = None
    bufs: dict[int, bytes] = {}
    for e in events:
        snap = claude_stream.accumulate_event(event=e, current_snapshot=snap, json_bufs=bufs)
    return snap


def _text_of(msg: Any) -> str:
    return "".join(b.text for b in msg.content if b.type == "text")


def _calls(msg: Any) -> list[tuple[str, str, Any]]:
    return [(b.id, b.name, b.input) for b in msg.content if b.type == "tool_use"]


def _step(case: Case) -> int:
    n = len(case.id)
    return 1 + n % 3 if n % 8 == 0 else 8 + n % 13


def _create(client: Any, model: str, **kw: Any) -> Any:
    return client.messages.create(model=model, max_tokens=64,
                                  messages=[{"role": "user", "content": "go"}], **kw)


@pytest.mark.heavy
@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: c.id)
def test_message_stream_and_object(server: ReplayServer, client: Any, case: Case) -> None:
    mid = f"msg_{case.id}"
    model = server.register(f"m/{case.id}", text=case.text, step=_step(case), id=mid)
    ref = leakcall.recover(case.text, case.tools, id_salt=mid, **case.options)

    got: list[leakcall.Recovery] = []
    raw = list(_create(client, model, stream=True))
    tools, opts = wire_args(case)
    events = list(repair_message_stream(raw, tools, on_recovery=got.append, **opts))
    assert got == [ref]
    # a text block left with only whitespace is dropped (the API refuses it sent back)
    assert _texts(events) == (ref.content if ref.content.strip() else "")
    final = _final(events)

    obj = _create(client, model)
    seen: list[leakcall.Recovery] = []
    fixed = repair_message(obj, wire_args(case)[0], on_recovery=seen.append, **wire_args(case)[1])
    assert seen == [ref]
    assert isinstance(fixed, claude_types.Message)
    # stream == one-shot
    assert final.model_dump() == fixed.model_dump()
    assert _calls(fixed) == [(c.anthropic_id, c.name, c.arguments) for c in ref.calls]
    assert fixed.stop_reason == ("tool_use" if ref.ok else "end_turn")
    if not ref.ok:
        assert fixed is obj
        assert _text_of(final) == case.text
        return
    assert ref.span is not None
    assert _text_of(fixed) == (ref.content if ref.content.strip() else "")
    # no markup shown before the decision (message_delta)
    stop = next(i for i, e in enumerate(events)
                if e.type == "content_block_stop" and e.index == 0) if any(
        b.type == "text" for b in fixed.content) else len(events)
    early = _texts(events[: stop - 1])
    assert case.text[: ref.span[0]].startswith(early)


@pytest.mark.heavy
@pytest.mark.parametrize("case", RECOVERABLE, ids=lambda c: c.id)
def test_every_recoverable_case_in_process(case: Case) -> None:
    """Without HTTP: the stream and the object as dicts, for every recoverable corpus case."""
    sc = {"text": case.text, "step": 5 + len(case.id) % 9, "id": "msg_x"}
    ref = leakcall.recover(case.text, case.tools, id_salt="msg_x", **case.options)
    out = list(repair_message_stream([e for _, e in messages_events("m", sc)],
                                     wire_args(case)[0], **wire_args(case)[1]))
    fixed = repair_message(message_object("m", sc), wire_args(case)[0], **wire_args(case)[1])
    assert ref.ok and ref.span is not None
    texts = [e["delta"]["text"] for e in out if e["type"] == "content_block_delta"
             and e["delta"]["type"] == "text_delta"]
    assert "".join(texts) == (ref.content if ref.content.strip() else "")
    blocks = [e["content_block"] for e in out if e["type"] == "content_block_start"]
    assert [b["type"] for b in blocks] == [b["type"] for b in fixed["content"]]
    assert [b["id"] for b in blocks if b["type"] == "tool_use"] == [c.anthropic_id
                                                                   for c in ref.calls]
    args = [json.loads(e["delta"]["partial_json"]) for e in out
            if e["type"] == "content_block_delta" and e["delta"]["type"] == "input_json_delta"]
    assert args == [c.arguments for c in ref.calls] == [
        b["input"] for b in fixed["content"] if b["type"] == "tool_use"]
    assert [e["index"] for e in out if e["type"] == "content_block_start"] == list(
        range(len(blocks)))
    delta = next(e for e in out if e["type"] == "message_delta")
    assert delta["delta"]["stop_reason"] == fixed["stop_reason"] == "tool_use"


TOOLS: list[dict[str, Any]] = [{
    "name": "get_weather", "description": "weather",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}},
                     "required": ["city"]},
}]
PROSE = "Let me check the weather.\n\n"
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


@pytest.mark.heavy
def test_max_tokens_is_refused_as_truncated(server: ReplayServer, client: Any) -> None:
    model = server.register("m/cut", text=PROSE + CALL, stop="max_tokens")
    got: list[leakcall.Recovery] = []
    events = list(repair_message_stream(_create(client, model, stream=True), TOOLS,
                                        on_recovery=got.append))
    assert _texts(events) == PROSE + CALL
    assert _final(events).stop_reason == "max_tokens" and not _calls(_final(events))
    obj = _create(client, model)
    assert repair_message(obj, TOOLS, on_recovery=got.append) is obj
    assert [r.reason for r in got] == ["truncated", "truncated"]


def test_stream_without_message_delta_is_released(server: ReplayServer, client: Any) -> None:
    model = server.register("m/noterm", text=PROSE + CALL, no_terminal=True)
    got: list[leakcall.Recovery] = []
    events = list(repair_message_stream(_create(client, model, stream=True), TOOLS,
                                        on_recovery=got.append))
    assert _texts(events) == PROSE + CALL
    assert [r.reason for r in got] == ["truncated"]


def test_tool_use_blocks_are_left_alone(server: ReplayServer, client: Any) -> None:
    real = {"type": "tool_use", "id": "toolu_real", "name": "get_weather",
            "input": {"city": "Rome"}}
    model = server.register("m/structured", text=PROSE + CALL, structured=[real],
                            stop="tool_use")
    got: list[leakcall.Recovery] = []
    events = list(repair_message_stream(_create(client, model, stream=True), TOOLS,
                                        on_recovery=got.append))
    assert _texts(events) == PROSE + CALL
    assert _calls(_final(events)) == [("toolu_real", "get_weather", {"city": "Rome"})]
    obj = _create(client, model)
    assert repair_message(obj, TOOLS, on_recovery=got.append) is obj
    assert got == []


def test_bare_call_drops_the_empty_text_block(server: ReplayServer, client: Any) -> None:
    model = server.register("m/bare", text="\n" + CALL, step=2)
    events = list(repair_message_stream(_create(client, model, stream=True), TOOLS))
    final = _final(events)
    assert [b.type for b in final.content] == ["tool_use"]
    assert final.stop_reason == "tool_use"
    fixed = repair_message(_create(client, model), TOOLS)
    assert final.model_dump() == fixed.model_dump()


def test_dicts_in_dicts_out_and_per_turn_ids(server: ReplayServer, client: Any) -> None:
    ids = []
    for turn in ("msg_1", "msg_2"):
        model = server.register(f"m/{turn}", text=PROSE + CALL, id=turn)
        d = _create(client, model).model_dump()
        fixed = repair_message(d, TOOLS)
        assert isinstance(fixed, dict) and d["content"][0]["text"] == PROSE + CALL
        ids.append(fixed["content"][-1]["id"])
    assert ids[0] != ids[1]


def test_async_client(server: ReplayServer) -> None:
    model = server.register("m/async", text=PROSE + CALL, step=4)

    async def run() -> list[Any]:
        aclient = anthropic.AsyncAnthropic(base_url=server.base, api_key="t", max_retries=0)
        stream = await aclient.messages.create(model=model, max_tokens=9, stream=True,
                                               messages=[{"role": "user", "content": "go"}])
        out = [e async for e in repair_message_stream_async(stream, TOOLS)]
        await aclient.close()
        return out

    events = asyncio.run(run())
    assert _texts(events) == PROSE
    assert [c[1:] for c in _calls(_final(events))] == [("get_weather", {"city": "Paris"})]
