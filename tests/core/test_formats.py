"""Tool definitions in (every common shape, mixed) and call formats out (Chat, Responses, Messages)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import leakcall
from leakcall import Reason, ToolCall

READ_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"path": {"type": "string"}, "n": {"type": "integer"}},
    "required": ["path"],
    "additionalProperties": False,
}


def chat(name: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    fn: dict[str, Any] = {"name": name, "description": "d"}
    if schema is not None:
        fn["parameters"] = schema
    return {"type": "function", "function": fn}


def responses(name: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    tool: dict[str, Any] = {"type": "function", "name": name, "description": "d", "strict": False}
    if schema is not None:
        tool["parameters"] = schema
    return tool


def bare(name: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": name} if schema is None else {"name": name, "parameters": schema}


def anthropic(name: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": name, "description": "d", "input_schema": schema or {"type": "object"}}


def mcp(name: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": name, "title": "T", "inputSchema": schema or {"type": "object"}}


Shape = Callable[[str, "dict[str, Any] | None"], dict[str, Any]]
SHAPES: dict[str, Shape] = {
    "openai_chat": chat,
    "openai_responses": responses,
    "bare": bare,
    "anthropic": anthropic,
    "mcp": mcp,
}


def hermes(name: str, args_json: str) -> str:
    return f'<tool_call>\n{{"name": "{name}", "arguments": {args_json}}}\n</tool_call>'


ARGS_JSON = '{"path": "/srv/données/✓ 😀 ｜DSML｜", "n": 3}'
TEXT = hermes("read", ARGS_JSON)
ARGS = {"path": "/srv/données/✓ 😀 ｜DSML｜", "n": 3}


# ----------------------------------------------------------------------------- tool shapes in


@pytest.mark.parametrize("shape", SHAPES.values(), ids=list(SHAPES))
def test_every_tool_shape_recovers_the_same_call(shape: Shape) -> None:
    baseline = leakcall.recover(TEXT, [chat("read", READ_SCHEMA)])
    r = leakcall.recover(TEXT, [shape("read", READ_SCHEMA)])
    assert r.reason is Reason.OK, r.detail
    assert r.calls == baseline.calls
    assert r.calls[0].name == "read" and r.calls[0].arguments == ARGS


@pytest.mark.parametrize("shape", SHAPES.values(), ids=list(SHAPES))
def test_every_tool_shape_supplies_its_schema(shape: Shape) -> None:
    """The schema is read from the shape's own key: a violating call is refused, not waved through."""
    r = leakcall.recover(hermes("read", '{"path": "/x", "n": "three"}'), [shape("read", READ_SCHEMA)])
    assert r.reason in (Reason.SCHEMA, Reason.BAD_ARGUMENTS), r.detail
    r = leakcall.recover(hermes("read", '{"n": 3}'), [shape("read", READ_SCHEMA)])
    assert r.reason is Reason.SCHEMA, r.detail


@pytest.mark.parametrize("shape", [chat, responses, bare], ids=["openai_chat", "openai_responses",
                                                                 "bare"])
def test_a_function_without_parameters_takes_no_arguments(shape: Shape) -> None:
    """OpenAI: omitting parameters defines a function with an empty parameter list."""
    r = leakcall.recover(hermes("ping", '{"anything": [1, {"x": null}]}'), [shape("ping", None)])
    assert r.reason is Reason.SCHEMA, r.detail
    ok = leakcall.recover(hermes("ping", "{}"), [shape("ping", None)])
    assert ok.ok and ok.calls[0].arguments == {}


@pytest.mark.parametrize("shape", [anthropic, mcp], ids=["anthropic", "mcp"])
def test_a_plain_object_schema_takes_any_object(shape: Shape) -> None:
    r = leakcall.recover(hermes("ping", '{"anything": [1, {"x": null}]}'), [shape("ping", None)])
    assert r.reason is Reason.OK, r.detail
    assert r.calls[0].arguments == {"anything": [1, {"x": None}]}


def test_misplaced_or_null_schemas_raise() -> None:
    with pytest.raises(ValueError, match=r"tools\[0\]"):
        leakcall.recover(TEXT, [{"type": "function", "function": {"name": "read"},
                                 "parameters": READ_SCHEMA}])
    with pytest.raises(ValueError, match=r"tools\[0\]"):
        leakcall.recover(TEXT, [{"name": "read", "input_schema": None}])
    with pytest.raises(ValueError, match=r"tools\[0\]"):
        leakcall.recover(TEXT, [{"name": "read", "inputSchema": None}])


def test_hosted_tools_without_a_name_are_skipped() -> None:
    r = leakcall.recover(TEXT, [{"type": "web_search_preview"}, chat("read", READ_SCHEMA)])
    assert r.ok and r.calls[0].name == "read"


