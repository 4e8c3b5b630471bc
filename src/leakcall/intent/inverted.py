"""A verb before its subject at a sentence's start asks (issue 25, session 46, h46a; read on
each whole sentence of a preamble by ``preamble``, never on a clause a fronted part was cut
from: "Basierend auf den Tests, lösche ich `x`." is a statement).

In a verb-second language (one whose lexicon lists [g-inverted], the subject pronouns a finite
verb may put after itself: Swedish "jag", "vi", German "ich", "wir", Dutch "ik", "we") a
statement puts one part before the finite verb ("Nu ska jag ta bort `x`", "Jetzt werde ich
`x` löschen"); the finite verb first, its subject pronoun right after it, is a yes/no question
without its "?" ("Ska jag ta bort `build/`." shall I remove it; "Werde ich `x` löschen.", "Ga
ik `x` verwijderen.", "Tar jag bort `x`."), as German "soll ich" already is in [g-question].
The sentence's first word past acknowledgements ("Okej, ska jag ...") is read: when the word
after it (in its token or the next) is such a pronoun, the token is refused (rule
``question``). Italian "Devo eliminare ..." has no pronoun after the verb and is a statement;
an exhortation whose whole opener is inclusive ([g-inclusive]: "Laten we ...") asks nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .protocols import Token, Tongue

__all__ = ["inverted"]

T = TypeVar("T", bound=Token)

_LEAD = frozenset({"ACK", "COMMA"})
"""Token classes before a sentence's first word that take no place of their own."""

_VERB = frozenset({"OPENER", "HELP", "ACTING", "OPEN"})
"""Token classes a finite verb first in the sentence is read in."""


def inverted(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, the first refused as a question when its verb stands before its subject
    pronoun (module docstring)."""
    out = list(tokens)
    k = 0
    while k < len(out) and out[k].kind in _LEAD:
        k += 1
    if k >= len(out) or out[k].kind not in _VERB:
        return out
    words = out[k].text.split()
    after = words[1] if len(words) > 1 else (
        out[k + 1].text.split()[0] if k + 1 < len(out) and out[k + 1].text.split() else "")
    if after and not t.marked(words[0], "g-inverted") and t.marked(after, "g-inverted") and not (
            len(words) > 1 and t.has(out[k].text, "g-inclusive")):
        out[k] = cast(Any, replace)(out[k], kind="!question")
    return out
