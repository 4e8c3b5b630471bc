"""``parse._drive`` (the LALR loop leakcall runs over Lark's own tables) against Lark's
interactive parser (the driver off). On every corpus reply and on seeded mutations of them, every
candidate gives the same result either way: the same tree with every token at the same place,
or the same failure (reason, offset, mention, rule, detail); and it spends the same token
budget. Where the driver cannot decide it hands the parse to Lark, so the test also counts how
many parses the driver itself decided."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lark import Token
from lark.exceptions import LarkError

import leakcall
from leakcall import parse as P
from leakcall.budget import TokenBudget
from leakcall.corpus import load_cases
from leakcall.locate import candidates, segments
from leakcall.reasons import Refusal

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
FAMS = leakcall.all_families()
PIECES = ("<tool_call>", "</tool_call>", "<function=", "</function>", "<parameter=", "<arg_key>",
          "</arg_value>", "\n", "\r\n", " ", "{", "}", '"', "[", "]", "<", ">", "=", ",", "name",
          "<｜DSML｜invoke", "</｜DSML｜parameter>", "<|tool_calls_section_begin|>",
          "[TOOL_CALLS]", "<|channel|>", "<|call|>", "\\", "é")


def _texts() -> list[str]:
    return [c.text for d in sorted(CORPUS.iterdir()) if d.is_dir() for c in load_cases(d)]


def _outcome(r: P.Parsed | P.Failure) -> tuple[Any, ...]:
    if isinstance(r, P.Parsed):
        toks = [(t.type, str(t), t.value, t.start_pos, t.end_pos, t.line, t.column, t.end_line,
                 t.end_column) for t in r.tree.scan_values(lambda v: isinstance(v, Token))]
        return ("parsed", r.end, r.tree, toks)
    return ("failure", r.reason, r.offset, r.mention, r.rule, r.detail)


def _parse_all(text: str) -> list[Any]:
    out = []
    for c in candidates(text, FAMS, segments(text)):
        budget = TokenBudget()
        try:
            got: Any = _outcome(P.parse_candidate(text, c, budget))
        except Refusal as e:
            got = ("refusal", e.reason, e.detail, e.rule)
        out.append((c.family.name, c.start, got, budget.left))
    return out


def _mutations(texts: list[str], per_text: int, seed: int) -> Iterator[str]:
    rnd = random.Random(seed)
    for t in texts:
        yield t
        for _ in range(per_text):
            i = rnd.randrange(len(t) + 1)
            kind = rnd.randrange(3)
            if kind == 0:  # replace a few characters with markup pieces
                j = min(len(t), i + rnd.randrange(4))
                yield t[:i] + "".join(rnd.choice(PIECES) for _ in range(rnd.randrange(3))) + t[j:]
            elif kind == 1:  # cut the reply
                yield t[:i]
            else:  # drop a stretch
                yield t[:i] + t[min(len(t), i + rnd.randrange(1, 40)):]


def test_driver_agrees_with_lark(monkeypatch: pytest.MonkeyPatch) -> None:
    decided = 0
    real = P._drive

    def counted(*a: Any) -> Any:
        nonlocal decided
        r = real(*a)
        decided += r is not None
        return r

    for text in _mutations(_texts(), per_text=4, seed=16):
        monkeypatch.setattr(P, "_drive", counted)
        driven = _parse_all(text)
        monkeypatch.setattr(P, "_tables", lambda fam: None)
        lark = _parse_all(text)
        monkeypatch.undo()
        assert driven == lark, text[:300]
    assert decided > 3000  # the driver itself decided most parses


def test_driver_decides_a_hermes_leak_and_its_siblings() -> None:
    text = 'Let me check.\n<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>'
    for c in candidates(text, FAMS, segments(text)):
        region = text[c.start : c.end]
        tables = P._tables(c.family)
        assert tables is not None
        assert P._drive(text, c, region, tables, True, len("<tool_call>")) is not None


def test_driver_spends_the_budget_lark_spends() -> None:
    text = '<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>'
    c = next(c for c in candidates(text, FAMS, segments(text)) if c.family.name == "hermes")
    with pytest.raises(Refusal):  # _OPEN, _WS, BODY (to the closer), _CLOSE: four tokens
        P.parse_candidate(text, c, TokenBudget(3))
    budget = TokenBudget(4)
    assert isinstance(P.parse_candidate(text, c, budget), P.Parsed) and budget.left == 0


_SPECIAL = """// family: spec
// title: a test fixture: a keyword terminal inside a regex one, and an ignored terminal
// models: none
// source: tests/test_parse_driver.py
// open: <<
// close: >>
// values: text

start: _OPEN word+ _CLOSE
word: NAME | KW
KW: "call"
NAME: /[a-z]+/
_OPEN: "<<"
_CLOSE: ">>"
%ignore " "
"""


def test_driver_leaves_ignored_and_called_back_terminals_to_lark(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A keyword also matched by a regex terminal gets a lexer callback, and an ignored terminal
    is skipped by Lark: ``_drive`` hands both to Lark, so the results are Lark's."""
    (tmp_path / "spec.lark").write_text(_SPECIAL, encoding="utf-8")
    fam = leakcall.get_family("spec", tmp_path)
    tables = P._tables(fam)
    assert tables is not None and all(sp for _, _, sp, _ in tables.lexers.values())
    for text in ("<<abc>>", "<<call>>", "<<ab cd>>", "<<ab>"):
        c = next(c for c in candidates(text, (fam,), segments(text)))
        region = text[c.start : c.end]
        assert P._drive(text, c, region, tables, False, -1) is None  # Lark decides
        got = _outcome(P.parse_candidate(text, c, TokenBudget()))
        monkeypatch.setattr(P, "_tables", lambda fam: None)
        assert got == _outcome(P.parse_candidate(text, c, TokenBudget())), text
        monkeypatch.undo()


def test_dropped_terminals_are_those_no_tree_holds() -> None:
    """``_drive`` builds no Token for a terminal outside ``kept``: Lark's own trees never hold
    one, and they hold every kept terminal some reply uses."""
    seen: dict[str, set[str]] = {}
    for text in _texts():
        for c in candidates(text, FAMS, segments(text)):
            try:
                tree = c.family.parser().parse(text[c.start : c.end or len(text)])
            except LarkError:  # a failure holds no tree
                continue
            seen.setdefault(c.family.name, set()).update(
                t.type for t in tree.scan_values(lambda v: isinstance(v, Token)))
    assert len(seen) > 20
    for fam in FAMS:
        tables = P._tables(fam)
        assert tables is not None
        assert seen.get(fam.name, set()) <= tables.kept, fam.name
    # the tags of a DSML envelope are the tokens it saves
    dsml = P._tables(leakcall.get_family("dsml"))
    assert dsml is not None and dsml.kept == {"ATTR", "VALUE"}
