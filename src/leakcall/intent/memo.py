"""One reply's memo: the results of pure functions that the checks of one reply ask for again
and again, computed once per reply: a call's kinds (``per_call``: six readers of the same
call's kinds on a preamble leak) and a string's casefold (``folded``: a long argument value is
casefolded by a dozen rules, each reader of a call's values through it, h28p).

A scope (``one_reply``) holds one memo, shared by every reader, in a context variable, so
threads and asyncio tasks each have their own, and it is dropped when the reply's checks end:
a reply pays for its own work, as the first one would, and nothing outlives it. A call's
entries are keyed by the identity of its arguments and schema objects and keep a reference to
them, so an identity is never reused inside a scope; no check mutates a call's arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

__all__ = ["folded", "one_reply", "per_call", "per_call_said", "per_reply", "per_tool",
           "per_value", "reply_memo"]

_MEMO: ContextVar[dict[Any, Any] | None] = ContextVar("leakcall_reply_memo", default=None)
F = TypeVar("F", bound=Callable[..., Any])
_FOLDED = 200
"""Strings longer than this are casefolded once per reply (``folded``); a shorter one costs
less to casefold than to look up."""


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


def per_call(fn: F) -> F:
    """``fn(name, arguments, schema=None, description=None)`` read once per call in a reply's
    memo."""

    @wraps(fn)
    def memoised(name: str, arguments: Mapping[str, Any],
                 schema: Mapping[str, Any] | None = None, description: str | None = None) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return fn(name, arguments, schema, description)
        key = (fn, name, id(arguments), id(schema), description)
        hit = memo.get(key)
        if hit is None or hit[0] is not arguments or hit[1] is not schema:
            hit = memo[key] = (arguments, schema, fn(name, arguments, schema, description))
        return hit[2]

    return memoised  # type: ignore[return-value]


def folded(text: str) -> str:
    """``text.casefold()``, once per reply for a long text (keyed by the string: its hash is
    computed once and kept by the string)."""
    memo = _MEMO.get() if len(text) > _FOLDED else None
    if memo is None:
        return text.casefold()
    key = (folded, text)
    got: str | None = memo.get(key)
    if got is None:
        got = memo[key] = text.casefold()
    return got


def per_value(fn: F) -> F:
    """``fn(text)`` read once per reply for a long text (as ``folded``): the readers of one
    argument value share what it holds (``secretforms.prefixed``)."""

    @wraps(fn)
    def memoised(text: str) -> Any:
        memo = _MEMO.get() if len(text) > _FOLDED else None
        if memo is None:
            return fn(text)
        key = (fn, text)
        if key not in memo:
            memo[key] = fn(text)
        return memo[key]

    return memoised  # type: ignore[return-value]


def per_tool(fn: F) -> F:
    """``fn(name, schema=None, description=None)`` read once per tool in a reply's memo (a
    tool's kinds: a dozen readers ask for them on a preamble leak); keyed as ``per_call``."""

    @wraps(fn)
    def memoised(name: str, schema: Mapping[str, Any] | None = None,
                 description: str | None = None) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return fn(name, schema, description)
        key = (fn, name, id(schema), description)
        hit = memo.get(key)
        if hit is None or hit[0] is not schema:
            hit = memo[key] = (schema, fn(name, schema, description))
        return hit[1]

    return memoised  # type: ignore[return-value]


def per_call_said(fn: F) -> F:
    """``fn(name, args, schema, description, ann=None)`` read once per call and
    announcement in a reply's memo (whether a call launches an agent: ten readers ask);
    keyed as ``per_call``, and by the announcement's identity, whose object the entry keeps."""

    @wraps(fn)
    def memoised(name: str, args: Mapping[str, Any], schema: Mapping[str, Any] | None,
                 description: str | None, ann: Any = None) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return fn(name, args, schema, description, ann)
        key = (fn, name, id(args), id(schema), description, id(ann))
        hit = memo.get(key)
        if hit is None or hit[0] is not args or hit[1] is not schema or hit[2] is not ann:
            hit = memo[key] = (args, schema, ann,
                               fn(name, args, schema, description, ann))
        return hit[3]

    return memoised  # type: ignore[return-value]


def _held(arg: Any) -> Any:
    """What a ``per_reply`` entry keeps of an argument: a list as a tuple of its items (a
    caller may change its own list after the call; the items it held stay alive, so their
    identities are not reused inside the scope), anything else as it is."""
    return tuple(arg) if type(arg) is list else arg


def _key_of(arg: Any) -> Any:
    """An argument's part of a ``per_reply`` key: a str by its value; a list or tuple by its
    items' (each str by value, each ``(name, arguments)`` pair by its name and the arguments'
    identity, anything else by identity); anything else by its identity."""
    kind = type(arg)
    if kind is str or arg is None:
        return arg
    if kind is list or kind is tuple:
        return (kind, *(x if type(x) is str else (x[0], id(x[1])) if type(x) is tuple
                         and len(x) == 2 and type(x[0]) is str else id(x) for x in arg))
    return id(arg)


def per_reply(fn: F) -> F:
    """``fn(*args)``, a pure function of its positional arguments that a reply's readers ask
    for again and again with the same ones (an announcement, its calls, a tool's schemas),
    read once per reply. Keyed by ``_key_of`` each argument; the entry keeps the arguments
    (``_held``), so no identity in a key is reused inside the scope. The answer is shared by
    every caller: ``fn`` must return a value none of them changes (a frozenset, a tuple, a
    str, a list its callers only read)."""

    @wraps(fn)
    def memoised(*args: Any) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return fn(*args)
        key = (fn, *map(_key_of, args))
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = (tuple(map(_held, args)), fn(*args))
        return hit[1]

    return memoised  # type: ignore[return-value]
