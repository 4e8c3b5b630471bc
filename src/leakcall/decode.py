"""Stage 5, decode: turn each call's written arguments into a JSON object, strictly.

Typing, in one place:

- ``string_value``: the text exactly; explicit typing is never overridden (DSML ``string="true"``).
- ``json_value``: strict JSON (no NaN/Infinity, no duplicate keys, nothing trailing). When the text
  is not JSON and the schema types the parameter as exactly ``"string"``, the text is kept as it is
  (DSML's "unencoded value" case, e.g. ``ls``); otherwise ``bad_arguments``.
- ``raw_value``: the schema decides (Qwen3-Coder, GLM, MiniMax, Seed-OSS, Anthropic XML, Step-3).
  ``"string"`` -> the text exactly; ``integer``/``number``/``boolean``/``null``/``object``/``array``
  -> strict JSON of the text, which must decode to that type, else ``bad_arguments`` (Python's
  ``True``/``False``/``None`` are read as that value where the schema admits its type and no
  string); a union
  (type list, ``anyOf``/``oneOf``, ``enum``/``const``) tries the non-string types in the order
  ``null, boolean, integer, number, object, array`` and falls back to the text only when
  ``string`` is allowed; no type known -> the text.
- ``py_value``: a plain Python literal (str, int, float, bool, None).
- ``array`` / ``object``: built from their items, each item typed by the sub-schema.

Whatever this yields is then validated against the tool's schema.
"""

from __future__ import annotations

import math
from typing import Any

from .calls import RawCall, Refusal, Value, py_literal, strict_json
from .reasons import Reason

__all__ = ["UNION_ORDER", "decode_call", "schema_types"]

UNION_ORDER: tuple[str, ...] = ("null", "boolean", "integer", "number", "object", "array")
_ALL_TYPES = frozenset((*UNION_ORDER, "string"))
_PY_CONSTANTS: dict[str, object] = {"True": True, "False": False, "None": None}


def schema_types(schema: object) -> frozenset[str] | None:
    """The JSON types a schema admits, shallowly; None when it does not say."""
    if not isinstance(schema, dict):
        return None
    t = schema.get("type")
    if isinstance(t, str):
        return frozenset({t})
    if isinstance(t, list) and all(isinstance(x, str) for x in t):
        return frozenset(t)
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list):
            acc: set[str] = set()
            for b in branches:
                bt = schema_types(b)
                if bt is None:
                    return None
                acc |= bt
            return frozenset(acc)
    values = schema["enum"] if isinstance(schema.get("enum"), list) else (
        [schema["const"]] if "const" in schema else None)
    if values is not None:
        return frozenset(_type_of(v) for v in values)
    return None


def _type_of(v: object) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def _is(t: str, v: object) -> bool:
    if t == "integer":
        return (isinstance(v, int) and not isinstance(v, bool)) or (
            isinstance(v, float) and v.is_integer())
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    return _type_of(v) == t


def _raw(text: str, schema: object, where: str) -> Any:
    types = schema_types(schema)
    if types is None or not (types & _ALL_TYPES):
        return text
    if types == frozenset({"string"}):
        return text
    # Python spellings of a boolean or null (Qwen3-Coder writes them): read only where the schema
    # admits that type and no string, so the text has no other reading.
    if text in _PY_CONSTANTS and "string" not in types and _type_of(_PY_CONSTANTS[text]) in types:
        return _PY_CONSTANTS[text]
    try:
        v = strict_json(text, where)
    except Refusal as e:
        if e.reason is Reason.AMBIGUOUS:
            raise
    else:
        for t in UNION_ORDER:
            if t in types and _is(t, v):
                return v
    if "string" in types:
        return text
    raise Refusal(Reason.BAD_ARGUMENTS,
                  f"{where}: {text[:40]!r} is not a {'/'.join(sorted(types))} value")


def _sub(schema: object, key: str | int) -> object:
    if not isinstance(schema, dict):
        return None
    if isinstance(key, int):
        return schema.get("items")
    props = schema.get("properties")
    return props.get(key) if isinstance(props, dict) else None


def decode_value(v: Value, schema: object, where: str) -> Any:
    """One written value -> its JSON value, following the typing rules above."""
    if v.kind == "string_value":
        return v.text
    if v.kind == "json_value":
        try:
            return strict_json(v.text, where)
        except Refusal as e:
            if e.reason is Reason.BAD_ARGUMENTS and schema_types(schema) == frozenset({"string"}):
                return v.text
            raise
    if v.kind == "raw_value":
        return _raw(v.text, schema, where)
    if v.kind == "py_value":
        out = py_literal(v.text)
        if isinstance(out, float) and not math.isfinite(out):
            raise Refusal(Reason.BAD_ARGUMENTS, f"{where}: {v.text[:24]!r} is not finite")
        return out
    if v.kind == "array":
        return [decode_value(x, _sub(schema, i), f"{where}[{i}]") for i, x in enumerate(v.items)]
    if v.kind == "object":
        return {k: decode_value(x, _sub(schema, k), f"{where}.{k}")
                for k, x in zip(v.keys, v.items, strict=True)}
    raise Refusal(Reason.SHAPE, f"{where}: unknown value kind {v.kind}")  # pragma: no cover


def decode_call(call: RawCall, schema: dict[str, Any]) -> dict[str, Any]:
    """The call's argument object, decoded strictly (raises Refusal)."""
    where = f"{call.name} (offset {call.offset})"
    if call.decoded is not None:
        return call.decoded
    if call.json_text is not None:
        args = strict_json(call.json_text, f"arguments of {where}")
        if not isinstance(args, dict):
            raise Refusal(Reason.BAD_ARGUMENTS, f"arguments of {where} are not a JSON object")
        return args
    out: dict[str, Any] = {}
    for key, value in call.params or ():
        if key in out:
            raise Refusal(Reason.AMBIGUOUS, f"{where}: parameter {key!r} given twice")
        out[key] = decode_value(value, _sub(schema, key), f"{where}.{key}")
    return out
