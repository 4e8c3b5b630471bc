"""A relative clause on the object of an observing step ("Let me look at the function that
parses invoices.", "Let me find the process that's holding it."): the relative pronoun
([g-relative-pronoun]) opens a clause with no subject of its own that says which thing the step looks
at, read as a clause a check finds out (INQUIRY: its verbs take no step). Only an announcement
whose every step before it observes reads it so: on the object of a step that changes
something ("delete the files that ..."), a clause that restricts the object is where a wider
scope or a described harm hides, and the pronoun refuses as before."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .observing import OBSERVING
from .protocols import Token, Tongue

__all__ = ["finite_verb", "headed", "in_relative", "inquiry_links", "looked_up", "opens_later",
           "opens_relative", "opens_zero_relative", "relative_effects", "relative_shape"]

_T = TypeVar("_T", bound=Token)


_SUBJECTS = ("g-det", "g-dem", "g-pron", "g-subject", "g-you", "g-addressee", "g-actor",
             "g-user")
"""Classes of a word that opens a noun phrase: after the pronoun it is the clause's own subject
("the notes that the user left"), and the clause is no relative on the object."""

_SLOT = ("OPENER", "HELP", "YOU", "TO", "AND", "ACTING")
"""Tokens after which a word stands in a verb's slot (adverbs and courtesies between)."""


def opens_relative(text: str, after: Sequence[tuple[str, str, int, int, list[str]]],
                   tokens: Sequence[Token], t: Tongue) -> bool:
    """The word ``text`` opens a relative clause with no subject of its own on a noun of the
    object of an observing announcement. ``after`` holds the next piece of the sentence, if any
    (kind, text, start, end, sections), ``tokens`` the tokens before."""
    if not relative_shape(text, after, tokens, t):
        return False
    return _observing(tokens, t)


def relative_shape(text: str, after: Sequence[tuple[str, str, int, int, list[str]]],
                   tokens: Sequence[Token], t: Tongue) -> bool:
    """The word ``text`` opens a relative clause with no subject of its own on a noun before
    it, whatever the step (``opens_relative``; ``modifiers.restricts``)."""
    if not t.has(text, "g-relative-pronoun") or len(tokens) < 2:
        return False
    noun, before = tokens[-1], tokens[-2]
    # inside a clause of inquiry no verb takes a step: a word after "and" or a comma there
    # ("check if any files need updating, or tests that should be added") is a noun
    slots = ("OPENER", "HELP", "YOU", "TO", "ACTING", "CLITIC") if any(
        x.kind == "INQUIRY" for x in tokens) else (*_SLOT, "COMMA", "CLITIC")
    if noun.kind not in ("OPEN", "CODE", "PRON") or before.kind in slots:
        return False  # "check that ...": the verb's complement, not a noun's relative
    if not after or after[0][0] != "W":
        return False  # "the notes that `deploy.sh` wrote"
    secs = after[0][4] or t.sections(after[0][1])
    # "the notes that the user left": a clause with a subject of its own
    return not any(s in secs for s in _SUBJECTS) or any(s in secs for s in ("g-aux", "g-copula"))


def opens_later(text: str, after: Sequence[tuple[str, str, int, int, list[str]]],
                tokens: Sequence[Token], t: Tongue) -> bool:
    """The word ``text`` is a preposition of what comes first ([g-before]) after the object of
    an observing announcement, before a subject of its own ("Let me check git status before I
    make any changes."): it opens a clause saying what comes after the step, read as a clause a
    check finds out (its verbs take no step). On a step that changes something the clause may
    be a condition on it, and it refuses as before."""
    if not t.has(text, "g-before") or not tokens or tokens[-1].kind not in (
            "OPEN", "CODE", "NUM", "PRON"):
        return False
    if not after or after[0][0] != "W":
        return False
    secs = after[0][4] or t.sections(after[0][1])
    return any(s in secs for s in _SUBJECTS) and _observing(tokens, t)


def opens_zero_relative(text: str, after: Sequence[tuple[str, str, int, int, list[str]]],
                        tokens: Sequence[Token], t: Tongue) -> bool:
    """The word ``text`` is an anaphoric pronoun subject ([g-subject] and [g-pron]: "it") right
    after a noun of the object of an observing announcement, before a copula or an auxiliary
    ("Let me find every place it is used."): it opens a relative clause with no pronoun of its
    own, read as a clause a check finds out (its verbs take no step). A noun phrase there
    ("check the file the user sent") stays two phrases juxtaposed."""
    if not (t.has(text, "g-subject") and t.has(text, "g-pron")) or len(tokens) < 2:
        return False
    if tokens[-1].kind != "OPEN" or tokens[-2].kind in (*_SLOT, "COMMA", "CLITIC"):
        return False
    if not after or after[0][0] != "W":
        return False
    secs = after[0][4] or t.sections(after[0][1])
    return (any(s in secs for s in ("g-aux", "g-copula")) or finite_verb(after[0][1], t)) and (
        _observing(tokens, t))


def finite_verb(word: str, t: Tongue) -> bool:
    """The word is a verb in a form that is no imperative: a stem of a known kind and an ending
    of [g-finite-ending] ("reads", "registers")."""
    return any(word.endswith(e) and len(word) > len(e) and t.has(e, "g-finite-ending")
               and t.kind_of(word[: -len(e)]) is not None for e in (word[-1:], word[-2:], word[-3:]))


