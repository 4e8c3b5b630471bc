"""Effects: a step a tool's description says it takes beside the one its name says.

A tool's kinds come from its name (``toolkinds.tool_kinds``); its description is read only for a
name of no known kind, and then only its first sentence. A tool whose name reads as an
observation ("view_logs", "check_balance", "workspace_sync" described as a listing) may still
say, anywhere in its description, that it changes something: "It also deletes files that git
does not track.", "Applies it to the target database.", "opening it marks it as accepted".
Such a step is the tool's as much as its name's: a call of it is covered only by an announced
verb of that kind too (rule ``ungrounded-call``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .kinds import OBSERVING, _kind_table, call_kinds
from .kindsfile import section, section_map
from .opening import opened_steps
from .tables import tongue
from .toolkinds import UNKNOWN, _table_word
from .voiced import _returned_cut, voiced_steps
from .words import Tongue

_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_WORD = re.compile(r"[A-Za-z][A-Za-z']*|[$€£¥]\d[\d,.]*")
"""A word, or an amount of money ("$2,000"): an object as a determiner's noun is."""
_NEGATED = 3
"""How many words before a word of a step a negation governs it ("does not delete", "can
never be written", "without modifying"): "deletes files that git does not track" deletes."""


_LY = 4
"""Letters an adverb in -ly has beyond four ("only", "apply" and "reply" are not read so)."""


_EFFECTS = frozenset({"delete", "write", "deploy", "pay", "commit", "install"})
"""Kinds of step a description's verb adds: those that change what is there. A word of
creating, sending or running ("makes", "adds", "sends") mostly says what the tool returns."""


