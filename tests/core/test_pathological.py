"""Pathological inputs return a Recovery, within a gross bound (precise costs: benchmarks/)."""

from __future__ import annotations

import functools
import gc
import importlib
import inspect
import json
import pkgutil
import random
import re
import signal
import sys
import time
import tracemalloc
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import UnexpectedInput

import leakcall
from leakcall import Reason, budget
from leakcall.calls import extract
from leakcall.intent.patterns import LazyPattern
from leakcall.locate import REASONING_TAGS

from ..conftest import CASES as CORPUS_CASES

with warnings.catch_warnings():  # deprecated aliases of re._parser / re._constants, typed
    warnings.simplefilter("ignore", DeprecationWarning)
    import sre_constants
    import sre_parse

BOUND_S = 10
B = "｜DSML｜"
TOOL = {"type": "function", "function": {"name": "w", "parameters": {
    "type": "object", "properties": {"v": {}}}}}


@contextmanager
def _bound() -> Iterator[None]:
    def _fail(*_: Any) -> None:
        raise TimeoutError(f"took longer than {BOUND_S} s")

    old = signal.signal(signal.SIGALRM, _fail)
    signal.setitimer(signal.ITIMER_REAL, BOUND_S)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _dsml(value: str, string: str = "true", n: int = 1) -> str:
    inv = (f'<{B}invoke name="w">\n<{B}parameter name="v" string="{string}">{value}'
           f"</{B}parameter>\n</{B}invoke>\n")
    return f"<{B}function_calls>\n" + inv * n + f"</{B}function_calls>"


def _hermes(args: str) -> str:
    return '<tool_call>{"name": "w", "arguments": ' + args + "}</tool_call>"


CASES = {
    "1MB-dsml-value": (_dsml("x<y " * 250_000), Reason.OK),
    "1MB-hermes-value": (_hermes(json.dumps({"v": "é\\\"<" * 250_000})), Reason.OK),
    "100k-dsml-openers": (f"<{B}function_calls>" * 100_000, Reason.TRUNCATED),
    "100k-hermes-openers-closed": ("<tool_call>" * 100_000 + "</tool_call>", Reason.NO_TAGS),
    "100k-mixed-sentinels": ("<tool_call>[TOOL_CALLS]<|tool_call_begin|>" * 30_000, None),
    "deep-json": (_dsml("[" * 100_000 + "]" * 100_000, "false"), Reason.BAD_ARGUMENTS),
    "deep-json-hermes": (_hermes('{"v": ' + "[" * 50_000 + "]" * 50_000 + "}"),
                         Reason.BAD_ARGUMENTS),
    "5000-invocations": (_dsml("ls", n=5_000), Reason.OK),
    "lone-surrogates": (_dsml("\ud800\udfff\udc00"), Reason.BAD_ARGUMENTS),
    "paired-surrogates-as-json-escape": (_hermes('{"v": "\\ud83d\\ude00"}'), Reason.OK),
    "lone-surrogate-json-escape": (_hermes('{"v": "\\ud800"}'), Reason.BAD_ARGUMENTS),
    "nul-and-controls": (_dsml("\x00\x01\x1b[31m"), Reason.OK),
    "1MB-prose-no-tags": ("a < b | c [d] " * 80_000, Reason.NO_TAGS),
    # intent: long text around markup is refused by length, reasoning is read in a window
    "1MB-prose-then-markup": ("I'll not run it, e.g. " * 45_000 + "\n" + _dsml("ls"), Reason.PROSE),
    "1MB-reasoning-then-markup": ("<think>\n" + "I will run it now. " * 50_000 + "\n</think>\n"
                                  + _dsml("ls"), Reason.OK),
    "1MB-reasoning-negation-then-markup": ("<think>\n" + "I will run it now. " * 50_000
                                           + "I must not run it.\n</think>\n" + _dsml("ls"),
                                           Reason.QUOTED),
    "1MB-cjk-reasoning-then-markup": ("<think>\n" + "我想了想，所以需要调用工具。" * 70_000
                                      + "\n</think>\n" + _dsml("ls"), Reason.OK),
    "100k-reasoning-tags-in-prose": ("a </think> b <think> c\n" * 45_000 + _dsml("ls"), None),
    "markup-then-1MB-tail": (_dsml("ls") + "\nok " * 300_000, Reason.PROSE),
}


def _intent_seconds(text: str) -> float:
    import time  # noqa: PLC0415 - only this growth check times anything

    # this thread's CPU time: other processes on a shared machine do not count in it
    best = float("inf")
    for _ in range(5):
        t = time.thread_time()
        leakcall.recover(text, [TOOL])
        best = min(best, time.thread_time() - t)
    return best


@pytest.mark.parametrize("unit", ["Let me check it, it's fine. ", "<think>\nI won't run it.\n",
                                  "这是一个例子，不要运行。"])
def test_intent_cost_grows_linearly(unit: str) -> None:
    """Ten times the text before the markup costs at most ~40 times as much (linear: 10; the
    slack absorbs a loaded machine)."""
    def reply(n: int) -> str:
        body = unit * n
        if body.startswith("<think>"):
            body = "<think>\n" + body.replace("<think>\n", "") + "</think>\n"
        return body + _dsml("ls")
    small, large = _intent_seconds(reply(5_000)), _intent_seconds(reply(50_000))
    assert large < 40 * small + 0.05, (small, large)


@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(CASES))
def test_pathological_input_returns_a_recovery(name: str) -> None:
    text, expected = CASES[name]
    with _bound():
        r = leakcall.recover(text, [TOOL])
    assert isinstance(r.reason, Reason)
    if expected is not None:
        assert r.reason is expected, r.detail
    if r.ok:
        assert r.calls
    else:
        assert r.content == text


def test_lone_surrogates_are_refused_not_passed_on() -> None:
    r = leakcall.recover(_dsml("a\ud800b"), [TOOL])
    assert r.reason is Reason.BAD_ARGUMENTS and "surrogate" in r.detail
    ok = leakcall.recover(_hermes('{"v": "\\ud83d\\ude00"}'), [TOOL])
    assert ok.ok and ok.calls[0].arguments == {"v": "😀"}


# -- bounded work and memory per reply (every shape up to MAX_TEXT_CHARS) ----------------------
#
# Growth is measured as a ratio between two sizes (process CPU time, the minimum of a few runs,
# robust to other work on the machine); a run too short to time is not judged. The default run
# uses small sizes; ``--exhaustive`` repeats every shape up to MAX_TEXT_CHARS.

GROWTH_MAX = 3.5  # time(2n) / time(n): linear is ~2, quadratic ~4
TIMEABLE_S = 0.25  # below this the 2n run is too short to judge (allocation noise); bounded anyway
HEAVY_BOUND_S = 60
FAMILIES = leakcall.all_families()


def _cpu(fn: Any) -> float:
    # a collection of the older generations during one run scales with the heap, not with
    # the work under test: collect first, then time with the collector off
    gc.collect()
    gc.disable()
    try:
        t0 = time.process_time()
        fn()
        return time.process_time() - t0
    finally:
        gc.enable()


def _growth(make: Any, n: int, repeats: int = 3) -> tuple[float, float]:
    """Seconds for size n and 2n (minimum over ``repeats`` runs each, taken in turn so that a
    slow spell of a shared machine falls on both sizes)."""
    small, big = make(n), make(2 * n)
    times = [(_cpu(small), _cpu(big)) for _ in range(repeats)]
    return min(t for t, _ in times), min(t for _, t in times)


