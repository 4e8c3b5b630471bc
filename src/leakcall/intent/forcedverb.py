"""A forcing word written before its verb as one verb (issue 25, W-kind; read by ``rereading``).

"The revert commit is on top. Let me force push to the remote." + ``git push --force``: the
grammar reads "force" as the verb and "push" as its object, a step of no known kind. Written
with a hyphen ("force-push") it is one verb of kind commit, and the forcing it says grounds the
forced push (``forcing.forced_said``). A [g-escalate] word ("force") right before a word
of the sentence, the two together a verb form the lexicon lists with a kind ([kind-commit]
"force push*"), is read as that one verb, as its hyphenated spelling is. Only listed
compounds: "force the update" and "force a rebuild" keep their words; "push --force" is no
compound (a flag is no word of the sentence)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .words import Token, Tongue

__all__ = ["forced_verbs"]

_T = TypeVar("_T", bound=Token)


def forced_verbs(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with each forcing word and the word after it that the lexicon lists together
    as a verb of a kind read as that one verb (module docstring)."""
    out = list(tokens)
    k = 0
    while k < len(out) - 1:
        x, y = out[k], out[k + 1]
        joined = f"{x.text} {y.text}"
        if (x.kind == "OPEN" and y.kind == "OPEN" and t.has(x.text, "g-escalate")
                and " " not in x.text and " " not in y.text
                and t.kind_of(joined) not in (None, "generic")):
            z: Any = x
            out[k : k + 2] = [replace(z, text=joined, end=y.end)]
        k += 1
    return out
