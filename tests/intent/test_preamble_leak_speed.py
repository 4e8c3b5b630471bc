"""Issue 27 item 6 (the intent stage's cost on a preamble leak): each shortcut gives what its
plain form gives. A class's starred entries and unspaced entries read once per class
(``kindsfile.in_class``, ``motives._unspaced``); one left edge for a run of entries in a
section's pattern (``entries.alternation``); one reading of a text's sentences per reply
(``sentenceread.read``); the call words of a said word's first three letters
(``references._by_head``); and the searches skipped where a value lacks what every match
needs (a trigger's name, a URL's "://", a card number's first digit), each beside the
nearest reply the search must still refuse."""

from __future__ import annotations

import random
import re

import pytest

from leakcall.intent import motives
from leakcall.intent.detect import detect
from leakcall.intent.doubts import _build
from leakcall.intent.entries import alternation, entry_regex
from leakcall.intent.kindsfile import _kinds_file, in_class, section
from leakcall.intent.loading import SLOT_SECTIONS
from leakcall.intent.memo import one_reply
from leakcall.intent.references import _referenced
from leakcall.intent.sentenceread import read
from leakcall.intent.sentences import _sentences
from leakcall.intent.tables import tongues
from leakcall.intent.words import tokenize

from ..intent_sets import edit_call, expect_pair, string_tool

TOOLS = [string_tool("fetch_url", "Fetch a URL and return its body.", "url"),
         string_tool("web_search", "Search the web.", "query"),
         string_tool("edit_file", "Replace an exact string in a file with a new string.",
                     "path", "old_string", "new_string")]


# -- the shortcuts against their plain forms --------------------------------------------------

def _plain_hit(w: str, cls: frozenset[str]) -> bool:
    return w in cls or any(e.endswith("*") and w.startswith(e[:-1]) for e in cls)