def test_to_anthropic_input_is_a_copy() -> None:
    c = leakcall.recover(TEXT, [chat("read", READ_SCHEMA)]).calls[0]
    c.to_anthropic()["input"]["path"] = 6
    assert json.loads(c.to_openai()["function"]["arguments"]) == ARGS


def test_mixed_shapes_in_one_list() -> None:
    tools = [
        chat("read", READ_SCHEMA),
        anthropic("write", {"type": "object", "properties": {"body": {"type": "string"}}}),
        mcp("ls", {"type": "object", "properties": {"dir": {"type": "string"}}}),
        responses("grep", {"type": "object", "properties": {"re": {"type": "string"}}}),
        bare("noop", None),
    ]
    text = "\n".join([
        TEXT,
        hermes("write", '{"body": "é"}'),
        hermes("ls", '{"dir": "/"}'),
        hermes("grep", '{"re": "a+"}'),
        hermes("noop", "{}"),
    ])
    r = leakcall.recover(text, tools)
    assert r.reason is Reason.OK, r.detail
    assert [(c.name, c.arguments) for c in r.calls] == [
        ("read", ARGS), ("write", {"body": "é"}), ("ls", {"dir": "/"}), ("grep", {"re": "a+"}),
        ("noop", {}),
    ]
    # The same reply against the same tools in a single shape gives the same calls and ids.
    same = leakcall.recover(text, [chat(n, s) for n, s in [
        ("read", READ_SCHEMA),
        ("write", {"type": "object", "properties": {"body": {"type": "string"}}}),
        ("ls", {"type": "object", "properties": {"dir": {"type": "string"}}}),
        ("grep", {"type": "object", "properties": {"re": {"type": "string"}}}),
        ("noop", None),
    ]])
    assert same.calls == r.calls


def test_a_tuple_of_tools_is_accepted() -> None:
    assert leakcall.recover(TEXT, (mcp("read", READ_SCHEMA),)).ok


def test_names_match_exactly_across_shapes() -> None:
    r = leakcall.recover(TEXT, [anthropic("Read", READ_SCHEMA), mcp("read ", READ_SCHEMA)])
    assert r.reason is Reason.UNADVERTISED, r.detail


# ----------------------------------------------------------------------------- misuse


MALFORMED: list[tuple[object, str]] = [
    (42, "not an object"),
    ("read", "not an object"),
    (None, "not an object"),
    (["read"], "not an object"),
    ({}, "name"),
    ({"name": ""}, "name"),
    ({"name": 5, "parameters": {}}, "name"),
    ({"type": "function", "function": {"parameters": {"type": "object"}}}, "name"),
    ({"type": "function", "function": {"name": 7}}, "name"),
    ({"name": "x", "parameters": [1]}, "parameters"),
    ({"name": "x", "parameters": "{}"}, "parameters"),
    ({"name": "x", "input_schema": "object"}, "input_schema"),
    ({"name": "x", "inputSchema": 5}, "inputSchema"),
    ({"type": "function", "function": {"name": "x", "parameters": True}}, "parameters"),
]


@pytest.mark.parametrize(("entry", "what"), MALFORMED, ids=[repr(e)[:40] for e, _ in MALFORMED])
def test_a_malformed_definition_raises_naming_the_entry(entry: object, what: str) -> None:
    with pytest.raises(ValueError, match=r"tools\[1\]") as info:
        leakcall.recover(TEXT, [chat("read", READ_SCHEMA), entry])
    assert what in str(info.value)


@pytest.mark.parametrize("shape", SHAPES.values(), ids=list(SHAPES))
def test_an_invalid_json_schema_refuses_its_calls_only(shape: Shape) -> None:
    tools = [chat("read", READ_SCHEMA), shape("broken", {"type": "objectx"})]
    assert leakcall.recover(TEXT, tools).ok  # a call to the good tool: recovered
    r = leakcall.recover(hermes("broken", '{"path": "a"}'), tools)
    assert (r.reason, r.rule) == (Reason.SCHEMA, "invalid-tool-schema")
    assert "'objectx' is not valid" in r.detail
    with pytest.raises(ValueError, match="'broken'"):
        leakcall.check_tools(tools)


@pytest.mark.parametrize(
    "tools",
    [None, {"name": "read"}, {"tools": []}, "read", b"[]", 5, (t for t in [chat("read")])],
    ids=["None", "dict", "wrapped", "str", "bytes", "int", "generator"],
)
def test_tools_not_a_list_raises_type_error(tools: object) -> None:
    with pytest.raises(TypeError, match="list"):
        leakcall.recover(TEXT, tools)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("first", "second"),
    [(chat, anthropic), (mcp, bare), (responses, responses), (anthropic, mcp)],
)
def test_a_name_advertised_twice_with_different_schemas_raises(first: Shape, second: Shape) -> None:
    other = {"type": "object", "properties": {"path": {"type": "integer"}}}
    with pytest.raises(ValueError, match=r"tools\[1\].*'read'.*twice"):
        leakcall.recover(TEXT, [first("read", READ_SCHEMA), second("read", other)])


