"""ids: the one-serialisation path gives the id of the reference definition, byte for byte."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import leakcall
from leakcall import ids
from leakcall.ids import call_id, call_id_of, encoded_arguments
from leakcall.literals import strict_json

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.heavy
@given(salt=st.text(), index=st.integers(0, 10_000), name=st.text(),
       arguments=st.dictionaries(st.text(), _json, max_size=5))
def test_call_id_of_is_call_id(salt: str, index: int, name: str, arguments: dict[str, Any]) -> None:
    encoded = encoded_arguments(arguments)
    if encoded is None:  # a lone surrogate: refused before any id is made
        return
    assert call_id_of(salt, index, name, encoded) == call_id(salt, index, name, arguments)


def test_lone_surrogate_has_no_encoding() -> None:
    assert encoded_arguments({"k": "a\ud800b"}) is None
    assert encoded_arguments({"k\udfff": 1}) is None
    assert encoded_arguments({"k": ["ok", {"x": "é"}]}) is not None
    # salt and name are not the arguments: a surrogate there still gets an id
    enc = encoded_arguments({"k": 1})
    assert enc is not None
    assert call_id_of("s\ud800", 0, "n", enc) == call_id("s\ud800", 0, "n", {"k": 1})


def _reference(arguments: dict[str, Any]) -> bytes | None:
    """The one-call definition the member-by-member writer must equal."""
    try:
        return json.dumps(arguments, sort_keys=True, ensure_ascii=False,
                          separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:
        return None


# strings that need escaping or cannot be encoded: controls, quotes, backslashes, surrogates
_tricky = st.text(st.sampled_from(["a", "é", "東", "\n", "\x00", "\x1f", "\x7f", '"', "\\", "/",
                                   "\u2028", "\ud800", "\udfff", "😀"]), max_size=6)
_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | _tricky | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_tricky, inner, max_size=3),
    max_leaves=8,
)


@pytest.mark.heavy
@given(arguments=st.dictionaries(_tricky | st.text(), _values, max_size=5))
def test_encoded_arguments_is_the_canonical_json(arguments: dict[str, Any]) -> None:
    assert encoded_arguments(arguments) == _reference(arguments)


@pytest.mark.parametrize("arguments", [
    {}, {"b": 1, "a": True, "c": None, "d": False}, {"k": 'say "hi"\\n'}, {"k": "a\nb\tc"},
    {"k": "\x7f\u2028"}, {"k": 10**4000}, {"k": -0.0, "j": 1e300}, {"é": "東京", "e": "x"},
    {"k": "a\ud800"}, {"\udfff": 1}, {"k": [1, "\ud800"]}, {"k": {"z": 1, "a": [2.5, "q\""]}},
    {"a": 1, "A": 2, "_": 3, "~": 4, "é": 5},
])
def test_encoded_arguments_examples(arguments: dict[str, Any]) -> None:
    assert encoded_arguments(arguments) == _reference(arguments)


# --- a long string value read off the JSON text it was decoded from (ids._written) ------------

_HOSTILE = ["a", "é", "東", "😀", "\n", "\r", "\t", "\b", "\f", "\x00", "\x1f", "\x7f", '"', "\\",
            "/", "</", "\u2028", "\u2029", "NaN", "Infinity", "\ud800", "\udfff", " "]


def _escape(ch: str, style: int) -> str:
    """``ch`` as one JSON string literal may write it: 0 canonical (``encode_basestring``),
    1 ``\\u`` lowercase, 2 ``\\u`` uppercase, 3 ``\\/`` for a slash (else canonical)."""
    if style == 0 or (style == 3 and ch != "/"):
        return json.encoder.encode_basestring(ch)[1:-1]  # type: ignore[attr-defined]
    if style == 3:
        return "\\/"
    out = []
    for u in (ch.encode("utf-16-le", "surrogatepass")[i : i + 2] for i in range(0, 2 * len(
            ch.encode("utf-16-le", "surrogatepass")) // 2, 2)):
        hexed = f"{int.from_bytes(u, 'little'):04x}"
        out.append("\\u" + (hexed.upper() if style == 2 else hexed))
    return "".join(out)


def _literal(parts: list[tuple[str, int]]) -> str:
    return '"' + "".join(_escape(ch, style) for piece, style in parts for ch in piece) + '"'


def _long_cases() -> list[tuple[str, str]]:
    """(what, the literal of a long value): the canonical form and every way to write one
    of its characters otherwise, at its start, middle and end."""
    body = [('line "q" \\ end\n', 0)] * 400  # > 4 KB, holding what _put's memchrs look for
    cases = [("canonical", _literal(body))]
    for ch in _HOSTILE:
        for style in (0, 1, 2, 3):
            for at in (0, 200, 400):
                parts = [*body[:at], (ch, style), *body[at:]]
                cases.append((f"{ch!r} style {style} at {at}", _literal(parts)))
    cases.append(("ends in backslashes", _literal([*body, ("\\" * 7, 0)])))
    cases.append(("ends in an escaped quote", _literal([*body, ('\\"', 0)])))
    # one character longer than canonical: the length lands on the escaped final quote
    cases.append(("a slash escaped before a final quote", _literal([*body, ("/", 3), ('"', 0)])))
    cases.append(("a raw lone surrogate", '"' + _literal(body)[1:-1] + "\ud800" + '"'))
    return cases


@pytest.mark.parametrize(("what", "lit"), _long_cases())
@pytest.mark.parametrize("shape", ["bare", "hermes", "last", "first"])
def test_written_value_is_the_encoded_one(what: str, lit: str, shape: str) -> None:
    """Read off the text or encoded, the bytes are the encoder's: the shortcut is taken on the
    canonical form and on nothing else."""

    docs = {"bare": (f'{{"content": {lit}}}', ()),
            "hermes": (f'{{"name": "f", "arguments": {{"a": 1, "content": {lit}, "z": "\\/"}}}}\n',
                       ("arguments",)),
            "last": (f'{{ "arguments" :\t{{"z":[1,{{"content":2}}], "content" : {lit} }} , "name":"f"}}',
                     ("arguments",)),
            "first": (f'{{"arguments": {{"content": {lit},"b":{lit}}}, "name": "f"}}', ("arguments",))}
    text, path = docs[shape]
    args = strict_json(text, "test")
    for k in path:
        args = args[k]
    value = args["content"]
    assert encoded_arguments(args, (text, path)) == encoded_arguments(args) == _reference(args)
    try:
        raw = value.encode("utf-8")
    except UnicodeEncodeError:
        return  # refused before any literal is read
    written = ids._written(value, raw, text, (*path, "content"))
    canonical = json.encoder.encode_basestring(value).encode("utf-8")  # type: ignore[attr-defined]
    assert written in (None, canonical)
    assert (written is not None) == _taken(lit, value, canonical)


def _taken(lit: str, value: str, canonical: bytes) -> bool:
    """Where the shortcut is to be taken: the literal is the canonical form, and that writes
    no ``\\u`` escape (a control character without a short one; those are left to the encoder)."""
    return lit.encode("utf-8", "surrogatepass") == canonical and not _LONG_ESCAPED.search(value)


_LONG_ESCAPED = re.compile("[\x00-\x07\x0b\x0e-\x1f]")


@pytest.mark.heavy
@given(st.lists(st.tuples(st.sampled_from(_HOSTILE), st.integers(0, 3)), max_size=30),
       st.integers(0, 400))
def test_written_value_random(extra: list[tuple[str, int]], at: int) -> None:

    body: list[tuple[str, int]] = [('x "q" \\ y\n', 0)] * 500
    lit = _literal([*body[:at], *extra, *body[at:]])
    text = f'{{"name": "f", "arguments": {{"content": {lit}}}}}'
    args = strict_json(text, "test")["arguments"]
    assert encoded_arguments(args, (text, ("arguments",))) == _reference(args)
    try:
        raw = args["content"].encode("utf-8")
    except UnicodeEncodeError:
        return
    canonical = json.encoder.encode_basestring(args["content"]).encode("utf-8")  # type: ignore[attr-defined]
    written = ids._written(args["content"], raw, text, ("arguments", "content"))
    assert (written is not None) == _taken(lit, args["content"], canonical)
    assert written in (None, canonical)


@pytest.mark.parametrize("args", [
    {"path": "a.txt", "content": 'line "q" \\ back\n' * 400},
    {"content": 'line "q" \\ back\n' * 400, "path": "a.txt"},
    {"content": "x\u2028\"\n" * 2000 + "\x01"},
    {"content": "é/\"\n" * 2000},
])
@pytest.mark.parametrize("ascii_only", [False, True])
def test_long_value_ids_through_recover(args: dict[str, Any], ascii_only: bool) -> None:
    """The ids ``recover`` gives a Hermes leak with a long string value are the reference's,
    whether the value's literal is the canonical form (read off the reply) or not."""
    tools = [{"type": "function", "function": {"name": "write_file", "parameters": {"type": "object"}}}]
    text = ('<tool_call>\n{"name": "write_file", "arguments": '
            + json.dumps(args, ensure_ascii=ascii_only) + "}\n</tool_call>")
    r = leakcall.recover(text, tools, id_salt="s")
    assert r.ok, r.detail
    assert [(c.id, c.arguments) for c in r.calls] == [(call_id("s", 0, "write_file", args), args)]
