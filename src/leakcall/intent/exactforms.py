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
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from .detect import _LOOKALIKE
from .view import _QUOTE_MAP
from .walk import _leaves

__all__ = ["lookalike"]

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
