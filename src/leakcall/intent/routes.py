"""A route's two places and the preposition a verb of searching takes (issue 25, rule
``conditional``): words a lexicon lists as conditions that, in one closed slot, name no time.

A route ("서울에서 부산까지", "東京から大阪まで": from Seoul to Busan): the word of a route's
end ([g-route-to]: "까지", "まで", also "until") right after a plain noun that itself follows
a noun and the word of a route's start ([g-route-from]: "에서", "から") names the place the
route ends at, no time the step waits for, in a sentence whose every step observes (a search
for flights): an event noun is a plain word too ("서버에서 승인까지 배포", from the server
until approval, deploy), so a changing step keeps the refusal. The noun before it must be a
plain word: a time ("금요일까지", until Friday; "내일까지") keeps its refusal, as does a
number ("3시까지").

A verb of searching's preposition ([g-search-prep]: Swedish "söka efter", to search for):
right after a verb of a looking kind (read, list, search), the word names what is looked
for, not "after"; after any other verb ("radera grenen efter mötet") it is a condition
still. Each rewrite only changes the kind of tokens, so grounding reads the same words."""

from __future__ import annotations

from collections.abc import Sequence

from .observing import LOOKING
from .relatives import _observing
from .words import Token, Tongue, tokenize

__all__ = ["routed", "searched"]

_SEEN: dict[str, tuple[str, ...]] = {}
"""The words of a route's end of each language read so far, longest first."""


def _plain(word: str, t: Tongue) -> bool:
    """The word is one plain noun: no digit, tokenized alone as a word of no class."""
    if any(c.isdigit() for c in word):
        return False
    got = tokenize(word, t)
    return len(got) == 1 and got[0].kind == "OPEN" and t.kind_of(word) is None


def _ending(x: Token, t: Tongue) -> str | None:
    """The [g-route-to] word that ends the token, glued to its noun ("부산까지") or alone."""
    ends = _SEEN.get(t.name)
    if ends is None:
        ends = _SEEN[t.name] = tuple(sorted(
            (w for w, s in t.words.items() if "g-route-to" in s), key=len, reverse=True))
    return next((w for w in ends if x.text.endswith(w)), None)


def routed(tokens: Sequence[Token], t: Tongue) -> list[Token]:
    """The tokens with each route's end read as a postposition after its place, in a sentence
    whose every step observes (``relatives._observing``), or as they are."""
    out = list(tokens)
    if not _observing(out, t):
        return out
    k = 0
    while k < len(out):
        x = out[k]
        end = _ending(x, t) if x.kind == "!conditional" else None
        if end is None:
            k += 1
            continue
        stem = x.text[: len(x.text) - len(end)]
        if stem:  # glued: "부산까지" after "서울 에서"
            ok = k >= 2 and out[k - 1].kind == "POSTP" and t.has(out[k - 1].text, "g-route-from") \
                and out[k - 2].kind == "OPEN" and _plain(stem, t)
            if ok:
                s = x.start + len(stem)
                out[k : k + 1] = [Token("OPEN", stem, x.start, s), Token("POSTP", end, s, x.end)]
                k += 1
        elif k >= 3 and out[k - 1].kind == "OPEN" and _plain(out[k - 1].text, t) and \
                out[k - 2].kind == "POSTP" and t.has(out[k - 2].text, "g-route-from") and \
                out[k - 3].kind == "OPEN":  # "東京 から 大阪 まで"
            out[k] = Token("POSTP", x.text, x.start, x.end)
        k += 1
    return out


def searched(tokens: Sequence[Token], t: Tongue) -> list[Token]:
    """The tokens with a condition word of [g-search-prep] right after a verb of a looking
    kind read as a preposition ("jag söker efter timeout-inställningen"), or as they are."""
    out = list(tokens)
    for k in range(1, len(out)):
        x, verb = out[k], _verb(out, k)
        if x.kind == "!conditional" and t.has(x.text, "g-search-prep") and \
                verb.kind in ("OPEN", "ACTING") and t.kind_of(verb.text) in LOOKING:
            out[k] = Token("PREP", x.text, x.start, x.end)
    return out


def _verb(tokens: Sequence[Token], k: int) -> Token:
    """The word whose preposition ``k`` may be: the one before it, or the one before a place
    phrase between them (a preposition and up to three nouns: "söker i inkorgen efter
    mejlet") when a noun phrase follows ``k``; a clause after it ("efter att du bekräftat")
    is none."""
    j = k - 1
    while j > 0 and tokens[j].kind in ("OPEN", "DET", "CODE") and k - j <= 3:
        j -= 1
    if 0 < j < k - 1 and tokens[j].kind == "PREP" and k + 1 < len(tokens) and \
            tokens[k + 1].kind in ("OPEN", "DET", "CODE"):
        return tokens[j - 1]
    return tokens[k - 1]
