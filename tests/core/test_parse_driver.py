"""``lalr.drive`` (the LALR loop leakcall runs over Lark's own tables) against Lark's
interactive parser (the driver off). On every corpus reply and on seeded mutations of them, every
candidate gives the same result either way: the same tree with every token at the same place,
or the same failure (reason, offset, mention, rule, detail); and it spends the same token
budget. Where the driver cannot decide it hands the parse to Lark, so the test also counts how
many parses the driver itself decided."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lark import Token, Tree
from lark.exceptions import LarkError
from lark.parsers.lalr_analysis import Shift

import leakcall
from leakcall import parse as P
from leakcall.budget import TokenBudget
from leakcall.locate import candidates, segments
from leakcall.reasons import Refusal

from ..parse_oracle import FAMS, corpus_texts, mutations, outcome, parse_all

PIECES = ("<tool_call>", "</tool_call>", "<function=", "</function>", "<parameter=", "<arg_key>",
          "</arg_value>", "\n", "\r\n", " ", "{", "}", '"', "[", "]", "<", ">", "=", ",", "name",
          "<｜DSML｜invoke", "</｜DSML｜parameter>", "<|tool_calls_section_begin|>",
          "[TOOL_CALLS]", "<|channel|>", "<|call|>", "\\", "é")


@pytest.mark.heavy
def test_driver_agrees_with_lark(monkeypatch: pytest.MonkeyPatch) -> None:
    decided = 0
    real = P.drive

    def counted(*a: Any) -> Any:
        nonlocal decided
        r = real(*a)
        decided += r is not None
        return r

    for text in mutations(corpus_texts(), 4, 16, PIECES):
        monkeypatch.setattr(P, "drive", counted)
        driven = parse_all(text)
        monkeypatch.setattr(P, "tables", lambda fam: None)
        lark = parse_all(text)
        monkeypatch.undo()
        assert driven == lark, text[:300]
    assert decided > 3000  # the driver itself decided most parses


def test_driver_decides_a_hermes_leak_and_its_siblings() -> None:
    text = 'Let me check.\n<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>'
    for c in candidates(text, FAMS, segments(text)):
        region = text[c.start : c.end]
        tables = P.tables(c.family)
        assert tables is not None
        assert P.drive(text, c, region, tables, True, len("<tool_call>"), 10**9) is not None


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
// source: tests/core/test_parse_driver.py
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
    is skipped by Lark: ``drive`` hands both to Lark, so the results are Lark's."""
    (tmp_path / "spec.lark").write_text(_SPECIAL, encoding="utf-8")
    fam = leakcall.get_family("spec", tmp_path)
    tables = P.tables(fam)
    assert tables is not None and all(sp for _, _, sp, _ in tables.lexers.values())
    for text in ("<<abc>>", "<<call>>", "<<ab cd>>", "<<ab>"):
        c = next(c for c in candidates(text, (fam,), segments(text)))
        region = text[c.start : c.end]
        assert P.drive(text, c, region, tables, False, -1, 10**9) is None  # Lark decides
        got = outcome(P.parse_candidate(text, c, TokenBudget()))
        monkeypatch.setattr(P, "tables", lambda fam: None)
        assert got == outcome(P.parse_candidate(text, c, TokenBudget())), text
        monkeypatch.undo()


def test_dropped_terminals_are_those_no_tree_holds() -> None:
    """``drive`` builds no Token for a terminal outside ``kept``: Lark's own trees never hold
    one, and they hold every kept terminal some reply uses."""
    seen: dict[str, set[str]] = {}
    for text in corpus_texts():
        for c in candidates(text, FAMS, segments(text)):
            try:
                tree = c.family.parser().parse(text[c.start : c.end or len(text)])
            except LarkError:  # a failure holds no tree
                continue
            seen.setdefault(c.family.name, set()).update(
                t.type for t in tree.scan_values(lambda v: isinstance(v, Token)))
    assert len(seen) > 20
    for fam in FAMS:
        tables = P.tables(fam)
        assert tables is not None
        assert seen.get(fam.name, set()) <= tables.kept, fam.name
    # the tags of a DSML envelope are the tokens it saves
    dsml = P.tables(leakcall.get_family("dsml"))
    assert dsml is not None and dsml.kept == {"ATTR", "VALUE"}


def _same_nodes(a: Any, b: Any) -> bool:
    """Two trees built alike: every node of the same class with the same attributes (``data``,
    ``children``, no meta), every leaf equal."""
    if isinstance(a, Tree) or isinstance(b, Tree):
        return (type(a) is type(b) and vars(a).keys() == vars(b).keys()
                and a.data == b.data and a._meta is None and b._meta is None
                and len(a.children) == len(b.children)
                and all(_same_nodes(x, y) for x, y in zip(a.children, b.children, strict=True)))
    return type(a) is type(b) and a == b


