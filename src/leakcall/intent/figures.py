"""The one reading of numbers written in digits ("1,250.50", "1.250,50", "$40", "30 €"):
every reader of amounts, limits and counts asks here, so "1.000" is one number everywhere."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .numberwords import compound
from .walk import _strings

CURRENCIES: dict[str, frozenset[str]] = {
    "€": frozenset({"EUR"}), "£": frozenset({"GBP"}), "¥": frozenset({"JPY", "CNY"}),
    "$": frozenset({"USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN"}), "₹": frozenset({"INR"}),
    "₽": frozenset({"RUB"}), "₩": frozenset({"KRW"}), "₺": frozenset({"TRY"}),
    "zł": frozenset({"PLN"}), "kr": frozenset({"SEK", "NOK", "DKK"}), "R$": frozenset({"BRL"}),
    "tl": frozenset({"TRY"}),
}
"""Currency signs and the ISO 4217 codes they may stand for."""

_RUN = re.compile(r"\d[\d,.]*")
_GROUPED = re.compile(r"(\d{1,3}(?:([,.])\d{3})(?:\2\d{3})*)(?:([.,])(\d+))?")
_PLAIN = re.compile(r"(\d+)(?:[.,](\d+))?")
_SIGNED = re.compile(
    "(?:" + "|".join(re.escape(s) for s in sorted(CURRENCIES, key=len, reverse=True)) + ")")
_CODE = re.compile(r"[A-Za-z]{3}")


def value(run: str) -> float | None:
    """The number a run of digits and separators writes, or None ("1.2.3"): groups of three
    after one separator are thousands ("1,000", "1.000.000"), the other separator after them
    or a lone one before other than three digits is the decimal point ("1,000.50",
    "1.000,50", "10,5")."""
    m = _GROUPED.fullmatch(run)
    if m is not None and m[3] != m[2]:
        return float(m[1].replace(m[2], "") + "." + (m[4] or "0"))
    m = _PLAIN.fullmatch(run)
    return None if m is None else float(m[1] + "." + (m[2] or "0"))


_POINT_LANGUAGES = frozenset({"en", "zh", "ja", "ko", "hi", "th", "he"})
"""Languages that write the decimal point as a point and group thousands with a comma."""
_COMMA_LANGUAGES = frozenset({"de", "fr", "it", "pt", "nl", "pl", "ru", "uk", "sv", "tr", "id",
                              "vi", "cs", "da", "fi", "hu", "el", "ro"})
"""Languages that write the decimal point as a comma and group thousands with a point (or a
space); a language in neither (Spanish, Arabic) writes both, by country."""
_ONE_GROUP = re.compile(r"([1-9]\d{0,2})([.,])(\d{3})")


def readings(run: str, languages: Iterable[str]) -> frozenset[float]:
    """Every number a run of digits may write in the given languages (h90d): one separator
    before exactly three digits ("1.500", "12,500") groups thousands where the language
    groups with it, and is also a decimal point where it is not (English "1.500": 1.5 or,
    as German writes it, 1500; German "1,500": 1.5 or 1500); any other run writes its one
    ``value``."""
    m = _ONE_GROUP.fullmatch(run)
    if m is None and re.fullmatch(r"0[.,]\d+", run):  # "0.125" groups nothing
        return frozenset({float(run.replace(",", "."))})
    if m is None:
        v = value(run)
        return frozenset() if v is None else frozenset({v})
    out = {float(m[1] + m[3])}
    for lang in languages:
        grouping = "," if lang in _POINT_LANGUAGES else "." if lang in _COMMA_LANGUAGES else ""
        if m[2] != grouping:
            out.add(float(m[1] + "." + m[3]))
    return frozenset(out)


def figure(word: str) -> float | None:
    """The number one word writes, quotes and one currency sign before or after it aside
    ("`$1,250`", "30€", "120"), or None."""
    w = word.strip("`\"'")
    m = _SIGNED.match(w)
    if m is not None:
        w = w[m.end():]
    else:
        m = _SIGNED.search(w)
        if m is not None and m.end() == len(w):
            w = w[: m.start()]
    return value(w) if w[:1].isdigit() and w[-1:].isdigit() else None


def amount(text: str) -> float | None:
    """The one figure an amount's text states, with a currency sign or a code before or after
    it ("5,000.00", "USD 50", "50 €"), or None for any other text ("5 000", "$5k", "five")."""
    words = text.split()
    if len(words) == 2 and _CODE.fullmatch(words[0]):
        words = words[1:]
    elif len(words) == 2 and _CODE.fullmatch(words[1]):
        words = words[:1]
    if len(words) == 2 and any(_SIGNED.fullmatch(w) for w in words):
        words = [words[0] + words[1]]
    return figure(words[0]) if len(words) == 1 else None


def numbers(text: str) -> list[float]:
    """Every number a text writes in digits; a run no reading fits ("1.2.3") writes each
    of its parts and each two neighbours as a decimal (1, 2, 3, 1.2, 2.3), so a version's
    "1.2" is found in "1.2.0"."""
    out: list[float] = []
    for m in _RUN.finditer(text):
        run = m.group(0).rstrip(",.")
        v = value(run)
        if v is not None:
            out.append(v)
            continue
        parts = re.split(r"[,.]", run)
        out.extend(float(p) for p in parts if p)
        out.extend(float(a + "." + b) for a, b in itertools.pairwise(parts) if a and b)
    return out


def largest(args: Mapping[str, Any]) -> float | None:
    """The largest figure a call's arguments state (what a payment may move), or None."""
    found = [v for x in _strings(args, keys=False) if (v := amount(x)) is not None]
    return max(found) if found else None


