"""The Responses API adapter on the real client path: a loopback server replays corpus replies as
Responses events (and objects), the official ``openai`` client reads them, the adapter repairs
what the SDK yields (typed objects in, typed objects out)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

import leakcall
from leakcall.corpus import Case
from leakcall.openai import repair_response, repair_response_stream, repair_response_stream_async

from ..conftest import CASES, wire_args
from ..sdk import Lazy
from ..wire_replay import ReplayServer, response_object, responses_events, serving, wire_sample

openai = Lazy("openai")
oai_responses_stream = Lazy("openai.lib.streaming.responses._responses")
oai_responses = Lazy("openai.types.responses")

SAMPLE = wire_sample(ok=2, refused=1)
RECOVERABLE = [c for c in CASES if c.expect.get("reason") == "ok"]


@pytest.fixture(scope="module")
def server() -> Iterator[ReplayServer]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="module")
def client(server: ReplayServer) -> Any:
    return openai.OpenAI(base_url=server.base + "/v1", api_key="test", max_retries=0, timeout=20)


def _texts(events: list[Any]) -> str:
    return "".join(e.delta for e in events if e.type == "response.output_text.delta")


def _final(events: list[Any]) -> Any:
    state = oai_responses_stream.ResponseStreamState(input_tools=openai.omit, text_format=openai.omit)
    for e in events:
        state.handle_event(e)
    return state._completed_response


def _plain(x: Any) -> Any:
    """A dump without the SDK's ``parsed`` fields (the stream helper adds them)."""
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items() if k not in ("parsed", "parsed_arguments")}
    return [_plain(v) for v in x] if isinstance(x, list) else x


def _non_text_events(events: list[Any]) -> list[Any]:
    return [{k: v for k, v in e.model_dump().items() if k != "sequence_number"} for e in events
            if e.type != "response.output_text.delta"]


def _calls(resp: Any) -> list[tuple[str, str, Any]]:
    return [(o.call_id, o.name, json.loads(o.arguments)) for o in resp.output
            if o.type == "function_call"]


def _step(case: Case) -> int:
    """Characters per delta: mostly a few tokens' worth, one case in eight cut finely."""
    n = len(case.id)
    return 1 + n % 3 if n % 8 == 0 else 8 + n % 13


@pytest.mark.heavy
@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: c.id)
def test_response_stream_and_object(server: ReplayServer, client: Any, case: Case) -> None:
    rid = f"resp_{case.id}"
    model = server.register(f"r/{case.id}", text=case.text, step=_step(case), id=rid)
    ref = leakcall.recover(case.text, case.tools, id_salt=rid, **case.options)

    got: list[leakcall.Recovery] = []
    raw = list(client.responses.create(model=model, input="go", stream=True))
    tools, opts = wire_args(case)
    events = list(repair_response_stream(raw, tools, on_recovery=got.append, **opts))
    assert got == [ref]
    assert _texts(events) == ref.content
    assert [e.sequence_number for e in events] == list(range(len(events)))
    final = _final(events)

    obj = client.responses.create(model=model, input="go")
    seen: list[leakcall.Recovery] = []
    fixed = repair_response(obj, wire_args(case)[0], on_recovery=seen.append, **wire_args(case)[1])
    assert seen == [ref]
    assert isinstance(fixed, oai_responses.Response)
    # stream == one-shot: the accumulated stream is the repaired object
    assert final.output_text == fixed.output_text == ref.content
    assert _calls(final) == _calls(fixed) == [(c.id, c.name, c.arguments) for c in ref.calls]
    assert _plain(final.model_dump()["output"]) == fixed.model_dump()["output"]
    if not ref.ok:
        assert fixed is obj
        # only text deltas differ: held, then released
        assert _non_text_events(events) == _non_text_events(raw)
        return
    assert ref.span is not None
    # no markup shown: the deltas sent before the reply's text was done lie before the markup
    done = next((i for i, e in enumerate(events) if e.type == "response.output_text.done"), None)
    if done is None:  # the reply was only markup: its message item was never announced
        assert ref.content == ""
        assert not any(e.type == "response.output_item.added" and e.item.type == "message"
                       for e in events)
        assert _texts(events) == ""
        return
    early = _texts(events[: done - 1])
    assert case.text[: ref.span[0]].startswith(early)
    assert all(e.type != "response.output_text.delta" for e in events[done:])


