"""A step offered, then taken up: "I can use the add function to add 1 and 2 for you. Let me do
that right away." The second sentence is an opener, a verb of doing ([g-perform]: "do"), a
pronoun or demonstrative pointing back, and adverbs or courtesies only: its step is the step
of the sentence before, which it takes. The two are read as one announcement, the offer's
opener ([g-offer]: "I can") in the second sentence's opener's place ("Let me use the add
function to add 1 and 2 for you."), grounded as that clause would be: its verb, object and tool
name. Anything more in the second sentence (a time, a condition, an object of its own) leaves
both as they are, and the offer waits for a yes as before."""

from __future__ import annotations

from .detect import detect
from .words import tokenize

__all__ = ["taken_up"]

_SHORT = 60
"""Most characters of a sentence that only takes a step up ("Let me do that right away."):
a longer one says more, and is not read here (nor tokenized: a reply may be long)."""

_TAIL = frozenset({"ADV", "COURTESY"})
"""What may follow the pronoun in the sentence that takes the step up ("right away", "for you")."""


def taken_up(sentences: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The sentences with each offer that the next sentence takes up read as one announcement
    of the offered step (the taking-up sentence goes)."""
    out: list[tuple[str, str]] = []
    for body, end in sentences:
        if out and len(body) <= _SHORT and "?" not in out[-1][1] and "?" not in end:
            merged = _merged(out[-1][0], body)
            if merged is not None:
                out[-1] = (merged, end)
                continue
        out.append((body, end))
    return out


def _merged(offer: str, taking: str) -> str | None:
    """The offer sentence with its offering opener replaced by the opener of the sentence
    taking it up, or None when ``taking`` does not only take up ``offer``'s step."""
    t, other = detect(taking), detect(offer)
    if t is None or other is None or other.name != t.name:
        return None
    said = tokenize(taking, t)
    if len(said) < 3 or said[0].kind != "OPENER" or said[1].kind != "OPEN" or not t.has(
            said[1].text, "g-perform") or said[2].kind not in ("DEM", "PRON") or any(
            x.kind not in _TAIL for x in said[3:]):
        return None
    offered = tokenize(offer, t)
    first = next((x for x in offered if x.kind == "OPENER"), None)
    if first is None or not t.has(first.text, "g-offer"):
        return None
    return offer[: first.start] + said[0].text + offer[first.end :]
