"""Where the time of one ``recover`` call goes, stage by stage, by calling the pipeline's own
stage functions one at a time on the same input (read-only use of leakcall internals)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from _timing import Settings, Timing, compare, fmt_us

import leakcall
from leakcall.calls import extract
from leakcall.decode import decode_call
from leakcall.ids import call_id
from leakcall.intent import judge
from leakcall.locate import candidates, has_opener, segments
from leakcall.parse import Parsed, parse_candidate
from leakcall.tools import toolset

__all__ = ["stage_table"]


def _tools_stage(tools: list[Any]) -> None:
    toolset(tools)  # normalise, key, compiled schemas from the content-keyed cache


def stage_table(label: str, text: str, tools: list[Any], s: Settings) -> list[str]:
    """A Markdown table: each stage's median µs on ``text`` and its share of ``recover``."""
    fams = leakcall.all_families()
    adv = toolset(tools)
    segs = segments(text)
    cands = candidates(text, fams, segs)
    results = [parse_candidate(text, c) for c in cands]
    ok = [r for r in results if isinstance(r, Parsed)]
    stages: dict[str, Callable[[], object]] = {
        "recover (whole call)": lambda: leakcall.recover(text, tools),
        "all_families() (cached)": leakcall.all_families,
        "Toolset (normalise + cached compiled schemas)": partial(_tools_stage, tools),
        "has_opener (fast path)": lambda: has_opener(text, fams),
    }
    if not has_opener(text, fams):  # recover stops here: the later stages do not run
        return _table(label, compare(stages, s, warmup=2))
    stages |= {
        "segments": lambda: segments(text),
        f"candidates ({len(cands)}: "
        f"{', '.join(c.family.name for c in cands)})": lambda: candidates(text, fams, segs),
        f"parse_candidate × {len(cands)} (Lark LALR)": lambda: [
            parse_candidate(text, c) for c in cands],
    }
    if len(ok) == 1:
        p = ok[0]
        raw = extract(p.tree, text[p.start : p.end], p.start)
        args = [decode_call(rc, adv[rc.name].schema) for rc in raw]
        stages |= {
            "intent (judge)": lambda: judge(text, segs, p.start, p.end),
            "extract (tree → calls)": lambda: extract(p.tree, text[p.start : p.end], p.start),
            "decode_call": lambda: [decode_call(rc, adv[rc.name].schema) for rc in raw],
            "Compiled.check (jsonschema)": lambda: [
                adv[rc.name].check(a) for rc, a in zip(raw, args, strict=True)],
            "call_id (sha256)": lambda: [
                call_id("", i, rc.name, a) for i, (rc, a) in enumerate(zip(raw, args,
                                                                          strict=True))],
        }
    return _table(label, compare(stages, s, warmup=2))


def _table(label: str, t: dict[str, Timing]) -> list[str]:
    whole = t["recover (whole call)"].median
    out = [f"{label}:", "", "| stage | µs | share of `recover` |", "|---|---:|---:|"]
    total = 0.0
    for name, tm in t.items():
        if name != "recover (whole call)":
            total += tm.median
        out.append(f"| {name} | {fmt_us(tm.median)} | {tm.median / whole:.0%} |")
    out.append(f"| sum of the stages | {fmt_us(total)} "
               f"| {total / whole:.0%} |")
    return [*out, ""]
