"""Argument fidelity: any string written into any family's envelope comes back byte-exact, or the
reply is refused when the format cannot carry it (never misread).

Each grammar's header says how a string value is written (``// values: text`` verbatim,
``framed`` verbatim between the two framing newlines, ``json`` JSON-escaped inside double quotes,
``python`` the same escaping inside a Python string).
The test takes the family's first recoverable corpus case, swaps one string argument for a
generated value, and recovers again.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import leakcall
from leakcall.families import Family
from leakcall.locate import REASONING_TAGS
from leakcall.parse import _literals

from .conftest import CASES

FAMILIES = leakcall.all_families()
WRITERS = {
    "text": lambda v: v,
    "json": lambda v: json.dumps(v, ensure_ascii=False)[1:-1],
    "python": lambda v: json.dumps(v, ensure_ascii=False)[1:-1],
    # Qwen3-Coder / Seed-OSS: one newline on each side is framing, so a value is written framed.
    "framed": lambda v: "\n" + v + "\n",
}


def _template(fam: Family) -> tuple[Any, str, str, str] | None:
    """(case, text, argument name, original value) with the value's written form unique."""
    write = WRITERS[fam.header["values"][0]]
    for case in CASES:
        if case.family != fam.name or case.expect.get("reason") != "ok" or case.options:
            continue
        r = leakcall.recover(case.text, case.tools)
        for key, val in r.calls[0].arguments.items():
            if isinstance(val, str) and len(val) >= 3 and case.text.count(write(val)) == 1:
                return case, case.text, key, val
    return None


def test_every_family_declares_its_value_encoding() -> None:
    for fam in FAMILIES:
        assert fam.header.get("values", [""])[0] in WRITERS, f"{fam.name}: add // values: ..."


LITERAL_TAGS = sorted({t for f in FAMILIES for t in (*f.opens, *f.closes)} | {
    "</parameter>", "</function>", "<｜DSML｜parameter", "</arg_value>", "[ARGS]", '"', "\\",
    "\\n", "\n", "\r\n", "\t", "{", "}", "true", "false", "null", "17", "-0.5e3", "[]",
    "ＡＢＣ｜全角", "\u3000", " leading", "trailing ", "\u200b", "😀", "<|\"|>", "<escape>"})
VALUES = st.one_of(
    st.text(max_size=40),
    st.lists(st.one_of(st.sampled_from(LITERAL_TAGS), st.text(max_size=6)), max_size=8).map(
        "".join),
)


@pytest.mark.parametrize("fam", [f for f in FAMILIES if "values" in f.header], ids=lambda f: f.name)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=VALUES)
@example(value="<tool_calls>literal</tool_calls>")
@example(value="ＡＢＣ 全角 false")
def test_string_values_round_trip_byte_exact(fam: Family, value: str) -> None:
    tpl = _template(fam)
    assert tpl is not None, f"{fam.name}: no recoverable corpus case with a string argument"
    case, text, key, original = tpl
    write = WRITERS[fam.header["values"][0]]
    written = write(value)
    reply = text.replace(write(original), written, 1)
    r = leakcall.recover(reply, case.tools)
    carried = not any(lit in written for lit in _literals(fam)) and not any(
        tag in value for pair in REASONING_TAGS for tag in pair)
    nested = any(o in value for f in FAMILIES for o in f.opens)
    if r.ok:
        assert r.calls[0].arguments[key] == value, (fam.name, value)
    elif nested and r.reason is leakcall.Reason.UNADVERTISED:
        pass  # the value holds another family's invocation: names anywhere are checked
    elif carried and value:
        # Values that hold no structural tag and no reasoning tag must come back.
        pytest.fail(f"{fam.name}: {value!r} refused: {r.reason} {r.detail}")
