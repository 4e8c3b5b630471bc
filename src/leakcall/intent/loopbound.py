"""A loop bound on a step that only looks (issue 25, rule ``conditional``).

"I'll continue fetching pages until an empty array is returned." before a call that reads one
page: the "until" clause says when the reading stops, by what the reading itself returns, not a
time or an approval to wait for. A word of bounding ([g-loop-bound]: "until") after a step whose
every verb observes opens the clause ``opened`` reads as a slot when what follows it is a noun
phrase (an article or a number, then words of no kind), a copula ([g-copula]: "is", "are") and,
last, a word of a result running out ([g-loop-end]: "returned", "empty", "exhausted"). Only
looking calls are then grounded (``opened.looked``). The same result said as what the speaker
receives (h30a: "by calling `looping_answer` until we receive an empty array"): the speaker
([g-loop-subject]: "we", "I"), a verb of receiving ([g-loop-receive]: "receive", "get") and a
noun phrase of such words holding a word of running out ("an empty array"). A count reached
(h31c: "find prime numbers until 50 primes are collected"): a number, words of no kind, a
copula and a word of a count's gathering ([g-loop-count-end]: "collected", "found"). "until the user
approves", "until the build passes", "until 5pm", "until we receive your approval", "until
they receive an empty array" name no result running out and stay conditions; a changing step
before "until" ("keep deleting pages until ...") opens no clause."""

from __future__ import annotations

from collections.abc import Sequence

from .observing import OBSERVING
from .words import Token, Tongue

__all__ = ["bounds", "count_read", "going_on", "only_bounds"]


def bounds(tokens: Sequence[Token], j: int, t: Tongue) -> bool:
    """The word at ``j`` bounds the looking before it by a result running out (see the
    module): "until" + a noun phrase + a copula + a word of [g-loop-end], closing the
    sentence."""
    if not t.has(tokens[j].text, "g-loop-bound"):
        return False
    clause = tokens[j + 1 :]
    if len(clause) >= 3 and t.has(clause[-1].text, "g-loop-end") and t.has(
            clause[-2].text, "g-copula"):
        return _result(clause[:-2], t)
    if _count_bound(clause, t):
        return True
    # h30a: "until we receive an empty array": the speaker receiving a result run out
    return len(clause) >= 3 and t.marked(clause[0].text, "g-loop-subject") and t.marked(
        clause[1].text, "g-loop-receive") and _result(clause[2:], t) and any(
        t.has(x.text, "g-loop-end") for x in clause[2:])


def _count_bound(clause: Sequence[Token], t: Tongue) -> bool:
    """h31c: "until 50 primes are collected": a count of what the looking gathers, reached
    (a number, a noun phrase of ``_result``'s words, a copula, [g-loop-count-end])."""
    return len(clause) >= 4 and t.marked(clause[-1].text, "g-loop-count-end") and t.has(
        clause[-2].text, "g-copula") and _counted(clause[0].text) and _result(clause[1:-2], t)


def count_read(tokens: Sequence[Token], j: int, t: Tongue) -> list[Token]:
    """The clause after the loop bound at ``j`` with its count read as a number, not the time
    "until 50" would be alone (``_count_bound``); any other clause as it is."""
    clause = list(tokens[j + 1 :])
    if t.has(tokens[j].text, "g-loop-bound") and _count_bound(clause, t):
        clause[0] = Token("NUM", clause[0].text, clause[0].start, clause[0].end)
    return clause


def _counted(word: str) -> bool:
    """The word is a count: digits only, no amount, time or date ("50", not "$50", "5pm")."""
    return word.isascii() and word.isdigit()


def _result(noun: Sequence[Token], t: Tongue) -> bool:
    """``noun`` is a noun phrase of what a reading returns: an article (no reader's), then words
    of no kind and of no class but a common noun's ("an empty array", "the results"); never a
    party, an approval or a time."""
    if not noun:
        return False
    k = 1 if noun[0].kind in ("DET", "NUM") and t.has(noun[0].text, "g-article") and not t.has(
        noun[0].text, "g-addressee") else 0
    return k < len(noun) and all(x.kind == "OPEN" and t.kind_of(x.text) is None and (
        set(t.sections(x.text)) <= _NOUNISH) for x in noun[k:])


_NOUNISH = frozenset({"g-common", "g-sense-navigate", "g-state", "g-loop-end"})
"""Classes a word of the noun phrase may hold: a common noun ("results"), a page, a state
("empty")."""


def going_on(lead: Sequence[Token], t: Tongue) -> list[Token]:
    """The step before a loop bound without a verb of going on ([g-perform], [g-keep]:
    "continue", "keep") right before a verb of an observing kind ("continue fetching"): the
    looking verb is the step; any other verb after it ("keep deleting") stays to refuse."""
    return [x for k, x in enumerate(lead) if not (
        x.kind in ("OPEN", "ACTING") and (t.has(x.text, "g-perform") or t.has(x.text, "g-keep"))
        and k + 1 < len(lead) and lead[k + 1].kind == "OPEN"
        and t.kind_of(lead[k + 1].text) in OBSERVING)]


def only_bounds(words: Sequence[str], ts: Sequence[Tongue]) -> bool:
    """The words read as slots (``Announcement.opened``) are loop bounds alone, each "until" up
    to its copula and word of [g-loop-end], or (h30a) up to the next "until" after the speaker
    and a verb of receiving ("until we receive an empty array"): a clause read whole, which
    carries nothing a fetch could send, so an observing call (a fetch, a computation) is
    grounded after it too."""
    def has(w: str, s: str) -> bool:
        return any(t.has(w, s) or t.marked(w, s) for t in ts)
    k = 0
    while k < len(words):
        if not has(words[k], "g-loop-bound"):
            return False
        if k + 2 < len(words) and has(words[k + 1], "g-loop-subject") and has(
                words[k + 2], "g-loop-receive"):
            stop = next((j for j in range(k + 3, len(words)) if has(words[j], "g-loop-bound")),
                        len(words))
            if not any(has(w, "g-loop-end") for w in words[k + 3 : stop]):
                return False
            k = stop
            continue
        e = next((j for j in range(k + 2, len(words))
                  if (has(words[j], "g-loop-end") or (_counted(words[k + 1]) and has(
                      words[j], "g-loop-count-end"))) and has(words[j - 1], "g-copula")), None)
        if e is None:
            return False
        k = e + 1
    return bool(words)
