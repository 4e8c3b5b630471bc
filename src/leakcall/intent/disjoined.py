"""Steps the text does not choose between (issue 25, round 59, gap 2; a pass of ``later``).

``unchosen`` refuses a disjunction of two objects ("delete `tmp.db` or `prod.db`"). A
disjunction of two verbs leaves the step itself open the same way: "I'll either archive or
delete `old/`", "Ich archiviere oder lösche `old/`", "`old/`를 보관하거나 삭제하겠습니다" say
that one of two steps comes, not which, so no call is the announced one, whichever branch it
takes. In a step's sentence (rule ``conditional``) the coordinator is read as refusing when

- **it joins two verbs**: a coordinator "or" ([g-or]) with a verb right before it (past a
  particle: "look at or delete", "tar bort eller läser") standing where the step's verb stands
  (right after the opener, at the sentence's start, after a correlative, or a verb form of its
  own: an acting form, an SOV ending; "archiver" of no kind after "je vais" too) and a verb
  right after it (an acting form, a word of a known kind, a verb whose particle gives it one:
  "eller tar bort", a stem before an SOV ending); or a verb ending of alternatives
  ([g-or-ending]: Korean "-거나") before a verb, Japanese "-か" before a comma and a verb
  that does not check ("削除するか、読みます"; "削除するかどうか" is a check's question);
- **it follows the first verb's object** (h46a): the step's verb, then its object written out
  or a pronoun (with articles, particles, postpositions: "delete `build/` or", "tar bort
  `build/` eller", "אמחק את `build/` או", "删除 `build/` 或者"), then the coordinator (of any
  token class: zh "还是", Dutch "of" read as "whether") and a verb (past an opener of its own
  or a pronoun object: "or I'll read it", "ou je le lis", "lub go przeczytam");
- **it opens a step of its own** (session 46): an opener and a verb after it ("the build
  directory or I'll read it"), or a verb and a pronoun object ("the build directory or read
  it"), whatever object stands before it;
- **a correlative opens the first branch**: a correlative "either" ([g-either]: "either",
  "entweder", "soit", "antingen", "要么"; a coordinator at the branch's start: "ou ... ou",
  "или ... или") right before a verb, and a coordinator or a second correlative after it in
  the sentence ("I'll either archive `old/` or delete it").

A noun after the coordinator ("delete the log or backup files": no opener, no pronoun), a
question of a check ("check whether it passes or fails"), "either way" (no verb after it) and a
sentence with no step (an observation: "The files can be archived or deleted.") are not read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .particleverbs import particle_kind
from .protocols import Token, Tongue

__all__ = ["disjoined"]

T = TypeVar("T", bound=Token)

_STEP = frozenset({"OPENER", "ACTING", "FINAL"})
"""Token classes only a step's sentence holds (as ``unchosen._STEP``)."""

_OBJECT = frozenset({"CODE", "PRON", "DEM"})
"""Token classes of an object written out or a pronoun one (``_object_between``)."""

_HELD = _OBJECT | {"DET", "POSTP", "PARTICLE"}
"""Token classes a step's object may be made of between its verb and the coordinator."""

_CLITIC = frozenset({"PRON", "CLITIC", "DET"})
"""Token classes of a pronoun object before the second verb."""


def _either(x: Token, t: Tongue) -> bool:
    return x.kind not in ("CODE", "NUM") and (
        t.marked(x.text, "g-either") or t.marked(x.text, "g-or"))


