"""Argument fidelity: any value written into any family's envelope comes back exactly as written,
or the reply is refused when the format cannot carry it (never misread).

Each grammar's header says how a string value is written (``// values: text`` verbatim,
``framed`` verbatim between the two framing newlines, LF or CRLF, ``json`` JSON-escaped inside
double quotes, ``python`` the same escaping inside a Python string).
The string test takes the family's first recoverable corpus case, swaps one string argument for a
generated value, and recovers again. The number tests write generated number literals (huge,
tiny, negative zero, exponents, trailing zeros) as JSON, Python and raw values; the typed raw
value test writes literals with whitespace and line ends around them under union schemas.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import leakcall
from leakcall.families import Family
from leakcall.intent.samples import sample_arguments
from leakcall.locate import REASONING_TAGS, segments
from leakcall.parse import structural_literals

from ..conftest import CASES, examples

FAMILIES = leakcall.all_families()
WRITERS = {
    "text": lambda v: v,
    "json": lambda v: json.dumps(v, ensure_ascii=False)[1:-1],
    "python": lambda v: json.dumps(v, ensure_ascii=False)[1:-1],
    # Qwen3-Coder: one newline on each side is framing, so a value is written framed.
    "framed": lambda v: "\n" + v + "\n",
}
CRLF_FRAME = lambda v: "\r\n" + v + "\r\n"  # noqa: E731


def _template(fam: Family) -> tuple[Any, str, str, str] | None:
    """(case, text, argument name, original value) with the value's written form unique; a
    case that is bare markup first (a preamble grounds the values it names, and another value
    may be another step: fidelity is about the value, not the intent)."""
    write = WRITERS[fam.values]
    opens = (*fam.opens, *fam.anchored_opens)
    ordered = sorted(CASES, key=lambda c: not c.text.lstrip().startswith(opens))
    for case in ordered:
        if case.family != fam.name or case.expect.get("reason") != "ok" or case.options:
            continue
        if any(s.reasoning for s in segments(case.text)):
            # reasoning before bare markup grounds only the step it says: another value may
            # be another step (fidelity is about the value, not the intent)
            continue
        r = leakcall.recover(case.text, case.tools)
        for key, val in r.calls[0].arguments.items():
            if isinstance(val, str) and len(val) >= 3 and case.text.count(write(val)) == 1:
                return case, case.text, key, val
    return None


def test_every_family_declares_its_value_encoding() -> None:
    for fam in FAMILIES:
        assert fam.values in WRITERS, f"{fam.name}: add // values: ..."


LITERAL_TAGS = sorted({t for f in FAMILIES for t in (*f.opens, *f.closes)} | {
    "</parameter>", "</function>", "<｜DSML｜parameter", "</arg_value>", "[ARGS]", '"', "\\",
    "\\n", "\n", "\r\n", "\r", "\n\r", "\t", "{", "}", "true", "false", "null", "17", "-0.5e3", "[]",
    "ＡＢＣ｜全角", "\u3000", " leading", "trailing ", "\u200b", "😀", "<|\"|>", "<escape>"})
VALUES = st.one_of(
    st.text(max_size=40),
    st.lists(st.one_of(st.sampled_from(LITERAL_TAGS), st.text(max_size=6)), max_size=8).map(
        "".join),
)


def _bare_tag_in(fam: Family, value: str) -> bool:
    """A namespaced family (a marker before every tag, MiniMax-M3) refuses its tags written
    without the marker in a value too, so a marker-less leak is never absorbed into a value."""
    bare = {m.group(0) for lit in structural_literals(fam) if not lit.startswith("<")
            for m in re.finditer(r"</?[A-Za-z_][\w:.-]*", lit)}
    return any(re.search(re.escape(b) + r"[\s>]", value) for b in bare)


@pytest.mark.heavy
@pytest.mark.parametrize("fam", FAMILIES, ids=lambda f: f.name)
@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(value=VALUES, crlf=st.booleans())
@example(value="<tool_calls>literal</tool_calls>", crlf=False)
@example(value="x [TOOL_CALLS] <|tool_call|> <|END_ACTION|> </TOOLCALL> <|call|> y", crlf=False)
@example(value="ＡＢＣ 全角 false", crlf=False)
@example(value="a\r", crlf=False)
@example(value="\r\nx\n", crlf=True)
def test_string_values_round_trip_byte_exact(fam: Family, value: str, crlf: bool) -> None:
    tpl = _template(fam)
    assert tpl is not None, f"{fam.name}: no recoverable corpus case with a string argument"
    case, text, key, original = tpl
    write = WRITERS[fam.values]
    written = CRLF_FRAME(value) if crlf and fam.framed else write(value)
    reply = text.replace(write(original), written, 1)
    r = leakcall.recover(reply, case.tools)
    # JSON bodies are read string-aware: inside a JSON string the family's own tags are data
    own_tags_refused = fam.values != "json" and any(
        lit in written for lit in structural_literals(fam))
    carried = not own_tags_refused and not any(
        tag in value for pair in REASONING_TAGS for tag in pair) and not _bare_tag_in(fam, value)
    nested = any(o in value for f in FAMILIES for o in f.opens)
    # "\n" + "a\r" + "\n" reads as an LF frame around "a\r" or a mixed frame around "a"
    mixed_frame = fam.framed and not crlf and value.endswith("\r")
    if r.ok:
        assert r.calls[0].arguments[key] == value, (fam.name, value)
    elif nested and r.reason is leakcall.Reason.UNADVERTISED:
        pass  # the value holds another family's invocation: names anywhere are checked
    elif mixed_frame and r.rule == "one-sided-frame":
        pass
    elif r.rule == "backslash-in-quotes":
        # an ASCII-quoted string of a format without escapes (gemma4_ascii) refuses a backslash:
        # a JSON or Python reader would take it for an escape
        assert "\\" in value and r.reason is leakcall.Reason.AMBIGUOUS, (fam.name, value)
    elif r.rule == "sample-arguments":
        # a value of placeholder shape ("[NAME]", "YOUR_KEY_HERE") is refused by its own rule
        # (tests/intent/test_intent_v3_sets.py); only that value decides it
        assert sample_arguments([("f", {"v": value})]) is not None, (fam.name, value)
    elif carried and value:
        # Values that hold no structural tag and no reasoning tag must come back.
        pytest.fail(f"{fam.name}: {value!r} refused: {r.reason} {r.detail}")


# --- numbers -----------------------------------------------------------------------------------

def _tool(**props: Any) -> list[dict[str, Any]]:
    return [{"type": "function", "function": {"name": "n", "parameters": {
        "type": "object", "properties": props}}}]


DIGITS = st.text("0123456789", min_size=1, max_size=40)
INT_LITERALS = st.builds(lambda neg, d: ("-" if neg else "") + (d.lstrip("0") or "0"),
                         st.booleans(), DIGITS)
NUMBER_LITERALS = st.one_of(
    INT_LITERALS,
    st.builds(lambda i, frac, exp: i + (("." + frac) if frac else "") + exp,
              INT_LITERALS, st.text("0123456789", max_size=30),
              st.one_of(st.just(""), st.builds(lambda e, sign, n: e + sign + str(n),
                                               st.sampled_from("eE"),
                                               st.sampled_from(["", "+", "-"]),
                                               st.integers(0, 500)))),
    st.sampled_from(["-0.0", "0.0", "-0", "1e-400", "4.9e-324", "5e-324", "1e308", "1e309",
                     "9007199254740993.0", "9007199254740993", "1.50", "1e2", "0.1",
                     "0.10000000000000001", "123456789012345678901234567890.0"]),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
)


def _denotes(value: Any, literal: str) -> bool:
    """The decoded value is the number the literal writes: an int for an integer literal, equal
    to it; a float whose shortest form has the literal's decimal value (sign of zero kept)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if re.fullmatch(r"-?\d+", literal):
        return isinstance(value, int) and value == int(literal)
    return (isinstance(value, float) and Decimal(repr(value)) == Decimal(literal)
            and str(value).startswith("-") == literal.startswith("-"))


