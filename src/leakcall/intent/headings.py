"""A step heading: the preamble's last sentence headed by a step's number ("**Step 2: Call
`lookup_refund_policy` for order-123.**", "**Step 1**: Add `slashCommandsLenRef` near the other
refs.", "3. Update `append_args_part` to sync `_full_url`:").

A numbered step heads the step the text goes on to take, as a sequencing adverb does ("Now
update the import:", ``imperatives.sequenced``), and a how-to numbers its steps the same way
("Step 3: delete the old backups."). So a heading makes its sentence the assistant's narrated
step in that place only, on the same terms: the sentence is the preamble's very last one, an
imperative (or a status form, "Step 1: Calling web_fetch on ..."), none of its verbs takes a
step that cannot be taken back, no observation stands before it, no sentence addresses the
reader, and no call of such a step is grounded after it (``grounding.joint``). A heading that
says no step ("Second roll:") announces nothing; a label of another noun ("Scene 3:", "Option
2:") is a section's name, never a step's (``labels``).

A heading after an observation is still the assistant's own step where every observation
before it is the assistant's own account of its work (``own_report``): its subject is the
assistant ("Thanks, I've verified your identity.\n\n**Step 2: Look up the order.**", "I'll
go through this in steps.\n\n**Step 1: List the open pull requests.**"), the reader no
actor of it ("you"), nothing of it told, shown or read from a text ("I found the steps in the
README.", "I'll explain the steps.", "Here is the guide."): a how-to's setting ("The setup
happens in the browser.") has no such subject. A possessive "your" in it is the reader's
thing the assistant worked on, no instruction to the reader.

A heading may also head a sentence that a run of narrated steps follows, each opened by a
[g-sequence] adverb ("**Change 2:** Add `lastLoadedRef`. First, add the ref after
`workspaceRequestRef`:", ``imperatives.runs_on``): the headed sentence and each of the run are
narrated steps on the same terms; an observation after the headed sentence breaks it.

``headed`` reads the label: a phrase of [g-step-next] ("Next step", "Nächster Schritt",
"下一步"), which orders the step as a [g-sequence] adverb does ("Next, run ..."); a word of
[g-step-label] ("Step 2", "Change 2") and a number, at
most with a preposition
and the assistant's plan after it ([g-plan-noun]: "Step 2 of the plan"), or a count of two or
more of [g-step-count] ("Two steps", "Two changes needed"), a sentence of its own that ends
with a colon right before the sentence it heads; or a list number opening the view's last line,
which holds the last sentence, with no list item on a line before it (an item of a
list is no heading: ``itemized``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .detect import detect
from .figures import spoken
from .imperatives import runs_on
from .itemized import _ITEM
from .tables import lexicon
from .words import Token, Tongue, tokenize

__all__ = ["headed", "own_report"]

_NUMBERED = re.compile(r"[ \t]*\d{1,2}[.)][ \t]+\S")
"""A line that opens with a list number ("3. Update ..."); a dash or a bullet numbers nothing."""
_NUMBER = re.compile(r"^[ \t]*\d{1,2}[.)][ \t]+")


def headed(view: str, sentences: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], int | None]:
    """The sentences with a step label dropped, and the index of the sentence a numbered
    step's heading heads, or None: the last one, or one a run of narrated steps follows
    (``imperatives.runs_on``: "**Change 2:** Add the ref. First, add it after `x`:")."""
    for j in range(len(sentences) - 2, -1, -1):
        if sentences[j][1].rstrip("\n") not in (":", "：") or (
                j + 2 < len(sentences) and not runs_on(sentences, j + 2)):
            continue
        t = detect(sentences[j][0])
        label = tokenize(sentences[j][0], t) if t is not None else []
        if t is not None and _label(label, t):
            return sentences[:j] + sentences[j + 1:], j
    lines = [x for x in view.split("\n") if x.strip()]
    if (sentences and lines and _NUMBERED.match(lines[-1]) is not None
            and not any(_ITEM.match(x) for x in lines[:-1])
            and _NUMBER.sub("", lines[-1]).strip()
            == sentences[-1][0] + sentences[-1][1].rstrip("\n")):
        return sentences, len(sentences) - 1
    return sentences, None


def _label(label: Sequence[Token], t: Tongue) -> bool:
    """The label numbers a step of the assistant's plan: a word of [g-step-label] and a
    number ("Step 2"), then at most a preposition and a phrase of [g-plan-noun] ("Step 2 of
    the plan"; "of the tutorial" is a how-to's); or a count of two or more and a word of
    [g-step-count] ("Two steps", "Two changes"), at most with a word of [g-step-need] after
    it ("Two changes needed"); or a phrase of [g-step-next] ("Next step", "Final step"): the
    step that comes next in the assistant's work, as "next" opens a narrated step."""
    if 1 <= len(label) <= 3 and t.marked(" ".join(x.text for x in label), "g-step-next"):
        return True  # "Next step:", "Nächster Schritt:": the step the text goes on to take
    if len(label) >= 2 and t.marked(label[0].text, "g-step-label") and label[1].kind == "NUM":
        rest = label[2:]
        return not rest or (len(rest) >= 2 and rest[0].kind == "PREP" and t.marked(
            " ".join(x.text for x in rest[1:]), "g-plan-noun"))
    count = spoken(label[0].text) if len(label) in (2, 3) else None
    return count is not None and count >= 2 and t.marked(label[1].text, "g-step-count") and (
        len(label) == 2 or t.marked(label[2].text, "g-step-need"))


_LEADS = ("ACK", "COMMA", "ADV")
"""Tokens that may stand before the subject of the assistant's own account ("Thanks, ...")."""
_TEXTS = ("content", "publication", "sent")
"""Cue sections of a text another wrote (a guide, the docs, a message): steps read from one."""


def own_report(tokens: Sequence[Token], body: str, t: Tongue) -> bool:
    """The observation is the assistant's own account of its work: after acknowledgements and
    adverbs its subject is the assistant (an opener, or a word of [g-step-self]), the reader
    is in it only as an owner ("your identity"), and no word tells, shows or names a text."""
    k = 0
    while k < len(tokens) and tokens[k].kind in _LEADS:
        k += 1
    if k == len(tokens) or not (tokens[k].kind == "OPENER"
                                or t.marked(tokens[k].text, "g-step-self")):
        return False
    if any(x.kind in ("YOU", "HELP") or t.has(x.text, "g-tell") or t.has(x.text, "g-show")
           for x in tokens):
        return False
    cues = lexicon().clause_cues
    return not any(cues[c].search(body) is not None for c in _TEXTS)
