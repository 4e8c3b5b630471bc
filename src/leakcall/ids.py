"""Stage 7, ids: deterministic, per-occurrence call ids."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from .literals import string_at

__all__ = ["IdSalt", "LazySalt", "call_id", "call_id_of", "encoded_arguments", "salt_text",
           "utf8_of"]


class LazySalt:
    """An id salt computed on first use: ``fn(arg)``, once, when an id is minted (a reply
    with no recovered call never computes it). Every id minted with it is the one minted with
    ``fn(arg)`` itself. The proxy's request salt (``request_salt`` of the request's
    conversation, whose cost grows with it) is one."""

    __slots__ = ("_arg", "_fn", "_value")

    def __init__(self, fn: Callable[[Any], str], arg: Any) -> None:
        self._fn = fn
        self._arg = arg
        self._value: str | None = None

    @property
    def value(self) -> str:
        value = self._value
        if value is None:
            arg = self._arg
            value = self._value  # set by another thread meanwhile (it set it before the arg)
            if value is None:
                value = self._value = self._fn(arg)
                self._arg = None  # computed: what it was computed from is not kept
        return value

    @property
    def computed(self) -> bool:
        return self._value is not None

    def __eq__(self, other: object) -> bool:
        """Equal to its value (computed now), as a str or another salt's."""
        if isinstance(other, LazySalt):
            return self.value == other.value
        return self.value == other if isinstance(other, str) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"LazySalt({self._value!r})" if self.computed else "LazySalt(<not computed>)"


IdSalt = str | LazySalt
"""What an id salt may be: a str, or a ``LazySalt`` computed when an id is minted."""


def salt_text(salt: IdSalt) -> str:
    """The salt's text (a ``LazySalt`` computed now)."""
    return salt.value if isinstance(salt, LazySalt) else salt

_CANON: dict[str, Any] = {"sort_keys": True, "ensure_ascii": False, "separators": (",", ":")}
# json.dumps with options builds an encoder per call; this one is built once (same output).
_ENCODE = json.JSONEncoder(**_CANON).encode
_QUOTE = json.encoder.encode_basestring  # what _ENCODE writes for a str (ensure_ascii off)

# The bytes json escapes in a string when ensure_ascii is off: control characters, '"', '\'.
# In UTF-8 they occur only as themselves (every byte of a multi-byte sequence is >= 0x80).
_ESCAPED = bytes(range(0x20)) + b'"\\'
_ATOMS = {True: b"true", False: b"false", None: b"null"}


def _utf8(text: str) -> bytes:
    return text.encode("utf-8")  # UnicodeEncodeError on a lone surrogate: no encoding


_SHARED_CHARS = 256
"""A string value at least this long that ``_put`` encodes is kept with its UTF-8 (``_LAST``)."""
_LAST: list[tuple[str, bytes]] = [("", b"")]  # one pair: a thread never reads half of one
_LONG = 4096  # from about this many bytes three memchr cost less than a needless translation


def utf8_of(text: str) -> bytes:
    """``text.encode("utf-8", "surrogatepass")``; the bytes ``_put`` made of this very string
    when it was the last long value it encoded (the sample check reads the values the ids
    have just encoded: a long value is encoded once). A string ``_put`` encoded holds no lone
    surrogate, so strict UTF-8 is the same bytes."""
    last = _LAST[0]  # (it holds its string: no other string can have its identity)
    if last[0] is text:
        return last[1]
    return text.encode("utf-8", "surrogatepass")


def _put(out: list[bytes], value: object, source: tuple[str, tuple[str, ...]] | None = None
         ) -> None:
    """Append the pieces of ``_ENCODE(value).encode("utf-8")`` to ``out``, written directly for a
    string with nothing to escape (the encoder's output is then the string between quotes), an
    int, a bool or None, which is what the C encoder writes for them; raises UnicodeEncodeError
    on a lone surrogate as the encoding of the whole text does. ``source``: the JSON text the
    value was decoded from and the keys it is under there (``_written``)."""
    kind = type(value)
    if kind is str:
        raw = _utf8(value)  # type: ignore[arg-type]
        if len(raw) >= _SHARED_CHARS:
            _LAST[0] = (value, raw)  # type: ignore[assignment]
        # the bytes a long text most often escapes, one memchr each: holding one, it is not
        # written as it is, which the translation below would find in a pass of its own
        if len(raw) < _LONG or not (b"\n" in raw or b'"' in raw or b"\\" in raw):
            if len(raw.translate(None, _ESCAPED)) == len(raw):
                out += (b'"', raw, b'"')  # pieces: the text is copied once, by the final join
                return
        elif source is not None:
            written = _written(value, raw, *source)  # type: ignore[arg-type]
            if written is not None:
                out.append(written)
                return
    elif kind is int:
        out.append(int.__repr__(value).encode("ascii"))
        return
    elif kind is bool or value is None:
        out.append(_ATOMS[value])  # type: ignore[index]
        return
    out.append(_utf8(_ENCODE(value)))