def _exact(literal: str) -> bool:
    """Whether a float literal is exactly some float (the spec of exact_float, restated)."""
    if re.fullmatch(r"-?\d+", literal):
        return len(literal.lstrip("-")) <= 4300
    try:
        f = float(literal)
    except OverflowError:  # pragma: no cover
        return False
    return f not in (float("inf"), float("-inf")) and Decimal(repr(f)) == Decimal(literal)


NUMBER_REPLIES = {
    "json (hermes)": '<tool_call>{{"name": "n", "arguments": {{"x": {}}}}}</tool_call>',
    "python (lfm2)": "<|tool_call_start|>[n(x={})]<|tool_call_end|>",
    "raw (glm)": "<tool_call>n<arg_key>x</arg_key><arg_value>{}</arg_value></tool_call>",
    "framed (qwen3_coder)": ("<tool_call>\n<function=n>\n<parameter=x>\n{}\n</parameter>\n"
                             "</function>\n</tool_call>"),
}


@pytest.mark.heavy
@pytest.mark.parametrize("kind", NUMBER_REPLIES)
@settings(max_examples=examples(200), deadline=None, suppress_health_check=list(HealthCheck))
@given(literal=NUMBER_LITERALS)
@example(literal="-0.0")
@example(literal="1e-400")
@example(literal="9007199254740993.0")
@example(literal="4021e97")
def test_numbers_exactly_as_written_or_refused(kind: str, literal: str) -> None:
    r = leakcall.recover(NUMBER_REPLIES[kind].format(literal), _tool(x={"type": "number"}))
    if r.ok:
        assert _denotes(r.calls[0].arguments["x"], literal), (kind, literal, r.calls)
    else:
        assert r.reason is leakcall.Reason.BAD_ARGUMENTS, (kind, literal, r.detail)
        assert not _exact(literal), (kind, literal, r.detail)


