"""An observation that says a step is not to be taken ("Don't run this.", "I won't execute
it.", "This must not be run.", "不要运行。"): the screen reasoning gets (the [not-to-run] cues,
``_negated_execution``), read on each sentence a preamble offers as an observation.
A thing the sentence names before the negation is its subject and the negation a fact about
it ("The tests haven't been run yet.", "Der Dienst startet nicht."), which refuses nothing;
unless that thing is the markup, pointed at ([deictic]: "The command below must not be run.")
or named as a call ([g-call-noun]: "This query must not be run.")."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence

from .cues import Lexicon
from .detect import detect, fold
from .sentences import Refused
from .tables import lexicon
from .whether import inquires
from .words import Token, Tongue, tokenize

__all__ = ["forbidding", "refrained"]

_CLAUSE_BREAK = re.compile(r"[\n.!?;:,。、]")
_NEG_THEN_VERB = 12
"""Characters that may separate a negation from the execution verb it governs ("must not run",
"don't actually run", "不要运行")."""
_VERB_THEN_NEG = 6
"""Characters that may separate an execution verb from a negation after it ("実行しないで",
"실행하지 않")."""


def _negated_execution(view: str, lex: Lexicon) -> str | None:
    """A negation and an execution verb in one clause, a few characters apart: linear in the
    text (two scans, then a merge of the sorted positions)."""
    negs = lex.negation.spans(view)
    if not negs:
        return None
    verbs = lex.execution.spans(view)
    starts = [s for s, _ in verbs]
    for a, b in negs:
        k = bisect_left(starts, b)
        if k < len(starts) and starts[k] - b <= _NEG_THEN_VERB and not _CLAUSE_BREAK.search(
                view, b, starts[k]) and not _alternative(view, a, verbs[k][1]) and not _weighed(view, a, b):
            return view[a : verbs[k][1]]
    for a, b in negs:
        # one word saying both ("çalıştırmamalıyım": must not run)
        k = bisect_left(starts, a)
        if k < len(starts) and starts[k] < b:
            return view[a:b]
    nstarts = [s for s, _ in negs]
    for a, b in verbs:
        k = bisect_left(nstarts, b)
        if k < len(nstarts) and nstarts[k] - b <= _VERB_THEN_NEG and not _CLAUSE_BREAK.search(
                view, b, nstarts[k]) and not _no_arguments(view, negs[k][1], lex):
            return view[a : negs[k][1]]
    return None

def _alternative(view: str, neg: int, at: int) -> bool:
    """The negation at ``neg`` says no other tool is needed ("I don't need to use any other
    tools"): a word of necessity ([g-necessity]) between it and the execution verb ending at
    ``at``, and the verb's next words are determiners ([g-det]) up to a [g-alternative] word
    ("other", "another"), in the text's language. The call itself ("don't use the tool") and
    a prohibition ("must not run any other command") stay negations."""
    t = detect(view)
    words = re.findall(r"[^\W\d_]+", view[neg:at])
    if t is None or not any(t.marked(w, "g-necessity") for w in words):
        return False
    for w in re.findall(r"[^\W\d_]+", view[at : at + 40])[:3]:
        if t.marked(w, "g-alternative"):
            return True
        if not t.has(w, "g-det"):
            return False
    return False


_INFINITIVE = re.compile(r"\s+to\s")


def _weighed(view: str, a: int, b: int) -> bool:
    """The negation at ``view[a:b]`` is an infinitive's ("not to use") inside the yes/no or
    wh- question an inquiry verb of its clause opens (``whether.inquires``: "I should check if
    there's any reason not to use the function"): the reasoning asks whether to refrain, it
    does not refrain. English only; "and" or a joining word between the question and the
    negation ("check if it works and not to run it"), a negation of a finite verb ("check if
    I should not run it") or no inquiry verb ("there's a reason not to use it") stay negations."""
    if _INFINITIVE.match(view, b) is None:
        return False
    t = detect(view)
    if t is None or t.name != "en":
        return False
    start = max((m.end() for m in _CLAUSE_BREAK.finditer(view, 0, a)), default=0)
    toks = tokenize(view[start:a], t)
    return any(inquires(toks, k, t) and not any(
        y.kind == "AND" or t.has(y.text, "g-then") for y in toks[k + 1:]) for k in range(len(toks)))


def _no_arguments(view: str, at: int, lex: Lexicon) -> bool:
    """After the negation ending at ``at``, its clause says the call needs no arguments
    ([no-arguments]: "the call doesn't need any parameters."): a fact about the call's shape,
    not its execution refused."""
    gap = len(view[at:]) - len(view[at:].lstrip())
    return lex.recall.no_arguments.match(view, at + gap) is not None


_NO_SUBJECT = ("g-subject", "g-dem", "g-pron", "g-det", "g-aux", "g-future", "g-you",
               "g-addressee", "g-negation", "g-adverb")
"""Words before a negation that name no thing: a pronoun ("I", "it", "this"), a determiner,
an auxiliary, an adverb; with only these before it, the negation is said of the step."""


def refrained(body: str, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """Why an observation before the announcement says the step is not to be run, or None."""
    lex = lexicon()
    view = fold(body)
    said = next((view[a:b] for a, b in lex.not_to_run.spans(view)), None)
    if said is None:
        said = _negated_execution(view, lex)
    if said is None:
        return None
    # (a disguise undone by the fold moves the offsets: then nothing is a subject)
    at = view.find(said) if view == body else 0
    if _subject_before(tokens, at, t) and not _markup_before(tokens, at, t, view):
        return None
    return Refused("negation", f"rule negation: the observation says {said!r}: a step said "
                   "not to be run is no step announced after it")


def _subject_before(tokens: Sequence[Token], at: int, t: Tongue) -> bool:
    """A content word ends before offset ``at``: a thing the negation is said of."""
    return any(x.end <= at and x.kind == "OPEN" and not any(
        t.has(x.text.casefold(), s) for s in _NO_SUBJECT) for x in tokens)


def _markup_before(tokens: Sequence[Token], at: int, t: Tongue, view: str) -> bool:
    """The words before offset ``at`` point at the markup or name a call."""
    return lexicon().clause_cues["deictic"].search(view, 0, at) is not None or any(
        x.end <= at and t.has(x.text.casefold(), "g-call-noun") for x in tokens)


_FORBIDDING = (("forbidding", "negation", "forbids or vetoes"),
               ("draft", "declared-example", "marks a draft or a reference copy of"))
"""(lexicon section, rule, what the observation does to the step it comes before)."""


def forbidding(body: str) -> tuple[str, str, str] | None:
    """(rule, words, what they do) when an observation forbids, vetoes or bans a step
    ([forbidding]: "Policy forbids this.", "Kim vetoed this.", "禁止执行。") or marks what follows
    as a draft or a reference copy ([draft]: "Draft — do not send.", "For reference, ...").
    Said of anything, it refuses every changing step after it (the preamble's caller checks
    the kinds): the words name no thing the step could be told apart from."""
    view = fold(body).casefold()
    for section, rule, does in _FORBIDDING:
        spans = lexicon().long_cues[section].spans(view)
        if spans:
            a, b = spans[0]
            return rule, view[a:b], does
    return None
