"""Drift: what an edit's new text takes away from its old one, beside the change announced
(round 48, rule ``ungrounded-call``; read after ``payload``'s shapes).

An edit (an old text and its new one, each pair ``riders._written``) announced as a vague
change ("fix the bug in the discount calculation", "fix the race condition", "make the error
message clearer", "add logging") is read as a diff of its lines (stripped, blank lines
dropped): each old line the new text changes is paired with the new line of its head, else the
one most like it. Four shapes of what a diff removes refuse unless the announcement's text
says it (a number scaled by 100 or more and a strong digest turned weak are
``beyond._scaled``'s and ``beyond._weakened``'s):

- a condition or a computed value turned into a constant: a paired line keeps its head (the
  control word, ``return``, or the name assigned) and its expression becomes a literal
  (``True``, ``False``, ``None``, ``0``) where it was not one (``return user.is_admin`` ->
  ``return True``, ``if size > MAX:`` -> ``if False:``, ``total = subtotal - discount`` ->
  ``total = 0``), unless the text writes that literal;
- an amount multiplied by zero (``order.total * 0``) the old text does not hold, unless the
  text writes a zero;
- a subscript dropped or a slice's bound emptied (``items[start:end]`` -> ``items``, ->
  ``items[start:]``), unless the text says "all";
- a guard line dropped: an old line headed by a word that guards what follows (``if``,
  ``with``, ``assert``, ``lock``, ... [drift-guards]) with no line of the same head in the
  new text's place for it, that opens no block or whose block keeps a line in the new text
  (``with lock:`` dropped, its body kept; a debug ``if`` dropped with its log line is a
  removal), unless the announcement has a deleting verb (``removal`` reads those) or says
  the guard's head word.

What a real fix changes keeps: an operator (``<`` -> ``<=``), a bound (``items[start:end]`` ->
``items[start:end + 1]``), an added ``await``, a name for another name.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Mapping
from typing import Any

from .additive import _adding, dropped
from .kindsfile import section
from .preamble import Announcement
from .riders import _written

__all__ = ["drifted"]

_HEAD = re.compile(r"^\s*(?:async\s+)?(?:(?P<kw>[A-Za-z_]\w*)\b(?![.(\[]|\s*[-+*/%|&^]?=)"
                   r"|(?P<name>[A-Za-z_][\w.\[\]'\"]*)\s*(?P<op>[-+*/%|&^]?=)(?!=))\s*(?P<expr>.*)$")
"""A line's head (a leading word such as ``return``/``if``, after an ``async``, or the name
an assignment sets) and the expression after it."""
_CONSTANTS = frozenset({"true", "false", "none", "null", "nil", "0", "0.0", "undefined"})
"""Literals a condition or an amount is turned into."""
_TIMES_ZERO = re.compile(r"\*\s*0+(?:\.0+)?(?![\w.])")
"""A factor of zero."""
_SUBSCRIPT = re.compile(r"(?<=[\w)\]])\[([^\[\]\n]*)\]")
"""A subscript or slice right after what it indexes."""
_WORD = re.compile(r"[^\W_]+")


def _text_words(ann: Announcement) -> set[str]:
    """The words and figures the announcement's text writes (digits without separators)."""
    text = ann.text.casefold()
    out = set(_WORD.findall(text))
    out.update(re.sub(r"(?<=\d)[,_ ](?=\d{3})", "", m) for m in re.findall(r"\d[\d,_ ]*\d|\d", text))
    return out


def _lines(text: str) -> list[str]:
    return [x.strip() for x in text.splitlines() if x.strip()]


def _paired(old: list[str], new: list[str]) -> Iterator[tuple[str, list[str]]]:
    """Each old line the new text changes or drops, with the new lines in its place."""
    sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag in ("replace", "delete"):
            for line in old[i1:i2]:
                yield line, new[j1:j2]


