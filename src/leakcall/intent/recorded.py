"""Recorded changes: the head of a commit's object names the change the commit records.

"Je vais committer la correction.", "Als Nächstes committe ich die Korrektur.", "Nu committar
jag fixen.": a commit takes what the working tree holds, and its object names that change (a
fix, a correction), not a thing the call picks; a call that writes only its message carries
none of it. So the head noun of a commit step's object (``Announcement.heads``), when it is
that step's only noun, is no noun the commit must carry (``carriednouns._unnamed_noun``), as
English reads "the fix" as a verb's noun and never asks it. Only for a call whose one
changing step is the commit and whose every argument is a text it writes ([keys-prose]:
``message``): a commit that picks files, a branch or a repository carries every noun ("commit
the fix to main" still names "main", "commit the README fix" still "readme").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words
from .observing import OBSERVING
from .preamble import Announcement
from .tables import tongues_of


def _message_only(args: Mapping[str, Any]) -> bool:
    """Every argument is a text the call writes (``message``), and there is one."""
    prose = _keys("prose")
    return bool(args) and all(isinstance(k, str) and isinstance(v, str)
                              and set(name_words(k)) <= prose for k, v in args.items())


def recorded(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             kinds_of: Sequence[frozenset[str]]) -> set[str]:
    """The head nouns of commit steps the calls record: each call that changes something
    only commits and writes only its message."""
    changing = [(args, kinds - OBSERVING) for (_n, args), kinds in zip(calls, kinds_of,
                                                                      strict=True)
                if kinds - OBSERVING]
    if not changing or not all(k == {"commit"} and _message_only(a) for a, k in changing):
        return set()
    heads = set(ann.heads)
    return {nouns[0] for verb, kind, nouns, _pronoun in ann.steps
            if kind == "commit" and len(nouns) == 1 and (verb, nouns[0]) in heads} | _changes(ann)


def _changes(ann: Announcement) -> set[str]:
    """The noun of the change a commit records when a light verb says the commit ("fazer o
    commit da correção", "make a commit of the fix"): with a commit said (a verb of kind
    commit, or the head noun of a verb's object), the announcement's one named noun when its
    language gives it the kind write (a noun of a change: "fix", "correção", "correzione").
    Any other noun ("the commit of the report", "... to main") is carried as before."""
    ts = tongues_of(ann.tongues)
    said = any(k == "commit" for _v, k in ann.verbs) or any(
        t.kind_of(h.casefold()) == "commit" for _v, h in ann.heads for t in ts)
    if not said or len(ann.named) != 1:
        return set()
    return {w for w in ann.named if any(t.kind_of(w.casefold()) == "write" for t in ts)}
