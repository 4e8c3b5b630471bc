"""The generic step: read calls out of any family's parse tree by its rule names.

The rule names are the contract every grammar keeps (see ``grammar/README.md``):

- ``call``       one invocation; holds a ``name`` and then ``param`` nodes, one ``json_args``,
                 or nothing (a call without arguments)
- ``name``       the tool name, exactly as written
- ``param``      ``param_name`` followed by one value node
- ``json_args``  text that must be one JSON object: the arguments
- ``call_json``  text that must be one JSON call object (``name``/``tool_name`` plus
                 ``arguments``/``parameters``, an object or a JSON string holding exactly one
                 object; optional ``id``/``tool_call_id``, ``type``)
- ``call_list``  text that must be a non-empty JSON array of call objects
- value nodes:   ``string_value`` (text, explicitly a string), ``json_value`` (text, explicitly
                 JSON), ``raw_value`` (text typed by the tool schema), ``py_value`` (a Python
                 literal), ``array`` (value nodes), ``object`` (``pair`` = ``key`` + value node)
- ``content``    visible reply text inside the envelope, before its calls (a Harmony preamble
                 message): kept in ``Recovery.content`` and judged by the intent stage as prose

Every text is sliced from the reply by token positions, so it is byte-exact.
"""

from __future__ import annotations

import ast
import json
import math
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from lark import Token, Tree

from .reasons import DEFAULT_RULE, Reason

__all__ = ["MAX_INT_DIGITS", "RawCall", "Refusal", "Value", "content_spans", "exact_float", "extract",
           "strict_json"]

CALL_RULES = frozenset({"call", "call_json", "call_list"})
VALUE_RULES = frozenset(
    {"string_value", "json_value", "raw_value", "py_value", "array", "object"}
)


class Refusal(Exception):
    """Internal: a stage refuses the reply with a reason and the name of the rule that fired
    (``Recovery.rule``; the reason's default rule when not given)."""

    def __init__(self, reason: Reason, detail: str, rule: str | None = None) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.rule = rule or DEFAULT_RULE[reason]


@dataclass(frozen=True)
class Value:
    """An undecoded argument value: kind is a value rule name; ``text`` for leaves."""

    kind: str
    text: str = ""
    items: tuple[Value, ...] = ()
    keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class RawCall:
    """A call as written: its name, and either params, a JSON argument text, or decoded args."""

    name: str
    offset: int
    params: tuple[tuple[str, Value], ...] | None = None
    json_text: str | None = None
    decoded: dict[str, Any] | None = None


