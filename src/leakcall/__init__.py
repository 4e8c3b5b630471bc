"""leakcall: read a tool call back out of an LLM reply whose tool-call markup leaked as text,
only when that is provably safe; otherwise refuse with a documented reason."""

from __future__ import annotations

import sys

if sys.version_info < (3, 11, 5):  # pragma: no cover - the running interpreter decides
    # the grammars' patterns use possessive quantifiers, which CPython before 3.11.5 matched
    # wrongly (gh-106052: "(?:ab?c)*+" matched "a"); a wrong match could accept what it must not
    raise ImportError("leakcall needs Python 3.11.5 or later (CPython gh-106052: possessive "
                      "quantifiers, which its grammars use, matched wrongly before 3.11.5)")

from .families import Family, all_families, get_family, load_family
from .pipeline import MAX_TEXT_CHARS
from .reasons import Reason
from .recoverer import Recoverer, StreamRecoverer, recover
from .result import Recovery, ToolCall
from .stream import StreamEnd
from .tools import check_tools

__all__ = [
    "MAX_TEXT_CHARS",
    "Family",
    "Reason",
    "Recoverer",
    "Recovery",
    "StreamEnd",
    "StreamRecoverer",
    "ToolCall",
    "all_families",
    "check_tools",
    "get_family",
    "load_family",
    "recover",
]
__version__ = "0.1.0"
