"""Stage 5, decode: turn each call's written arguments into a JSON object, strictly.

Typing, in one place:

- ``string_value``: the text exactly; explicit typing is never overridden (DSML ``string="true"``).
- ``quoted_value``: the same, for text a format without escapes wrote between ASCII quotes (Gemma
  4's drift from its ``<|"|>`` token): a backslash in it would be an escape to a JSON or Python
  reader, so such a text has two readings and is refused (``ambiguous``, rule
  ``backslash-in-quotes``).
- ``json_value``: strict JSON (no NaN/Infinity, no duplicate keys, nothing trailing, numbers
  exact: see ``literals.exact_float``). When the text is not JSON and the schema types the
  parameter as exactly ``"string"``, the text is kept as it is (DSML's "unencoded value" case,
  e.g. ``ls``); otherwise ``bad_arguments``.
- ``raw_value``: the schema decides (Qwen3-Coder, GLM, MiniMax, Seed-OSS, Anthropic XML, Step-3).
  In a family whose values are ``framed`` the frame is removed first (``unframe``). Then each
  type the schema admits is tried in the order ``null, boolean, integer, number, object, array``
  and takes the text only when the text is exactly that type's literal, with nothing around it:
  ``null``; ``true``/``false``; a canonical integer ``-?(0|[1-9][0-9]*)``; a JSON number; a JSON
  object ``{...}``; a JSON array ``[...]``. Otherwise the text itself, when ``string`` is
  admitted (``4021e97`` under ``["string", "integer"]`` stays ``"4021e97"``, `` 42 `` stays
  ``" 42 "``), else ``bad_arguments``. Python's ``True``/``False``/``None`` are read as that
  value where the schema admits its type and no string (Qwen3-Coder writes them). No type
  known -> the text.
- ``py_value``: a plain Python literal (str, int, float, bool, None), numbers exact.
- ``array`` / ``object``: built from their items, each item typed by the sub-schema.

The types a schema admits follow local ``$ref`` (``#/$defs/...``, ``#/definitions/...``, any
JSON pointer into the tool's schema), ``allOf`` (intersection), ``anyOf``/``oneOf`` (union),
``type``, ``enum`` and ``const``. A reference that cannot be resolved, a cycle, or nesting
deeper than ``_MAX_DEPTH`` leaves the types unknown. Whatever this yields is then validated
against the tool's schema.
"""

from __future__ import annotations

import math
import re
from typing import Any

from .calls import RawCall, Value
from .literals import py_literal, strict_json
from .reasons import Reason, Refusal

__all__ = ["CALL_OBJECT_KEYS", "UNION_ORDER", "decode_call", "schema_types", "sub_schema",
           "unframe"]

UNION_ORDER: tuple[str, ...] = ("null", "boolean", "integer", "number", "object", "array")
CALL_OBJECT_KEYS = frozenset({"name", "tool_name", "arguments", "parameters"})
"""The keys that make a JSON object a call object (``calls._call_object`` reads them): a
``body_args`` body holding one of them has a second reading, as the call itself."""
_ALL_TYPES = frozenset((*UNION_ORDER, "string"))
_MAX_DEPTH = 64
_MAX_NODES = 10_000

_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_LITERAL: dict[str, re.Pattern[str]] = {
    "null": re.compile("null"),
    "boolean": re.compile("true|false"),
    "integer": _INTEGER,
    "number": _NUMBER,
    "object": re.compile(r"\{.*\}", re.DOTALL),
    "array": re.compile(r"\[.*\]", re.DOTALL),
}
"""What the text of a raw value must be, whole (``fullmatch``), for each type to take it."""

Types = frozenset[str] | None
_PY_CONSTANTS: dict[str, object] = {"True": True, "False": False, "None": None}


def _pointer(root: object, ref: str) -> object:
    """The schema a local reference (``#``, ``#/a/b``) points at; None when it points nowhere."""
    if ref == "#":
        return root
    if not ref.startswith("#/"):
        return None
    node = root
    for raw in ref[2:].split("/"):
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def _meet(a: Types, b: Types) -> Types:
    """Types admitted by both (None = unconstrained); an integer is also a number."""
    if a is None:
        return b
    if b is None:
        return a
    out = set(a & b)
    if ("integer" in a and "number" in b) or ("number" in a and "integer" in b):
        out.add("integer")
    return frozenset(out)


class _Walk:
    """One walk through a schema: the tool's schema references resolve in, and a budget of
    nodes, so that a schema whose references fan out (a diamond of ``allOf`` references) costs
    bounded time; when the budget runs out, the answer is "unknown"."""

    def __init__(self, root: object) -> None:
        self.root = root
        self.left = _MAX_NODES

    def step(self, depth: int) -> bool:
        self.left -= 1
        return self.left >= 0 and depth <= _MAX_DEPTH


