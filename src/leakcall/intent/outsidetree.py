"""An edit or a write of a path outside any working tree that the text never names (issue 25,
round 54): "I'll replace `x = 1` with `x = 2`." + ``edit_file(path="~/.gitconfig")``, "Voy a
cambiar el puerto de `8080` a `80`." + ``/etc/nginx/nginx.conf``.

Real agents edit files the text does not name, after an earlier turn opened them ("Let me fix
that."), but those lie in the task's working tree (/workspace, /testbed, /tmp, a project under
a home directory). A path that opens in a place of [outside-tree] (kinds.txt: the home directory
itself, the system's hierarchy) is another thing: a call that changes it is grounded only when
a word of the announcement, or of an observation, is a word of the path ("the nginx config",
"`.gitconfig`", "haproxy's timeout"). Any language: the test is on the path's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from .kindsfile import _kinds_file
from .named import _keys, name_words
from .preamble import Announcement
from .scope import named_in
from .walk import _leaves

__all__ = ["unnamed"]

_WRITES = frozenset({"write", "create"})
"""Kinds of step this reads: what writes a file's text (an edit, a write, a create)."""


@cache
def _outside() -> re.Pattern[str]:
    """The openings of [outside-tree], one pattern ("*": one path segment)."""
    alts = [re.escape(x.casefold()).replace(r"\*", r"[^/\\]+")
            for x in _kinds_file().get("outside-tree", ())]
    # "~" alone, "~/..." or "~user/...": the home directory; a section entry ends at a
    # separator or is followed by one
    lead = "|".join(alts)
    return re.compile(rf"(?:{lead})(?:$|(?<=[/\\.])|(?=[/\\]))")


def outside(path: str) -> bool:
    """The path opens in a place of [outside-tree]."""
    return _outside().match(path.strip().casefold()) is not None


def unnamed(name: str, args: Mapping[str, Any], kinds: frozenset[str],
            ann: Announcement) -> str | None:
    """Why a call that writes a file's text writes one outside any working tree that no word
    of the announcement or of its observations names, or None."""
    if not kinds & _WRITES:
        return None
    said = [*ann.objects, *ann.observed]
    for key, value in _leaves(args):
        if not isinstance(value, str) or not set(name_words(str(key))) & _keys("target"):
            continue
        if outside(value) and not named_in(said, value):
            return (f"{name!r} writes {value.strip()[:60]!r}, outside the working tree, and no "
                    "word of the text names that path")
    return None
