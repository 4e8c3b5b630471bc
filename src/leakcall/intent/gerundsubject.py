"""A gerund phrase as the subject of a predicate of its own (issue 25, round 57 G1).

"Deleting `prod.db` now." announces a step: the English -ing form opens the sentence
([g-acting]) and stands for "I am deleting". "Deleting `prod.db` failed with this call:",
"... fails:", "... needs your OK.", "... helps:", "Granting eve admin works too:" make the
same phrase the subject of a finite verb: the sentence says something about the step (it
failed, it waits for consent, it would help), it announces none. The grammar juxtaposes the
content words of an object, so it placed the finite verb as one more word of the object.

The finite verb is read after the gerund's object (``predicate``), in the first clause (up to
"and", a comma, a dash, a bracket, a word asking "whether"/"why", a subject or a
demonstrative, each of which may open a clause with its own subject: "Checking why `foo`
fails" is a check), standing right after a word of the object (a code, a number, a word):

* an auxiliary or a modal ([g-aux], [g-copula], [g-mood]: "needs your OK");
* a third-person "-s" or past "-ed" form of a verb the lexicon knows (a kind or a [generic]
  verb, by the form or its stem: "helps", "works", "fixes", "helped") or of a word saying how
  a step went ([g-failed], [g-succeeded], [g-recap]: "fails", "failed"), right after a code
  or a number, which ends a noun phrase ("`prod.db` fails", "port 3389 helps"), or after a
  word no article or demonstrative is right before, so that the word is not the noun
  phrase's first noun ("eve admin works", "the admin role failed"; "the CI runs", "the files
  listed" keep their plural noun and participle).

English only: the other languages' [g-acting] forms are first-person or synthetic futures
with a subject of their own. The sentence is then no announcement: it is read as an
observation (so "Deleting `prod.db` failed. Let me retry it:" keeps its announcement), and
as the last sentence it refuses (rule unknown-preamble).
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["finite", "predicate"]

_BEFORE = frozenset({"ADV", "ACK", "COMMA", "CLITIC"})
"""Tokens that may stand before the sentence's -ing form ("Just deleting", "Now, deleting")."""

_INSIDE = frozenset({"OPEN", "CODE", "NUM", "DET", "ADV", "PREP", "TO", "PARTICLE"})
"""Tokens the first clause's object and its phrases are made of; any other ends the scan."""

_FINITE = ("g-aux", "g-copula", "g-mood")
_OUTCOME = ("g-failed", "g-succeeded", "g-recap")


def _stems(w: str) -> list[str]:
    """The word and the stems its "-s" or "-ed" ending may leave ("fixes": "fixe", "fix")."""
    out = [w]
    if w.endswith("ies"):
        out.append(w[:-3] + "y")
    if w.endswith("es"):
        out.append(w[:-2])
    if w.endswith("s"):
        out.append(w[:-1])
    if w.endswith("ied"):
        out.append(w[:-3] + "y")
    if w.endswith("ed"):
        out += [w[:-2], w[:-1]]
    return out


def _inflected(w: str) -> bool:
    """An "-s" or "-ed" form (no "-ss", "-us", "-is": "access", "status", "analysis")."""
    return len(w) >= 4 and (w.endswith("ed") or (
        w.endswith("s") and not w.endswith(("ss", "us", "is", "'s", "’s"))))


def _finite(x: Token, t: Tongue) -> bool:
    """A verb form with a subject of its own: an auxiliary, or an inflected verb or outcome."""
    w = x.text.casefold()
    if any(t.has(w, s) for s in _FINITE):
        return True
    if not _inflected(w):
        return False
    return any(t.has(w, s) for s in _OUTCOME) or any(
        t.kind_of(s) is not None for s in _stems(w))


def finite(x: Token, t: Tongue) -> bool:
    """An English verb form with a subject of its own ("blocked", "fails", "is"): no step
    spelled out after a dash, which is a verb with none ("- delete the temp files")."""
    return t.name == "en" and _finite(x, t)


def predicate(tokens: Sequence[Token], t: Tongue) -> Token | None:
    """The finite verb whose subject is the sentence's opening gerund phrase, or None."""
    if t.name != "en":
        return None
    k = 0
    while k < len(tokens) and tokens[k].kind in _BEFORE:
        k += 1
    if k >= len(tokens) or tokens[k].kind != "ACTING":
        return None
    for j in range(k + 1, len(tokens)):
        x = tokens[j]
        if x.kind not in _INSIDE:
            return None
        p = j - 1  # the word before, adverbs skipped ("`users` also works")
        while p > k and tokens[p].kind == "ADV":
            p -= 1
        if p == k or x.kind != "OPEN" or tokens[p].kind not in ("CODE", "NUM", "OPEN") \
                or not _finite(x, t):
            continue
        w = x.text.casefold()
        if any(t.has(w, s) for s in _FINITE) or tokens[p].kind != "OPEN":
            return x
        if p - 1 > k and tokens[p - 1].kind not in ("DET", "DEM"):
            return x  # "eve admin works", "the admin role failed"
    return None
