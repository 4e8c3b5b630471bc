"""The intent stage's shortcuts skip work only where it could find nothing: each gate passes
every text that the checks behind it would match, and each fast path returns what the general
path returns. A gate that let a cue or construct through unseen would drop a refusal."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import leakcall
from leakcall import intent
from leakcall.intent import lexicon, normalize
from leakcall.locate import Segment

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _sentences() -> list[str]:
    lex = lexicon()
    out = [f"{a}{e.replace('*', 'xx')}{b}" for es in lex.entries.values() for e in es
           for a, b in (("i ", " now."), ("x", "y"), ("", ""))]
    for path in sorted(CORPUS.rglob("*.txt"))[::5]:
        text = normalize(path.read_text(encoding="utf-8")[:1500])
        out += [line for line in text.splitlines() if line.strip()]
    return out


def _random(alphabet: list[str], n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 12))) for _ in range(n)]


@pytest.mark.heavy
def test_construct_mark_is_in_every_construct() -> None:
    alphabet = [*"abREMrem PSIn<>#-=+_*\\[]@$%(){}/;|.:!\"'\n\t019", "irb(", "begin{", "[code]",
                "CDATA", ">>> ", "... ", "@@ "]
    for s in _random(alphabet, 40000, 1):
        if any(p.search(s) for _, _, p in intent._CONSTRUCTS):
            assert intent._CONSTRUCT_MARK.search(s), s


@pytest.mark.heavy
def test_non_prose_mark_is_in_every_markup_match() -> None:
    alphabet = [*"ab_ *~<>&#;/{}%'\"\\]([)`x1", "\u2028", "\u2029", "'''", '"""']
    for s in _random(alphabet, 40000, 2):
        if intent._NON_PROSE.search(intent._CODE_SPAN.sub("``", s)):
            assert intent._NON_PROSE_MARK.search(s), s


@pytest.mark.heavy
def test_lazy_mark_is_in_every_quote_line_and_list_item() -> None:
    alphabet = [*" \t\n\r\v\f>-*+•1a.)x", "٣", "\u2028", "\x85"]
    for s in _random(alphabet, 40000, 3):
        if any(intent._QUOTE_LINE.match(line) or intent._LIST_ITEM.match(line)
               for line in s.splitlines()):
            assert intent._LAZY_MARK.search(s), s


@pytest.mark.parametrize("before, refused", [
    ("Let me open 'config.\n", True), ("I'll run \"make.\n", True), ("Let me read 「x.\n", True),
    ("I'll check it.\n", False), ("Let me check the 'logs' now.\n", False),
    ("Let me check the weather.\n", False),
])
def test_structure_quotation_shortcut_keeps_the_rule(before: str, refused: bool) -> None:
    v = intent._structure(before)
    assert (v is not None and v[1] == "quotation-marks") if refused else v is None


def test_structure_ascii_shortcut_normalises_to_no_quotation_mark() -> None:
    """``_structure`` returns None for ASCII text without quotation marks before normalising it:
    its normalised view is ASCII and holds none either, so the quotation test would pass it."""
    for s in _random([*"ab _*~`'<>:|\n\t.A", "__", "**", "***"], 40000, 8):
        if '"' not in s and "'" not in s:
            view = normalize(s)
            assert view.isascii() and '"' not in view and "'" not in view, s


def test_visible_context_one_segment_is_the_general_join() -> None:
    rnd = random.Random(4)
    for _ in range(5000):
        n = rnd.randint(1, 30)
        text = "".join(rnd.choice("ab \n") for _ in range(n))
        start = rnd.randint(0, n - 1)
        end = rnd.randint(start, n)
        cut = rnd.randint(0, n)
        one = intent.visible_context(text, (Segment(0, n, False),), start, end)
        two = intent.visible_context(text, (Segment(0, cut, False), Segment(cut, n, False)),
                                     start, end) if 0 < cut < n else one
        assert one == two == (text[:start], text[end:])


# The patterns as they were written before they were rewritten to start with one character
# class (``re`` then skips to its characters): the rewrites must find the same matches.
_REFERENCE = {
    "_SENTENCE_END": re.compile(r"[.!?;:](?=\s|$)|[。!?;:]|\n"),
    "_SQUOTE_OPEN": re.compile(r"(?:^|(?<=[\s(\[{:=]))'(?=\S)"),
    "_SQUOTE_CLOSE": re.compile(r"(?<=\S)'(?=[\s.,;:!?)\]}]|$)"),
}


@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(_REFERENCE))
def test_rewritten_pattern_finds_what_the_alternation_found(name: str) -> None:
    ref, new = _REFERENCE[name], getattr(intent, name)
    alphabet = [*".!?;:。!?;:\n \t\r\u3000'\"ab(\\[{=]x", "...", "::", "。\n"]
    rnd = random.Random(5)
    for s in _random(alphabet, 40000, 6):
        a = rnd.randint(0, len(s))
        b = rnd.randint(a, len(s))
        assert [m.span() for m in new.finditer(s, a, b)] == [m.span() for m in ref.finditer(s, a, b)], s
        assert new.split(s) == ref.split(s), s
        assert len(new.findall(s)) == len(ref.findall(s)), s


def test_marks_pass_every_text_their_reference_passes() -> None:
    """``_NON_PROSE_MARK`` finds a mark exactly where its alternation did; ``_CONSTRUCT_MARK``
    also where "REM" does not start its line (a gate may pass more)."""
    npm = re.compile(r"[<&/*{%\\\]~\u2028\u2029]|'''|\"\"\"")
    cm = re.compile(r"[<#\-=+_*\\\[@>$%(/;|]|\.\.|::|^\s*REM\b", re.MULTILINE | re.IGNORECASE)
    alphabet = [*"<&/*{%\\]~\u2028\u2029'\"ab .:\n\t#-=+_[@>$(;|", "'''", '"""', "REM", "rem ",
                "Rem\n", "remx", "..", "::"]
    for s in _random(alphabet, 40000, 7):
        assert (intent._NON_PROSE_MARK.search(s) is None) == (npm.search(s) is None), s
        if cm.search(s):
            assert intent._CONSTRUCT_MARK.search(s), s


_TOOLS = [{"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"cmd": {"type": "string"}}}}}]
_CALL = '<tool_call>\n{"name": "bash", "arguments": {"cmd": "ls"}}\n</tool_call>'


@pytest.mark.parametrize("block, rule", [
    ("I must not run this command, it is only a sample.", "reasoning-negation"),
    ("Example call for the docs:", "reasoning-cue"),
])
@pytest.mark.parametrize("first", [True, False])
def test_judge_reads_every_reasoning_block(block: str, rule: str, first: bool) -> None:
    """``judge`` keeps the reasoning blocks in one list for its loops: a refusing block is read
    whether it is the first or the last of several before the markup."""
    blocks = [f"<think>{block}</think>", "<think>I will list the files.</think>"]
    text = "\n".join(blocks if first else blocks[::-1]) + "\n" + _CALL
    r = leakcall.recover(text, _TOOLS)
    assert r.calls == () and r.rule == rule, (r.rule, r.detail)
