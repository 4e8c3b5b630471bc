"""The calls after a search for examples carry what is sought (h16f; ``soughtexamples``, read
by ``beyond.check``): an observing call whose name or arguments hold the framing word the
search looks for ("examples" in ``search_code_examples`` or in its query)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .memo import folded
from .preamble import Announcement
from .tables import tongues
from .walk import _keyed_strings

__all__ = ["check"]


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a call after a search for examples does not carry what is sought, or None: the
    announcement's object words that are framing words were read as sought ones (``sought``;
    an announcement with one anywhere else is refused before)."""
    langs = [t for t in tongues() if t.name in ann.tongues]
    framing = [w for w in ann.objects if any(t.has(w, "g-framing") for t in langs)]
    held = " ".join([name.casefold(), *(folded(v) for _k, v in _keyed_strings(args))])
    for word in framing:
        stem = word.rstrip("s") if len(word) > 4 else word
        if stem not in held:
            return (f"the announcement searches for {word!r}, which {name!r} does not carry "
                    "(in its name or arguments)")
    return None