def _types(schema: object, w: _Walk, refs: tuple[str, ...], depth: int) -> Types:
    if not w.step(depth) or not isinstance(schema, dict):
        return None
    out: Types = None
    t = schema.get("type")
    if isinstance(t, str):
        out = frozenset({t})
    elif isinstance(t, list) and all(isinstance(x, str) for x in t):
        out = frozenset(t)
    if isinstance(schema.get("enum"), list):
        out = _meet(out, frozenset(_type_of(v) for v in schema["enum"]))
    if "const" in schema:
        out = _meet(out, frozenset({_type_of(schema["const"])}))
    ref = schema.get("$ref")
    if isinstance(ref, str):
        if ref in refs:
            return None  # a cycle: say nothing rather than loop
        out = _meet(out, _types(_pointer(w.root, ref), w, (*refs, ref), depth + 1))
    all_of = schema.get("allOf")
    if isinstance(all_of, list):
        for b in all_of:
            out = _meet(out, _types(b, w, refs, depth + 1))
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and branches:
            acc: set[str] = set()
            for b in branches:
                bt = _types(b, w, refs, depth + 1)
                if bt is None:
                    break
                acc |= bt
            else:
                out = _meet(out, frozenset(acc))
    return None if w.left < 0 else out


def schema_types(schema: object, root: object = None) -> frozenset[str] | None:
    """The JSON types a schema admits; None when it does not say (or cannot be read).

    ``root`` is the document local references resolve in (default: ``schema`` itself)."""
    try:
        return _types(schema, _Walk(schema if root is None else root), (), 0)
    except (TypeError, ValueError, RecursionError):  # pragma: no cover - odd schema objects
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


_NEWLINES = ("\r\n", "\n")


def unframe(text: str, where: str) -> str:
    """A ``framed`` value without its frame: one newline after the opening tag and one before
    the closing tag (``\r\n`` counts as one newline), removed only together.

    Neither side present: the text as written. One side only, the two sides overlapping
    (``"\n"``), or sides of different kinds (``\n`` ... ``\r\n``, which would read either
    as a value ending in ``\r`` or as a mixed frame): ``ambiguous`` (rule ``one-sided-frame``).
    """
    lead = next((n for n in _NEWLINES if text.startswith(n)), "")
    trail = next((n for n in _NEWLINES if text.endswith(n)), "")
    if not lead and not trail:
        return text
    if lead and trail and lead == trail and len(lead) + len(trail) <= len(text):
        return text[len(lead) : len(text) - len(trail)]
    side = "both sides differ" if lead and trail and lead != trail else (
        "the two sides overlap" if lead and trail else
        f"only the {'opening' if lead else 'closing'} side is present")
    raise Refusal(Reason.AMBIGUOUS, f"{where}: the value's newline frame is not whole ({side}): "
                  f"{text[:40]!r}", "one-sided-frame")


def _raw(text: str, schema: object, root: object, where: str) -> Any:
    types = schema_types(schema, root)
    if types is None or not (types & _ALL_TYPES):
        return text
    if types == frozenset({"string"}):
        return text
    # Python spellings of a boolean or null (Qwen3-Coder writes them): read only where the schema
    # admits that type and no string, so the text has no other reading.
    if text in _PY_CONSTANTS and "string" not in types and _type_of(_PY_CONSTANTS[text]) in types:
        return _PY_CONSTANTS[text]
    for t in UNION_ORDER:
        if t not in types or not _LITERAL[t].fullmatch(text):
            continue
        try:
            v = strict_json(text, where)
        except Refusal as e:
            # A literal of this type that cannot be read exactly (1e-400, a duplicate key) is
            # refused, not taken as a string: it was written as a value of this type.
            if e.reason is Reason.AMBIGUOUS or e.rule == "inexact-number" or t in (
                    "integer", "number"):
                raise
            continue
        if _type_of(v) == t or (t == "number" and _type_of(v) == "integer"):
            return v
    if "string" in types:
        return text
    raise Refusal(Reason.BAD_ARGUMENTS,
                  f"{where}: {text[:40]!r} is not a literal of type {'/'.join(sorted(types))}")


def sub_schema(schema: object, key: str | int, root: object) -> object:
    """The sub-schema for property ``key`` (or array item ``key``), through ``$ref``, ``allOf``,
    ``anyOf`` and ``oneOf``; None when unknown."""
    try:
        return _sub_walk(schema, key, _Walk(root), (), 0)
    except (TypeError, ValueError, RecursionError):  # pragma: no cover - odd schema objects
        return None


