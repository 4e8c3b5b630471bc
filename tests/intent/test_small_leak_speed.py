"""Issue 27 item 5 (the last 2x on small leaks): each shortcut gives what its plain form gives.
``sample_arguments``' one pass over a flat call (``_walks``), the characters or length a
pattern needs before it is run, the cached key test and path stem; and ``lalr.feed_eof``'s
inline tree builder against Lark's own callbacks."""

from __future__ import annotations

import random
import re
from typing import Any

from lark import Tree

from leakcall import lalr
from leakcall.budget import TokenBudget
from leakcall.intent import samples as g
from leakcall.intent.walk import _keyed_strings, _leaves
from leakcall.locate import candidates, segments
from leakcall.parse import Parsed, parse_candidate

from ..parse_oracle import FAMS, corpus_texts, outcome
from .test_sample_prefilter import _samples
from .test_sample_walk import _args


def _flat(n: int, seed: int) -> list[dict[str, Any]]:
    """Flat argument objects: strings, numbers, booleans and nulls under str keys, and a few
    that are not flat (a nested value, a non-str key, a str subclass)."""
    rnd = random.Random(seed)
    values = _samples(n * 3, seed)

    class Sub(str):
        pass

    out: list[dict[Any, Any]] = []
    for i in range(n):
        a: dict[Any, Any] = {f"k{j}": rnd.choice([values[3 * i + j % 3], 1, -2.5, True, False,
                                                   None, 10**20, "", "x"])
                             for j in range(rnd.randint(0, 5))}
        roll = rnd.random()
        if roll < 0.1:
            a["nested"] = {"note": values[3 * i]}
        elif roll < 0.15:
            a[3] = "a value under an int key"
        elif roll < 0.2:
            a["sub"] = Sub("a str subclass")
        out.append(a)
    return out


def test_one_pass_is_the_three_walks() -> None:
    for a in [*_flat(400, 3), *_args(100, 9), {}]:
        strs, scalars, keyed, leaves = g._walks(a)
        assert (strs, scalars) == g._walked(a)
        assert keyed == list(_keyed_strings(a))
        assert leaves == list(_leaves(a))


def test_verdicts_unchanged_on_flat_calls() -> None:
    for a in _flat(300, 11):
        for name in ("delete_file", "get_weather", "bash"):
            assert g.sample_arguments([(name, a)]) == _plain_verdict(name, a), a


def _plain_verdict(name: str, args: dict[str, Any]) -> str | None:
    """``sample_arguments`` with ``_walks`` made of the three walks (its plain form)."""
    walks = g._walks
    g._walks = lambda a: (*g._walked(a), list(_keyed_strings(a)), list(_leaves(a)))
    try:
        return g.sample_arguments([(name, args)])
    finally:
        g._walks = walks


def _texts(seed: int) -> list[str]:
    rnd = random.Random(seed)
    pieces = ("123", "0000", "foo", "bar", "baz", "qux", "quux", "<dir>", "<branch>", "YYYY",
              "MM", "DD", "/", "\\", ".", "-", "_", " ", "a", "b", "q", "<", ">", "1", "0",
              "hoge", "src/x.txt", "C:\\Users\\x", "order", "export", "\u6771")
    return [*_samples(2000, seed),
            *("".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 8))) for _ in range(3000))]


def test_each_gate_is_what_its_pattern_needs() -> None:
    for s in _texts(21):
        assert "123" in s or "0000" in s or g._COUNTED.search(s) is None, s
        assert "b" in s or "q" in s or len({w.casefold() for w in
                                             g._METASYNTACTIC.findall(s)}) < 2, s
        assert "<" in s or g._COMMAND_SLOT.search(s) is None, s
        assert len(s) >= 4 or g._DATE_MASK.fullmatch(s) is None, s
        assert g._file_stem(s) == g._PATH_SEP.split(s.strip())[-1].split(".")[0].casefold(), s
        assert g._slot_key(s) == (g._SLOT_KEY.search(s) is not None), s
    # the gates do let the samples through
    assert g._COUNTED.search("cus_123") and g._COUNTED.search("export-0000")
    assert len(set(g._METASYNTACTIC.findall("foo/bar.txt"))) == 2
    assert g._COMMAND_SLOT.search("rm -rf <dir>")
    assert g._DATE_MASK.fullmatch("MMDD") and g._slot_key("file_path")


def test_sample_refusals_still_fire_through_the_gates() -> None:
    for name, args in (("delete_customer", {"id": "cus_123"}),
                       ("rename_file", {"path": "foo/bar.txt"}),
                       ("bash", {"command": "rm -rf <dir>"}),
                       ("set_date", {"date": "YYYY-MM-DD"}),
                       ("delete_file", {"file": "src/hoge.txt"})):
        assert g.sample_arguments([(name, args)]) is not None, args
    for name, args in (("delete_customer", {"id": "cus_9f3k2"}),
                       ("rename_file", {"path": "docs/guide.txt"}),
                       ("bash", {"command": "rm -rf build/"}),
                       ("set_date", {"date": "2026-12-05"}),
                       ("delete_file", {"file": "src/parser.txt"})):
        assert g.sample_arguments([(name, args)]) is None, args


def test_end_of_input_reductions_build_larks_trees(monkeypatch: Any) -> None:
    """``feed_eof`` builds the plain tree builder's nodes itself: the trees (and every token
    in them) are those Lark's callbacks build, on every corpus reply's candidates."""
    built = 0
    real = lalr._built

    def counted(*a: Any) -> Tree[Any]:
        nonlocal built
        built += 1
        return real(*a)

    def results(text: str) -> list[tuple[Any, ...]]:
        return [outcome(parse_candidate(text, c, TokenBudget()))
                for c in candidates(text, FAMS, segments(text))]

    def by_callbacks(t: lalr.Tables, states: list[Any], values: list[Any]) -> Any:
        # the plain form: every end-of-input reduction through Lark's callback
        while True:
            action = t.actions[states[-1]].get("$END")
            if action is None or action[0] is lalr.Shift:
                return None
            size, origin, _, _, callback = action[1]
            s = values[-size:] if size else []
            if size:
                del states[-size:]
                del values[-size:]
            values.append(callback(s))
            states.append(t.actions[states[-1]][origin][1])
            if states[-1] == t.end:
                return values[-1]

    texts = corpus_texts()
    monkeypatch.setattr(lalr, "_built", counted)
    fast = [results(t) for t in texts]
    monkeypatch.setattr(lalr, "feed_eof", by_callbacks)
    plain = [results(t) for t in texts]
    assert fast == plain
    assert built > 500
    parsed = sum(isinstance(parse_candidate(t, c), Parsed)
                 for t in texts[:50] for c in candidates(t, FAMS, segments(t)))
    assert parsed > 10


def test_shortcut_patterns_unchanged() -> None:
    # the gates above are proved against these exact patterns: a change must revisit them
    assert g._COUNTED.flags & re.IGNORECASE == 0
    assert g._METASYNTACTIC.flags & re.IGNORECASE == 0
    assert g._METASYNTACTIC.pattern == r"(?<![A-Za-z])(foo|bar|baz|qux|quux)(?![A-Za-z])"