HERMES_TOOLS: list[dict[str, Any]] = [{
    "type": "function", "name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"]},
}]
PROSE = "Let me check the weather.\n\n"
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


def test_incomplete_is_refused_as_truncated(server: ReplayServer, client: Any) -> None:
    model = server.register("r/cut", text=PROSE + CALL, status="incomplete")
    got: list[leakcall.Recovery] = []
    raw = list(client.responses.create(model=model, input="go", stream=True))
    events = list(repair_response_stream(raw, HERMES_TOOLS, on_recovery=got.append))
    assert _texts(events) == PROSE + CALL
    assert not any(e.type == "response.output_item.added" and e.item.type == "function_call"
                   for e in events)
    obj = client.responses.create(model=model, input="go")
    assert repair_response(obj, HERMES_TOOLS, on_recovery=got.append) is obj
    assert [r.reason for r in got] == ["truncated", "truncated"]


def test_stream_without_terminal_is_released(server: ReplayServer, client: Any) -> None:
    model = server.register("r/noterm", text=PROSE + CALL, no_terminal=True)
    got: list[leakcall.Recovery] = []
    raw = [e.model_dump() for e in client.responses.create(model=model, input="go", stream=True)]
    events = list(repair_response_stream(raw, HERMES_TOOLS, on_recovery=got.append))
    assert "".join(e["delta"] for e in events if e["type"] == "response.output_text.delta") \
        == PROSE + CALL
    assert [r.reason for r in got] == ["truncated"]
    kinds = [e["type"] for e in events if e["type"] != "response.output_text.delta"]
    assert kinds == [e["type"] for e in raw if e["type"] != "response.output_text.delta"]


def test_structured_calls_are_left_alone(server: ReplayServer, client: Any) -> None:
    real = {"type": "function_call", "id": "fc_real", "call_id": "call_real",
            "name": "get_weather", "arguments": '{"city": "Rome"}', "status": "completed"}
    model = server.register("r/structured", text=PROSE + CALL, structured=[real])
    got: list[leakcall.Recovery] = []
    raw = list(client.responses.create(model=model, input="go", stream=True))
    events = list(repair_response_stream(raw, HERMES_TOOLS, on_recovery=got.append))
    assert _texts(events) == PROSE + CALL
    assert _non_text_events(events) == _non_text_events(raw)
    obj = client.responses.create(model=model, input="go")
    assert repair_response(obj, HERMES_TOOLS, on_recovery=got.append) is obj
    assert got == []


def test_dicts_in_dicts_out_and_per_turn_ids(server: ReplayServer, client: Any) -> None:
    ids = []
    for turn in ("resp_1", "resp_2"):
        model = server.register(f"r/{turn}", text=PROSE + CALL, id=turn)
        d = client.responses.create(model=model, input="go").model_dump()
        fixed = repair_response(d, HERMES_TOOLS)
        assert isinstance(fixed, dict) and d["output"][0]["content"][0]["text"] == PROSE + CALL
        ids.append(fixed["output"][-1]["call_id"])
    assert ids[0] != ids[1]  # the same call in two turns: two ids
    assert repair_response(d, HERMES_TOOLS)["output"][-1]["call_id"] == ids[1]  # deterministic
    assert repair_response(d, HERMES_TOOLS, id_salt="x")["output"][-1]["call_id"] == \
        leakcall.recover(PROSE + CALL, HERMES_TOOLS, id_salt="x").calls[0].id


