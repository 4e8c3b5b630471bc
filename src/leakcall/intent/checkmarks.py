"""Check marks closing an observation (issue 25, rule ``non-prose``).

"**POLICY CHECK:** Max 1 certificate ✓, max 1 credit card ✓" + "Everything checks out.
Proceeding.": a check mark ([MARKS]: U+2713, U+2714) right after a fact's last word, number,
bracket or stop, closing its line or its clause (a comma, a stop or a bracketed note after it
and nothing else: "Max 1 certificate ✓ (certificate_3765853)"), says that fact was verified:
the assistant's own observation, which announces nothing. Such marks are read as nothing, and
the preamble is read without them, each sentence as before (the step after the list must still
be announced and grounded).

A line whose mark closes a step ("- Delete the old backups ✓", "Let me cancel it ✓": a done
task's tick, read alone the line announces a step, ``preamble.announce``) keeps every mark
refused, and so does a mark anywhere else (opening a line, "✓ Delete ...", between words, two
in a row): a symbol there is no observation's tick."""

from __future__ import annotations

import re
import unicodedata

from .view import normalize

__all__ = ["MARKS", "unchecked"]

MARKS = frozenset("\u2713\u2714")
"""Check marks (✓, ✔): verified. Not the ballot box with a check (✅, a state's icon)."""

_MARK = re.compile(
    r"(?<=[^\W_]|[)\].%$*])[ \t]*[\u2713\u2714]"
    r"(?=[ \t]*(?:\([^()\n]*\)[ \t]*)?(?:$|[,.;]))", re.MULTILINE)
"""A mark after a word, number, bracket, stop or emphasis, then at most a bracketed note, then
the line's end or a comma, stop or semicolon."""


def unchecked(text: str) -> str:
    """``text`` without the check marks that close its observations (see the module), or
    ``text`` itself when a mark stands anywhere else or closes a line that announces a step."""
    if not any(ch in MARKS for ch in text):
        return text
    lines = text.split("\n")
    out: list[str] = []
    for line in lines:
        bare = _MARK.sub("", line)
        if any(ch in MARKS for ch in bare):
            return text  # a mark in another place: a symbol, as before
        if bare != line and _announces(bare):
            return text  # "- Delete the old backups ✓": a done step's tick
        out.append(bare)
    return "\n".join(out)


_LEAD = re.compile(r"^[ \t]*(?:(?:\d{1,2}[.)]|[-*\u2022+])[ \t]+)?(?:\*\*[^*\n]{1,40}:\*\*[ \t]*)?")
"""A line's list marker and its bold label ("2. **POLICY CHECK:** "), read apart from it."""


def _announces(line: str) -> bool:
    """The line announces a step: read alone, or its words (list marker and bold label aside)
    after the opener "let me" (an item "Delete the old backups" is a step, "Max 1
    certificate" none), the grammar places it as an announcement."""
    from .preamble import Announcement, announce  # noqa: PLC0415 - preamble loads after prose

    whole = normalize(unicodedata.normalize("NFKC", line.strip()))
    said = normalize(unicodedata.normalize("NFKC", _LEAD.sub("", line).strip()))
    return any(isinstance(announce(v), Announcement) for v in (whole, f"let me {said}") if said)
