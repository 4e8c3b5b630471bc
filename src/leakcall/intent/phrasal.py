"""Phrasal verbs: an announced verb with its particle is not the bare verb (issue 25, h26e).

"I'll sign in to the portal." signs no contract, "I'll set up the project." sets no price,
"I'll close out the sprint." closes no account: the verb and its particle make a verb of their
own, so the bare verb's word in a tool's name (``sign_contract``, ``set_price``) is not the
announced step. A verb's particle (``phrasal``) is the particle right after it ([g-particle]:
"set up", "wind down"), one closing its clause after its object ("set the project up"), a
preposition closing it after a pronoun object ("hand it over"), a
preposition right after it that takes no object of its own ("sign in to the portal", "log in.")
or one the language's lexicon pairs with the verb ([g-phrasal-prep]: "turn on", "hand over",
"check in"). A tool's name grounds such a verb (``carried``) only when the call carries the
particle too: as a word of its name (``sign_in``, ``turn_off_light``), joined to the verb
(``setup``, ``login``, ``backup_database``) or as a value ("scroll down" + ``direction:
down``). A verb whose call does not carry its particle grounds nothing through its name: the
call is grounded by its kind and its object, as after a verb the name does not say."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from .announcement import Announcement
from .memo import folded
from .words import Token, Tongue

__all__ = ["carried", "grounds", "phrasal", "unborne"]

_VERB = frozenset({"OPEN", "ACTING"})
_FREE = frozenset({"PREP", "TO", "COMMA", "AND", "ADV"})
"""What may follow a preposition that takes no object ("sign in to", "log in now", "log in,")."""
_CLOSE = frozenset({"COMMA", "AND"})
_PRONOUN = frozenset({"PRON", "DEM"})


def phrasal(tokens: Sequence[Token], t: Tongue, verbs: Collection[str]) -> list[tuple[str, str]]:
    """(verb, particle) of each verb of ``verbs`` that says a particle (module doc)."""
    out: list[tuple[str, str]] = []
    for k, x in enumerate(tokens[:-1]):
        if x.kind not in _VERB or x.text not in verbs:
            continue
        y = tokens[k + 1]
        word = y.text.casefold()
        if y.kind == "PARTICLE" or (y.kind == "PREP" and (
                k + 2 == len(tokens) or tokens[k + 2].kind in _FREE
                or t.marked(f"{x.text.casefold()} {word}", "g-phrasal-prep"))):
            out.append((x.text, word))
    for m, y in enumerate(tokens):
        # a particle closing its clause after the verb's object, or a preposition after a
        # pronoun one: "set the project up", "hand it over" ("click Sign in": a label's word)
        if not (y.kind == "PARTICLE" or (y.kind == "PREP" and tokens[m - 1].kind in _PRONOUN)) \
                or not (m + 1 == len(tokens) or tokens[m + 1].kind in _CLOSE):
            continue
        j = next((i for i in range(m - 1, -1, -1) if tokens[i].kind in _CLOSE or (
            tokens[i].kind in _VERB and tokens[i].text in verbs)), None)
        if j is not None and j + 1 < m and tokens[j].kind in _VERB:
            out.append((tokens[j].text, y.text.casefold()))
    return out


def carried(verb: str, particle: str, name: Sequence[str], values: Collection[str]) -> bool:
    """The call carries the particle of ``verb``: a word of its name (``name``: its words), a
    name word joining verb and particle ("setup", "log-in"), or a whole value ("down")."""
    v = verb.casefold()
    return particle in name or particle in values or any(
        w.startswith(v[:3]) and w.replace("-", "").endswith(particle) and len(w) > len(particle)
        for w in name)


def unborne(ann: Announcement, name: Sequence[str], values: Iterable[str]) -> frozenset[str]:
    """The announced verbs (each as often as said) whose particle the call (``name``: its
    name's words; ``values``) does not carry: their word in the name is another verb's. A verb
    also said without a particle ("set up the repo and set the flag") is kept."""
    vals = frozenset(folded(x.strip()) for x in values)
    said, phrases = [v for v, _k in ann.verbs], ann.phrasal
    return frozenset(v for v, _p in phrases if said.count(v) <= sum(
        1 for v2, _ in phrases if v2 == v) and not any(
        carried(v, p, name, vals) for v2, p in phrases if v2 == v))


def _headed(ann: Announcement, values: Sequence[str]) -> frozenset[str]:
    """The verbs of kind run the announcement gives an object noun ("run the tests"), when no
    value of the call holds them (r50 G6): the noun, not the verb, says which command runs, so
    "run" of ``run_command`` names none ("I'll run the tests." + ``ssh-add -D``, as "je lance
    les tests" never did); "serve the app" + ``npm run serve`` keeps its verb."""
    text = " ".join(map(folded, values))  # casefold reads each character alone
    runs = {v for v, k in ann.verbs if k == "run"}
    return frozenset(v for v, head in ann.heads if head and v in runs and v.casefold() not in text)


def grounds(ann: Announcement, name: Sequence[str], values: Iterable[str],
            alone: bool) -> tuple[str, ...]:
    """The announcement's words a call is grounded in when one occurs in it, and its verbs
    for a call ``alone``, but those ``unborne`` (of the call's ``name`` words and ``values``):
    a verb whose particle the call does not carry is another verb's word ("sign in" +
    ``sign_contract``), and a run's verb given an object noun is no word of its (``_headed``)."""
    values = tuple(values)
    other = unborne(ann, name, values) | _headed(ann, values)
    return (*(o for o in ann.objects if o not in other),
            *(v for v, _k in ann.verbs if v not in ann.objects and v not in other and alone))
