"""The classifier's view of a text: NFKC, curly quotes mapped, Markdown emphasis and format
characters removed, Traditional Han simplified, case folded. Cues and lexicon entries are
matched in it; arguments are never normalised."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from ..families import grammar_dir
from .memo import per_value

_QUOTE_MAP = str.maketrans({
    "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'", "`": "`",
    "“": '"', "”": '"', "„": '"', "‟": '"', "″": '"', "«": '"', "»": '"', "‹": "'", "›": "'",
    "「": '"', "」": '"', "『": '"', "』": '"',
})
_EMPHASIS = re.compile(r"(\*{1,3}|(?<!\w)_{1,3})(?=\S)(.+?)(?<=\S)\1(?!(?<=_)\w)")

_FORMAT_CHARS = re.compile(
    "[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    "\U000e0020-\U000e007f]")
"""Unicode format characters (category Cf: zero-width, soft hyphen, bidi controls, tags); a
test checks this class against ``unicodedata``."""


@cache
def simplified() -> dict[int, str]:
    """Traditional Chinese character -> Simplified (``grammar/lexicon/zh-hant.tsv``)."""
    out: dict[int, str] = {}
    path = grammar_dir() / "lexicon" / "zh-hant.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            t, s = line.split("\t")
            out[ord(t)] = s
    return out


JOINED = re.compile("[\u2e80-\u9fff\u3040-\u30ff\uf900-\ufaff\uac00-\ud7af\u0e00-\u0e7f]")
"""A letter of a script whose words are written joined to what follows them (Han, kana, Thai)
or to their particles (Hangul): a word holding one is looked for as a substring of the text,
not as one of its tokens."""
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u30ff\uff66-\uff9f]")


def normalize(s: str, han: bool = True) -> str:
    """The text as cues are matched: NFKC, curly quotes and apostrophes mapped to ASCII, format
    characters (zero-width, soft hyphen, bidi controls) and Markdown emphasis markers removed,
    case folded (Turkish dotted capital I to "i", not "i" with a combining dot); Chinese with
    no kana in Simplified characters (the zh lexicon's), one character for one, unless
    ``han`` is false (another language's lexicon entries: Japanese "資料" stays)."""
    if not s.isascii():
        s = _FORMAT_CHARS.sub("", unicodedata.normalize("NFKC", s)).translate(_QUOTE_MAP)
        s = s.replace("\u0130", "i")
        if han and _HAN.search(s) is not None and _KANA.search(s) is None:
            s = s.translate(simplified())
    if "*" in s or "_" in s:
        prev = None
        while prev != s:
            prev, s = s, _EMPHASIS.sub(r"\2", s)
    return s.casefold()


@per_value  # parties and namedpieces fold each long value again and again
def unaccented(s: str) -> str:
    """The view (``normalize``) with accents dropped, for matching only ("José" is "jose");
    the one fold ``parties`` and ``namedpieces`` compare names by."""
    s = unicodedata.normalize("NFKD", normalize(s))
    return "".join(ch for ch in s if not unicodedata.combining(ch))
