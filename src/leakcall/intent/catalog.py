"""A search of the agent's own tool catalog, before an announced step (h95g, issue 25, rule
``ungrounded-call``).

"Let me update the plan file with the PR description." + ``ToolSearch`` (``select:Edit``):
an agent whose tools are loaded on demand first loads the tool its step needs. A tool named
by nouns of the agent's tools ([catalog-noun] of kinds.txt: "tool") and verbs of searching
alone ([search]: "ToolSearch", "search_tools") searches that catalog: it reads nothing of the
user's and takes no step, so it is grounded by any announced step, when

- its name says nothing else (no word of another kind or of no kind: "tool_search_api",
  "ToolSearchService" and "search_api" are no catalog);
- each value it carries is a number or a short query in the words of tool names (letters,
  digits, ``_:,.-`` and spaces, at most 100 characters): no address, path or text that could
  carry what was read elsewhere;
- the announcement announces a step (a verb) and no time, wait, condition or other party
  (the step it prepares is still the announcement's own).

What it loads is only a definition; the step the loaded tool takes is its own call's, grounded
as every call is."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement
from .walk import _strings

__all__ = ["searched"]

_QUERY = re.compile(r"[\w:,.\- ]{1,100}")
"""A query in the words of tool names ("select:Edit", "select:Glob,Grep", "slack message")."""


def _catalog(name: str) -> bool:
    """The tool's name is nouns of the agent's tools and verbs of searching alone, one of each."""
    words = [w.casefold() for w in name_words(name)]
    nouns, searching = section("catalog-noun"), section("search")
    return any(w in nouns for w in words) and any(w in searching for w in words) and all(
        w in nouns or w in searching for w in words)


def searched(name: str, args: Mapping[str, Any], ann: Announcement) -> bool:
    """The call searches the tool catalog before an announced step (module docstring)."""
    if not _catalog(name) or not ann.verbs or ann.times or ann.waits or ann.parties \
            or ann.owners or ann.relayed or ann.sourced:
        return False
    return all(_QUERY.fullmatch(s) is not None and "/" not in s
               for s in _strings(args, keys=False, numbers=False))
