"""Arguments exactly as written, nothing left behind (issue 12): numbers, frames, two-sided
closure, schema typing through $ref/allOf/anyOf/oneOf.

Every refusal here has a near-identical sibling that is recovered, so each test fails when its
rule is removed and also when the rule refuses too much.
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import leakcall
from leakcall import Reason
from leakcall.decode import schema_types, sub_schema, unframe
from leakcall.literals import MAX_INT_DIGITS, json_prefix, py_literal, strict_json
from leakcall.locate import segments
from leakcall.pipeline import sentinels
from leakcall.reasons import Refusal

from ..conftest import CASES, examples

D = "｜DSML｜"


def _tool(name: str, **props: Any) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": props}}}


def _schema_tool(name: str, parameters: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": parameters}}


def qwen(name: str, **params: str) -> str:
    """A Qwen3-Coder call; values are written as given (frame included by the caller)."""
    body = "".join(f"<parameter={k}>{v}</parameter>\n" for k, v in params.items())
    return f"<tool_call>\n<function={name}>\n{body}</function>\n</tool_call>"


def seed(name: str, **params: str) -> str:
    body = "".join(f"<parameter={k}>{v}</parameter>\n" for k, v in params.items())
    return f"<seed:tool_call>\n<function={name}>\n{body}</function>\n</seed:tool_call>"


def glm(name: str, **params: str) -> str:
    body = "".join(f"<arg_key>{k}</arg_key><arg_value>{v}</arg_value>" for k, v in params.items())
    return f"<tool_call>{name}{body}</tool_call>"


def hermes(name: str, args: str) -> str:
    return f'<tool_call>{{"name": "{name}", "arguments": {args}}}</tool_call>'


def dsml(name: str, key: str, value: str) -> str:
    return (f'<{D}function_calls>\n<{D}invoke name="{name}">\n<{D}parameter name="{key}" '
            f'string="true">{value}</{D}parameter>\n</{D}invoke>\n</{D}function_calls>')


def _args(r: leakcall.Recovery) -> list[dict[str, Any]]:
    assert r.ok, (r.reason, r.rule, r.detail)
    return [c.arguments for c in r.calls]


REF = _tool("git", ref={"type": ["string", "integer"]})
NUM = _tool("n", x={"type": "number"})
BASH = _tool("bash", command={"type": "string"})


# --- the issue's table, one test per row, each with its recovered sibling --------------------

def test_row1_exponent_literal_is_not_an_integer_in_a_string_integer_union() -> None:
    assert _args(leakcall.recover(qwen("git", ref="\n4021e97\n"), [REF])) == [{"ref": "4021e97"}]
    assert _args(leakcall.recover(qwen("git", ref="\n4021\n"), [REF])) == [{"ref": 4021}]


def test_row2_whitespace_around_a_typed_raw_value_belongs_to_it() -> None:
    assert _args(leakcall.recover(qwen("git", ref="\n 42 \n"), [REF])) == [{"ref": " 42 "}]
    assert _args(leakcall.recover(qwen("git", ref="\n42\n"), [REF])) == [{"ref": 42}]


def test_row3_json_number_underflow_is_refused() -> None:
    r = leakcall.recover(hermes("n", '{"x": 1e-400}'), [NUM])
    assert (r.reason, r.rule) == (Reason.BAD_ARGUMENTS, "inexact-number"), r.detail
    assert _args(leakcall.recover(hermes("n", '{"x": 1e-300}'), [NUM])) == [{"x": 1e-300}]


def test_row4_json_number_precision_loss_is_refused() -> None:
    r = leakcall.recover(hermes("n", '{"x": 9007199254740993.0}'), [NUM])
    assert (r.reason, r.rule) == (Reason.BAD_ARGUMENTS, "inexact-number"), r.detail
    assert _args(leakcall.recover(hermes("n", '{"x": 9007199254740992.0}'), [NUM])) == [
        {"x": 9007199254740992.0}]
    # the integer literal is exact at any size
    big = _args(leakcall.recover(hermes("n", '{"x": 9007199254740993}'), [NUM]))
    assert big == [{"x": 9007199254740993}] and isinstance(big[0]["x"], int)


def test_row5_crlf_frame_is_removed_whole() -> None:
    assert _args(leakcall.recover(qwen("bash", command="\r\nls\r\n"), [BASH])) == [
        {"command": "ls"}]
    assert _args(leakcall.recover(qwen("bash", command="\nls\n"), [BASH])) == [{"command": "ls"}]
    # Seed-OSS does not frame: CRLF edges are part of the value, kept as written
    assert _args(leakcall.recover(seed("bash", command="\r\nls\r\n"), [BASH])) == [
        {"command": "\r\nls\r\n"}]


def test_row6_one_sided_frame_is_ambiguous() -> None:
    r = leakcall.recover(qwen("bash", command="\n cd x && ls\n "), [BASH])
    assert (r.reason, r.rule) == (Reason.AMBIGUOUS, "one-sided-frame"), r.detail
    assert _args(leakcall.recover(qwen("bash", command="\n cd x && ls\n"), [BASH])) == [
        {"command": " cd x && ls"}]


def test_row7_seed_oss_values_are_not_framed() -> None:
    edit = _tool("edit", oldString={"type": "string"})
    written = "def f():\n    pass\n"
    assert _args(leakcall.recover(seed("edit", oldString=written), [edit])) == [
        {"oldString": written}]
    assert _args(leakcall.recover(seed("edit", oldString="\n" + written), [edit])) == [
        {"oldString": "\n" + written}]


def test_row8_an_opener_less_first_call_is_read_whole_or_not_at_all() -> None:
    """The opener-less form became a supported variant (issue 13): both calls are recovered, with
    no markup left in ``content``; without the wrapper's stray closer it stays refused."""
    a, b = _tool("a", command={"type": "string"}), _tool("b", command={"type": "string"})
    first = qwen("a", command="\nls\n")
    lost = first.removeprefix("<tool_call>\n")
    r = leakcall.recover(lost + "\n" + qwen("b", command="\npwd\n"), [a, b])
    assert [(c.name, c.arguments) for c in r.calls] == [("a", {"command": "ls"}),
                                                         ("b", {"command": "pwd"})], r.detail
    assert not r.content.strip()
    no_closer = lost.removesuffix("</tool_call>")
    r = leakcall.recover(no_closer + "\n" + qwen("b", command="\npwd\n"), [a, b])
    assert not r.ok and r.calls == (), r.detail
    both = leakcall.recover(first + "\n" + qwen("b", command="\npwd\n"), [a, b])
    assert [c.name for c in both.calls] == ["a", "b"]


