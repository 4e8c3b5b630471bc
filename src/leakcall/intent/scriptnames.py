"""A tool named after the script that serves it (h29c, crewAIInc__crewAI-22):
``python_fake_mcp_server_py_filtered_search`` is ``filtered_search`` served by ``python
fake_mcp_server.py``, so its kinds are those of ``filtered_search`` (``toolkinds.tool_kinds``)."""

from __future__ import annotations

from .kindsfile import section
from .named import _kind_table, name_words

__all__ = ["scripted"]


def scripted(name: str) -> str | None:
    """The own name after a server named by the script that serves it, joined by "_"
    (``python_fake_mcp_server_py_filtered_search``: ``python fake_mcp_server.py`` serves
    ``filtered_search``), or None: a program that runs scripts (a word of kind run), the
    script's name (words of no kind) and its extension ([program-file-ext]), then words
    that say a kind. The program runs the server, not the tool's step."""
    words = name_words(name)
    table = _kind_table()[0]
    if len(words) < 4 or table.get(words[0]) != frozenset({"run"}):
        return None
    for i in range(2, len(words) - 1):
        if words[i] in _PROGRAM_EXT:
            own = words[i + 1 :]
            if any(table.get(w) for w in words[1:i]) or not any(table.get(w) for w in own):
                return None
            return "_".join(own)
    return None


_PROGRAM_EXT = section("program-file-ext")
