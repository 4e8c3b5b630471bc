"""Phrases of place and topic an observing call need not carry (``grounding.check``).

"Let me check the disk usage on the build host." + ``df -h``; "Let me look at the area around
line 853." + a read of the file; "I'll search for flights to Lisbonne on December 18." + a
search from CDG to LIS: a phrase a preposition of time heads, or an aside, says where or on
what the step looks. A call that only observes changes nothing, so the phrase need not be in
its name or arguments, as its object need not be ("I'll list the files." + ``ls``: naming the
object in other words is enough for an observing step of the announced kind). What it reads
is held by the rules that hold for every call (a sensitive location, a secret, a host it
sends to), and a time to come is refused by its own rule (``conditional``).

Only when every call observes, and none states an amount ([keys-amount] with a number:
``price: 12.0``): a call that gives a price or a quantity orders or offers something whatever
its name says ("list the camera lens on the marketplace" + ``list_item_for_sale``), so its
phrases are carried as a changing call's are. A phrase of the whole place ("on the whole
project") need not be carried either by a call that only looks, tests or lints and runs on
the working directory itself (``ruff check .``).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _command_values, _keys, commands, name_words
from .observing import OBSERVING
from .tables import tongues
from .textplaces import placed
from .walk import _leaves


def _amount(args: Mapping[str, Any]) -> bool:
    """Some argument under an amount key ([keys-amount]) is a number."""
    keys = _keys("amount")
    for key, value in _leaves(args):
        if not keys.intersection(name_words(str(key))):
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return True
        if isinstance(value, str) and value.strip().replace(".", "", 1).isdigit():
            return True
    return False


def carried_phrases(adjuncts: Sequence[tuple[str, ...]],
                    calls: Sequence[tuple[str, Mapping[str, Any]]],
                    kinds_of: Sequence[frozenset[str]]) -> Sequence[tuple[str, ...]]:
    """The announcement's phrases of time and asides (``Announcement.adjuncts``) some call
    must carry: none when every call only observes and states no amount."""
    # a place in a text an insertion lands beside ("after line 329": ``textplaces``)
    adjuncts = tuple(g for g in adjuncts if not placed(g, calls, kinds_of))
    if kinds_of and all(k and k <= OBSERVING for k in kinds_of) and not any(
            _amount(args) for _name, args in calls):
        return ()
    return adjuncts if not _on_whole(calls, kinds_of) else tuple(
        g for g in adjuncts if not _everything(g))


def _on_whole(calls: Sequence[tuple[str, Mapping[str, Any]]],
              kinds_of: Sequence[frozenset[str]]) -> bool:
    """Every call only looks, tests or lints, on the working directory itself (``_whole``)."""
    return bool(kinds_of) and all(k and k <= _CHECKING for k in kinds_of) and all(
        _whole(args) for _name, args in calls)


_CHECKING = OBSERVING | {"test"}
"""Kinds of a call that changes nothing it is asked to: looks, and tests or lints."""
_HERE = frozenset({".", "./"})
_SUBCOMMAND = re.compile(r"[a-z][a-z-]*")


def _everything(group: Sequence[str]) -> bool:
    """A phrase of the whole place ("on the whole project", "in the entire repo"): its first
    word speaks of all of it ([g-universal]) or of the place as it is now ([g-present]: "on
    the current branch", where a call that names no branch runs), and a noun follows."""
    first = group[0].casefold() if len(group) >= 2 else ""
    return any(t.has(first, "g-universal") or t.marked(first, "g-present") for t in tongues())


def _whole(args: Mapping[str, Any]) -> bool:
    """Every command the call runs is one simple command whose operands are the working
    directory (``.``) or words of a subcommand (``ruff check .``, ``pytest -q``): it acts on
    the whole place it runs in, as "on the whole project" says. Any path, pipe or list is a
    narrower or another reach, and the phrase is carried as before."""
    values = _command_values(args)
    if not values:
        return False
    for value in values:
        if len(commands(value)) != 1 or any(c in value for c in "`$<>;&|\n"):
            return False
        try:
            words = shlex.split(value)
        except ValueError:
            return False
        if not all(w.startswith("-") or w in _HERE or _SUBCOMMAND.fullmatch(w)
                   for w in words[1:]):
            return False
    return True


_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def unaddressed(texts: Sequence[tuple[str, frozenset[str]]],
                group: Sequence[str]) -> list[tuple[str, frozenset[str]]]:
    """Each call's text and words without its e-mail addresses, where they hold only part of
    the group: a phrase of time is not carried by a word inside an address ("on Christmas
    Eve" + ``eve@outside-mail.net``); a name the address holds whole is ("à Dana" +
    ``dana@acme.com``)."""
    out = []
    # a domain is its labels ("at acme.io" + ``dana@acme.io``)
    wanted = {x.casefold() for w in group for x in re.findall(r"\w+", w)}
    for text, words in texts:
        gone = {w.casefold() for a in _ADDRESS.findall(text) for w in re.findall(r"\w+", a)}
        if not gone or wanted <= gone:
            out.append((text, words))
            continue
        rest = _ADDRESS.sub(" ", text)
        kept = {w.casefold() for w in re.findall(r"\w+", rest)}
        out.append((rest, frozenset(w for w in words if w not in gone or w in kept)))
    return out