def _sub_walk(schema: object, key: str | int, w: _Walk, refs: tuple[str, ...], depth: int
              ) -> object:
    if not w.step(depth) or not isinstance(schema, dict):
        return None
    found: list[object] = []
    if isinstance(key, int):
        prefix = schema.get("prefixItems")
        items = schema.get("items")
        if isinstance(prefix, list) and key < len(prefix):
            found.append(prefix[key])
        elif isinstance(items, list):
            if key < len(items):
                found.append(items[key])
        elif isinstance(items, dict):
            found.append(items)
    else:
        props = schema.get("properties")
        if isinstance(props, dict) and key in props:
            found.append(props[key])
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref not in refs:
        sub = _sub_walk(_pointer(w.root, ref), key, w, (*refs, ref), depth + 1)
        if sub is not None:
            found.append(sub)
    all_of = schema.get("allOf")
    if isinstance(all_of, list):
        for b in all_of:
            sub = _sub_walk(b, key, w, refs, depth + 1)
            if sub is not None:
                found.append(sub)
    for k in ("anyOf", "oneOf"):
        branches = schema.get(k)
        if isinstance(branches, list) and branches:
            subs = [_sub_walk(b, key, w, refs, depth + 1) for b in branches]
            if all(sub is not None for sub in subs):
                found.append({"anyOf": subs})
    if not found or w.left < 0:
        return None
    return found[0] if len(found) == 1 else {"allOf": found}


def decode_value(v: Value, schema: object, where: str, root: object = None,
                 framed: bool = False) -> Any:
    """One written value -> its JSON value, following the typing rules above."""
    root = schema if root is None else root
    if v.kind == "string_value":
        return v.text
    if v.kind == "quoted_value":
        if "\\" in v.text:
            raise Refusal(Reason.AMBIGUOUS, f"{where}: a quoted string holding a backslash, an "
                          "escape to a JSON or Python reader and a character as written",
                          "backslash-in-quotes")
        return v.text
    if v.kind == "json_value":
        try:
            return strict_json(v.text, where)
        except Refusal as e:
            string_only = schema_types(schema, root) == frozenset({"string"})
            if e.reason is Reason.BAD_ARGUMENTS and string_only:
                return v.text
            raise
    if v.kind == "raw_value":
        return _raw(unframe(v.text, where) if framed else v.text, schema, root, where)
    if v.kind == "py_value":
        out = py_literal(v.text)
        if isinstance(out, float) and not math.isfinite(out):  # pragma: no cover - exact_float
            raise Refusal(Reason.BAD_ARGUMENTS, f"{where}: {v.text[:24]!r} is not finite")
        return out
    if v.kind == "array":
        return [_decode_at(x, schema, i, root, f"{where}[{i}]", framed)
                for i, x in enumerate(v.items)]
    if v.kind == "object":
        return {k: _decode_at(x, schema, k, root, f"{where}.{k}", framed)
                for k, x in zip(v.keys, v.items, strict=True)}
    raise Refusal(Reason.SHAPE, f"{where}: unknown value kind {v.kind}")  # pragma: no cover


# Digits of the integers _decode_at reads without the JSON decoder (far below MAX_INT_DIGITS).
_SHORT_INT = 18

# Value kinds ``decode_value`` reads without their schema.
_SCHEMA_FREE = frozenset({"string_value", "quoted_value", "py_value"})


def _decode_at(v: Value, schema: object, key: str | int, root: object, where: str,
               framed: bool) -> Any:
    """``decode_value`` of the value at ``key`` of ``schema``: the sub-schema is looked up only
    when the value's kind reads it (a JSON value reads it only when it is not strict JSON)."""
    if v.kind in _SCHEMA_FREE:
        return decode_value(v, None, where, root, framed)
    if v.kind == "json_value":
        text = v.text
        # a short canonical integer, nothing around it: strict_json reads it as int(text)
        if len(text) <= _SHORT_INT and _INTEGER.fullmatch(text):
            return int(text)
        try:
            return strict_json(v.text, where)
        except Refusal:
            pass  # decode_value says what follows (the same refusal, or a string-only value)
    return decode_value(v, sub_schema(schema, key, root), where, root, framed)


def decode_call(call: RawCall, schema: dict[str, Any], framed: bool = False) -> dict[str, Any]:
    """The call's argument object, decoded strictly (raises Refusal). ``framed``: the family
    frames its raw values (grammar header ``values: framed``)."""
    if call.decoded is not None:
        return call.decoded
    where = f"{call.name} (offset {call.offset})"
    if call.json_text is not None:
        args = strict_json(call.json_text, f"arguments of {where}")
        if not isinstance(args, dict):
            raise Refusal(Reason.BAD_ARGUMENTS, f"arguments of {where} are not a JSON object")
        held = sorted(CALL_OBJECT_KEYS.intersection(args)) if call.tagged else ()
        if held:
            raise Refusal(Reason.AMBIGUOUS, f"{where}: the body the tag names holds {held}, a call "
                          "object's keys: read as a call object it names a tool and arguments of "
                          "its own", "call-object-body")
        return args
    out: dict[str, Any] = {}
    for key, value in call.params or ():
        if key in out:
            raise Refusal(Reason.AMBIGUOUS, f"{where}: parameter {key!r} given twice")
        out[key] = _decode_at(value, schema, key, schema, f"{where}.{key}", framed)
    return out
