"""The label a sub-agent launch shows, read as the launch's own name for its step (h13a,
issue 25, rule ``ungrounded-call``).

A launch (``subagent.launches``: Claude Code's ``Task`` and ``Agent``) carries beside its order
a short label the user sees ([keys-launch-label]: ``description``, ``title``: "Explore PR
template and make targets", "Find relevant test files"). The label is sent to no agent, so it
is no order (``subagent``); but it is the launch's own name for the step it takes, and that
step is the announced one:

- each changing step its words say (read as an order's words are, ``subagent.ordered``: "Explore
  and delete PR template", "Fix the login bug") is covered by a verb of the announcement other
  than the one launching the agent, as an order's must be; a word the announcement's object
  writes (by stem, ``references``) is that object's word, no step ("available make targets" +
  "Explore PR template and make targets", "existing tests" + "Find relevant test files");
- a label no language of the lexicon reads says an unknown step.

Refused, the reply falls back to today's behaviour; a label that says the announced step leaves
the launch to the readers of its order (``subagent``, ``launched``, ``typedlook``). The
label's object is not compared with the announcement's: it is sent to no agent, and labels
paraphrase ("Let me investigate the streaming code." + "Explore WebSocket reconnect loop");
what the agent looks at is its order's, which ``launched`` and ``orderscope`` hold to the
announced object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .kindsfile import section
from .preamble import Announcement
from .references import _referenced
from .subagent import _said, ordered, own_launches, unread
from .wordcut import call_words
from .words import covers

__all__ = ["unlabelled"]

_MAX_LABEL = 200
"""Characters of a label: a longer value is a text of its own (a tool's description), no label."""


@cache
def _label_keys() -> frozenset[str]:
    return section("keys-launch-label")


def _labels(args: Mapping[str, Any]) -> list[str]:
    keys = _label_keys()
    return [v for k, v in args.items() if isinstance(v, str) and v.strip()
            and len(v) <= _MAX_LABEL and k.casefold() in keys]


def _object_text(ann: Announcement) -> tuple[str, frozenset[str]]:
    """What the announcement's objects (its verbs aside) write, and each word of it."""
    verbs = {v.casefold() for v, _k in ann.verbs}
    text = " ".join(o.strip("`\"'").casefold() for o in ann.objects if o.casefold() not in verbs)
    return text, frozenset(call_words(text))


def unlabelled(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
               schemas: Mapping[str, Mapping[str, Any]] | None,
               descriptions: Mapping[str, str] | None) -> str | None:
    """Why a launch's label says a changing step the announcement does not, or is in no
    language the lexicon reads, else None."""
    for _i, name, args in own_launches(ann, calls, schemas, descriptions):
        for label in _labels(args):
            if unread(label) is not None:
                return (f"{name!r} launches an agent labelled {label[:40]!r}, in a language the "
                        "lexicon does not read")
            text, words = _object_text(ann)
            for word, kind in ordered(label, True):
                if not covers(_said(ann), kind) and _referenced(
                        [word], text, words, ann.tongues) is None:
                    return (f"{name!r} launches an agent labelled {label[:40]!r}, which says "
                            f"{word!r}, a step of kind {kind!r} the announcement does not say")
    return None
