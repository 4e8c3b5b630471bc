"""Stage 7, ids: deterministic, per-occurrence call ids."""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["call_id", "unencodable"]


def call_id(salt: str, index: int, name: str, arguments: dict[str, Any]) -> str:
    """``call_`` + a digest of (salt, index in the reply, name, canonical arguments).

    The same reply gives the same ids (prompt caches still hit); two identical invocations differ
    by index; a per-turn salt separates turns.
    """
    canon = json.dumps([salt, index, name, arguments], sort_keys=True, ensure_ascii=False,
                       separators=(",", ":"))
    return "call_" + hashlib.sha256(canon.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def unencodable(arguments: dict[str, Any]) -> bool:
    """True when the arguments hold a lone surrogate: not Unicode text, not sendable as UTF-8."""
    try:
        json.dumps(arguments, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
