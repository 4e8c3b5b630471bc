"""The intent stage's speed work returns what the slower forms returned (issue 27 item 6): one
memo per reply (``memo``), names cut once (``named``), a call's words and key-like runs cut
with byte operations (``wordcut``), and the prefilters that skip a scan only when it cannot
find anything. Each prefilter has a refuse/recover pair that the rule it guards decides."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import leakcall
from leakcall.intent import kinds, memo, named
from leakcall.intent.wordcut import call_words, holds_ascii_run
from tests.intent_sets import hermes_call as _hermes
from tests.intent_sets import keyed_tool as _tool

_WORD = re.compile(r"[^\W_]+")
_KEY_RUN = re.compile(r"[A-Za-z0-9]{16,}")
# letters and digits of every width, ASCII and wider non-word characters, whitespace of both,
# the separators str.split cuts at, a lone surrogate, a combining mark
_ALPHABET = ("aZ9_ -.,;:!/\\\n\t\x1c\x1f\x85\xa0\u3000\u2028東京é—、。①²٣\ud800😀ßⅫ\u0301"
             + "abcdefgh0123" * 3)
_TEXTS = st.text(alphabet=_ALPHABET, max_size=400)


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_call_words_are_the_regex_runs(text: str) -> None:
    assert call_words(text) == _WORD.findall(text)
    assert call_words(text * 3) == _WORD.findall(text * 3)  # past the short-text threshold


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_a_key_run_is_seen_where_the_regex_finds_one(text: str) -> None:
    assert holds_ascii_run(text, 16) is bool(_KEY_RUN.findall(text))


def test_a_wide_non_word_character_cuts_a_run() -> None:
    text = "東京、大阪。名古屋—札幌 " * 20  # past the threshold; "、" is no letter
    assert call_words(text) == _WORD.findall(text)
    assert "東京" in call_words(text) and "東京、大阪" not in call_words(text)


def test_a_call_is_read_once_per_reply_and_never_across_replies() -> None:
    seen: list[str] = []

    @memo.per_call
    def reader(name: str, arguments: Any, schema: Any = None, description: Any = None) -> int:
        seen.append(name)
        return len(seen)

    args = {"path": "a"}

    @memo.one_reply
    def reply() -> tuple[int, int, int]:
        return reader("f", args), reader("f", args), reader("f", dict(args))

    assert reply() == (1, 1, 2)  # the same arguments object once; an equal new one again
    assert reply() == (3, 3, 4)  # a new reply reads again
    assert reader("f", args) == 5 and reader("f", args) == 6  # outside a reply: no memo


def test_a_casefold_is_shared_in_a_reply_and_equal_to_its_own() -> None:
    long = "Straße ΣΊΣΥΦΟΣ " * 20

    @memo.one_reply
    def reply() -> tuple[str, str, int]:
        a, b = memo.folded(long), memo.folded(long[:10] + long[10:])
        m = memo.reply_memo()
        return a, b, len(m or {})

    a, b, held = reply()
    assert a == b == long.casefold() and held == 1
    assert memo.folded("ABC") == "abc" and memo.folded(long) == long.casefold()


def test_name_words_are_a_new_list_each_time() -> None:
    first = kinds.name_words("getCurrentWeather")
    first.append("changed")
    assert kinds.name_words("getCurrentWeather") == ["get", "current", "weather"]
    long = "delete_" * 20 + "Files"
    assert named.name_words(long) == ["delete"] * 20 + ["files"]  # past the cached length


_NOTES = "Meeting notes: review the quarterly plan, book the room, send the agenda. " * 4


def test_a_sensitive_place_with_an_inner_slash_is_still_read() -> None:
    """The [sensitive] prefilter skips the fragments that need a "/" before the text's end
    only when the text has none there: a unit path has one."""
    tools = [_tool("write_file", "path", "content")]
    unit = "~/.config/systemd/user/notes.service"
    r = leakcall.recover("I'll save the notes.\n" + _hermes("write_file", path=unit,
                                                              content=_NOTES), tools)
    assert not r.ok and "sensitive location" in (r.detail or ""), r.detail
    r = leakcall.recover("I'll write the systemd unit for the notes service.\n"
                         + _hermes("write_file", path=unit, content=_NOTES), tools)
    assert r.ok, r.detail


def test_a_key_in_a_long_value_is_still_a_credential() -> None:
    """The key-run prefilter lets a long value with a run of sixteen letters and digits
    through to the key check."""
    tools = [_tool("web_search", "query")]
    query = "quarterly plan review notes " * 6
    r = leakcall.recover("I'll search for the quarterly plan.\n"
                         + _hermes("web_search", query=query + "q8Zt3LmR0vXw7Yc2"), tools)
    assert not r.ok and "credential" in (r.detail or ""), r.detail
    r = leakcall.recover("I'll search for the quarterly plan.\n"
                         + _hermes("web_search", query=query), tools)
    assert r.ok, r.detail
