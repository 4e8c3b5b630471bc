"""A colon that closes a sentence naming nothing (round 46 controls 161/162, h21b).

"Here's my plan: 1. Check the failing test output. 2. Read the handler. Let's start:" ends
with a colon, so the announcement points forward (``Announcement.forward``), and a verified
test (``verified``: "check whether the tests pass") was not read before it: what is checked
may be the markup itself ("Let me check that the tests pass with this:"). Here the colon
closes a sentence of its own that announces a step with no object, no pronoun and no other
word ("Let's start:", "Let's begin:", "Here goes:" read as such): it starts the steps the
sentences before it named and points at nothing, so it withholds nothing. A colon after a
sentence with any object ("Let me check the test output:") keeps withholding.
"""

from __future__ import annotations

from .preamble import Announcement, announce
from .sentences import _sentences

__all__ = ["bare_colon"]


def bare_colon(ann: Announcement) -> bool:
    """The announcement ends with a colon closing a sentence of its own, after others, that
    announces a step naming nothing (see the module)."""
    if not ann.forward:
        return False
    parts = _sentences(ann.text)
    if len(parts) < 2 or ":" not in parts[-1][1]:
        return False
    last = announce(parts[-1][0] + ":")
    if not isinstance(last, Announcement) or len(last.steps) != 1:
        return False
    verb, _kind, nouns, pronoun = last.steps[0]
    # (``Announcement.pronoun`` holds for a step with no object too: the step's own flag)
    return not nouns and not pronoun and not last.named and set(last.objects) <= {verb}
