"""Pathological inputs return a Recovery, within a gross bound (precise costs: benchmarks/)."""

from __future__ import annotations

import functools
import gc
import json
import re
import signal
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
