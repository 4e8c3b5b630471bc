"""Readers chosen by the call's kinds (issue 27 item 6, h24p): a grounding reader that can only
object to some kinds of call declares them (``reads``, one line beside the reader), and the
dispatch (``only``) skips it for a call, or a reply, whose tags (``tags``) it does not read.

A call's tags are its kinds (``kinds.call_kinds`` with ``effects.side_effects``, or the
grounding's kinds after its re-kinding, whichever the reader itself reads), plus ``change``
when some kind changes something, ``look`` when none does, and ``run`` when its tool runs
commands. A reply's tags are the union of its calls'. A declaration is only ever what the
reader's own code returns None outside of (its first test: ``if not runs: return None``, a
loop over the changing calls alone): the dispatch saves the call and the work a reader does
before that test, it never decides anything a reader would not. ``AUDIT`` (tests only) runs
every skipped reader anyway and records what it returned: each must be None
(``tests/intent/test_dispatch_h24p.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from .effects import side_effects
from .kinds import call_kinds
from .observing import OBSERVING

__all__ = ["AUDIT", "CHANGE", "DECLARED", "LOOK", "RUN", "call_tags", "only", "reads", "tags"]

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")

CHANGE, LOOK, RUN = "change", "look", "run"

DECLARED: list[Callable[..., Any]] = []
"""Every reader that declares its tags, in the order they were declared."""

AUDIT: list[tuple[str, frozenset[str], Any]] | None = None
"""Tests only: when a list, ``only`` runs a skipped reader too and appends (reader, the tags
it was skipped for, what it returned); the caller still gets None."""


def reads(*tags_read: str) -> Callable[[F], F]:
    """Declare the tags a reader can object for (``reader.reads``)."""
    declared = frozenset(tags_read)

    def mark(fn: F) -> F:
        fn.reads = declared  # type: ignore[attr-defined]
        DECLARED.append(fn)
        return fn

    return mark


def tags(kinds: Iterable[frozenset[str]], runs: bool = False) -> frozenset[str]:
    """The tags of calls of these kinds (one call: one set): the kinds, ``change`` or
    ``look``, and ``run`` when ``runs``."""
    found: set[str] = set()
    for k in kinds:
        found |= k
        found.add(CHANGE if k - OBSERVING else LOOK)
    if runs:
        found.add(RUN)
    return frozenset(found)


def call_tags(calls: Sequence[tuple[str, Mapping[str, Any]]],
              schemas: Mapping[str, Mapping[str, Any]] | None,
              descriptions: Mapping[str, str] | None) -> frozenset[str]:
    """The tags of a reply's calls by their kinds as ``kinds.call_kinds`` reads them, with
    the kinds their descriptions add (``effects.side_effects``): a reader of either reads
    no kind outside them."""
    return tags(call_kinds(n, a, s, d) | side_effects(n, a, s, d) for n, a in calls
                for s, d in [((schemas or {}).get(n), (descriptions or {}).get(n))])


def only(reader: Callable[..., R], tagged: frozenset[str], *args: Any) -> R | None:
    """``reader(*args)`` when it reads one of ``tagged`` (or declares nothing), else None."""
    declared: frozenset[str] | None = getattr(reader, "reads", None)
    if declared is None or not declared.isdisjoint(tagged):
        return reader(*args)
    if AUDIT is not None:
        AUDIT.append((f"{reader.__module__}.{reader.__qualname__}", tagged, reader(*args)))
    return None
