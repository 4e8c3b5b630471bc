"""A word in the form of a chosen password in a value, found in time linear in the value.

``_PASSWORD.search`` tries every character of a long value and reads the rest of its word from
each (its four lookaheads): a 31,000-character value of ``?!`` costs ``recover`` ~10 s of CPU.
``chosen_password`` finds the same first match: it works out in one pass where the pattern can
start (the characters before it, the kinds its word still holds from there, the run its body
takes) and runs the pattern once, at that place. Short values are searched as they were.
"""

from __future__ import annotations

import re
import string

_PASSWORD = re.compile(r"(?<![\w@.])(?=[^\s]*[a-z])(?=[^\s]*[A-Z])(?=[^\s]*\d)"
                       r"(?=[^\s]*[!#$%^&*?])[A-Za-z\d!#$%^&*?._-]{8,}(?![\w@])")
"""A word in the form of a chosen password: eight characters or more of lower and upper case
letters, digits and a symbol (``Hunter2!prod``); an address or a path is none."""

_SHORT = 512
"""Values up to this long are searched directly (a few hundred thousand steps at most)."""
_SYMBOLS = frozenset("!#$%^&*?")
_BODY = frozenset(string.ascii_letters + "!#$%^&*?._-")


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"  # ``\w`` of a str pattern


def starts(value: str) -> list[int]:
    """Where ``_PASSWORD`` matches when tried at that place alone, in order (one pass back to
    front, one front to back; the same verdict as the pattern, checked by its tests)."""
    n = len(value)
    good, last = [0] * (n + 1), -1  # the last place <= k the body may end at (not before \w, @)
    for k in range(n + 1):
        if k == n or not (_word(value[k]) or value[k] == "@"):
            last = k
        good[k] = last
    out: list[int] = []
    lower = upper = digit = symbol = False  # of the kinds, those the word holds from here on
    run_end = n
    for i in range(n - 1, -1, -1):
        ch = value[i]
        if ch.isspace():
            lower = upper = digit = symbol = False
        else:
            lower |= "a" <= ch <= "z"
            upper |= "A" <= ch <= "Z"
            digit |= ch.isdecimal()
            symbol |= ch in _SYMBOLS
        if not (ch in _BODY or ch.isdecimal()):
            run_end = i
            continue
        if not (lower and upper and digit and symbol) or good[run_end] < i + 8:
            continue
        if i and (_word(value[i - 1]) or value[i - 1] in "@."):
            continue
        out.append(i)
    out.reverse()
    return out


def chosen_password(value: str) -> re.Match[str] | None:
    """``_PASSWORD.search(value)``, in time linear in the value."""
    if len(value) <= _SHORT:
        return _PASSWORD.search(value)
    for i in starts(value)[:1]:
        return _PASSWORD.match(value, i)
    return None