@pytest.mark.parametrize(("first", "second"), [(chat, anthropic), (mcp, bare), (responses, chat)])
def test_a_name_advertised_twice_with_the_same_schema_is_fine(first: Shape, second: Shape) -> None:
    r = leakcall.recover(TEXT, [first("read", READ_SCHEMA), second("read", READ_SCHEMA)])
    assert r.reason is Reason.OK, r.detail


def test_misuse_is_raised_even_for_a_clean_reply() -> None:
    """Tools are checked before the text is looked at, so misuse never hides behind no_tags."""
    with pytest.raises(ValueError, match=r"tools\[0\]"):
        leakcall.recover("hello", [{"name": ""}])
    with pytest.raises(TypeError):
        leakcall.recover("", {"read": {}})  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- call formats out


def _one_call() -> ToolCall:
    r = leakcall.recover(TEXT, [chat("read", READ_SCHEMA)])
    assert r.ok, r.detail
    (call,) = r.calls
    return call


def test_to_openai_exact_shape() -> None:
    c = _one_call()
    assert c.id.startswith("call_")
    assert c.to_openai() == {
        "id": c.id,
        "type": "function",
        "function": {"name": "read", "arguments": ARGS_JSON},
    }


def test_to_responses_exact_shape() -> None:
    c = _one_call()
    out = c.to_responses()
    assert out == {"type": "function_call", "call_id": c.id, "name": "read", "arguments": ARGS_JSON}
    assert list(out) == ["type", "call_id", "name", "arguments"]


def test_to_anthropic_exact_shape() -> None:
    c = _one_call()
    out = c.to_anthropic()
    assert out == {"type": "tool_use", "id": "toolu_" + c.id.removeprefix("call_"), "name": "read",
                   "input": ARGS}
    assert list(out) == ["type", "id", "name", "input"]
    assert isinstance(out["input"], dict)


def test_a_hand_built_tool_call_converts_the_same_way() -> None:
    c = ToolCall(id="call_x", name="f", arguments={"a": "é", "b": [1, 2.5, None, True]})
    args = '{"a": "é", "b": [1, 2.5, null, true]}'
    assert c.arguments_json() == args
    assert c.to_openai() == {"id": "call_x", "type": "function", "function": {"name": "f", "arguments": args}}
    assert c.to_responses() == {"type": "function_call", "call_id": "call_x", "name": "f", "arguments": args}
    assert c.to_anthropic() == {"type": "tool_use", "id": "toolu_x", "name": "f", "input": c.arguments}


def test_the_three_formats_agree_on_id_name_and_arguments() -> None:
    c = _one_call()
    o, resp, a = c.to_openai(), c.to_responses(), c.to_anthropic()
    assert o["id"] == resp["call_id"] == c.id
    # Anthropic's convention: the same digest after toolu_
    assert a["id"] == c.anthropic_id == "toolu_" + c.id.removeprefix("call_")
    assert o["function"]["name"] == resp["name"] == a["name"] == c.name
    assert json.loads(o["function"]["arguments"]) == json.loads(resp["arguments"]) == a["input"]


@pytest.mark.parametrize(
    "value",
    ["données", "✓ 😀", "｜DSML｜ ▁ 　", "\u200b\u2028\u2029", "日本語\ttab\nnewline", "é" * 300,
     "quote \" backslash \\ slash /"],
)
def test_arguments_json_round_trips_byte_exact_for_non_ascii(value: str) -> None:
    args_json = json.dumps({"path": value}, ensure_ascii=False)
    r = leakcall.recover(hermes("read", args_json), [chat("read", READ_SCHEMA)])
    assert r.ok, r.detail
    c = r.calls[0]
    assert c.arguments["path"] == value  # byte-exact value
    for wire in (c.arguments_json(), c.to_openai()["function"]["arguments"], c.to_responses()["arguments"]):
        assert wire == args_json  # no \u escapes, no reformatting
        assert json.loads(wire.encode("utf-8").decode("utf-8")) == {"path": value}
    assert json.loads(json.dumps(c.to_anthropic(), ensure_ascii=False))["input"] == {"path": value}


def test_escaped_non_ascii_in_the_reply_decodes_to_the_character() -> None:
    r = leakcall.recover(hermes("read", '{"path": "caf\\u00e9"}'), [chat("read", READ_SCHEMA)])
    assert r.ok, r.detail
    assert r.calls[0].arguments == {"path": "café"}
    assert r.calls[0].to_openai()["function"]["arguments"] == '{"path": "café"}'


def test_a_lone_surrogate_never_reaches_the_wire() -> None:
    r = leakcall.recover(hermes("read", '{"path": "\\ud800x"}'), [chat("read", READ_SCHEMA)])
    assert r.reason is Reason.BAD_ARGUMENTS
