"""Checked names: a tool named for a checking step whose description says a step that cannot be
taken back (issue 25, h43a).

A tool's kinds are the most consequential of what its name and its description say. A name that
opens with a word of an observing step ("inspect_path", "verify_path", "inspect_payment") is
what the reader sees; a description that says, as a verb, a step that cannot be taken back
("Permanently deletes the given path", "Executes the payment immediately and irreversibly":
``effects.described_effects``, ``EVERY_NOUN_KINDS``) is what the tool does. The name's checking
verb then grounds none of that step: "I'll inspect `old/`." announces a look, and only a verb
of the description's kind ("I'll delete `old/`.") announces the call. Nor does the name's noun
("the payment" of ``inspect_payment``) or the tool named outright. (A name of no kind the
table knows, "audit_path", takes the description's step by ``effects.side_effects``; a
fetching name's "send" is its requests, as there.)

A description that mentions such a word without saying the tool takes the step is read as
before (``described_effects``): negated ("Does not delete anything."), in a question or a
condition ("Check whether a branch can be deleted"), another tool's name ("use delete_file to
remove them"), a noun ("the deleted rows"). Read once per tool list (the description is the
tool list's, the same on every reply).

A name that says a step of a changing kind that can be taken back ("save_card", "update_repo",
"create_db", "add_to_cart": every word of a kind names such a kind) is read the same way
(``written_effects``, h43g, round 61): a step its description says, as a verb, of a kind that
cannot be taken back and that no word of its name says ("Charges the saved card $999", "Updates
the profile and charges the renewal fee", "Creates the database, dropping any existing one")
in its first sentence (the sentences after it are notes to the caller: "Fails if it exists;
delete it first.") is the tool's too, and only an announced verb of that kind grounds it
("I'll save the card." grounds no charge; "I'll save the card and charge it." does). A name's
word of that kind ("create_refund" over "Refund a payment") says the step itself; a verb after
a hyphenated manner word is that verb ("force-deletes the old branch").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from .effects import _SENTENCE, described_effects
from .named import _kind_table, name_words
from .observing import EVERY_NOUN_KINDS, OBSERVING
from .words import covers

__all__ = ["checked_effects", "unsaid_effect", "written_effects"]


@lru_cache(maxsize=1024)
def checked_effects(name: str, description: str | None) -> frozenset[str]:
    """The changing kinds ``description`` says as a verb of a tool whose name opens with a
    word of an observing step or of none the table knows (module docstring); else none."""
    if not description:
        return frozenset()
    words = name_words(name.rsplit("__", 1)[-1])
    table, _ = _kind_table()
    first = table.get(words[0], frozenset()) if words else frozenset()
    if not first or not first <= OBSERVING:
        return frozenset()
    # (a fetching tool sends requests by its nature: "Send an HTTP request", as ``side_effects``)
    return described_effects(description) & EVERY_NOUN_KINDS - (
        {"send"} if "fetch" in first else set())


@lru_cache(maxsize=1024)
def written_effects(name: str, description: str | None) -> frozenset[str]:
    """The kinds that cannot be taken back ``description`` says as a verb of a tool whose name
    says only changing kinds that can (module docstring), less those its name's words say."""
    if not description:
        return frozenset()
    table, _ = _kind_table()
    words = name_words(name.rsplit("__", 1)[-1])
    first = table.get(words[0], frozenset()) if words else frozenset()
    named = frozenset().union(*(table.get(w, frozenset()) for w in words))
    if not first or first & OBSERVING or named & EVERY_NOUN_KINDS:
        return frozenset()
    # its first sentence says the tool's step; the sentences after it are notes to the caller
    # ("Fails if a database of that name exists; delete it first.")
    first_sentence = _SENTENCE.split(description.strip().split("\n", 1)[0], maxsplit=1)[0]
    # a verb after a hyphenated manner word is that verb ("force-deletes the old branch")
    return described_effects(_PREFIXED.sub("", first_sentence)) & EVERY_NOUN_KINDS - named


_PREFIXED = re.compile(r"(?<![A-Za-z-])[A-Za-z]+-(?=[a-z]+s\b)")
"""A hyphenated word's first part before a word ending in -s ("force-deletes", "auto-charges"):
the rest is the verb."""


def unsaid_effect(name: str, kinds: frozenset[str], verb_kinds: set[str],
                  descriptions: Mapping[str, str] | None) -> str | None:
    """Why a call of ``kinds`` is not grounded: a step its checking name's description says
    (``checked_effects``) that no announced verb covers; else None."""
    description = (descriptions or {}).get(name)
    said = kinds & checked_effects(name, description) | written_effects(name, description)
    missed = sorted(k for k in said if not covers(verb_kinds, k))
    if not missed:
        return None
    return (f"{name!r} is described as taking a step of kind {missed[0]!r} beside the step its "
            "name says: only an announced verb of that kind grounds it")
