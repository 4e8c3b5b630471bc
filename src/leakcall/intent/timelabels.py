"""A word of time that labels a noun names a thing, not when the step is taken (issue 25, rule
``conditional``; ``grounding.timed``).

"I'll share the Q3 report with Priya." with ``file_id: q3-report``: the time word stands
between a determiner and a noun ("the Q3 report", "the Friday standup"), as its modifier, so it
says which report, and the call that carries the label and its noun together, in that order in
one value it does not write as text ("q3-report", "friday_standup"), or as
the whole of a title it does ("subject": "Q3 report"), names that thing. A time
word anywhere else ("pay the invoice in Q3", "share the report on Friday") is when the step is
taken, and so is a label no call carries that way ("the Q3 report" + ``file_id: report-7``, or
"Q3 report" only in a message's body): only observing calls are grounded with it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words
from .protocols import Token, Tongue
from .walk import _keyed_strings

__all__ = ["LENGTH_MARK", "SCHEDULE_MARK", "labelled", "time_labels", "unlabelled"]

LENGTH_MARK = " #"
"""Between the unit and its number in a length's label ("minutes #30", ``lengths``)."""
SCHEDULE_MARK = " @"
"""Between a time and the identifier whose schedule it says ("03:00 @hat052", ``_scheduled``)."""
_JOINS = frozenset({"AND", "COMMA", "ADV"})
"""Tokens that join a second step or clause to a sentence ("and", ",", "then"): a length in
such a sentence may be another step's ("unlock the door and pause for 30 minutes")."""


def time_labels(tokens: Sequence[Token], timed: Sequence[int], t: Tongue) -> list[str]:
    """The time words at ``timed`` (indices of refused times) that label a noun: a determiner
    or a demonstrative right before, a content word of no step right after ("the q3 report"),
    each with that noun ("q3 report"); and those that are the unit of a length closing a sentence
that joins no other step or clause to it ("for 30 minutes", [g-length-prep]), each with its
number and the sentence's words before it ("minutes #30 I'll snooze disk alert", ``lengths``)."""
    out = []
    for k in timed:
        if 0 < k < len(tokens) - 1 and tokens[k - 1].kind in ("DET", "DEM") and (
                tokens[k + 1].kind == "OPEN" and t.kind_of(tokens[k + 1].text) is None
                # a noun of a genre ([g-genre]: "the q3 summary") is a noun too
                and not set(t.sections(tokens[k + 1].text)) - {"g-genre"}):
            out.append(f"{tokens[k].text} {tokens[k + 1].text}")
        elif k >= 2 and tokens[k - 1].kind == "NUM" and t.marked(
                tokens[k - 2].text, "g-length-prep") and (
                    k + 1 == len(tokens) or tokens[k + 1].kind == "!non-prose") and not any(
                    x.kind in _JOINS for x in tokens[:k]):
            # "for 30 minutes" closing a sentence of one step: a length, if the call carries
            # it (``lengths``); "for 30 minutes from now" goes on
            out.append(" ".join((f"{tokens[k].text}{LENGTH_MARK}{tokens[k - 1].text}",
                                 *(x.text for x in tokens[:k - 2] if x.kind == "OPEN"))))
        elif (noun := _scheduled(tokens, k, t)) is not None:
            out.append(f"{tokens[k].text}{SCHEDULE_MARK}{noun}")
    return out


def _scheduled(tokens: Sequence[Token], k: int, t: Tongue) -> str | None:
    """The identifier whose schedule the time at ``k`` says, or None: a word with a digit, a
    comma, a participle of a scheduled thing's movement ([g-schedule-participle]) and its
    preposition right before the time ("flight HAT052, departing at 03:00"; h36a). The
    appositive describes the thing the identifier names; a time anywhere else ("change it to
    HAT052 at 03:00") is when the step is taken."""
    if k < 4 or tokens[k - 1].kind != "PREP" or tokens[k - 3].kind != "COMMA" \
            or not t.marked(tokens[k - 2].text, "g-schedule-participle"):
        return None
    noun = tokens[k - 4]
    return noun.text if noun.kind in ("OPEN", "CODE") and any(
        c.isdigit() for c in noun.text) else None


def unlabelled(times: list[str], labels: Sequence[str]) -> list[str]:
    """The time words read in a sentence less one for each label's first word: a time that
    labels a noun waits for nothing. A label whose first word was not read as a time (the
    label "3 pm shift" where the time read is "pm") takes nothing away: that time stays a
    time, the stricter reading."""
    left = list(times)
    for label in labels:
        if label.split()[0] in left:
            left.remove(label.split()[0])
    return left


def labelled(label: str, args: Mapping[str, Any]) -> bool:
    """The call carries the label and its noun as two words in a row of one value that is no
    text it writes ([keys-prose]: a message, a body, a title), or as the whole of one that is
    (a subject or a title "Q3 summary": the name of the thing sent, no sentence about a time)."""
    want = [w.casefold() for part in label.split() for w in name_words(part)]
    prose = _keys("prose")
    for key, value in _keyed_strings(args):
        words = [w.casefold() for w in name_words(value)]
        if set(name_words(key)) & prose:
            # prose may say when ("the Q3 report is due Friday"); a value that is only the
            # label names the thing
            if words == want:
                return True
            continue
        if any(words[i : i + len(want)] == want for i in range(len(words))):
            return True
    return False
