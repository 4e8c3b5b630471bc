"""What a kind match alone grounds (h11f, rule ``ungrounded-call``; read by ``grounding.check``).

A step whose object is a pronoun, absent or a noun of the change itself ("Let me fix it:",
"Let me commit.", "apply the changes") grounds a call that carries none of its words when an
announced verb has the call's kind (``grounding.check``'s pronoun branch). A kind is broad: the
kind ``write`` holds "edit" and "fix", and also "lock", "approve", "ban", each of which names
one step of its own on a record. So the match alone grounds a changing call only through a step

- whose object names nothing of its own: a pronoun step with a noun beside it ("apply these
  modifications to the billing service", own nouns ``billing``, ``service``) names a target
  the call would carry, and it carries none (no content word was found in it); and
- whose verb, when it names a step of its own ([g-narrow-step]: "lock", "approve", "ban",
  "archive", "genehmigen"), is carried by the call (its name, a key or a value, by stem:
  ``lock_account``, ``status: locked``): "Let me lock it:" grounds no ``approve_pull_request``,
  no ``update_settings(auth=off)`` and no edit of ``src/app.py``; and the other way round, a
  tool whose name's verb (its first word of a known kind) is such a step is grounded only by
  that verb said: "Let me update it:" or "Let me fix it:" grounds no ``approve_pull_request``.

A call that only observes, and a changing kind no announced step takes (covered by another
reading: an object's sense, a spelled name), are left as they were.

``deleted``: a deleting step whose whole object is a noun of the change ([g-change-noun]:
"Let me delete the changes:") takes a change out, and names no thing: a call that deletes
(``delete_file(src/app.py)``, grounded by the verb said in its name) is not that step.
"""

from __future__ import annotations

from collections.abc import Sequence

from .kinds import name_words
from .observing import OBSERVING
from .preamble import Announcement
from .references import _referenced
from .restated import _restated
from .tables import english, tongues_of
from .words import covers

__all__ = ["grounds"]

_Step = tuple[str, str | None, tuple[str, ...], bool]


def _steps(ann: Announcement) -> Sequence[_Step]:
    """Each announced step as (verb, kind, own nouns, pronoun object); without a record of
    steps, each verb with the announcement's own nouns."""
    return ann.steps or tuple((v, k, ann.named, ann.pronoun) for v, k in ann.verbs)


def narrow(verb: str, ann: Announcement) -> bool:
    """The verb names one step of its own ([g-narrow-step]: "lock", "approve")."""
    w = verb.casefold()
    return any(t.has(w, "g-narrow-step") for t in tongues_of(ann.tongues))


def narrow_name(name: str) -> bool:
    """The tool's verb, the first word of its name of a kind the table knows, is narrow
    (``approve_pull_request``, ``lock_account``; not ``update_block``)."""
    en = english()
    verb = next((w for w in name_words(name) if en.kind_of(w) is not None), None)
    return verb is not None and en.has(verb, "g-narrow-step")


def grounds(ann: Announcement, name: str, kinds: frozenset[str], call_text: str,
            call_words: frozenset[str], restates: bool = False) -> bool:
    """Every changing kind of the call is taken by an announced step whose object names nothing
    of its own (no own nouns in ``Announcement.steps``: a pronoun, one before its verb too, "ich
    behebe es", or none; or, ``restates``, nouns of the change with a count, "apply all three
    changes") and whose verb, when it or the tool's verb is narrow, the call carries; a kind no
    step takes is left to the readings that cover it."""
    named = narrow_name(name)
    for k in sorted(kinds - OBSERVING):
        taking = [s for s in _steps(ann) if s[1] is not None and covers({s[1]}, k)]
        if taking and not any(
                (restates or not own) and (not (named or narrow(verb, ann)) or _referenced(
                    [verb], call_text, call_words, ann.tongues) is not None)
                for verb, _k, own, _pronoun in taking):
            return False
    return True


def deleted(ann: Announcement, name: str, kinds: frozenset[str]) -> str | None:
    """Why a deleting call is not a deleting step whose whole object is a noun of the change
    ("delete the changes"), or None."""
    if "delete" not in kinds or not _restated(ann, "delete"):
        return None
    return (f"{name!r} deletes, and the announcement deletes only a change "
            f"({', '.join(repr(w) for w in ann.objects[:4])}), naming no thing the call acts on")
