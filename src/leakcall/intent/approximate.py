"""A tilde that says "about" before a number, in an observation (h39a, issue 25; read by
``actors._observation``, rule ``non-prose``).

"(line ~862-875 in sessions.tsx)": a "~" standing alone as a token right before a number
(a count, a line, a range of them) is the written "about" of prose, as in "~5 minutes", not a
home directory ("~/.ssh" is one path token, read as one) nor a shell's or a pattern's mark.
In an observation it is read as that word. Anywhere else (before a word or code, doubled, in
an announcement) it keeps rule ``non-prose``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token

__all__ = ["approximate"]


def approximate(tokens: Sequence[Token], k: int) -> bool:
    """The token at ``k`` is a lone "~" right before a number, not after another "~"."""
    return tokens[k].text == "~" and k + 1 < len(tokens) and tokens[k + 1].kind == "NUM" \
        and (k == 0 or tokens[k - 1].text != "~")