def _dup_check(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise Refusal(Reason.AMBIGUOUS, f"duplicate JSON key {k!r}", "duplicate-key")
        out[k] = v
    return out


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


MAX_INT_DIGITS = 4300
"""Longest integer literal read (Python's own default limit for int-from-str): longer ones are
refused, also when the host lifted that limit, since converting them costs quadratic time."""

_DIGITS = re.compile(r"[0-9_]+")


def exact_float(literal: str) -> float:
    """The float a number literal denotes, only when it denotes exactly what is written.

    Exact means: the float is finite, and its shortest round-trip form (``repr``) has the same
    decimal value as the literal (trailing zeros and exponent notation aside). So ``0.1``,
    ``1.50``, ``1e2`` and ``-0.0`` are read; ``1e-400`` (underflow to zero), ``1e400``
    (overflow) and ``9007199254740993.0`` (rounded to ``...992``) raise ``Refusal`` (rule
    ``inexact-number``). ``literal`` is a JSON or Python float literal (underscores allowed).
    """
    try:
        f = float(literal)
        if math.isfinite(f) and repr(f) == literal:  # the common case: no Decimal needed
            return f
        written = Decimal(literal)
    except (ValueError, InvalidOperation):
        raise Refusal(Reason.BAD_ARGUMENTS, f"{literal[:24]!r} is not a number",
                      "inexact-number") from None
    if math.isnan(f):
        why = "is not a number"
    elif not math.isfinite(f):
        why = "overflows a float"
    elif f == 0 and written != 0:
        why = "underflows to zero"
    elif Decimal(repr(f)) != written:
        why = f"is not exactly a float (it would be read as {f!r})"
    else:
        return f
    raise Refusal(Reason.BAD_ARGUMENTS, f"the number {literal[:40]} {why}", "inexact-number")


def _exact_int(literal: str) -> int:
    if len(literal) > MAX_INT_DIGITS and len(literal.lstrip("-")) > MAX_INT_DIGITS:
        raise Refusal(Reason.BAD_ARGUMENTS, f"an integer of more than {MAX_INT_DIGITS} digits",
                      "inexact-number")
    return int(literal)


def strict_json(text: str, what: str) -> Any:
    """json.loads that refuses duplicate keys, NaN/Infinity, inexact numbers (see
    ``exact_float``; integers are exact at any size up to ``MAX_INT_DIGITS`` digits) and
    trailing garbage."""
    try:
        return json.loads(text, object_pairs_hook=_dup_check, parse_constant=_no_constants,
                          parse_float=exact_float, parse_int=_exact_int)
    except Refusal as e:
        if e.rule == "inexact-number":
            raise Refusal(e.reason, f"{what}: {e.detail}", e.rule) from None
        raise
    except (ValueError, RecursionError) as e:
        raise Refusal(Reason.BAD_ARGUMENTS, f"{what} is not strict JSON: {e}") from None


def _text(tree: Tree[Any], region: str) -> tuple[str, int]:
    toks = list(tree.scan_values(lambda v: isinstance(v, Token)))
    if not toks:
        return "", -1
    s, e = toks[0].start_pos, toks[-1].end_pos
    assert s is not None and e is not None
    return region[s:e], s


def _value(node: Tree[Any], region: str) -> Value:
    kind = str(node.data)
    if kind == "array":
        return Value(kind, items=tuple(_value(c, region) for c in _subtrees(node)))
    if kind == "object":
        keys: list[str] = []
        seen: set[str] = set()  # a set beside the list: the duplicate test stays O(1) per key
        items: list[Value] = []
        for pair in _subtrees(node):
            k, v = _pair(pair, region, "key")
            if k in seen:
                raise Refusal(Reason.AMBIGUOUS, f"duplicate key {k!r}", "duplicate-key")
            seen.add(k)
            keys.append(k)
            items.append(v)
        return Value(kind, items=tuple(items), keys=tuple(keys))
    return Value(kind, _text(node, region)[0])


def _subtrees(node: Tree[Any]) -> list[Tree[Any]]:
    return [c for c in node.children if isinstance(c, Tree)]


def _pair(node: Tree[Any], region: str, key_rule: str) -> tuple[str, Value]:
    key: str | None = None
    val: Value | None = None
    for c in _subtrees(node):
        if c.data == key_rule and key is None:
            key = _text(c, region)[0]
        elif c.data in VALUE_RULES and val is None:
            val = _value(c, region)
    if key is None:
        raise Refusal(Reason.SHAPE, f"{node.data} without {key_rule}")
    return key, val if val is not None else Value("raw_value", "")


def _call_object(obj: Any, offset: int) -> RawCall:
    if not isinstance(obj, dict):
        raise Refusal(Reason.SHAPE, f"call at offset {offset} is not a JSON object")
    names = [k for k in ("name", "tool_name") if k in obj]
    args = [k for k in ("arguments", "parameters") if k in obj]
    extra = set(obj) - {"name", "tool_name", "arguments", "parameters", "id", "tool_call_id",
                        "type"}
    if extra:
        raise Refusal(Reason.SHAPE, f"call object has unknown keys {sorted(extra)}")
    if len(names) != 1 or len(args) != 1:
        reason = Reason.AMBIGUOUS if len(names) > 1 or len(args) > 1 else Reason.SHAPE
        raise Refusal(reason, f"call object needs exactly one name and one arguments key "
                              f"(has {sorted(obj)})",
                      "competing-keys" if reason is Reason.AMBIGUOUS else "call-object")
    if "type" in obj and obj["type"] != "function":
        raise Refusal(Reason.SHAPE, f"call object type {obj['type']!r} is not 'function'")
    name, arguments = obj[names[0]], obj[args[0]]
    if not isinstance(name, str):
        raise Refusal(Reason.SHAPE, "call object name is not a string")
    if isinstance(arguments, str):
        # The OpenAI wire form: the arguments object encoded as a JSON string. Read strictly,
        # once; anything but an object inside is refused below.
        arguments = strict_json(arguments, f"arguments string of {name!r}")
    if not isinstance(arguments, dict):
        raise Refusal(Reason.BAD_ARGUMENTS, f"arguments of {name!r} are not a JSON object")
    return RawCall(name, offset, decoded=arguments)


def _call(node: Tree[Any], region: str, base: int) -> list[RawCall]:
    kind = node.data
    if kind in ("call_json", "call_list"):
        text, at = _text(node, region)
        obj = strict_json(text, kind)
        if kind == "call_json":
            return [_call_object(obj, base + at)]
        if not isinstance(obj, list) or not obj:
            raise Refusal(Reason.SHAPE, "call list is not a non-empty JSON array")
        return [_call_object(o, base + at) for o in obj]
    name: str | None = None
    params: list[tuple[str, Value]] = []
    json_text: str | None = None
    at = 0
    for c in _subtrees(node):
        if c.data == "name" and name is None:
            name, at = _text(c, region)
        elif c.data == "param":
            params.append(_pair(c, region, "param_name"))
        elif c.data == "json_args":
            if json_text is not None:
                raise Refusal(Reason.AMBIGUOUS, "two argument objects in one call", "competing-keys")
            json_text = _text(c, region)[0]
    if name is None:
        raise Refusal(Reason.SHAPE, "call without a name")
    if json_text is not None and params:
        raise Refusal(Reason.AMBIGUOUS, "call has both parameters and a JSON argument object",
                      "competing-keys")
    if json_text is not None:
        return [RawCall(name, base + at, json_text=json_text)]
    return [RawCall(name, base + at, params=tuple(params))]


def extract(tree: Tree[Any], region: str, base: int) -> list[RawCall]:
    """All calls in a parse tree, in reply order (``base`` = region offset in the reply)."""
    out: list[RawCall] = []
    stack = [tree]
    order: list[Tree[Any]] = []
    while stack:
        node = stack.pop()
        if node.data in CALL_RULES:
            order.append(node)
            continue
        stack.extend(reversed(_subtrees(node)))
    for node in order:
        out.extend(_call(node, region, base))
    if not out:
        raise Refusal(Reason.SHAPE, "envelope holds no call")
    return out


def content_spans(tree: Tree[Any], base: int) -> tuple[tuple[int, int], ...]:
    """Where the ``content`` nodes' texts are in the reply, in order (``base`` = region offset)."""
    out: list[tuple[int, int]] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        stack.extend(reversed(_subtrees(node)))
        if node.data == "content":
            toks = list(node.scan_values(lambda v: isinstance(v, Token)))
            if toks:
                s, e = toks[0].start_pos, toks[-1].end_pos
                assert s is not None and e is not None
                out.append((base + s, base + e))
    return tuple(out)


def py_literal(text: str) -> Any:
    """A Python literal (str, int, float, bool, None) written in a pythonic call; a float only
    when it is exactly what is written (``exact_float``)."""
    head = text.lstrip(" \t-+")[:1]
    if (head.isdigit() or head == ".") and max(
            map(len, _DIGITS.findall(text)), default=0) > MAX_INT_DIGITS:
        raise Refusal(Reason.BAD_ARGUMENTS, f"a number of more than {MAX_INT_DIGITS} digits",
                      "inexact-number")
    try:
        node = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError) as e:
        raise Refusal(Reason.BAD_ARGUMENTS, f"{text[:24]!r} is not a Python literal: {e}") from None
    sign = 1
    literal = node
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant)
            and isinstance(node.operand.value, (int, float))
            and not isinstance(node.operand.value, bool)):
        sign, literal = -1, node.operand
    elif not (isinstance(node, ast.Constant)
              and type(node.value) in (str, int, float, bool, type(None))):
        raise Refusal(Reason.BAD_ARGUMENTS, f"{text[:24]!r} is not a plain Python literal")
    assert isinstance(literal, ast.Constant)
    value = literal.value
    if isinstance(value, float):
        written = ast.get_source_segment(text, literal)
        value = exact_float(written if written is not None else repr(value))
    if sign < 0:
        assert isinstance(value, (int, float))
        return -value
    return value
