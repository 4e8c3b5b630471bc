"""What the last sentence after an announcement's colon lists, when it is no step (h14e,
round 43 controls).

- **a list of noun phrases** ("I'll run both checks: the linter and the tests."): two or more
  items, each an article and one to three words, apart by a comma or a coordinator; read as
  the comma's apposition is ("I'll run both checks, the linter and the tests."): the items'
  words are objects of the announcement before the colon, nothing more. An item with no
  article ("linter and delete tests") or with any other token is no such list, except a list
  whose every item is one word the lexicon does not know at all, a name ("Let me get the
  weather for both cities: Paris and Rome.", h24g): each is an object a call must carry, and
  a word of any section or of any kind ("Paris and delete") makes no such list.
- **a search's query** ("Ik zoek het op het web op: beste fietsroutes in Utrecht."): after an
  announcement whose last step searches, a sentence of words, prepositions, articles, code and
  numbers only, whose first word says no kind of step, is what is searched for: read as a
  quotation is (``clauses._quoted``), so some call carries it whole (``contents.unquoted``).
- **an amount** ("I'll refund order 77812 in full: 49.90 EUR.", round 49 controls 13/14): a
  number (a decimal is lexed as code) with at most one unit word beside it, a head noun of
  money ([g-sense-pay]: "EUR", "euros") or a word the lexicon does not know at all, read as
  the comma's apposition is ("in full, 49.90 EUR"): the number and the unit are objects some
  call must carry, nothing more.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .words import Token, Tongue, tokenize

__all__ = ["listed_amount", "listed_nouns", "searched_query"]

_ITEM_WORDS = 3
"""The most words an item of a noun list has after its article."""
_QUERY_TOKENS = 12
"""The most tokens a query sentence has."""
_QUERY_KINDS = frozenset({"OPEN", "PREP", "DET", "CODE", "NUM"})


def _apart(x: Token, t: Tongue) -> bool:
    return x.kind in ("COMMA", "AND") or t.has(x.text, "g-and")


def listed_nouns(body: str, t: Tongue) -> tuple[str, ...]:
    """The words of the noun phrases a sentence only lists (module doc), or empty."""
    tokens = tokenize(body, t)
    items: list[list[Token]] = [[]]
    for x in tokens:
        if _apart(x, t):
            items.append([])
        else:
            items[-1].append(x)
    if len(items) < 2:
        return ()
    if all(len(item) == 1 and _name(item[0], t) for item in items):
        return tuple(item[0].text for item in items)  # "Paris and Rome"
    if any(len(item) < 2 or len(item) > _ITEM_WORDS + 1 or item[0].kind != "DET"
           or any(x.kind != "OPEN" for x in item[1:]) for item in items):
        return ()
    return tuple(x.text for item in items for x in item[1:])


_DECIMAL = re.compile(r"\d+(?:[.,]\d+)?")
"""A decimal number, which the tokenizer lexes as code ("49.90": an identifier's shape)."""


def listed_amount(body: str, t: Tongue) -> tuple[str, ...]:
    """The number and its unit word of a sentence that is an amount only (module doc), or
    empty."""
    tokens = tokenize(body, t)
    nums = [x for x in tokens if x.kind == "NUM" or (
        x.kind == "CODE" and _DECIMAL.fullmatch(x.text) is not None)]
    units = [x for x in tokens if x not in nums]
    if len(nums) != 1 or len(units) > 1 or not all(
            _name(x, t) or t.has(x.text, "g-sense-pay") for x in units):
        return ()
    return tuple(x.text for x in tokens)


def _name(x: Token, t: Tongue) -> bool:
    """A word the lexicon does not know at all, standing alone as an item: a name ("Paris",
    "Rome"), no verb and no word of any section."""
    return x.kind == "OPEN" and x.text.isalpha() and not t.sections(x.text) \
        and t.kind_of(x.text) is None


def searched_query(body: str, t: Tongue,
                   verbs: Sequence[tuple[str, str | None]]) -> tuple[str, str] | None:
    """(the sentence, its text) when it is the query of the search its announcement's colon
    introduces (module doc), else None."""
    if not verbs or verbs[-1][1] != "search":
        return None
    tokens = tokenize(body, t)
    text = body.strip().rstrip(".!").strip()
    if not tokens or len(tokens) > _QUERY_TOKENS or tokens[0].kind not in ("OPEN", "CODE", "NUM") \
            or t.kind_of(tokens[0].text) is not None \
            or any(x.kind not in _QUERY_KINDS for x in tokens) or not text:
        return None
    return (text, text)