def test_row9_python_tag_before_a_hermes_block_is_stray_markup() -> None:
    r = leakcall.recover("<|python_tag|>" + hermes("bash", '{"command": "ls"}'), [BASH])
    assert (r.reason, r.rule) == (Reason.SHAPE, "stray-markup"), r.detail
    assert _args(leakcall.recover(hermes("bash", '{"command": "ls"}'), [BASH])) == [
        {"command": "ls"}]


def test_row10_hermes_opener_before_a_dsml_block_is_stray_markup() -> None:
    r = leakcall.recover("<tool_call>\n" + dsml("bash", "command", "ls"), [BASH])
    assert (r.reason, r.rule) == (Reason.SHAPE, "stray-markup"), r.detail
    assert _args(leakcall.recover(dsml("bash", "command", "ls"), [BASH])) == [{"command": "ls"}]


# --- numbers ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("literal", "value"), [
    ("0.1", 0.1), ("1.50", 1.5), ("1e2", 100.0), ("1E+2", 100.0), ("-0.0", -0.0),
    ("5e-324", 5e-324), ("1.7976931348623157e308", 1.7976931348623157e308),
    ("123456789012345678901234567890", 123456789012345678901234567890), ("-0", 0),
    ("2.50000000000000000000000000", 2.5),
])
def test_exact_numbers_are_read(literal: str, value: float) -> None:
    got = strict_json(literal, "x")
    assert got == value and type(got) is type(value)
    assert str(got).startswith("-") == literal.startswith("-") or literal == "-0"


