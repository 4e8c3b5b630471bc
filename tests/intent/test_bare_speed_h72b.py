"""Issue 27 (h72b): the sample readers' walks and caches rewritten for speed read exactly what
the plain forms read: every (key, string) at any depth, a list item under its list's key; a
key's words alike for a short and a long key; a stock value the text before the markup writes
is the user's (recovered), one it does not write a sample (refused)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from leakcall.intent.named import name_words
from leakcall.intent.samples import _key_words, sample_arguments
from leakcall.intent.walk import _keyed_strings


def _reference(value: object, key: str = "") -> Iterable[tuple[str, str]]:
    """The walk as first written: one generator a value."""
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, Mapping):
        for k, x in value.items():
            yield from _reference(x, k if isinstance(k, str) else key)
    elif isinstance(value, list):
        for x in value:
            yield from _reference(x, key)


class _Tagged(str):
    """A str subclass: read as a string by the walk's slower branch."""


def test_keyed_strings_reads_what_the_plain_walk_reads() -> None:
    args = {"to": ["a@x.org", "b@x.org", 3, None], "subject": "Hi", "n": 2, "ok": True,
            "meta": {"tags": ["red", {"deep": "blue"}], 7: "seven", "f": 1.5},
            "sub": _Tagged("tagged"), "empty": [], "none": None}
    got = list(_keyed_strings(args))
    assert got == list(_reference(args))
    assert ("to", "a@x.org") in got and ("tags", "blue") not in got
    assert ("deep", "blue") in got and ("meta", "seven") in got and ("sub", "tagged") in got
    assert list(_keyed_strings(["x", {"k": "y"}], "list")) == [("list", "x"), ("k", "y")]


def test_key_words_short_and_long() -> None:
    for key in ("bucket_name", "eventTitle", "x" * 65 + "_name", ""):
        assert _key_words(key) == frozenset(name_words(key))


def test_stock_number_written_before_is_kept_unwritten_refused() -> None:
    call = [("add_contact", {"name": "Dana Li", "phone": "555-0142"})]
    # refused: the fictional number, nowhere in the text before the markup
    assert sample_arguments(call, "") is not None
    assert sample_arguments(call, "I'll add Dana Li to the address book.") is not None
    # recovered: the reply writes the number the user gave (in another layout too)
    assert sample_arguments(call, "I'll add Dana Li (555-0142) to the address book.") is None
    assert sample_arguments(call, "Adding Dana Li, 555 0142, now.") is None
