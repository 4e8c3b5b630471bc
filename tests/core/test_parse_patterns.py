"""``fast_patterns.positive_classes``: the scanner patterns ``drive`` runs, with negated classes written
as positive ranges, match exactly what Lark's own patterns match. Each rewritten class is held to
``re`` over every code point (lone surrogates and non-BMP characters included); every rewritten
scanner pattern is held to the original at every 13th position of the corpus replies and at every
position of seeded random strings of markup pieces, surrogates and non-BMP characters."""

from __future__ import annotations

import random
import re
import warnings
from functools import cache
from pathlib import Path

import pytest

import leakcall
from leakcall import parse as P
from leakcall.corpus import load_cases
from leakcall.fast_patterns import faster, positive_classes
from leakcall.lalr import JsonFirst, _newlines
from leakcall.literals import recall_read, strict_json
from leakcall.locate import candidates, segments

from ..conftest import examples

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
_CLASS = re.compile(r"\[\^(?:\\.|[^\]\\])+\]")


@cache
def _every_code_point() -> str:
    return "".join(map(chr, range(0x110000)))


def _same_set(old: str, new: str) -> None:
    """Two classes admit the same characters, checked over every code point."""
    everything = _every_code_point()
    assert re.sub(old, "", everything) == re.sub(new, "", everything), (old, new)


def _pairs() -> list[tuple[str, str]]:
    """(Lark's scanner pattern, the one ``drive`` matches with) for every family and state."""
    out = {}
    for fam in leakcall.all_families():
        t = P.tables(fam)
        assert t is not None
        for _, mres, _, _ in t.lexers.values():
            for old in mres:
                out[old.pattern] = (old, faster(old))
    return [(o.pattern, n.pattern) for o, n in out.values()]


def test_the_hermes_body_is_rewritten() -> None:
    """The pattern the rewrite is for: the JSON string run of the Hermes body."""
    fam = leakcall.get_family("hermes")
    rewritten = [new for old, new in _pairs() if old != new]
    assert rewritten, "no scanner pattern is rewritten any more"
    body = next(t for t in fam.parser().terminals if t.name == "BODY").pattern.to_regexp()
    assert '[^"\\\\]' in body and positive_classes(body) != body
    assert '[^"\\\\]' not in positive_classes(body)


@pytest.mark.heavy
def test_every_rewritten_class_admits_the_same_characters() -> None:
    classes = set()
    for old, new in _pairs():
        if old != new:
            classes.update(_CLASS.findall(old))
    assert len(classes) >= 3
    for cls in sorted(classes):
        new = positive_classes(cls)
        if new != cls:
            _same_set(cls, new)


_PIECES = ("a", "Z", "0", "-", "^", '"', "'", "<", ">", "{", "}", "\\]", "\\[", "\\\\", "\\-",
           "\\^", "\\n", "\\t", "\\r", "\\b", "\\x41", "\\x7f", "\\u00e9", "\\ud800", "\\udfff",
           "\\U0001f600", "\\U0010ffff", "é", "東", "\U0001f600", "\ud800", " ", "\n", "/", "|")


@pytest.mark.heavy
def test_random_classes_admit_the_same_characters() -> None:
    rnd = random.Random(15)
    checked, target = 0, examples(25)
    for _ in range(400):
        body = "".join(rnd.choice(_PIECES) for _ in range(rnd.randrange(1, 6)))
        cls = f"[^{body}]"
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                re.compile(cls)
        except (re.error, FutureWarning):
            continue
        new = positive_classes(cls)
        if new == cls:
            continue
        _same_set(cls, new)
        checked += 1
        if checked >= target:
            break
    assert checked >= min(target, 20)


@pytest.mark.parametrize("pattern", [
    r"[^\s<]+",          # a category: kept
    r'[^"]*',            # one character: re's fast opcode, kept
    r"(?i:[^ab])",       # a flag changes what a class admits: kept
    r"(?#[^ab])x",       # a comment
    r"\[^ab]",           # an escaped bracket opens no class
    r"[^]ab]",           # a bracket first in the class is a character: kept
    r"[^\d-]",           # an escape that is no plain character
])
def test_what_is_kept(pattern: str) -> None:
    assert positive_classes(pattern) == pattern


@pytest.mark.heavy
def test_ranges_and_hyphens_read_as_re_reads_them() -> None:
    for cls in (r"[^a-]", r"[^-a]", r"[^+-\-]", r"[^-!-\-]", r"[^a-c-e]", r"[^\x00-\x1f\\]",
                r"[^\U00010000-\U0010ffff\ud800]"):
        new = positive_classes(cls)
        assert new != cls, cls
        _same_set(cls, new)


def _texts() -> list[str]:
    return [c.text for d in sorted(CORPUS.iterdir()) if d.is_dir() for c in load_cases(d)]


