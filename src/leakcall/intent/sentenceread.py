"""A text's sentences read once per reply: (body, language, tokens) of each sentence whose
language is detected. The motive, self-serving and stance readers read the same preamble
three to six times a reply; they share this reading (``memo.reply_memo``)."""

from __future__ import annotations

from .detect import detect
from .memo import reply_memo
from .sentences import _sentences
from .words import Token, Tongue, tokenize

__all__ = ["read"]

Reading = tuple[tuple[str, Tongue, list[Token]], ...]


def read(text: str) -> Reading:
    """(body, language, tokens) of each sentence of ``text`` whose language is detected; the
    tokens are shared by the readers of one reply: none changes them."""
    memo = reply_memo()
    key = (read, text)
    got: Reading | None = memo.get(key) if memo is not None else None
    if got is None:
        got = tuple((body, t, tokenize(body, t)) for body, _end in _sentences(text)
                    if (t := detect(body)) is not None)
        if memo is not None:
            memo[key] = got
    return got
