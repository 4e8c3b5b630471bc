"""A switch set on whose key names a step or a widening (session 28, r41 G1).

A boolean argument set to ``true`` whose key's words name a kind of step (the words the kind
table reads from tool names: ``update_snapshots``, ``fix``, ``write`` -> write; ``delete``,
``remove`` -> delete; a compound ending in one, ``autofix``) that the tool's own name does
not say, or a widening of the step's target ([keys-widen] in kinds.txt: ``remote``,
``all``, ``global``), is that step or that widening, whatever the tool's own kind:
``run_tests`` with ``update_snapshots: true`` writes the snapshot files, as ``jest -u`` does
(and with ``record: true`` its recorded cassettes, [keys-record]: a write too),
and ``delete_branch`` with ``remote: true`` deletes the shared copy. ``recursive`` is no
widening here: a folder's delete takes its tree (``runscope``: only a folder the text says is
empty must be deleted without it). Such a switch needs its own
words in the announcement ("run the tests and update the snapshots", "delete the remote
branch"); a switch set off, or one whose step the tool's name already says
(``format_code`` with ``write: true``), or a safeguard's (``guardswitch``:
``block_public_access``) is left to the other readers. Only changing calls are
read (``grounding``): an observing call's switch (``list_files`` + ``recursive``) widens a
look."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from leakcall.intent.announcement import Announcement
from leakcall.intent.guardswitch import _guards
from leakcall.intent.kindsfile import section
from leakcall.intent.named import _kind_table, name_words
from leakcall.intent.references import _referenced

_STEP_KINDS = frozenset({"write", "delete"})
"""Kinds of step a switch's key may name: what a run, a test or a lint does not do."""


@cache
def _recording() -> frozenset[str]:
    """Key words of a switch that has a run write what it would compare ([keys-record])."""
    return section("keys-record")


@cache
def _widening() -> frozenset[str]:
    """Key words of a switch that widens a step's target ([keys-widen] in kinds.txt)."""
    return section("keys-widen")


def _step_kinds(word: str, table: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """The step kinds a key word names: its own, or those of a kind word it ends in after a
    prefix of three or more letters (``autofix``, ``autoupdate``)."""
    own = table.get(word)
    if own is not None:
        return own & _STEP_KINDS
    for i in range(3, len(word) - 2):
        tail = table.get(word[i:])
        if tail is not None and tail & _STEP_KINDS:
            return tail & _STEP_KINDS
    return frozenset()


def unsaid(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a call sets on a switch whose key names a step or a widening the announcement does
    not say, or None (module doc)."""
    table = _kind_table()[0]
    own = frozenset(name_words(name))
    own_kinds = frozenset(k for w in own for k in table.get(w, frozenset()))
    said = [*ann.objects, *ann.observed, *(v for v, _k in ann.verbs)]
    for key, value in args.items():
        if value is not True or not isinstance(key, str) or _guards(key):
            continue  # a safeguard switched on (``block_public_access``) takes no step
        words = [w for w in name_words(key) if w not in own]
        steps = frozenset(k for w in words for k in (
            _step_kinds(w, table) | ({"write"} if w in _recording() else set()))) - own_kinds
        wide = [w for w in words if w in _widening()]
        if not steps and not wide:
            continue
        full = name_words(key)
        if _referenced(said, " ".join(full), frozenset(full)) is not None:
            continue
        what = f"a {'/'.join(sorted(steps))} step" if steps else "a wider target"
        return (f"{name!r} sets {key!r} to true, {what} the announcement does not name")
    return None
