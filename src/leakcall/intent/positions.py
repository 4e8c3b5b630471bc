"""A condition word that is also a preposition of place in a text (h95g, issue 25, rule
``conditional``).

"Add `resetStateRef` near the other refs (after connectRef/disconnectRef).", "Now add the
`useEffect` ..., right after the `useImperativeHandle` block:", "Add `x` after line 329.": a
word of [g-text-place-prep] ("after") right before a place in a text says where an
edit puts what it adds, not a time the step waits for. It is read as the preposition when

- the place is, to the end of its clause (the sentence's end, a comma, a closing bracket), a
  line's number (a noun of [g-text-line], then a number: "line 329"), code tokens alone, each
  one identifier ("`connectRef`", "connectRef/disconnectRef"), or determiners, at most two
  words or identifiers and a noun of [g-text-part] ("the `useImperativeHandle` block", "the
  loading effect", "the imports"); and
- every other word of the sentence the verb tables give a kind says a write or a create, and
  one does (an edit; "add", "insert").

"after the tests pass", "after the deploy", "after `make deploy`" (no identifier), "after
`cfg` is approved" (a verb follows), "delete the branch after the `main` block" (a delete) and
"after lunch" stay conditions."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .protocols import Token, Tongue

__all__ = ["placed"]

_EDITS = frozenset({"write", "create"})
"""The kinds of a step that puts text somewhere in a text: an edit."""
_IDENT = re.compile(r"[A-Za-z_$][\w$.]*(?:/[A-Za-z_$][\w$.]*)*(?:\(\))?")
"""One identifier, or several joined by slashes ("connectRef/disconnectRef"), as written in
code: no space, so no command ("`make deploy`")."""
_MODIFIERS = 2
"""Most words before a part's noun ("the initialize response handler")."""
_END = frozenset({"RPAR", "COMMA", "!non-prose"})
_LEAD = frozenset({"ACK", "ADV", "LPAR"})
"""What may stand before the preposition: "right after", "(after"."""


def _ident(x: Token) -> bool:
    return x.kind == "CODE" and _IDENT.fullmatch(x.text.strip("`")) is not None


def _place(rest: Sequence[Token], t: Tongue) -> int:
    """How many tokens of ``rest`` a place in a text takes (module docstring), or 0."""
    n = 0
    if len(rest) >= 2 and rest[0].kind == "OPEN" and t.has(rest[0].text, "g-text-line") \
            and rest[1].kind == "NUM":
        n = 2  # "line 329"
    elif rest and _ident(rest[0]):
        n = 1
        while n + 1 < len(rest) and rest[n].kind in ("AND", "COMMA") and _ident(rest[n + 1]):
            n += 2  # "`connect`, `disconnect` and `reconnect`"
    elif rest and rest[0].kind == "DET":
        k = 1
        while k < len(rest) and rest[k].kind == "DET":
            k += 1  # "the other"
        j = k
        while j < len(rest) and j - k < _MODIFIERS and (rest[j].kind == "OPEN" or _ident(rest[j])) \
                and not t.has(rest[j].text, "g-text-part"):
            j += 1  # "the `useImperativeHandle` block", "the loading effect"
        if j < len(rest) and rest[j].kind == "OPEN" and t.has(rest[j].text, "g-text-part"):
            n = j + 1
    if n == 0 or (n < len(rest) and rest[n].kind not in _END):
        return 0
    return n


def _edits(tokens: Sequence[Token], skip: set[int], t: Tongue) -> bool:
    """Every word of the sentence outside the places that the verb tables give a kind (not
    generic) says a write or a create, and one does."""
    kinds = {t.kind_of(x.text) for k, x in enumerate(tokens)
             if k not in skip and x.kind in ("OPEN", "ACTING")} - {None, "generic"}
    return bool(kinds) and kinds <= _EDITS


def placed(tokens: Sequence[Token], t: Tongue) -> list[tuple[int, str]]:
    """(index, kind) of each token to read anew: each condition word that says a place in a
    text, as a preposition, and an "ACK" before it ("right after") as an adverb (module
    docstring); none when the sentence holds none."""
    at: list[int] = []
    skip: set[int] = set()
    for k, x in enumerate(tokens):
        if x.kind != "!conditional" or not t.has(x.text, "g-text-place-prep") or (
                k > 0 and tokens[k - 1].kind not in _LEAD | {"CODE", "OPEN", "NUM", "PRON"}):
            continue
        n = _place(tokens[k + 1:], t)
        if n:
            at.append(k)
            skip.update(range(k, k + n + 1))
    if not at or not _edits(tokens, skip, t):
        return []
    return [*((k, "PREP") for k in at),
            *((k - 1, "ADV") for k in at if k > 0 and tokens[k - 1].kind == "ACK")]