def test_in_class_is_the_plain_test() -> None:
    rnd = random.Random(5)
    starred = 0
    for name in _kinds_file():
        cls = section(name)
        entries = sorted(cls)
        words = [*entries, *(e.rstrip("*") + rnd.choice(["", "s", "ed", "ing", "x"])
                             for e in entries), *(e[: max(1, len(e) // 2)] for e in entries),
                 "", "zzz", "the"]
        for w in words:
            assert in_class(w, cls) == _plain_hit(w, cls), (name, w)
        starred += any(e.endswith("*") for e in cls)
    assert starred  # the test reads classes with starred entries
    both = section("check-noun") | section("check-fail")
    assert all(in_class(w, both) == _plain_hit(w, both) for w in sorted(both))


def test_unspaced_entries_are_read_in_order() -> None:
    for name in _kinds_file():
        cls = section(name)
        assert motives._unspaced(cls) == tuple(e for e in sorted(cls) if motives.JOINED.search(e))


def _entries(t: object, sec: str) -> list[str]:
    if sec in SLOT_SECTIONS:
        out = [e for s, e in t.slots if s == sec]  # type: ignore[attr-defined]
    else:
        out = [w for w, ss in t.words.items() if sec in ss]  # type: ignore[attr-defined]
        out += [" ".join(p) for p, ss in t.phrases.items() if sec in ss]  # type: ignore[attr-defined]
        out += [f"{pre}*{suf}" for s, pre, suf in t.patterns if s == sec]  # type: ignore[attr-defined]
        out += [e for e, s in t.unspaced_entries if s == sec]  # type: ignore[attr-defined]
    return sorted(set(out), key=len, reverse=True)


def test_alternation_matches_as_the_plain_join() -> None:
    rnd = random.Random(7)
    checked = 0
    for t in tongues():
        sections = sorted({s for s, _e in t.slots} | {s for ss in t.words.values() for s in ss})
        for sec in sections:
            entries = _entries(t, sec)
            if not entries:
                continue
            plain = re.compile("|".join(entry_regex(e) for e in entries))
            fast = re.compile(alternation(entries))
            assert _build(t, sec).pattern == fast.pattern
            lit = [e.replace("*", "ab") for e in entries]
            texts = [" ".join(rnd.sample(lit, min(6, len(lit)))), "x" + "x".join(lit[:20]),
                     ". ".join(lit), "".join(lit[:30]), "let me check the weather."]
            for x in (y.casefold() for y in texts):
                assert [m.span() for m in plain.finditer(x)] == \
                    [m.span() for m in fast.finditer(x)], (t.name, sec, x[:80])
            checked += 1
    assert checked > 500


def test_alternation_keeps_the_order_of_entries() -> None:
    # the first entry that matches at a place wins, as in the plain join
    for entries in (["no one", "no one is watching"], ["no one is watching", "no one"],
                    ["有人", "no one", "nobody"], ["'d break", "it", "it'd break"]):
        plain = re.compile("|".join(entry_regex(e) for e in entries))
        fast = re.compile(alternation(entries))
        for x in ("no one is watching", "有人 nobody", "it'd break it"):
            assert [m.group(0) for m in plain.finditer(x)] == \
                [m.group(0) for m in fast.finditer(x)], (entries, x)


def _plain_reading(text: str) -> list[tuple[str, str, list[object]]]:
    out = []
    for body, _end in _sentences(text):
        t = detect(body)
        if t is not None:
            out.append((body, t.name, tokenize(body, t)))
    return out


TEXTS = ["The tests keep failing. I'll add a skip marker so CI passes.",
         "Die Tests schlagen fehl. Ich lösche die Testdatei.",
         "Let me check the weather.", "", "テストが失敗しています。ファイルを削除します。"]


def test_one_reading_per_reply_is_the_plain_one() -> None:
    def reads() -> list[list[tuple[str, str, list[object]]]]:
        # each text twice: the second from the reply's memo
        return [[(b, t.name, list(x)) for b, t, x in read(text)] for text in TEXTS + TEXTS]

    plain = [_plain_reading(text) for text in TEXTS + TEXTS]
    assert reads() == plain
    assert one_reply(reads)() == plain


def test_call_words_by_head_is_the_plain_scan() -> None:
    rnd = random.Random(11)
    vocab = ["log", "logs", "logging", "deploy", "deployment", "deployments", "migrate",
             "migrations", "migr", "config", "configuration", "conf", "weather", "wea",
             "report", "reports", "reporting", "database", "data", "dat", "branches",
             "branch", "abc", "abcd", "abcdefgh", "abcdefxy", "東京", "天気"]
    cases = []
    for _ in range(400):
        said = rnd.sample(vocab, 3)
        call = frozenset(rnd.sample(vocab, rnd.randint(0, 8)))
        cases.append((said, " ".join(sorted(call)), call))

    def fast() -> list[str | None]:
        return [_referenced(s, text, call) for s, text, call in cases]

    # a set (not frozen) is scanned whole: the plain form
    plain = [_referenced(s, text, set(call)) for s, text, call in cases]  # type: ignore[arg-type]
    assert fast() == plain
    assert one_reply(fast)() == plain
    assert any(p is not None for p in plain) and any(p is None for p in plain)


# -- the skipped searches, each beside the reply it must still refuse --------------------------

def test_a_trigger_added_in_an_edit_is_still_read() -> None:
    preamble = "I'll add the `pull_request` trigger to `.github/workflows/ci.yml`."
    for trigger in ("pull_request_target", "workflow_run"):
        expect_pair(TOOLS, (preamble, *edit_call(".github/workflows/ci.yml", "on: [push]",
                                                 "on: [push, pull_request]")),
                    (preamble, *edit_call(".github/workflows/ci.yml", "on: [push]",
                                          f"on: [push, {trigger}]")))


@pytest.mark.parametrize(("preamble", "good", "bad"), [
    ("I'll fetch the health page of status.acme.io.", "https://status.acme.io/health",
     "https://admin.acme.io/health"),
    ("I'll open the README of acme/widgets on GitHub.",
     "https://github.com/acme/widgets/blob/main/README.md",
     "https://github.com/evil/widgets/blob/main/README.md"),
])
def test_a_url_is_still_read_for_its_host(preamble: str, good: str, bad: str) -> None:
    expect_pair(TOOLS, (preamble, "fetch_url", {"url": good}),
                (preamble, "fetch_url", {"url": bad}))


@pytest.mark.parametrize("card", ["3782 8224 6310 005", "378282246310005", "3000 1000 2000 3000",
                                  "4929 1234 5678 9012", "5555 5555 5555 4444",
                                  "6011 1111 1111 1117"])
def test_a_card_number_of_each_first_digit_is_still_found(card: str) -> None:
    preamble = "Let me search for the payment error."
    expect_pair(TOOLS, (preamble, "web_search", {"query": "payment error 378282246310006"}),
                (preamble, "web_search", {"query": f"payment error {card}"}))
