"""Ground floor: the strict JSON and Python literal readers shared by the tree reader
(``calls``) and the decode step (``decode``). Each refuses what it cannot read exactly
(``Refusal``): duplicate keys, NaN/Infinity, numbers that are not exactly a float, oversized
integers, anything but a plain literal."""

from __future__ import annotations

import ast
import json
import math
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from .reasons import Reason, Refusal

__all__ = ["MAX_INT_DIGITS", "exact_float", "py_literal", "strict_json", "string_at"]


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


def _decoder() -> json.JSONDecoder:
    return json.JSONDecoder(object_pairs_hook=_dup_check, parse_constant=_no_constants,
                            parse_float=exact_float, parse_int=_exact_int)


# json.loads with hooks builds a decoder (and its C scanner) per call; this one is built once
# and is what json.loads would build (its only other step, the BOM test, is strict_json's).
_DECODER = _decoder()
_DECODE = _DECODER.decode
_SCAN = _DECODER.scan_once  # type: ignore[attr-defined]  # raw_decode: scan_once at the value

_JSON_SPACE = " \t\n\r"  # what json skips around a document (json.decoder.WHITESPACE)
_NOTHING: tuple[str, Any] = ("", None)
_READ: list[tuple[str, Any]] = [_NOTHING]  # one pair: a thread never reads half of one


def read_json_value(text: str, pos: int) -> tuple[Any, int] | None:
    """The JSON value that starts at ``text[pos]`` as ``strict_json`` reads it and where it
    ends, or None where ``strict_json`` would not read one there (any error: the caller reads
    the text its own way, and ``strict_json`` words the refusal later)."""
    try:
        return _SCAN(text, pos)  # type: ignore[no-any-return]
    except Exception:  # StopIteration, JSONDecodeError, Refusal, ValueError, RecursionError
        return None


def keep_read(token: str, value: Any, end: int) -> None:
    """Keep ``value``, read by ``read_json_value`` at ``token[0]`` and ending at ``token[end]``,
    for ``strict_json(token)`` to hand out, when that is what it returns: the rest of the
    token is whitespace, which ``json.loads`` skips."""
    if not token[end:].strip(_JSON_SPACE):
        _READ[0] = (token, value)


def recall_read(token: str) -> Any | None:
    """``strict_json(token)`` when ``keep_read`` kept it for this very string (once: the value
    is handed out once, as a decode would make a new one), else None."""
    last = _READ[0]
    if last[0] is token:  # (it holds its string: no other string can have its identity)
        _READ[0] = _NOTHING
        return last[1]
    return None


_SPACES = re.compile(r"[ \t\n\r]*")  # json.decoder.WHITESPACE: what the scanner skips


def _space_end(text: str, i: int) -> int:
    """Where the JSON whitespace at ``text[i]`` ends."""
    m = _SPACES.match(text, i)
    return i if m is None else m.end()


_SCAN_STRING = json.decoder.scanstring  # type: ignore[attr-defined]  # the C one, as the scanner's
_WALK_MEMBERS = 32
"""Members ``string_at`` steps over at one level before it gives up (each costs a decode)."""


def string_at(text: str, path: tuple[str, ...]) -> int | None:
    """Where the string value under the keys ``path`` of the JSON document ``text`` starts
    (the index after its opening quote), for a ``text`` that ``strict_json`` reads (so its
    keys are unique at each level: the member whose key reads as ``path[i]`` is the one the
    decoded object holds); None when the value there is not a string, or the walk meets
    anything else or steps over more than ``_WALK_MEMBERS`` members at a level. Keys are read
    by the scanner's own string reader, skipped values by the scanner itself."""
    try:
        i = _space_end(text, 0)
        for key in path:
            if text[i] != "{":
                return None
            i = _space_end(text, i + 1)
            for _ in range(_WALK_MEMBERS):
                if text[i] != '"':
                    return None
                k, i = _SCAN_STRING(text, i + 1, True)
                i = _space_end(text, i)
                if text[i] != ":":
                    return None
                i = _space_end(text, i + 1)
                if k == key:
                    break
                i = _space_end(text, _SCAN(text, i)[1])
                if text[i] != ",":
                    return None
                i = _space_end(text, i + 1)
            else:
                return None
        return i + 1 if text[i] == '"' else None
    except Exception:  # IndexError, StopIteration, ValueError, Refusal: no walk, no shortcut
        return None


