"""Waiting on a running task (issue 25, rule ``conditional``).

"Still running. Let me wait for it to complete." before a call that reads a background task's
output (``TaskOutput``, blocking): waiting for the task is the step, when the call reads it. A
word of waiting ([g-wait]) right after an opener or a verb of going on with a step ("continue",
[g-perform]; "继续"), closing the sentence alone, with an adverb, with how much longer ([g-wait-more]:
"longer") or with the running task waited for ("for it", "for the gen task", "等待结果") and what
it is to do ("to complete"), is read as a word and kept as a time to come (``Announcement.times``):
a call that changes something would wait (``grounding.timed``), and every other call must read a
running task's output (``polled``): a tool named by nouns of a task and, last, of its output
([task-noun], [task-output] of kinds.txt: "TaskOutput", "job_status"), which reads it
(``toolkinds.tool_kinds``). So "Let me wait for your OK, then delete the branch." grounds no delete
(a party's OK is no task), "Let me wait for it to complete." no ``rm -rf``, no ``TaskStop`` and
no ``read_file``, and "I'll wait until 5pm." nothing (a condition, no slot)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .kindsfile import section
from .named import name_words
from .tables import english, tongues_of
from .words import Token, Tongue

__all__ = ["bare_waits", "polled", "polls", "task_named", "waited"]

_T = TypeVar("_T", bound=Token)

def polls(words: Sequence[str]) -> bool:
    """A tool name's ``words`` name a running task's output and nothing else: nouns of a task
    ([task-noun]) and, last, a noun of its output ([task-output]): "TaskOutput", "job_status"."""
    tasks, outputs = section("task-noun"), section("task-output")
    if len(words) >= 2 and english().has(words[0], "g-wait") and all(w in tasks for w in words[1:]):
        return True  # "wait_task": a blocking read of a running task (h99f)
    return len(words) >= 2 and words[-1] in outputs and all(w in tasks for w in words[:-1])


def _lead(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """What stands before the word of waiting at ``k``: an opener, a verb of going on with a
    step ("continue", "keep"), adverbs between ("let me just wait")."""
    j = k - 1
    while j >= 0 and tokens[j].kind == "ADV":
        j -= 1
    if j < 0:
        return False
    x = tokens[j]
    if x.kind == "OPENER":
        return True
    if x.kind in ("ACTING", "OPEN") and (t.has(x.text, "g-perform") or t.has(x.text, "g-keep")
                                         or t.kind_of(x.text) == "generic"):
        return j == 0 or _lead(tokens, j, t) or tokens[j - 1].kind in ("COMMA", "DASH")
    return False


def _task(thing: Sequence[Token], t: Tongue) -> bool:
    """The thing waited for is a running task: a pronoun of a thing ("it", "them"), a task
    named in code ("`gen-docs`"), or a noun phrase headed by a noun of a task or its output
    ([task-noun], [task-output]: "the gen task", "the build", "结果"), under no possessive of a
    party ("your", "Dana's"); never a party, an approval or a time ("the user", "your OK")."""
    nouns = section("task-noun") | section("task-output")
    head = thing[-1]
    if len(thing) >= 2 and _NAMED.fullmatch(head.text) and head.kind in ("OPEN", "CODE") \
            and not t.sections(head.text):
        return _task(thing[:-1], t)  # "task bld-42": a task noun and the task's name
    if len(thing) == 1 and head.kind == "PRON":
        return not t.has(head.text, "g-actor") and not t.has(head.text, "g-user")
    if head.kind == "CODE":
        return all(x.kind in ("CODE", "AND", "COMMA") for x in thing)
    if head.kind != "OPEN" or not {head.text, *t.concepts.get(head.text, ())} & nouns:
        return False
    # "the gen task": words of no class, after an article that is no reader's ("your")
    return all((x.kind == "OPEN" and not t.sections(x.text)) or (
        x.kind == "DET" and t.has(x.text, "g-article") and not t.has(x.text, "g-addressee"))
        for x in thing[:-1])


def task_named(thing: Sequence[Token], t: Tongue) -> bool:
    """``thing`` names a running task (``_task``: "it", "`gen-docs`", "the build")."""
    return _task(thing, t)


_NAMED = re.compile(r"(?:`|(?<![\w.-]))(?=[\w.-]*?\d)[\w.-]++`?")
r"""A task's name as written: a word with a digit ("bld-42", "`job-17`"); never started inside a
run nor backtracked (the same matches as ``r"`?[\w.-]*\d[\w.-]*`?"``, linear on a long run)."""
_BOUND = frozenset({"PARTICLE", "TO", "PREP", "ADV", "NUM", "OPEN"})


def _unbounded(rest: Sequence[Token], t: Tongue) -> Sequence[Token]:
    """``rest`` without a closing parenthesis that bounds the wait by a number of a unit
    ("(up to 300 seconds)"): the call's timeout, no step. Any other word in it keeps it."""
    if not rest or rest[-1].kind != "RPAR":
        # h99f: the same bound after a comma closing the sentence (", up to 300 seconds")
        p = max((j for j, x in enumerate(rest) if x.kind == "COMMA"), default=-1)
        inner = rest[p + 1 :]
        if p < 1 or not inner or any(t.has(x.text, "g-sequence") for x in inner):
            return rest  # ", then 300 seconds" is a step after the wait
    else:
        p = max((j for j, x in enumerate(rest) if x.kind == "LPAR"), default=-1)
        inner = rest[p + 1 : -1]
    if p < 1 or not all((x.kind in _BOUND and (x.kind != "OPEN" or t.kind_of(x.text) is None))
                        or (j and inner[j - 1].kind == "NUM" and x.kind == "!conditional")
                        for j, x in enumerate(inner)) or not any(
            x.kind == "NUM" and j + 1 < len(inner) and inner[j + 1].kind in ("OPEN", "!conditional")
            for j, x in enumerate(inner)):
        return rest
    return rest[:p]


