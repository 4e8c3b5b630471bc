"""A report promised when a running task ends (issue 25, rule ``conditional``; read by ``rereading``).

"Both commands are running in the background. I'll let you know when they complete." before a
blocking read of the tasks' output (``TaskOutput``): telling the user comes after the tasks end, so
the step taken now is the wait for them, as "I'll wait for them to complete." says. An opener, a
phrase of telling the user later ([g-wait-report]: "let you know", "report back"), a word of time
([g-wait-when]: "when", "once"), a running task as its subject ([g-task-subject]: "they", "it", or a
task ``waiting`` reads: "the build", "`gen-docs`") and a phrase of its ending ([g-task-done]:
"complete", "finish", "is done") closing the sentence are read as that wait ("wait for them to
complete"); ``waiting`` then grounds only a call that reads a running task's output, and any other
call would wait. A party or the user as the subject ("when you approve", "when the admin
replies"), another verb ("when they fail"), a word after the ending, or a verb other than telling
("I'll deploy when they complete") keep the condition."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .markedrun import marked_run
from .waiting import task_named
from .words import Token, Tongue

__all__ = ["report_wait"]

_T = TypeVar("_T", bound=Token)



def report_wait(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with a report promised when a running task ends read as the wait for it
    (module docstring); else the tokens as they are."""
    out = list(tokens)
    k = next((j for j, x in enumerate(out) if x.kind == "OPENER"), None)
    if k is None or any(x.kind != "ADV" for x in out[:k]):
        return out
    told = marked_run(out, k + 1, t, "g-wait-report")
    at = k + 1 + told
    if not told or at >= len(out) or out[at].kind != "!conditional" \
            or not t.marked(out[at].text, "g-wait-when"):
        return out
    rest = out[at + 1 :]
    # the ending closes the sentence: the longest entry reaching the end
    done = next((n for n in range(1, len(rest)) if t.marked(
        " ".join(x.text for x in rest[len(rest) - n :]), "g-task-done")), 0)
    subject = rest[: len(rest) - done]
    if not done or not subject or not (
            (len(subject) == 1 and t.marked(subject[0].text, "g-task-subject"))
            or task_named(subject, t)):
        return out
    x, y, end = out[k + 1], out[at], out[-1]
    z: Any = y
    # "wait for it to complete": the wait slot ``waiting`` reads, over the words it stands for
    wait = [replace(z, kind="!conditional", text="wait", start=x.start, end=y.end),
            replace(z, kind="PREP", text="for", start=y.end, end=y.end),
            replace(z, kind="PRON", text="it", start=y.end, end=y.end),
            replace(z, kind="TO", text="to", start=y.end, end=y.end),
            replace(z, kind="OPEN", text="complete", start=y.end, end=end.end)]
    return out[: k + 1] + wait
