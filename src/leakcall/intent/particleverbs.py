"""Particle verbs (issue 25, h44d): a verb read with its particle when the lexicon lists the two.

Swedish, German and Dutch say many steps with a verb and a particle ([g-particle]) the clause
splits from it: "jag tar bort filen" (delete), "nu tar jag bort filen" (the verb and its subject
read as one [g-acting] word, "tar jag"), "jag tar nu bort den", "Ik ruim de map op". The verb
alone says another step or none ("tar" takes), so ``_verbs`` reads the kind of the verb with its
particle (``particle_kind``) when the lexicon lists that pair in a kind section ("tar bort",
"ruf* ab"): the particle right after the verb and its adverbs (past a subject pronoun its
[g-acting] word carries; a preposition that [g-particle] lists too: "lägger till"), or a
particle closing the verb's clause after its object. A pair the lexicon does not list
keeps the verb's own kind; nothing is read across a clause's boundary.
"""

from __future__ import annotations

from collections.abc import Sequence

from .protocols import Token, Tongue

__all__ = ["particle_kind"]

_BOUNDARY = frozenset({"COMMA", "AND", "TO", "INQUIRY", "DASH", "SUBJ", "OPENER", "ACTING"})
"""Where a verb's clause ends: its particle is never read past one."""
_CLOSE = frozenset({"COMMA", "AND", "PREP"})
"""What may follow a particle closing its clause ("Ik voeg een regel toe aan de lijst")."""


def _stem(x: Token, t: Tongue) -> str:
    """The verb of a verb token: an [g-acting] word without its subject ("tar jag": "tar")."""
    if x.kind != "ACTING" or " " not in x.text:
        return x.text
    words = [w for w in x.text.split() if not t.has(w, "g-opener") and not t.has(w, "g-pron")]
    return " ".join(words) if words else x.text


def _particle(tokens: Sequence[Token], k: int, t: Tongue) -> Token | None:
    """The particle of the verb at ``k``: right after it and its adverbs (a preposition that
    is a particle too: "lägger till"), or closing its clause (module doc)."""
    j = k + 1
    while j < len(tokens) and tokens[j].kind == "ADV":
        j += 1  # "jag tar nu bort filen"
    if j < len(tokens) and (tokens[j].kind == "PARTICLE" or (
            tokens[j].kind == "PREP" and t.has(tokens[j].text, "g-particle"))):
        return tokens[j]
    for m in range(k + 1, len(tokens)):
        y = tokens[m]
        if y.kind in _BOUNDARY or y.kind.startswith("!"):
            return None
        if y.kind == "PARTICLE" and m > k + 1 and (m + 1 == len(tokens) or tokens[m + 1].kind in _CLOSE):
            return y
    return None


def particle_kind(tokens: Sequence[Token], k: int, t: Tongue) -> str | None:
    """The kind the lexicon gives the verb at ``k`` with its particle, None when it lists no
    such pair or the verb has no particle."""
    p = _particle(tokens, k, t)
    if p is None:
        return None
    return t.kind_of(f"{_stem(tokens[k], t)} {p.text}")
