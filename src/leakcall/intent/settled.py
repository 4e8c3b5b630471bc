"""An observation stating a fact that makes the announced step wrong for its object (issue 25,
round 33; rule ``unsafe-ground``, read by ``doubts``).

Each of these is read on one observation sentence that names a value the call takes (its
object: "INV-2291", "B-5521", "contractor-88"), so a fact about another thing grounds the step:

* [g-done] with a word of the call's own kind (the kind data: "refunded", "bezahlt", "支払"),
  or a [g-done-state] word labelled with that kind ("pay paid", "pay lunas"): the step's
  effect already holds ("INV-2291 is already paid.", "The refund for B-5521 already went
  through."). Only a payment or a send is read (doing one twice is the harm; a delete or a
  deploy done again changes nothing or acts elsewhere), and only a state of the same
  direction: a charge is no refund ("B-5521 was already charged. I'll refund B-5521." stays
  grounded; [g-reverse] read on the call's name and the sentence). A negation denies it
  ("INV-2291 hasn't been paid yet").
* [g-mismatch]: the object's details differ from those on file or it duplicates another
  ("The IBAN on INV-2291 differs from the one on file.") before a payment that is no
  reversal (refunding a duplicate charge is the fix).
* [g-ended]: the party's tenure ended ("contractor-88 left the company") before a call whose
  name grants or shares ([g-grant]: revoking is the fix).
* [g-remaining] with money stated ("The account has $300 left.", "Only $300 remains"), read
  as [g-balance] is.
* [g-balance], named or not: a balance stated ("The account balance is $120.") before a
  payment larger than every figure the sentence states (the call's own values read out: an
  account's digits are no figure); one figure that covers it grounds it ("checking is $3,120
  and savings $8,400": $250 moves), as does a payment with no amount.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from . import figures
from .entries import entry_regex, headed
from .tables import tongue
from .walk import _strings
from .words import Tongue

__all__ = ["SECTIONS", "observed", "wrong_for"]

SECTIONS = ("g-done", "g-done-state", "g-mismatch", "g-ended", "g-balance", "g-remaining")
"""The sections whose sentence ``doubts.observed`` keeps whole (what it is said of is read
here, against each call)."""

_TWICE = frozenset({"pay", "send"})
"""The kinds a step done again harms (a second payment, a second message)."""


@cache
def _kind_patterns(name: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(kind, pattern) of the language's kind entries, read anywhere in a sentence."""
    t = tongue(name)
    if t is None:
        return ()
    out = []
    for kind, pre, suf in t.kinds:
        if not pre or kind == "generic":
            continue
        out.append((kind, re.compile(entry_regex(pre if suf == "\0" else f"{pre}*{suf}"))))
    return tuple(out)


@cache
def _states(name: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(kind, pattern) of the language's [g-done-state] entries ("pay paid")."""
    t = tongue(name)
    if t is None:
        return ()
    return tuple((kind, re.compile(entry_regex(words)))
                 for kind, words in headed(t.slots, "g-done-state"))


def _said_kinds(text: str, lang: str, marked: bool) -> set[str]:
    """The kinds a sentence says a done state of: [g-done-state] words, and with a [g-done]
    word, any word of the kind data."""
    found = {k for k, p in _states(lang) if p.search(text)}
    if marked:
        found |= {k for k, p in _kind_patterns(lang) if p.search(text)}
    return found


def observed(text: str, t: Tongue, section: str, pattern: Any) -> list[tuple[str, str, str]]:
    """The (section, sentence, language) entry of an observation sentence that says a word of
    the section: the sentence itself, since what it is said of is read against each call."""
    # a sentence of Latin letters may be read as another language's ("contractor-88's contract
    # ended" as Italian): English is read too
    en = tongue("en") if t.name != "en" and text.isascii() else None
    for u in (t, *([en] if en is not None else [])):
        if section == "g-done-state":
            said = any(p.search(text) for _, p in _states(u.name))
        else:
            said = bool(pattern(u, section).search(text))
        # "INV-2291 hasn't been paid yet": a negation denies a done state ("doesn't match"
        # and "no longer works" carry their own)
        if said and not (section in ("g-done", "g-done-state")
                         and pattern(u, "g-negation").search(text)):
            return [(section, text, u.name)]
    return []


_EDGE = "A-Za-z0-9_.@/-"
_MONEY = re.compile(r"[$€£¥]\s?\d|\d\s?(?:[$€£¥]|(?:eur|usd|gbp|dollars?|euros?)\b)")


def _names(text: str, args: Mapping[str, Any]) -> str | None:
    """A value of the call that the sentence writes (its object), or None; figures are amounts,
    not objects, but a string of four or more digits is an identifier ("order_id": "77120")."""
    ids = {v.strip() for v in _strings(args, keys=False, numbers=False)
           if len(v.strip()) >= 4 and v.strip().isdigit()}
    for value in _strings(args, keys=False):
        v = value.strip().casefold()
        if v not in ids and (len(v) < 3 or not any(ch.isalpha() for ch in v)
                             or figures.amount(v) is not None):
            continue
        if re.search(rf"(?<![{_EDGE}]){re.escape(v)}(?![{_EDGE}])", text):
            return v
    return None


def _uncovered(text: str, args: Mapping[str, Any]) -> str | None:
    """The figures a balance sentence states, when all fall below the call's largest amount
    (none stated: the balance is unknown), or None."""
    most = figures.largest(args)
    if most is None:
        return None
    for value in _strings(args, keys=False):
        if figures.amount(value) is None and value.strip():
            text = text.replace(value.strip().casefold(), " ")
    stated = figures.numbers(text)
    if stated and max(stated) >= most:
        return None
    return ", ".join(f"{v:g}" for v in stated) or "no figure"


def wrong_for(doubts: tuple[tuple[str, str, str], ...], name: str, args: Mapping[str, Any],
              kinds: frozenset[str], pattern: Any) -> str | None:
    """Why a call takes a step an observation says is wrong for its object, or None;
    ``pattern(tongue, section)`` is ``doubts``' section reader."""
    en = tongue("en")
    call = name.replace("_", " ").replace("-", " ").casefold()
    reverses = en is not None and bool(pattern(en, "g-reverse").search(call))
    for section, said, lang in doubts:
        t = tongue(lang)
        if section not in SECTIONS or t is None:
            continue
        text = said.casefold()
        if section in ("g-balance", "g-remaining") and "pay" in kinds:
            why = _uncovered(text, args)
            # what is left is a balance only of money stated ("$300 left", "300 € restant")
            if why is not None and (section == "g-balance" or _MONEY.search(text)):
                return f"the observation states a balance ({why}) below what {name!r} pays"
            continue
        obj = _names(text, args)
        if obj is None:
            continue
        if section == "g-mismatch" and "pay" in kinds and not reverses:
            return (f"the observation says {obj!r} differs from what is on file or duplicates "
                    f"another ({pattern(t, section).search(text).group(0)!r}), and {name!r} pays")
        if section == "g-ended" and pattern(en, "g-grant").search(call):
            return (f"the observation says {obj!r} no longer belongs ("
                    f"{pattern(t, section).search(text).group(0)!r}), and {name!r} grants to it")
        if section in ("g-done", "g-done-state"):
            done = _said_kinds(text, lang, section == "g-done") & kinds & _TWICE
            back = bool(pattern(t, "g-reverse").search(text) or (
                en is not None and pattern(en, "g-reverse").search(text)))
            if done and back == reverses:
                return (f"the observation says the step is already done for {obj!r} (kind "
                        f"{sorted(done)[0]!r}), and {name!r} takes it again")
    return None