# --- typed raw values: whitespace and line ends around literals ---------------------------------

RAW_TEXT = st.builds(
    lambda a, core, b: a + core + b,
    st.sampled_from(["", "", " ", "\t", "\n", "\r\n", "\r", "  "]),
    st.one_of(NUMBER_LITERALS, st.sampled_from(["true", "false", "null", "True", "None",
                                                '{"a": 1}', "[1, 2]", "4021e97", "x", ""])),
    st.sampled_from(["", "", " ", "\t", "\n", "\r\n", "\r", "  "]),
)
UNIONS = [["string", "integer"], ["string", "number"], ["integer"], ["number"],
          ["string", "boolean", "null"], ["string", "object", "array"], ["integer", "null"]]


@pytest.mark.heavy
@pytest.mark.parametrize("types", UNIONS, ids="/".join)
@settings(max_examples=examples(120), deadline=None, suppress_health_check=list(HealthCheck))
@given(text=RAW_TEXT)
def test_typed_raw_values_exactly_as_written_or_refused(types: list[str], text: str) -> None:
    reply = NUMBER_REPLIES["raw (glm)"].format(text)
    r = leakcall.recover(reply, _tool(x={"type": types}))
    if not r.ok:
        assert r.reason in (leakcall.Reason.BAD_ARGUMENTS, leakcall.Reason.SCHEMA), r.detail
        # a union with a string branch refuses only a number literal that is not exact
        assert "string" not in types or r.rule == "inexact-number", (types, text, r.detail)
        return
    got = r.calls[0].arguments["x"]
    if isinstance(got, str):
        assert got == text and "string" in types
    elif got is None or isinstance(got, bool):
        # JSON's spelling, or Python's where the schema admits that type and no string
        assert text == json.dumps(got) or (
            text == repr(got) and "string" not in types), (types, text, got)
    elif isinstance(got, (int, float)):
        assert _denotes(got, text), (types, text, got)
    else:
        assert json.loads(text) == got and text[:1] in "{[" and text[-1:] in "}]"
