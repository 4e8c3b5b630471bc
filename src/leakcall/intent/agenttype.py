"""The type of sub-agent the announcement names (issue 25, round 39, rule ``ungrounded-call``;
read from ``beyond.check``): "I'll launch an explore sub-agent to find every use of
`legacy_auth`." is no ``subagent_type: "general-purpose"`` or ``"admin"``: an agent type
decides what the agent may do (an explore agent only reads), so a launch of another type
widens the step.

A content word (or two) right before the word "agent" ("explore sub-agent", "writer agent",
"general-purpose agent") names the type; the call's agent-type key then holds that type,
compared without case, hyphens, underscores or spaces. Where the text names no type ("launch
a sub-agent") the key is left to the other readers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .actors import _reasoning_sentences
from .kinds import name_words
from .preamble import Announcement
from .view import normalize

__all__ = ["agent_types", "check"]

_AGENT = re.compile(r"(?:sub-?)?agents?", re.IGNORECASE)
_TYPE_WORDS = frozenset({"type", "kind", "role", "profile"})
"""Key words that pick an agent's type beside a word of agents (``subagent_type``)."""


def _flat(s: str) -> str:
    return re.sub(r"[\s_-]+", "", s.casefold())


def _named(text: str) -> set[str]:
    """The agent types the text names: one or two content words right before "agent"."""
    out: set[str] = set()
    for tokens, _t in _reasoning_sentences(normalize(text)):
        for k, x in enumerate(tokens):
            if not _AGENT.fullmatch(x.text) or k == 0 or tokens[k - 1].kind != "OPEN":
                continue
            out.add(_flat(tokens[k - 1].text))
            if k >= 2 and tokens[k - 2].kind == "OPEN":
                out.add(_flat(tokens[k - 2].text + tokens[k - 1].text))
    return out


def _type_keys(args: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, value) of each agent-type key of the call (``subagent_type``)."""
    return [(k, v) for k, v in args.items() if isinstance(k, str) and isinstance(v, str)
            and set(name_words(k)) & _TYPE_WORDS
            and any("agent" in w for w in name_words(k))]


def agent_types(args: Mapping[str, Any]) -> list[str]:
    """The values of the call's agent-type keys (``subagent_type: "Explore"``)."""
    return [v for _k, v in _type_keys(args)]


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why the call launches an agent of another type than the one the text names, or None."""
    keys = _type_keys(args)
    if not keys:
        return None
    named = _named(ann.text)
    for key, value in keys:
        if named and _flat(value) not in named:
            return (f"{name!r} launches a {value!r} agent ({key!r}), where the announcement "
                    f"names another type")
    return None
