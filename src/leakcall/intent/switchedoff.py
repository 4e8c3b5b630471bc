"""An observation that says a kind of step is switched off: "Deletion is disabled." (issue 25,
h39k, round 56's frame sentences at a distance).

The sentence is its subject and its state alone: an article, then a noun whose kind is a
changing step's ("deletion", "deletes", "Löschen", "suppression", 削除), then a copula, a
particle or a topic marker, and a word of [g-setting-off] ("disabled", "turned off",
"désactivée", 無効), nothing else. It says that steps of that kind are not taken here: a step of
the kind announced after it is not the step wanted (``pending.refused``).
Any other word in it names something else that is off: "Deletion protection is disabled.", "The
delete button is disabled.", "Soft deletion is disabled on this bucket." refuse nothing, nor
does a step of another kind ("Deletion is disabled. I'll archive `prod.db` instead.").
"""

from __future__ import annotations

from collections.abc import Sequence

from .observing import OBSERVING
from .words import Token, Tongue, unspaced

__all__ = ["switched_off"]

_OFF = "g-setting-off"
_GLUE = ("g-copula", "g-article", "g-aux")
"""Sections of the words a subject-and-state sentence holds besides its two parts."""
_GLUE_KINDS = frozenset({"DET", "TOPIC", "PARTICLE", "COMMA"})
"""Token kinds of the same words (an article, a topic marker, a particle)."""


def _off_entries(t: Tongue) -> tuple[str, ...]:
    return tuple(e for s, e in t.marks if s == _OFF)


def _is_off(words: Sequence[str], t: Tongue) -> int:
    """How many of the words, from the first, are an entry of [g-setting-off] (0 if none):
    an exact entry, a ``*`` entry's stem, or an entry of an unspaced script inside a word
    (已禁用)."""
    for e in _off_entries(t):
        parts = e.split()
        if len(parts) > len(words):
            continue
        if len(parts) > 1:
            if list(words[: len(parts)]) == parts:
                return len(parts)
            continue
        w = words[0]
        if w == e or (e.endswith("*") and w.startswith(e[:-1]) and len(e) > 1) or (
                any(unspaced(c) for c in e) and e in w):
            return 1
    return 0


def switched_off(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, frozenset[str]]]:
    """("negation", the words, {"-<kind>"}) when the sentence says steps of a changing kind are
    switched off; empty otherwise."""
    low = [x.text.casefold() for x in tokens]
    k = 0
    while k < len(tokens) and (tokens[k].kind == "DET" or t.has(low[k], "g-article")):
        k += 1
    if k >= len(tokens) or tokens[k].kind not in ("OPEN", "ACTING"):
        return []
    kind = t.kind_of(low[k])
    if kind in (None, "generic", *OBSERVING):
        return []
    off = 0
    j = k + 1
    while j < len(tokens):
        n = _is_off(low[j:], t)
        if n:
            off, j = off + 1, j + n
            continue
        if tokens[j].kind in _GLUE_KINDS or any(t.has(low[j], s) for s in _GLUE) or (
                tokens[j].kind != "OPEN" and tokens[j].kind.startswith("!")
                and all(unspaced(c) for c in low[j])):
            j += 1
            continue
        return []
    if not off:
        return []
    return [("negation", " ".join(low[k:]), frozenset({f"-{kind}"}))]