def _assert_linear(make: Any, n: int, repeats: int = 3) -> None:
    t1, t2 = _growth(make, n, repeats)
    assert t2 < TIMEABLE_S or t2 / max(t1, 1e-3) < GROWTH_MAX, (
        f"time({2 * n}) / time({n}) = {t2:.3f} s / {t1:.3f} s")


@pytest.fixture
def no_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lift the complexity budget, so that the cost of the stages themselves is measured."""
    for name in ("MAX_ENVELOPES", "MAX_TOKENS", "MAX_CALLS", "MAX_KEYS"):
        monkeypatch.setattr(budget, name, 10**9)


def _envelopes_in_segments(n: int) -> str:
    return "<tool_call>{}</tool_call>\n<think>\n</think>\n" * n


def _python_dict(family: str, n: int) -> str:
    pairs = ", ".join(f'"k{i}": {i}' for i in range(n))
    if family == "lfm2":
        return "<|tool_call_start|>[w(v={" + pairs + "})]<|tool_call_end|>"
    return "<function_calls>w(v={" + pairs + "})</function_calls>"


@pytest.mark.heavy
def test_choose_is_linear_in_envelopes(no_budget: None) -> None:
    """Every result x every parsed envelope was quadratic (1 MB: 293 s). Timed: the whole
    ``recover`` of a reply of n one-line envelopes, each beside a reasoning block; from 2000
    envelopes on, a quadratic choice outweighs the linear parses (time(2n)/time(n) above 4 with
    a results x envelopes check put back, about 2.2 without)."""
    assert leakcall.recover(_envelopes_in_segments(10), [TOOL]).reason is Reason.AMBIGUOUS

    def make(n: int) -> Any:
        text = _envelopes_in_segments(n)
        return lambda: leakcall.recover(text, [TOOL])

    _assert_linear(make, 2_000)


@pytest.mark.heavy
@pytest.mark.parametrize("family", ["lfm2", "olmo3"])
def test_python_dict_keys_are_linear(family: str, no_budget: None) -> None:
    """Keys checked against a list were quadratic (1 MB: 55 s). Timed: reading the calls out
    of the parse tree, where the keys are checked."""
    assert leakcall.recover(_python_dict(family, 3), [TOOL], families=[family]).ok
    fam = leakcall.get_family(family)

    def make(n: int) -> Any:
        text = _python_dict(family, n)
        tree = fam.parser().parse(text)
        return lambda: extract(tree, text, 0)

    _assert_linear(make, 6_000, repeats=2)


@pytest.mark.heavy
def test_stream_feed_of_many_reasoning_closers_is_linear() -> None:
    """A slice per pending segment lead was quadratic (4 MB as one delta: 97 s)."""
    def make(n: int) -> Any:
        delta = "</think>" * (n // 8)

        def run() -> None:
            s = leakcall.StreamRecoverer([TOOL])
            assert s.feed(delta) == delta
        return run

    _assert_linear(make, 256 * 1024)


def _looping_repeats(pattern: str) -> list[str]:
    """Greedy or lazy repeats (max > 1) of more than one character: each iteration of those
    keeps a backtracking frame in Python's ``re``."""
    bad: list[str] = []

    def walk(items: Any) -> None:
        for op, av in items:
            name = str(op)
            if name in ("MAX_REPEAT", "MIN_REPEAT"):
                lo, hi, body = av
                single = len(body) == 1 and str(body[0][0]) in ("LITERAL", "NOT_LITERAL", "IN",
                                                                  "ANY", "CATEGORY")
                if hi > 1 and not single:
                    bad.append(f"{name} {{{lo},{'inf' if hi == sre_constants.MAXREPEAT else hi}}}")
                walk(body)
            elif name == "POSSESSIVE_REPEAT":
                walk(av[2])
            elif name in ("SUBPATTERN",):
                walk(av[-1])
            elif name in ("ASSERT", "ASSERT_NOT", "ATOMIC_GROUP"):
                walk(av[-1] if name != "ATOMIC_GROUP" else av)
            elif name == "BRANCH":
                for b in av[1]:
                    walk(b)
            elif name == "GROUPREF_EXISTS":
                walk(av[1])
                if av[2] is not None:
                    walk(av[2])

    walk(sre_parse.parse(pattern))
    return bad


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_looping_terminals_are_possessive(family: leakcall.Family) -> None:
    """Every terminal that loops over more than one character at a time is possessive, so a
    value dense in its excluded character costs no stack per character (issue: 66-168 bytes per
    character, 4 MB -> 560-875 MB)."""
    offenders = {t.name: _looping_repeats(t.pattern.to_regexp())
                 for t in family.parser().terminals if t.pattern.type == "re"}
    assert not {k: v for k, v in offenders.items() if v}


def test_the_checker_sees_a_backtracking_loop() -> None:
    assert _looping_repeats(r"(?:[^<]+|<(?!/x>))+")
    assert _looping_repeats(r"[^<]*(?:<(?!/x>)[^<]*)*")
    assert not _looping_repeats(r"(?:[^<]++|<(?!/x>))++")
    assert not _looping_repeats(r"[^<]*+(?:<(?!/x>)[^<]*+)*+")


