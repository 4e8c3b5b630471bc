"""Stage 3, intent: is the markup the reply, or a quotation in it? A positive model, each rule named.

The package, one module per concern:

- ``screens``: the normalised view, structure (fences, quotes, open constructs), the cue
  screens of tails and reasoning, and ``judge``, which runs them all;
- ``words``: the lexicon of each language (``grammar/lexicon/<lang>.txt``), language detection
  and the tokenizer that gives each word of a preamble its class;
- ``preamble``: the accepted preamble, a closed grammar (``grammar/intent/preamble.lark``);
- ``grounding``: every call must be the announced step; sample arguments;
- ``rules``: the registry of intent rules (name, reason code, one-line doc, lexicon sections).
"""

from __future__ import annotations

from typing import Any

from . import grounding, preamble, words
from . import screens as _screens
from .screens import (
    CUE_ORDER,
    END_TOKENS,
    MAX_PREAMBLE_CHARS,
    REASONING_WINDOW,
    Lexicon,
    judge,
    lexicon,
    normalize,
    position,
    preamble_verdict,
    strip_end_tokens,
    visible_context,
)

__all__ = [
    "CUE_ORDER",
    "END_TOKENS",
    "MAX_PREAMBLE_CHARS",
    "REASONING_WINDOW",
    "Lexicon",
    "judge",
    "lexicon",
    "normalize",
    "position",
    "preamble_verdict",
    "strip_end_tokens",
    "visible_context",
    "warm",
]


def warm() -> None:
    """Build everything the intent stage reads (the merged cue lexicon, each language's
    lexicon, the preamble grammar, the tool-side kind tables) now, not on the first reply."""
    lexicon()
    words.tongues()
    preamble.grammar()
    preamble.warm()
    _screens.simplified()
    _screens.result_openers()
    grounding.warm()


def __getattr__(name: str) -> Any:
    # the screens' helpers stay reachable as ``intent.<name>`` (tests and tools read them)
    return getattr(_screens, name)