def _rest(rest: Sequence[Token], t: Tongue) -> bool:
    """What follows the word of waiting: nothing, adverbs ("a bit longer"), or the running task
    waited for ("for it", "for the gen task", "结果") and what it is to do ("to complete")."""
    rest = _unbounded(rest, t)
    if all(x.kind == "ADV" for x in rest) or t.marked(" ".join(x.text for x in rest), "g-wait-more"):
        return True
    k = 1 if rest[0].kind == "PREP" and t.has(rest[0].text, "g-topic-prep") else 0
    k = next((k + n for n in (3, 2) if t.marked(" ".join(x.text for x in rest[k : k + n]),
                                                 "g-task-end")), k)  # "la fin de" (h99f)
    end = next((j for j in range(k, len(rest)) if rest[j].kind == "TO"), len(rest))
    if not rest[k:end] or not _task(rest[k:end], t):
        return False
    done = rest[end + 1 :]
    # "to finish", "to complete": one verb of what the task does, no step of a kind
    return not done or (len(done) == 1 and done[0].kind == "OPEN"
                        and t.kind_of(done[0].text) in (None, "generic"))


def waited(tokens: Sequence[Token], x: Token, t: Tongue) -> bool:
    """The condition word ``x`` is a word of waiting on a running task (see the module)."""
    k = next((j for j, y in enumerate(tokens) if y is x), None)
    if k is None or not t.has(x.text, "g-wait") or not _lead(tokens, k, t):
        return False
    return _rest(tokens[k + 1 :], t)


_BEFORE = frozenset({"ACK", "COMMA", "DASH", "ADV"})
"""Tokens after which a clause may open with its verb: acknowledgements, a dash, adverbs."""


def bare_waits(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with an opener read before a clause that opens with a word of waiting whose
    subject the language drops ([g-wait-bare]: "等待结果……", as "(I'm) waiting for the
    results"; h30a) and names the running task waited for after it (``_rest``: "结果", "for
    it", or how much longer): the speaker's own wait, as "继续等待" is. A word before it of
    any other class ("用户等待结果": a subject of its own), nothing named after it ("等待。"),
    or a party or an approval waited for ("等待用户确认") keep the word's refusal."""
    k = next((k for k, x in enumerate(tokens) if x.kind not in _BEFORE), None)
    if k is None or not t.marked(tokens[k].text, "g-wait-bare"):
        return list(tokens)
    rest = [x for x in tokens[k + 1 :] if x.kind != "!non-prose"]
    if all(x.kind == "ADV" for x in rest) or not _rest(rest, t):
        return list(tokens)
    x: Any = tokens[k]
    return [*tokens[:k], replace(x, kind="OPENER", text="", end=x.start), *tokens[k:]]


def polled(ann: Any, calls: Sequence[tuple[str, Mapping[str, Any]]],
           schemas: Mapping[str, Mapping[str, Any]] | None = None,
           descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call after a word of waiting read as a word (``waited``) is no read of a running
    task's output, or None."""
    said = [w for w in ann.times for t in tongues_of(ann.tongues) if t.has(w, "g-wait")]
    if not said:
        return None
    for name, args in calls:
        if not polls(name_words(name)):
            return (f"the announcement waits ({said[0]!r}), and {name!r} reads no running "
                    "task's output: the step it takes would come after the wait")
        extra = next((k for k in args if not set(name_words(k)) <= _WAIT_KEYS | section(
            "task-noun")), None)
        if extra is not None:
            return (f"the announcement waits ({said[0]!r}), and {name!r} carries {extra!r}, "
                    "which is neither the task waited for nor how long")
    return None


_WAIT_KEYS = frozenset({"id", "ids", "name", "timeout", "seconds", "secs", "sec", "s", "ms",
                        "millis", "milliseconds", "minutes", "max", "wait", "block", "blocking",
                        "poll", "interval", "time"})
"""Words of the keys a wait takes: the task's name and a bound on how long."""



def net_preps(tokens: list[_T], t: Tongue) -> tuple[list[_T], list[str]]:
    """The tokens with each condition word of ``net_of`` read as the preposition it is, and
    those words: the announcement's times, with which only observing calls are grounded."""
    at = [k for k, x in enumerate(tokens) if x.kind == "!conditional" and net_of(tokens, x, t)]
    return ([replace(x, kind="PREP") if k in at else x for k, x in enumerate(tokens)],
            [tokens[k].text for k in at])


def net_of(tokens: Sequence[Token], x: Token, t: Tongue) -> bool:
    """The condition word ``x`` is a preposition of time ([g-time-prep]: "after") right after
    a noun of a figure ([g-figure-noun]: "total", "balance", "price") and before what it is
    net of ("calculate the total after tax", "the remaining balance after applying your
    certificates"): it says which figure, not when the step is taken (h36e). Read as a time
    is: only observing calls are grounded with it, so "transfer the balance after the
    review" still waits. A condition word of no preposition ("the total if ..."), one after
    any other noun ("the report after lunch") and one closing the sentence keep their
    reading."""
    k = next((j for j, y in enumerate(tokens) if y is x), None)
    if k is None or not 0 < k < len(tokens) - 1 or x.text not in t.time_preps:
        return False
    return tokens[k - 1].kind == "OPEN" and t.marked(tokens[k - 1].text, "g-figure-noun") and \
        tokens[k + 1].kind in ("OPEN", "DET", "NUM")
