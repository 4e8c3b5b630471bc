"""The pieces of a preamble sentence before its words are classed: code spans, written
shapes of prose (a UTC offset, a port, a key chord), numbers with their units and signs,
punctuation and word runs. Language-free: the tokenizer (``words.py``) classes the pieces with
the sentence's own lexicon."""

from __future__ import annotations

import re
import unicodedata

from .protocols import Tongue

__all__ = ["COMMIT_ID", "inside_word", "is_clock"]

_TASHKEEL = re.compile("[\u064b-\u0652\u0670]")
"""Arabic vowel marks, shadda and sukun: written or left out at will."""


def _marks() -> str:
    """Combining marks (Unicode Mn, Mc, Me) of the scripts the lexicons write: letters inside
    a word (Hindi vowel signs, Hebrew and Arabic points, Thai vowels)."""
    return "".join(chr(o) for o in (*range(0x0300, 0x1E00), *range(0x20D0, 0x2100),
                                    *range(0xFE20, 0xFE30))
                   if unicodedata.category(chr(o)) in ("Mn", "Mc", "Me"))


_L = r"(?:[^\W_]|[" + re.escape(_marks()) + r"])"
_WORD = re.compile(_L + r"+(?:['’]" + _L + r"+)*(?:-" + _L + r"+(?:['’]" + _L + r"+)*)*'?")


_CODE = re.compile(
    r"`[^`\n]+`"                                   # a code span
    # a list of quoted strings or numbers, as JSON writes it ('the tags ["red", "blue"]')
    r"|\[\s*(?:\"[^\"\n]{1,80}\"|-?\d+(?:\.\d+)?)(?:\s*,\s*(?:\"[^\"\n]{1,80}\"|-?\d+(?:\.\d+)?))*\s*\]"
    r"|https?://\S+"                               # a URL
    r"|\"[^\"\n]{1,80}\"|'[^'\n ][^'\n]{0,78}[^'\n ]'(?!\w)"  # a quoted name
    r"|(?<!\w)'\w'(?!\w)"                         # a quoted letter ("the column 'a'")
    r"|(?<![\w])(?:--?[\w][\w-]*)"                 # a flag
    r"|\.{1,2}/\.\.\.(?![\w./])"                     # a Go package pattern ("./...")
    r"|[~./\w-]*[\w~][/\\][\w./\\~*-]*"            # a path
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"                # an email address
    r"|(?<![\w.])\.\w[\w.-]*"                      # a dotfile (".gitignore")
    r"|(?<![\w#])#\w[\w-]*"                         # a channel or an issue ("#eng", "#12")
    r"|\w+(?:-\w+)*(?:[._]\w+)+(?:\(\))?"           # an identifier, a file or version name
    r"|\w+\(\)"                                    # a function name
)
_SHAPE = re.compile(
    # written shapes of prose that are one token, not markup: a UTC offset ("+00:00": no
    # time of day), a spreadsheet range ("D1:D13"), a host or a file with its port or line
    # ("db.internal:5432", "app.py:89"), a version and later ("3.10+"), a key chord
    # ("Cmd+Click"), a top-level absolute path ("/var", "/etc": two letters at least; a slash
    # and one letter is a tone tag, "/s", or a switch, "dir /s", never a directory's name),
    # digit groups ending in a check letter ("ISBN 0-7653-1178-X")
    r"(?<![\w+-])[+-]\d{2}:\d{2}(?![\w:])"
    r"|(?<![\w:])[A-Za-z]{1,3}\d{1,7}:[A-Za-z]{1,3}\d{1,7}(?![\w:])"
    r"|(?<![\w:/])\w[\w-]*(?:[./]\w[\w-]*)*\.\w+:\d{1,5}(?![\w:])"
    r"|(?<![\w.+])\d+(?:\.\d+)+\+(?![\w+])"
    r"|(?<![\w-])\d+(?:-\d+)+-[A-Za-z](?![\w-])"
    r"|(?<![\w+])[A-Za-z]+(?:\+[A-Za-z0-9]+)+(?![\w+])"
    r"|(?<![\w./~-])/[A-Za-z_][\w.-]+(?![\w/])"
)
_MEASURE = re.compile(r"-" + _L + r"+(?=\s+" + _L + r")")
"""A hyphen and a unit right after a number, before a word ("the 5-day forecast", "a 30-year
rate"): a compound that measures the noun after it, one number with its unit, not a dash that
opens a clause; after a preposition of time it is a time as the number alone is ("in 5-day")."""