def test_driver_builds_the_nodes_lark_builds() -> None:
    """``drive`` builds Lark's trees itself (``_reduction``): on every corpus reply, each tree
    it returns is node for node the one Lark's parser returns, and every family's reductions
    are of that inline kind."""
    compared = 0
    for text in corpus_texts():
        for c in candidates(text, FAMS, segments(text)):
            if c.end is None:
                continue
            region = text[c.start : c.end]
            tables = P.tables(c.family)
            assert tables is not None
            got = P.drive(text, c, region, tables, False, -1, 10**9)
            if got is None or isinstance(got[0], P.Failure):
                continue
            assert _same_nodes(got[0], c.family.parser().parse(region)), region[:200]
            compared += 1
    assert compared > 500
    for fam in FAMS:
        tables = P.tables(fam)
        assert tables is not None
        for acts in tables.actions.values():
            for kind, arg in acts.values():
                assert kind is Shift or arg[2] is not None, fam.name


def _scanner_reads(mres: tuple[Any, ...], text: str, pos: int) -> tuple[str, int] | None:
    for mre in mres:  # Scanner.match
        m = mre.match(text, pos)
        if m:
            return m.lastgroup, m.end()
    return None


def _literals_read(lits: Any, text: str, pos: int) -> tuple[str, int] | None:
    for lit, size, _ in lits:  # drive's loop
        if text.startswith(lit, pos):
            return lit, pos + size
    return None


@pytest.mark.heavy
def test_literal_states_read_what_the_scanner_reads() -> None:
    """A state read with ``str.startswith`` (``_literals``) reads the terminal its scanner's
    patterns read, to the same end, on every literal of the state followed by every other or by
    anything, on each cut short by one character, and at every third position of corpus replies."""
    texts = corpus_texts()[::7]
    states = 0
    for fam in FAMS:
        tables = P.tables(fam)
        assert tables is not None
        for state, (_, _, terms, lits) in tables.steps.items():
            if lits is None:
                continue
            states += 1
            mres = tables.lexers[state][1]
            written = {t.name: t.pattern.value for t in tables.lexers[state][0].scanner.terminals}
            for lit, size, term in lits:
                assert size == len(lit) and (term is None or written[term[0]] == lit)
                assert term is terms.get(term[0] if term else "")
            words = [lit for lit, _, _ in lits]
            probes = [a + b for a in words for b in [*words, "", " ", "x"]]
            probes += [w[:-1] for w in words] + [" ", "<", "x"]
            for text, positions in [(p, [0]) for p in probes] + [
                    (t, range(0, len(t), 3)) for t in (texts if states % 10 == 0 else ())]:
                for pos in positions:
                    want = _scanner_reads(mres, text, pos)
                    got = _literals_read(lits, text, pos)
                    assert (want and (written[want[0]], want[1])) == got, (fam.name, text[pos:])
    assert states > 100


_LITERALS = """// family: lits
// title: a test fixture: literals that begin one another, and a case-insensitive one
// models: none
// source: tests/core/test_parse_driver.py
// open: <<
// close: >>
// values: text

start: _OPEN item+ _MID kw _CLOSE
item: A | AB | ABC
kw: KW
A: "a"
AB: "ab"
ABC: "abc"
KW: "x"i
_OPEN: "<<"
_MID: "|"
_CLOSE: ">>"
"""


def test_literal_states_take_the_longest_literal_as_lark(tmp_path: Path) -> None:
    """Literals that begin one another are tried in the scanner's order (the longest first),
    so ``drive`` reads the tokens Lark reads; a case-insensitive literal keeps its state on
    the scanner's patterns."""
    (tmp_path / "lits.lark").write_text(_LITERALS, encoding="utf-8")
    fam = leakcall.get_family("lits", tmp_path)
    tables = P.tables(fam)
    assert tables is not None
    literal = [s for s, step in tables.steps.items() if step[3] is not None]
    flagged = [s for s, (sub, _, _, _) in tables.lexers.items()
               if "KW" in sub.scanner.allowed_types]
    assert literal and flagged and not set(literal) & set(flagged)
    for text in ("<<abc|x>>", "<<abcaba|X>>", "<<aab|x>>", "<<ababc|x>>"):
        c = next(c for c in candidates(text, (fam,), segments(text)))
        region = text[c.start : c.end]
        got = P.drive(text, c, region, tables, False, -1, 10**9)
        assert got is not None, text
        assert _same_nodes(got[0], fam.parser().parse(region)), text
        assert outcome(P.parse_candidate(text, c, TokenBudget())) == outcome(
            P.Parsed(c, c.end or 0, fam.parser().parse(region))), text
