"""What an announcement's tokens name: the words in its verb slots (``_verbs``), a generic verb's
step noun (``_step_noun``), and its object's content words (``_content``), which ``preamble``
keeps for grounding.
"""

from __future__ import annotations

from collections.abc import Sequence

from .compounds import concept_phrases, glued_concepts
from .means import means_slot
from .nounconjunct import noun_conjunct
from .particleverbs import particle_kind
from .verbslots import accompanied, then_step
from .words import Token, Tongue


def _verbs(tokens: Sequence[Token], t: Tongue,
           steps: bool = False) -> list[tuple[str, str | None]]:
    """The words in a verb slot: after an opener and its adverbs, HELP (YOU), TO or AND, an
    -ing opener, the stem before a FINAL ending, none after [g-inquiry] (a question's verbs
    take no step); ``steps``: the first word too (a spelled-out step after a colon)."""
    out: list[tuple[str, str | None]] = []
    after = steps
    purpose = asked = False  # the slot follows TO; asked: after [g-inquiry] (whether, if)
    governing: str | None = None  # the kind of the last verb not in a purpose slot
    sov = t.order == "sov"
    for k, x in enumerate(tokens):
        if x.kind == "ACTING":
            out.append((x.text, particle_kind(tokens, k, t) or t.kind_of(x.text)))
            governing = out[-1][1]
            after = purpose = False
            if governing == "generic" and t.has(x.text, "g-perform"):
                named = _step_noun(tokens, k + 1, t)  # "haré el commit", "faccio il commit"
                if named is not None:
                    out.append(named)
            continue
        asked = asked or (x.kind == "INQUIRY" and not sov)  # "check whether we need to delete it"
        if x.kind == "FINAL":
            j = k - 1
            if j >= 0 and tokens[j].kind == "OPEN":
                out.append((tokens[j].text, t.kind_of(tokens[j].text)))
            continue
        if x.kind == "YOU" and not (k and tokens[k - 1].kind == "HELP"):
            # "send you the summary", "let you run it": you take that step, not the assistant
            after = purpose = False
            continue
        if not sov and (x.kind in ("OPENER", "HELP", "YOU", "TO", "AND") or then_step(tokens, k, t) or (
                x.kind == "DASH" and k + 1 < len(tokens) and tokens[k + 1].kind == "OPEN")):
            # a dash before a verb with no opener: a step spelled out (``_undashed``)
            after = True
            purpose = x.kind == "TO"
            if x.kind == "HELP":
                governing = "generic"
            continue
        if not sov and x.kind == "PREP" and means_slot(tokens, k, t):
            after, purpose = True, False  # "fix it by running the migration": a step taken
            continue
        if after and (x.kind == "ADV" or (x.kind == "COURTESY" and k and tokens[k - 1].kind in (
                "OPENER", "ADV", "COURTESY"))):
            continue  # "我来为您查询": a courtesy before the verb keeps its slot open
        if after and x.kind == "OPEN" and not asked and not noun_conjunct(tokens, k, t):
            kind = particle_kind(tokens, k, t) or t.kind_of(x.text)  # "tar bort" (``particleverbs``)
            if not purpose:
                governing = kind
            elif governing not in ("generic", "run") or (governing == "generic"
                                                        and accompanied(tokens, k, t)):
                # "write down the command to delete the logs", "ping Marco to run it": the
                # purpose of a step that is not a means (use, call, run) is not a step taken;
                # nor is that of a generic verb whose complement is a party it acts with
                # ("check with Priya to run the migration"), not a means it uses
                after = purpose = False
                continue
            out.append((x.text, kind))
            # h29a: a verb of [g-perform] of no kind ("complete the remaining change") too
            if kind in ("generic", None) and not purpose and t.has(x.text, "g-perform"):
                named = _step_noun(tokens, k + 1, t)
                if named is not None:
                    out.append(named)
        after = purpose = False
    return out


def _step_noun(tokens: Sequence[Token], k: int, t: Tongue) -> tuple[str, str] | None:
    """The step a generic verb of [g-perform] takes through its object ("proceed with the
    cancellation", "do the deletion"): the object's first content word, when the lexicon gives
    it a kind of its own."""
    while k < len(tokens) and tokens[k].kind == "ADV":
        k += 1
    if k < len(tokens) and tokens[k].kind == "PREP":
        k += 1
    # an amount before the head names how much, not what ("issue the $25.00 refund")
    while k < len(tokens) and tokens[k].kind in ("DET", "NUM"):
        k += 1
    # the head of its phrase, past its modifiers: "the deletion review" a review, "a full refund" a refund
    h = next((j for j in range(k, len(tokens)) if j + 1 == len(tokens) or tokens[j + 1].kind != "OPEN"), k)
    if k < len(tokens) and tokens[k].kind == "OPEN" and all(x.kind != "CODE" for x in tokens[h + 1 : h + 2]):
        kind = t.kind_of(tokens[h].text)
        if kind not in (None, "generic"):
            return tokens[h].text, kind
    return None


def _content(tokens: Sequence[Token], t: Tongue, verbs: set[str]) -> list[str]:
    """The content words and code tokens (verbs included: "install" names ``pip install``;
    ``[g-meta]`` words name nothing)."""
    del verbs
    words = [x.text for x in tokens if x.kind in ("OPEN", "CODE", "NUM") and x.text not in t.meta]
    return words + concept_phrases(tokens, t) + glued_concepts(tokens, t)