_MERIDIEM = re.compile(r"\s?[ap]\.m\b\.?(?!\w)|\s[ap]m\b", re.IGNORECASE)
"""A meridiem after an hour, spelled apart ("7 a.m.", "7 pm"): one time of day with the
number, as "7am" is (``is_clock``), so the same readers place it."""

_POSSESSIVE = re.compile(r"['’]s(?![\w'’])")
"""A possessive ending right after a number ("order 7781's status"): a thing's, never a party's."""
_SIGN = "$€£¥₹₽₩₺₪₫฿"
"""Currency signs: one standing apart beside a number ("300 €", "$ 50") is the number's."""
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
_CLOCK = re.compile(r"\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.?|p\.m\.?|h)"
                    r"|\d{1,2}:\d{2}(?::\d{2})?|\d{1,2}h\d{2}")


def is_clock(text: str) -> bool:
    """A time of day ("17:00", "5pm"): it defers in any language."""
    return _CLOCK.fullmatch(text) is not None


_NUM = re.compile(r"[$€£¥]?\d+(?:[.,:]\d+)*(?:%| ?°[CFcf]?| ?[℃℉])?"
                  r"(?:\s*[-+*/×÷^=]\s*\(?[$€£¥]?\d+(?:[.,]\d+)*\)?)*")
_PUNCT = {",": "COMMA", "，": "COMMA", "、": "COMMA", ";": "COMMA", "；": "COMMA", "،": "COMMA",
          "؛": "COMMA",
          "(": "LPAR", ")": "RPAR", "（": "LPAR", "）": "RPAR", "-": "DASH", "–": "DASH",
          "—": "DASH"}


COMMIT_ID = re.compile(r"`?(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}`?")
"""A commit id, written as code or bare: 7 to 40 hex digits, a digit and a letter among them."""
_TITLE = re.compile(r"\"[^\"\n]{1,200}\"")
"""A commit's title in quotes, as long as a commit's first line may be."""


def _titled(sentence: str, i: int, out: list[tuple[str, str, int, int]]) -> re.Match[str] | None:
    """A quoted commit title right after its id and a dash or an opening bracket
    ("`416bc1b` — "fix(web): preserve slash commands on reconnect ... (#1359)""): one CODE
    token however long the title (``committitle``), where a quoted name is at most 80
    characters."""
    if sentence[i] != '"' or len(out) < 2 or out[-1][1] not in ("-", "–", "—", "(", "（") \
            or out[-2][0] not in ("CODE", "W", "NUM") or COMMIT_ID.fullmatch(out[-2][1]) is None:
        return None
    return _TITLE.match(sentence, i)


