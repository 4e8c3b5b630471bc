"""A verb carrying its object pronoun, and a causative's inner verb, in a sub-agent's order
(h18e, round 45 gap 7; read by ``orderobserve``).

Enclitic pronouns: "Busca dónde está la lógica de reintentos y arréglala." wrote the change
"arregla" with its object "la" bound to it (Spanish and Italian write the pronoun after an
imperative in one word, with a written accent in Spanish: "bórrala", "elimínala",
"correggila"; Portuguese after a hyphen: "corrija-o"). A word ending in a pronoun of its
language ([g-enclitic]) whose rest, written accents taken off, is a verb of a kind the lexicon
knows ("arregla": write) is that verb (``bare``): after "and" or a comma it stands in a verb
slot, read as its verb ("y léelo" looks, "y bórrala" deletes). A word whose rest is no verb of
the lexicon is left as it was ("y módulos", "tabella").

Causatives: "Find the retry logic and get it working." / "... and have it use backoff." order
the change the inner word says: a causative verb ([g-causative]: "get", "have", "make") with a
pronoun object puts the word after the pronoun in a verb slot (``caused``): "working" and "use"
do not look, "have it report back" does."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["bare", "caused"]


def _unaccented(word: str) -> str:
    return unicodedata.normalize("NFC", "".join(
        c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn"))


def bare(word: str, t: Tongue) -> str | None:
    """The verb a word carrying an enclitic pronoun of its language is ("arréglala":
    "arregla", "corrija-o": "corrija"; the word itself where the lexicon reads it whole:
    "correggila"), when the lexicon knows its kind; else None."""
    ends = sorted((w for s, w in t.marks if s == "g-enclitic"), key=len, reverse=True)
    head, _, tail = word.rpartition("-")
    if head and ("-" + tail in ends or tail in ends):
        stems = [head]
    else:  # "-o" is read only after a hyphen: "arquivos" is no "arquiv-os"
        stems = [word[: -len(e)] for e in ends
                 if not e.startswith("-") and word.endswith(e) and len(word) - len(e) >= 3]
    if stems and t.kind_of(word) is not None:
        return word
    for stem in stems:
        for form in dict.fromkeys((stem, _unaccented(stem))):
            if t.kind_of(form) is not None:
                return form
    return None


def caused(tokens: Sequence[Token], t: Tongue) -> list[int]:
    """Indices of the words a causative verb with a pronoun object orders ("get it working":
    "working"; a word of a cue section too: "have it skip the delay")."""
    return [k for k in range(2, len(tokens))
            if (tokens[k].kind in ("OPEN", "ACTING") or tokens[k].kind.startswith("!"))
            and tokens[k - 1].kind == "PRON"
            and t.marked(tokens[k - 2].text, "g-causative")]
