"""A quotation that labels the noun after it (h39a, issue 25; read by ``quotation.instructs``,
rule ``quoted-source``).

"The user wants to also support Cmd+Click on the grouped view's "New session here" `+`
button": the nearest verb of wanting before the quotation ("wants") was read as governing it,
so the quotation was a party's words and the observation refused. A quotation standing
between a determiner or a possessive ("the", "view's") and a plain noun ("button"; code in
between, `+`), in a noun phrase a preposition governs ("on the grouped view's ..."), is the
label of that noun, a name in the phrase, as "on the "Save" button" is: no verb governs it.
The object of a verb ("The admin requires a 'location' parameter", "wants the "X" button")
is read as before. A quotation holding a clause ("the "delete all files" option": a verb, more
words than a name has) is read before and still refuses; the label's words stay values a call
that changes something may not carry (``carried``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["labelled"]

_AFTER = frozenset({"PREP", "LPAR", "COMMA", "AND"})
"""What may follow the labelled noun: the end, a preposition, a bracket, a comma, "and"."""


def labelled(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The quotation at ``k`` labels the noun after it (module docstring)."""
    if k == 0 or not (tokens[k - 1].kind == "DET" or tokens[k - 1].text.endswith(("'s", "’s"))):
        return False
    j = k + 1
    while j < len(tokens) and tokens[j].kind == "CODE" and j - k <= 2:
        j += 1  # "`+` button"
    if j >= len(tokens) or tokens[j].kind != "OPEN" or t.kind_of(tokens[j].text) is not None:
        return False
    if not (j + 1 == len(tokens) or tokens[j + 1].kind in _AFTER or tokens[j + 1].text in ".;"):
        return False
    i = k - 1  # the phrase is a preposition's object, no verb's: "on the grouped view's ..."
    while i >= 0 and (tokens[i].kind in ("DET", "OPEN") or tokens[i].text.endswith(("'s", "’s"))) \
            and t.kind_of(tokens[i].text) is None:
        i -= 1
    return i >= 0 and tokens[i].kind == "PREP"
