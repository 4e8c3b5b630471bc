"""A URL the announcement writes whole names the page it opens, not a step (h14e, round 43).

A word of a URL's path may say a step ("/orders/5512/cancel", "/42/send": ``argument_kinds``),
so a fetch of it takes that step unless the announcement says it. When the announcement writes
the very URL the call carries (one of its code tokens, the same text: "I'll fetch the article
at https://example.org/post to read it." + ``web_fetch(url="https://example.org/post")``), its
path is that address as written, and no word of it is a step the announcement leaves unsaid:
the step of the call is the announced verb's. Kept even then: what its query says
(``?forward_to=ops@…`` sends), and the action a path of two segments or more ends with
(``methods.path_action``: "/orders/5/cancel" cancels, written or not); a page of one segment
("/post", "/share") is the site's page of that name. A URL that differs in any character is
read as before, and a step the tool's name or another argument says is read as before too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _kind_table, call_kinds
from .methods import _URL_PATH, path_action
from .observing import OBSERVING
from .preamble import Announcement


def _host_only(value: Any, written: frozenset[str]) -> Any:
    """The value with each URL the announcement writes cut to its scheme and host, its query
    and its action segment (module doc)."""
    if isinstance(value, str):
        v = value.strip()
        m = _URL_PATH.fullmatch(v)
        if m is None or v.casefold() not in written:
            return value
        path, _, query = m.group(1).split("#", 1)[0].partition("?")
        # the segment a path of two or more ends with, where it says an action
        # ("/orders/5/cancel"); a page of one segment ("/post") is the site's page
        last = path.rstrip("/").rsplit("/", 1)[-1] if path.strip("/").count("/") and \
            path_action(path, _kind_table()[0], OBSERVING) else ""
        return f"{v[: m.start(1)]}/{last}" + (f"?{query}" if query else "")
    if isinstance(value, Mapping):
        return {k: _host_only(x, written) for k, x in value.items()}
    if isinstance(value, list):
        return [_host_only(x, written) for x in value]
    return value


def unpathed(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             kinds_of: Sequence[frozenset[str]]) -> list[frozenset[str]]:
    """Each call's kinds without those it takes only by the path of a URL the announcement
    writes whole: with each such URL cut (``_host_only``), the call takes none of them."""
    written = frozenset(o for o in ann.objects if _URL_PATH.fullmatch(o))
    out = list(kinds_of)
    for i, (name, args) in enumerate(calls):
        cut = _host_only(args, written) if written else args
        if cut != args:
            out[i] = out[i] - (call_kinds(name, args) - call_kinds(name, cut))
    return out
