"""Recoverer: configured once, then per reply; the same results as ``recover`` and the same misuse
errors; ``recover``'s cache is keyed by content, bounded, and keeps no caller object."""

from __future__ import annotations

import gc
import uuid
import weakref
from typing import Any

import jsonschema
import pytest

import leakcall
from leakcall import Reason, Recoverer, recover
from leakcall.corpus import Case
from leakcall.openai import repair_completion, repair_stream
from leakcall.recoverer import RECOVERER_CACHE_BYTES, recoverer_cache, recoverer_for
from leakcall.validate import SCHEMA_CACHE_BYTES, canonical, compiled_cache

from ..conftest import CASES

SCHEMA: dict[str, Any] = {"type": "object", "properties": {"path": {"type": "string"}},
                          "required": ["path"]}
TOOLS: list[dict[str, Any]] = [{"name": "read", "parameters": SCHEMA}]
LEAK = '<tool_call>\n{"name": "read", "arguments": {"path": "a"}}\n</tool_call>'


def _salt(case: Case) -> str:
    return str(case.options.get("id_salt", ""))


def _config(case: Case) -> dict[str, Any]:
    return {k: v for k, v in case.options.items() if k != "id_salt"}


@pytest.mark.heavy  # a whole-corpus sweep (the README's heavy tier)
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_recoverer_equals_recover_on_every_corpus_case(case: Case) -> None:
    want = recover(case.text, case.tools, **case.options)
    rc = Recoverer(case.tools, **_config(case))
    got = rc.recover(case.text, id_salt=_salt(case))
    # Recovery equality covers reason, calls (ids, names, arguments), content, detail, span, rule.
    assert got == want
    assert (got.rule, got.span, got.detail) == (want.rule, want.span, want.detail)
    assert [c.id for c in got.calls] == [c.id for c in want.calls]
    s = rc.stream(id_salt=_salt(case))
    shown = s.feed(case.text)
    end = s.close()
    assert end.recovery == want and shown + end.text == want.content


def test_a_recoverer_is_reused_across_replies_and_salts() -> None:
    rc = Recoverer(TOOLS)
    a, b = rc.recover(LEAK, id_salt="t1"), rc.recover(LEAK, id_salt="t2")
    assert a.ok and b.ok and a.calls[0].id != b.calls[0].id
    assert a == recover(LEAK, TOOLS, id_salt="t1")


MISUSE: list[tuple[str, dict[str, Any], type[Exception]]] = [
    ("tools None", {"tools": None}, TypeError),
    ("tools a dict", {"tools": {"name": "read"}}, TypeError),
    ("tools a str", {"tools": "read"}, TypeError),
    ("entry not an object", {"tools": [3]}, ValueError),
    ("entry without a name", {"tools": [{"parameters": {}}]}, ValueError),
    ("empty name", {"tools": [{"name": ""}]}, ValueError),
    ("schema not an object", {"tools": [{"name": "x", "parameters": "{}"}]}, ValueError),
    ("name twice, two schemas", {"tools": [{"name": "x"}, {"name": "x", "parameters": {}}]},
     ValueError),
    ("schema not JSON data", {"tools": [{"name": "x", "parameters": {"a": {1, 2}}}]}, ValueError),
    ("reasoning unknown", {"tools": TOOLS, "reasoning": "maybe"}, ValueError),
    ("family unknown", {"tools": TOOLS, "families": ["nope"]}, KeyError),
    ("families a str", {"tools": TOOLS, "families": "hermes"}, TypeError),
]


@pytest.mark.parametrize(("what", "kw", "exc"), MISUSE, ids=[m[0] for m in MISUSE])
def test_recoverer_raises_every_misuse_recover_raises(what: str, kw: dict[str, Any],
                                                      exc: type[Exception]) -> None:
    with pytest.raises(exc) as by_recover:
        recover(LEAK, **kw)
    with pytest.raises(exc) as by_recoverer:
        Recoverer(**kw)
    assert str(by_recoverer.value) == str(by_recover.value)
    with pytest.raises(exc):
        leakcall.StreamRecoverer(**kw)


def test_misuse_per_reply_raises_like_recover() -> None:
    rc = Recoverer(TOOLS)
    with pytest.raises(TypeError, match="text"):
        rc.recover(b"<tool_call>")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="id_salt"):
        rc.recover(LEAK, id_salt=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="id_salt"):
        recover(LEAK, TOOLS, id_salt=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="id_salt"):
        rc.stream(id_salt=None)  # type: ignore[arg-type]


