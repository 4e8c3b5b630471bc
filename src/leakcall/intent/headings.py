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

``headed`` reads the label: a word of [g-step-label] and a number, a sentence of its own that
ends with a colon right before the last sentence; or a list number opening the view's last
line, which holds the last sentence, with no list item on a line before it (an item of a
list is no heading: ``itemized``)."""

from __future__ import annotations

import re

from .detect import detect
from .itemized import _ITEM
from .words import tokenize

__all__ = ["headed"]

_NUMBERED = re.compile(r"[ \t]*\d{1,2}[.)][ \t]+\S")
"""A line that opens with a list number ("3. Update ..."); a dash or a bullet numbers nothing."""
_NUMBER = re.compile(r"^[ \t]*\d{1,2}[.)][ \t]+")


def headed(view: str, sentences: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], bool]:
    """The sentences with a step label before the last one dropped, and whether the last
    sentence is a numbered step's heading."""
    if len(sentences) >= 2 and sentences[-2][1].rstrip("\n") in (":", "："):
        t = detect(sentences[-2][0])
        label = tokenize(sentences[-2][0], t) if t is not None else []
        if (len(label) == 2 and t is not None and t.marked(label[0].text, "g-step-label")
                and label[1].kind == "NUM"):
            return sentences[:-2] + sentences[-1:], True
    lines = [x for x in view.split("\n") if x.strip()]
    if (sentences and lines and _NUMBERED.match(lines[-1]) is not None
            and not any(_ITEM.match(x) for x in lines[:-1])
            and _NUMBER.sub("", lines[-1]).strip()
            == sentences[-1][0] + sentences[-1][1].rstrip("\n")):
        return sentences, True
    return sentences, False
