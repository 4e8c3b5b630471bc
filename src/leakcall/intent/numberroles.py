"""Each number the text binds to a role goes to the slot of that role in one call (blind round
48, gap 1; read by ``beyond.check`` for a changing call, rule ``ungrounded-call``).

"I'll pay invoice 250 for $80." + ``pay_invoice(invoice_id=80, amount=250)``: both values are
numbers the text writes, so value-level grounding passes; the text says which is which. A
written number occurrence is bound, by the words right beside it, to:

- a sum (``$``): a currency sign, code or word before or after it ("$80", "80 €", "USD 80");
- a share (``%``): a percent sign or word after it ("15%", "15 Prozent");
- a key of the call: the word right before it ("invoice 250", "priority 1", "SKU 3") or right
  after it ("50 replicas") names the key's noun (its name's words beside the identifier words,
  ``references._referenced``, through the [concept] maps and the inflections of the text's
  languages; a ``#`` between them aside: "ticket #3");
- a count: it stands (in digits, or a numeral word: "two", "deux") after the verb, a function
  word or nothing, and before a word of [g-of-owner] ("2 of", "2 exemplaires de") or a
  content word ("1 unit", "2 exemplaires"), not before a preposition ("update 4521 to 3") nor
  a word of a time or a day ([g-deferral], [g-month]: "12 May", "3 pm").

A key's roles are its own noun, a sum and a count for a magnitude key (``_keys("amount")``:
``amount``, ``price``, ``quantity``, ``total``; not an identifier key), a share for a percent
key. A call carrying under one key a number whose every occurrence in the text is bound, none
to that key's roles, while another key of the same call whose role it is carries another value,
has the numbers swapped between their roles and is refused. A number written once with no role
("to 1000"), or anywhere beside the key's own role, stays free; a call whose other key carries
that number too is not compared.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .amounts import _currencies
from .detect import detect
from .figures import CARDINALS, CURRENCIES, value
from .kinds import _keys, name_words
from .percents import _PERCENT_KEYS
from .preamble import Announcement
from .references import _referenced
from .unitwords import TABLE
from .view import normalize

__all__ = ["check"]

_ID_WORDS = frozenset({"id", "ids", "key", "ref", "reference", "number", "no", "num", "code",
                       "uuid"})
"""Key name words of an identifier: such a key is named by its other words only."""
_TOKEN = re.compile(r"\d+(?:[.,:/-]\d+)*|[^\W\d_]+(?:['\u2019-][^\W\d_]+)*|[^\w\s]")
_BARE = re.compile(r"\d+(?:[.,]\d+)?")
_NUMBER_SIGNS = frozenset({"#", "№"})
_PERCENT = frozenset(f for f in TABLE["percent"]["%"].split() if "_" not in f)
_FUNCTION = ("g-det", "g-article", "g-prep", "g-to", "g-and", "g-subject", "g-opener", "g-aux",
             "g-copula", "g-set-to", "g-one-det", "g-party-prep", "g-adverb", "g-pron")
"""Classes of words that stand before a count ("add the 2", "for 3") and are no noun of it."""
_TIMES = ("g-deferral", "g-month", "g-weekday")
"""Classes of words after a number that make it a time or a day, no count ("12 May", "3 pm",
"5 minutes")."""


def _forms(word: str) -> list[str]:
    """A word and its part after an elided article or pronoun ("l'article": "article")."""
    low = word.casefold()
    cut = re.split(r"['\u2019]", low, maxsplit=1)
    return [low, cut[1]] if len(cut) == 2 and len(cut[1]) >= 2 else [low]


def _number(v: object) -> float | None:
    """The number a scalar value is (``80``, ``"80"``, ``"#80"``), or None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str) and _BARE.fullmatch(s := v.strip().lstrip("#")):
        return value(s)
    return None


def _key_roles(key: str) -> set[str]:
    words = set(name_words(key))
    roles = {"key:" + key}
    if words & _keys("amount") and not words & _ID_WORDS:
        roles |= {"sum", "count"}
    if words & _PERCENT_KEYS:
        roles.add("share")
    return roles


def _occurrences(ann: Announcement, args: Mapping[str, Any]) -> dict[float, list[set[str]]]:
    """Each number the text writes, with the roles of each occurrence."""
    tokens = [m.group(0) for m in _TOKEN.finditer(ann.text)]
    t = detect(normalize(ann.text))
    verbs = {f for v, _k in ann.verbs for w in str(v).split() for f in _forms(w)}
    nouns = {key: frozenset(name_words(key)) - _ID_WORDS for key in args}
    signs = {s.casefold() for s in CURRENCIES}

    def of(w: str, *classes: str) -> bool:
        return t is not None and any(t.has(f, c) or t.marked(f, c)
                                     for f in _forms(w) for c in classes)

    def naming(w: str) -> set[str]:
        if not w[:1].isalpha():
            return set()
        return {"key:" + key for key, ns in nouns.items() if ns and _referenced(
            _forms(w), " ".join(sorted(ns)), ns, ann.tongues, within=False) is not None}

    out: dict[float, list[set[str]]] = {}
    for i, tok in enumerate(tokens):
        n = value(tok) if _BARE.fullmatch(tok) else CARDINALS.get(tok.casefold())
        if n is None:
            continue
        # "ticket #3": the sign of a number stands between it and its noun
        back = 2 if i >= 2 and tokens[i - 1] in _NUMBER_SIGNS else 1
        prev = tokens[i - back] if i >= back else ""
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        roles: set[str] = set()
        if (prev.casefold() in signs or nxt.casefold() in signs
                or (prev and _currencies([prev, tok])) or (nxt and _currencies([tok, nxt]))):
            roles.add("sum")
        if nxt.casefold() in _PERCENT:
            roles.add("share")
        roles |= naming(prev) | naming(nxt)
        if (nxt[:1].isalpha() and (of(nxt, "g-of-owner") or not of(nxt, *_FUNCTION, *_TIMES))
                and (not prev or not prev[:1].isalnum() or of(prev, *_FUNCTION)
                     or any(f in verbs for f in _forms(prev)))):
            roles.add("count")
        out.setdefault(n, []).append(roles)
    return out


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a call carries under one key a number the text binds to another key's role, while
    that key carries another number the text writes free or in the first key's role (the two
    swapped), or None."""
    numbers = {key: n for key, v in args.items() if (n := _number(v)) is not None}
    if not numbers or len(args) < 2:
        return None
    written = _occurrences(ann, args)
    roles = {key: _key_roles(key) for key in args}
    for key, n in numbers.items():
        seen = written.get(n)
        if not seen or any(not r or r & roles[key] for r in seen):
            continue  # not written, written once with no role, or in this key's role
        bound = set().union(*seen)
        for other, leaf in args.items():
            if other == key or not roles[other] & bound or isinstance(leaf, (dict, list)):
                continue
            m = _number(leaf)
            if m is None or m == n or str(leaf).strip() == str(args[key]).strip():
                continue
            # a swap: the other key's number is written free or in this key's role
            if not any(not r or r & roles[key] for r in written.get(m) or ()):
                continue
            return (f"{name!r} carries {key!r} {args[key]!r}, a number the announcement binds "
                    f"to {other!r}, which carries {leaf!r}: the numbers are swapped between "
                    "their roles")
    return None
