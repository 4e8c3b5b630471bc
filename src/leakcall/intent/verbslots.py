"""Where a verb slot opens inside an announcement besides its opener: a comma and a sequencing
"then" ("read the file, then run the tests"), and the purpose verb a generic verb's party
complement does not make a means ("check with Priya to run")."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["accompanied", "then_step"]


def then_step(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """A comma before a sequencing "then" ([g-then]) joins a next step as "and" does ("read
    the file, then run the tests"); no other adverb after a comma opens a verb slot."""
    return tokens[k].kind == "COMMA" and k + 1 < len(tokens) and tokens[k + 1].kind == "ADV" \
        and t.has(tokens[k + 1].text, "g-then")


def accompanied(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The purpose verb at ``k`` follows a generic verb whose complement opens with a
    preposition, not an object ("check with Priya to run", "work with Dana to run"): the
    purpose is what is done with that party, not a means the assistant uses ("use the shell
    to delete", "call the API to fetch")."""
    j = k - 1
    while j >= 0 and tokens[j].kind not in ("OPENER", "HELP", "AND", "ACTING"):
        if tokens[j].kind == "OPEN" and t.kind_of(tokens[j].text) == "generic":
            return j + 1 < len(tokens) and tokens[j + 1].kind == "PREP"
        j -= 1
    return False
