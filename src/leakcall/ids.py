"""Stage 7, ids: deterministic, per-occurrence call ids."""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["call_id", "call_id_of", "encoded_arguments"]

_CANON: dict[str, Any] = {"sort_keys": True, "ensure_ascii": False, "separators": (",", ":")}
# json.dumps with options builds an encoder per call; this one is built once (same output).
_ENCODE = json.JSONEncoder(**_CANON).encode


def encoded_arguments(arguments: dict[str, Any]) -> bytes | None:
    """The arguments' canonical JSON (sorted keys, no spaces) as UTF-8, or None when they hold
    a lone surrogate (not Unicode text, not sendable as UTF-8). One serialisation serves both
    the surrogate check and the id."""
    try:
        return _ENCODE(arguments).encode("utf-8")
    except UnicodeEncodeError:
        return None


def call_id_of(salt: str, index: int, name: str, encoded: bytes) -> str:
    """``call_id`` from the arguments already serialised by ``encoded_arguments``: the digest
    reads the same bytes as the canonical JSON of ``[salt, index, name, arguments]``."""
    head = "[" + _ENCODE(salt) + "," + str(index) + "," + _ENCODE(name) + ","
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

