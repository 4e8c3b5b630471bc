"""A step's word that asks a question: "the user is testing if I remember the answer", "they
might be checking whether it works". An inquiry verb ([inquiry]: "test", "check", "verify")
whose next word opens an embedded question ([g-inquiry]: "whether", "what"; of the
condition words only [g-whether], "if") takes that
question as its object: the party examines whether something holds, it takes no step on a
thing (``reasoning._actor_of_step``). "They might be testing the deploy script" (an object)
is still their step; "the user will deploy if the tests pass" is no inquiry verb, its "if" a
condition."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["inquires"]


def inquires(toks: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is an inquiry verb (any inflection: "testing", "checks") right before
    a word that opens an embedded question, not a word of purpose ("to", "so"); a condition
    word only if it opens a yes-no question ([g-whether]: "if"), since "testing when the build
    passes" may wait for it."""
    if k + 1 >= len(toks):
        return False
    verb, nxt = str(toks[k].text), str(toks[k + 1].text)
    if not any(verb.startswith(w) for w in t.inquiry_verbs):
        return False
    if not t.has(nxt, "g-inquiry") or any(t.has(nxt, c) for c in ("g-purpose", "g-to")):
        return False
    return not t.has(nxt, "g-condition") or t.marked(nxt, "g-whether")
