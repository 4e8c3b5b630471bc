"""Parts: a deleting step that takes a part out of a whole ("delete the old key from
config.json", ``Announcement.wholes``) acts inside the whole: a call deleting the whole itself
(``delete_file(config.json)``, ``rm -rf logs`` after "the old entries from logs") reaches
more than the announcement names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .kinds import _command_values, _keys, command_kinds, commands, name_words, unprefixed
from .paths import normal_path
from .preamble import Announcement
from .scope import _part_targets, _targets, named_in
from .walk import _keyed_strings


def _deleted(args: Mapping[str, Any], runs: bool) -> Iterable[str]:
    """What a deleting call deletes: each target of a deleting command a tool runs, else each
    value under a target key ([keys-target]: ``path``)."""
    if runs:
        for value in _command_values(args):
            for part in commands(value):
                if "delete" not in command_kinds(part):
                    continue
                words = unprefixed(part.split())
                if words and words[0].rsplit("/", 1)[-1] in _targets():
                    # every argument of a deleting program is a target (``rm -rf logs``)
                    yield from (w.strip("'\"") for w in words[1:] if not w.startswith("-"))
                else:
                    yield from _part_targets(part)
        return
    for key, value in _keyed_strings(args):
        if set(name_words(key)) & _keys("target"):
            yield value


def whole_taken(name: str, args: Mapping[str, Any], kinds: frozenset[str], ann: Announcement,
                runs: bool) -> str | None:
    """Why a deleting call deletes the whole the announcement takes a part out of, or None:
    its target's own name (the last part of its path) is a word of the whole and no word of
    the part ("the old key from config.json" + ``config.json``; "the old log from the logs
    folder" + ``rm -rf logs``; a path inside the whole, ``logs/old.log``, or a glob there
    passes)."""
    if "delete" not in kinds or not ann.wholes:
        return None
    for target in _deleted(args, runs):
        path = normal_path(target.strip()).rstrip("/")
        own = path.rsplit("/", 1)[-1]
        if not own or any(c in own for c in "*?["):
            continue
        for part, whole in ann.wholes:
            written = any(normal_path(w.strip("`")).rstrip("/") == path for w in whole)
            # a word the part shares with the whole names the whole ("the old log from the
            # logs folder" + ``rm -rf logs``): only the part's own words name the part
            own_part = [w for w in part if not named_in(whole, w)]
            if (written or named_in(whole, own)) and not (own_part and named_in(own_part, path)):
                return (f"{name!r} deletes {target.strip()[:40]!r}, the whole the announcement "
                        f"takes {' '.join(part) or 'a part'!r} out of, not that part")
    return None if runs else _only_whole(name, args, ann)


def _only_whole(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a deleting call whose every argument is a whole written out deletes that whole
    ("some of `users`" + ``drop_table(table="users")``: nothing picks the part), or None."""
    values = [v.strip() for _k, v in _keyed_strings(args)]
    if not values or len(values) != len(_flat(args)):
        return None
    written = {normal_path(w.strip("`")).rstrip("/") for _part, whole in ann.wholes
               for w in whole if w.startswith("`")}
    if all(normal_path(v).rstrip("/") in written for v in values):
        return (f"{name!r} deletes {values[0][:40]!r}, the whole the announcement takes a part "
                "out of, not that part")
    return None


def _flat(args: Mapping[str, Any]) -> list[Any]:
    """The call's scalar values, nested ones too (``None`` aside)."""
    out: list[Any] = []
    for v in args.values():
        if isinstance(v, Mapping):
            out.extend(_flat(v))
        elif isinstance(v, list):
            out.extend(x for item in v for x in (_flat(item) if isinstance(item, Mapping) else [item]))
        elif v is not None:
            out.append(v)
    return out
