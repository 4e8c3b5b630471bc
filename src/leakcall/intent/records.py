"""Records: the noun of a step's record after a looking verb in a tool's name.

"get_payment", "show_commit": a payment and a commit exist only once their step is taken
([made-step] in kinds.txt), so after a verb that only looks ([looking-lead]) such a last name
word is what the tool reads, not a second step ("search_replace" keeps its "replace", a verb
of no record). The reading holds only when the tool's description says the look and nothing
beside it: its first paragraph one sentence that opens with a looking verb (not one of
[obtaining]: "Get a refund" may take one) and has no word of a second clause
([clause-joiners]: "Retrieves a payment and captures it." may capture). A tool with no
description keeps both kinds.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from .kindsfile import section
from .observing import OBSERVING

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_SENTENCE_END = re.compile(r"[.!?]\s+\S")
_CLAUSE_MARK = re.compile(r"[,;:()\[\]]")


def looked_at(words: list[str], steps: Collection[str], description: str | None,
              table: Mapping[str, frozenset[str]]) -> bool:
    """The name's last word, of kinds ``steps``, names the record its looking first word
    reads, as the description confirms."""
    if not steps or not words or words[0] not in section("looking-lead"):
        return False
    if not set(steps) <= section("made-step") or not description:
        return False
    first = description.strip().split("\n", 1)[0].strip()
    if _SENTENCE_END.search(first) or _CLAUSE_MARK.search(first):
        return False
    said = [w.casefold() for w in _WORD.findall(first)]
    if not said or any(w in section("clause-joiners") for w in said):
        return False
    lead = next((w for w in (said[0], said[0][:-1], said[0][:-2], said[0][:-3] + "y")
                 if w in table), None)  # "Shows", "Fetches", "Retrieves"
    return lead in section("looking-lead") - section("obtaining") and table[lead] <= OBSERVING
