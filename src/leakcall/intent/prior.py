"""A fronted clause of what comes later, before a step that only looks (issue 25): "Before
changing any dependencies or touching the lockfile, let me look at `package.json` first.",
"Before we plan the rent payment, let me check your account balance."

The grammar reads a leading clause after a word of [g-before] as a verb and its object, whose
verbs are no step taken (``lead``: "Before writing the commit message, let me check the git
status."). Two more forms of it say the same: a second verb the clause coordinates ("or
touching the lockfile", an -ing form the lexicon reads as a status opener) and a subject of
the clause's own ("we", "I", [g-subject]) with its auxiliaries ([g-aux]). Each is read as a
word of that clause (OPEN, SUBJ, AUX), as inside an inquiry clause, only where the step
announced after the comma only looks: every verb of a known kind there is an observing one.
What comes later is then the changing step, which this reply does not take; a changing step
after it ("Before we check the balance, let me pay the rent.") keeps the refusal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .observing import OBSERVING
from .protocols import Token, Tongue

__all__ = ["prior_clause"]

_T = TypeVar("_T", bound=Token)

_OPENING = ("OPENER", "ACTING", "HELP")
"""Tokens that open the announced clause after the comma."""


def prior_clause(tokens: Sequence[_T], t: Tongue) -> tuple[list[_T], list[str]]:
    """The tokens with the fronted [g-before] clause's subject, auxiliaries and coordinated
    -ing verbs read as words of that clause, and those words, where the clause after its
    comma is an announcement none of whose verbs of a known kind changes anything; else the
    tokens as they are and no words. The words are read as a slot (``opened.looked``): only
    calls that look are grounded with them, so a generic "check" takes no changing step."""
    out = list(tokens)
    if len(out) < 4 or not t.has(out[0].text, "g-before"):
        return out, []
    comma = next((k for k, x in enumerate(out) if x.kind == "COMMA"), None)
    if comma is None or comma < 2 or comma + 1 >= len(out) or out[comma + 1].kind not in _OPENING:
        return out, []
    kinds = [t.kind_of(x.text) for x in out[comma + 1 :] if x.kind in ("OPEN", "ACTING")]
    if not kinds or any(k not in OBSERVING for k in kinds if k not in (None, "generic")):
        return out, []  # "Before we check the balance, let me pay the rent."
    read: list[str] = []
    for k in range(1, comma):
        y: Any = out[k]
        if y.kind == "ACTING" and k > 1 and out[k - 1].kind == "AND":
            out[k] = replace(y, kind="OPEN")  # "... or touching the lockfile"
        elif k == 1 and (y.kind == "OPENER" or (y.kind[:1] == "!" and t.has(y.text, "g-subject"))):
            out[k] = replace(y, kind="SUBJ")  # "before we plan ...", "before I can change ..."
        elif y.kind[:1] == "!" and k == 2 and out[1].kind == "SUBJ" and t.has(y.text, "g-aux"):
            out[k] = replace(y, kind="AUX")  # "before we've changed ..."
        else:
            continue
        read.append(y.text)
    return out, read
