"""Amounts, currencies and numbers: a call that pays or sends carries what the announcement says."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import boundwords, compoundamounts, repeatcount, wordedtimes, written
from .compoundamounts import _carried as _timed_carried
from .dated import _time_carried, undated, unwritten_date, written_dates
from .figures import CURRENCIES, amount, figure, numbers
from .kinds import OBSERVING, _keys, _without_notes, name_words
from .preamble import Announcement
from .references import _meanings, _referenced
from .textplaces import placed
from .units import signed
from .walk import _keyed_strings, _leaves

REPEAT_REFUSED = frozenset({"send", "pay"})
"""Kinds of step that an announcement repeating a step ("once more") never grounds: sent twice,
paid twice."""

def _numbers(words: Iterable[str]) -> set[float]:
    """The numbers a text's tokens write ("1,250.50", "$40", "120"), read by ``figures``."""
    return {v for w in words if (v := figure(w)) is not None}


_CURRENCIES = CURRENCIES
_CURRENCY_WORDS: dict[str, str] = {
    "euro": "EUR", "euros": "EUR", "pound": "GBP", "pounds": "GBP", "sterling": "GBP",
    "dollar": "USD", "dollars": "USD", "yen": "JPY", "yuan": "CNY", "rupee": "INR",
    "rupees": "INR", "franc": "CHF", "francs": "CHF",
}
"""Currency names an English announcement writes, and their ISO 4217 code."""
_ISO_CODE = re.compile(r"[A-Za-z]{3}")


_GLUED = re.compile("(?<![\\w$])(" + "|".join(re.escape(c) for c in CURRENCIES if len(c) > 1
                                                and c[0].isalpha() and not c.isalpha())
                    + r")(?=\d)", re.IGNORECASE)
"""A sign of letters and a symbol glued to its number ("R$50"), which the words read apart
("r", "$50"): the symbol alone stands for another currency."""


def _glued(text: str, said: set[str]) -> set[str]:
    """The currencies the text names, signs glued to a number read whole ("R$50": BRL)."""
    signs = {m[1].upper() for m in _GLUED.finditer(text)}
    if not signs:
        return said
    whole = {c for s in signs for c in CURRENCIES.get(s, frozenset())}
    return (said - CURRENCIES["$"]) | whole


def _currencies(words: Iterable[str]) -> set[str]:
    """The ISO 4217 codes an announcement's words may name: a code beside a number ("200
    EUR"), a sign ("€75", "75 kr"), an English name ("pounds") or one a [concept] map gives
    ("欧元 = eur"). A code or a letter sign with no
    number beside it is a word ("try", "php", "krypton")."""
    out: set[str] = set()
    said = [raw.strip("`\"'") for raw in words]
    for i, w in enumerate(said):
        beside = any(any(ch.isdigit() for ch in said[j]) for j in (i - 1, i + 1)
                     if 0 <= j < len(said))
        for sign, codes in _CURRENCIES.items():
            low, fold = w.casefold(), sign.casefold()  # "R$50" is read folded too
            rest = w[len(sign):] if low.startswith(fold) else w[: -len(sign)] if \
                low.endswith(fold) else None
            if rest is None:
                continue
            if not sign.isalpha() or (rest == "" and beside) or (
                    rest and all(ch.isdigit() or ch in ".,'" for ch in rest)):
                out |= codes
        if w.casefold() in _CURRENCY_WORDS:
            out.add(_CURRENCY_WORDS[w.casefold()])
        elif not w.isascii():  # a currency's name in its language's [concept] map ("欧元")
            out |= {m.upper() for m in _meanings(w.casefold()) if m.upper() in _ISO_4217}
        elif _ISO_CODE.fullmatch(w) and w.upper() in _ISO_4217 and beside:
            out.add(w.upper())
    return out


_ISO_4217 = frozenset({"EUR", "USD", "GBP", "JPY", "CNY", "CHF", "CAD", "AUD", "NZD", "SEK", "NOK",
                       "DKK", "PLN", "CZK", "HUF", "INR", "RUB", "KRW", "TRY", "BRL", "MXN", "SGD",
                       "HKD", "ZAR", "UAH", "ILS", "AED", "SAR", "THB", "IDR", "VND", "PHP"})
"""The currency codes compared (a word that is one is read as a currency)."""


_CODE = re.compile(r"[A-Za-z]{3,5}")
_UNIT = re.compile(r"^\s*[\d.,']+\s*([A-Za-z]{3,5})\s*$|^\s*([A-Za-z]{3,5})\s*[\d.,']+\s*$")


def _call_currencies(args: Mapping[str, Any]) -> Iterable[str]:
    """The currencies a call states: a code under a currency key (``currency: KWD``), or a
    code written beside the number of an amount (``amount: "50 BTC"``)."""
    for key, leaf in _leaves(args):
        if not isinstance(leaf, str):
            continue
        words = name_words(key)
        if "currency" in words and _CODE.fullmatch(leaf.strip()):
            yield leaf.strip().upper()
        elif any(w in _keys("amount") for w in words):
            m = _UNIT.match(leaf)
            if m is not None:
                yield (m.group(1) or m.group(2)).upper()


