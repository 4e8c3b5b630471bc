"""The steps a tool's description says it takes in the clauses it opens with a verb (issue 25,
round 33): "Reformat the given disk (erases all data), then report its health.", "Place the
order and charge the saved card", "Checks the disk by wiping it". Read beside ``effects``
(inflected verbs after a pronoun or an adverb) by ``effects.described_effects``.

A clause of the description's first paragraph opens after its start, a bracket, a semicolon or
a dash. Its first word is a step the tool takes when it stands where an imperative or a third
person does (before a determiner or a pronoun: "Revoke all ...", "erases all data"); so is a
verb joined to it by "and" in that place ("... and charge the saved card"), and a gerund after
a preposition of means ([g-means]: "by reformatting it"), and a third person after a
pronoun or an adverb ("it overwrites", "also uploads") no negation governs. What the tool
checks for or warns about ("Checks whether files were deleted.", "Warns before deleting
files.") is read by none of these. A word's kind is that of the kind table of tools
(kinds.txt, its English inflection undone), else that of its stem after a prefix of doing
again or over ("reformat", "overwrite": [redo-prefix] in kinds.txt); a verb of moving what
the tool holds out to others ([outward-step]: "upload", "leak") sends.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .kinds import _kind_table
from .kindsfile import section
from .tables import tongue
from .words import Tongue

_CLAUSE = re.compile(r"[.!?;:()\[\]—]\s*|\s-\s|,\s*(?=then\b)")
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
_NEGATED = 3
"""Words before a verb a negation governs it across ("does not upload", "never overwrites")."""

CHANGING = frozenset({"delete", "write", "deploy", "pay", "commit", "install", "send"})
"""Kinds of step an opening verb adds: every one that changes what is there or moves it out."""


def _english() -> Tongue | None:
    return tongue("en")


def _forms(word: str) -> tuple[str, ...]:
    """A verb form and the stems its English inflection may stand for ("erases", "charges",
    "applies", "wiping", "formatting", "deleted")."""
    out = [word]
    for end, add in (("ies", "y"), ("ied", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"),
                     ("ing", ""), ("ing", "e")):
        if word.endswith(end) and len(word) > len(end) + 2:
            stem = word[: -len(end)] + add
            out += [stem, stem[:-1]] if len(stem) > 3 and stem[-1] == stem[-2] else [stem]
    return tuple(out)


def _table_kinds(word: str) -> frozenset[str]:
    table, _ = _kind_table()
    return next((table[f] for f in _forms(word) if f in table), frozenset()) & CHANGING


def _kinds(word: str) -> frozenset[str]:
    """A verb form's changing kinds in the kind table of tools (see the module docstring)."""
    got = _table_kinds(word)
    if got:
        return got
    if any(word.startswith(p[:-1]) if p.endswith("*") else word == p
           for p in section("outward-step")):
        return frozenset({"send"})
    said = _described_kinds()
    got = next((said[f] for f in _forms(word) if f in said), frozenset())
    if got:
        return got
    for pre in section("redo-prefix"):
        if word.startswith(pre) and len(word) - len(pre) >= 4:
            got = _table_kinds(word[len(pre):])
            if got:
                return got
    return frozenset()


@lru_cache(maxsize=1)
def _described_kinds() -> dict[str, frozenset[str]]:
    """[described-effect] of kinds.txt: word -> the changing kind a description says with it."""
    out: dict[str, frozenset[str]] = {}
    for entry in section("described-effect"):
        word, _, kind = entry.rpartition(" ")
        out[word] = out.get(word, frozenset()) | {kind}
    return out


def _verb_place(words: list[str], i: int, en: Tongue) -> bool:
    """The word at ``i`` stands before a determiner or a pronoun: a verb taking an object."""
    after = words[i + 1] if i + 1 < len(words) else ""
    return en.has(after, "g-det") or en.has(after, "g-pron")


@lru_cache(maxsize=1024)
def opened_steps(description: str) -> frozenset[str]:
    """The changing kinds the clauses of a description's first paragraph open with."""
    en = _english()
    if en is None or not description:
        return frozenset()
    out: set[str] = set()
    for clause in _CLAUSE.split(description.strip().split("\n", 1)[0]):
        words = [w.casefold() for w in _WORD.findall(clause)]
        if not words:
            continue
        opens = _verb_place(words, 0, en)
        if opens:
            out |= _kinds(words[0])
        for i in range(1, len(words)):
            w, prev = words[i], words[i - 1]
            if any(en.has(x, "g-negation") for x in words[max(0, i - _NEGATED):i]):
                continue  # "it never overwrites", "without uploading"
            if (opens and en.has(prev, "g-and") and _verb_place(words, i, en)) or (
                    w.endswith("ing") and en.has(prev, "g-means")) or (
                    w.endswith("s") and (en.has(prev, "g-pron") or en.has(prev, "g-adverb"))):
                out |= _kinds(w)
    return frozenset(out)