def inquiry_links(tokens: list[_T], t: Tongue) -> list[_T]:
    """The tokens with the finite verb of a clause a check finds out read as a link (AUX) where
    an object with its own determiner follows it ("look at how the router registers the
    handlers"): after the clause's subject, that verb takes no step, as a copula there takes
    none ("check whether the file is empty"); the grammar reads the object after it as after
    a link. Only in a sentence whose steps before the clause all observe (``_observing``:
    "update how the router registers ..." is read as before); outside such a clause, or with
    no determiner after it, the tokens are as they are."""
    out = list(tokens)
    if not any(x.kind == "INQUIRY" for x in out) or not _observing(out, t):
        return out
    inquiry = False
    for k, x in enumerate(out):
        if x.kind == "INQUIRY":
            inquiry = True
        elif (inquiry and x.kind == "OPEN" and 0 < k < len(out) - 1
              and out[k - 1].kind in ("OPEN", "CODE") and out[k + 1].kind in ("DET", "DEM")
              and finite_verb(x.text, t)):
            y: Any = x
            out[k] = replace(y, kind="AUX")
    return out


def _observing(tokens: Sequence[Token], t: Tongue) -> bool:
    """Every step the sentence announces before the first clause of inquiry (after which no
    verb takes a step) only observes: each word of a changing kind refuses (a noun too, "the
    commit": no closer reading is needed to stay safe), and a verb in a verb's slot is of an
    observing kind or a generic verb of checking ([g-inquiry-verb]: "check", "see")."""
    for k, x in enumerate(tokens):
        if x.kind == "INQUIRY":
            break
        if x.kind not in ("OPEN", "ACTING"):
            continue
        kind = t.kind_of(x.text)
        if kind in OBSERVING or _nominal(tokens, k):
            continue
        if kind is not None and kind != "generic":
            return False  # a step that changes something ("delete", "update", "start")
        # a first-person verb (ACTING: "sprawdzę", "checking") is the verb itself: the word
        # after it is its object ("sprawdzę pogodę"), not a second verb's slot
        if (x.kind == "ACTING" or _slot(tokens, k, acting=False)) and not (
                kind == "generic" and x.text in t.inquiry_verbs):
            return False  # "guard the calls that ...", "use the tool that ..."
    return True


def _nominal(tokens: Sequence[Token], k: int) -> bool:
    """The word at ``k`` stands in a noun phrase an article opens, with only words between
    ("the test file", "any tests"): it heads or modifies the noun, no verb stands there, and
    grounding reads it as a noun too (``the commit`` grounds no commit)."""
    j = k - 1
    while j >= 0 and tokens[j].kind == "OPEN":
        j -= 1
    return tokens[k].kind == "OPEN" and j >= 0 and tokens[j].kind == "DET"


def _slot(tokens: Sequence[Token], k: int, acting: bool = True) -> bool:
    """The word at ``k`` stands in a verb's slot: after an opener, "help (you)", "to" or "and",
    with only adverbs and courtesies between (``acting``: after a first-person verb too)."""
    j = k - 1
    while j >= 0 and tokens[j].kind in ("ADV", "COURTESY"):
        j -= 1
    return j >= 0 and tokens[j].kind in _SLOT and (acting or tokens[j].kind != "ACTING")


def relative_effects(tokens: Sequence[Token], t: Tongue,
                     taken: Callable[[str | None], bool]) -> list[tuple[str, str, str]]:
    """("", verb, kind) of the first verb of a kind ``taken`` picks that a relative clause
    this module opens on a noun says ("Let me check the script that deletes the backups.",
    "the job that will send the report"): what the thing does, which a step that runs it
    must announce too, as the clause after ", which" says it (``described._described``). (A
    relative the lexicon already read as an inquiry word, "which", "qui", is left as it was
    read.)"""
    for k, x in enumerate(tokens[2:-1], 2):
        if x.kind != "INQUIRY" or not t.has(x.text, "g-relative-pronoun") or tokens[k - 1].kind not in (
                "OPEN", "CODE", "PRON") or tokens[k - 2].kind in _SLOT:
            continue
        j = k + 1
        while j < len(tokens) and tokens[j].kind in ("AUX", "COPULA", "ADV", "SUBJ"):
            j += 1
        if j < len(tokens) and tokens[j].kind == "OPEN" and taken(t.kind_of(tokens[j].text)):
            return [("", tokens[j].text, str(t.kind_of(tokens[j].text)))]
    return []


def in_relative(tokens: Sequence[Token], t: Tongue) -> bool:
    """The tokens end inside a relative clause this module opened (the last clause of inquiry
    opens with a [g-relative-pronoun] word): there "need to" is the clause's verb ("the files that
    need to be modified"), never the speaker's opener."""
    last = next((x for x in reversed(tokens) if x.kind == "INQUIRY"), None)
    return last is not None and t.has(last.text, "g-relative-pronoun")


def looked_up(tokens: Sequence[Token], at: int, t: Tongue) -> bool:
    """The preposition at ``at`` follows a demonstrative that a phrasal verb's particle marks as
    its object, on a step that only observes ("Let me look that up in the docs."): the
    particle after it shows it stands for something said before, as "it" does ("look it up in
    the docs"), not for a thing that follows; a step that changes something ("run that in the
    terminal", "set that up in prod") keeps the refusal."""
    return (at >= 3 and tokens[at - 1].kind == "PARTICLE" and tokens[at - 2].kind == "DEM"
            and _observing(tokens[:at], t))


def headed(head: _T, t: Tongue) -> _T:
    """The word a relative clause restricts, as a noun: a pronoun that is never a subject
    ([g-pron] and not [g-subject]: "one", "ones") heads the clause as a noun does ("search for
    one that might help"), as after an article ("the one departing from EWR"); any other token
    as it is ("it" takes no relative clause)."""
    if head.kind != "PRON" or t.has(head.text, "g-subject"):
        return head
    y: Any = head
    out: _T = replace(y, kind="OPEN")
    return out
