"""A check that something is absent: "验证没有残留日志", "verify no debug logs remain".

A verb of verifying ([g-verify]) right before a negation of absence ([g-absent-clause]) and a
word says what the check makes sure of (``embedded.checks_state``): that no such thing is
left. Two readings follow from it.

- ``bare_check``: in a language whose bare verb is the imperative too ([g-bare-acting]), a
  sentence opened so ("验证没有残留日志，然后检查构建。") is the assistant's look, as "检查构建。"
  is: it finds out a state and changes nothing. Only when no later clause opens with a verb
  of a changing kind ("…，然后删除构建目录" stays an instruction to the reader, refused), and
  the absence is no step's own ("验证没有。", "验证没有和…" stay refused).
- ``searches``: making sure that no X is left is looking for X: such an announced check also
  announces a search, so a call that only searches (a grep) is grounded by its kind, as after
  "search for X". "check for X" (a verb of no kind) and "verify X" (no absence) do not.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actors import _changes
from .announcement import Announcement
from .tables import tongues_of
from .words import Token, Tongue, tokenize

__all__ = ["bare_check", "searches"]

_AFTER = ("OPEN", "CODE", "NUM")
"""What follows the negation of absence: the thing found absent."""


def _absence_at(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """``tokens[k]`` is a verb of verifying right before a negation of absence, a word, and no
    joining, condition or deferral word after that word's negation (``embedded.checks_state``'s
    reading of the announced verb)."""
    if k + 2 >= len(tokens) or tokens[k].kind not in ("OPEN", "ACTING") \
            or not t.has(tokens[k].text, "g-verify"):
        return False
    neg, what = tokens[k + 1], tokens[k + 2]
    return neg.kind == "NEG" and t.marked(neg.text, "g-absent-clause") and what.kind in _AFTER \
        and not any(t.has(what.text, s) for s in ("g-and", "g-condition", "g-deferral"))


def bare_check(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence opens with a bare verb of verifying that checks an absence, and no later
    clause opens with a verb of a changing kind: a look, not a bare changing imperative."""
    return bool(tokens) and tokens[0].kind == "ACTING" and _absence_at(tokens, 0, t) and not any(
        x.kind == "ACTING" and _changes(t.kind_of(x.text)) for x in tokens[1:])


def searches(ann: Announcement) -> bool:
    """An announced verb of verifying checks an absence in the announcement's text: it
    announces a search too."""
    verbs = {v.casefold() for v, _k in ann.verbs}
    for t in tongues_of(ann.tongues):
        tokens = tokenize(ann.text.casefold(), t)
        if any(x.text.casefold() in verbs and _absence_at(tokens, k, t)
               for k, x in enumerate(tokens)):
            return True
    return False
