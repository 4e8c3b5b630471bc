"""A language's entries read by section, once per table (h36q): ``marked_words`` is the list
a reader built by walking every (section, word) pair of ``Tongue.marks`` each time it ran,
``place_terms`` the [concept] terms whose meaning is a place word. The tables never change
once built; a rebuilt table (a new ``Tongue``) is read again (entries are keyed by the
object's identity and keep a reference to it)."""

from __future__ import annotations

from .words import Tongue

__all__ = ["marked_words", "place_terms", "section_entries"]

_MARKS: dict[int, tuple[object, dict[str, tuple[str, ...]]]] = {}
_PLACES: dict[tuple[int, frozenset[str]], tuple[object, frozenset[str]]] = {}


def marked_words(t: Tongue, section: str) -> tuple[str, ...]:
    """``[w for s, w in t.marks if s == section]``, in that order, read once per table."""
    hit = _MARKS.get(id(t.marks))
    if hit is None or hit[0] is not t.marks:
        hit = _MARKS[id(t.marks)] = (t.marks, {})
    got = hit[1].get(section)
    if got is None:
        got = hit[1][section] = tuple(w for s, w in t.marks if s == section)
    return got


def place_terms(t: Tongue, places: frozenset[str]) -> frozenset[str]:
    """The terms of ``t.concepts`` whose meanings hold one of ``places``."""
    key = (id(t.concepts), places)
    hit = _PLACES.get(key)
    if hit is None or hit[0] is not t.concepts:
        hit = _PLACES[key] = (t.concepts, frozenset(
            term for term, meaning in t.concepts.items() if meaning & places))
    return hit[1]


_ENTRIES: dict[tuple[int, str], tuple[object, object, tuple[str, ...]]] = {}


def section_entries(t: Tongue, name: str) -> tuple[str, ...]:
    """The words of ``t.words`` in the section, then its multiword entries (``t.phrases``,
    joined by a space), in table order, read once per table."""
    hit = _ENTRIES.get((id(t.words), name))
    if hit is None or hit[0] is not t.words or hit[1] is not t.phrases:
        hit = _ENTRIES[(id(t.words), name)] = (t.words, t.phrases, tuple(
            [w for w, secs in t.words.items() if name in secs]
            + [" ".join(p) for p, secs in t.phrases.items() if name in secs]))
    return hit[2]
