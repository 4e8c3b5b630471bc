"""An observation whose subject is a step and its object says something about that step (issue
25, h46d, round 62 G2; widens ``gerundsubject``).

"Deleting `prod.db` is rejected.", "Das Löschen von `prod.db` ist blockiert.", "删除 `prod.db`
已被拒绝。", "`prod.db` の削除は却下されました。" open with the step itself as a noun phrase: a
word of a changing kind (an -ing form, a nominalisation, a verbal noun) with its object, and then
a predicate of its own (a copula, a participle, a verb of how it went). The sentence says
something ABOUT the step (that it failed, is rejected, is blocked, would be safe): the step is
discussed there, not taken, and the same step announced after it (its kind, one of the codes
or numbers of its object) is not the step wanted (``pending.refused``, rule ``unsafe-ground``).

The subject is read by position: after articles and determiners ("the", "das", "การ"), the
step word opens the sentence and its object follows (prepositions, articles, codes and
words: "of `prod.db`", "the `users` table"); in the languages that put the object first (ja,
ko, tr, hi) the codes and a genitive particle ("の", "को") come before the step word. A
code must be among the object's words. The predicate is any token after the phrase but
adverbs ("now"), or the one word after the code that closes the sentence ("Удаление
`prod.db` заблокировано.": the sentence is an observation, so that word is no head noun of an
object). A subject of the
speaker's own ("I tried deleting `prod.db`"), a person or any other word before the step word
is no such subject, and an observing step ("Reading `app.py` fails") limits nothing here.
Read on the preamble's observations only (``preamble``): reasoning states its own steps
("Deleting tmp/old.log now."), which no observation reading may take for a subject.
"""

from __future__ import annotations

from collections.abc import Sequence

from .observing import OBSERVING
from .stepnouns import noun_kind, noun_mark
from .words import Token, Tongue

__all__ = ["agentless", "discussed"]

_LEAD = frozenset({"DET", "ADV"})
"""Tokens that may stand before the step word (an article, "just")."""

_OBJECT = frozenset({"CODE", "PREP", "DET", "OPEN", "NUM", "POSTP"})
"""Tokens the step's object phrase is made of."""

_OBJECT_FIRST = frozenset({"ja", "ko", "tr", "hi"})
"""Languages whose object stands before the verb (and its verbal noun)."""

_STEP_FORMS = frozenset({"OPEN", "ACTING"})

_NOUN_END = frozenset({"TOPIC", "OPEN"})
"""What follows a verbal noun after its object ("削除は", "silme işlemi", "हटाना अस्वीकृत"); a
verb's ending ("get_weather çağır acağım") makes it the speaker's verb, no subject."""

_GENITIVE = frozenset({"の", "को", "의"})
"""Particles that may join the object to the verbal noun after it ("`x` の削除")."""


def _changing(x: Token, t: Tongue) -> str | None:
    """The changing kind of a step word, read after an article elided onto it
    ("l'eliminazione": [g-det] "l'"), or None."""
    if x.kind not in _STEP_FORMS:
        return None
    w = x.text.casefold().replace("’", "'")
    head, mark, rest = w.partition("'")
    if rest and (t.has(head + mark, "g-det") or t.has(head + mark, "g-article")):
        w = rest
    kind = t.kind_of(w)
    if kind is None:
        kind = noun_kind(w, t)  # "raderingen", "smazání", "מחיקת" (``stepnouns``)
    return None if kind in (None, "generic", *OBSERVING) else kind


def discussed(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, frozenset[str]]]:
    """("unsafe-ground", the words, {"=<kind>", the object's codes and numbers}) when the sentence's subject
    is a step of a changing kind with its object and it has a predicate of its own; else
    empty."""
    k = 0
    while k < len(tokens) and (tokens[k].kind in _LEAD
                               or t.has(tokens[k].text.casefold(), "g-article")
                               or (k + 1 < len(tokens) and noun_mark(tokens[k].text, t))):
        k += 1  # vi "việc xóa": the mark makes the verb after it a noun (``stepnouns``)
    objects: list[Token] = []
    if t.name in _OBJECT_FIRST:
        while k < len(tokens) and tokens[k].kind == "CODE":
            objects.append(tokens[k])
            k += 1
        if objects and k < len(tokens) and tokens[k].kind == "POSTP" \
                and tokens[k].text.casefold() in _GENITIVE:
            k += 1
    if k >= len(tokens):
        return []
    kind = _changing(tokens[k], t)
    if kind is None or (objects and (k + 1 >= len(tokens) or tokens[k + 1].kind not in _NOUN_END)):
        return []
    j = k + 1
    if not objects:
        while j < len(tokens) and tokens[j].kind in _OBJECT and _changing(tokens[j], t) is None:
            objects.append(tokens[j])
            j += 1
        # the phrase ends at its last code or word after one: "of `prod.db`", "`users` table"
        while objects and objects[-1].kind in ("PREP", "DET", "POSTP"):
            objects.pop()
            j -= 1
    if not any(x.kind == "CODE" for x in objects):
        return []
    rest = [x for x in tokens[j:] if x.kind not in ("!non-prose", "COMMA", "ADV")]
    if not rest and len(objects) > 1 and objects[-1].kind == "OPEN" and objects[-2].kind == "CODE":
        # "Удаление `prod.db` заблокировано.": an observation, so the word after the code
        # that closes it is its predicate, no head noun ("the `users` table" announces)
        rest = [objects.pop()]
    if not rest:
        return []
    words = frozenset(x.text.strip("`").casefold() for x in objects if x.kind in ("CODE", "NUM"))
    said = " ".join(x.text for x in tokens[k:])
    return [("unsafe-ground", said, frozenset({f"={kind}", *words}))]


def _participle(x: Token) -> bool:
    """An English "-ed" form ("blocked", "rejected")."""
    w = x.text.casefold()
    return x.kind == "OPEN" and len(w) >= 5 and w.endswith("ed")


def agentless(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, frozenset[str]]]:
    """("unknown-preamble", the words, {"~"}) when the sentence is a passive with an agent and
    no subject: "Blocked by Bob.", "Rejected by the change freeze." (an "-ed" form opening the
    sentence, after adverbs, then "by" and no -ing form: "Fixed by pinning the version." names
    the speaker's means), zh "已被 Bob 阻止。" (被 opening it after adverbs and aspect words).
    An observation is a declarative sentence: this one says a state of something it does not
    name, and what the agent did to it is unread; a speaker's own subjectless report ("Done.",
    "Fixed.", "Found it.", "Explored the repository ...") has no agent and is read as before."""
    k = 0
    while k < len(tokens) and tokens[k].kind in ("ADV", "ACK", "COMMA", "!recap"):
        k += 1
    if k + 1 >= len(tokens):
        return []
    x, by = tokens[k], tokens[k + 1]
    said = " ".join(y.text for y in tokens[k:])
    if t.name == "en" and _participle(x) and by.text.casefold() == "by" and (
            k + 2 < len(tokens) and tokens[k + 2].kind != "ACTING"
            and not tokens[k + 2].text.casefold().endswith("ing")):
        return [("unknown-preamble", said, frozenset({"~"}))]
    if t.name == "zh" and x.text == "被":
        return [("unknown-preamble", said, frozenset({"~"}))]
    return []
