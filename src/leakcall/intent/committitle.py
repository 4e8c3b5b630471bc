"""A commit's title quoted beside its id, in an observation (h36c, issue 25).

"The suspect commit is `416bc1b` — "fix(web): preserve slash commands on reconnect and add
initialize retry logic (#1359)"." quotes what the commit's message says it did, as
``git log --oneline`` shows it: a name of the commit, not a party's words that could
instruct (``quotation``). A quotation is such a title (``titled``) when it stands right after
a commit id written as code (7 to 40 hex digits, at least one of them a digit and one a
letter: `416bc1b`), a dash or an opening bracket between them, and it closes the sentence
or the bracket. The tokenizer reads such a title as one quoted CODE token however long
(``pieces._titled``: a commit's first line may pass the 80 characters of a quoted name), and
the sentence cutter cuts nothing inside it. Read as a title, it refuses nothing by itself in
an observation (rule ``quoted-source``); a call that changes something and carries its words
is still refused where it is read beside the call (``carried``). Elsewhere (no id before it,
"The README says "..."", words after it, an announcement) a quotation is read as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from .pieces import COMMIT_ID
from .words import Token

__all__ = ["titled"]

_APPOSITION = frozenset({"DASH", "COMMA", "LPAR"})
"""Tokens between an id and its title: a dash (read as a comma inside a sentence), an opening
bracket."""


def titled(tokens: Sequence[Token]) -> frozenset[int]:
    """The index of every commit title quoted right after its id (module docstring)."""
    out: set[int] = set()
    for k in range(len(tokens) - 2):
        x, sep, title = tokens[k], tokens[k + 1], tokens[k + 2]
        if x.kind != "CODE" or COMMIT_ID.fullmatch(x.text) is None or sep.kind not in _APPOSITION \
                or sep.text in (",", "，") or title.kind != "CODE" or title.text[:1] != '"':
            continue
        rest = tokens[k + 3:]
        if not rest or (sep.kind == "LPAR" and rest[0].kind == "RPAR") or all(
                y.kind == "!non-prose" and not y.text[:1].isalnum() for y in rest):
            out.add(k + 2)
    return frozenset(out)
