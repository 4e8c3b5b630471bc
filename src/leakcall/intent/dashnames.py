"""Names after a dash that closes the step (session 31, h15b): "**Step 1: Add imports** —
`json` and `Style`", "Let me read both configs — `dev.yaml`, `prod.yaml`.".

A dash right after the step's object (a word or a code name), before nothing but code names to
the sentence's end, each pair apart by a comma or a coordinator ([g-and]: "and", "und", "和"),
names the things the object is, as an apposition: it is read as the comma it stands for, so the
names are objects of the same step ("add imports, `json` and `Style`"), grounded and screened
as any object is. A dash before anything else keeps its reading (a step spelled out, another
announced step, a courtesy; a comment or a word has no place: "Running wipe.sh — famous last
words.", "run it — `prod` first"), and so does a dash after a pronoun, which may point at the
markup ("run this — `deploy.sh`"), and a dash between two codes opening with a digit, which
is a range's em dash ("flights for 10/14 — 10/21") and names no list of things. A dash after
the object's word before one closing noun phrase of plain words led by an article (``_apposed``:
"the remaining change — the empty state button in `chat.tsx`") is that comma too (h29a). A
dash after a document's noun before a note of its scope (``_scoped``: "write the revised plan
— display-layer only, no changes to `x.py`") is the comma before the names it leaves out (h31c)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .words import Token, Tongue

__all__ = ["dash_names"]

_T = TypeVar("_T", bound=Token)


def _digit(x: Token) -> bool:
    """The token opens with a digit, as a date or a number does ("10/14", "`3.2`")."""
    return x.text.strip("`")[:1].isdigit()


def _apposed(tail: Sequence[Token], t: Tongue) -> bool:
    """``tail`` is one noun phrase of plain words, the thing the step's object is (h29a: "complete
    the remaining change — the empty state "Create new session" button in `chat.tsx`"): an
    article ([g-article], no reader's "your") first, then words of no kind of step, code names
    or quoted labels, and at most one preposition before the last of them (where the thing is);
    a noun or a code name last. A verb of a kind ("— the deletion of `prod`"), a pronoun
    ("— the production one"), a second clause or a party's article keep the dash's reading."""
    if len(tail) < 2 or tail[0].kind != "DET" or not t.has(tail[0].text, "g-article") \
            or t.has(tail[0].text, "g-addressee") or tail[-1].kind not in ("OPEN", "CODE"):
        return False
    preps = [j for j, x in enumerate(tail) if x.kind == "PREP"]
    if len(preps) > 1 or (preps and (preps[0] < 2 or preps[0] == len(tail) - 1)):
        return False
    return all((x.kind == "OPEN" and t.kind_of(x.text) is None) or x.kind == "CODE"
               for j, x in enumerate(tail[1:], 1) if j not in preps)


def _scoped(tail: Sequence[Token], t: Tongue) -> bool:
    """``tail`` notes the scope of the document the step writes: parts apart by commas, each
    "<one or two words of no kind of step> only" or "no <change> to" ([g-negation-det],
    [g-scope-change], "to") before code names apart by commas or [g-and], at least one of the
    second (h31c: "— display-layer only, no changes to `tools/__init__.py`"). It is what the
    document says, no step and no object of its own; a call that takes a name it leaves out
    is refused ([g-scope-exclude], ``excluded``). "— `prod` only", "— no deploys to `x`", a
    verb of a kind before "only", a second clause keep the dash's reading."""
    parts: list[list[Token]] = [[]]
    for x in tail:
        if x.kind == "COMMA":
            parts.append([])
        else:
            parts[-1].append(x)
    names = 0
    for part in parts:
        if names and part and all(x.kind == "CODE" for x in part[::2]) and all(
                x.kind == "AND" or t.has(x.text, "g-and") for x in part[1::2]) and len(part) % 2:
            continue  # the next name the same "no changes to" leaves out ("`a`, `b`")
        if 2 <= len(part) <= 3 and t.has(part[-1].text, "g-only") and all(
                x.kind == "OPEN" and t.kind_of(x.text) is None for x in part[:-1]):
            continue
        if len(part) < 4 or not t.has(part[0].text, "g-negation-det") or not t.marked(
                part[1].text, "g-scope-change") or part[2].text != "to":
            return False
        codes = part[3:]
        if not (len(codes) % 2 == 1 and all(x.kind == "CODE" for x in codes[::2]) and all(
                x.kind == "AND" or t.has(x.text, "g-and") for x in codes[1::2])):
            return False
        names += 1
    return names > 0


def dash_names(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with a dash before a closing list of code names read as a comma (module)."""
    out = list(tokens)
    for k in range(1, len(out) - 1):
        if out[k].kind != "DASH" or out[k - 1].kind not in ("OPEN", "CODE"):
            continue
        wide = k + 2 < len(out) and out[k + 1].kind == "DASH"  # "--": one dash of two tokens
        tail = out[k + 2:] if wide else out[k + 1:]
        if tail and tail[-1].kind == "!non-prose" and tail[-1].text == ".":
            tail = tail[:-1]  # the sentence's own stop
        if _digit(out[k - 1]) and tail and _digit(tail[0]):
            break  # "flights for 10/14 — 10/21": a range's ends, no names (``pieces._ranges``)
        if (len(tail) % 2 == 1 and all(x.kind == "CODE" for x in tail[::2]) and all(
                x.kind in ("COMMA", "AND") or t.has(x.text, "g-and") for x in tail[1::2])) \
                or (not wide and out[k - 1].kind == "OPEN" and _apposed(tail, t)):
            y: Any = out[k]
            out[k] = replace(y, kind="COMMA")
            del out[k + 1 : k + 1 + wide]
        elif not wide and out[k - 1].kind == "OPEN" and t.marked(out[k - 1].text, "g-scoped-doc") \
                and _scoped(tail, t):
            del out[k : k + 1 + len(tail)]  # what the document says; its names are excluded
        break  # only the first dash: a second one ("— `a` — run it") keeps its reading
    return out
