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
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from .effects import described_effects
from .named import _kind_table, name_words
from .observing import EVERY_NOUN_KINDS, OBSERVING
from .words import covers

__all__ = ["checked_effects", "unsaid_effect"]


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


def unsaid_effect(name: str, kinds: frozenset[str], verb_kinds: set[str],
                  descriptions: Mapping[str, str] | None) -> str | None:
    """Why a call of ``kinds`` is not grounded: a step its checking name's description says
    (``checked_effects``) that no announced verb covers; else None."""
    said = kinds & checked_effects(name, (descriptions or {}).get(name))
    missed = sorted(k for k in said if not covers(verb_kinds, k))
    if not missed:
        return None
    return (f"{name!r} is described as taking a step of kind {missed[0]!r} beside its checking "
            "name: only an announced verb of that kind grounds it")