def test_readme_value_terminal_compiles_in_lark() -> None:
    """The pattern grammar/README.md recommends: Lark accepts it (terminal widths come from
    sre_parse), the contextual lexer reads a value dense in '<', and the value stops at the tag."""
    readme = (Path(__file__).resolve().parents[2] / "grammar" / "README.md").read_text("utf-8")
    m = re.search(r"`(\(\?:\[\^<\]\+\+\|<\(\?!/\?TAG\)\)\+\+)`", readme)
    assert m, "README no longer shows the possessive value pattern"
    value = m.group(1).replace("TAG", "x>").replace("/", r"\/")
    grammar = f'start: "<x>" VALUE "</x>"\nVALUE: /{value}/\n'
    parser = Lark(grammar, parser="lalr", lexer="contextual")
    text = "<x>" + "<a" * 50_000 + "</x>"
    tracemalloc.start()
    try:
        tree = parser.parse(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(tree.children[0]) == "<a" * 50_000
    assert peak < 2_000_000, peak
    with pytest.raises(UnexpectedInput):
        parser.parse("<x>a</x>b</x>")


FILLERS = ("<", "[", "]", "\n", "{", '"')


def _seeds() -> dict[str, tuple[Any, str, str, list[Any], dict[str, Any]]]:
    """Per family: a recovered corpus envelope and the longest value written verbatim in it."""
    out: dict[str, tuple[Any, str, str, list[Any], dict[str, Any]]] = {}
    for case in CORPUS_CASES:
        if case.expect.get("reason") != "ok" or case.family in out:
            continue
        r = leakcall.recover(case.text, case.tools, **case.options)
        if not r.ok or r.span is None:
            continue
        markup = case.text[r.span[0] : r.span[1]]
        vals = [v for c in r.calls for v in c.arguments.values()
                if isinstance(v, str) and v and v in markup]
        if vals:
            out[case.family] = (r, markup, max(vals, key=len), case.tools, case.options)
    return out


# Built on first use, not at collection: each xdist worker collects every module, and only
# the worker that runs these tests needs the seeds.
seeds = functools.cache(_seeds)
FAMILY_NAMES = sorted(f.name for f in FAMILIES)


def _dense(family: str, filler: str, size: int) -> str:
    _, markup, value, _, _ = seeds()[family]
    at = markup.rindex(value)
    return markup[:at] + filler * (size - len(markup)) + markup[at + len(value) :]


def test_every_family_has_a_seed() -> None:
    assert set(seeds()) == {f.name for f in FAMILIES}


@pytest.mark.heavy
@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_dense_values_use_bounded_memory(family: str) -> None:
    """A value dense in each excluded character: peak traced memory a few bytes per character."""
    _, _, _, tools, options = seeds()[family]
    size = 64 * 1024
    for filler in FILLERS:
        text = _dense(family, filler, size)
        leakcall.recover(text[:100], tools, **options)
        tracemalloc.start()
        try:
            with _bound():
                leakcall.recover(text, tools, **options)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 40 * size, (filler, peak)


SHAPES = ("dense", "envelopes", "env+think", "openers")


def _shape(family: leakcall.Family, shape: str, size: int, filler: str = "<") -> str:
    _, markup, _, _, _ = seeds()[family.name]
    if shape == "dense":
        return _dense(family.name, filler, size)
    if shape == "envelopes":
        return "\n".join([markup] * max(1, size // (len(markup) + 1)))
    if shape == "env+think":
        unit = markup + "\n<think>\n</think>\n"  # tags on their own lines: real blocks
        return unit * max(1, size // len(unit))
    opener = (family.opens or family.anchored_opens)[0]
    return opener * max(1, size // len(opener))


@pytest.mark.heavy
@pytest.mark.parametrize("shape", SHAPES)
def test_shapes_grow_linearly(shape: str) -> None:
    """Two families per shape by default (hermes and dsml: JSON and XML values)."""
    for fam in (leakcall.get_family("hermes"), leakcall.get_family("dsml")):
        _, _, _, tools, options = seeds()[fam.name]

        def make(n: int, fam: leakcall.Family = fam, tools: Any = tools,
                 options: Any = options) -> Any:
            text = _shape(fam, shape, n)
            return lambda: leakcall.recover(text, tools, **options)

        _assert_linear(make, 16 * 1024, repeats=2)


@pytest.mark.exhaustive
@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_every_shape_up_to_max_text_chars(family: leakcall.Family) -> None:
    """Every shape and filler at MAX_TEXT_CHARS within a gross bound, linear from 1 MB to 2 MB."""
    _, _, _, tools, options = seeds()[family.name]
    cases = [(s, "<") for s in SHAPES[1:]] + [("dense", f) for f in FILLERS]
    for shape, filler in cases:
        text = _shape(family, shape, leakcall.MAX_TEXT_CHARS, filler)[: leakcall.MAX_TEXT_CHARS]
        signal.signal(signal.SIGALRM, _timeout)
        signal.setitimer(signal.ITIMER_REAL, HEAVY_BOUND_S)
        try:
            r = leakcall.recover(text, tools, **options)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        assert isinstance(r.reason, Reason)

        def make(n: int, shape: str = shape, filler: str = filler) -> Any:
            t = _shape(family, shape, n, filler)
            return lambda: leakcall.recover(t, tools, **options)

        _assert_linear(make, 1024 * 1024, repeats=2)


def _timeout(*_: Any) -> None:
    raise TimeoutError(f"took longer than {HEAVY_BOUND_S} s")


@pytest.mark.exhaustive
@pytest.mark.parametrize("family", ["lfm2", "olmo3"])
def test_python_dict_keys_at_max_text_chars(family: str) -> None:
    text = _python_dict(family, leakcall.MAX_TEXT_CHARS // 14)[: leakcall.MAX_TEXT_CHARS]
    with _bound():
        r = leakcall.recover(text, [TOOL], families=[family])
    assert r.reason is Reason.TOO_COMPLEX


@pytest.mark.heavy
def test_many_segments_stop_at_the_envelope_budget() -> None:
    unit = len(_envelopes_in_segments(1))
    text = _envelopes_in_segments(leakcall.MAX_TEXT_CHARS // unit)
    with _bound():
        r = leakcall.recover(text, [TOOL])
    assert (r.reason, r.rule) == (Reason.TOO_COMPLEX, "budget-envelopes")


@pytest.mark.exhaustive
def test_heavy_stream_closers_at_max_text_chars() -> None:
    delta = "</think>" * (leakcall.MAX_TEXT_CHARS // 8)
    with _bound():
        s = leakcall.StreamRecoverer([TOOL])
        assert s.feed(delta) == delta
        assert s.close().recovery.reason is Reason.NO_TAGS


# -- nothing raises out of recover ------------------------------------------------------------

_LITERALS = sorted({x for f in FAMILIES for x in (*f.opens, *f.anchored_opens, *f.closes)}
                   | {t for pair in REASONING_TAGS for t in pair})
_ATOMS = [*_LITERALS, "{", "}", "[", "]", '"', ":", ",", "\\", "\n", " ", "name", "w", "v",
          '"name": "w"', '"arguments": ', "=", "<", ">", "/", "|", "\ud800", "1e999"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_ATOMS), max_size=60), st.integers(0, 3000))
def test_fuzz_never_raises(atoms: list[str], depth: int) -> None:
    text = "".join(atoms)
    for t in (text, text.replace("{", "{" + "[" * depth, 1), "[" * depth + text + "{" * depth):
        r = leakcall.recover(t, [TOOL], reasoning="recover")
        assert isinstance(r.reason, Reason)
        if not r.ok:
            assert r.content == t


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_deep_values_never_raise(family: str) -> None:
    _, markup, value, tools, options = seeds()[family]
    at = markup.rindex(value)
    for deep in ("[" * 50_000, "[" * 50_000 + "]" * 50_000, "{" * 50_000, '{"a":' * 20_000,
                 "(" * 50_000):
        text = markup[:at] + deep + markup[at + len(value) :]
        with _bound():
            r = leakcall.recover(text, tools, **options)
        assert isinstance(r.reason, Reason)


# -- every compiled regex under leakcall: no super-linear backtracking (ReDoS) ---------------
# The sweep walks every module (``__main__`` left out), collects each compiled ``re.Pattern``
# (module globals, one or two levels into tuples/lists/dicts, and the intent tables' lazy
# patterns), and builds adversarial inputs from each pattern's own structure: for every repeat,
# the text before it, the repeat's body pumped to SIZE characters, then a tail that makes the
# match fail. Each input runs through ``search``, ``match`` and ``fullmatch``.

_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
_CATEGORY_CHAR = {"CATEGORY_DIGIT": "0", "CATEGORY_NOT_DIGIT": "a", "CATEGORY_SPACE": " ",
                  "CATEGORY_NOT_SPACE": "a", "CATEGORY_WORD": "a", "CATEGORY_NOT_WORD": "-"}


def _all_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """(name, pattern) for every compiled pattern, once per text and flags; the name is where it
    is first found (``_ALIASES`` holds every name bound to it: an imported pattern)."""
    out: dict[tuple[str, int], tuple[str, re.Pattern[str]]] = {}

    def add(name: str, v: Any, depth: int = 0) -> None:
        if isinstance(v, re.Pattern) and isinstance(v.pattern, str):
            first, _ = out.setdefault((v.pattern, v.flags), (name, v))
            _ALIASES.setdefault(first, set()).add(name)
        elif isinstance(v, LazyPattern):
            add(name, v.compiled(), depth)
        elif depth < 2 and isinstance(v, (tuple, list, frozenset, set)):
            for i, x in enumerate(v):
                add(f"{name}[{i}]", x, depth + 1)
        elif depth < 2 and isinstance(v, dict):
            for k, x in v.items():
                add(f"{name}[{k!r}]", x, depth + 1)

    _lexicon_built()
    for info in pkgutil.walk_packages(leakcall.__path__, "leakcall."):
        if info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an integration whose optional dependency is not installed
            continue
        for k, v in vars(module).items():
            add(f"{info.name}.{k}", v)
    return sorted(out.values(), key=lambda p: p[0])


_ALIASES: dict[str, set[str]] = {}
patterns = functools.cache(_all_patterns)
LEXICON_BUILT = ("leakcall.intent.doubts._PATTERNS[", "leakcall.intent.roles._PREPS[")
"""Patterns built on first use from the lexicon, per language (and section): all built before
the sweep collects, so that what it sees does not hang on which tests ran before it."""


def _lexicon_built() -> None:
    from leakcall.intent import doubts, roles, tables  # noqa: PLC0415 - built for the sweep

    for t in tables.tongues():
        for section in doubts.SLOTS:
            doubts._pattern(t, section)
        roles._preps(t)


def _chars(op: Any, av: Any) -> list[str] | None:
    n = str(op)
    if n == "LITERAL":
        return [chr(av)]
    if n == "NOT_LITERAL":
        return ["a" if av != ord("a") else "b"]
    if n == "ANY":
        return ["a"]
    if n == "CATEGORY":
        return [_CATEGORY_CHAR.get(str(av), "a")]
    if n == "IN":
        if av and str(av[0][0]) == "NEGATE":
            excl = {chr(a) for o, a in av[1:] if str(o) == "LITERAL"}
            return [next(c for c in "a -.x0!" if c not in excl)]
        outs: list[str] = []
        for o, a in av:
            if str(o) == "RANGE":
                outs.append(chr(a[0]))
            elif str(o) in ("LITERAL", "CATEGORY"):
                outs += _chars(o, a) or []
        return outs[:3] or ["a"]
    return None


def _texts(items: Any, target: Any, pump: int, cap: int = 6) -> tuple[list[str], bool]:
    """A few strings the sequence matches, cut just after ``target`` (a repeat's argument),
    whose body is pumped to ``pump`` characters; (strings, target reached)."""
    acc = [""]
    for op, av in items:
        n, hit = str(op), False
        alts = _chars(op, av)
        if alts is not None:
            pass
        elif n in _REPEATS:
            lo, _hi, body = av
            if av is target:
                alts = [s * (pump // len(s) + 1) for s in _texts(body, None, pump)[0] if s]
                hit = True
            else:
                alts, hit = _texts(body, target, pump)
                if not hit:
                    alts = [s * min(max(lo, 1), 50) for s in alts]
        elif n == "SUBPATTERN":
            alts, hit = _texts(av[-1], target, pump)
        elif n == "ATOMIC_GROUP":
            alts, hit = _texts(av, target, pump)
        elif n == "BRANCH":
            alts = []
            for b in av[1]:
                s, h = _texts(b, target, pump)
                if h:
                    alts, hit = s, True
                    break
                alts += s
        else:  # AT, ASSERT, ASSERT_NOT, GROUPREF: no text of their own
            alts = [""]
        acc = [a + b for a in acc for b in (alts or [""])][:cap]
        if hit:
            return acc, True
    return acc, False


def _repeat_args(items: Any) -> Iterator[Any]:
    for op, av in items:
        n = str(op)
        if n in _REPEATS:
            if av[1] > 1:
                yield av
            yield from _repeat_args(av[2])
        elif n == "SUBPATTERN":
            yield from _repeat_args(av[-1])
        elif n == "ATOMIC_GROUP":
            yield from _repeat_args(av)
        elif n in ("ASSERT", "ASSERT_NOT"):
            yield from _repeat_args(av[1])
        elif n == "BRANCH":
            for b in av[1]:
                yield from _repeat_args(b)


def _pumped(rx: re.Pattern[str], size: int) -> list[str]:
    tree = sre_parse.parse(rx.pattern, rx.flags)
    out: set[str] = set()
    for av in _repeat_args(tree):
        whole = _texts(tree, av, size)[0]
        alone = [s[-size:] for s in _texts([(sre_constants.MAX_REPEAT, av)], av, size)[0]]
        out.update(s + tail for s in (*whole, *alone) if s for tail in ("\x00", "!", "\n"))
    return sorted(out)[:40]


_ALL_CALLS = ("search", "match", "fullmatch")


@functools.cache
def _uses() -> dict[tuple[str, str], frozenset[str]]:
    """Every ``NAME.method(`` written in leakcall's sources, by the module that writes it:
    (module, name) -> methods; a name reached through another module (``mod.NAME.method(``)
    counts for every module under the key ("", name) (read once). Two modules may bind one
    name to different patterns: each is timed by its own module's calls."""
    root = Path(inspect.getfile(leakcall)).parent
    out: dict[tuple[str, str], set[str]] = {}
    for f in root.rglob("*.py"):
        parts = f.relative_to(root.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for dot, name, method in re.findall(r"(\.?)\b(\w+)\.(\w+)\(", f.read_text("utf-8")):
            out.setdefault(("" if dot else module, name), set()).add(method)
    return {k: frozenset(v) for k, v in out.items()}


def _calls(qualname: str) -> tuple[str, ...]:
    """How leakcall calls the pattern bound to ``qualname`` (module.NAME) or any alias of it:
    search, match and/or fullmatch as its name is written in that module's source, or after a
    module's name anywhere (finditer, findall, sub, split are searches); all three when it is
    never called by that name."""
    used: set[str] = set()
    for alias in _ALIASES.get(qualname, set()) | {qualname}:
        module, _, name = alias.split("[", maxsplit=1)[0].rpartition(".")
        used |= _uses().get((module, name), frozenset()) | _uses().get(("", name), frozenset())
    out = {"search" if m in ("finditer", "findall", "sub", "subn", "split") else m for m in used}
    return tuple(m for m in _ALL_CALLS if m in out) or _ALL_CALLS


def _cost(rx: re.Pattern[str], text: str, calls: tuple[str, ...] = _ALL_CALLS) -> float:
    # this thread's CPU time: other processes on a shared machine do not count in it
    t = time.thread_time()
    for call in calls:
        getattr(rx, call)(text)
    return time.thread_time() - t


def _superlinear(rx: re.Pattern[str], size: int = 2_000, calls: tuple[str, ...] = _ALL_CALLS,
                 first: bool = False) -> list[str]:
    """Inputs on which ``rx`` takes over 50 ms at ``size`` characters, or over 3x that at twice
    the size (a linear pattern takes well under a millisecond at 2,000 characters); with
    ``first``, only the first such input (the sweep's verdict, without timing the rest)."""
    bad: list[str] = []
    for text in _pumped(rx, size):
        try:
            with _deadline(2):
                t1 = _cost(rx, text, calls)
                if t1 < 0.005:
                    continue
                t1 = min(t1, _cost(rx, text, calls))
                body = text[:-1]
                t2 = min(_cost(rx, body + body[-size:] + text[-1], calls) for _ in range(2))
        except TimeoutError:
            bad.append(f"{text[:30]!r}: over 2 s")
        else:
            if t1 > 0.05 or t2 > 3 * t1 + 0.005:
                bad.append(f"{text[:30]!r}: {t1 * 1000:.0f} ms, x2 {t2 * 1000:.0f} ms")
        if bad and first:
            break
    return bad


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    def _raise(*_: Any) -> None:
        raise TimeoutError(f"over {seconds} s")
    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# Patterns rewritten for bounded work (possessive repeats, a lazy value that ends on a non-space,
# a guarded second try of a leading blank run): (module, name, the old text). Each keeps its
# language, which test_rewritten_pattern_keeps_its_language checks against the old text.
REWRITTEN = [
    ("leakcall.intent.additive", "_YES",
     r"\s*return\s*\(?\s*(?:True|true|TRUE|YES)\s*\)?\s*;?\s*(?:(?:#|//).*)?"),
    ("leakcall.intent.written", "_ASSIGN",
     r"^\s*([\w.\-\"']+)\s*(?:=(?!=)|:(?=\s))\s*(.*?)\s*[,;]?\s*$"),
    ("leakcall.intent.riders", "_LINE",
     r"""^\s*(?:(?:export|const|let|var|final|static|readonly)\s+)*["']?"""
     r"""(?P<name>[A-Za-z_][\w.-]*)["']?\s*(?::(?!:)|=(?![=>]))\s*(?P<value>.*?)\s*[,;]?\s*$"""),
    ("leakcall.intent.carriedtext", "_LABEL",
     r"^\s*(?P<label>[^\n:：]{1,60}?)\s*[:：]\s*(?P<rest>\S[^\n]*)$"),
    ("leakcall.intent.carriedtext", "_VOCATIVE",
     r"^\s*(?P<label>[^\n,，:：]{1,40}?)\s*(?:[,，]|\s[-–—])\s*(?P<rest>\S[^\n]*)$"),
    ("leakcall.intent.scope", "_JOINED", r"\s*[,;]\s*"),
    ("leakcall.intent.beyond", "_SETTING", r"^\s*([A-Za-z_][\w.-]*)\s*(?:=|:|\s)\s*([^\s;#]+)\s*;?\s*$"),
    ("leakcall.intent.linekinds", "_PY_IMPORT",
     r"(?:from\s+\.*[\w.]*\s+import\s+(?:\(\s*)?[\w\s,.*]*(?:\\)?"
     r"|import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)"),
    ("leakcall.intent.statedrun", "_VERSION", r"v?\d+(?:\.\d+)+(?:[-+][\w.]+)?"),
    ("leakcall.intent.waiting", "_NAMED", r"`?[\w.-]*\d[\w.-]*`?"),
    ("leakcall.intent.carriedtext", "_SENTENCE", r"[.!?;。！？\n]+(?:\s+|$)"),
    ("leakcall.intent.hashvalues", "_VALUE",
     r"#\w(?:[\w.-]*\w)?(?:\s*[,;\s]\s*#\w(?:[\w.-]*\w)?)*"),
    # h21c: a search restarted at each character of a long run (a lookbehind starts a match at
    # its run's start only) or a greedy repeat given back one character at a time (possessive)
    ("leakcall.intent.samples", "_ELIDED", r"[A-Za-z0-9]+[-_](?:\.\.\.|…)"),
    ("leakcall.intent.samples", "_WHOLE_PLACEHOLDER",
     r"\s*(?:\[[A-Z]{3,}(?: [A-Z]+)*\]|<[A-Z]{3,}[A-Z0-9_-]*>)\s*"),
    ("leakcall.intent.kinds", "_ASSIGNED", r"\w+=\S*"),
    ("leakcall.intent.conditions", "_DISJUNCTION", r"\s+OR\s+"),
    ("leakcall.intent.cargo", "_ENVIRON",
     r"^\s*return\s+(?:dict\(\s*os\.environ\s*\)|os\.environ(?:\.copy\(\))?|"
     r"process\.env)\s*;?\s*$"),
    ("leakcall.intent.sentences", "_SENTENCE_END",
     r"[.!。！…:：;；।॥؟?]+(?=\s|$)|[。！；।!]+|\n+|(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]):+"),
    ("leakcall.intent.linekinds", "_OTHER_IMPORT",
     r"(?:import\s+(?:static\s+)?[\w.]+(?:\.\*)?\s*;?"
     r"|import\s+(?:[\w.]+\s+)?\"[^\"]+\"|import\s*\("
     r"|(?:pub\s+)?use\s+[\w:{}\s,*]+;?|extern\s+crate\s+\w+;"
     r"|using\s+(?:static\s+)?[\w.]+(?:\s*=\s*[\w.]+)?;"
     r"|#\s*include\s*[<\"][^>\"]+[>\"]"
     r"|require(?:_relative)?\s*\(?\s*['\"][^'\"]+['\"]\s*\)?"
     r"|use\s+[\w\\]+(?:\s+as\s+\w+)?;"
     r"|(?:require|include)(?:_once)?\s*\(?\s*['\"][^'\"]+['\"]\s*\)?;)"),
]
# Rewritten so that only what the sources read of a match is kept: "groups" (search, match and
# finditer give the same groups, a span may start earlier), "finditer" (the same, but for match),
# "fullmatch" or "search" (only its verdict);
# with the words random texts are built of, beside the pattern's own pumped strings.
REWRITTEN_READ = [
    ("leakcall.intent.removal", "_SED_STEP", "groups",
     r"(?:^|[;\n{])\s*(?P<addr>(?:/(?:\\.|[^/\\])*/I?|\d+|\$)(?:\s*,\s*(?:/(?:\\.|[^/\\])*/I?|\d"
     r"+|\$|[+~]\d+))?)?\s*(?P<neg>!?)\s*(?:(?P<d>d)(?=\s*(?:$|[;\n}]))|s(?P<q>[^\w\s\\])(?P<pa"
     r"t>(?:\\.|(?!(?P=q)).)*)(?P=q))",
     ("d", "s", "/", "|", "\\", "x", "1", "$", ",", "+2", "!", ";", "{", "}", "\n", " ", "\t", "I")),
    ("leakcall.intent.sedscripts", "_SED_SCRIPT", "fullmatch",
     r"(?:\s*(?:(?:\d+(?:~\d+)?|\$|/(?:\\.|[^/\\\n])*/I?|\\(?P<d>[^\w\s\\])(?:\\.|(?!(?P=d)).)*"
     r"(?P=d)I?)(?:\s*,\s*(?:(?:\d+(?:~\d+)?|\$|/(?:\\.|[^/\\\n])*/I?|\\(?P<e>[^\w\s\\])(?:\\.|"
     r"(?!(?P=e)).)*(?P=e)I?)|[+~]\d+))?)?\s*!?\s*(?:[pPdDqQlnNgGhHxz=]|s(?P<q>[^\w\s\\])(?:\\."
     r"|(?!(?P=q))[^\n])*(?P=q)(?:\\.|(?!(?P=q))[^\n])*(?P=q)[gpiI0-9]*)\s*(?:[;\n]|\Z))+",
     ("p", "d", "s", "/", "|", "\\", "x", "1", "~2", "$", ",", "+2", "!", ";", "\n", " ", "\t",
      "I", "g", "=", "s/a/b/", "/a/", "\\|a|")),
    # read only by finditer's group: a match starts on the line its "uses:" (or its "-") is on,
    # not on the first of the blank lines before it (each line start of a blank block read them
    # all again: 17 s for 3,000 line breaks in a command, h18f)
    ("leakcall.intent.beyond", "_USES", "finditer",
     r"^\s*-?\s*uses:\s*['\"]?(?:docker://)?([\w.-]+)/",
     ("uses:", " ", "\n", "-", "\t", "a/b", "docker://", "'", '"', "x", "a.b-c/", "/", "\r",
      "\n  ", "- ")),
    # read only as ``_MONEY.search(text)`` (a truth value): a match starts at its run of digits
    # and separators (".5 €" from "."), not at its first digit, so that no later start of the
    # same run is tried again
    ("leakcall.intent.cargo", "_MONEY", "search",
     r"[$€£¥₹₽₩₺]\s?\d|\d[\d.,']*\s?(?:[$€£¥₹₽₩₺円元]|万円|zł|kr\b)",
     ("1", "2", "12", ".", ",", "'", " ", "\n", "$", "€", "円", "万円", "zł", "kr", "x", "a")),
    # h21c: read only by finditer's groups: a match starts at the start of its name's run of
    # word characters and dots ("1.x" from "1"), not at each later character of it again
    ("leakcall.intent.cargo", "_COMPARED", "finditer",
     r"(?P<a>[A-Za-z_][\w.]*)\s*(?:==|===)\s*(?P<q>['\"])(?P<lit>[^'\"]+)(?P=q)"
     r"|(?P<q2>['\"])(?P<lit2>[^'\"]+)(?P=q2)\s*(?:==|===)\s*(?P<b>[A-Za-z_][\w.]*)",
     ("a", "b_", "1", "1a", ".", "é", "==", "===", "=", " ", "'", '"', "x", "ab.c", "\n", "_", "\t")),
    # read only as a count (``len(findall)``): a match starts on the line its keyword is on,
    # not on the first of the blank lines before it (each line start read them all again)
    ("leakcall.intent.motives", "_TEST_CODE", "finditer",
     r"^\s*(?:async\s+)?def\s+test|^\s*assert\b|\bexpect\s*\(|^\s*(?:it|test)\s*\("
     r"|^\s*-?\s*run\s*:|\bself\.assert\w*\s*\(",
     ("def", "test", "async", "assert", "expect", "(", "it", "-", "run", ":", "self.assert",
      "self.assertEqual", " ", "\n", "\t", "\r", "x", "\n  ", "def test", "- run:")),
    # read only as a truth value: a search from a ``git add`` stops at the next one in its
    # command, which reads the rest (whatever the first reaches past it, so does the next)
    ("leakcall.intent.beyond", "_STAGE_ALL", "search",
     r"\bgit\s+add\s+(?:[^;&|\n]*\s)?(?:-A|--all|\.|:/|\*)(?=\s|$|[;&|])",
     ("git", "add", "git add", "git add ", " ", "\n", "\t", "-A", "--all", ".", ":/", "*", ";",
      "&", "|", "x", "a", "-", "ggit", "addx", "\r")),
]
# Still flagged by the sweep (quadratic or worse on a crafted input of 2,000 characters, by its
# first name: an imported pattern is listed once; some near the bound only on a loaded machine);
# a known limit (docs/limits.md), each to be rewritten with a differential test and taken
# off this list.
NOT_YET_BOUNDED = {
    "leakcall.intent.doubts._PATTERNS[('cs', 'g-would')]",
    "leakcall.intent.doubts._PATTERNS[('de', 'g-limit')]",
    "leakcall.intent.doubts._PATTERNS[('en', 'g-user-state')]",
    "leakcall.intent.doubts._PATTERNS[('es', 'g-would')]",
    "leakcall.intent.doubts._PATTERNS[('fr', 'g-would')]",
    "leakcall.intent.doubts._PATTERNS[('it', 'g-would')]",
    "leakcall.intent.doubts._PATTERNS[('pl', 'g-would')]",
    "leakcall.intent.doubts._PATTERNS[('pt', 'g-would')]",
    "leakcall.intent.beyond._CONSTANT",
    "leakcall.intent.beyond._HOST",
    "leakcall.intent.cargo._DENIAL",
    "leakcall.intent.cargo._FROM",
    "leakcall.intent.carriednouns._DECIMAL",  # grounding._DECIMAL until 18d404c (moved, unchanged)
    "leakcall.intent.commandscope._CALLED",
    "leakcall.intent.conditions._BETWEEN",  # reach._BETWEEN until h41s (moved, unchanged)
    "leakcall.intent.conditions._CONDITION_TERM",  # reach._CONDITION_TERM until h41s (moved, unchanged)
    "leakcall.intent.conditions._TERM",  # reach._TERM until h41s (moved, unchanged)
    "leakcall.intent.cosmetic._NOTE",
    "leakcall.intent.credentials._USERINFO",  # values._USERINFO until h41s (moved, unchanged)
    "leakcall.intent.elsewhere._LOGIN",
    "leakcall.intent.figures._GLUED",
    "leakcall.intent.foreign._DOTTED",
    # merged (bab44c37) after h17c measured: `(.*?)\s*,?\s*$` on a blank run, over 2 s (h18f)
    "leakcall.intent.headings._ITEM",
    "leakcall.intent.hosts._DOMAIN",
    "leakcall.intent.identity._ADDRESS",
    "leakcall.intent.judged._SUBJECT",
    "leakcall.intent.keyedunits._CJK_TIME",
    "leakcall.intent.launched._URL",
    "leakcall.intent.linekinds._CLOSES",
    "leakcall.intent.linekinds._TAIL",
    "leakcall.intent.links._URL",
    "leakcall.intent.looking._ADDRESS",
    "leakcall.intent.lookscope._HEADER_LINE",
    "leakcall.intent.messaging._SENTENCE",
    "leakcall.intent.motives._SECRET_LIKE",
    "leakcall.intent.optionpaths._URL",
    "leakcall.intent.parties._DECIMAL",
    "leakcall.intent.pieces._CODE",
    "leakcall.intent.quotation._NAME",
    "leakcall.intent.reach._SERVER",
    "leakcall.intent.samples._PLACEHOLDER",
    "leakcall.intent.scope._WHERE_TO",
    "leakcall.intent.screens._CONSTRUCTS[11][2]",
    "leakcall.intent.secretforms._LABELLED",
    "leakcall.intent.servervalues._QUERY",  # values._QUERY until h41s (moved, unchanged)
    "leakcall.intent.statedsettings._KEYED",
    "leakcall.intent.units._AFTER",
    "leakcall.intent.units._BEFORE",
    "leakcall.intent.units._PROSE",
    "leakcall.intent.units._WORDED",
    "leakcall.intent.values._VERSION",
    "leakcall.intent.versions._CORE",
    "leakcall.intent.versions._VERSION",
    "leakcall.maint._DEFAULT_SAID",
}


def _listed(name: str) -> bool:
    """The pattern first found as ``name`` is in NOT_YET_BOUNDED by this or another of its names."""
    return bool(_ALIASES.get(name, {name}) & NOT_YET_BOUNDED)


def _rewritten(module: str, name: str) -> re.Pattern[str]:
    rx = getattr(importlib.import_module(module), name)
    assert isinstance(rx, re.Pattern)
    return rx


@pytest.mark.parametrize(("module", "name", "old"),
                         [r for r in REWRITTEN if f"{r[0]}.{r[1]}" not in NOT_YET_BOUNDED],
                         ids=lambda v: str(v)[:20])
def test_rewritten_pattern_is_linear(module: str, name: str, old: str) -> None:
    # every call: some rewrites were made when a name's calls were read across modules (a
    # search another module wrote); the rewritten text is linear under all three
    rx, calls = _rewritten(module, name), _ALL_CALLS
    ref = re.compile(old, rx.flags)
    worst = SWEEP_MISSES.get(f"{module}.{name}")
    assert (_superlinear(ref, calls=calls, first=True) if worst is None
            else _slower(ref, rx, worst, calls)), "old not flagged"
    assert not _superlinear(rx, calls=calls)


# Old texts whose quadratic input the sweep's pumped strings reach only near its bound (flagged
# on some runs): that input, pumped (its middle character repeated) to 20,000 characters
SWEEP_MISSES = {
    # 0.9 s of fullmatch at 20,000 capitals after "<" (8 ms at 2,000: under the sweep's bound)
    "leakcall.intent.samples._WHOLE_PLACEHOLDER": "<AA!",
    # 0.45-0.5 s of search at 20,000 word characters with no "=" (the sweep missed it on two
    # CI runs of session 44-45, "old not flagged", at load 2-20)
    "leakcall.intent.kinds._ASSIGNED": "aaa!",
}


def _slower(old: re.Pattern[str], new: re.Pattern[str], worst: str,
            calls: tuple[str, ...]) -> bool:
    """The old text takes over 0.2 s on ``worst`` pumped to 20,000 characters, ten times the
    new one or more."""
    text = worst[0] + worst[1:-1] * (20_000 // max(1, len(worst) - 2)) + worst[-1]
    try:
        with _deadline(5):
            t_old = _cost(old, text, calls)
    except TimeoutError:
        t_old = 5.0
    return t_old > 0.2 and t_old > 10 * min(_cost(new, text, calls) for _ in range(2))


@pytest.mark.parametrize(("module", "name", "old"), REWRITTEN, ids=[r[1] for r in REWRITTEN])
def test_rewritten_pattern_keeps_its_language(module: str, name: str, old: str) -> None:
    """Differential: the same match (span and groups) as the old text, by search, match and
    fullmatch, on strings from the pattern's own structure and random strings over its
    characters."""
    new = _rewritten(module, name)
    ref = re.compile(old, new.flags)
    alphabet = sorted({c for c in old if c.isprintable()} | set(" \t\n,;=:#/()aZ0_.-\"'"))
    rng = random.Random(16)
    texts = [t for n in (3, 9) for t in _pumped(ref, n)]
    texts += [t[:k] for t in texts for k in range(0, len(t), 3)]
    for text in list(texts):
        for _ in range(3):
            i = rng.randrange(len(text) + 1)
            texts.append(text[:i] + rng.choice(alphabet) + text[i:])
    texts += ["".join(rng.choices(alphabet, k=rng.randrange(14))) for _ in range(3_000)]
    blanks = sorted({c for c in alphabet if c.isspace()} | {"\n", " "})
    small = [*blanks, *rng.sample(alphabet, 6)]  # dense in blanks: runs, blank lines, bounds
    texts += ["".join(rng.choices(small, k=rng.randrange(80))) for _ in range(1_500)]
    for text in texts:
        for method in ("search", "match", "fullmatch"):
            a, b = getattr(ref, method)(text), getattr(new, method)(text)
            assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups())), (method, text)
        assert [(m.span(), m.groups()) for m in ref.finditer(text)] == [
            (m.span(), m.groups()) for m in new.finditer(text)], ("finditer", text)


@pytest.mark.parametrize(("module", "name", "reads", "old", "words"), REWRITTEN_READ,
                         ids=[r[1] for r in REWRITTEN_READ])
def test_rewritten_pattern_keeps_what_is_read(module: str, name: str, reads: str, old: str,
                                              words: tuple[str, ...]) -> None:
    """Differential, for a pattern whose sources read only its groups or its fullmatch verdict:
    the same as the old text on its own pumped strings and on random strings of its words
    (dense in blank runs and line breaks, where the rewrite differs in how it reads)."""
    new = _rewritten(module, name)
    ref = re.compile(old, new.flags)
    rng = random.Random(18)
    texts = [t for n in (3, 9) for t in _pumped(ref, n)]
    texts += [t[:k] for t in list(texts) for k in range(0, len(t), 3)]
    texts += ["".join(rng.choices(words, k=rng.randrange(16))) for _ in range(20_000)]
    for text in texts:
        if reads in ("fullmatch", "search"):
            assert bool(getattr(ref, reads)(text)) == bool(getattr(new, reads)(text)), text
            continue
        for method in ("search",) if reads == "finditer" else ("search", "match"):
            a, b = getattr(ref, method)(text), getattr(new, method)(text)
            assert (a and a.groups()) == (b and b.groups()), (method, text)
        assert [m.groups() for m in ref.finditer(text)] == [
            m.groups() for m in new.finditer(text)], ("finditer", text)


@pytest.mark.parametrize(("module", "name", "reads", "old", "words"), REWRITTEN_READ,
                         ids=[r[1] for r in REWRITTEN_READ])
def test_pattern_rewritten_for_what_is_read_is_linear(module: str, name: str, reads: str,
                                                      old: str, words: tuple[str, ...]) -> None:
    rx, calls = _rewritten(module, name), _calls(f"{module}.{name}")
    # the old pattern at twice the sweep's size: a quadratic one took 3.9 ms at 2,000
    # characters on a fast machine, under the sweep's 5 ms floor, and went unflagged
    assert _superlinear(re.compile(old, rx.flags), size=4_000, calls=calls, first=True), (
        "old not flagged")
    assert not _superlinear(rx, calls=calls)


def test_the_sweep_sees_a_backtracking_pattern() -> None:
    assert _superlinear(re.compile(r"^(?:a+)+$"), first=True)
    assert _superlinear(re.compile(r"^\s*x?\s*y?\s*$"), first=True)
    assert not _superlinear(re.compile(r"^\s*+x?\s*+y?\s*+$"))


def test_a_pattern_is_timed_by_its_own_modules_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two modules binding one name to different patterns: each pattern is timed with the calls
    its own module writes (a ``match``-only pattern is not timed with ``search``, where an
    anchored pattern can be quadratic), and a call through a module's name counts for all."""
    uses = {("a.m", "_P"): frozenset({"match"}), ("b.m", "_P"): frozenset({"finditer"}),
            ("", "_Q"): frozenset({"fullmatch"})}
    monkeypatch.setattr(sys.modules[__name__], "_uses", lambda: uses)
    assert _calls("a.m._P") == ("match",)
    assert _calls("b.m._P") == ("search",)
    assert _calls("c.m._Q") == ("fullmatch",)
    assert set(_calls("c.m._P")) == set(_ALL_CALLS)  # never called by that name there


def test_no_pattern_under_leakcall_backtracks_superlinearly() -> None:
    """Every compiled pattern reachable from leakcall's modules (module globals, the intent
    tables' patterns) but those NOT_YET_BOUNDED lists: 2,000 characters pumped through each
    repeat cost under 50 ms, and twice that under 3x (linear, not quadratic). Quick tier: each
    pattern stops at its first flagged input, the sources are read once (a few seconds); a
    pattern flagged once is timed again."""
    flagged = {name: bad for name, rx in patterns() if not _listed(name)
               and not name.startswith(LEXICON_BUILT)  # 418 of them: the heavy test below
               # flagged twice: a slow spell of a loaded machine does not make a verdict
               and _superlinear(rx, calls=_calls(name), first=True)
               and (bad := _superlinear(rx, calls=_calls(name), first=True))}
    assert not flagged, flagged


@pytest.mark.heavy
def test_no_lexicon_built_pattern_backtracks_superlinearly() -> None:
    """The same bound for the patterns built from the lexicon (every language and section)."""
    flagged = {name: bad for name, rx in patterns() if not _listed(name)
               and name.startswith(LEXICON_BUILT)
               and _superlinear(rx, calls=_calls(name), first=True)
               and (bad := _superlinear(rx, calls=_calls(name), first=True))}
    assert not flagged, flagged


def test_not_yet_bounded_names_a_pattern() -> None:
    """Each listed name is bound to a pattern the sweep collects (by whichever name it was found
    first: that hangs on the order modules were imported in, so a listed alias counts)."""
    assert {a for name, _ in patterns() for a in _ALIASES[name]} >= NOT_YET_BOUNDED


# -- end to end: a short reply built to hit each rewritten pattern ------------------------------

def _tool(name: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in props}}}}


def _call(name: str, **args: str) -> str:
    ps = "".join(f'<{B}parameter name="{k}" string="true">{v}</{B}parameter>\n'
                 for k, v in args.items())
    return f'<{B}function_calls>\n<{B}invoke name="{name}">\n{ps}</{B}invoke>\n</{B}function_calls>'


_WRITE, _SEND = _tool("write_file", "path", "content"), _tool("send_message", "channel", "text")
_DELETE, _RUN = _tool("delete_file", "path"), _tool("run_command", "command")
_BASH = _tool("Bash", "command")
_BASH["function"]["description"] = "Executes a given bash command and returns its output."
_EDIT = _tool("edit_file", "path", "old_string", "new_string")
BLANKS = " " * 3_000
# (module, name, reply, tools): each reply reaches the pattern with a line whose old text cost
# seconds to minutes (a value with a blank run inside it; a line that opens with a blank run)
END_TO_END = [
    ("leakcall.intent.riders", "_LINE", "I'll write the config file now.\n" + _call(
        "write_file", path="config.py", content=f"timeout = 3\na = x{BLANKS}y\n"), _WRITE),
    ("leakcall.intent.written", "_ASSIGN", "I'll set `verify_ssl` to true in a new settings.py.\n"
     + _call("write_file", path="settings.py", content=f"verify_ssl = True{BLANKS}x\n"), _WRITE),
    ("leakcall.intent.carriedtext", "_LABEL", "I'll post the summary to the team channel.\n"
     + _call("send_message", channel="team", text=f"{BLANKS}x"), _SEND),
    ("leakcall.intent.carriedtext", "_VOCATIVE", "I'll post the summary to the team channel.\n"
     + _call("send_message", channel="team", text=f"{BLANKS}x"), _SEND),
    ("leakcall.intent.scope", "_JOINED", "I'll delete tmp/a.json.\n" + _call(
        "delete_file", path=f"tmp/a.json{BLANKS}x"), _DELETE),
    ("leakcall.intent.removal", "_SED_STEP", "I'll remove the debug print from app.py.\n" + _call(
        "run_command", command=f"sed -i '/print/d;{BLANKS}x' app.py"), _RUN),
    ("leakcall.intent.removal", "_SED_STEP", "I'll remove the debug print from app.py.\n" + _call(
        "run_command", command="sed -i '/print/d" + "\n" * 300 + "x' app.py"), _RUN),
    ("leakcall.intent.sedscripts", "_SED_SCRIPT", "Let me look at the parser code.\n<tool_call>"
     + json.dumps({"name": "Bash", "arguments": {
         "command": "sed -n '" + "p; " * 25 + "p!' src/parser.py"}}) + "</tool_call>", _BASH),
    ("leakcall.intent.linekinds", "_PY_IMPORT", "I'll add the json import to app.py.\n" + _call(
        "edit_file", path="app.py", old_string="import os",
        new_string=f"import os\nimport json\nfrom{BLANKS}x"), _EDIT),
    # h19g: long runs with no blank in them (digits; end marks; symbols), within the budget
    ("leakcall.intent.cargo", "_MONEY", "I'll post the summary to the team channel.\n" + _call(
        "send_message", channel="team", text="12" * 4_000), _SEND),
    ("leakcall.intent.carriedtext", "_SENTENCE", "I'll post the summary to the team channel.\n"
     + _call("send_message", channel="team", text="?!" * 4_000 + "x"), _SEND),
    ("leakcall.intent.beyond", "_USES", "I'll run the tests now.\n" + _call(
        "run_command", command="\n " * 15_000 + "x"), _RUN),
    ("leakcall.intent.passwords", "_PASSWORD", "I'll write the release notes to NOTES.md.\n"
     + _call("write_file", path="NOTES.md", content="(!" * 4_000 + " Hunter2!prod"), _WRITE),
    # h21c: a run read again from each of its characters (old text's recover CPU at 8,000
    # characters: _DISJUNCTION 0.39 s, _ENVIRON 0.33 s, _COMPARED 0.71 s; _TEST_CODE 5 s on
    # 2,000 blank lines, cubic); _ELIDED, _ASSIGNED and _WHOLE_PLACEHOLDER are reached here by
    # fullmatch only
    ("leakcall.intent.samples", "_ELIDED", "I'll write the config file now.\n" + _call(
        "write_file", path="config.py", content="ab" * 4_000 + "-x"), _WRITE),
    ("leakcall.intent.samples", "_WHOLE_PLACEHOLDER", "I'll write the config file now.\n"
     + _call("write_file", path="config.py", content="<" + "A" * 8_000 + "!"), _WRITE),
    ("leakcall.intent.kinds", "_ASSIGNED", "I'll run the tests now.\n" + _call(
        "run_command", command="token=1 " + "a" * 8_000), _RUN),
    # (a path with a second word is refused before reach reads it since h34x; a user id is not)
    ("leakcall.intent.conditions", "_DISJUNCTION", "I'll delete the user test-bot.\n" + _call(
        "delete_user", user_id="test-bot" + " " * 8_000 + "x"), _tool("delete_user", "user_id")),
    ("leakcall.intent.cargo", "_ENVIRON", "I'll write the config file now.\n" + _call(
        "write_file", path="config.py", content="return os.environ" + " " * 8_000 + "x"), _WRITE),
    ("leakcall.intent.cargo", "_COMPARED", "I'll write the config file now.\n" + _call(
        "write_file", path="config.py", content="ab" * 4_000), _WRITE),
    ("leakcall.intent.motives", "_TEST_CODE", "I'll add the json import to app.py.\n" + _call(
        "edit_file", path="app.py", old_string="import os",
        new_string="import os\n" + "\n" * 3_000 + "x"), _EDIT),
    # 0.4 s at 4,000 blanks after "git add" (14 s at 32,000); 0.87 s at 4,000 blanks after "use"
    ("leakcall.intent.beyond", "_STAGE_ALL", "I'll commit the fix.\n" + _call(
        "run_command", command="git add" + " " * 8_000 + "x"), _RUN),
    # 1.4 s before: each git add read the rest of its command again
    ("leakcall.intent.beyond", "_STAGE_ALL", "I'll commit the fix.\n" + _call(
        "run_command", command="git add a " * 3_000 + "x"), _RUN),
    ("leakcall.intent.sentences", "_SENTENCE_END", "I'll post the summary to the team channel.\n"
     + _call("send_message", channel="team", text="?!" * 1_990 + "x"), _SEND),
    ("leakcall.intent.linekinds", "_OTHER_IMPORT", "I'll add the json import to app.py.\n" + _call(
        "edit_file", path="app.py", old_string="import os",
        new_string="import os\nuse" + " " * 8_000 + "!"), _EDIT),
]


class _Seen:
    """A pattern standing in for another that counts its uses."""

    def __init__(self, rx: re.Pattern[str]) -> None:
        self.rx, self.uses = rx, 0

    def __getattr__(self, name: str) -> Any:
        self.uses += 1
        return getattr(self.rx, name)


@pytest.mark.parametrize(("module", "name", "reply", "tool"), END_TO_END,
                         ids=[f"{m.rsplit('.', 1)[-1]}.{n}" for m, n, _, _ in END_TO_END])
def test_reply_built_for_a_rewritten_pattern_is_quick(module: str, name: str, reply: str,
                                                      tool: dict[str, Any],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``recover`` of the reply finishes well under a second (CPU time), and the reply reaches
    the pattern (a counting stand-in sees it used)."""
    # the intent budget (budget.check_intent) refuses these pumped replies before any reader:
    # lifted here, so that the rewritten pattern itself is reached and timed
    monkeypatch.setattr(budget, "_RUN", re.compile(r"(?!)"))
    monkeypatch.setattr(budget, "MAX_INTENT_CHARS", 10**9)
    leakcall.recover(reply[:len(reply) // 8], [tool])  # warm: the intent tables, lazy patterns
    seen = _Seen(_rewritten(module, name))
    monkeypatch.setattr(importlib.import_module(module), name, seen)
    # once, cold for this reply: a reader's cache (the kinds of a command) would hide it
    cpu = _cpu(lambda: leakcall.recover(reply, [tool]))
    assert seen.uses, f"the reply does not reach {module}.{name}"
    assert cpu < 0.5, cpu
