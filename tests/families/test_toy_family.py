"""A family added as one .lark file in a test directory works end to end, with no Python."""

from __future__ import annotations

from pathlib import Path

import leakcall
from leakcall import Reason

TOY = leakcall.load_family(Path(__file__).parent / "toy_family" / "toy.lark")
TOOLS = [{"type": "function", "function": {"name": "resize", "parameters": {
    "type": "object",
    "properties": {"path": {"type": "string"}, "width": {"type": "integer"}},
    "required": ["path", "width"]}}}]
TEXT = ("[[calls]]\n[[call resize]][[arg path]] a [b].png[[/arg]][[arg width]]640[[/arg]]"
        "[[/call]]\n[[/calls]]")


def test_toy_family_recovers_with_schema_typing() -> None:
    r = leakcall.recover("I'll resize the image now.\n" + TEXT, TOOLS, families=[TOY])
    assert r.ok, r.detail
    assert r.family == "toy"
    assert r.calls[0].arguments == {"path": " a [b].png", "width": 640}
    assert r.content == "I'll resize the image now.\n"


def test_toy_family_gets_every_generic_rule() -> None:
    fams = [TOY]
    assert leakcall.recover(TEXT[:-3], TOOLS, families=fams).reason is Reason.TRUNCATED
    assert leakcall.recover("```\n" + TEXT + "\n```", TOOLS, families=fams).reason is Reason.FENCED
    assert leakcall.recover(TEXT.replace("resize", "rm"), TOOLS, families=fams).reason is (
        Reason.UNADVERTISED)
    assert leakcall.recover(TEXT.replace("640", "wide"), TOOLS, families=fams).reason is (
        Reason.BAD_ARGUMENTS)
    assert all(
        not leakcall.recover(TEXT[:i], TOOLS, families=fams).ok for i in range(len(TEXT)))


def test_toy_family_is_not_shipped() -> None:
    assert "toy" not in {f.name for f in leakcall.all_families()}
