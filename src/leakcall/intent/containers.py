"""A destructive call on the place that holds the announced objects (h25f; rule
``ungrounded-call``, read from ``looked.unwritten`` over all the calls).

"The files are in /var/log. Let me delete the logs." + a delete of ``/var/log``: the text
writes the path (a place, no extension) only as *where* the objects are (after a locative
preposition, kinds.txt [place-within], or before a verb of holding, [place-holds]: "/var/log
holds the logs"), and the call deletes that whole place, the container, with whatever else
it holds. A path the text also writes as the object itself ("delete the /var/log
directory", "delete /var/log") is the text's own target and is left to the other readers.
A file ("the import in src/app.py") and a call that only writes are left alone.

One placing is not a container (``own_place``): a singular copula ([place-one-is]: "The old
build is in dist/.") says where one object is, and a place that is not wide
(``paths.wide_place``, ``scope._near_root``) whose object the announcement names by its head
noun is that object's own path ("Let me delete the old build." + ``dist``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words
from .kindsfile import section
from .paths import depth, wide_place
from .preamble import Announcement
from .walk import _leaves

__all__ = ["emptied", "own_place"]

_PATH = re.compile(r"(?<![\w/.~-])[`'\"]?((?:~|\.{1,2})?[\w.~-]*/[\w.~/-]*)")
_SENTENCE_END = re.compile(r"[.!?。！？]\s|[.!?。！？]$|\n")


def _norm(path: str) -> str:
    low = path.strip("`'\" ").casefold()
    low = low.rstrip(".,;:") if low.rstrip(".,;:") else low
    return low.removeprefix("./").rstrip("/") or "/"


def _ends_with(before: str, entries: frozenset[str]) -> str | None:
    """The longest entry ``before`` ends with as whole words (a CJK entry: as characters)."""
    best = None
    for e in entries:
        if not before.endswith(e) or (best is not None and len(e) <= len(best)):
            continue
        if ord(e[0]) > 0x2e80 or len(before) == len(e) or not before[-len(e) - 1].isalnum():
            best = e
    return best


def _places(text: str, target: str) -> list[tuple[str, str, str]]:
    """(text before, the placing words before or "" , text after) of each time the text writes
    the target path."""
    out = []
    for m in _PATH.finditer(text):
        if _norm(m.group(1)) != target:
            continue
        # a quote opening the path is no word of the placing ("ב-`build/`": the Hebrew prefix
        # letter and its maqaf or hyphen stand against it)
        before = text[: m.start()].casefold().rstrip().rstrip("`'\"")
        after = text[m.end():].casefold().lstrip("`'\" ")
        out.append((before, _ends_with(before, section("place-within")) or "", after))
    return out


def _holds(after: str) -> bool:
    return any(after.startswith(e) and (len(after) == len(e) or not after[len(e)].isalnum()
                                        or ord(e[0]) > 0x2e80)
               for e in section("place-holds"))


def _subject_named(before: str, placing: str, ann: Announcement) -> bool:
    """The subject of the placing sentence ends in a noun the announcement names."""
    subject = _SENTENCE_END.split(before[: len(before) - len(placing)].rstrip())[-1]
    words = re.findall(r"\w+", subject)
    named = {w.casefold() for w in ann.objects}
    return bool(words) and words[-1] in named


def own_place(text: str, path: str, ann: Announcement, *, named: bool = True) -> bool:
    """The text places one object at the path ("The old build is in dist/."), one the
    announcement names by its head noun when ``named``, and the path is not wide: the path
    is that object's own."""
    target = _norm(path)
    if wide_place(target) or _near_root_(target):
        return False
    ones = section("place-one-is")
    for before, placing, _after in _places(text, target):
        one = _ends_with(before, ones)
        if placing and one and (not named or _subject_named(before, one, ann)):
            return True
    return False


def _near_root_(target: str) -> bool:
    """``scope._near_root`` (scope reads this module, so it is read here by ``paths.depth``)."""
    at = depth(target)
    return target.startswith(("/", "~")) and at is not None and at[1] <= (
        2 if at[0] == "/" else 1)


def _container(text: str, target: str, ann: Announcement) -> bool:
    """Every time the text writes the target it gives it as where objects are."""
    seen = _places(text, target)
    if not seen or own_place(text, target, ann, named=False):
        return False
    return all(placing or _holds(after) for _before, placing, after in seen)


def emptied(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            kinds_of: Sequence[frozenset[str]]) -> str | None:
    """Why a destructive call's target is the place the text gives as where the announced
    objects are, or None."""
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if "delete" not in kinds:
            continue
        for key, leaf in _leaves(args):
            if not isinstance(leaf, str) or not set(name_words(str(key))) & _keys("target"):
                continue
            target = _norm(leaf)
            # a file is no container ("the import in src/app.py"): a place has no extension
            if "." not in target.rsplit("/", 1)[-1].strip(".") and _container(ann.text, target, ann):
                return (f"{name!r} acts on {leaf[:60]!r}, which the text writes only as where "
                        "the announced objects are: the call takes the whole place, not them")
    return None
