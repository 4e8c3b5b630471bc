"""Walking a call's arguments: every string, every (key, string) and every scalar under a key,
at any depth; the one walk the readers of kinds, grounding, scope and values share."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["Foreign", "listed", "native_walks"]


def _strings(value: object, keys: bool = True, numbers: bool = True) -> Iterable[str]:
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif numbers and isinstance(v, (int, float)) and not isinstance(v, bool):
            yield repr(v)  # "add 2 and 3" names the numbers the call carries
        elif type(v) is dict or isinstance(v, Mapping):  # a dict skips the ABC's check
            for k, x in v.items():
                if keys and isinstance(k, str):
                    yield k
                stack.append(x)
        elif isinstance(v, list):
            stack.extend(v)


_NO_STRINGS = frozenset({int, float, bool, type(None)})
"""JSON scalars that are no string: a walk for strings skips them without a call."""


def _keyed_strings(value: object, key: str = "") -> Iterable[tuple[str, str]]:
    """(key, string) of every string value at any depth; an item of a list has the list's key
    (``attendees: [a, b]``)."""
    if isinstance(value, str):
        yield key, value
    elif type(value) is dict or isinstance(value, Mapping):  # a dict skips the ABC's check
        for k, x in value.items():
            if type(x) is str:  # most values: no generator of their own
                yield (k if isinstance(k, str) else key), x
            elif type(x) in _NO_STRINGS:
                continue
            else:
                yield from _keyed_strings(x, k if isinstance(k, str) else key)
    elif isinstance(value, list):
        for x in value:
            if type(x) is str:
                yield key, x
            elif type(x) not in _NO_STRINGS:
                yield from _keyed_strings(x, key)


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _leaves(value: object) -> Iterable[tuple[str, object]]:
    """(key, value) of every scalar under a key, at any depth."""
    stack = [value]
    while stack:
        v = stack.pop()
        if type(v) is dict or isinstance(v, Mapping):  # a dict skips the ABC's check
            for k, x in v.items():
                # (JSON's scalars are neither: their type alone says so, without the ABC's check)
                if type(x) not in _SCALARS and isinstance(x, (Mapping, list)):
                    stack.append(x)
                elif isinstance(k, str):
                    yield k, x
        elif isinstance(v, list):
            stack.extend(v)


def _keyed_leaves(value: object, key: str = "") -> Iterable[tuple[str, object]]:
    """(key, scalar) of every leaf at any depth, strings and the other scalars; a list's items
    under the list's key, an object written as JSON text read as that object (an HTTP look's
    ``params`` or ``headers`` given as text: ``httplooks``)."""
    if isinstance(value, str) and value.lstrip()[:1] in "{[" and value.strip():
        with contextlib.suppress(ValueError):
            value = json.loads(value)
    if isinstance(value, Mapping):
        for k, x in value.items():
            yield from _keyed_leaves(x, k if isinstance(k, str) else key)
    elif isinstance(value, list):
        for x in value:
            yield from _keyed_leaves(x, key)
    else:
        yield key, value


def listed(value: object, key: str, item: str) -> bool:
    """Some list under ``key``, at any depth, holds the string ``item`` (its spaces aside): a
    list of things of a kind holding ``*`` holds every thing of that kind (``events: ["*"]``),
    where a single value ``color: "*"`` is no set (``values._universal``)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Mapping):
            for k, x in v.items():
                if k == key and isinstance(x, list) and any(
                        isinstance(i, str) and i.strip() == item for i in x):
                    return True
                stack.append(x)
        elif isinstance(v, list):
            stack.extend(v)
    return False


class Foreign(Exception):
    """A value of a type JSON does not decode to: ``native_walks`` leaves it to the walks."""


def native_walks(args: object) -> tuple[list[str], list[str], list[tuple[str, str]],
                                         list[tuple[str, object]]]:
    """``samples._walks(args)``: ``samples._walked(args)``, ``list(_keyed_strings(args))`` and
    ``list(_leaves(args))``, for arguments made of JSON's own types (dict with str keys, list, str,
    int, float, bool, None), each walk written as a recursion that appends to a list in the
    order its generator yields; raises ``Foreign`` on any other type.

    The orders: ``_walked`` and ``_leaves`` pop a stack, which visits the children pushed last
    first, each whole before the next (a recursion over the children reversed); ``_leaves``
    gives a dict's scalar members in order as it meets them, then walks its containers, the
    last first; ``_keyed_strings`` recurses in order."""
    strs: list[str] = []
    scalars: list[str] = []
    keyed: list[tuple[str, str]] = []
    leaves: list[tuple[str, object]] = []

    def walked(v: Any) -> None:  # a dict or a list
        for x in reversed(v.values() if type(v) is dict else v):
            t = type(x)
            if t is str:
                strs.append(x)
                scalars.append(x)
            elif t is int or t is float:
                scalars.append(repr(x))
            elif t is dict or t is list:
                walked(x)
            elif t is not bool and x is not None:
                raise Foreign

    def keyed_strings(v: Any, key: str) -> None:
        t = type(v)
        if t is str:
            keyed.append((key, v))
        elif t is dict:
            for k, x in v.items():
                if type(k) is not str:
                    raise Foreign
                if type(x) is str:
                    keyed.append((k, x))
                elif type(x) in _CONTAINERS:
                    keyed_strings(x, k)
        elif t is list:
            for x in v:
                if type(x) is str:
                    keyed.append((key, x))
                elif type(x) in _CONTAINERS:
                    keyed_strings(x, key)

    def leaves_of(v: Any) -> None:
        if type(v) is dict:
            inner = []
            for k, x in v.items():
                if type(x) in _CONTAINERS:
                    inner.append(x)
                else:
                    leaves.append((k, x))
            for x in reversed(inner):
                leaves_of(x)
        elif type(v) is list:
            for x in reversed(v):
                if type(x) in _CONTAINERS:
                    leaves_of(x)

    if type(args) not in _CONTAINERS:
        raise Foreign  # (arguments are an object: the walks below read a container)
    walked(args)  # (first: it meets every value, and raises on a foreign one)
    keyed_strings(args, "")
    leaves_of(args)
    return strs, scalars, keyed, leaves


_CONTAINERS = frozenset({dict, list})
