"""A launch the announcement's own words make (h15c; rule ``ungrounded-call``).

``subagent.launches`` knows a launch by the tool: a word of its name or of a key, or of its
description's opening, is an agent noun ([agent-noun] of kinds.txt: ``spawn_agent``,
``subagent_type``, "Launch a new sub-agent ..."). A tool whose name is a generic noun
(``task``, ``job``, ``worker``) says none, and its call was refused as a step of a kind its
name does not say, after "I'll launch a sub-agent to find all usages of the deprecated API."
as after anything.

``cued``: the announcement makes such a call a launch when

- an announced step of kind run or of no kind has an agent noun as the last of its own nouns
  ([agent-noun], or [g-agent-noun] of the step's languages: "launch a sub-agent", "ask the
  research agent", "lanzar un subagente"; not "check the agent logs"): the announcement says
  an agent takes the step;
- the tool's name says no kind of step (``toolkinds.tool_kinds`` is unknown alone: ``task``, not
  ``send_email`` or ``generate_image``);
- the tool itself says it runs an agent or a sub-task: a string argument under a key of
  [keys-agent-prompt] (``prompt``, ``instructions``: the free text an agent takes its steps
  from; not ``message`` or ``query``, which a message or a search carries), or an opening word
  of its description in [subtask-noun] ("Run a sub-task ...").

The call is then a launch for every launch rule (``subagent``, ``launched``, ``orderscope``,
``launchlabel``, ...): its order must carry the announced object and add no step of another
kind, as a ``Task`` call's must. Nothing is grounded that a launch by name would not be: the
cue only lets the order be read as an agent's steps instead of refusing the call outright."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement
from .tables import tongues_of
from .toolkinds import UNKNOWN, tool_kinds

__all__ = ["cued"]

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_LEAD_WORDS = 6
"""Words of a description's opening a sub-task noun may stand in ("Run a sub-task that ...")."""


@cache
def _prompt_keys() -> frozenset[str]:
    return section("keys-agent-prompt")


@cache
def _subtask_nouns() -> frozenset[str]:
    return section("subtask-noun")


def _agent_word(word: str, ann: Announcement) -> bool:
    """An agent noun: of kinds.txt's [agent-noun], or a compound ending in one
    ("research-agent"), or of [g-agent-noun] in a language of the announcement."""
    low = word.strip("`\"'").casefold()
    nouns = section("agent-noun")
    if low in nouns or low.rsplit("-", 1)[-1] in nouns:
        return True
    return any(t.marked(low, "g-agent-noun") for t in tongues_of(ann.tongues))


def announces_agent(ann: Announcement) -> bool:
    """An announced step of kind run or of no kind has an agent noun as the last of its own
    nouns, the head of its phrase ("launch a sub-agent", "ask the research agent"; not "check
    the agent logs", whose head is "logs")."""
    return any(kind in (None, "generic", "run") and own and _agent_word(own[-1], ann)
               for _v, kind, own, _p in ann.steps)


def _runs_agent(args: Mapping[str, Any], description: str | None) -> bool:
    """The tool says it runs an agent or a sub-task: a prompt argument, or a sub-task noun
    among its description's opening words."""
    keys = _prompt_keys()
    if any(isinstance(v, str) and v.strip() and set(name_words(str(k))) & keys
           for k, v in args.items()):
        return True
    opening = _WORD.findall((description or "").casefold())[:_LEAD_WORDS]
    return any(w in _subtask_nouns() for w in opening)


def cued(ann: Announcement | None, name: str, args: Mapping[str, Any],
         schema: Mapping[str, Any] | None, description: str | None) -> bool:
    """The announcement makes the call a launch (module docstring)."""
    return ann is not None and tool_kinds(name, schema) == {UNKNOWN} \
        and _runs_agent(args, description) and announces_agent(ann)
