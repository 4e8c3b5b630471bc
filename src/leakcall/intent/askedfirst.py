"""What an observation leaves open: a question before the announcement, a colon after it
(issue 25, rules ``question`` and ``unknown-preamble``).

"I'm wondering if you might be referring to your other reservation 4OG6T3 (BOS to LAS)? Let
me check the status of those flights:" + ``get_flight_status``: the question waits for the
reader's answer, and the step announced after it is a look that does not need one. A question
mark is read as the end of an observation when a sentence follows it (``answered_after``,
``prose.preamble_verdict``); the observation's question is then a condition it says
(``Announcement.waits``), so grounding lets only observing calls through
(``grounding.timed``): "Shall I cancel it? Let me cancel it." still refuses, as a question
that closes the preamble, one that parses as an announcement ("Shall I check the logs?") and
one after the announcement of a changing step do.

"Now let me check if there are any tests that combine `set_output` with remainder. Based on
the bug description, this seems to be the missing case:" + ``Grep``: an observation closing
the preamble with a colon, after an announcement of no changing step, hands the markup over
as what the look finds (``hands_over``); it is screened as an observation and its words are
a condition the same way, so only observing calls are grounded ("Let me check the logs. The
fix is this command:" + a delete refuses). Such an observation after a changing step, one
ending in a full stop, and one with a list after its colon are read as before.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from .itemized import JOIN as _JOIN
from .words import Token, Tongue

__all__ = ["answered_after", "asking", "hands_over", "question_mark", "question_of"]

_WORD = re.compile(r"\w")
_OPENED_ITEM = re.compile(r"[*_]*[ \t]*\n[ \t]*(?:[-*+\u2022]|\d+[.)])\s")
"""The end of a question's line before a list's first item ("?**\n- acme/web")."""
_SOURCE_WORDS = ("g-content", "g-report", "g-report-ask", "g-directive")
"""Words of what a source holds, says, asks or directs."""


def answered_after(unquoted: str) -> bool:
    """A sentence follows the last question mark of the text (quotations, code spans and URLs
    already blanked: ``prose._asks`` reads the same text), one that closes its question ("?",
    "？"): a word after it. A question opened last ("¿Borro el repositorio acme/payments"), one
    heading a list and a mark of another script stay the text's question."""
    marks = [k for k, ch in enumerate(unquoted) if question_mark(ch)]
    if not marks or unquoted[marks[-1]] not in "?？":
        return False
    rest = unquoted[marks[-1] + 1:]
    # a question heading a list ("**Should I delete these?**\n- acme/web") labels its items
    return _WORD.search(rest) is not None and _OPENED_ITEM.match(rest) is None


def question_mark(ch: str) -> bool:
    """A question mark of any script ("?", "¿", "？", "؟": by its Unicode name)."""
    return ch in "?¿" or (not ch.isascii() and "QUESTION" in unicodedata.name(ch, ""))


def asking(end: str) -> bool:
    """The sentence's end marks ask ("?", "？"); a list's item that asks ("- acme/web?", joined
    to its list by ``itemized.JOIN``) is no observation's question."""
    return ("?" in end or "？" in end) and _JOIN not in end


def hands_over(end: str, tokens: Sequence[Token], t: Tongue) -> bool:
    """The last sentence's end marks close it with a colon ("：" too), no list after it, and it
    says nothing of what a source holds or says ([g-content]: "it contains:", [g-report]:
    "the page says:", [g-directive]): that colon hands over a source's text, not a finding."""
    return end.rstrip().endswith((":", "：")) and _JOIN not in end and not any(
        t.has(x.text, s) for x in tokens for s in _SOURCE_WORDS)


def question_of(body: str, asked: bool) -> str:
    """The words of an observation a refusal names (its first 40 characters), a question's
    with its mark ("?": rule ``question``, ``grounding.asked_first``), a colon's without."""
    return " ".join(body.split())[:40] + ("?" if asked else "")