@pytest.mark.parametrize("literal", [
    "1e-400", "-1e-400", "1e400", "-1e400", "9007199254740993.0", "0.10000000000000001",
    "4.9e-324", "1.7976931348623159e308", "1" * (MAX_INT_DIGITS + 1),
])
def test_inexact_numbers_are_refused(literal: str) -> None:
    with pytest.raises(Refusal) as e:
        strict_json(f"[{literal}]", "x")
    assert (e.value.reason, e.value.rule) == (Reason.BAD_ARGUMENTS, "inexact-number")


def test_integer_digit_limit_holds_even_when_the_host_lifts_pythons() -> None:
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        with pytest.raises(Refusal):
            strict_json("9" * (MAX_INT_DIGITS + 1), "x")
        with pytest.raises(Refusal):
            py_literal("9" * (MAX_INT_DIGITS + 1))
    finally:
        sys.set_int_max_str_digits(old)
    assert strict_json("9" * MAX_INT_DIGITS, "x") == int("9" * MAX_INT_DIGITS)
    assert py_literal(repr("9" * (MAX_INT_DIGITS + 1))) == "9" * (MAX_INT_DIGITS + 1)


@pytest.mark.parametrize(("literal", "ok"), [
    ("0.1", True), ("-0.0", True), ("1_000.5", True), ("1e2", True), ("-2.50", True),
    ("1e-400", False), ("-1e-400", False), ("9007199254740993.0", False), ("1e999", False),
])
def test_python_literal_floats_are_exact(literal: str, ok: bool) -> None:
    text = f'<|tool_call_start|>[n(x={literal})]<|tool_call_end|>'
    r = leakcall.recover(text, [NUM])
    if ok:
        assert Decimal(repr(_args(r)[0]["x"])) == Decimal(literal.replace("_", ""))
    else:
        assert (r.reason, r.rule) == (Reason.BAD_ARGUMENTS, "inexact-number"), r.detail


# --- raw values typed by the schema ----------------------------------------------------------

@pytest.mark.parametrize(("types", "text", "expected"), [
    (["string", "integer"], "4021e97", "4021e97"),
    (["string", "integer"], "-0", 0),
    (["string", "integer"], "007", "007"),
    (["string", "integer"], "1.0", "1.0"),
    (["string", "number"], "1.0", 1.0),
    (["string", "number"], "4021e97", 4.021e100),
    (["string", "number"], " 1.5", " 1.5"),
    (["string", "boolean"], "true", True),
    (["string", "boolean"], "True", "True"),
    (["string", "boolean"], " true", " true"),
    (["string", "null"], "null", None),
    (["string", "null"], "null\n", "null\n"),
    (["string", "object"], '{"a": 1}', {"a": 1}),
    (["string", "object"], ' {"a": 1}', ' {"a": 1}'),
    (["string", "array"], "[1, 2]", [1, 2]),
    (["string", "array"], "[1, 2] ", "[1, 2] "),
    (["integer", "number"], "1.0", 1.0),
    (["integer", "number"], "2", 2),
])
def test_union_branch_takes_only_its_exact_literal(types: list[str], text: str,
                                                   expected: Any) -> None:
    tool = _tool("t", v={"type": types})
    got = _args(leakcall.recover(glm("t", v=text), [tool]))[0]["v"]
    assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize(("types", "text"), [
    ("integer", " 3 "), ("integer", "3\n"), ("integer", "1.0"), ("integer", "1e2"),
    ("number", " 1.5"), ("number", "1.5 "), ("boolean", " True"), ("null", "None "),
    ("object", ' {"a": 1}'), (["integer", "null"], "01"),
])
def test_typed_raw_value_without_a_string_branch_must_be_the_literal(types: Any,
                                                                    text: str) -> None:
    tool = _tool("t", v={"type": types})
    r = leakcall.recover(glm("t", v=text), [tool])
    assert r.reason is Reason.BAD_ARGUMENTS, r.detail
    assert leakcall.recover(glm("t", v=text.strip().replace("True", "true").replace(
        "None", "null").replace("1.0", "1").replace("1e2", "100").replace("01", "1")),
        [tool]).ok