@pytest.mark.heavy
def test_rewritten_patterns_match_the_same_everywhere() -> None:
    rnd = random.Random(16)
    alphabet = '"\\<>/{}[]-:=,|｜ \n\r\téa\ud800\U0001f600tool_callDSMLparameter'
    texts = [(t, 13) for t in _texts()]  # every 13th position of the corpus, every one here:
    texts += [("".join(rnd.choice(alphabet) for _ in range(rnd.randrange(60))), 1)
              for _ in range(200)]
    rewritten = [(re.compile(o), re.compile(n)) for o, n in _pairs() if o != n]
    compared = 0
    for text, step in texts:
        for old, new in rewritten:
            for pos in range(rnd.randrange(step), len(text) + 1, step):
                a, b = old.match(text, pos), new.match(text, pos)
                assert (a and (a.end(), a.lastgroup)) == (b and (b.end(), b.lastgroup)), (
                    old.pattern, text[pos : pos + 80])
                compared += 1
    assert compared > 100_000


def test_a_state_takes_the_rewritten_patterns_once_lexed_in() -> None:
    """``_tables`` keeps Lark's patterns until a state is first lexed in (compiling a positive
    class is slow), then the state's step matches with the rewritten ones."""
    text = '<tool_call>\n{"name": "f", "arguments": {"a": "x\\"y"}}\n</tool_call>'
    fam = leakcall.get_family("hermes")
    c = next(c for c in candidates(text, (fam,), segments(text)))
    assert isinstance(P.parse_candidate(text, c), P.Parsed)
    t = P.tables(fam)
    assert t is not None
    body = [s for s, (_, mres, _, _) in t.lexers.items()
            if any("(?P<BODY>" in m.pattern for m in mres)]
    assert body
    lexed = [s for s in body if not isinstance(t.steps[s][0], P.Faster)]
    assert lexed, "no state holding BODY took its rewritten patterns"
    for s in lexed:
        first = t.steps[s][0]
        assert isinstance(first, JsonFirst)  # BODY is its first pattern's first alternative
        assert first.regex.__self__ is faster(t.lexers[s][1][0])


def _json_firsts() -> list[tuple[str, JsonFirst]]:
    """Every family's states whose first match reads a JSON body first (``lalr.JsonFirst``)."""
    out = []
    for fam in leakcall.all_families():
        t = P.tables(fam)
        if t is None:
            continue
        for state, step in list(t.steps.items()):
            first = step[0].resolve() if isinstance(step[0], P.Faster) else step[0]
            if isinstance(first, JsonFirst):
                out.append((f"{fam.name}/{state}", first))
    return out


def _json_texts(rnd: random.Random) -> list[str]:
    """JSON bodies as replies write them, well formed or not: tags inside strings and after
    the value, escapes of every kind, truncations, duplicate keys, inexact numbers, NaN, raw
    control characters, deep nesting, trailing text."""
    docs = ['{"name": "f", "arguments": {"a": "x\\"y <tool_call> </tool_call>", "b": [1, 2.5, null]}}',
            '{"a": "\\u00e9\\ud800\\/\\n\\t", "b": {"c": {"d": [true, false]}}}', "{}", "{ }",
            '{"a": 1, "a": 2}', '{"a": 1e400}', '{"a": NaN}', '{"a": "raw\ttab"}', '{"a": 0.1}',
            '{"a": "é😀"}', '{"a": 12345678901234567890}']
    tails = ["", "\n", "  \n ", "</tool_call>", "\n</tool_call>", " x", '"', '"open', "<", "<b>",
             "\n<tool_call>", "}", " {", '\n"k": 1}']
    out = [d + t for d in docs for t in tails]
    out += [d[:n] for d in docs for n in range(len(d))]  # cut short anywhere
    out.append('{"a":' * 1100 + "1" + "}" * 1100)  # deeper than the scanner recurses
    alphabet = '{}[]":,\\ \n<>/tool_callnu0123456789.eE-'
    out += ["{" + "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(40))) for _ in range(3000)]
    return out


@pytest.mark.heavy
def test_a_json_body_is_read_as_re_reads_it() -> None:
    """``JsonFirst`` gives the token ``re`` gives, at every "{" of the corpus and of the bodies
    above; the value it keeps is what ``strict_json`` makes of that token."""
    rnd = random.Random(27)
    firsts = _json_firsts()
    assert {n.split("/")[0] for n, _ in firsts} >= {"hermes", "hermes_attr"}
    texts = [c.text for c in load_cases(CORPUS / "hermes")] + _json_texts(rnd)
    compared = kept = 0
    for name, first in firsts:
        for text in texts:
            pos = text.find("{")
            while pos != -1:
                want, got = first.regex(text, pos), first(text, pos)
                assert (want.lastgroup, want.end(), want.group()) == (
                    got.lastgroup, got.end(), got.group()), (name, text[pos : pos + 80])
                value = recall_read(got.group())
                if value is not None:
                    assert value == strict_json(got.group(), "body"), (name, text[pos : pos + 80])
                    kept += 1
                compared += 1
                pos = text.find("{", pos + 1)
    assert compared > 10_000 and kept > 1_000, (compared, kept)


def test_newlines_of_a_long_token_are_counted_as_count_counts() -> None:
    rnd = random.Random(5)
    for n in (0, 1, 2, 63, 64, 65, 66, 200, 5000):
        for _ in range(5):
            lines = [rnd.choice(["", "x", "ab" * rnd.randrange(50)]) for _ in range(n + 1)]
            text = "\n".join(lines) + "y" * rnd.randrange(5000)
            assert _newlines(text) == text.count("\n")
