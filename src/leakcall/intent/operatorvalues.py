"""A search operator's value that is a short word of the text (h36d): "Let me narrow the
search to Go repositories." + a code search for ``func main lang:go``.

A content word is found in a call only from three letters on (``references._referenced``):
a shorter one ("go", "js", "c") meets too many words by chance. A search query's operator
(``lang:``, ``language:``, ``ext:``: a key, a colon, its value) says what the search is
limited to, and its value is written whole: a word of the text of one or two letters that is
exactly such a value, as a whole word of the query, names what the search looks in. Only a
call that observes is read so (a search changes nothing), and the query still answers to
every other rule (``elsewhere``, ``looked``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["names"]

_VALUE = re.compile(r"(?:^|[\s(\"'])-?[A-Za-z_]+:([^\W\d_]{1,2})(?=$|[\s)\"',])")
"""A search operator whose whole value is one or two letters (``lang:go``, ``ext:rs``)."""


def names(said: Sequence[str], query: str) -> bool:
    """A word of ``said`` of one or two letters is the whole value of an operator of
    ``query`` (the call's text)."""
    values = {m.group(1).casefold() for m in _VALUE.finditer(query)}
    return bool(values) and any(
        w.strip("`\"'").casefold() in values for w in said if len(w.strip("`\"'")) <= 2)
