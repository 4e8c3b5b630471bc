"""A state the written code acts on, closing the purpose of a step that writes it (h26a, issue
25).

"Now update the loading effect guard to allow re-loading when stale:": after a step that
writes or makes text ([kind-write], [kind-create]: "update", "fix", "add") and its object, a
purpose ("to" and its verb) says what the written code will do; a condition word ([g-condition]:
"when", "if") followed by one adjective of a thing's state ([g-state]: "stale", "empty",
"idle", "expired") closing the sentence says when the code does it, not when the step is taken.
The condition word is read as a word, as the state is, and the sentence is parsed as before;
the step's calls are grounded in its words, with no time to wait for.

Only there: the sentence's one verb before the purpose writes or makes, with only its object
between; the purpose's verb and its object hold no "and", comma or second clause; the state is
one word of [g-state] and the last. Before any other step ("delete the cache to free space when
stale"), without a purpose ("update the guard when stale"), with a subject or a verb after the
condition ("when the user approves"), or a word of readiness or approval ("when ready", "if
approved": no [g-state] word) it stays a condition, refused as before."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["code_state"]

_WRITTEN = frozenset({"write", "create"})
"""Kinds of a step that writes or makes text whose behaviour a purpose may say."""
_OBJECT = frozenset({"OPEN", "CODE", "DET", "DEM", "PREP", "NUM"})
"""Tokens of a noun phrase (and its prepositional phrases) between a verb and what follows."""


def _writes(tokens: Sequence[Token], to: int, t: Tongue) -> bool:
    """Before the purpose at ``to``: an opener or adverbs, then one verb that writes or makes,
    then only its object."""
    j = 0
    while j < to and tokens[j].kind in ("OPENER", "ADV", "COMMA"):
        j += 1
    if j >= to or tokens[j].kind != "OPEN" or t.kind_of(tokens[j].text) not in _WRITTEN:
        return False
    between = tokens[j + 1 : to]
    return bool(between) and all(x.kind in _OBJECT for x in between)


def code_state(tokens: Sequence[Token], t: Tongue) -> list[Token]:
    """The tokens with a condition word before a closing state word, at the end of the purpose
    of a step that writes, read as a word (see the module)."""
    n = len(tokens)
    if n < 6:
        return list(tokens)
    cond, state = tokens[-2], tokens[-1]
    if cond.kind != "!conditional" or not t.has(cond.text, "g-condition") or not (
            state.kind == "OPEN" and t.has(state.text, "g-state")):
        return list(tokens)
    to = next((k for k in range(n - 3, 0, -1) if tokens[k].kind == "TO"), None)
    if to is None or tokens[to + 1].kind not in ("OPEN", "ACTING") or not _writes(tokens, to, t):
        return list(tokens)
    if not all(x.kind in _OBJECT or x.kind == "ACTING" for x in tokens[to + 1 : n - 2]):
        return list(tokens)
    return [*tokens[: n - 2], Token("OPEN", cond.text, cond.start, cond.end), state]
