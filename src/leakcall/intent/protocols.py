"""What the readers ``words`` imports need of its ``Token`` and ``Tongue``: stated here once,
as protocols, since those readers cannot import ``words`` (it imports them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

__all__ = ["Token", "Tongue"]


class Token(Protocol):
    """A token of the sentence (``tongue.Token``)."""

    @property
    def kind(self) -> str: ...

    @property
    def text(self) -> str: ...


class Tongue(Protocol):
    """The sentence's language (``tongue.Tongue``), as far as those readers read it."""

    @property
    def inquiry_verbs(self) -> frozenset[str]: ...

    @property
    def participle_suffixes(self) -> frozenset[str]: ...

    @property
    def phrases(self) -> Mapping[tuple[str, ...], list[str]]: ...

    @property
    def order(self) -> str: ...

    @property
    def marks(self) -> frozenset[tuple[str, str]]: ...

    @property
    def meta(self) -> frozenset[str]: ...

    def has(self, word: str, section: str) -> bool: ...

    def marked(self, word: str, section: str) -> bool: ...

    def sections(self, word: str) -> list[str]: ...

    def kind_of(self, verb: str) -> str | None: ...
