"""A word of another language's refusing section that is a word of the sentence's own (h10c):
read in its own language it has no other meaning to refuse with.

- A one-character word of an unspaced script that ends a longer word of the sentence's own
  reading ("任何", any, in a Chinese sentence: not Japanese "何", what). A word the other
  language reads from the start of the own word ("何時" read as Japanese "when") or of two
  characters or more is still that language's.
- A word in the verb's place of a clause whose subject is a noun phrase, with a finite ending
  of the sentence's own language ("since this request falls outside ...": English "falls",
  not German "falls", if): the clause opens the sentence or follows a word of reason
  ([g-reason]), its subject is a determiner or demonstrative and one word, and a preposition
  follows the verb. After a step's verb ("delete this branch morgen at ...") it is a word of
  the other language still.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .imperatives import _endings
from .words import Token, Tongue, script, tokenize

__all__ = ["inside_own_word", "verb_place"]

_KANA = re.compile("[\u3040-\u30ff]")


def inside_own_word(part: str, x: Token, t: Tongue) -> bool:
    """``x``, a token of ``part`` in another language, is one character of an unspaced script
    that ends a longer token of ``part`` in the sentence's own language ``t``, of that script
    and without kana (a Japanese word has kana; ``detect`` reads Han alone as Chinese)."""
    if len(x.text) != 1 or script(x.text) != t.primary or _KANA.search(x.text):
        return False
    for y in tokenize(part, t):
        if y.start < x.start and y.end == x.end and not y.kind.startswith("!"):
            return all(script(ch) == t.primary for ch in y.text) and not _KANA.search(y.text)
    return False


def verb_place(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """``tokens[k]`` stands where the verb of a clause stands in ``t``: after a subject of a
    determiner and a word that opens the sentence or follows a word of reason, before a
    preposition, and with an ending of [g-finite-ending]."""
    word = tokens[k].text
    if not any(word.endswith(e) and len(word) - len(e) >= 3 for e in _endings(t.name)):
        return False
    if k < 2 or k + 1 >= len(tokens) or tokens[k + 1].kind != "PREP":
        return False
    if tokens[k - 2].kind not in ("DET", "DEM") or tokens[k - 1].kind in ("COMMA", "DASH", "PREP"):
        return False
    return k == 2 or t.has(tokens[k - 3].text, "g-reason")
