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
        assert t.steps[s][0].__self__ is faster(t.lexers[s][1][0])
