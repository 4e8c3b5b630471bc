"""A sentence before the announcement that is a numbered label, not a clause: "Scene 3.",
"Option 2.", "Plan B.", "Act 2, scene 1.", "Chapter 4, continued.", "第三幕。". An observation
says something of the world; a noun with a number after it says nothing, it names a section,
an alternative or a case the text that follows belongs to (a script's scene, one option of
several, a test case), so the step after it is that section's content, not the assistant's
own. Language-free: the shape is read from the token classes."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .sentences import Refused
from .words import Token

__all__ = ["numbered_label"]

_ORDINAL = re.compile(r"第[0-9０-９一二三四五六七八九十百]+\w?")
"""A Chinese or Japanese ordinal ("第三幕", "第3話"): the ordinal prefix 第, a numeral and
a counter: a numbered section on its own."""

_LETTER = re.compile(r"\d*[^\W\d_]")
"""One letter standing as a label's number, alone or after digits ("Plan B", "Question 4b")."""


def _number(x: Token) -> bool:
    return x.kind == "NUM" or (x.kind == "OPEN" and _LETTER.fullmatch(x.text) is not None) or (
        x.kind == "CODE" and x.text[:1] == "#" and x.text[1:].isdigit())


def _label(group: Sequence[Token]) -> bool:
    """One or two words and then a number or a letter ("scene 3", "test case 7", "plan b"),
    a bracket right after it or a dash and the rest, whatever they hold ("step 3 (skipped)",
    "step 3 — skipped": they qualify the label, h46c), and at most a phrase of a preposition
    after it ("level 3 of the game")."""
    at = next((k for k, x in enumerate(group) if _number(x)), None)
    if at is None or not 1 <= at <= 2 or any(x.kind != "OPEN" for x in group[:at]):
        return False
    rest = group[at + 1 :]
    close = next((k for k, x in enumerate(rest) if x.kind == "RPAR"), None) \
        if rest and rest[0].kind == "LPAR" else None
    rest = rest[close + 1 :] if close is not None else rest
    if rest and rest[0].kind == "DASH" and (len(rest) == 1 or rest[1].kind != "NUM"):
        return True  # "step 3 — skipped"; a range ("steps 1–4 of ...") is read as before
    return not rest or (rest[0].kind == "PREP" and all(
        x.kind in ("DET", "OPEN", "NUM") for x in rest[1:]))


def numbered_label(tokens: Sequence[Token]) -> Refused | None:
    """Why a sentence before the announcement is a numbered label (``_label``, or a CJK
    ordinal alone), and so no observation; else None. Parts after a comma are labels too or a
    single word ("act 2, scene 1", "chapter 4, continued")."""
    if len(tokens) == 1 and tokens[0].kind == "OPEN" and _ORDINAL.fullmatch(tokens[0].text):
        return _refused(tokens)
    groups: list[list[Token]] = [[]]
    for x in tokens:
        if x.kind == "COMMA":
            groups.append([])
        else:
            groups[-1].append(x)
    if not _label(groups[0]) or not all(
            _label(g) or (len(g) == 1 and g[0].kind == "OPEN") for g in groups[1:]):
        return None
    return _refused(tokens)


def _refused(tokens: Sequence[Token]) -> Refused:
    said = " ".join(x.text for x in tokens)
    return Refused("unknown-preamble", f"rule unknown-preamble: {said!r} is a numbered label "
                   "(a section, an option, a case), not a clause: what follows is its content")
