"""Values as written: a call's value that only looks like what the text writes (r51 G1, rule
``ungrounded-call``; read by ``parties.swapped``).

Arguments are byte-exact (rule 4): a value is the written one only if it is that text. The
readers that ground a value compare words (``config`` and ``py`` are said), so a value whose
letters and digits are the text's but whose separators, spaces or invisible characters are
not passes as the written one: "I'll read `config.py`." + ``config\\u2024py`` (ONE DOT
LEADER), ``acme\\u2215api`` (DIVISION SLASH), ``i\\u20100abc123`` (HYPHEN), ``git\\u2000status``
(EN QUAD), ``AAPL\\u200d`` (a zero-width joiner). Each names another file, repo, host or
record than the one the user read.

So a string value that holds a *disguising* character — a format character (category Cf:
zero-width, BOM, bidi controls) or a combining mark on an ASCII character, a space other
than ASCII's, a punctuation mark, symbol or modifier letter outside ASCII (quotation marks
aside: "don’t" is "don't"), or a letter or digit that a compatibility fold or a look-alike
map (``detect._LOOKALIKE``: Cyrillic ``а``, ``ﬁ``) changes — is the written one only where
the text writes it as it is. When the text does not, but writes
the value's skeleton (the disguising characters undone: a format character dropped, a space
or a mark standing for any space or mark, a letter for the letter it imitates), the call
carries a look-alike of what the text writes, and is refused. A value whose skeleton the text
does not write either is left to the other readers (a composed body, a looked-up record).

The readers that ground a value also compare it case folded, so a value the text writes
verbatim in another case passed as the written one (r53 G6): "I'll delete `Tmp.db`." +
``tmp.db`` (another file on a case-sensitive disk), ``git push origin release`` for
`Release`, an order ``ab-31877`` for AB-31877, ``ss.txt`` for `ß.txt`, a KELVIN SIGN for
``K`` either way (``recased``). A value the text writes verbatim — a code span, a quoted
string, or a word that is an identifier (a digit with a letter, or ``/ . _ @ : #`` inside it:
a path, an id, a URL, a channel) — is compared as written: a call's value equal to one only
case folded (``casefold`` after NFKC), or holding an identifier's folded form between
non-word characters, when neither the value nor that part of it is written as it is, is
refused. Prose words ("Paris" for ``city: "paris"``) are not written values and stay folded;
so does a quoted prose string's first letter (a subject 'Report' sent as ``report``: the
sentence's case), an e-mail address's domain and a URL's scheme and host, and a value under
a key of an identifier case-insensitive by definition ([keys-caseless]: ``ticket_id``,
``iban``, ``currency``); a plain word in code ("`LICENSE`") is compared whole only.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from .detect import _LOOKALIKE
from .kinds import name_words
from .kindsfile import section
from .view import _QUOTE_MAP
from .walk import _leaves

__all__ = ["lookalike", "recased"]

_QUOTES = frozenset(chr(o) for o in _QUOTE_MAP)
"""Typographic quotation marks and apostrophes: the same text as the ASCII ones."""
_MODIFIER = re.compile("[\u02b0-\u02ff\ua700-\ua721\ua788-\ua78a]")
"""Modifier letters of no script (``ˑ`` HALF TRIANGULAR COLON, ``ˌ``): marks by their look."""
_MAX_VALUE = 512
"""Longer values are bodies and documents, not names (and are never read here)."""


def _letter(c: str) -> str:
    """A letter's or digit's skeleton: the Latin letter it imitates, else its compatibility
    fold, case folded."""
    low = unicodedata.normalize("NFKC", c).casefold()
    got = _LOOKALIKE.get(ord(low)) if len(low) == 1 else None
    return got if got is not None else low


def _skeleton(text: str) -> str:
    """The text (composed, NFC) with its disguises undone, for finding a value's skeleton in
    it: format characters and marks on ASCII dropped (``_hidden``), each other character
    compatibility folded (or mapped to the letter it imitates), case folded."""
    if text.isascii():
        return text.casefold()
    out = []
    for i, c in enumerate(text):
        if c.isascii():
            out.append(c.casefold())
        elif not _hidden(c, text[i - 1] if i else ""):
            out.append(_letter(c) if c.isalnum() else unicodedata.normalize("NFKC", c))
    return "".join(out)


def _hidden(c: str, before: str) -> bool:
    """A character that shows nothing of its own: a format character, or a combining mark on
    an ASCII character (``py\\u20dd``; a mark of a script that writes with marks, Devanagari's
    vowel signs, is a letter's part)."""
    cat = unicodedata.category(c)
    return cat == "Cf" or (cat[0] == "M" and before.isascii())


def _pattern(value: str) -> tuple[re.Pattern[str], list[str]] | None:
    """The value's skeleton as a pattern (a disguising space stands for any space, a disguising
    mark for one to three marks), and the disguising characters; None when it has none or
    holds fewer than two letters or digits."""
    parts: list[str] = []
    odd: list[str] = []
    value = unicodedata.normalize("NFC", value)
    for i, c in enumerate(value):
        if c.isascii():
            parts.append(re.escape(c.casefold()))
            continue
        cat = unicodedata.category(c)
        if _hidden(c, value[i - 1] if i else ""):
            odd.append(c)
        elif c in _QUOTES or cat in ("Pi", "Pf"):
            parts.append(re.escape(c))
        elif cat[0] == "Z":
            odd.append(c)
            parts.append(r"\s")
        elif cat[0] in "PS" or (cat == "Lm" and _MODIFIER.match(c) and _letter(c) == c):
            odd.append(c)
            parts.append(r"[^\w\s]{1,3}")
        elif unicodedata.normalize("NFKC", c) != c or _letter(c) != c.casefold():
            odd.append(c)
            parts.append(re.escape(_letter(c)))
        else:
            parts.append(re.escape(c.casefold()))
    if not odd or sum(c.isalnum() for c in value) < 2:
        return None
    body = "".join(parts)
    lead = r"(?<!\w)" if value[:1].isalnum() else ""
    shown = [c for i, c in enumerate(value) if not _hidden(c, value[i - 1] if i else "")]
    tail = r"(?!\w)" if shown[-1:] and shown[-1].isalnum() else ""
    return re.compile(lead + body + tail), odd


def lookalike(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a call carries a look-alike of a value the text (as written) writes, or None."""
    if not text.strip():
        return None
    # as written, case aside (``lower``: ``casefold`` would undo a ligature, "ﬁ" into "fi")
    written = unicodedata.normalize("NFC", text).lower()
    skeleton: str | None = None
    for name, args in calls:
        for key, value in _leaves(args):
            if not isinstance(value, str) or value.isascii() or len(value) > _MAX_VALUE:
                continue
            got = _pattern(value)
            if got is None or unicodedata.normalize("NFC", value).lower() in written:
                continue
            skeleton = _skeleton(written) if skeleton is None else skeleton
            m = got[0].search(skeleton)
            if m is not None:
                shown = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '?')}"
                                  for c in dict.fromkeys(got[1]))
                return (f"{name!r} carries {key!r} {value[:60]!r}, a look-alike of "
                        f"{m.group(0)[:60]!r} the text writes ({shown}): a value is the "
                        "written one only as written")
    return None


_CODE = re.compile(r"(?<!`)`++([^`\n]++)`++")  # from a run's start, possessive: linear
_QUOTED = re.compile(r'"([^"\n]{1,200})"|\u201c([^\u201d\n]{1,200})\u201d|\u00ab\s?([^\u00bb\n]{1,200}?)'
                     r'\s?\u00bb|\u300c([^\u300d\n]{1,200})\u300d|\u300e([^\u300f\n]{1,200})\u300f|'
                     r'\u201e([^\u201c\u201d\n]{1,200})[\u201c\u201d]|(?<!\w)\'([^\'\n]{1,200})\'(?!\w)|'
                     r'\u2018([^\u2019\n]{1,200})\u2019')
"""A quoted string in the quotation marks of the lexicons' languages."""
_BARE = re.compile(r"[^\s`\"'\u201c\u201d\u00ab\u00bb()\[\]{}<>,;\uff0c\u3002\u3001\uff1a\uff1b\uff08\uff09"
                   r"\u300c\u300d]+")
_IDENTIFIER = re.compile(r"\w[/._@:#]\w|^#\w|^(?=.*\d)(?=.*[^\W\d_])|^\d+(?:[-/:.]\d+)+$")
"""A word that is an identifier: a separator inside it (a path, a host, an address, a
channel), a digit with a letter (``AB-31877``, ``K-100``) or digits joined (a date, a
version: ``2026-12-10``); a hyphenated word of prose ("rendez-vous") is none."""
_BARE_ID = re.compile(r"\w[/._@:#]\w|^#\w|^(?=.*\d)(?=.*\w-\w)|^\d+(?:[-/:.]\d+)+$")
"""An identifier written in prose, outside code and quotes: one with a separator inside it (a
hyphen only beside a digit: ``AB-31877``, ``K-100``, a date). A run of letters and digits
alone (``1AbC``) is compared case folded, as before (``test_identifier_drift_h82b``)."""
_HOSTED = re.compile(r"(?i)((?<![a-z0-9+.-])[a-z][a-z0-9+.-]*+://[^/?#\s]*+|@[^\s/]++)")
"""A URL's scheme and host, an e-mail address's domain: case-insensitive by definition."""


def _fold(s: str) -> str:
    return unicodedata.normalize("NFKC", s).casefold()


def _cased(s: str) -> str:
    """The value as it is compared: NFC, a host and a mail domain lower-cased."""
    return _HOSTED.sub(lambda m: m.group(0).lower(), unicodedata.normalize("NFC", s))


def _verbatim_at(text: str) -> list[tuple[int, int, str]]:
    """(start, end, value) of each value the text writes verbatim: a code span, a quoted
    string, an identifier outside both."""
    out = [(m.start(), m.end(), m[1].strip()) for m in _CODE.finditer(text)]
    out += [(m.start(), m.end(), next(g for g in m.groups() if g is not None).strip())
            for m in _QUOTED.finditer(text)
            if not any(a <= m.start() < b for a, b, _v in out)]
    taken = list(out)
    for m in _BARE.finditer(text):
        w = m[0].rstrip(".,:;!?\u3002").lstrip("(")
        if _BARE_ID.search(w) and not any(a <= m.start() < b for a, b, _v in taken):
            at = m.start() + m[0].index(w)
            out.append((at, at + len(w), w))
    return [x for x in out if x[2]]


def _verbatim(text: str) -> list[tuple[bool, bool, str]]:
    """The values the text writes verbatim, each with whether it may be found inside a call's
    value (an identifier, in code or not: "`LICENSE`" is a word a license's text says too)
    and whether it is prose in quotes (its first letter the sentence's case: 'Report' is
    sent as ``report``)."""
    quoted = {(m.start(), m.end()) for m in _QUOTED.finditer(text)}
    out = []
    for a, b, w in _verbatim_at(text):
        if any(c.isalpha() for c in w):
            ident = bool(_IDENTIFIER.search(w)) and " " not in w
            out.append((ident, (a, b) in quoted and not ident, w))
    return out


def recased(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a call carries a value the text writes verbatim only in another case, or None."""
    if not text.strip():
        return None
    text = unicodedata.normalize("NFC", text)
    verbatim = [(inside, prose, w, _cased(w), _fold(_cased(w)))
                for inside, prose, w in _verbatim(text)]
    if not verbatim:
        return None
    for name, args in calls:
        for key, value in _leaves(args):
            if not isinstance(value, str) or not value or len(value) > _MAX_VALUE \
                    or set(name_words(str(key))) & section("keys-caseless"):
                continue  # (a ticket key, an IBAN, a host: case-insensitive by definition)
            got = _cased(value)
            if got in _cased(text):
                continue
            folded = _fold(got)
            for inside, prose, w, cased, low in verbatim:
                if cased == got or (prose and cased[1:] == got[1:]):
                    continue
                if low == folded or (inside and len(low) >= 3 and cased not in got and re.search(
                        r"(?<!\w)" + re.escape(low) + r"(?!\w)", folded)):
                    return (f"{name!r} carries {key!r} {value[:60]!r}, and the text writes "
                            f"{w[:60]!r}: a value is the written one only in its own case")
    return None