def test_a_recoverer_does_not_see_later_changes_to_the_callers_tools() -> None:
    schema = {"type": "object", "properties": {"path": {"type": "string"}}}
    tools = [{"name": "read", "parameters": schema}]
    rc = Recoverer(tools)
    schema["properties"] = {"path": {"type": "integer"}}
    assert rc.recover(LEAK).ok  # configured once: the schema as it was
    assert recover(LEAK, tools).reason is Reason.SCHEMA  # recover: the tools as they are now


def test_recover_reuses_one_recoverer_for_equal_tool_lists() -> None:
    recoverer_cache().clear()
    a = recoverer_for([{"name": "read", "parameters": dict(SCHEMA)}])
    # Equal content in another key order and another definition shape: the same Recoverer.
    b = recoverer_for([{"type": "function", "function": {
        "parameters": {"required": ["path"], "properties": {"path": {"type": "string"}},
                       "type": "object"}, "name": "read"}}])
    assert a is b
    assert recoverer_for(TOOLS, reasoning="recover") is not a


class _Schema(dict[str, Any]):
    """A dict a weak reference can point to."""


@pytest.mark.heavy
def test_the_caches_keep_no_caller_object() -> None:
    schema = _Schema(type="object", properties={"path": _Schema(type="string")})
    ref = weakref.ref(schema)
    inner = weakref.ref(schema["properties"]["path"])
    tools = [{"name": "read", "parameters": schema}]
    assert recover(LEAK, tools).ok
    assert _stream_close(tools).ok
    del tools, schema
    gc.collect()
    assert ref() is None and inner() is None


def _stream_close(tools: list[Any]) -> leakcall.Recovery:
    s = leakcall.StreamRecoverer(tools)
    s.feed(LEAK)
    return s.close().recovery


@pytest.mark.heavy
def test_the_recoverer_cache_stays_within_its_budgets() -> None:
    cache = recoverer_cache()
    cache.clear()
    for i in range(200):  # more tool lists than the cache holds
        recover(LEAK, [{"name": "read", "parameters": {**SCHEMA, "description": f"v{i}"}}])
    assert len(cache) <= 64 and cache.size <= RECOVERER_CACHE_BYTES
    big = {"type": "object", "description": "x" * (RECOVERER_CACHE_BYTES + 1)}
    assert recover(LEAK, [{"name": "read", "parameters": big}]).ok
    assert cache.size <= RECOVERER_CACHE_BYTES  # larger than the budget: not kept
    assert compiled_cache().size <= SCHEMA_CACHE_BYTES


def test_meta_validation_runs_once_per_distinct_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    """A schema is compiled (checked against its metaschema) once; every reply, every
    ``recover`` and every ``Recoverer`` of an equal copy reuse it from the process-wide cache
    (counted at the metaschema check, not timed)."""

    checks: list[object] = []
    real = jsonschema.Draft202012Validator.check_schema

    def counted(schema: Any) -> None:
        checks.append(schema)
        real(schema)

    monkeypatch.setattr(jsonschema.Draft202012Validator, "check_schema", counted)
    big = {"type": "object", "properties": {"path": {"type": "string"}},
           "description": uuid.uuid4().hex}  # never compiled before in this process
    key = canonical(big)
    assert compiled_cache().get(key) is None
    first = None
    for _ in range(3):
        tools = [{"name": "read", "parameters": {**big, "properties": dict(big["properties"])}}]
        assert recover(LEAK, tools).ok
        assert Recoverer(tools).recover(LEAK).ok
        hit = compiled_cache().get(key)
        assert hit is not None and hit.validator is not None
        first = first or hit
        assert hit is first  # compiling again would have put a new object under the key
    assert len(checks) == 1


def _completion(text: str) -> dict[str, Any]:
    return {"id": "c", "object": "chat.completion", "created": 1, "model": "m",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": text}}]}


def _chunks(text: str) -> list[dict[str, Any]]:
    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    return [chunk({"content": text[i : i + 7]}) for i in range(0, len(text), 7)] + [
        chunk({}, "stop")]


def test_the_openai_adapters_take_a_recoverer() -> None:
    rc = Recoverer(TOOLS)
    by_list = repair_completion(_completion(LEAK), TOOLS, id_salt="t")
    by_rc = repair_completion(_completion(LEAK), rc, id_salt="t")
    assert by_rc == by_list and by_rc["choices"][0]["message"]["tool_calls"]
    assert list(repair_stream(_chunks(LEAK), rc)) == list(repair_stream(_chunks(LEAK), TOOLS))
    # The Recoverer's own options apply; contradicting them is misuse.
    repair_completion(_completion(LEAK), rc, reasoning="ignore")
    with pytest.raises(ValueError, match="Recoverer"):
        repair_completion(_completion(LEAK), rc, reasoning="recover")
    with pytest.raises(ValueError, match="Recoverer"):
        list(repair_stream(_chunks(LEAK), rc, families=["hermes"]))
