"""Fast paths of the pipeline's edges, each held to the reference it replaces: the written-out
``__init__`` of ``Recovery``/``ToolCall`` (against the generated one), ``canonical`` through the
C encoder (against ``JSONEncoder.encode``), ``call_id_of``'s quoting, the empty-reply test, the
usual key/value pair of a call (against the general reader, on every corpus tree), a short
JSON integer value (against the JSON decoder), the families memo, ``recoverer_for``'s cache of
exact bytes (against the canonical cache)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import marshal
import math
import pickle
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import leakcall
from leakcall import validate
from leakcall.budget import TokenBudget
from leakcall.calls import Value, _pair, _pair_read
from leakcall.corpus import load_cases
from leakcall.decode import _decode_at, decode_value, sub_schema
from leakcall.ids import call_id, call_id_of, encoded_arguments
from leakcall.locate import candidates, segments
from leakcall.parse import Parsed, parse_candidate
from leakcall.pipeline import _sentinel_regex, _sentinel_regex_of
from leakcall.reasons import Reason, Refusal
from leakcall.recoverer import _recoverer_for, recoverer_cache, recoverer_for
from leakcall.result import Recovery, ToolCall
from leakcall.tools import normalize_described, normalize_tools, tools_key
from leakcall.valuemarkup import _opener_marks, _opener_marks_of

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
FAMS = leakcall.all_families()

# -- Recovery / ToolCall ------------------------------------------------------------------------


def _generated(cls: type) -> type:
    """The same frozen dataclass with the __init__ dataclasses would write."""
    fields = [(f.name, f.type, dataclasses.field(default=f.default, compare=f.compare,
                                                 repr=f.repr, hash=f.hash))
              if f.default is not dataclasses.MISSING else (f.name, f.type)
              for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=True)


@pytest.mark.parametrize("cls", [Recovery, ToolCall])
def test_init_signature_is_the_generated_one(cls: type) -> None:
    ours = inspect.signature(cls.__init__).parameters
    ref = inspect.signature(_generated(cls).__init__).parameters
    assert [(p.name, p.kind, p.default) for p in ours.values()] == [
        (p.name, p.kind, p.default) for p in ref.values()]


_recoveries = st.builds(
    lambda reason, content, family, detail, span, rule, n: {
        "reason": reason, "content": content,
        "calls": tuple(ToolCall(f"call_{i}", f"t{i}", {"k": i}) for i in range(n)),
        "family": family, "detail": detail, "span": span, "rule": rule},
    st.sampled_from(list(Reason)), st.text(max_size=8), st.none() | st.text(max_size=4),
    st.text(max_size=8), st.none() | st.tuples(st.integers(0, 9), st.integers(0, 9)),
    st.text(max_size=6), st.integers(0, 2))


@pytest.mark.heavy
@given(kw=_recoveries)
def test_recovery_init_equals_the_generated_one(kw: dict[str, Any]) -> None:
    ref_cls = _generated(Recovery)
    ours, ref = Recovery(**kw), ref_cls(**kw)
    assert vars(ours) == vars(ref) and list(vars(ours)) == list(vars(ref))
    assert repr(ours) == repr(ref)
    assert ours == Recovery(**kw) and (ours == ref) is False  # by value, within its class
    if not kw["calls"]:  # a call's arguments are a dict: unhashable, as with the generated one
        assert hash(ours) == hash(Recovery(**kw)) == hash(ref)
    # positional, as the generated __init__ takes them
    assert Recovery(*kw.values()) == ours
    # defaults
    assert vars(Recovery(kw["reason"], kw["content"])) == vars(ref_cls(kw["reason"], kw["content"]))


@pytest.mark.heavy
@given(id_=st.text(max_size=6), name=st.text(max_size=6), arguments=st.dictionaries(
    st.text(max_size=3), st.integers(), max_size=3))
def test_tool_call_init_equals_the_generated_one(id_: str, name: str,
                                                 arguments: dict[str, Any]) -> None:
    ref_cls = _generated(ToolCall)
    ours, ref = ToolCall(id_, name, arguments), ref_cls(id_, name, arguments)
    assert vars(ours) == vars(ref) and list(vars(ours)) == list(vars(ref))
    assert repr(ours) == repr(ref)
    assert ToolCall(id=id_, name=name, arguments=arguments) == ours


def test_results_stay_frozen_and_compare_by_value() -> None:
    c = ToolCall("call_1", "f", {"a": 1})
    r = Recovery(Reason.OK, "text", (c,), "hermes", "d", (0, 4), "r")
    for obj, name in ((r, "content"), (r, "span"), (c, "name"), (c, "arguments")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, name, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(obj, name)
    assert r == Recovery(reason=Reason.OK, content="text", calls=(ToolCall("call_1", "f", {"a": 1}),),
                         family="hermes", detail="d", span=(0, 4), rule="r")
    assert r != dataclasses.replace(r, rule="x")
    assert dataclasses.replace(r, rule="x").rule == "x"
    assert pickle.loads(pickle.dumps(r)) == r
    assert copy.deepcopy(r) == r and copy.copy(r) == r
    r0 = Recovery(Reason.OK, "text", (), "hermes", "d", (0, 4), "r")
    assert hash(r0) == hash(Recovery(Reason.OK, "text", (), "hermes", "d", (0, 4), "r"))
    with pytest.raises(TypeError):  # a call's arguments are a dict: unhashable, as before
        hash(r)
    with pytest.raises(TypeError):
        Recovery(Reason.OK)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ToolCall("i", "n", {}, "extra")  # type: ignore[call-arg]


# -- canonical --------------------------------------------------------------------------------

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=4),
    max_leaves=16,
)


def _outcome(f: Any, value: object) -> tuple[str, str]:
    try:
        return "ok", f(value)
    except Exception as e:  # the exception is the outcome compared
        return type(e).__name__, str(e)


def test_canonical_takes_the_c_encoder_here() -> None:
    # CPython ships the C encoder: the fast path is the one the other tests exercise
    assert validate._C_CANONICAL is not None


@pytest.mark.heavy
@given(value=st.dictionaries(st.text(max_size=4), _json, max_size=5))
def test_canonical_is_the_encoder(value: dict[str, Any]) -> None:
    assert _outcome(validate.canonical, value) == _outcome(validate._CANONICAL, value)


class _Str(str):
    __slots__ = ()


class _Dict(dict):  # type: ignore[type-arg]
    pass


def _circular() -> dict[str, Any]:
    d: dict[str, Any] = {"a": [1]}
    d["a"].append(d)
    return d


def _deep(n: int) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for _ in range(n):
        d = {"k": d}
    return d


@pytest.mark.parametrize("value", [
    {}, {"b": 1, "a": 2}, {"x": math.nan, "y": math.inf, "z": -math.inf, "w": -0.0},
    {"k": 1.0, "j": True, "i": 1}, {1: "a", 2: "b"}, {1: "a", "b": 2}, {None: 1, True: 2},
    {"k": object()}, {"k": {1, 2}}, {"k": b"x"}, {"k": (1, 2)}, {_Str("s"): _Str("v")},
    {"k": _Dict(b=1, a=2)}, {"é\n\"\\\ud800": "\x00\u2028"}, {"k": 10**400},
    {(1, 2): 3}, {1.5: 1, 2: 2}, _circular(), _deep(sys.getrecursionlimit() + 50),
])
def test_canonical_examples(value: dict[Any, Any]) -> None:
    assert _outcome(validate.canonical, value) == _outcome(validate._CANONICAL, value)


def test_canonical_of_other_values_is_the_encoder() -> None:
    for v in ("s", _Str("s"), 1, 1.5, None, [1, {"b": 1, "a": 2}], _Dict(b=1, a=2), (1,)):
        assert validate.canonical(v) == validate._CANONICAL(v)


def test_circular_tools_raise_as_before() -> None:
    tools = [{"type": "function", "function": {"name": "f", "parameters": _circular()}}]
    with pytest.raises(ValueError, match="schema is not JSON: Circular reference detected"):
        leakcall.Recoverer(tools)


# -- ids ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("salt", ["", "turn-1", 'a"b', "a\\b", "\n\x00", "é東", "\ud800",
                                  _Str('q"')])
@pytest.mark.parametrize("name", ["f", 'f"', "f\\", "f\n", "\u2028", _Str('n"')])
def test_call_id_of_quotes_salt_and_name(salt: str, name: str) -> None:
    args = {"k": 'v"'}
    enc = encoded_arguments(args)
    assert enc is not None
    assert call_id_of(salt, 3, name, enc) == call_id(salt, 3, name, args)
    ref = json.dumps([salt, 3, name, args], sort_keys=True, ensure_ascii=False,
                     separators=(",", ":"))
    assert ref.startswith("[" + json.dumps(salt, ensure_ascii=False))


# -- the empty reply ----------------------------------------------------------------------------


@pytest.mark.heavy
def test_isspace_is_empty_after_strip() -> None:
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        assert (not c.strip()) == c.isspace(), hex(cp)


@pytest.mark.parametrize("text", ["", " ", "\n\t ", "\u3000\u2028", "\x1c\x1d\x1e\x1f\x85"])
def test_blank_replies_have_no_text(text: str) -> None:
    r = leakcall.recover(text, [])
    assert r.reason is Reason.NO_TEXT and r.content == text


# -- calls: the usual pair ----------------------------------------------------------------------


def _pair_outcome(f: Any, node: Any, region: str, rule: str) -> object:
    try:
        return f(node, region, rule)
    except Refusal as e:
        return (e.reason, e.detail, e.rule)


def _parsed_trees() -> list[tuple[Any, str]]:
    texts = [c.text for c in load_cases(CORPUS)]
    texts += [leak.text for leak in _bench_leaks()]
    out = []
    for text in texts:
        segs = segments(text)
        for c in candidates(text, FAMS, segs):
            try:
                r = parse_candidate(text, c, TokenBudget())
            except Refusal:
                continue
            if isinstance(r, Parsed):
                out.append((r.tree, text[r.start : r.end]))
    return out


def _bench_leaks() -> list[Any]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from _inputs import leak_for  # noqa: PLC0415 - the benchmarks' own 2 KB leaks
    finally:
        sys.path.pop(0)
    return [leak for fam in ("hermes", "dsml") if (leak := leak_for(fam)[0]) is not None]


@pytest.mark.heavy
def test_usual_pair_reads_as_the_general_pair() -> None:
    seen = {"param": 0, "pair": 0}
    kinds: set[str] = set()
    for tree, region in _parsed_trees():
        for node in tree.iter_subtrees():
            rule = {"param": "param_name", "pair": "key"}.get(str(node.data))
            if rule is None:
                continue
            seen[str(node.data)] += 1
            fast = _pair_outcome(_pair, node, region, rule)
            assert fast == _pair_outcome(_pair_read, node, region, rule), (node, region)
            if isinstance(fast, tuple) and len(fast) == 2 and isinstance(fast[1], Value):
                kinds.add(fast[1].kind)
    # every leaf kind and both rules were compared, on many nodes
    assert seen["param"] > 200 and seen["pair"] > 20, seen
    assert {"string_value", "json_value", "raw_value"} <= kinds, kinds


# -- decode: short integers -------------------------------------------------------------------


def _decode_outcome(f: Any, *args: Any) -> object:
    try:
        v = f(*args)
    except Refusal as e:
        return ("refused", e.reason, e.detail, e.rule)
    return (type(v).__name__, v)


_INT_LIKE = st.text(st.sampled_from("0123456789-+ .eE\n٣"), max_size=21)


@given(text=_INT_LIKE | st.integers().map(str),
       schema=st.sampled_from([None, {"type": "string"}, {"type": "integer"},
                               {"type": ["string", "integer"]}, {}]))
def test_json_value_integers_decode_as_strict_json(text: str, schema: object) -> None:
    v = Value("json_value", text)
    root = {"type": "object", "properties": {"k": schema}} if schema is not None else {}
    fast = _decode_outcome(_decode_at, v, root, "k", root, "f.k", False)
    assert fast == _decode_outcome(decode_value, v, sub_schema(root, "k", root), "f.k", root,
                                   False)


@pytest.mark.parametrize("text", ["0", "-0", "7", "-7", "30", "00", "01", "-01", "+1", " 1", "1 ",
                                  "1.0", "1e3", "9" * 18, "9" * 19, "-" + "9" * 17,
                                  "-" + "9" * 18, "٣", "1_000", ""])
def test_json_value_integer_examples(text: str) -> None:
    v = Value("json_value", text)
    for root in ({}, {"type": "object", "properties": {"k": {"type": "string"}}}):
        assert _decode_outcome(_decode_at, v, root, "k", root, "f.k", False) == \
            _decode_outcome(decode_value, v, sub_schema(root, "k", root), "f.k", root, False)


# -- pipeline: the families memo ----------------------------------------------------------------


def test_families_memo_follows_the_tuple_asked_for() -> None:
    hermes = (leakcall.get_family("hermes"),)
    dsml = (leakcall.get_family("dsml"),)
    for memo, fn in ((_sentinel_regex_of, _sentinel_regex), (_opener_marks_of, _opener_marks)):
        # the pipeline asks with one tuple after another: each answer is that tuple's own
        # (the very object its cache holds)
        for fams in (FAMS, hermes, dsml, hermes, FAMS, tuple(FAMS), dsml):
            assert memo(fams) is fn(fams)


# -- recoverer_for: the exact-bytes cache ---------------------------------------------------------


def _reference_for(tools: Any, reasoning: Any = "ignore") -> leakcall.Recoverer:
    return _recoverer_for(*normalize_described(tools), reasoning, None)


def _tool(schema: Any, name: str = "read") -> list[Any]:
    return [{"type": "function", "function": {"name": name, "parameters": schema}}]


class _Sub(dict):  # type: ignore[type-arg]
    pass


def _lists() -> list[list[Any]]:
    base = {"type": "object", "properties": {"path": {"type": "string"}}}
    return [
        _tool(base), _tool(dict(reversed(list(base.items())))), _tool(base, "write"),
        _tool({**base, "maxLength": 1}), _tool({**base, "maxLength": 1.0}),
        _tool({**base, "maxLength": True}), _tool({**base, "minimum": 0.0}),
        _tool({**base, "minimum": -0.0}), _tool({**base, "minimum": math.nan}),
        _tool({**base, "minimum": float("nan")}), _tool({**base, "minimum": math.inf}),
        _tool(_Sub(base)), _tool({**base, _Str("type"): "object"}),
        _tool({**base, "description": "é\ud800"}), _tool({**base, "description": "e"}),
        _tool({**base, "required": ["path"]}), _tool({**base, "required": ("path",)}),
        _tool({**base, "examples": [1, [1]]}), _tool({**base, "examples": [1, [1.0]]}),
        [*_tool(base), *_tool(base, "write")], [*_tool(base, "write"), *_tool(base)], [],
        # the same schema, described otherwise: another tool list (grounding reads it)
        _described(base, "Gets a file."), _described(base, "Deletes a file."),
        _described(base, ""),
    ]


def _described(schema: Any, text: str) -> list[Any]:
    return [{"type": "function",
             "function": {"name": "read", "description": text, "parameters": schema}}]


def test_recoverer_for_gives_what_the_canonical_cache_gives() -> None:
    lists = _lists()
    for reasoning in ("ignore", "recover"):
        for _ in range(2):  # cold, then through the exact cache
            for tools in [*lists, *reversed(lists)]:
                got = recoverer_for(tools, reasoning=reasoning)  # type: ignore[arg-type]
                assert got is _reference_for(tools, reasoning), tools
                assert got.tools.key == tools_key(*normalize_described(tools))


def test_recoverer_for_never_takes_bytes_for_a_buffer() -> None:
    np = pytest.importorskip("numpy")
    uid = uuid.uuid4().hex

    def make(v: object) -> list[Any]:
        return _tool({"type": "object", "minimum": v, "description": "d" + uid})

    floats = make(np.float64(1.5))  # a float: JSON data
    raw = make(bytes(memoryview(np.float64(1.5))))  # its bytes: not JSON data
    # marshal writes the buffer as those bytes: one key for both
    assert marshal.dumps(normalize_tools(floats)) == marshal.dumps(normalize_tools(raw))
    for _ in range(2):
        assert recoverer_for(floats) is _reference_for(floats)
    with pytest.raises(ValueError, match="not JSON"):
        recoverer_for(raw)  # misuse, as before: raised, not served from the float's entry


def test_recoverer_for_follows_the_canonical_cache() -> None:
    tools = _tool({"type": "object", "description": uuid.uuid4().hex})
    a = recoverer_for(tools)
    assert recoverer_for(tools) is a
    recoverer_cache().clear()  # the reference builds a new Recoverer now: so does recoverer_for
    b = recoverer_for(tools)
    assert b is not a and b is _reference_for(tools) and recoverer_for(tools) is b


def test_recoverer_for_reads_the_tools_as_they_are_now() -> None:
    schema: dict[str, Any] = {"type": "object", "description": uuid.uuid4().hex}
    tools = _tool(schema)
    a = recoverer_for(tools)
    schema["maxProperties"] = 1  # the caller changes its own list in place
    b = recoverer_for(tools)
    assert b is not a and b.tools["read"].schema["maxProperties"] == 1
    assert b is _reference_for(tools)