def _verb(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """A verb stands at ``k``: an acting form, a word of a known kind, or a stem before an SOV
    ending."""
    if not 0 <= k < len(tokens):
        return False
    x = tokens[k]
    if x.kind == "ACTING":
        return True
    return x.kind == "OPEN" and (t.kind_of(x.text) is not None or (
        k + 1 < len(tokens) and tokens[k + 1].kind == "FINAL")
        or particle_kind(tokens, k, t) is not None)  # "arkiverar eller tar bort" (``particleverbs``)


def _placed(tokens: Sequence[Token], j: int, t: Tongue) -> bool:
    """The word at ``j`` stands where the step's verb stands: an acting form or an SOV ending's
    stem, or right after the opener, a correlative or the sentence's start (past adverbs)."""
    x = tokens[j]
    if x.kind in ("ACTING", "FINAL"):
        return True
    if j + 1 < len(tokens) and tokens[j + 1].kind == "FINAL":
        return True
    i = j - 1
    while i >= 0 and tokens[i].kind == "ADV":
        i -= 1
    if i >= 0 and tokens[i].kind == "OPEN" and t.marked(tokens[i].text, "g-either"):
        return True
    return i < 0 or tokens[i].kind == "OPENER"


def _joins_verbs(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The coordinator at ``k`` joins two verbs (module docstring)."""
    j = k - 1
    if j >= 1 and tokens[j].kind in ("PREP", "PARTICLE"):
        j -= 1  # a particle of a phrasal verb: "look at or delete", "tar bort eller läser"
    if j < 0:
        return False
    before = tokens[j].kind == "FINAL" or (
        tokens[j].kind in ("OPEN", "ACTING") and _placed(tokens, j, t))
    n = _next_verb(tokens, k)
    return bool(before) and _verb(tokens, n, t)


def _next_verb(tokens: Sequence[Token], k: int) -> int:
    """Where the verb after the coordinator at ``k`` stands: past adverbs, an opener of its own
    ("or I'll read it", "ou je le lis") and a pronoun object before the verb ("lub go
    przeczytam", "o lo leggerò", "ou le lire")."""
    n = k + 1
    while n < len(tokens) and tokens[n].kind in ("ADV", "OPENER"):
        n += 1
    if n + 1 < len(tokens) and tokens[n].kind in _CLITIC and tokens[n + 1].kind in ("OPEN", "ACTING"):
        n += 1
    return n


def _object_between(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The coordinator at ``k`` follows a step's verb and its object written out or a pronoun
    ("delete `build/` or read it", "tar bort `build/` eller läser den", "אמחק את `build/` או
    אקרא"), and a verb follows it: the two verbs are disjoined as when they meet."""
    j = k - 1
    if j >= 0 and tokens[j].kind == "COMMA":
        j -= 1
    held = False
    while j >= 0 and tokens[j].kind in _HELD:
        held = held or tokens[j].kind in _OBJECT
        j -= 1
    if not held or j < 0:
        return False
    if j >= 1 and tokens[j].kind in ("PARTICLE", "PREP"):
        j -= 1
    if j < 0 or tokens[j].kind not in ("OPEN", "ACTING", "FINAL"):
        return False
    if tokens[j].kind == "FINAL":
        j -= 1  # an SOV ending: the stem before it is the verb
    verb = tokens[j].kind == "ACTING" or (_verb(tokens, j, t) and _placed(tokens, j, t))
    return verb and _verb(tokens, _next_verb(tokens, k), t)


def _second_step(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The coordinator at ``k`` opens a second step of its own, whatever stands before it: an
    opener and a verb ("the build directory or I'll read it") or a verb and a pronoun object
    ("the build directory or read it"); a noun after it ("the log or backup files") is not
    one."""
    n = k + 1
    while n < len(tokens) and tokens[n].kind == "ADV":
        n += 1
    if n < len(tokens) and tokens[n].kind == "OPENER":
        return _verb(tokens, _next_verb(tokens, k), t)
    return (_verb(tokens, n, t) and n + 1 < len(tokens)
            and tokens[n + 1].kind in ("PRON", "DEM"))


def _correlated(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """A correlative at ``k`` opens a branch of verbs: a verb right after it where the step's
    verb stands, and a coordinator or a correlative later in the sentence."""
    i = k - 1
    while i >= 0 and tokens[i].kind == "ADV":
        i -= 1
    if i >= 0 and tokens[i].kind != "OPENER":
        return False
    n = k + 1
    while n < len(tokens) and tokens[n].kind == "ADV":
        n += 1
    return _verb(tokens, n, t) and any(_either(x, t) for x in tokens[n + 1:])


def _or_ending(x: Token, t: Tongue) -> bool:
    """A verb's ending of alternatives closes the word ([g-or-ending]: "보관하거나")."""
    return x.kind == "OPEN" and any(t.marked(x.text[i:], "g-or-ending")
                                    for i in range(1, len(x.text)))


def _after_comma(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """A verb of a known kind ending in alternatives at ``k``, a comma and a second verb that is
    no verb of checking ("削除するか、読みます"; "削除するか、確認します" asks whether)."""
    n = k + 2
    return (t.kind_of(tokens[k].text) is not None and k + 1 < len(tokens)
            and tokens[k + 1].kind == "COMMA" and _verb(tokens, n, t)
            and tokens[n].text not in t.inquiry_verbs)


def disjoined(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, a coordinator or a correlative of two steps read as refusing (module
    docstring)."""
    out = list(tokens)
    if not any(x.kind in _STEP for x in out):
        return out
    for k, x in enumerate(out):
        if x.kind.startswith("!"):
            continue
        if x.kind == "INQUIRY" and not (t.marked(x.text, "g-or") and _object_between(out, k, t)):
            break  # a check's question ("check whether it passes or fails"; Dutch "of")
        hit = (x.kind == "AND" and t.marked(x.text, "g-or") and _joins_verbs(out, k, t)) or (
            x.kind not in ("CODE", "NUM") and t.marked(x.text, "g-or") and (
                _object_between(out, k, t) or _second_step(out, k, t))) or (
            _either(x, t) and _correlated(out, k, t)) or (
            _or_ending(x, t) and _verb(out, k + 1, t)) or (
            _or_ending(x, t) and _after_comma(out, k, t))
        if hit:
            out[k] = cast(Any, replace)(x, kind="!conditional")
            return out
    return out
