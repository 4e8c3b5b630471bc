"""Decoration closing a preamble (issue 25, rule ``non-prose``).

"Sure! Let me draw a cute animal for you right away! 🎨": a symbol of mood or decoration
closing the text, after its last word or stop, says nothing of the step. The class is closed
(``DECOR``): faces, sparkles, stars, a palette, a rocket, a party popper, a thumb up, a wave.
A symbol that says a state or an answer ("✅" done, "❌", "🚫" no, "⚠️" a warning, "🗑️") is
no decoration and keeps the preamble refused (rule ``non-prose``), as any symbol anywhere else
does: one in the middle of the text, before a heading or a list, is read as before."""

from __future__ import annotations

__all__ = ["DECOR", "undecorated"]

DECOR = frozenset("🎨✨🚀🎉🎊👍👋🙂😊😀😃😄😁🙌🌟⭐💫☺🤖")
"""Symbols of mood or decoration only: none says a state, an answer or a step."""

_JOINERS = frozenset("\ufe0f\u200d")
"""An emoji presentation selector and a joiner, read with the symbol they follow."""

_MAX = 3
"""At most this many symbols close the text (more is a row of pictures, not a closing)."""


def undecorated(text: str) -> str:
    """``text`` without the decoration closing it (see the module), its spaces trimmed; the
    text itself when nothing but decoration is left or more than ``_MAX`` symbols close it."""
    end = len(text.rstrip())
    n = 0
    while end > 0 and (text[end - 1] in DECOR or text[end - 1] in _JOINERS
                       or text[end - 1] in " \t"):
        n += text[end - 1] in DECOR
        end -= 1
    rest = text[:end].rstrip()
    if n == 0 or n > _MAX or not rest or not (rest[-1].isalnum() or rest[-1] in ".!。！:："):
        return text
    return rest
