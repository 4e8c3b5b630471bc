"""The generic step: read calls out of any family's parse tree by its rule names.

The rule names are the contract every grammar keeps (see ``grammar/README.md``):

- ``call``       one invocation; holds a ``name`` and then ``param`` nodes, one ``json_args``,
                 or nothing (a call without arguments)
- ``name``       the tool name, exactly as written
- ``param``      ``param_name`` followed by one value node
- ``json_args``  text that must be one JSON object: the arguments
- ``body_args``  the same, in a format that writes the name outside the object (an attribute):
                 an object holding a call object's keys is ambiguous (``decode``, rule
                 ``call-object-body``)
- ``call_json``  text that must be one JSON call object (``name``/``tool_name`` plus
                 ``arguments``/``parameters``, an object or a JSON string holding exactly one
                 object; optional ``id``/``tool_call_id``, ``type``)
- ``call_list``  text that must be a non-empty JSON array of call objects
- value nodes:   ``string_value`` (text, explicitly a string), ``quoted_value`` (the same
                 between ASCII quotes in a format without escapes: a backslash refuses),
                 ``json_value`` (text, explicitly JSON), ``raw_value`` (text typed by the tool
                 schema), ``py_value`` (a Python literal), ``array`` (value nodes), ``object``
                 (``pair`` = ``key`` + value node)
- ``content``    visible reply text inside the envelope, before its calls (a Harmony preamble
                 message): kept in ``Recovery.content`` and judged by the intent stage as prose
- ``xml_attr``   inside ``name`` or ``param_name``: the text is an XML attribute value; the five
                 predefined entities (``&amp;`` ``&quot;`` ``&lt;`` ``&gt;`` ``&apos;``) are
                 decoded, any other ``&`` refuses (shape, rule ``xml-entity``)

Every text is sliced from the reply by token positions, so it is byte-exact.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from lark import Token, Tree

from .literals import recall_read, strict_json
from .reasons import Reason, Refusal

__all__ = ["RawCall", "Value", "content_spans", "extract"]

CALL_RULES = frozenset({"call", "call_json", "call_list"})
VALUE_RULES = frozenset(
    {"string_value", "quoted_value", "json_value", "raw_value", "py_value", "array", "object"}
)


class Value(NamedTuple):
    """An undecoded argument value: kind is a value rule name; ``text`` for leaves. (A named
    tuple, not a frozen dataclass: built per value, and a tuple is built in half the time.)"""

    kind: str
    text: str = ""
    items: tuple[Value, ...] = ()
    keys: tuple[str, ...] = ()


class RawCall(NamedTuple):
    """A call as written: its name, and either params, a JSON argument text, or decoded args."""

    name: str
    offset: int
    params: tuple[tuple[str, Value], ...] | None = None
    json_text: str | None = None
    decoded: dict[str, Any] | None = None
    tagged: bool = False  # the name stands outside the JSON body (rule ``body_args``)
    # the JSON text ``decoded`` was read from and the keys of the arguments object in it
    source: tuple[str, tuple[str, ...]] | None = None


def _text(tree: Tree[Any], region: str) -> tuple[str, int]:
    kids: list[Any] = tree.children
    first: Token
    last: Token
    # the usual node (a name, a value) holds tokens only: its first and last child are the
    # first and last token a scan would find
    if len(kids) == 1 and type(kids[0]) is Token:
        first = last = kids[0]
    elif kids and all(type(c) is Token for c in kids):
        first, last = kids[0], kids[-1]
    else:
        toks = list(tree.scan_values(lambda v: isinstance(v, Token)))
        if not toks:
            return "", -1
        first, last = toks[0], toks[-1]
    s, e = first.start_pos, last.end_pos
    assert s is not None and e is not None
    return region[s:e], s


_ENTITY = re.compile(r"&(?:(amp|quot|lt|gt|apos);)?")
_ENTITIES = {"amp": "&", "quot": '"', "lt": "<", "gt": ">", "apos": "'"}


def _xml_unescape(text: str) -> str:
    def sub(m: re.Match[str]) -> str:
        if m.group(1) is None:
            raise Refusal(Reason.SHAPE, f"'&' that starts no XML entity in attribute {text!r}",
                          "xml-entity")
        return _ENTITIES[m.group(1)]
    return _ENTITY.sub(sub, text)


def _attr(tree: Tree[Any], region: str) -> tuple[str, int]:
    """A ``name``/``param_name`` text: as written, or XML-unescaped when it is an ``xml_attr``."""
    text, at = _text(tree, region)
    kids = tree.children
    if not (len(kids) == 1 and type(kids[0]) is Token) and any(
            isinstance(c, Tree) and c.data == "xml_attr" for c in kids):
        text = _xml_unescape(text)
    return text, at


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


# Value rules whose node is a leaf: its text is all there is to read.
_LEAF_RULES = VALUE_RULES - {"array", "object"}


def _pair(node: Tree[Any], region: str, key_rule: str) -> tuple[str, Value]:
    kids = node.children
    if len(kids) == 2:
        k, v = kids
        # the usual pair: a key and a leaf value, each one token (no xml_attr below the key);
        # what _pair_read makes of it, read directly (tests/core/test_core_fast.py compares them)
        if (type(k) is Tree and type(v) is Tree and k.data == key_rule
                and v.data in _LEAF_RULES):
            kk, vk = k.children, v.children
            if (len(kk) == 1 and type(kk[0]) is Token and len(vk) == 1
                    and type(vk[0]) is Token):
                a, b = kk[0], vk[0]
                return (region[a.start_pos : a.end_pos],
                        Value(str(v.data), region[b.start_pos : b.end_pos]))
    return _pair_read(node, region, key_rule)


def _pair_read(node: Tree[Any], region: str, key_rule: str) -> tuple[str, Value]:
    """``_pair`` without its shortcut."""
    key: str | None = None
    val: Value | None = None
    for c in _subtrees(node):
        if c.data == key_rule and key is None:
            key = _attr(c, region)[0]
        elif c.data in VALUE_RULES and val is None:
            val = _value(c, region)
    if key is None:
        raise Refusal(Reason.SHAPE, f"{node.data} without {key_rule}")
    return key, val if val is not None else Value("raw_value", "")


_CALL_KEYS = frozenset({"name", "tool_name", "arguments", "parameters", "id", "tool_call_id",
                        "type"})


def _call_object(obj: Any, offset: int, text: str | None = None) -> RawCall:
    """The call an object of a call list or a call body holds; ``text``: the JSON text the
    object was read from (a body), kept with the arguments it holds."""
    if not isinstance(obj, dict):
        raise Refusal(Reason.SHAPE, f"call at offset {offset} is not a JSON object")
    if len(obj) == 2 and "name" in obj and "arguments" in obj:
        # the usual object: no other key, one name, one arguments, no type; the checks below
        # all pass on it
        name, arguments = obj["name"], obj["arguments"]
        key = "arguments"
    else:
        names = [k for k in ("name", "tool_name") if k in obj]
        args = [k for k in ("arguments", "parameters") if k in obj]
        extra = obj.keys() - _CALL_KEYS
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
        key = args[0]
    if not isinstance(name, str):
        raise Refusal(Reason.SHAPE, "call object name is not a string")
    if isinstance(arguments, str):
        # The OpenAI wire form: the arguments object encoded as a JSON string. Read strictly,
        # once; anything but an object inside is refused below.
        arguments = strict_json(arguments, f"arguments string of {name!r}")
    if not isinstance(arguments, dict):
        raise Refusal(Reason.BAD_ARGUMENTS, f"arguments of {name!r} are not a JSON object")
    return RawCall(name, offset, decoded=arguments,
                   source=None if text is None or arguments is not obj[key] else (text, (key,)))


def _call(node: Tree[Any], region: str, base: int) -> list[RawCall]:
    kind = node.data
    if kind in ("call_json", "call_list"):
        kids = node.children
        tok = kids[0] if len(kids) == 1 and type(kids[0]) is Token else None
        # a body lexed by lalr.JsonFirst: its value as strict_json reads it, decoded once
        obj = None if tok is None else recall_read(tok.value)
        if obj is None:
            text, at = _text(node, region)
            obj = strict_json(text, kind)
        else:
            assert tok is not None and tok.start_pos is not None
            text, at = tok.value, tok.start_pos  # what _text gives: the token is the node's one child
        if kind == "call_json":
            return [_call_object(obj, base + at, text)]
        if not isinstance(obj, list) or not obj:
            raise Refusal(Reason.SHAPE, "call list is not a non-empty JSON array")
        return [_call_object(o, base + at) for o in obj]
    name: str | None = None
    params: list[tuple[str, Value]] = []
    json_text: str | None = None
    tagged = False
    at = 0
    for c in _subtrees(node):
        if c.data == "name" and name is None:
            name, at = _attr(c, region)
        elif c.data == "param":
            params.append(_pair(c, region, "param_name"))
        elif c.data in ("json_args", "body_args"):
            if json_text is not None:
                raise Refusal(Reason.AMBIGUOUS, "two argument objects in one call", "competing-keys")
            json_text = _text(c, region)[0]
            tagged = c.data == "body_args"
    if name is None:
        raise Refusal(Reason.SHAPE, "call without a name")
    if json_text is not None and params:
        raise Refusal(Reason.AMBIGUOUS, "call has both parameters and a JSON argument object",
                      "competing-keys")
    if json_text is not None:
        return [RawCall(name, base + at, json_text=json_text, tagged=tagged)]
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
