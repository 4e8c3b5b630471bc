"""The in-process transports: the real SDKs (openai, anthropic; LangChain and the Agents SDK when
installed) over httpx2 and a plain httpx client, against the loopback replay server."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator
from typing import Any

import pytest

import leakcall
from leakcall.corpus import Case

from ..sdk import Lazy
from ..wire_replay import ReplayServer, serving, wire_sample

httpx2 = pytest.importorskip("httpx2")
openai = Lazy("openai")
anthropic = Lazy("anthropic")
import httpx  # noqa: E402

import leakcall.httpx  # noqa: E402
import leakcall.httpx2  # noqa: E402

SAMPLE = wire_sample(ok=1, refused=1)[::2]
USER = [{"role": "user", "content": "go"}]


def request_salt(body: object) -> str:
    """The documented id salt of a request: a digest of its conversation (``system``,
    ``instructions``, ``messages``, ``input``), restated here so the contract is tested."""
    if not isinstance(body, dict):
        return ""
    ctx = [body.get(k) for k in ("system", "instructions", "messages", "input")]
    canon = json.dumps(ctx, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(canon.encode("utf-8", "surrogatepass")).hexdigest()[:32]


@pytest.fixture(scope="module")
def server() -> Iterator[ReplayServer]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="module")
def oai(server: ReplayServer) -> Any:
    return openai.OpenAI(base_url=server.base + "/v1", api_key="t", max_retries=0,
                         http_client=httpx2.Client(transport=leakcall.httpx2.RepairTransport()))


@pytest.fixture(scope="module")
def claude(server: ReplayServer) -> Any:
    return anthropic.Anthropic(base_url=server.base, api_key="t", max_retries=0,
                               http_client=httpx2.Client(
                                   transport=leakcall.httpx2.RepairTransport()))


def _flat(tools: list[Any]) -> list[Any]:
    """Chat Completions tool definitions as the Responses API spells them."""
    return [{"type": "function", **t["function"]} if "function" in t else t for t in tools]


def _anthropic_tools(tools: list[Any]) -> list[Any]:
    out = []
    for t in tools:
        f = t.get("function", t)
        out.append({"name": f["name"], "input_schema": f.get("parameters") or f.get(
            "input_schema") or {"type": "object", "properties": {}}})
    return out


def _ref(server: ReplayServer, case: Case) -> leakcall.Recovery:
    """What recover says with the salt the transport uses: a digest of the request."""
    return leakcall.recover(case.text, case.tools, id_salt=request_salt(server.requests[-1]),
                            **case.options)


def _expect_calls(ref: leakcall.Recovery) -> list[tuple[str, str, Any]]:
    return [(c.id, c.name, c.arguments) for c in ref.calls]


@pytest.mark.heavy
@pytest.mark.parametrize("case", [c for c in SAMPLE if not c.options], ids=lambda c: c.id)
def test_openai_sdk_through_the_transport(server: ReplayServer, oai: Any, case: Case) -> None:
    model = server.register(f"t/{case.id}", text=case.text, step=7)
    # Chat Completions, one-shot and streamed
    resp = oai.chat.completions.create(model=model, messages=USER, tools=case.tools)
    ref = _ref(server, case)
    msg = resp.choices[0].message
    assert resp.choices[0].finish_reason == ("tool_calls" if ref.ok else "stop")
    assert msg.content == (ref.content or None)  # only markup: null, as the API sends it
    assert [(t.id, t.function.name, json.loads(t.function.arguments))
            for t in msg.tool_calls or []] == _expect_calls(ref)
    with oai.chat.completions.stream(model=model, messages=USER, tools=case.tools) as s:
        final = s.get_final_completion()
    assert final.choices[0].message.content in (ref.content, ref.content or None)
    assert [t.id for t in final.choices[0].message.tool_calls or []] == [c.id for c in ref.calls]
    # Responses, one-shot and streamed
    r = oai.responses.create(model=model, input="go", tools=_flat(case.tools))
    ref = _ref(server, case)
    calls = [(o.call_id, o.name, json.loads(o.arguments)) for o in r.output
             if o.type == "function_call"]
    assert r.output_text == ref.content and calls == _expect_calls(ref)
    with oai.responses.stream(model=model, input="go", tools=_flat(case.tools)) as s:
        fr = s.get_final_response()
    assert fr.output_text == ref.content
    assert [o.call_id for o in fr.output if o.type == "function_call"] == [c.id for c in ref.calls]


@pytest.mark.heavy
@pytest.mark.parametrize("case", [c for c in SAMPLE if not c.options], ids=lambda c: c.id)
def test_anthropic_sdk_through_the_transport(server: ReplayServer, claude: Any,
                                             case: Case) -> None:
    model = server.register(f"a/{case.id}", text=case.text, step=7)
    tools = _anthropic_tools(case.tools)
    m = claude.messages.create(model=model, max_tokens=9, messages=USER, tools=tools)
    ref = _ref(server, case)
    text = "".join(b.text for b in m.content if b.type == "text")
    assert text == (ref.content if ref.content.strip() or not ref.ok else "")
    assert [(b.id, b.name, b.input) for b in m.content if b.type == "tool_use"] == \
        [(c.anthropic_id, c.name, c.arguments) for c in ref.calls]
    assert m.stop_reason == ("tool_use" if ref.ok else "end_turn")
    with claude.messages.stream(model=model, max_tokens=9, messages=USER, tools=tools) as s:
        fm = s.get_final_message()
    assert fm.model_dump() == m.model_dump() | {"content": fm.model_dump()["content"]}
    assert [b.model_dump() for b in fm.content] == [b.model_dump() for b in m.content]


TOOLS: list[dict[str, Any]] = [{
    "type": "function",
    "function": {"name": "get_weather", "description": "Weather of a city.", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
}]
PROSE = "Let me check the weather.\n\n"
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


def test_plain_httpx_client(server: ReplayServer) -> None:
    """httpx (LangChain's own clients, LiteLLM, older SDKs): the same code over httpx."""
    model = server.register("h/plain", text=PROSE + CALL, step=3)
    seen: list[leakcall.Recovery] = []
    body = {"model": model, "messages": USER, "tools": TOOLS}
    with httpx.Client(transport=leakcall.httpx.RepairTransport(on_recovery=seen.append)) as c:
        data = c.post(server.base + "/v1/chat/completions", json=body).json()
        with c.stream("POST", server.base + "/v1/chat/completions",
                      json={**body, "stream": True}) as r:
            lines = [ln for ln in r.iter_lines() if ln.startswith("data: {")]
    chunks = [json.loads(ln[6:]) for ln in lines]
    calls = [t for ch in chunks for t in ch["choices"][0]["delta"].get("tool_calls") or []]
    assert data["choices"][0]["message"]["tool_calls"][0]["id"] == calls[0]["id"]
    assert "".join(ch["choices"][0]["delta"].get("content") or "" for ch in chunks) == PROSE
    assert [r.reason for r in seen] == ["ok", "ok"]

    async def run() -> dict[str, Any]:
        t = leakcall.httpx.AsyncRepairTransport()
        async with httpx.AsyncClient(transport=t) as ac:
            resp = await ac.post(server.base + "/v1/chat/completions", json=body)
            return resp.json()  # type: ignore[no-any-return]

    assert asyncio.run(run()) == data


def test_passthrough_and_per_turn_ids(server: ReplayServer, oai: Any) -> None:
    model = server.register("h/turns", text=PROSE + CALL)
    plain = oai.chat.completions.create(model=model, messages=USER)  # no tools: untouched
    assert plain.choices[0].message.content == PROSE + CALL
    none = oai.chat.completions.create(model=model, messages=USER, tools=TOOLS,
                                       tool_choice="none")
    assert none.choices[0].message.content == PROSE + CALL
    ids = []
    for messages in (USER, USER, [*USER, {"role": "assistant", "content": "ok"}, *USER]):
        r = oai.chat.completions.create(model=model, messages=messages, tools=TOOLS)
        ids.append(r.choices[0].message.tool_calls[0].id)
    assert ids[0] == ids[1] != ids[2]  # same context: same id; another turn: another id


def test_async_sdks(server: ReplayServer) -> None:
    model = server.register("h/async", text=PROSE + CALL, step=2)

    async def run() -> tuple[Any, Any]:
        t = leakcall.httpx2.AsyncRepairTransport()
        client = openai.AsyncOpenAI(base_url=server.base + "/v1", api_key="t", max_retries=0,
                                    http_client=httpx2.AsyncClient(transport=t))
        async with client.chat.completions.stream(model=model, messages=USER,
                                                  tools=TOOLS) as s:
            chat = await s.get_final_completion()
        a = anthropic.AsyncAnthropic(base_url=server.base, api_key="t", max_retries=0,
                                     http_client=httpx2.AsyncClient(transport=t))
        async with a.messages.stream(model=model, max_tokens=5, messages=USER,
                                     tools=_anthropic_tools(TOOLS)) as s:
            msg = await s.get_final_message()
        return chat, msg

    chat, msg = asyncio.run(run())
    assert chat.choices[0].message.tool_calls[0].function.name == "get_weather"
    assert [b.type for b in msg.content] == ["text", "tool_use"]


@pytest.mark.heavy
def test_langchain_chat_openai(server: ReplayServer) -> None:
    lc = pytest.importorskip("langchain_openai")
    model = server.register("lc/weather", text=PROSE + CALL, step=4)
    llm = lc.ChatOpenAI(model=model, base_url=server.base + "/v1", api_key="t", max_retries=0,
                        http_client=httpx2.Client(transport=leakcall.httpx2.RepairTransport()))
    bound = llm.bind_tools(TOOLS)
    out = bound.invoke("weather in Paris?")
    assert [(c["name"], c["args"]) for c in out.tool_calls] == [("get_weather", {"city": "Paris"})]
    assert out.content == PROSE
    chunks = list(bound.stream("weather in Paris?"))
    merged = chunks[0]
    for c in chunks[1:]:
        merged = merged + c
    assert [(c["name"], c["args"]) for c in merged.tool_calls] == [
        ("get_weather", {"city": "Paris"})]
    assert merged.content == PROSE


@pytest.mark.heavy
def test_openai_agents_sdk(server: ReplayServer) -> None:
    agents = pytest.importorskip("agents")
    model = server.register("ag/weather", text=PROSE + CALL, after="It is sunny in Paris.")
    ran: list[str] = []

    @agents.function_tool
    def get_weather(city: str) -> str:
        """Weather of a city."""
        ran.append(city)
        return "sunny"

    client = openai.AsyncOpenAI(base_url=server.base + "/v1", api_key="t", max_retries=0,
                                http_client=httpx2.AsyncClient(
                                    transport=leakcall.httpx2.AsyncRepairTransport()))
    agent = agents.Agent(name="w", tools=[get_weather], model=agents.OpenAIChatCompletionsModel(
        model=model, openai_client=client))
    result = asyncio.run(agents.Runner.run(agent, "weather in Paris?",
                                           run_config=agents.RunConfig(tracing_disabled=True)))
    assert ran == ["Paris"]  # the leaked call was dispatched, once
    assert result.final_output == "It is sunny in Paris."


@pytest.mark.heavy
def test_core_import_stays_light() -> None:
    """The adapters import no SDK, no HTTP library and no pydantic until SDK objects are given."""
    import subprocess
    import sys

    code = ("import sys, leakcall, leakcall.openai, leakcall.anthropic; "
            "print(sorted(m for m in ('openai', 'anthropic', 'httpx', 'httpx2', 'pydantic') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
