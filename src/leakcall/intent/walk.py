"""Walking a call's arguments: every string, every (key, string) and every scalar under a key,
at any depth; the one walk the readers of kinds, grounding, scope and values share."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping

__all__ = ["listed"]


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