@pytest.mark.parametrize("text", ["1e-400", "9007199254740993.0"])
def test_inexact_number_literal_is_refused_even_when_string_is_allowed(text: str) -> None:
    tool = _tool("t", v={"type": ["string", "number"]})
    r = leakcall.recover(glm("t", v=text), [tool])
    assert (r.reason, r.rule) == (Reason.BAD_ARGUMENTS, "inexact-number"), r.detail
    assert _args(leakcall.recover(glm("t", v="1e-300"), [tool])) == [{"v": 1e-300}]


# --- frames ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("written", "value"), [
    ("", ""), ("ls", "ls"), ("\n\n", ""), ("\r\n\r\n", ""), ("\nls\n", "ls"),
    ("\r\nls\r\n", "ls"), ("\n\nls\n\n", "\nls\n"), ("\na\r\nb\n", "a\r\nb"),
    ("\n\r\n\n", "\r\n"), (" \nls\n ", " \nls\n "),
])
def test_frame_removed_only_whole(written: str, value: str) -> None:
    assert unframe(written, "x") == value


@pytest.mark.parametrize("written", ["\n", "\r\n", "\nls", "ls\n", "ls\r\n", "\r\nls",
                                     "\nls\r\n", "\r\nls\n", "\n ls \n "])
def test_partial_or_mixed_frame_is_ambiguous(written: str) -> None:
    with pytest.raises(Refusal) as e:
        unframe(written, "x")
    assert (e.value.reason, e.value.rule) == (Reason.AMBIGUOUS, "one-sided-frame")


def test_only_families_that_declare_a_frame_are_unframed() -> None:
    framed = {f.name for f in leakcall.all_families() if f.framed}
    assert framed == {"qwen3_coder"}
    # GLM writes values between tags with no frame: edge newlines are the value's
    assert _args(leakcall.recover(glm("bash", command="\nls\n"), [BASH])) == [
        {"command": "\nls\n"}]
    assert _args(leakcall.recover(glm("bash", command="\nls"), [BASH])) == [{"command": "\nls"}]


# --- schema typing through $ref / allOf / anyOf / oneOf --------------------------------------

INT = {"type": "integer"}


@pytest.mark.parametrize("parameters", [
    {"type": "object", "properties": {"v": {"$ref": "#/$defs/N"}}, "$defs": {"N": INT}},
    {"type": "object", "properties": {"v": {"$ref": "#/definitions/N"}},
     "definitions": {"N": INT}},
    {"$ref": "#/$defs/Args", "$defs": {"Args": {"type": "object", "properties": {"v": INT}}}},
    {"type": "object", "allOf": [{"properties": {"v": {"type": ["string", "integer"]}}},
                                 {"properties": {"v": INT}}]},
    {"type": "object", "properties": {"v": {"allOf": [{"type": ["string", "integer"]}, INT]}}},
    {"type": "object", "properties": {"v": {"allOf": [{"type": ["string", "number"]}, INT]}}},
    {"type": "object", "properties": {"v": {"anyOf": [{"$ref": "#/$defs/N"}, {"type": "null"}]}},
     "$defs": {"N": INT}},
    {"type": "object", "properties": {"v": {"oneOf": [INT, {"type": "boolean"}]}}},
    {"type": "object", "properties": {"v": {"$ref": "#/$defs/a~1b"}}, "$defs": {"a/b": INT}},
])
def test_schema_typing_follows_references_and_combinators(parameters: dict[str, Any]) -> None:
    tool = _schema_tool("t", parameters)
    assert _args(leakcall.recover(glm("t", v="42"), [tool])) == [{"v": 42}]
    # the same value written as an exponent literal is not an integer: refused by typing or schema
    assert not leakcall.recover(glm("t", v="42e0"), [tool]).ok


def test_union_through_references_keeps_the_string_branch() -> None:
    tool = _schema_tool("t", {"type": "object", "$defs": {"N": INT, "S": {"type": "string"}},
                              "properties": {"v": {"anyOf": [{"$ref": "#/$defs/N"},
                                                             {"$ref": "#/$defs/S"}]}}})
    assert _args(leakcall.recover(glm("t", v="4021e97"), [tool])) == [{"v": "4021e97"}]
    assert _args(leakcall.recover(glm("t", v="4021"), [tool])) == [{"v": 4021}]