def test_async_client(server: ReplayServer) -> None:
    model = server.register("r/async", text=PROSE + CALL, step=4)

    async def run() -> list[Any]:
        aclient = openai.AsyncOpenAI(base_url=server.base + "/v1", api_key="t", max_retries=0)
        stream = await aclient.responses.create(model=model, input="go", stream=True)
        out = [e async for e in repair_response_stream_async(stream, HERMES_TOOLS)]
        await aclient.close()
        return out

    events = asyncio.run(run())
    assert _texts(events) == PROSE
    assert [c[1:] for c in _calls(_final(events))] == [("get_weather", {"city": "Paris"})]


@pytest.mark.heavy
@pytest.mark.parametrize("case", RECOVERABLE, ids=lambda c: c.id)
def test_every_recoverable_case_in_process(case: Case) -> None:
    """Without HTTP: the stream and the object as dicts, for every recoverable corpus case."""
    sc = {"text": case.text, "step": 5 + len(case.id) % 9, "id": "resp_x"}
    ref = leakcall.recover(case.text, case.tools, id_salt="resp_x", **case.options)
    events = [e for _, e in responses_events("m", sc)]
    out = list(repair_response_stream(events, wire_args(case)[0], **wire_args(case)[1]))
    fixed = repair_response(response_object("m", sc), wire_args(case)[0], **wire_args(case)[1])
    assert ref.ok and ref.span is not None
    deltas = [e["delta"] for e in out if e["type"] == "response.output_text.delta"]
    assert out[-1]["response"] == fixed  # stream == one-shot
    items = [e["item"] for e in out if e["type"] == "response.output_item.done"]
    if ref.content == "":  # only markup: no message item, as the API sends calls alone
        assert deltas == [] and all(i["type"] == "function_call" for i in items)
        assert [e["output_index"] for e in out if e["type"] == "response.output_item.added"] == [
            *range(len(ref.calls))]
        items = [{"type": "message"}, *items]
        fixed = {**fixed, "output": [{"type": "message"}, *fixed["output"]]}
    else:
        done = next(i for i, e in enumerate(out) if e["type"] == "response.output_text.done")
        early = "".join(e["delta"] for e in out[:done]
                        if e["type"] == "response.output_text.delta")
        assert "".join(deltas) == ref.content == fixed["output"][0]["content"][0]["text"]
        assert case.text[: ref.span[0]].startswith(early[: len(early) - len(deltas[-1])]
                                                   if deltas else early)
    assert items[1:] == fixed["output"][1:] == [
        {"type": "function_call", "id": "fc_" + c.id[5:], "call_id": c.id, "name": c.name,
         "arguments": c.arguments_json(), "status": "completed"} for c in ref.calls]


@pytest.mark.parametrize("step", [1, 7, 500])
def test_a_reply_that_was_only_markup_has_no_message_item(step: int) -> None:
    """Issue 26: as the API sends a reply of calls alone, a reply that was only markup has no
    message item, one-shot or streamed (the stream announces the item only once its text shows
    more than whitespace); with prose, the item stays."""
    for text, message in ((CALL, False), ("  \n" + CALL, True), (PROSE + CALL, True)):
        sc = {"text": text, "step": step, "id": "resp_m"}
        fixed = repair_response(response_object("m", sc), HERMES_TOOLS)
        out = list(repair_response_stream([e for _, e in responses_events("m", sc)],
                                          HERMES_TOOLS))
        assert out[-1]["response"] == fixed
        kinds = [o["type"] for o in fixed["output"]]
        assert kinds == (["message", "function_call"] if message else ["function_call"])
        added = [(e["output_index"], e["item"]["type"]) for e in out
                 if e["type"] == "response.output_item.added"]
        assert added == ([(0, "message"), (1, "function_call")] if message
                         else [(0, "function_call")])
        assert [e["sequence_number"] for e in out] == list(range(len(out)))
