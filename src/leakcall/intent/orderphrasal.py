"""A phrasal verb of an order that changes the working tree (h11g, round 42 gap 8).

"Review src/auth for bugs and check out the release branch.": "check" alone finds out
([g-inquiry-verb]), but "check out" with its particle switches the working tree to another
branch, as ``git checkout`` does. ``subagent`` reads a verb and particle of [g-phrasal-commit]
in a launch's order as a step of kind commit, which only a verb of its kind announces."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["phrasal_step"]


def phrasal_step(tokens: Sequence[Token], k: int, t: Tongue) -> tuple[str, str] | None:
    """The verb at ``k`` and the particle after it are a phrasal verb that changes the working
    tree ([g-phrasal-commit]: "check out the release branch"): (the phrase, kind commit)."""
    if k + 1 >= len(tokens) or tokens[k].kind != "OPEN" or tokens[k + 1].kind != "PARTICLE":
        return None
    phrase = f"{tokens[k].text} {tokens[k + 1].text}"
    return (phrase, "commit") if t.marked(phrase, "g-phrasal-commit") else None