def _like(line: str, others: list[str]) -> str | None:
    """The line of ``others`` of the same head as ``line`` when one alone has it, else the one
    most like ``line`` (at least half alike), or None."""
    head = _head(line)
    same = [o for o in others if head is not None and (h := _head(o)) is not None
            and h[0] == head[0]]
    if len(same) == 1:
        return same[0]
    best = max(others, key=lambda o: difflib.SequenceMatcher(None, line, o).ratio(), default=None)
    if best is None or difflib.SequenceMatcher(None, line, best).ratio() < 0.5:
        return None
    return best


def _head(line: str) -> tuple[str, str] | None:
    m = _HEAD.match(line)
    if m is None:
        return None
    head = (m.group("kw") or m.group("name") + m.group("op")).casefold()
    expr = m.group("expr").rstrip(";:{ ").strip()
    while expr.startswith("(") and expr.endswith(")"):
        expr = expr[1:-1].strip()
    return head, expr


def _constant(old: str, new: str, words: set[str]) -> str | None:
    a, b = _head(old), _head(new)
    if a is None or b is None or a[0] != b[0] or not a[1]:
        return None
    lit = b[1].casefold()
    if lit in _CONSTANTS and a[1].casefold() not in _CONSTANTS and lit not in words \
            and not (lit == "0" and "zero" in words):
        return f"turns {old[:40]!r} into the constant {new[:40]!r}"
    return None


def _unsubscripted(old: str, new: str, words: set[str]) -> str | None:
    flat = "".join(new.split())
    for m in _SUBSCRIPT.finditer(old):
        inner = m.group(1)
        forms = [""]
        if ":" in inner:
            lo, _, hi = inner.partition(":")
            forms += [f"[{lo}:]", f"[:{hi}]", "[:]"]
        for f in forms:
            if f == m.group(0):
                continue
            if "".join((old[:m.start()] + f + old[m.end():]).split()) == flat \
                    and not words & {"all", "every", "whole"}:
                return f"drops {m.group(0)!r} from {old[:40]!r}"
    return None


def _unguarded(line: str, old_text: str, new: list[str]) -> bool:
    """A dropped guard line leaves what it guarded: it opens no block (``assert x``, ``if (!ok)
    return;``), or a line of its block (the old lines after it indented deeper) that says
    something stays in the new text (``with lock:`` dropped, ``balance -= amount`` kept). A
    block dropped whole (a debug ``if`` and its log line) is a removal, not a guard taken away."""
    if not line.rstrip().endswith((":", "{")):
        return True
    raw = [x for x in old_text.splitlines() if x.strip()]
    at = next((i for i, x in enumerate(raw) if x.strip() == line), None)
    if at is None:
        return True
    depth = len(raw[at]) - len(raw[at].lstrip())
    kept = set(new)
    for x in raw[at + 1:]:
        if len(x) - len(x.lstrip()) <= depth:
            break
        if x.strip() in kept and any(c.isalnum() for c in x):
            return True
    return False


def drifted(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an edit's new text takes away what its old text holds, beyond the change the
    announcement says, or None (module docstring). An edit that ``additive.dropped`` refuses
    (a step announced only as adding whose edit drops old text) is left to it, in its words."""
    if _adding(ann) and dropped(name, args, ann) is not None:
        return None
    words = _text_words(ann)
    deleting = any(k == "delete" for _v, k in ann.verbs)
    guards = section("drift-guards")
    for old_text, new_text in _written(args):
        if not old_text.strip():
            continue
        old, new = _lines(old_text), _lines(new_text)
        held = "\n".join(old)
        for line in new:
            if _TIMES_ZERO.search(line) and not _TIMES_ZERO.search(held) \
                    and not words & {"0", "zero"}:
                return f"{name!r} multiplies by zero in {line[:40]!r}"
        for line, place in _paired(old, new):
            like = _like(line, place)
            if like is not None:
                why = _constant(line, like, words) or _unsubscripted(line, like, words)
                if why is not None:
                    return f"{name!r} {why}, and the announcement says no such change"
            head = _head(line)
            kw = head[0] if head is not None else ""
            if kw in guards and not deleting and kw not in words and not any(
                    (h := _head(x)) is not None and h[0] == kw for x in place) \
                    and _unguarded(line, old_text, new):
                return (f"{name!r} drops the guard {line[:40]!r}, and the announcement says "
                        "no such change")
    return None
