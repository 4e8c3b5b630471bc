"""A tool's name against the announced object (issue 25, h26e).

A call that changes something is grounded when an announced verb is a word of its name ("I'll
close the account." + ``close_account``). The verb alone does not say which thing: "I'll close
the invoice." + ``close_account(id)`` closes an account nobody named, "I'll lock the door." +
``lock_account`` locks one, "I'll suspend the job." + ``suspend_user`` suspends a user. A step
that cannot be taken back already carries every noun of the announcement (``grounding``'s
``_unnamed_noun``); any other changing step grounded by its verb's word in its name carries
some word of that verb's own object (``Announcement.steps``' nouns, the head of its noun phrase)
in its name, an argument key or a value (by stem, through the [concept] map), or it is the
verb's step on another object. A step whose object is a pronoun or none ("I'll sign it.",
"Let me fix that.") names no object to compare. Read in English only (elsewhere a noun
reaches a name's words only through the [concept] maps: "le stock" + ``check_inventory``),
for a name that opens with the verb and whose own noun is no noun of a file or of what holds
files, and not for a generic verb, a run or a page action (``docs/limits.md``)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from .kinds import name_words
from .observing import EVERY_NOUN_KINDS
from .ownobject import object_word
from .preamble import Announcement
from .references import _referenced, concept_names

__all__ = ["unsaid"]


def _objects(ann: Announcement, verb: str) -> list[str]:
    """The words of the object of each step of ``verb``: its own nouns, its head noun and a
    number right after one of them; empty when some step of it takes a pronoun or no
    object."""
    out: list[str] = []
    for v, _kind, nouns, pronoun in ann.steps:
        if v != verb:
            continue
        if pronoun or (not nouns and not any(h for v2, h in ann.heads if v2 == verb)):
            return []
        out.extend(nouns)
    out.extend(h for v, h in ann.heads if v == verb)
    # a number after a noun of the object is its identifier ("article 77"; "3 pieces" counts)
    out.extend(o for prev, o in zip(ann.objects, ann.objects[1:], strict=False)
               if prev in out and any(c.isdigit() for c in o))
    return list(dict.fromkeys(w for w in out if len(w.strip("`\"'")) >= 2 and w != verb))


_ELSEWHERE = frozenset({"run", "navigate"})
"""Kinds whose steps a name's noun does not pick the object of: a run's program and commands
are checked as commands (``scope``, ``cargo``), a page action (``type_text``, ``click_link``)
acts on an element the call points at by reference."""


def _own_object(words: Sequence[str], at: int) -> list[str]:
    """The words of a tool's name after its verb (at ``at``) that name an object
    (``ownobject.object_word``), numbers aside."""
    return [w for w in words[at + 1:] if not w.isdigit() and object_word(w)]


def unsaid(ann: Announcement, name: str, kinds: Collection[str],
           call: tuple[str, frozenset[str]], other: Collection[str],
           named_by: Callable[[str, Sequence[str]], bool]) -> str | None:
    """Why a changing call (of ``kinds``; ``call``: its text and words) whose name opens with
    an announced verb (``named_by``: ``grounding._verb_of``; none of ``other``, verbs whose
    particle it does not carry, ``phrasal``) and names an object of its own the announcement
    does not say carries no word of that verb's object, or None."""
    call_text, call_words = call
    # outside English an object reaches a name's words only through the [concept] maps
    if _ELSEWHERE.intersection(kinds) or tuple(ann.tongues) != ("en",):
        return None
    words = name_words(name)
    # a step that cannot be taken back carries every noun (``carriednouns._unnamed_noun``)
    every = bool(EVERY_NOUN_KINDS.intersection(kinds))
    said = [*ann.objects, *ann.observed]
    spoken = " ".join(w.casefold() for w in said)
    for verb, kind in ann.verbs:
        # a generic verb ("check") grounds only through a content word; its own word in a
        # name is checked as one (``grounding``)
        # (a computation changes nothing: "count the words" + ``count_tokens``)
        if kind in ("generic", "compute") or verb in other or not words or not named_by(verb, words[:1]):
            continue
        objs = _objects(ann, verb)
        # of one step, any word of the announcement's object may be the one the call carries
        said_objs = [*objs, *(o for o in ann.objects if o not in {v for v, _k in ann.verbs})] \
            if objs and len(ann.steps) == 1 else objs
        if not objs or (every and set(objs) <= set(ann.named)) or any(
                _referenced([w], call_text, call_words, ann.tongues) is not None
                for w in said_objs) or concept_names(said_objs, words):
            continue
        # a name word the verb itself means is the verb's (提交 means "git commit")
        own = [w for w in _own_object(words, 0) if not named_by(verb, [w])]
        # the name's own object, said by the announcement in its words, is the announced one
        if not own or any(_referenced([w], spoken, frozenset(said)) is not None
                          or concept_names(said, [w]) for w in own):
            continue
        return (f"{name!r} is named by the announced verb {verb!r} on {own[0]!r}, and the "
                f"announcement's object of it ({', '.join(repr(w) for w in objs[:4])}) occurs "
                "nowhere in the call (name, keys, values): the verb's step on another object")
    return None