def test_nested_items_are_typed_through_references() -> None:
    params = {"type": "object", "$defs": {"Row": {"type": "object", "properties": {"n": INT}}},
              "properties": {"rows": {"type": "array", "items": {"$ref": "#/$defs/Row"}}}}
    assert sub_schema(sub_schema(sub_schema(params, "rows", params), 0, params), "n", params) is not None
    assert schema_types(sub_schema(sub_schema(sub_schema(params, "rows", params), 0, params), "n", params),
                        params) == frozenset({"integer"})


@pytest.mark.parametrize("schema", [
    {"$ref": "#/$defs/A", "$defs": {"A": {"$ref": "#/$defs/A"}}},
    {"$ref": "#/$defs/A", "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}},
    {"$ref": "#/$defs/missing"},
    {"$ref": "other.json#/x"},
    {"$ref": "#/properties/0/9"},
    {"$ref": 5},
    {"type": 3},
    {"anyOf": "x"},
    {"allOf": [1, None, "x"]},
    {"anyOf": [{"type": "integer"}, {"$ref": "#/nowhere"}]},
    {"enum": [[1], {"a": 1}, 1.5, None]},
    [],
    None,
    {"$ref": "#"},
])
def test_odd_schemas_give_unknown_or_types_never_an_exception(schema: Any) -> None:
    got = schema_types(schema)
    assert got is None or isinstance(got, frozenset)
    assert sub_schema(schema, "v", schema) is None or isinstance(sub_schema(schema, "v", schema), dict)
    assert sub_schema(schema, 0, schema) is None or isinstance(sub_schema(schema, 0, schema), dict)


def test_reference_cycles_and_dangling_references_leave_types_unknown() -> None:
    assert schema_types({"$ref": "#/$defs/A", "$defs": {"A": {"$ref": "#/$defs/A"}}}) is None
    assert schema_types({"$ref": "#/$defs/missing"}) is None
    # one known branch does not make a union with an unknown branch known
    assert schema_types({"anyOf": [INT, {"$ref": "#/nowhere"}]}) is None
    assert schema_types({"anyOf": [INT, {"$ref": "#/$defs/S"}],
                         "$defs": {"S": {"type": "string"}}}) == {"integer", "string"}


def test_reference_fan_out_is_bounded() -> None:
    # 2**60 paths through a diamond of allOf references: the walk gives up, it does not hang
    defs = {f"d{i}": {"allOf": [{"$ref": f"#/$defs/d{i + 1}"}, {"$ref": f"#/$defs/d{i + 1}"}]}
            for i in range(60)}
    defs["d60"] = INT
    schema = {"$ref": "#/$defs/d0", "$defs": defs}
    assert schema_types(schema) is None
    assert sub_schema(schema, "v", schema) is None


# --- two-sided closure -----------------------------------------------------------------------

def _visible(text: str, content: str, preopened: bool = False) -> str:
    """``content`` without its reasoning blocks (a pre-opened one too, when the case's template
    pre-opens reasoning)."""
    return "".join(content[s.start : s.end] for s in segments(content, None, preopened)
                   if not s.reasoning)


@pytest.mark.parametrize("case", [c for c in CASES if c.expect.get("reason") == "ok"],
                         ids=lambda c: c.id)
def test_recovered_content_holds_no_sentinel_of_any_family(case: Any) -> None:
    r = leakcall.recover(case.text, case.tools, **case.options)
    if not r.ok:
        return
    visible = _visible(case.text, r.content, bool(case.options.get("reasoning_preopened")))
    left = [lit for lit in sentinels(leakcall.all_families()) if lit in visible]
    assert not left, (case.id, left)


def test_sentinel_literals_leave_out_one_character_ones() -> None:
    lits = sentinels(leakcall.all_families())
    assert "{" not in lits and "]" not in lits
    assert {"<tool_call>", "</tool_call>", "<|python_tag|>", "[TOOL_CALLS]", "functools["} <= set(
        lits)


@pytest.mark.parametrize("stray", ["</tool_call>", "<|python_tag|>", "[TOOL_CALLS]",
                                   "<｜tool▁calls▁end｜>", "</seed:tool_call>", "<|call|>"])
@pytest.mark.parametrize("side", ["before", "after"])
def test_stray_sentinel_on_either_side_refuses(stray: str, side: str) -> None:
    call = dsml("bash", "command", "ls")
    text = stray + "\n" + call if side == "before" else call + "\n" + stray
    r = leakcall.recover(text, [BASH])
    assert not r.ok and r.calls == (), (stray, side)
    # an opener after the envelope may also read as a second envelope that was cut
    assert r.reason in (Reason.SHAPE, Reason.TRUNCATED), r.detail
    # the same reply without the stray literal is fine (an announced step before it, or nothing
    # after it: the intent stage allows no prose tail at all)
    ok = leakcall.recover("I'll list the files.\n" + call if side == "before" else call, [BASH])
    assert ok.ok, ok.detail


def test_sentinel_inside_a_reasoning_block_is_not_the_reply() -> None:
    call = dsml("bash", "command", "ls")
    r = leakcall.recover("<think>maybe <tool_call> or DSML.</think>\n" + call, [BASH])
    assert _args(r) == [{"command": "ls"}]


def test_sentinel_as_a_value_inside_the_envelope_is_kept() -> None:
    r = leakcall.recover(dsml("bash", "command", "echo '</tool_call>'"), [BASH])
    assert _args(r) == [{"command": "echo '</tool_call>'"}]


OK_CASES = [c for c in CASES if c.expect.get("reason") == "ok"]


@pytest.mark.heavy
@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(case=st.sampled_from(OK_CASES), lit=st.sampled_from(sentinels(leakcall.all_families())),
       before=st.booleans(), sep=st.sampled_from(["", "\n", " ", "\n\nSure.\n"]))
def test_a_sentinel_added_to_a_recovered_reply_never_stays_in_content(
        case: Any, lit: str, before: bool, sep: str) -> None:
    text = lit + sep + case.text if before else case.text + sep + lit
    r = leakcall.recover(text, case.tools, **case.options)
    if r.ok:
        visible = _visible(text, r.content, bool(case.options.get("reasoning_preopened")))
        assert not [x for x in sentinels(leakcall.all_families()) if x in visible], (
            case.id, lit, before)


# -- a JSON body cut short inside a closed envelope is a cut call ----------------------------

_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                               max_size=3),
    max_leaves=8)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_JSON_VALUES, st.data())
