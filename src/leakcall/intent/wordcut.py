"""A call's words cut fast: ``call_words(text)`` is ``re.findall(r"[^\\W_]+", text)`` (each
maximal run of letters and digits), computed with byte operations on a long text, where the
regex engine's per-character scan cost most of the intent stage on a 2 KB argument value."""

from __future__ import annotations

import re

__all__ = ["call_words", "holds_ascii_run"]

_CALL_WORD = re.compile(r"[^\W_]+")
_SHORT = 128
"""Below this many characters the regex is as fast."""
_CUT = bytes(c if chr(c).isalnum() else 0x20 for c in range(128)) + bytes(range(128, 256))
"""An ASCII byte that is no letter or digit becomes a space; a byte of a wider character (in
UTF-8, every byte of one is 0x80 or more) is left as it is."""
_ASCII = bytes(range(128))
_ALNUM_MASK = bytes(0x61 if c < 128 and chr(c).isalnum() else 0x20 for c in range(256))
"""An ASCII letter or digit becomes "a", every other byte a space."""


def call_words(text: str) -> list[str]:
    """Each maximal run of letters and digits (``str.isalnum``; ``_`` is none) in ``text``."""
    if len(text) < _SHORT:
        return _CALL_WORD.findall(text)
    data = text.encode("utf-8", "surrogatepass")
    # the ASCII non-word characters are spaces now: split at them and at whitespace (never a
    # letter or digit); a wider character that is no letter or digit ("、", "—", a lone
    # surrogate) still cuts its run, so the runs that hold one are cut by the regex
    runs = data.translate(_CUT).decode("utf-8", "surrogatepass").split()
    wide = data.translate(None, _ASCII).decode("utf-8", "surrogatepass")
    if not wide or wide.isalnum():
        return runs
    return [w for r in runs for w in ((r,) if r.isascii() else _CALL_WORD.findall(r))]



def holds_ascii_run(text: str, least: int) -> bool:
    """``text`` holds a run of ``least`` ASCII letters and digits or more (found as bytes; a
    text with none is searched by no regex of such runs)."""
    return b"a" * least in text.encode("utf-8", "surrogatepass").translate(_ALNUM_MASK)
