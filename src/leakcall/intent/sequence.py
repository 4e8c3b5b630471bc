"""A step taken out of its order (issue 25, h79a): an observation that places the work at one
numbered step of a sequence and the step at hand at a later one with steps between ("We're
still on step 2 of the migration plan; this is step 6.") says the steps it depends on are
not done, as a missing safeguard does (``safeguards``). The next step ("We're on step 5;
this is step 6.", "Step 2 is done; this is step 3.") skips nothing. The nouns of a numbered
sequence are a closed class of each lexicon ([g-step-noun]: step, stage, phase, Schritt,
étape, paso)."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["numbered", "skipped"]

Said = tuple[str, str, frozenset[str]]


def numbered(tokens: Sequence[Token], t: Tongue) -> list[Said]:
    """("sequence", the noun, {its number}) for each numbered step the sentence names ("step
    2"); ``skipped`` reads them over all the observations (a semicolon parts a sentence)."""
    return [("sequence", x.text, frozenset({tokens[k + 1].text}))
            for k, x in enumerate(tokens[:-1])
            if t.has(x.text.lower(), "g-step-noun") and tokens[k + 1].kind == "NUM"
            and tokens[k + 1].text.isdigit() and len(tokens[k + 1].text) <= 3]


def skipped(said: Sequence[Said]) -> list[Said]:
    """The observations' readings without the numbered steps, and (rule, the words that say
    it, the next step) when two numbered steps have a step between them: a step taking only
    the next one repairs it."""
    kept = [x for x in said if x[0] != "sequence"]
    steps = [(noun, int(n)) for rule, noun, ns in said if rule == "sequence" for n in ns]
    if len(steps) < 2:
        return kept
    (noun, lo), (_, hi) = min(steps, key=lambda p: p[1]), max(steps, key=lambda p: p[1])
    if hi - lo <= 1:
        return kept
    return [*kept, ("conditional", f"{noun} {lo} ... {noun} {hi}",
                    frozenset({noun.lower(), str(lo + 1)}))]
