"""Compound and teen number words (round 40, gap 6: "twenty-one degrees" + ``temperature: 12``,
"nineteen" + 29, "einundzwanzig Grad" + 12 were accepted, the words read as no number at all).

``compound`` reads one word or a few words that write a number from thirteen up to the
thousands in the languages whose tens the table below holds (en de fr es it pt nl ru):
"twenty-one", "twenty one", "nineteen", "einundzwanzig", "vingt et un", "dix-neuf",
"quatre-vingt-dix", "veintiuno", "treinta y uno", "ventuno", "vinte e um", "eenentwintig",
"двадцать один". ``unreadable`` finds a word built on a number word's stem that it cannot
read ("twenty-first", "einundzwanzigsten", "twentyish"): such a word writes a number the
text does not let us compare, so a numeric setting beside it is ungrounded (``written``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["compound", "unreadable"]

_UNITS: dict[str, int] = {
    # en
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9,
    # de
    "ein": 1, "eins": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6,
    "sieben": 7, "acht": 8, "neun": 9,
    # fr
    "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8,
    "neuf": 9,
    # es
    "uno": 1, "una": 1, "ún": 1, "dos": 2, "dós": 2, "tres": 3, "trés": 3, "cuatro": 4,
    "cinco": 5, "seis": 6, "séis": 6, "siete": 7, "ocho": 8, "nueve": 9,
    # it
    "due": 2, "tre": 3, "tré": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8,
    "nove": 9,
    # pt
    "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "quatro": 4, "sete": 7, "oito": 8,
    # nl
    "een": 1, "één": 1, "twee": 2, "drie": 3, "vijf": 5, "zes": 6, "zeven": 7, "negen": 9,
    # ru
    "один": 1, "одна": 1, "одно": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5,
    "шесть": 6, "семь": 7, "восемь": 8, "девять": 9,
}
"""Units one to nine: a tens word before or after one of them adds it."""

_TEENS: dict[str, int] = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "zehn": 10, "elf": 11, "zwölf": 12, "dreizehn": 13, "vierzehn": 14, "fünfzehn": 15,
    "sechzehn": 16, "siebzehn": 17, "achtzehn": 18, "neunzehn": 19,
    "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "seize": 16,
    "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "dieciséis": 16,
    "dieciseis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19,
    "dieci": 10, "undici": 11, "dodici": 12, "tredici": 13, "quattordici": 14, "quindici": 15,
    "sedici": 16, "diciassette": 17, "diciotto": 18, "diciannove": 19,
    "dez": 10, "doze": 12, "treze": 13, "catorze": 14, "dezesseis": 16, "dezasseis": 16,
    "dezessete": 17, "dezassete": 17, "dezoito": 18, "dezenove": 19, "dezanove": 19,
    "tien": 10, "twaalf": 12, "dertien": 13, "veertien": 14, "vijftien": 15, "zestien": 16,
    "zeventien": 17, "achttien": 18, "negentien": 19,
    "десять": 10, "одиннадцать": 11, "двенадцать": 12, "тринадцать": 13, "четырнадцать": 14,
    "пятнадцать": 15, "шестнадцать": 16, "семнадцать": 17, "восемнадцать": 18,
    "девятнадцать": 19,
}
"""Ten to nineteen, each one word ("dix-sept" is read as ten and seven)."""

_TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
    "zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60,
    "siebzig": 70, "achtzig": 80, "neunzig": 90,
    "vingt": 20, "vingts": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60,
    "septante": 70, "huitante": 80, "octante": 80, "nonante": 90,
    "veinte": 20, "veinti": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60,
    "setenta": 70, "ochenta": 80, "noventa": 90,
    "venti": 20, "vent": 20, "trenta": 30, "trent": 30, "quaranta": 40, "quarant": 40,
    "cinquanta": 50, "cinquant": 50, "sessanta": 60, "sessant": 60, "settanta": 70,
    "settant": 70, "ottanta": 80, "ottant": 80, "novanta": 90, "novant": 90,
    "vinte": 20, "trinta": 30, "quarenta": 40, "cinquenta": 50, "sessenta": 60, "oitenta": 80,
    "twintig": 20, "dertig": 30, "veertig": 40, "vijftig": 50, "zestig": 60, "zeventig": 70,
    "tachtig": 80, "negentig": 90,
    "двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60,
    "семьдесят": 70, "восемьдесят": 80, "девяносто": 90,
}
"""The tens, with the forms a unit is glued to ("veinti-", "vent-" of "ventuno")."""

_SCALES: dict[str, int] = {
    "hundred": 100, "hundert": 100, "cent": 100, "cents": 100, "cien": 100, "ciento": 100,
    "cento": 100, "cem": 100, "cento e": 100, "honderd": 100, "сто": 100,
    "thousand": 1000, "tausend": 1000, "mille": 1000, "mil": 1000, "duizend": 1000,
    "тысяча": 1000, "тысячи": 1000, "тысяч": 1000,
}
"""Hundreds and thousands: they multiply what comes before them."""

_JOINERS = frozenset({"and", "und", "et", "y", "e", "en", "ën"})
"""Words that join a unit and a tens word ("vingt et un", "treinta y uno", "vinte e um",
"einundzwanzig", "eenentwintig")."""

_GLUED = frozenset({"veinti", "vent", "trent", "quarant", "cinquant", "sessant", "settant",
                    "ottant", "novant", "ún", "dós", "trés", "séis", "tré"})
"""Forms only read glued to another number word ("veintiún", "ventuno", "ventitré")."""
_ALONE_NOT = frozenset({*_GLUED, "cent", "cents", "mil", "once", "elf", "seize", "neuf", "vent"})
"""Words that are no number on their own (English "cent", "once", "seize"; French "neuf",
"new", and the glued forms)."""

_MORPHEMES = sorted({*_UNITS, *_TEENS, *_TENS, *(s for s in _SCALES if " " not in s),
                     *_JOINERS}, key=len, reverse=True)
_PIECE = re.compile("|".join(re.escape(m) for m in _MORPHEMES))
_SPLIT = re.compile(r"[-‐‑\s]+")


def _pieces(word: str) -> list[str] | None:
    """The number words one word is glued from ("einundzwanzig": ein, und, zwanzig), or
    None when any part of it is not one."""
    out: list[str] = []
    for part in _SPLIT.split(word.casefold()):
        if not part:
            continue
        at = 0
        while at < len(part):
            m = _PIECE.match(part, at)
            if m is None:
                return None
            out.append(m[0])
            at = m.end()
    return out


def _value(pieces: Sequence[str]) -> int | None:
    """The number the pieces write, or None when they are no number or not one this reads:
    a unit, a teen or a tens word with a unit before it (German, Dutch) or after it, and
    hundreds and thousands multiplying what they follow; "quatre-vingt" is 4 x 20."""
    total = 0
    group = 0
    last = ""  # the kind of the last piece: u(nit) t(een) d(ecade) s(cale) j(oiner)
    for p in pieces:
        if p in _JOINERS:
            if (p == "und" and last != "u") or last not in ("u", "d", "s"):
                return None
            last = "j" + last
            continue
        if p in _SCALES:
            if last not in ("", "u", "t", "d"):
                return None
            scale = _SCALES[p]
            if scale == 1000:
                total += (group or 1) * 1000
                group = 0
            else:
                group = (group or 1) * 100
            last = "s"
        elif p in _TENS:
            if last == "ju" or (last == "u" and p in ("vingt", "vingts") and group % 10 == 4):
                # unit "und" tens ("einundzwanzig"), or the French "quatre-vingt"
                unit = group % 10
                group = group - unit + (_TENS[p] * unit if last == "u" else _TENS[p] + unit)
            elif last in ("", "s", "js") and group % 100 == 0:
                group += _TENS[p]
            else:
                return None
            last = "d"
        elif p in _TEENS:
            if last in ("", "s", "js") and group % 100 == 0:
                group += _TEENS[p]
            elif last in ("d", "jd") and group % 10 == 0 and group % 100 in (60, 80):
                group += _TEENS[p]  # "soixante-dix", "quatre-vingt-dix-neuf"
            else:
                return None
            last = "t"
        elif p in _UNITS:
            if (last in ("", "s", "js") and group % 100 == 0) or (
                    last in ("d", "jd") and group % 10 == 0) or (
                    last == "t" and group % 100 in (70, 90, 10)):  # "dix-sept", "soixante-dix-sept"
                group += _UNITS[p]
            else:
                return None
            last = "u"
        else:
            return None
    if last.startswith("j") or not pieces:
        return None
    return total + group


def compound(words: Sequence[str], at: int) -> tuple[int, int] | None:
    """(number, words read) of the compound or teen number word that starts at ``words[at]``
    ("twenty-one", "twenty one", "vingt et un", "neunzehn"), or None: a number below
    thirteen written as one simple word is ``figures.CARDINALS``'s to read."""
    best: tuple[int, int] | None = None
    pieces: list[str] = []
    for end in range(at, min(len(words), at + 6)):
        got = _pieces(words[end].strip("`\"'().,;:!?"))
        if got is None:
            break
        pieces += got
        n = _value(pieces)
        if n is not None:
            best = (n, end - at + 1)
    if best is None:
        return None
    one = _pieces(words[at].strip("`\"'().,;:!?")) or []
    if best[1] == 1 and len(one) == 1 and (best[0] < 13 or one[0] in _ALONE_NOT):
        return None
    return best


_SUFFIX = re.compile(r"-\w+|\w{0,4}", re.UNICODE)
"""What may follow a number's words in one word that writes a number no reading is given
of: an ordinal's or a count's ending ("twenty-first", "einundzwanzigsten", "fifteenth",
"twentyish"), not a longer word ("ventilator")."""


def unreadable(words: Sequence[str]) -> list[str]:
    """The words that begin with a number from thirteen up, written in words, that
    ``compound`` cannot read whole ("twenty-first", "einundzwanzigsten", "seventeenth",
    "twenty-something"): each writes a number (or a rank) the text gives no reading of."""
    out: list[str] = []
    for i, w in enumerate(words):
        low = w.strip("`\"'().,;:!?").casefold()
        if compound(words, i) is not None or len(low) < 5:
            continue
        for k in range(len(low) - 1, 3, -1):
            pieces = _pieces(low[:k])
            if pieces is None or pieces[-1] in _GLUED or not set(pieces) & {*_TENS, *_TEENS}:
                continue
            n = _value(pieces)
            if n is not None and n >= 13 and _SUFFIX.fullmatch(low[k:]):
                out.append(w)
                break
    return out
