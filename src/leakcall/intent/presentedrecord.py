"""A sentence presenting a record before the announcement: "Here is yesterday's session log."
(issue 25, h39k, round 56's frame sentences at a distance).

A [g-presenter] phrase with its copula ("here is", "here's", "below is"; the bare adverb
"here" opens other sentences too: "Here the log shows ...") and a noun of a written record
([g-presented-record]: "log", "transcript", "excerpt") anywhere after it, in a sentence that
ends without a colon, presents the text after it as that record: the announcement that follows
is a line of the log, not the assistant's step (rule ``declared-example``, read by
``framing.framed``). A record shown after a colon ("Here's the error log:" and a block) is
the assistant's own observation, and a presenter of anything else ("Here is the plan.", "Here's
the fix.") frames nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["presented_record"]

_LONGEST = 2
"""Most words of a [g-presenter] entry."""


def presented_record(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The presenter and the record noun when the sentence presents a written record; else
    None."""
    words = [x.text.casefold().replace("\u2019", "'") for x in tokens
             if x.kind not in ("COMMA", "DASH")]
    for n in range(_LONGEST, 0, -1):
        head = " ".join(words[:n])
        if len(words) > n and t.marked(head, "g-presenter") and (" " in head or "'" in head):
            record = next((w for w in words[n:] if t.marked(w, "g-presented-record")), None)
            return None if record is None else f"{head} ... {record}"
    return None