def strict_json(text: str, what: str) -> Any:
    """json.loads that refuses duplicate keys, NaN/Infinity, inexact numbers (see
    ``exact_float``; integers are exact at any size up to ``MAX_INT_DIGITS`` digits) and
    trailing garbage."""
    try:
        if text.startswith("\ufeff"):  # json.loads' own refusal, word for word
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        return _DECODE(text)
    except Refusal as e:
        if e.rule == "inexact-number":
            raise Refusal(e.reason, f"{what}: {e.detail}", e.rule) from None
        raise
    except (ValueError, RecursionError) as e:
        if json_prefix(text):
            raise Refusal(Reason.TRUNCATED, f"{what} ends before its JSON is complete: {e}",
                          "cut-json") from None
        raise Refusal(Reason.BAD_ARGUMENTS, f"{what} is not strict JSON: {e}") from None


_JSON_ESCAPES = frozenset('"\\/bfnrtu')
_HEX = frozenset("0123456789abcdefABCDEF")
_NUMBER_CHARS = frozenset("0123456789+-.eE")
_JSON_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_NUMBER_PREFIX = re.compile(r"-|-?(?:0|[1-9]\d*)(?:\.\d*)?(?:[eE][+-]?\d*)?")


def json_prefix(text: str) -> bool:  # noqa: PLR0915 - one scan of the JSON grammar
    """``text`` holds a JSON document begun and cut short: it is a strict prefix of some valid
    JSON text ('{"a": [1, 2', '{"name": "x", "arguments": {}'), not an empty or malformed one.
    A number at the very end may go on ("10" is a prefix of "100")."""
    stack: list[str] = []
    expect = "value"  # value | value_or_close | key | key_or_close | colon | next | end
    i, n = 0, len(text)
    started = False
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
            continue
        started = True
        if expect == "end":
            return False  # something after a complete document
        if expect in ("value", "value_or_close"):
            if c == "]" and expect == "value_or_close":
                stack.pop()
                expect = "next" if stack else "end"
                i += 1
            elif c in "{[":
                stack.append(c)
                expect = "key_or_close" if c == "{" else "value_or_close"
                i += 1
            elif c == '"':
                j = _json_string_end(text, i)
                if j <= 0:
                    return j == 0
                i, expect = j, ("next" if stack else "end")
            elif c in "-0123456789":
                j = i
                while i < n and text[i] in _NUMBER_CHARS:
                    i += 1
                if i == n:  # a number at the end may go on ("-", "1.", "10")
                    return _NUMBER_PREFIX.fullmatch(text[j:]) is not None
                if _JSON_NUMBER.fullmatch(text[j:i]) is None:
                    return False
                expect = "next" if stack else "end"
            else:
                word = next((w for w in ("true", "false", "null") if w[0] == c), None)
                if word is None:
                    return False
                part = text[i : i + len(word)]
                if part != word:
                    return i + len(part) == n and word.startswith(part)
                i += len(word)
                expect = "next" if stack else "end"
        elif expect in ("key", "key_or_close"):
            if c == "}" and expect == "key_or_close":
                stack.pop()
                expect = "next" if stack else "end"
                i += 1
            elif c == '"':
                j = _json_string_end(text, i)
                if j <= 0:
                    return j == 0
                i, expect = j, "colon"
            else:
                return False
        elif expect == "colon":
            if c != ":":
                return False
            i, expect = i + 1, "value"
        else:  # next: a comma or the close of the innermost container
            if c == ",":
                expect = "key" if stack[-1] == "{" else "value"
            elif c == ("}" if stack[-1] == "{" else "]"):
                stack.pop()
                expect = "next" if stack else "end"
            else:
                return False
            i += 1
    return started and expect != "end"


def _json_string_end(text: str, i: int) -> int:
    """The index after the JSON string opening at ``text[i]``; 0 when the text ends inside it
    (a prefix), -1 when it is no JSON string (a bad escape, a raw control character)."""
    j, n = i + 1, len(text)
    while j < n:
        c = text[j]
        if c == '"':
            return j + 1
        if c == "\\":
            if j + 1 >= n:
                return 0
            e = text[j + 1]
            if e not in _JSON_ESCAPES:
                return -1
            if e == "u":
                digits = text[j + 2 : j + 6]
                if any(ch not in _HEX for ch in digits):
                    return -1
                if len(digits) < 4:
                    return 0
                j += 6
                continue
            j += 2
            continue
        if ord(c) < 0x20:
            return -1
        j += 1
    return 0


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
