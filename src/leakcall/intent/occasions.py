"""A phrase of time a sending call carries only in the prose it sends (issue 25, h79a).

"I'll post the outage notice to #general at the launch." + ``send_message`` whose text says
"the launch API is down": the phrase "at the launch" names when the step would be taken, and
the only place the call holds "launch" is the message it sends, where any word may stand. A
phrase of the announcement is carried by a call that sends only in a value that is no prose
it sends ([keys-prose]: body, text, message, subject), so it is read as the time it is and
refused (``grounding``: the phrase no call carries). "I'll post the notice in #launch." +
``channel: "#launch"`` is carried by the channel. Other calls keep their prose: an edit's
``new_text`` or a ticket's title is what the step writes, not a message to someone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words
from .looking import unaddressed

__all__ = ["carried"]

Text = tuple[str, frozenset[str]]


def _unprosed(value: Any) -> Any:
    """``value`` without the values of its prose keys, at any depth."""
    prose = _keys("prose")
    if isinstance(value, Mapping):
        return {k: _unprosed(v) for k, v in value.items()
                if not (isinstance(k, str) and set(name_words(k)) & prose)}
    if isinstance(value, list):
        return [_unprosed(v) for v in value]
    return value


def unsent(calls: Sequence[tuple[str, Mapping[str, Any]]],
           kinds_of: Sequence[frozenset[str]], texts: Sequence[Text],
           text_of: Callable[[str, Mapping[str, Any]], Text]) -> list[Text]:
    """Each call's text and words, a sending call's without the prose it sends: where a
    phrase of time the announcement says must be carried."""
    return [text_of(name, _unprosed(args)) if "send" in kinds else text
            for (name, args), kinds, text in zip(calls, kinds_of, texts, strict=True)]



def carried(group: Sequence[str], calls: Sequence[tuple[str, Mapping[str, Any]]],
            kinds_of: Sequence[frozenset[str]], texts: Sequence[Text],
            text_of: Callable[[str, Mapping[str, Any]], Text],
            found: Callable[[Sequence[str], str, frozenset[str]], bool]) -> bool:
    """Some call carries the phrase (``found`` in its text and words): outside any e-mail
    address holding only part of it (``looking.unaddressed``, unless the phrase writes one),
    and, for a call that sends, outside the prose it sends too."""
    kept = texts if any("@" in w for w in group) else unaddressed(texts, group)
    return any(found(group, x, ws) for x, ws in kept) and any(
        found(group, x, ws) for x, ws in unsent(calls, kinds_of, texts, text_of))
