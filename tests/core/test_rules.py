"""Each refusal rule guards something: a near-identical reply that passes shows the rule fired."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import Reason

B = "｜DSML｜"


def _tool(name: str, **props: Any) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": props}}}


def _call(name: str = "bash", value: str = "ls", string: str = "true", key: str = "command") -> str:
    return (f'<{B}invoke name="{name}">\n<{B}parameter name="{key}" string="{string}">{value}'
            f"</{B}parameter>\n</{B}invoke>")


def _block(*calls: str) -> str:
    return f"<{B}tool_calls>\n" + "\n".join(calls) + f"\n</{B}tool_calls>"


BASH = _tool("bash", command={"type": "string"})
OK = _block(_call())


def test_baseline_recovers() -> None:
    assert leakcall.recover(OK, [BASH]).ok


@pytest.mark.parametrize("name", ["Bash", "BASH", "ｂａｓｈ", "bash ", "bash\u200b", "bаsh"])
def test_unadvertised_names_are_never_folded(name: str) -> None:
    r = leakcall.recover(_block(_call(name)), [BASH])
    assert r.reason is Reason.UNADVERTISED, r.detail
    assert r.calls == ()


def test_one_unadvertised_name_refuses_the_whole_reply() -> None:
    r = leakcall.recover(_block(_call(), _call("exfiltrate")), [BASH])
    assert r.reason is Reason.UNADVERTISED
    assert "exfiltrate" in r.detail


def test_unadvertised_name_inside_reasoning_refuses_too() -> None:
    text = "<think>" + _block(_call("exfiltrate")) + "</think>\n" + OK
    assert leakcall.recover(text, [BASH]).reason is Reason.UNADVERTISED
    # the same reply with an advertised rehearsal is fine: exactly one call
    fine = leakcall.recover("<think>" + OK + "</think>\n" + OK, [BASH])
    assert fine.ok and len(fine.calls) == 1


def test_unadvertised_invocation_smuggled_in_a_value_refuses() -> None:
    inner = '<tool_call>{"name": "exfiltrate", "arguments": {}}</tool_call>'
    text = _block(_call(value=inner))
    assert leakcall.recover(text, [BASH]).reason is Reason.UNADVERTISED
    advertised = leakcall.recover(text, [BASH, _tool("exfiltrate")])
    assert advertised.ok and advertised.calls[0].arguments == {"command": inner}


def test_no_tools_advertised_refuses() -> None:
    assert leakcall.recover(OK, []).reason is Reason.UNADVERTISED


def test_schema_string_type_keeps_json_looking_text() -> None:
    r = leakcall.recover(_block(_call(value="17")), [BASH])
    assert r.ok and r.calls[0].arguments == {"command": "17"}


def test_json_value_is_strict() -> None:
    num = _tool("n", x={"type": "integer"})
    ok = leakcall.recover(_block(_call("n", "17", "false", "x")), [num])
    assert ok.ok and ok.calls[0].arguments == {"x": 17}
    for bad in ("17 18", "Infinity", "-NaN", "017", "1e999", "'17'", ""):
        r = leakcall.recover(_block(_call("n", bad, "false", "x")), [num])
        assert r.reason is Reason.BAD_ARGUMENTS, (bad, r.reason, r.detail)


def test_schema_is_enforced() -> None:
    num = _tool("n", x={"type": "integer", "maximum": 5})
    r = leakcall.recover(_block(_call("n", "6", "false", "x")), [num])
    assert r.reason is Reason.SCHEMA


def test_schema_draft_from_dollar_schema() -> None:
    # draft-04 exclusiveMaximum is a boolean; 2020-12 would reject the schema as invalid.
    d4 = {"type": "function", "function": {"name": "n", "parameters": {
        "$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
        "properties": {"x": {"type": "integer", "maximum": 5, "exclusiveMaximum": True}}}}}
    assert leakcall.recover(_block(_call("n", "4", "false", "x")), [d4]).ok
    assert leakcall.recover(_block(_call("n", "5", "false", "x")), [d4]).reason is Reason.SCHEMA


@pytest.mark.parametrize(("text", "reason"), [
    ("", Reason.NO_TEXT),
    ("  \n\t ", Reason.NO_TEXT),
    ("Just an answer with <b>html</b> and [links](x) | pipes.", Reason.NO_TAGS),
    ("Use the <tool_call> tag to call tools.", Reason.NO_TAGS),
])
def test_no_markup(text: str, reason: Reason) -> None:
    r = leakcall.recover(text, [BASH])
    assert r.reason is reason
    assert r.content == text and r.calls == ()


@pytest.mark.parametrize(("wrap", "reason"), [
    ("```\n{}\n```", Reason.FENCED),
    ("```xml\n{}\n```", Reason.FENCED),
    ("~~~\n{}\n~~~", Reason.FENCED),
    ("````\n{}\n````", Reason.FENCED),
    ("Use `{}` for that.", Reason.FENCED),
    ("> {}", Reason.QUOTED),
    ('"{}"', Reason.QUOTED),
    ("“{}”", Reason.QUOTED),
    ("- {}", Reason.QUOTED),
    ("1. {}", Reason.QUOTED),
    ("| call | {} |", Reason.QUOTED),
    ("Like so:\n\n    {}\n", Reason.FENCED),
    ("\t{}", Reason.FENCED),
    ("<pre>{}</pre>", Reason.FENCED),
    ("<code class=\"x\">{}</code>", Reason.FENCED),
    ("<blockquote>\n{}\n</blockquote>", Reason.QUOTED),
    ("<!-- {} -->", Reason.QUOTED),
    ("<q>{}</q>", Reason.QUOTED),
    ("For example:\n{}", Reason.QUOTED),
    ("E.g. {}", Reason.QUOTED),  # v3: "e.g." opening the text is a sample marker (h35w)
    ("Do not run this:\n{}", Reason.QUOTED),
    ("I won't run this yet:\n{}", Reason.PROSE),  # v3: unknown-preamble on "I"
    ("Should I run {}?", Reason.QUOTED),
    ("Do you want me to run this?\n{}", Reason.QUOTED),
    ("The call I would make:\n{}", Reason.PROSE),  # v3: unknown-preamble
    ("This is how you would call the tool:\n{}", Reason.PROSE),  # v3: unknown-preamble
    ("{}\nThat is the format the model uses when it wants the shell.", Reason.PROSE),
    ("{}\nAfter that it printed a long report of every file it found in the tree.",
     Reason.PROSE),
])
def test_quotation_wrappers_refuse(wrap: str, reason: Reason) -> None:
    one_line = OK.replace("\n", "")
    r = leakcall.recover(wrap.format(one_line), [BASH])
    assert r.reason is reason, r.detail
    assert r.calls == ()


def test_short_preamble_and_end_token_recover() -> None:
    r = leakcall.recover("I'll list the files.\n\n" + OK + "<｜end▁of▁sentence｜>", [BASH])
    assert r.ok
    assert r.content == "I'll list the files.\n\n<｜end▁of▁sentence｜>"


def test_reasoning_modes() -> None:
    text = "<think>I'll list the files.\n" + OK + "\n</think>"
    assert leakcall.recover(text, [BASH]).reason is Reason.REASONING
    r = leakcall.recover(text, [BASH], reasoning="recover")
    assert r.ok and r.calls[0].arguments == {"command": "ls"}
    # the reasoning text that introduces markup inside the block must announce an action
    planned = leakcall.recover("<think>plan\n" + OK + "\n</think>", [BASH], reasoning="recover")
    assert planned.rule == "unknown-preamble"
    unclosed = "<think>plan\n" + OK
    assert leakcall.recover(unclosed, [BASH]).reason is Reason.REASONING


def test_two_families_in_one_reply_are_ambiguous() -> None:
    hermes = '<tool_call>{"name": "bash", "arguments": {"command": "ls"}}</tool_call>'
    r = leakcall.recover(OK + "\n" + hermes, [BASH])
    assert r.reason is Reason.AMBIGUOUS


def test_families_restriction() -> None:
    hermes = '<tool_call>{"name": "bash", "arguments": {"command": "ls"}}</tool_call>'
    assert leakcall.recover(hermes, [BASH], families=["hermes"]).ok
    assert leakcall.recover(hermes, [BASH], families=["dsml"]).reason is Reason.NO_TAGS
    with pytest.raises(KeyError):
        leakcall.recover(hermes, [BASH], families=["nope"])


def test_too_large() -> None:
    text = "x" * (leakcall.MAX_TEXT_CHARS + 1)
    assert leakcall.recover(text, [BASH]).reason is Reason.TOO_LARGE


@pytest.mark.parametrize("bad", [None, "tools", {"name": "x"}, 3])
def test_tools_not_a_list_is_misuse(bad: Any) -> None:
    with pytest.raises(TypeError):
        leakcall.recover(OK, bad)


@pytest.mark.parametrize("bad", [[3], [{"type": "function"}], [{"name": ""}],
                                 [{"name": "x", "parameters": "nope"}],
                                 [BASH, {"name": "bash", "parameters": {}}]])
def test_malformed_tool_is_value_error_naming_the_entry(bad: Any) -> None:
    with pytest.raises(ValueError, match=r"tools\[[01]\]"):
        leakcall.recover(OK, bad)


def test_text_not_str_is_misuse() -> None:
    with pytest.raises(TypeError):
        leakcall.recover(b"bytes", [BASH])  # type: ignore[arg-type]


HERMES_OK = '<tool_call>{"name": "bash", "arguments": {"command": "ls"}}</tool_call>'


@pytest.mark.parametrize("tail", ["\n<tool_ca", "\n<", "\n<tool_call>", '\n<tool_call>{"na'])
def test_reply_cut_inside_a_second_envelope_is_truncated(tail: str) -> None:
    assert leakcall.recover(HERMES_OK, [BASH]).ok
    r = leakcall.recover(HERMES_OK + tail, [BASH])
    assert r.reason is Reason.TRUNCATED, r.detail


def test_stray_sentinel_after_the_envelope_is_shape() -> None:
    glm = "<tool_call>bash<arg_key>command</arg_key><arg_value>ls</arg_value></tool_call>"
    assert leakcall.recover(glm + "<|im_end|>", [BASH]).ok
    assert leakcall.recover(glm + "</tool_calls>", [BASH]).reason is Reason.SHAPE


def test_calls_inside_a_broken_envelope_of_another_family_are_not_recovered() -> None:
    write = _tool("write_file", content={"type": "string"})
    inner = '<tool_call>{"name": "bash", "arguments": {"command": "rm -rf build"}}</tool_call>'
    dsml_cut = (f'<{B}function_calls>\n<{B}invoke name="write_file">\n'
                f'<{B}parameter name="content" string="true">' + inner)
    assert leakcall.recover(inner, [BASH, write]).ok
    r = leakcall.recover(dsml_cut, [BASH, write])
    assert r.reason is Reason.TRUNCATED and r.family == "dsml", r.detail
    harmony_draft = "<|channel|>analysis<|message|>I will emit " + inner
    assert not leakcall.recover(harmony_draft, [BASH, write]).ok


def test_lone_surrogate_in_a_value_is_refused() -> None:
    assert leakcall.recover(_block(_call(value="a\ud800b")), [BASH]).reason is (
        Reason.BAD_ARGUMENTS)


# --- quotation, closure, byte-exact values, explicit typing, ids (DSML V3.2 function_calls) -----
# Formerly the five "review findings": each fails on a prose heuristic over regex extraction.


def _typed_tool(name: str, **props: str) -> dict[str, Any]:
    return _tool(name, **{k: {"type": t} for k, t in props.items()})


def _fc_block(*invokes: str) -> str:
    return f"<{B}function_calls>\n" + "\n".join(invokes) + f"\n</{B}function_calls>"


def _fc_invoke(name: str, *params: tuple[str, str, str]) -> str:
    body = "\n".join(f'<{B}parameter name="{k}" string="{s}">{v}</{B}parameter>'
                     for k, s, v in params)
    return f'<{B}invoke name="{name}">\n{body}\n</{B}invoke>'


FC_BASH = _typed_tool("bash", command="string")
FC_RM = _fc_block(_fc_invoke("bash", ("command", "true", "rm -rf ~/project")))


def test_quotation_and_code_fence_examples_are_not_calls() -> None:
    declared = leakcall.recover("Example only; do not run:\n\n" + FC_RM, [FC_BASH])
    backticked = leakcall.recover("Run it like `" + FC_RM.replace("\n", "") + "` later.", [FC_BASH])
    assert (declared.reason, backticked.reason) == (Reason.QUOTED, Reason.FENCED)
    assert declared.calls == backticked.calls == ()


def test_unclosed_element_parameter_closer_missing_is_truncated() -> None:
    text = _fc_block(_fc_invoke("bash", ("command", "true", "rm -rf build/"),
                          ("description", "true", "clean"))).replace(
        f"rm -rf build/</{B}parameter>", "rm -rf build/")
    r = leakcall.recover(text, [_typed_tool("bash", command="string", description="string")])
    assert r.reason is Reason.TRUNCATED and not r.calls
    assert r.rule == "unclosed-element"


def test_unclosed_element_invoke_closer_missing_is_truncated() -> None:
    text = FC_RM.replace(f"\n</{B}invoke>", "")
    r = leakcall.recover(text, [FC_BASH])
    assert r.reason is Reason.TRUNCATED and not r.calls
    assert r.rule == "unclosed-element"


def test_byte_exact_values_keep_fullwidth_tag_text_and_string_false() -> None:
    content = "ＡＢＣ　全角 <tool_calls> literal </tool_calls> | <｜tool▁calls▁begin｜>"
    text = _fc_block(_fc_invoke("write", ("path", "true", "ｆｕｌｌ.txt"), ("content", "true", content),
                          ("flag", "true", "false")))
    tool = _typed_tool("write", path="string", content="string", flag="string")
    r = leakcall.recover(text, [tool])
    assert r.ok, r.detail
    assert r.calls[0].arguments == {"path": "ｆｕｌｌ.txt", "content": content, "flag": "false"}
    assert isinstance(r.calls[0].arguments["flag"], str)


def test_explicit_string_is_never_a_boolean() -> None:
    text = _fc_block(_fc_invoke("set", ("value", "true", "false")))
    r = leakcall.recover(text, [_typed_tool("set", value="boolean")])
    assert r.reason is Reason.SCHEMA and not r.calls
    assert r.rule == "schema-validation"


def test_ids_distinct_for_identical_calls_and_deterministic_per_salt() -> None:
    call = _fc_invoke("bash", ("command", "true", "git status"))
    r = leakcall.recover(_fc_block(call, call), [FC_BASH], id_salt="turn-7")
    assert r.ok and len(r.calls) == 2
    a, b = r.calls
    assert (a.name, a.arguments) == (b.name, b.arguments)
    assert a.id != b.id
    # A session pairs results by id: both results find their call.
    results = {a.id: "result A", b.id: "result B"}
    paired = [results.get(c.id) for c in r.calls]
    assert paired == ["result A", "result B"]
    # Deterministic: repairing the same reply again gives byte-identical ids.
    again = leakcall.recover(_fc_block(call, call), [FC_BASH], id_salt="turn-7")
    assert [c.id for c in again.calls] == [a.id, b.id]
    # A different per-turn salt gives different ids.
    other = leakcall.recover(_fc_block(call, call), [FC_BASH], id_salt="turn-8")
    assert {c.id for c in other.calls}.isdisjoint({a.id, b.id})


_WEATHER = [_tool("get_weather", city={"type": "string"})]
_HERMES = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


@pytest.mark.parametrize(("tail", "rule"), [
    # a tool result written after the call: a template's result opener (header ``result``)
    ("\n<tool_response>\n{\"temperature\": 21}\n</tool_response>\nIt is 21 degrees.",
     "fabricated-result"),
    ("\n<tool_response></tool_response>", "fabricated-result"),
    ("\n<function_results>sunny</function_results>", "fabricated-result"),
    ("\nIt is 21 degrees.", "prose-tail"),
    ("", None),
])
def test_a_tool_result_after_the_call_is_fabricated(tail: str, rule: str | None) -> None:
    r = leakcall.recover(_HERMES + tail, _WEATHER)
    assert (r.ok, r.rule if not r.ok else None) == (rule is None, rule), r.detail


# --- glitch tokens (grammar header ``glitch``) --------------------------------------------------

_CC_BASH = [_tool("Bash", command={"type": "string"}, description={"type": "string"})]
_INVOKE = ('<invoke name="Bash">\n<parameter name="command">git status</parameter>\n'
           '<parameter name="description">Show the status</parameter>\n</invoke>')


@pytest.mark.parametrize("lead", [
    "court\n", "court", "count\n", "court\r\n", "\ncourt\n\n", "court \n", "call\n", "call",
    "<think>I will check the status.</think>\ncourt\n",
])
def test_a_glitch_token_alone_before_the_markup_reads_as_bare(lead: str) -> None:
    r = leakcall.recover(lead + _INVOKE, _CC_BASH)
    assert r.ok and r.rule == "glitch-token", r.detail
    assert r.calls[0].arguments == {"command": "git status", "description": "Show the status"}
    # the token stays in the content: a stream has shown it before the markup began
    assert r.content == lead


@pytest.mark.parametrize(("text", "rule"), [
    ("cour\n" + _INVOKE, "unknown-preamble"),                 # not in the family's list
    ("Court\n" + _INVOKE, "unknown-preamble"),                # no case folding
    ("Call\n" + _INVOKE, "unknown-preamble"),
    ("Let me check.\ncourt\n" + _INVOKE, "unknown-preamble"),  # something before the token
    ("court court\n" + _INVOKE, "unknown-preamble"),          # not alone
    # visible text before a reasoning block counts too: an announcement there does not skip it
    ("I'll check the status.\n<think>Checking.</think>\ncourt\n" + _INVOKE, "unknown-preamble"),
    ("Hello!\n<think>Checking.</think>\ncourt\n" + _INVOKE, "unknown-preamble"),
    ("court " + _INVOKE, "mid-line"),                         # neither glued nor on its own line
    ("court\n    " + _INVOKE, "indented-code"),               # the markup must start its line
    ("court\n" + _INVOKE + "\nDone.", "prose-tail"),           # nothing excuses a tail
    ("> court\n> " + _INVOKE, "block-quote"),
    ("```\ncourt\n" + _INVOKE + "\n```", "code-fence"),
    # the list is the family's: Hermes models were never seen writing it
    ('court\n<tool_call>\n{"name": "Bash", "arguments": {"command": "ls"}}\n</tool_call>',
     "unknown-preamble"),
])
def test_a_glitch_token_anywhere_else_is_text(text: str, rule: str) -> None:
    r = leakcall.recover(text, _CC_BASH)
    assert not r.ok and r.rule == rule, (r.reason, r.rule, r.detail)


def test_the_glitch_list_is_grammar_data() -> None:
    fam = leakcall.get_family("anthropic_xml")
    assert fam.glitches == ("court", "count", "call")
    assert all(not f.glitches for f in leakcall.all_families() if f.name != "anthropic_xml")


# --- a name outside the JSON body (rule ``body_args``, hermes_attr) -----------------------------

_SKILL = [{"type": "function", "function": {"name": "skill", "parameters": {
    "type": "object", "properties": {
        "name": {"type": "string"}, "tool_name": {"type": "string"},
        "arguments": {"type": "object"}, "parameters": {"type": "object"},
        "path": {"type": "string"}}}}}]


def test_a_body_under_a_name_attribute_is_the_arguments() -> None:
    r = leakcall.recover('<tool_call name="skill">{"path": "a.md"}</tool_call>', _SKILL)
    assert r.ok and r.family == "hermes_attr", r.detail
    assert (r.calls[0].name, r.calls[0].arguments) == ("skill", {"path": "a.md"})


@pytest.mark.parametrize("body", [
    '{"name": "customize-opencode"}',                      # diegosouzapw/OmniRoute#3260
    '{"name": "skill"}',                                   # agrees with the tag: still two readings
    '{"tool_name": "skill", "path": "a.md"}',
    '{"arguments": {"path": "a.md"}}',
    '{"parameters": {"path": "a.md"}}',
    '{"name": "skill", "arguments": {"path": "a.md"}}',
])
def test_a_body_holding_call_object_keys_is_ambiguous(body: str) -> None:
    r = leakcall.recover(f'<tool_call name="skill">{body}</tool_call>', _SKILL)
    assert (r.reason, r.rule) == (Reason.AMBIGUOUS, "call-object-body"), r.detail


def test_call_object_keys_are_arguments_where_the_format_says_so() -> None:
    # Mistral v11 and Kimi K2 write the arguments object after the name by definition: a "name"
    # argument there has one reading.
    tools = [{"type": "function", "function": {"name": "create_user", "parameters": {
        "type": "object", "properties": {"name": {"type": "string"}}}}}]
    for text in ('[TOOL_CALLS]create_user[ARGS]{"name": "Bob"}',
                 "<|tool_calls_section_begin|><|tool_call_begin|>functions.create_user:0"
                 '<|tool_call_argument_begin|>{"name": "Bob"}<|tool_call_end|>'
                 "<|tool_calls_section_end|>"):
        r = leakcall.recover(text, tools)
        assert r.ok and r.calls[0].arguments == {"name": "Bob"}, (text, r.detail)
