"""The regex of one lexicon entry as the observation readers search for it in a sentence."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .words import UNSPACED

__all__ = ["alternation", "entry_regex", "headed"]

_HANGUL = re.compile("[\uac00-\ud7a3]")
_LEFT = r"(?<!\w)"
"""The left edge of an entry that starts with a word character."""


def entry_regex(entry: str) -> str:
    """``entry`` (words, ``*`` any word characters) as a pattern: its words with any spacing
    between them, at word edges where its script spaces words; an entry that starts or ends
    in an unspaced script or in Hangul (whose particles join the word) matches anywhere
    there. "'d break" follows its word's letters ("it'd break"): a left edge only at a
    letter."""
    body = r"\s+".join(re.escape(p).replace(r"\*", r"\w*") for p in entry.split())
    if any(UNSPACED.match(ch) or _HANGUL.match(ch) for ch in entry[:1] + entry[-1:]):
        return body
    left = _LEFT if re.match(r"\w", entry) else ""
    return rf"{left}{body}(?!\w)"


def alternation(entries: Iterable[str]) -> str:
    """One pattern of the entries in order (``entry_regex`` each, the first that matches at a
    place wins): the left edge that entries in a row share is written once before them, so
    that each entry's own first character is tried without a lookbehind first (the same
    matches, many times faster on a long list)."""
    out: list[str] = []
    run: list[str] = []
    for e in entries:
        x = entry_regex(e)
        if x.startswith(_LEFT):
            run.append(x[len(_LEFT):])
            continue
        if run:
            out.append(f"{_LEFT}(?:{'|'.join(run)})")
            run = []
        out.append(x)
    if run:
        out.append(f"{_LEFT}(?:{'|'.join(run)})")
    return "|".join(out)


def headed(entries: Iterable[tuple[str, str]], section: str) -> list[tuple[str, str]]:
    """(head, words) of the section's entries of the form "<head> <words>" ("pay paid":
    the kind or step first, then what is said), from a language's (section, entry) pairs."""
    return [(head, words) for sec, entry in entries if sec == section
            for head, _, words in [entry.partition(" ")] if words.strip()]
