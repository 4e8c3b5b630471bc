"""A party noun that says whose record a look reads (issue 25, rule ``other-actor``): the
owner in a genitive after the object of an observing verb ("je vérifie la commande a-7781 du
client", "ich prüfe das Konto des Kunden c-2040", "vou consultar a conta do cliente X", "look
up the orders of the customer c-88") or a label in brackets after it ("pull up your account
(customer c-88123)"). The step reads the record; the party takes none. The genitive link is a
closed class per language ([g-of-owner]: "of", "du", "des", "do", "del", "van"). Refused still:
a party after any other verb ("je rembourse la commande du client": a payment may be the
party's request), a party followed by a step ("the account of the customer and delete it"),
and a possessive ("the customer's notes", content a relay copies: ``actors.about``)."""

from __future__ import annotations

from collections.abc import Sequence

from .observing import OBSERVING
from .words import Token, Tongue

__all__ = ["owner_of_looked"]

_NOUN = frozenset({"OPEN", "CODE", "NUM"})
"""Words of the looked-at noun phrase between its determiner and the owner."""


def owner_of_looked(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """Is the party noun at ``k`` the owner of the noun phrase an observing verb takes (see
    the module), with nothing after it but an identifier, a bracket's end or the end?"""
    words = tokens[k].text.split()
    if len(words) > 1 and t.marked(words[0], "g-of-owner"):
        start, bracketed = k - 1, False  # "du client", "des kunden": the link is in the token
    elif k and tokens[k - 1].kind == "PREP" and t.marked(tokens[k - 1].text, "g-of-owner") and (
            len(words) > 1 or (k > 1 and tokens[k - 2].kind == "DET")):
        start, bracketed = k - (2 if len(words) > 1 else 3), False  # "of the customer"
    elif k and tokens[k - 1].kind == "LPAR":
        start, bracketed = k - 2, True  # "your account (customer c-88123)"
    else:
        return False
    if not _looked_phrase(tokens, start, t):
        return False
    rest = tokens[k + 1 :]
    if bracketed:
        return len(rest) >= 2 and _identifier(rest[0]) and rest[1].kind == "RPAR"
    return not rest or (len(rest) == 1 and (_identifier(rest[0]) or rest[0].kind == "!non-prose"))


def _looked_phrase(tokens: Sequence[Token], j: int, t: Tongue) -> bool:
    """Do the tokens up to ``j`` end in an observing verb (its particle aside), a determiner
    and one to three nouns or identifiers ("vérifie la commande a-7781")?"""
    n = 0
    while j >= 0 and tokens[j].kind in _NOUN and n < 3:
        j, n = j - 1, n + 1
    if not n or j < 1 or tokens[j].kind != "DET":
        return False
    verb = tokens[j - 1]
    if verb.kind == "PARTICLE" and j >= 2:
        verb = tokens[j - 2]
    return verb.kind in ("OPEN", "ACTING") and t.kind_of(verb.text) in OBSERVING


def _identifier(x: Token) -> bool:
    """An identifier: code, a number, or a word with a digit ("c-2040", "a-7781")."""
    return x.kind in ("CODE", "NUM") or (x.kind == "OPEN" and any(c.isdigit() for c in x.text))
