"""A subject pronoun elided onto the verb after it (session 29, h10e): French "j'ajoute",
"j'envoie". The form is the verb's own ([g-elided-subject]: "j'"): its kind of step
(``Tongue.kind_of``) and its marked classes (``Tongue.marked``: [g-add] "ajoute") are those of
the form after the apostrophe, as "je lance" reads "lance"."""

from __future__ import annotations

from collections.abc import Set

__all__ = ["unelided"]


def unelided(marks: Set[tuple[str, str]], word: str) -> str:
    """The verb after a subject elided onto it ("j'ajoute" -> "ajoute"), else the word;
    ``marks``: the language's ``Tongue.marks`` (no import of ``words``, which reads this)."""
    head, _, rest = word.partition("'")
    return rest if rest and ("g-elided-subject", head + "'") in marks else word