def _written(value: str, raw: bytes, text: str, path: tuple[str, ...]) -> bytes | None:
    """``_QUOTE(value)`` in UTF-8 (``raw`` is the value's), read off ``text`` where the JSON
    document ``text`` (one ``strict_json`` reads, ``value`` decoded from it) writes ``value``
    under the keys ``path`` in that very form; else None (the caller encodes the value).

    Why the bytes are the same. Let ``L = text[a:e0]`` be what the literal holds between its
    quotes (``a`` from ``literals.string_at``) and ``m`` the number of the value's characters
    json escapes (``"``, ``\\`` and U+0000-U+001F; each is one byte of ``raw``, and no byte of
    a multi-byte UTF-8 sequence is one of them). Strict JSON writes none of them raw: each
    comes from an escape of its own, and an escape is two characters or more for one
    character (``\\uXXXX`` six, a surrogate pair twelve for one), so ``e = a + len(value) + m
    <= e0``, equal only when every escape is two characters and yields a character json
    escapes: ``\\"``, ``\\\\``, ``\\b``, ``\\f``, ``\\n``, ``\\r``, ``\\t`` (not ``\\/``, no ``\\u``),
    which is exactly how ``encode_basestring`` writes those characters, while it writes every
    other character as itself, as ``L`` does. Inside ``L`` a ``"`` is only ever the second
    character of ``\\"``: preceded by a run of backslashes that starts on an escape's boundary
    (no escape has a backslash after its first character; ``text[a - 1]`` is the opening
    quote) and is odd, as backslashes pair up from its start. So ``text[e]`` being a ``"``
    after an even run puts ``e`` at ``e0``, and then ``L`` is the canonical form.
    tests/core/test_ids.py holds it to ``_QUOTE`` on hostile literals."""
    a = string_at(text, path)
    if a is None:
        return None
    e = a + len(value) + (len(raw) - len(raw.translate(None, _ESCAPED)))
    if e >= len(text) or text[e] != '"':
        return None
    j = e
    while j > a and text[j - 1] == "\\":
        j -= 1
        if e - j > _RUN:
            return None  # (a long run: not worth walking here)
    if (e - j) % 2:
        return None
    return text[a - 1 : e + 1].encode("utf-8")


_RUN = 64
"""The longest run of backslashes before the closing quote ``_written`` counts."""


_MEMBERS = 32
"""An object of more members is written by the C encoder in one call (the reference itself):
member by member, Python's own steps cost more than they save."""


def encoded_arguments(arguments: dict[str, Any],
                      source: tuple[str, tuple[str, ...]] | None = None) -> bytes | None:
    """The arguments' canonical JSON (sorted keys, no spaces) as UTF-8, or None when they hold
    a lone surrogate (not Unicode text, not sendable as UTF-8). One serialisation serves both
    the surrogate check and the id.

    The top object is written member by member (``_put``; the encoder's output for an object
    is its members in key order, each ``key:value``, joined by commas, and UTF-8 encodes a
    concatenation piece by piece); tests/core/test_ids.py holds it to the one-call reference.
    ``source``: the JSON text ``arguments`` was decoded from (``strict_json``) and the keys
    of the object in it; a long string member is then read off it when it is written there
    as the encoder would write it (``_written``)."""
    try:
        if type(arguments) is dict and len(arguments) <= _MEMBERS and all(
                type(k) is str for k in arguments):
            out = [b"{"]
            for k in sorted(arguments):
                _put(out, k)
                out.append(b":")
                _put(out, arguments[k], None if source is None else (source[0], (*source[1], k)))
                out.append(b",")
            if len(out) == 1:
                out.append(b"}")
            else:
                out[-1] = b"}"  # the comma after the last member
            return b"".join(out)
        return _utf8(_ENCODE(arguments))
    except UnicodeEncodeError:
        return None


def call_id_of(salt: IdSalt, index: int, name: str, encoded: bytes) -> str:
    """``call_id`` from the arguments already serialised by ``encoded_arguments``: the digest
    reads the same bytes as the canonical JSON of ``[salt, index, name, arguments]`` (a
    ``LazySalt``: of its value, computed now)."""
    if isinstance(salt, LazySalt):
        salt = salt.value
    # JSONEncoder.encode of a str is encode_basestring of it: called directly on exact strs
    quote = _QUOTE if type(salt) is str and type(name) is str else _ENCODE
    head = "[" + quote(salt) + "," + str(index) + "," + quote(name) + ","
    h = hashlib.sha256(head.encode("utf-8", "surrogatepass"))
    h.update(encoded)
    h.update(b"]")
    return "call_" + h.hexdigest()[:24]


def call_id(salt: str, index: int, name: str, arguments: dict[str, Any]) -> str:
    """``call_`` + a digest of (salt, index in the reply, name, canonical arguments).

    The same reply gives the same ids (prompt caches still hit); two identical invocations differ
    by index; a per-turn salt separates turns.
    """
    canon = json.dumps([salt, index, name, arguments], **_CANON)
    return "call_" + hashlib.sha256(canon.encode("utf-8", "surrogatepass")).hexdigest()[:24]
