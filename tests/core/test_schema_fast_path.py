"""The fast valid path of ``validate.Compiled``: a predicate compiled once per tool schema made of
common keywords, which says "valid" only where jsonschema says valid (everything else, and every
message, is jsonschema's). Held to jsonschema on generated schemas and instances."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leakcall.corpus import load_cases
from leakcall.tools import normalize_tools
from leakcall.validate import canonical, compile_schema

from ..conftest import examples

CORPUS = Path(__file__).resolve().parents[2] / "corpus"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from([0.0, 1.0, -2.5, 3.5])
    | st.sampled_from(["", "a", "b", "c", "ab", "xyz", "é"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), inner, max_size=3),
    max_leaves=8)

TYPES = ["string", "integer", "number", "boolean", "null", "object", "array"]
NUMBERS = st.integers(-3, 3) | st.sampled_from([0.5, -1.5, 2.0])


def _schema(depth: int) -> st.SearchStrategy[Any]:
    sub = _schema(depth - 1) if depth > 0 else st.just({"type": "string"})
    kw: dict[str, st.SearchStrategy[Any]] = {
        "type": st.sampled_from(TYPES) | st.lists(st.sampled_from(TYPES), min_size=1, max_size=3,
                                                  unique=True),
        "enum": st.lists(st.sampled_from(["a", "b", "c", 1, True, None]), min_size=1, max_size=3,
                         unique_by=lambda v: (type(v), v)),
        "minLength": st.integers(0, 3), "maxLength": st.integers(0, 3),
        "minItems": st.integers(0, 3), "maxItems": st.integers(0, 3),
        "minimum": NUMBERS, "maximum": NUMBERS, "exclusiveMinimum": NUMBERS,
        "exclusiveMaximum": NUMBERS,
        "items": sub | st.booleans(),
        "properties": st.dictionaries(st.sampled_from(["a", "b", "c"]), sub | st.just(True),
                                      max_size=3),
        "required": st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=3, unique=True),
        "additionalProperties": st.booleans() | sub,
        "description": st.just("x"), "format": st.just("email"),
        "pattern": st.just("^a"), "const": st.just("a"),  # not read by the fast path
    }
    return st.fixed_dictionaries({}, optional=kw)


@pytest.mark.heavy
@settings(max_examples=examples(500), deadline=None)
@given(_schema(2), st.lists(json_values, min_size=1, max_size=6))
def test_fast_valid_means_jsonschema_valid(schema: dict[str, Any], instances: list[Any]) -> None:
    c = compile_schema(canonical(schema))
    if c.validator is None:
        return
    for v in instances:
        if c.valid is not None and c.valid(v):
            assert c.validator.is_valid(v), (schema, v)
        # the result leakcall reports is jsonschema's either way
        err = jsonschema.exceptions.best_match(c.validator.iter_errors(v))
        assert (c.check(v) is None) == (err is None), (schema, v)


@pytest.mark.heavy
def test_the_corpus_tool_schemas_get_the_fast_path() -> None:
    schemas = {canonical(s) for d in sorted(CORPUS.iterdir()) if d.is_dir()
               for case in load_cases(d) for s in _schemas(case.tools)}
    fast = [s for s in schemas if compile_schema(s).valid is not None]
    assert len(fast) >= 0.9 * len(schemas), (len(fast), len(schemas))


def _schemas(tools: Any) -> list[dict[str, Any]]:
    try:
        return list(normalize_tools(tools).values())
    except (TypeError, ValueError):
        return []


def test_what_the_fast_path_leaves_to_jsonschema() -> None:
    def valid(schema: dict[str, Any], v: Any) -> bool:
        c = compile_schema(canonical(schema))
        assert c.valid is not None
        return c.valid(v)

    assert not valid({"type": "integer"}, 1.0)  # jsonschema counts it as an integer: not sure
    assert not valid({"type": "integer"}, True)
    assert not valid({"type": "number"}, False)
    assert not valid({"enum": ["a"]}, "b")
    assert valid({"type": "object", "properties": {"a": {"enum": ["x", "y"]}}, "required": ["a"],
                  "additionalProperties": False}, {"a": "y"})
    assert not valid({"type": "object", "additionalProperties": False}, {"a": 1})
    for unread in ({"pattern": "^a"}, {"$ref": "#/$defs/a", "$defs": {"a": {}}},
                   {"$schema": "http://json-schema.org/draft-04/schema#", "type": "string"},
                   {"items": [{"type": "string"}]}, {"enum": [1]}):
        assert compile_schema(canonical(unread)).valid is None, unread
