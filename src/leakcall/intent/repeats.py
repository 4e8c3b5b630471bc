"""Several changes by one tool, each its own target (issue 25, round 38
``second-call-same-tool``; read by ``parties.swapped`` with the text as written).

One announcement names the target of a change once ("I'll update the shipping address to …"):
a reply that calls the same changing tool again on another record has taken a step on a target
nobody named (another customer's address overwritten, a second product in the cart). So when
several changing calls of one tool differ in an identifier (a token with a digit and no path
or phrase in it, ``C-5521``, ``B07XJ8C8F5``, under a key of one, ``customer_id``), each of
the identifiers they differ in must be written in the text, whole: "I'll update the
addresses of C-5521 and C-0001" grounds two changes. Reads are left out: "Let me check each
of your reservations" reads records the context lists, and the text says how many only in
words the lexicon has no class for (a second read of another party, round 38
``other-party-read``, stays open). The same change twice (``twice``, round 39
``duplicate-call``) is taken only when the text writes that count of steps; changes of paths
and phrases are read by the other rules.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .amounts import _IDENTIFIER
from .figures import numbers, spoken
from .kinds import name_words
from .view import normalize
from .walk import _leaves, _strings
from .written import stands

__all__ = ["counts", "grouped", "ids", "repeated", "twice"]

_IDENT = re.compile(r"^(?=[^\s/\\.]*\d)[^\W_]+(?:[-_:#][^\W_]+)*$")
"""An identifier: word characters and inner joiners, a digit among them, no path, no space."""
_COUNTED = re.compile(r"[^\W_]+(?:[-_.@'][^\W_]+)*")
"""A token of the text as the count reader splits it ("2pm" one token, no count)."""


def ids(args: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, value) of each identifier under a key of one (``customer_id``, ``order_no``), at
    any depth: a target is named by its id; a colour or a hash under another key is a property
    of each target, not which one."""
    return [(key, value.strip()) for key, value in _leaves(args)
            if isinstance(value, str) and _IDENTIFIER & set(name_words(key))
            and _IDENT.match(value.strip())]


def grouped(calls: Sequence[tuple[str, Mapping[str, Any]]]
            ) -> Iterator[tuple[str, int, dict[str, set[str]]]]:
    """Each tool called more than once: its name, how many calls, and the identifiers they
    carry by key (read by ``repeated`` and ``oneobject.several_reads``)."""
    by_tool: dict[str, list[Mapping[str, Any]]] = {}
    for name, args in calls:
        by_tool.setdefault(name, []).append(args)
    for name, group in by_tool.items():
        if len(group) < 2:
            continue
        values: dict[str, set[str]] = {}
        for args in group:
            for key, value in ids(args):
                values.setdefault(key, set()).add(value)
        yield name, len(group), values


def repeated(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why several changing calls (``calls`` are those) of one tool differ in an identifier
    that the text does not write, or None."""
    folded = text.casefold()
    for name, n, values in grouped(calls):
        for key, seen in values.items():
            if len(seen) < 2:
                continue
            unwritten = sorted(v for v in seen if not stands(v, folded, "-"))
            if unwritten:
                return (f"{n} calls of {name!r} differ in {key!r}, and the text does "
                        f"not write {unwritten[0]!r}: each call needs its own written target")
    return None


def counts(text: str) -> list[float]:
    """The counts the text writes before a word ("two stopped VMs", "3 branches", "three
    times"; not the 2 of "2pm")."""
    words = _COUNTED.findall(normalize(text))
    out: list[float] = []
    for w, nxt in itertools.pairwise(words):
        if (w.isalpha() or w.isdigit()) and nxt[:1].isalpha():
            n = spoken(w)
            if n is not None and n >= 1:
                out.append(n)
    return out


def twice(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why two changing calls (``calls`` are those) are the same change, or None: one
    announcement says a change once ("add 2 packs", "create the event", "append the line"), and
    the same call again takes it twice (4 packs, two events, the line appended twice). The text
    writes how many times only by a count of the calls that no call carries ("roll the dice
    three times" + three bare rolls); a count the call carries is of items (``quantity: 2``)."""
    taken: dict[str, int] = {}
    for name, args in calls:
        key = name + "\0" + json.dumps(args, sort_keys=True, default=str)
        taken[key] = taken.get(key, 0) + 1
    written = set(counts(text))
    for key, n in taken.items():
        name, _, raw = key.partition("\0")
        carried = {x for v in _strings(json.loads(raw), keys=False) for x in numbers(v)}
        if n > 1 and (n not in written or n in carried):
            return (f"{name!r} is called {n} times with the same arguments, and the text "
                    "writes no such count of steps: one announced change is taken once")
    return None
