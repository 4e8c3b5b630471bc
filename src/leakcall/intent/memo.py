"""One reply's memo: the results of pure functions of a call (``kinds.call_kinds``) that the
checks of one reply ask for again and again (six readers of the same call's kinds on a preamble
leak), computed once per reply.

A scope (``one_reply``) holds the memo in a context variable, so threads and asyncio tasks each
have their own, and it is dropped when the reply's checks end: a reply pays for its own work,
as the first one would, and nothing outlives it. Entries are keyed by the identity of the
arguments and schema objects and keep a reference to them, so an identity is never reused
inside a scope; no check mutates a call's arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

__all__ = ["one_reply", "reply_memo"]

_MEMO: ContextVar[dict[Any, Any] | None] = ContextVar("leakcall_reply_memo", default=None)
F = TypeVar("F", bound=Callable[..., Any])


def reply_memo() -> dict[Any, Any] | None:
    """The memo of the reply being checked, or None outside ``one_reply``."""
    return _MEMO.get()


def one_reply(fn: F) -> F:
    """Run ``fn`` with a fresh memo of its own, dropped when it returns or raises."""

    @wraps(fn)
    def scoped(*args: Any, **kwargs: Any) -> Any:
        token = _MEMO.set({})
        try:
            return fn(*args, **kwargs)
        finally:
            _MEMO.reset(token)

    return scoped  # type: ignore[return-value]