def _said(word: str, table: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """A word's kinds as ``toolkinds._table_word`` reads it, or its past participle read back to
    the verb ("truncated", "deleted", "applied", "dropped"): a description says what a step
    does to what it reads in the passive too ("The log files are truncated after reading.")."""
    got = _table_word(word, table)
    if got or not word.endswith("ed"):
        return got
    for form in (word[:-1], word[:-2], word[:-3] + "y", word[:-3]):
        if form in table:
            return table[form]
    return frozenset()


# a description is the tool list's, the same on every reply (and read twice per call by
# grounding): read once
@lru_cache(maxsize=1024)
def described_effects(description: str | None, performing: bool = False) -> frozenset[str]:
    """The kinds of step that change what is there (``_EFFECTS``) that a description's first
    paragraph says as a verb: a word of such a kind in the kind table, inflected
    (``_said``: "deletes", "applies", "marks", "truncated"), where a verb stands in English
    (``_verb_at``). A word a negation governs ([g-negation] in the ``_NEGATED`` words before
    it: "It does not delete anything.") is what the tool does not do. With ``performing`` (a
    write name's step beside its own: ``checkednames.written_effects``), a [performing-verb]
    takes the step its object names too ("places the order"); a tool named for that step
    ("place_order": "Place an order.") is announced by its own verb."""
    if not description:
        return frozenset()
    table, _ = _kind_table()
    en = tongue("en")
    if en is None:
        return frozenset()
    out: set[str] = set()
    # its first paragraph says what it does; the lines after it (usage, arguments, notes:
    # "Output is truncated past 2000 lines") say how it is used and what it returns
    for sentence in _SENTENCE.split(description.strip().split("\n", 1)[0]):
        words = [w.casefold() for w in _WORD.findall(sentence)]
        for i, w in enumerate(words):
            kinds = _said(w, table) & _EFFECTS
            joined = bool(kinds) and _joined_verb(words, i, table, en)
            if kinds and (w not in table or joined) and _verb_at(words, i, en) and not _negated(
                    words, i, en
            ) and not _returned_cut(words, i):
                out |= kinds
            elif i + 2 < len(words) and (_said(w, table) & _LIGHT or (
                    performing and w in section("performing-verb"))) and _verb_at(words, i, en):
                out |= _performed(words, i, table, en)
            # (a verb with its particle is a verb wherever it stands: "throwing away")
            if (_discards(words, i) or (_erases(words, i) and _verb_at(words, i, en))) \
                    and not _negated(words, i, en):
                out.add("delete")
    # its clauses' opening verbs too, and those in the passive (``opening``, ``voiced``)
    return frozenset(out) | opened_steps(description) | voiced_steps(description)


def _negated(words: list[str], i: int, en: Tongue) -> bool:
    """A negation governs the word at ``i``: one of the ``_NEGATED`` words before it."""
    return any(en.has(x, "g-negation") for x in words[max(0, i - _NEGATED):i])


_LIGHT = frozenset({"run"})
"""Kinds of a verb that takes a step named by its object: "Executes the payment", "Runs the
transfer immediately" (``_performed``)."""


_INFLECTION = 4
"""The longest English ending of a verb's form ("formats", "formatted", "formatting")."""


def _inflects(word: str, verb: str) -> bool:
    """``word`` is a form of ``verb``: the verb and an ending of at most ``_INFLECTION``."""
    return word.startswith(verb) and len(word) - len(verb) <= _INFLECTION


def _discards(words: list[str], i: int) -> bool:
    """The verb at ``i`` discards its object with a particle ([discarding-particle] of
    kinds.txt: "throwing away local work", "throws out the cache"; "Throws an error" has
    none), the particle next to it or after a pronoun ("throws them away")."""
    for verb, particles in section_map("discarding-particle").items():
        if _inflects(words[i], verb):
            after = words[i + 1:i + 3]
            if after[:1] and (after[0] in particles or (
                    after[0] in _PRONOUNS and after[1:] and after[1] in particles)):
                return True
    return False


_PRONOUNS = frozenset({"it", "them", "this", "that", "these", "those"})


def _erases(words: list[str], i: int) -> bool:
    """The verb at ``i`` erases what its object holds: a verb of [erasing-object] with one of
    its objects among the three words after it ("Formats the whole disk", "reformats the
    partition"; "Formats the code" keeps its own kind)."""
    objects = section_map("erasing-object")
    return any(_inflects(words[i], verb) and set(words[i + 1:i + 4]) & things
               for verb, things in objects.items())


def _performed(words: list[str], i: int, table: Mapping[str, frozenset[str]],
               en: Tongue) -> frozenset[str]:
    """The changing kinds of the step the object of the light verb at ``i`` names: a determiner,
    then the object's head, a noun of a step of such a kind ("the payment", "a transfer")
    that ends the object (the sentence, a preposition, an adverb or "and" after it: "the
    payment immediately", "a transfer to the account"), not a noun's modifier ("the delete
    script", "a payment report")."""
    if not en.has(words[i + 1], "g-det"):
        return frozenset()
    head, after = words[i + 2], words[i + 3] if i + 3 < len(words) else ""
    ends = ("g-prep", "g-to", "g-adverb", "g-and")
    if after and not any(en.has(after, s) for s in ends) and not (
            len(after) > _LY and after.endswith("ly")):
        return frozenset()
    return table.get(head, frozenset()) & _EFFECTS


def _joined_verb(words: list[str], i: int, table: Mapping[str, frozenset[str]],
                 en: Tongue) -> bool:
    """The bare verb at ``i`` is joined by "and" to the verb the sentence opens with ("Get the
    latest backup and restore it over the live database."): a second step of an imperative
    description, not a noun ("the delete button")."""
    after = words[i + 1] if i + 1 < len(words) else ""
    return i >= 2 and en.has(words[i - 1], "g-and") and words[0] in table and (
        en.has(after, "g-det") or en.has(after, "g-pron"))


def _verb_at(words: list[str], i: int, en: Tongue) -> bool:
    """The inflected word at ``i`` stands where an English verb does, not a noun ("Lists
    orders", "the deleted rows"): a past participle after a copula or an adverb ("are
    truncated", "is also deleted"); a third person after a pronoun, an adverb or "and" ("it
    marks", "also deletes", "and saves"), or opening its sentence before a determiner or a
    pronoun ("Applies it to...", "Deletes the file")."""
    prev = words[i - 1] if i else ""
    if words[i].endswith("ed"):
        return en.has(prev, "g-copula") or en.has(prev, "g-adverb")
    if prev:  # (an adverb of manner in -ly the lexicon need not list: "permanently deletes")
        return any(en.has(prev, s) for s in ("g-pron", "g-adverb", "g-and")) or (
            len(prev) > _LY and prev.endswith("ly"))
    after = words[i + 1] if i + 1 < len(words) else ""
    return en.has(after, "g-det") or en.has(after, "g-pron") or after[:1] in _CURRENCY


_CURRENCY = frozenset("$€£¥")
"""Signs an amount of money opens with: a verb before one takes it ("Debits $2,000 from")."""


def side_effects(name: str, args: Mapping[str, Any], schema: Mapping[str, Any] | None,
                 description: str | None) -> frozenset[str]:
    """The changing kinds a call's description says (``described_effects``) when its name and
    arguments say only observing (or no known) kinds, or none: a name that says a change is
    read by its own words."""
    if not description:
        return frozenset()
    kinds = call_kinds(name, args, schema, description)
    if not kinds <= OBSERVING | {UNKNOWN}:
        return frozenset()
    # an HTTP client sends requests by its nature: what it changes its method says (``methods``)
    return described_effects(description) - ({"send"} if "fetch" in kinds else set())