def _currency_of(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """A payment in a currency the announcement does not name: another one ("€75" + ``GBP``),
    or any one when it names none ("transfer 50 to Dana" + ``currency: KWD``, ``"50 BTC"``):
    the currency is part of what is paid, said with the amount. A step undone ("refund
    49.90", [g-reverse]) pays back in the currency it was paid in."""
    said = _glued(ann.text, _currencies(ann.objects))
    for code in _call_currencies(args):
        if not said and ann.reverses:
            break  # "refund 49.90": a step undone pays back in the currency it was paid in
        if code not in said:
            named = "/".join(sorted(said)) if said else "no currency"
            return f"{name!r} pays in {code!r}, and the announcement names {named}"
    return None


def _amount_numbers(objects: tuple[str, ...]) -> set[float]:
    """The numbers an announcement says as amounts: beside a currency ("25 EUR", "€25")."""
    out: set[float] = set()
    for i, w in enumerate(objects):
        n = _numbers([w])
        if not n:
            continue
        if _currencies([w]) or any(_currencies([objects[j], w] if j < i else [w, objects[j]])
                                   for j in (i - 1, i + 1) if 0 <= j < len(objects)):
            out |= n
    return out


def _naming_numbers(ann: Announcement, args: Mapping[str, Any]) -> set[float]:
    """The numbers an announcement writes only right after a noun, with no currency beside
    them, that the call's own text writes after that noun too ("refund order 3341" + reason
    "order 3341"): each says which thing the noun is, no amount. One beside a currency or
    after the verb ("refund 49.90", "the payment of 120 EUR") is an amount wherever else it is
    written."""
    verbs = {v.casefold() for v, _k in ann.verbs}
    objects = ann.objects
    texts = [v.casefold() for _k, v in _keyed_strings(args)]
    naming: set[float] = set()
    other: set[float] = set()
    for i, w in enumerate(objects):
        n = _numbers([w])
        if not n:
            continue
        before = objects[i - 1].casefold() if i else ""
        if (before and before not in verbs and not any(ch.isdigit() for ch in before)
                and not _currencies(objects[max(i - 1, 0) : i + 2])  # "of 120 EUR"
                and any(re.search(rf"(?<!\w){re.escape(before)}\W{{1,3}}{re.escape(w)}(?!\w)", t)
                        for t in texts)):
            naming |= n
        else:
            other |= n
    return naming - other


_IDENTIFIER = written.ID_KEY_WORDS | {"code"}
"""Key name words of an identifier (``bill_id``, ``invoice_number``): a number under one says
which thing, not how much."""


def paid_numbers(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a paying call's numbers are not those the announcement says in their roles, or
    None: each number it carries (under any key but an identifier's, notes aside) is one the
    announcement states (``amt: 9800`` after "pay bill 4471", ``quantity: 5000`` after "buy
    5 shares"; an announcement with no number states no amount); its amount, when the
    announcement says one beside a currency, is that one ("invoice 9750 for 25 EUR" is no
    amount 9750), nor a number written only to name a thing that the call names by it too
    ("refund order 3341" + reason "order 3341" pays no 3341, ``_naming_numbers``); an account
    it pays to is checked by ``reach.unwritten_account``. The one
    reading of a payment's numbers: grounding and reach both ask it."""
    said = _numbers(w.rstrip("%") for w in ann.objects)
    # "a 3-night stay": a compound's amount is stated (``written.amount``)
    said |= {got[0].number for w in ann.objects if (got := written.amount(w)) is not None}
    amounts = _amount_numbers(ann.objects)
    naming = _naming_numbers(ann, args)
    bounds: set[float] | None = None  # read when a payment carries an amount
    for key, leaf in _leaves(_without_notes(args)):
        if isinstance(leaf, bool):
            continue
        words = set(name_words(key))
        if isinstance(leaf, str):
            read = amount(leaf) if words & _keys("amount") else figure(leaf.strip())
            if read is None and words & _keys("amount") and leaf.strip():
                return (f"{name!r} pays {key!r} {leaf.strip()[:24]!r}, which is no figure "
                        "leakcall reads (one number with its currency sign or code)")
            found = set() if read is None else {read}
        elif isinstance(leaf, (int, float)):
            found = {float(leaf)}
        else:
            continue
        if words & _IDENTIFIER and not words & _keys("amount"):
            continue  # an invoice's or a bill's number: which one, grounded as any word is
        cents = bool(words & {"cents", "minor"})
        for value in found:
            scale = 100 if cents else 1
            if value == 1 and not words & _keys("amount"):
                continue  # one passenger, one night: a count of one is said by the singular
            if not said and words & _keys("amount"):
                return (f"{name!r} pays {key!r} {value:g}, and the announcement states no "
                        "amount in digits")
            if not any(abs(value - n * scale) < 0.005 for n in said):
                return (f"{name!r} {'pays' if words & _keys('amount') else 'carries'} {key!r} "
                        f"{value:g}, which is none of the numbers the announcement states")
            if words & _keys("amount") and any(abs(value - n * scale) < 0.005 for n in naming):
                return (f"{name!r} pays {key!r} {value:g}, a number the announcement writes "
                        "after a noun to say which thing it is, not as an amount")
            if words & _keys("amount"):
                bounds = boundwords.bounds_only(ann) if bounds is None else bounds
                if any(abs(value - n * scale) < 0.005 for n in bounds):
                    return (f"{name!r} pays {key!r} {value:g}, a number the announcement "
                            "writes only as a bound (\"up to\", \"at least\"), not as the amount")
            if amounts and words & _keys("amount") and not any(
                    abs(value - n * scale) < 0.005 for n in amounts):
                return (f"{name!r} pays {key!r} {value:g}, and the announcement says "
                        f"{', '.join(f'{n:g}' for n in sorted(amounts))} as the amount")
    return None


def _carried_numbers(args: Mapping[str, Any]) -> set[float]:
    """The numbers a call's arguments carry: numeric values, and the numbers written in its
    strings ("archive-2024", "percent 10"); a date's digits carry its year only (``undated``)."""
    out: set[float] = set()
    for _key, leaf in _leaves(args):
        if isinstance(leaf, bool):
            continue
        if isinstance(leaf, (int, float)):
            out.add(float(leaf))
        elif isinstance(leaf, str):
            out.update(numbers(undated(leaf)))
    return out


def _same_send(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
               kinds_of: Sequence[frozenset[str]],
               texts: Sequence[tuple[str, frozenset[str]]]) -> str | None:
    """Two sends or payments grounded in the same words of the announcement ("I'll tweet the
    launch" + two tweets, "Paying the $60 invoice" + two payments): one announced thing is sent
    or paid once; sends to two named people ("to Alice and Bob") differ by a name."""
    said = (*ann.objects, *ann.observed)
    seen: dict[frozenset[str], str] = {}
    for (name, _args), kinds, (text, words) in zip(calls, kinds_of, texts, strict=True):
        if not kinds & REPEAT_REFUSED:
            continue
        grounds = frozenset(w for w in said if _referenced([w], text, words) is not None)
        if grounds in seen:
            return (f"{seen[grounds]!r} and {name!r} send or pay the same announced thing "
                    f"({', '.join(sorted(grounds)) or 'no word of it'}): one announced "
                    "send or payment is made once")
        seen[grounds] = name
    return None


def _unsaid_numbers(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                    kinds_of: Sequence[frozenset[str]]) -> str | None:
    """A number the announcement states that no changing call carries ("set a 10% discount"
    + ``percent: 100``, "delete the 2023 archive" + ``archive-2024``), or None. Notes do not
    carry it ("cancel order 5521" + ``5512``, reason "duplicate of 5521"); a count of the
    calls is carried by their number ("update the 2 files"). The numbers of a date the
    announcement writes ("on May 5") are carried only by a date of that day and month
    (``dated.unwritten_date``); those of an hour by a call that sets that time ("at 6 pm" +
    ``18:00``, ``dated._time_carried``)."""
    changing = [(name, _without_notes(args))
                for (name, args), kinds in zip(calls, kinds_of, strict=True)
                if kinds - OBSERVING]
    if not changing:
        return None
    dates = {i for _date, at in written_dates(ann.objects) for i in at}
    said = _numbers(w.rstrip("%") for i, w in enumerate(ann.objects) if i not in dates)
    said |= written.worded(ann.objects)  # "seventy percent" states 70 as "70%" does
    why = (written.refused(ann, changing) or compoundamounts.check(ann, changing)
           or wordedtimes.check(ann, changing))
    # (a value written in words, a date span, an edit's; an amount in "10-minute"; a clock
    # time or a day written in words: "half past six", "on the 7th")
    if why is not None:
        return why
    if dates:
        why = unwritten_date(ann.objects, changing)
        if why is not None:
            return why
    if ann.times and any(_time_carried(" ".join(ann.times), args) for _name, args in changing):
        # "at 6 pm" + ``time: 18:00``: the hour's number is carried as the time it names
        said -= _numbers(w for x in ann.times for w in x.split())
    # a line's number where an insertion lands ("after line 329": ``textplaces``)
    said -= _numbers(w for g in ann.adjuncts if placed(g, calls, kinds_of) for w in g)
    if not said:
        return None
    carried = set().union(*(_carried_numbers(args) for _name, args in changing))
    # "45 seconds" is carried as ``timeout_ms: 45000`` (the key's unit of time, ``written``)
    timed = [(n, u) for n, u in written.values([w.rstrip(".") for w in ann.objects]) if u]
    carried |= {n for n, u in timed if _timed_carried(n, u, changing)}
    minus = signed(ann.text)  # "minus 18" is carried as -18 (the sign itself: ``units``)
    for n in sorted(said):
        # "roll the dice 3 times" + the first roll: a repeat count (``repeatcount``)
        if n == len(calls) or repeatcount.repeated(n, ann, calls, carried) or any(
                abs(n - c) < 0.005 or (c < 0 and n in minus and abs(n + c) < 0.005)
                for c in carried):
            continue
        return (f"the announcement states {n:g}, which no call that changes something carries "
                f"({', '.join(repr(name) for name, _a in changing)})")
    return None