def test_every_strict_prefix_of_json_is_a_prefix(value: Any, data: st.DataObject) -> None:
    doc = json.dumps(value)
    if doc[0] in '{["':  # a number at the end may always go on
        assert not json_prefix(doc)
    k = data.draw(st.integers(1, max(1, len(doc) - 1)))
    if k < len(doc) and doc[:k].strip():
        assert json_prefix(doc[:k]), doc[:k]


@pytest.mark.parametrize("text", ['{"a" 1', '{"a": 1,}', '{"a": 1}}', '{"a": tru e', "", "  ",
                                  '{"a": "\\q"', ']', '{"a": 01', '{"a": 1.2.3', '{"a": 1.}'])
def test_malformed_json_is_no_prefix(text: str) -> None:
    assert not json_prefix(text)


_WEATHER = [{"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}}}}]


@pytest.mark.parametrize(("body", "reason", "rule"), [
    # one closing brace short (lmstudio-ai/lmstudio-bug-tracker#942): cut, not malformed
    ('{"name": "get_weather", "arguments": {"city": "Paris"}', Reason.TRUNCATED, "cut-json"),
    ('{"name": "get_weather", "arguments": {"city": "Paris"}}}', Reason.BAD_ARGUMENTS,
     "strict-decode"),
    ('{"name": "get_weather", "arguments": {"city" "Paris"}}', Reason.BAD_ARGUMENTS,
     "strict-decode"),
])
def test_a_json_body_cut_short_is_truncated(body: str, reason: Reason, rule: str) -> None:
    r = leakcall.recover(f"<tool_call>\n{body}\n</tool_call>", _WEATHER)
    assert (r.reason, r.rule) == (reason, rule), r.detail
