"""A later step of leaving something out, after the step taken now (issue 25, rule
``negation``).

"Let me check and then skip this commit since it's already there." + ``git show``: the step
taken now is the check; "then skip this commit" says what the assistant will leave out after
it, and no call takes that. A sequencing "and then" ([g-sequence] last in the joiner: "and
then", or the adverb after a comma: ", then") right before a word of leaving out
([g-leave-out]: "skip") cuts the sentence there: the rest is the later step and its reasons,
read as no words (``later_skip``). Its words are a condition the announcement says
(``Announcement.waits``), so grounding lets only observing calls through
(``grounding.timed``): "Let me check and then skip the tests." + a test run, or + a delete,
still refuses, as the skipped thing's words ground nothing. A skip first ("skip the tests and
then deploy"), one after a comma or "and" alone, and a negation of any other word stay
refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["later_skip"]


def later_skip(tokens: Sequence[Token], t: Tongue) -> tuple[list[Token], list[str]]:
    """The sentence cut before a later step of leaving out, and that step's words (the module
    doc); the sentence and no words when it holds none."""
    for k in range(1, len(tokens) - 1):
        joiner, verb = tokens[k], tokens[k + 1]
        if verb.kind != "!negation" or not t.marked(verb.text, "g-leave-out") \
                or not t.has(joiner.text.split()[-1], "g-sequence"):
            continue
        # "and then skip", or ", then skip" (the adverb after a comma or "and")
        start = k if joiner.kind == "AND" else k - 1 if joiner.kind == "ADV" and tokens[
            k - 1].kind in ("COMMA", "AND") else None
        if start is not None and any(x.kind == "OPEN" for x in tokens[:start]) \
                and not any(x.kind == "!negation" for x in tokens[:start]):
            return list(tokens[:start]), [" ".join(x.text for x in tokens[k + 1:])]
    return list(tokens), []
