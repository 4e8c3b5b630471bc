"""Regexes compiled when first searched: most replies reach few of the intent cues, so the
shipped tables (``intent.tables``) hold each cue's pattern text and compile it on first use."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any

__all__ = ["LazyPattern"]


class LazyPattern:
    """``re.compile(pattern, flags)``, compiled when first used: the few methods the intent
    cues call, then (once compiled) the compiled pattern's own methods, which the instance's
    attributes hold from then on (no call through this object). Pickled as its pattern text."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now, the first time)."""
        rx = re.compile(self.pattern, self.flags)
        self.__dict__.update(search=rx.search, match=rx.match, fullmatch=rx.fullmatch,
                             finditer=rx.finditer, findall=rx.findall, sub=rx.sub,
                             compiled=lambda: rx)
        return rx

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize
               ) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize
                  ) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize
                 ) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def sub(self, repl: str, string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    @property
    def is_compiled(self) -> bool:
        return "compiled" in self.__dict__

    def __reduce__(self) -> tuple[type[LazyPattern], tuple[str, int]]:
        return LazyPattern, (self.pattern, self.flags)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern[:40]!r}{'...' if len(self.pattern) > 40 else ''})"
