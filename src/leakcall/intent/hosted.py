"""A tool name's noun of the place its steps happen ([host-noun] in kinds.txt: "browser").

Alone ("browser", "browser_snapshot": no other word of a known kind) the noun is that place's
step (navigate). Beside words that only look (read, list, search: "browser_get_text",
"browser_read_links") on a tool that takes no argument at all, it names where the look
happens, not a step: reading the current page navigates nowhere (round 41 controls 055/056).
A tool that takes an argument (a URL, a selector) may go somewhere first, and a word of any
other kind ("browser_click", "browser_evaluate", "browser_delete_cookies") keeps the noun's
kind beside its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kindsfile import section
from .observing import LOOKING


def unhosted(words: Sequence[str], schema: Mapping[str, Any] | None,
             table: Mapping[str, frozenset[str]]) -> list[str]:
    """``words`` without their host nouns when the rest look only and the tool takes no
    argument; else ``words`` as they are."""
    hosts = section("host-noun")
    rest = [w for w in words if w not in hosts]
    if len(rest) == len(words) or schema is None or schema.get("properties"):
        return list(words)
    kinds = frozenset().union(*(table.get(w, frozenset()) for w in rest))
    return rest if kinds and kinds <= LOOKING else list(words)
