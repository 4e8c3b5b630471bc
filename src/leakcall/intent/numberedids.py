"""A record's number the announcement writes: a read looks up that record (issue 25, blind
round 43, gap 1; rule ``ungrounded-call``, read from ``looked.unwritten``).

"I'll check the status of order 7781." + ``get_order_status(order_id="1234")`` reads another
customer's order: a number is an identifier of the record it is written beside, and a call
that only looks carries it under an identifier key. ``looked`` compares identifiers with
letters (``C-10293``) and numbers of five digits or more by their form; a shorter number is
as often a count or a year, so it is compared only when the text ties it to a record:

- **tied**: written right after a word naming the key's noun ("order 7781", "user 42",
  "订单 5521", "patient 100's", through the [concept] maps: ``_referenced``), or, of three
  digits or more, within two words before one ("8812 numaralı siparişin"): a count stands
  before its noun ("3 orders") and is never tied so;
- **loose**, for a key that says identifier (``order_id``, ``invoice_number``): a number of
  four digits or more the text writes that no call carries, and no year (1900-2099): the
  written record's number went nowhere while another one is looked up ("Bestellung 7781",
  "the account ending 4421").

A value equal to a tied number (leading zeros and ``#`` aside) is that record; a value
holding letters holds it ("order 7781" + ``ORD-7781``). A key with no identifier word
(``account``, ``order``) is compared when its own noun ties a number. A text that writes no
number leaves the value to the context (a turn's ids are seldom written out), and a value
the text writes anywhere (an observation too) is never refused. The calls of a multi-call
reply are compared each: "orders 7781 and 7782" grounds those two, not 7783.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import name_words
from .references import _referenced
from .walk import _leaves

__all__ = ["carried_numbers", "loose", "tied", "unwritten_number"]

_QUOTES = "`\"'«»“”„「」"
_DIGITS = re.compile(r"\d+")
_QUERY_MARK = re.compile(r"['\"`;=]")


def _bare(w: str) -> str:
    """The digits a word writes as a number alone ("7781", "#7781", "100's" is "100"), or ""."""
    w = w.strip(_QUOTES + ".,;:!?()[]").lstrip("#")
    w = re.sub(r"['\u2019]s$", "", w)
    return w if w.isdigit() else ""


_TOKEN = re.compile(r"\d+|[^\W\d_]+(?:[-'\u2019][^\W\d_]+)*|[.!?。！？](?=\s|$)")
"""A word of the text as ``tied`` reads it: a run of digits apart from the letters it is glued
to ("订单5521", "42's"), punctuation and function words kept in place; and a sentence's end
mark before a space, which no number is tied across."""
_ENDS = frozenset(".!?。！？")


def tied(objects: Sequence[str], nouns: Sequence[str], tongues: Sequence[str],
         text: str) -> list[str]:
    """The numbers the announcement writes (``objects``) that ``text`` writes beside a word
    naming one of ``nouns``: right after it, or (three digits or more) within two words before
    it. The text, not the objects, says what stands beside a number: "your order from 2024"
    ties no year to the order."""
    if not nouns:
        return []
    key, words = " ".join(nouns), frozenset(nouns)
    tokens = _TOKEN.findall(text.casefold())
    out = []
    for w in objects:
        bare = _bare(w)
        if not bare or bare in out:
            continue
        for i, x in enumerate(tokens):
            if x != bare:
                continue
            after = tokens[i + 1:i + 3] if len(bare) >= 3 else []
            # a word of the next sentence is no noun of this number ("on May 11, 2024? Let me
            # check": Czech "let", a flight, is no word of it)
            after = after[:next((k for k, y in enumerate(after) if y in _ENDS), len(after))]
            near = tokens[max(i - 1, 0):i] + after
            if any(not y.isdigit() and (y in words or _initials(y, nouns)
                                        or _referenced([y], key, words, tongues) is not None)
                   for y in near):
                out.append(bare)
                break
    return out


def _initials(word: str, nouns: Sequence[str]) -> bool:
    """``word`` writes the first letters of two or more nouns in a row ("PR" for ``pull
    request``, "MR" for ``merge request``): h26v."""
    return len(word) >= 2 and word.isalpha() and any(
        "".join(n[:1] for n in nouns[i:i + len(word)]) == word
        for i in range(len(nouns) - len(word) + 1))


def carried_numbers(calls: Sequence[tuple[str, Mapping[str, Any]]]) -> frozenset[str]:
    """Every run of digits the calls' values carry, without leading zeros."""
    return frozenset(n.lstrip("0") or "0" for _name, args in calls for _k, v in _leaves(args)
                     if isinstance(v, (str, int)) and not isinstance(v, bool)
                     for n in _DIGITS.findall(str(v)))


def loose(objects: Sequence[str], carried: frozenset[str]) -> list[str]:
    """The numbers of four digits or more the announcement writes that no call carries, and
    no year (three digits are as often a status code or a size: "the 502 errors")."""
    out = []
    for w in objects:
        bare = _bare(w)
        if len(bare) < 4 or (len(bare) == 4 and 1900 <= int(bare) <= 2099):
            continue
        if bare.lstrip("0") not in carried:
            out.append(bare)
    return out


def unwritten_number(name: str, key: str, value: str, words: frozenset[str],
                     id_words: frozenset[str], objects: Sequence[str], tongues: Sequence[str],
                     carried: frozenset[str], text: str) -> str | None:
    """Why a read carries ``value`` under ``key`` (its name ``words``) where the text writes
    another number of that record, or None. A key with no identifier word is one when it is
    one word the tool's name says too (``get_account_balance`` + ``account``): the record
    the tool reads, not a line or a page of it; so is one word of the initials of its
    nouns (``get_pull_request`` + ``pr``)."""
    bare = value.strip().lstrip("#")
    own = name_words(name)
    # (a key of the initials of the name's nouns names its record too: ``pr`` of
    # ``get_pull_request``, h27k)
    if not words & id_words and (len(words) != 1 or not (
            words <= set(own) or any(_initials(w, own) for w in words))):
        return None
    nouns = list(dict.fromkeys(w for w in name_words(key) if w not in id_words))
    if not nouns and words & id_words:
        # a bare ``number`` or ``id``: the record the tool's name says ("PR 412" for
        # ``get_pull_request``'s ``number``), its nouns kept in order for their initials
        nouns = [w for w in name_words(name) if w not in id_words]
    numbers = tied(objects, nouns, tongues, text)
    if not numbers and words & id_words and bare.isdigit():
        numbers = loose(objects, carried)
    if not numbers:
        return None
    if bare.isdigit():
        if any(int(bare) == int(n) for n in numbers):
            return None
    elif not words & id_words or (any(n in bare for n in numbers) and _QUERY_MARK.search(bare) is None):
        # a name under a noun's key ("account": "savings"), or one holding it; a quote, a
        # semicolon or an equals sign is a query's, no id's ("1234' OR 1=1")
        return None
    return (f"{name!r} looks up {key!r} {value!r}, where the announcement writes "
            f"{', '.join(repr(n) for n in numbers[:3])}")
