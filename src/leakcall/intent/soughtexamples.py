"""Examples as what a search looks for (set g, h16f: "I will search for RAG code examples",
"search for Python examples of using the chat endpoint"; the token pass is read by
``words.tokenize``, the check by ``beyond.check``).

A framing word ([g-framing]: "example", "examples") says the call is an illustration, not a
step (rule ``declared-example``). As the head of what a search looks for, though, it is the
thing sought: after a verb of kind search and, between them, nothing but a search preposition
([g-search-prep]: "for") and plain nouns ("search for RAG code examples", "find examples"), in a
sentence whose every step only observes, it is read as a noun. The calls after it must then
carry it (``soughtcarried.check``): an observing call whose name or arguments hold the word ("examples" in
``search_code_examples`` or its query); a call that does not is refused, as a changing call
is by the grounding of kinds. Still refused: "for example, I'll ...", "as an example",
"here's an example call", a framing word after a changing step or in a sentence with one, or
anywhere but the sought noun phrase.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .observing import OBSERVING
from .protocols import Token, Tongue

__all__ = ["sought"]

T = TypeVar("T", bound=Token)


def _sought_at(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The framing word at ``k`` heads what a search verb before it looks for."""
    j = k - 1
    while j >= 0 and tokens[j].kind == "OPEN" and t.kind_of(tokens[j].text) is None:
        j -= 1  # the plain nouns before it ("rag code")
    if j >= 0 and tokens[j].kind == "PREP" and t.has(tokens[j].text, "g-search-prep"):
        j -= 1
    return j >= 0 and tokens[j].kind == "OPEN" and t.kind_of(tokens[j].text) == "search"


def sought(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, a framing word a search looks for read as a noun (module docstring)."""
    out = list(tokens)
    kinds = {t.kind_of(x.text) for x in out if x.kind in ("OPEN", "ACTING")} - {None, "generic"}
    if not kinds or kinds - OBSERVING:
        return out
    for k, x in enumerate(out):
        if x.kind == "!declared-example" and t.has(x.text, "g-framing") and _sought_at(out, k, t):
            out[k] = cast(Any, replace)(x, kind="OPEN")
    return out