_CARDINAL_ROWS: tuple[tuple[str, ...], ...] = (
    (),
    ("one", "single", "eins", "ein", "eine", "einen", "un", "une", "uno", "una", "um", "uma",
     "один", "одна", "одно", "jeden", "jedna", "一"),
    ("two", "couple", "pair", "deux", "dos", "dois", "duas", "zwei", "due", "два", "две", "dwa",
     "dwie", "dua", "iki", "dwóch", "两", "二"),
    ("three", "trois", "tres", "três", "drei", "tre", "три", "trzy", "tiga", "üç", "三"),
    ("four", "quatre", "cuatro", "quatro", "vier", "quattro", "четыре", "cztery", "empat",
     "dört", "四"),
    ("five", "cinq", "cinco", "fünf", "cinque", "пять", "pięć", "lima", "beş", "五"),
    ("six", "seis", "sechs", "sei", "шесть", "sześć", "六"),
    ("seven", "sept", "siete", "sete", "sieben", "sette", "семь", "siedem", "七"),
    ("eight", "huit", "ocho", "oito", "acht", "otto", "восемь", "osiem", "八"),
    ("nine", "neuf", "nueve", "nove", "neun", "девять", "dziewięć", "九"),
    ("ten", "dix", "diez", "dez", "zehn", "dieci", "десять", "dziesięć", "十"),
    ("eleven", "onze", "once", "elf", "undici", "одиннадцать"),
    ("twelve", "dozen", "douze", "doce", "doze", "zwölf", "dodici", "dutzend", "douzaine",
     "docena", "dúzia", "dozzina", "двенадцать", "дюжина", "tuzin"),
)
CARDINALS: dict[str, int] = {w: n for n, ws in enumerate(_CARDINAL_ROWS) for w in ws}
"""Cardinal numerals one to twelve of the supported languages, with the words of a fixed
count ("a couple", "a pair", "a dozen", "a single"): a number written in words."""

_GLUED = re.compile(r"(\d[\d,.]*)(°?[^\W\d_]{1,4}|[℃℉°×%])\.?")


def spoken(word: str) -> float | None:
    """The number one word writes in digits, in words of its language ("three", "drei",
    "dozen") or glued to a unit ("21℃", "10min", "2x", "0.1k", "3pcs": the digits, whatever
    the unit would scale them by), or None."""
    w = word.strip("`\"'()").casefold()
    got = figure(w)
    if got is not None:
        return got
    if w in CARDINALS:
        return float(CARDINALS[w])
    worded = compound([w], 0)  # "twenty-one", "einundzwanzig", "dix-neuf"
    if worded is not None:
        return float(worded[0])
    m = _GLUED.fullmatch(w.replace(" ", ""))  # "19 °C"
    return value(m[1]) if m is not None else None
