"""The grouped opener scan of ``locate`` (``_scan``, ``_present``, ``_Group.search``) finds
exactly the matches of the one trie pattern (``_Scanner.regex``), its reference: the same
starts, ends and literals, in order, on any text and stretch of it, for any set of families."""

from __future__ import annotations

import random

from leakcall import locate
from leakcall.families import all_families


def _pieces() -> list[str]:
    lits = sorted({lit for f in all_families() for lit in (*f.opens, *f.closes)})
    out = [*lits]
    for lit in lits:  # prefixes and suffixes: occurrences that overlap, nest or stop short
        out += [lit[:k] for k in range(1, len(lit))] + [lit[k:] for k in range(1, len(lit))]
    return [*out, *"ab <[]|f_x\nTOL東｜", "a<b | c[0] >= d; "]


def _texts(n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    pieces = _pieces()
    return ["".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 14))) for _ in range(n)]


def _reference(sc: locate._Scanner, text: str, a: int, b: int) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in sc.regex.finditer(text, a, b)]


def test_grouped_scan_is_the_one_pattern() -> None:
    rnd = random.Random(7)
    fams = all_families()
    subsets = [fams, *(tuple(rnd.sample(fams, rnd.randint(1, len(fams)))) for _ in range(30))]
    for k, text in enumerate(_texts(6000, 8)):
        sc = locate._scanner(subsets[k % len(subsets)])
        a = rnd.randint(0, len(text))
        b = rnd.randint(a, len(text))
        for lo, hi in ((0, len(text)), (a, b)):
            got = [(m.start(), m.end(), m.group()) for m in locate._scan(sc, text, lo, hi)]
            assert got == _reference(sc, text, lo, hi), (text, lo, hi)
        assert locate.has_opener(text, subsets[k % len(subsets)], no_tag=True) == (
            sc.regex.search(text) is not None or text.lstrip().startswith(sc.anchored_literals)
        ), text


def test_group_search_is_the_pattern_search() -> None:
    sc = locate._scanner(all_families())
    rnd = random.Random(9)
    for text in _texts(3000, 10):
        pos = rnd.randint(0, len(text))
        for g in sc.groups:
            want = g.rx.search(text, pos, len(text))
            got = g.search(text, pos, len(text))
            assert (got and got.span()) == (want and want.span()), (text, g.prefix)


def test_groups_hold_what_they_claim() -> None:
    fams = all_families()
    sc = locate._scanner(fams)
    lits = {lit for f in fams for lit in f.opens}
    assert {lit[0] for lit in lits} == {g.prefix[0] for g in sc.groups}
    for g in sc.groups:
        mine = [lit for lit in lits if lit[0] == g.prefix[0]]
        assert all(lit.startswith(g.prefix) for lit in mine)
        assert g.need and all(ch in lit for lit in mine for ch in g.need)
        assert all(g.rx.fullmatch(lit) for lit in mine)


def test_a_group_missing_a_needed_character_is_skipped() -> None:
    sc = locate._scanner(all_families())
    text = "a<b | c[0] >= d; " * 8
    present = locate._present(sc, text, 0, len(text))
    assert [g.prefix for g in present] == ["<"]
    # the same characters in another stretch count only there
    text2 = "[TOOL_CALLS] x " + text
    assert len(locate._present(sc, text2, 0, 20)) > len(locate._present(sc, text2, 20, len(text2)))


def test_every_opener_alone_is_found() -> None:
    """The length shortcut of ``has_opener``: a text as long as the shortest literal holds it."""
    fams = all_families()
    for f in fams:
        for lit in f.opens:
            assert locate.has_opener(lit, fams, no_tag=True), lit
            assert locate.has_opener(lit, (f,), no_tag=True), lit
            assert not locate.has_opener(lit[:-1], (f,), no_tag=True) or any(
                o in lit[:-1] for o in f.opens) or lit[:-1].lstrip().startswith(f.anchored_opens)


def test_scanner_of_follows_the_families_asked_for() -> None:
    fams = all_families()
    one = tuple(f for f in fams if f.name == "hermes")
    for families in (fams, one, fams, one, tuple(fams)):
        assert locate._scanner_of(families) is locate._scanner(families)
    assert locate.has_opener("<|python_tag|>", fams, no_tag=True)
    assert not locate.has_opener("<|python_tag|>", one, no_tag=True)
