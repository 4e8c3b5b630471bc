"""``sample_arguments``' speed work gives the verdicts of its plain form: one walk of a call's
strings (``_walked``), and the length or character a pattern needs before it is run."""

from __future__ import annotations

import random
import re
from re import _parser as sre_parse
from typing import Any

from leakcall.intent import samples as g
from leakcall.intent.walk import _strings

from .test_sample_prefilter import _samples


def _args(n: int, seed: int) -> list[dict[str, Any]]:
    """Nested argument objects of sample strings, numbers, booleans and nulls."""
    rnd = random.Random(seed)
    values = _samples(n * 3, seed)
    for i in range(len(values)):  # half of them mostly free of hints
        if rnd.random() < 0.5:
            values[i] = "".join(rnd.choice("bcfgkqvwz <>=;[]\u6771") for _ in range(rnd.randint(0, 9)))
    out = []
    for i in range(n):
        a: dict[str, Any] = {"file": values[3 * i], "n": rnd.choice([1, 2.5, True, None, -3])}
        a["items"] = [values[3 * i + 1], {"note": values[3 * i + 2], "k": 7}, [False, "x"]]
        if rnd.random() < 0.3:
            a["long"] = "\u6771\u4eac " + "a<b | c[0] >= d; " * 20 + values[3 * i]
        out.append(a)
    return out


def test_one_walk_is_the_two_walks() -> None:
    for a in _args(300, 5):
        strs, scalars = g._walked(a)
        assert strs == list(_strings(a, keys=False, numbers=False))
        assert scalars == list(_strings(a, keys=False))


def test_the_length_gates_are_the_patterns_own() -> None:
    def least(p: re.Pattern[str]) -> int:
        return int(sre_parse.parse(p.pattern, p.flags).getwidth()[0])

    assert least(g._MASKED) >= 4 and least(g._EXAMPLE_KEY) >= 4
    assert least(g._IBAN) >= 12
    # two different words, each of three letters or more, apart (no letter between them)
    assert least(g._METASYNTACTIC) >= 3
    for s in ("foo", "foobar", "fooba", "foo1ba", "foo/b", "a foo"):
        assert len({w.casefold() for w in g._METASYNTACTIC.findall(s)}) < 2, s
    assert len({w.casefold() for w in g._METASYNTACTIC.findall("foo/bar")}) == 2
    # every slot match holds "<" or "{"; every home or repository slot a "/" or a "\"
    for s in ("<table_name>", "{branch_name}", "/home/username/x", "C:\\Users\\YourName",
              "owner/repo", "https://github.com/user/repository"):
        assert any(p.search(s) for p in (g._SLOT, g._HOME_SLOT, g._REPO_SLOT)), s
    for p, need in ((g._SLOT, "<{"), (g._HOME_SLOT, "/\\"), (g._REPO_SLOT, "/\\")):
        for s in _samples(3000, 17):
            m = p.search(s)
            assert m is None or any(ch in m.group(0) for ch in need), (p.pattern, s)
