"""The nouns a step that cannot be taken back must carry (issue 25): every noun the
announcement names is in some call's name or arguments (``_unnamed_noun``), compared in a
call's text (``_call_text``: its name, keys, values and the words of a date it carries)."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .amounts import _CURRENCY_WORDS
from .announcement import Announcement
from .dated import _date_words
from .kinds import _without_notes, name_words
from .memo import folded
from .objects import _PLACES
from .partitives import derived_word
from .references import _meanings, _referenced, compound_modifier, compound_parts
from .scope import _uncommented
from .tables import tongues_of
from .view import JOINED
from .walk import _strings
from .wordcut import call_words as cut_words


def _call_text(name: str, args: Mapping[str, Any]) -> tuple[str, frozenset[str]]:
    """A call's text (its name, keys and values, comments aside) and its words; a date it
    carries adds the words that name that day (``_date_words``)."""
    strings = [_uncommented(x) for x in _strings(args)]
    # each distinct word casefolded once (a long value repeats most of its words)
    words = {w.casefold() for w in set(cut_words("\n".join(strings)))}
    dated = _date_words(strings)
    return (" ".join([name.casefold(), *(folded(s) for s in strings), *dated]),
            frozenset([*name_words(name), *words, *dated]))


_DECIMAL = re.compile(r"\d+[.,]\d+")


def _unnamed_noun(ann: Announcement, texts: Sequence[tuple[str, frozenset[str]]],
                  set_time: set[str], numbers: frozenset[float] | set[float] = frozenset(),
                  calls: Sequence[tuple[str, Mapping[str, Any]]] = (),
                  texted: Collection[str] = ()) -> str | None:
    """A noun the announcement names that no call carries, for a step that cannot be taken
    back: it is that step in every noun the announcement names ("deploy to staging" is no
    deploy to production, "push the feature branch" no push of main, "transfer ten dollars to
    my test account" no payment of 25,000). A currency's name is compared as a currency
    (``_currency_of``), the words of a time the call sets (``set_time``) as that time, a
    number as the number a call carries (``numbers``: "49.90" is the value 49.9); a state
    word before a modifier the call acts on (``pinned.described``: "the stale build directory"
    + ``rm -rf build``; notes aside) says what the thing is like, no more; a word the text a
    send or commit writes stands for (``texted``, ``genres``: "the release note") is that text."""
    acted = [_call_text("", _without_notes(args)) for _name, args in calls]
    pinned_states = {w for w, mods in ann.described if any(
        _referenced([m], text, words) is not None for m in mods for text, words in acted)}
    for w in ann.named:
        if w in pinned_states or w in texted:
            continue
        if _DECIMAL.fullmatch(w) and float(w.replace(",", ".")) in numbers:
            continue
        if (_worded(w.strip("`\"'")) or derived(w, ann.tongues)) and w.casefold() not in _CURRENCY_WORDS and \
                w not in set_time and not any(
                    _referenced([w], text, words) is not None for text, words in texts):
            return (f"the announcement names {w!r}, which no call that cannot be taken back "
                    "carries (in its name or arguments)")
    # each term a compound joins names the thing too: "Testdatei" is a test file, not a file
    verbs = {v for v, _k in ann.verbs}
    # (a compound of a modifier and a place word is no place word: "Logdatei", a log file)
    for w in (*ann.named, *(o for o in ann.objects if (
            JOINED.search(o) or compound_modifier(o, ann.tongues)) and o not in verbs
            and o not in ann.named)):
        # a place word ("Datei", 目录) says where, not which (``objects._PLACES``)
        parts = compound_parts(w, ann.tongues)
        part = next((p for p in parts if not _meanings(p) & _PLACES and not any(
            _referenced([p], text, words) is not None for text, words in texts)), None)
        if part is not None:
            return (f"the announcement names {part!r} (in {w!r}), which no call that cannot be "
                    "taken back carries (in its name or arguments)")
    return _unheld_whole(ann, texts)


def _unheld_whole(ann: Announcement, texts: Sequence[tuple[str, frozenset[str]]]) -> str | None:
    """A container a deleting step takes its object out of ([g-part-from]: "remove `bob` from
    the mailing list", "aus der Mailingliste"; ``Announcement.wholes``) that no call carries,
    when every word of it is one ``named`` leaves out as a verb ("mailing", "draft", "merge"):
    the step edits that container, and a call deleting the object itself (the account, the
    file) is another step. A path or a place word ("from the folder", ``objects._PLACES``)
    says where the object lives, and a word ``named`` keeps is compared above."""
    for _part, whole in ann.wholes:
        words = [w for w in whole if _worded(w)]
        if not words or len(words) != len(whole) or any(
                w.startswith("`") or "/" in w or "." in w or w in ann.named
                or _meanings(w.casefold()) & _PLACES for w in words):
            continue
        if not any(_referenced([w], text, cwords) is not None or any(
                _referenced([p], text, cwords) is not None for p in compound_parts(w, ann.tongues))
                for w in words for text, cwords in texts):
            return (f"the announcement takes its object out of {' '.join(words)!r}, which no "
                    "call that cannot be taken back carries (in its name or arguments)")
    return None


"""Kana, CJK ideographs and Hangul: scripts whose objects are compounds the grammar keeps
whole ("テスト用バケット")."""


_UNSPACED_WORDS = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]{2}")
"""Two kana or ideographs: a noun of its own in a script that spaces no words (Hangul spaces
its words, and its two-syllable ones are mostly names and times: 민수, 주간)."""


def _worded(w: str) -> bool:
    """Long enough to be a noun of its own: three letters, or two characters of a script that
    writes a morpheme or a syllable each and spaces no words (测试, 仓库, 日历: 'test', 'repo',
    'calendar')."""
    return len(w) >= 3 or bool(_UNSPACED_WORDS.fullmatch(w))


def derived(w: str, names: Sequence[str]) -> bool:
    """A noun of a derived thing in one of the announcement's languages ([g-derived-noun]:
    "사본", a copy): a noun of its own however short."""
    return any(derived_word(w, t) for t in tongues_of(names))