def _pieces(sentence: str) -> list[tuple[str, str, int, int]]:
    """(kind, text, start, end): CODE spans, numbers, punctuation, and word runs ("W")."""
    out: list[tuple[str, str, int, int]] = []
    i, n = 0, len(sentence)
    while i < n:
        ch = sentence[i]
        if ch.isspace():
            i += 1
            continue
        m = _SHAPE.match(sentence, i)
        if m is not None:
            out.append(("CODE", m.group(0), i, m.end()))
            i = m.end()
            continue
        m = _titled(sentence, i, out) or _CODE.match(sentence, i)
        num = _NUM.match(sentence, i)
        if m is not None and m.end() > i and not (m.group(0).isalpha()) and not (
                num is not None and num.end() > m.end() and _DIGITS.fullmatch(m.group(0))):
            # a number the identifier pattern also reads ("0.1") is a number when it goes on
            # with a unit ("0.1%", "21.5°C")
            out.append(("CODE", m.group(0), i, m.end()))
            i = m.end()
            continue
        m = num
        if m is not None and (m.end() == n or not sentence[m.end()].isalpha()):
            unit = _MEASURE.match(sentence, m.end()) or _MERIDIEM.match(sentence, m.end())
            end = unit.end() if unit is not None else m.end()
            out.append(("NUM", sentence[i:end], i, end))
            i = end
            own = _POSSESSIVE.match(sentence, i)
            if own is not None:
                i = own.end()
            continue
        if ch in _SIGN and (sentence[i + 1 : i + 3].strip()[:1].isdigit() or sentence[
                max(0, i - 2) : i].strip()[-1:].isdigit()) and not (
                sentence[i - 1 : i].isalpha() or sentence[i + 1 : i + 2].isalpha()):
            out.append(("NUM", ch, i, i + 1))
            i += 1
            continue
        m = _WORD.match(sentence, i)
        if m is not None:
            out.append(("W", m.group(0).rstrip("'"), i, m.end()))
            i = m.end()
            continue
        out.append(("P", ch, i, i + 1))
        i += 1
    return _ranges(out, sentence)


def _ranges(out: list[tuple[str, str, int, int]], sentence: str) -> list[
        tuple[str, str, int, int]]:
    """The pieces with each range written with a spaced dash ("10/14 - 10/21", "15th - 22nd")
    one piece, as its unspaced form is ("10/14-10/21", "15th-22nd": one code, one word): two
    pieces of one kind (a code or a word) opening with a digit, with a hyphen or an en dash
    standing apart between them. Its text is that unspaced form (a time of day in it is still
    read as one, "9am - 5pm"); a dash between anything else still opens a clause (a number and
    its range, "3 - 5", is one number already). Two words an en dash joins with no space
("Paris–Rome") are one word, as a hyphen's are."""
    k = 0
    while k + 2 < len(out):
        a, dash, b = out[k], out[k + 1], out[k + 2]
        if (a[0] == b[0] == "W" and dash[1] == "\u2013" and a[3] == dash[2] and dash[3] == b[2]
                and a[1][-1:].isalpha() and b[1][:1].isalpha()):
            # an en dash between two words and no space: one word, as with a hyphen
            # ("Paris–Rome", "Dunning–Kruger": a route, a pair of names)
            out[k : k + 3] = [("W", f"{a[1]}-{b[1]}", a[2], b[3])]
            continue
        if (a[0] == b[0] and a[0] in ("CODE", "W") and dash[0] == "P" and dash[1] in "-\u2013"
                and a[1][:1].isdigit() and b[1][:1].isdigit()
                and sentence[a[3] : dash[2]].isspace() and sentence[dash[3] : b[2]].isspace()):
            out[k : k + 3] = [(a[0], f"{a[1]}-{b[1]}", a[2], b[3])]
            continue
        k += 1
    return out


def inside_word(entry: str, t: Tongue, before: str, after: str) -> bool:
    """A particle that closes a sentence ([g-closing]: Japanese "わ", "よ") met with letters of
    the same unspaced run on both sides is letters of a word ("打ち合わせ", "終わり"), not the
    particle: the run is cut around it no more."""
    return bool(before) and bool(after) and t.marked(entry, "g-closing")


_WRITTEN_DATE = re.compile(r"\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}[./-]\d{1,2}[./-]\d{1,2}")
"""A date of three digit groups ("18.12.2026", "12/18/26", "2026.12.18"), which the splitter
reads as one identifier: after a preposition of time it is a time, as a number there is
("delete the branch by 18.12.2026"); a version ("3.11.4") has no year group."""


_ORDINAL_DAY = re.compile(r"\d{1,2}(?:st|nd|rd|th)")


def _day(piece: tuple[str, str, int, int, list[str]] | None) -> bool:
    """A piece is a day of the month: a number ("27", "19-20") or an ordinal ("21st")."""
    return piece is not None and (piece[0] == "NUM" or (
        piece[0] == "W" and _ORDINAL_DAY.fullmatch(piece[1]) is not None))
