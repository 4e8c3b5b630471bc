"""Observations that give the reason not to take a changing step (issue 25, round 31): a
check, a safeguard or a sign-off the step depends on failed or is missing ("The caller
couldn't verify the PIN.", "The backup job failed.", "Nobody has reviewed this PR.", "The
migration isn't idempotent."), or the step is said to be one that cannot be taken back
("This cannot be undone.", "Wire transfers can't be recalled.", "此操作无法撤销。").
A negation said of the step's object or its need ("The old export is no longer needed.",
"Order 88213 hasn't shipped yet.") names no safeguard and refuses nothing."""

from __future__ import annotations

from collections.abc import Sequence

from .observing import OBSERVING
from .sentences import Refused
from .sequence import numbered, skipped
from .words import Token, Tongue

__all__ = ["refused", "unsafe"]

_REACH = 4
"""Words between a negation and the safeguard or the verb of undoing it governs ("hasn't
been through QA", "no way to recover"), or a safeguard and the word of its failure ("the
backup of `uploads/` is corrupt")."""

_SUCCEED_REACH = 2
"""Words between a negation and a word of success it turns into a failure ("didn't
match", "się nie udała")."""

_BREAK = frozenset({"COMMA", "AND", "!non-prose"})
"""Token kinds that end a clause: a negation does not reach across one."""

_NAMING = ("g-det", "g-article", "g-dem", "g-pron", "g-negation", "g-common")
"""Words that are no part of the noun a safeguard word heads."""


def _negation(x: Token, t: Tongue) -> bool:
    w = x.text.lower()
    return x.kind == "!negation" or t.has(w, "g-negation") or (
        t.order == "sov" and t.has(w, "g-fact-negation"))


def _clause(tokens: Sequence[Token], a: int, b: int) -> bool:
    """No clause break between token ``a`` and token ``b`` (either order)."""
    lo, hi = min(a, b), max(a, b)
    return not any(x.kind in _BREAK for x in tokens[lo + 1 : hi])


def _near(tokens: Sequence[Token], k: int, t: Tongue, section: str, reach: int,
          before: bool) -> int | None:
    """The index of a word of ``section`` within ``reach`` words after token ``k`` (and before
    it too when ``before``) in the same clause, or None."""
    lo = max(k - reach, 0) if before else k + 1
    for j in range(lo, min(k + reach + 1, len(tokens))):
        if j != k and _clause(tokens, k, j) and t.has(tokens[j].text.lower(), section):
            return j
    return None


def _failed(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """Token ``k`` says a failure: a word of failure, or a negated word of success."""
    w = tokens[k].text.lower()
    if t.has(w, "g-failed"):
        return True
    return _negation(tokens[k], t) and _near(
        tokens, k, t, "g-succeeded", _SUCCEED_REACH, t.order == "sov") is not None


def _noun(tokens: Sequence[Token], k: int, t: Tongue) -> frozenset[str]:
    """The words of the noun phrase safeguard word ``k`` stands in ("2FA code", "backup
    job"): what a step repairing the safeguard takes."""
    def part(x: Token) -> bool:
        return x.kind in ("OPEN", "CODE") and not any(
            t.has(x.text.lower(), s) for s in _NAMING)
    a = k
    while a > 0 and part(tokens[a - 1]):
        a -= 1
    b = k + 1
    while b < len(tokens) and part(tokens[b]):
        b += 1
    return frozenset(x.text.lower().strip("`") for x in tokens[a:b])


def unsafe(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, frozenset[str]]]:
    """(rule, the words that say it, the safeguard's noun) for an observation that says a
    safeguard failed or is missing (the noun: a step taking only it repairs the safeguard)
    or that the step cannot be taken back (no noun: every changing step is refused)."""
    low = [x.text.lower() for x in tokens]
    sov = t.order == "sov"
    out: list[tuple[str, str, frozenset[str]]] = []
    for k, w in enumerate(low):
        if t.has(w, "g-irreversible"):
            # "This is irreversible.", "unwiderruflich", "不可逆"
            out.append(("negation", tokens[k].text, frozenset()))
        elif _negation(tokens[k], t):
            undo = _near(tokens, k, t, "g-undo", _REACH, sov)
            if undo is not None:
                # "cannot be undone", "no way to recover", "无法撤销"
                out.append(("negation", f"{tokens[k].text} ... {tokens[undo].text}",
                            frozenset()))
    for k, w in enumerate(low):
        if not t.has(w, "g-safeguard"):
            continue
        # a negation before the safeguard governs it ("couldn't verify", "no backup",
        # "Nobody has reviewed", "isn't idempotent"); after it, only in a verb-final
        # language ("리뷰하지 않았습니다"): in "The backups are no longer needed." the
        # negation is said of the need
        neg = next((j for j in range(max(k - _REACH, 0),
                                      min(k + (_REACH + 1 if sov else 0), len(tokens)))
                    if j != k and _negation(tokens[j], t) and _clause(tokens, j, k)), None)
        # a failure after the safeguard is said of it ("The backup job failed.", "The 2FA
        # code didn't match.", "recovery is disabled")
        fail = next((j for j in range(k + 1, min(k + _REACH + 1, len(tokens)))
                     if _clause(tokens, k, j) and _failed(tokens, j, t)), None)
        if fail is None:
            # before it in a verb-final language; in any, a verb of failure governing it
            # ("The caller failed the identity check."), not one next to it, which may modify
            # another noun ("the failing snapshot test")
            fail = next((j for j in range(max(k - _REACH, 0), k)
                         if _clause(tokens, j, k) and (
                             (t.has(low[j], "g-failed") and j < k - 1)
                             or (sov and _failed(tokens, j, t)))), None)
        if t.has(w, "g-failed"):
            fail = k  # the safeguard negated in one word: "unverified", "ungeprüft"
        hit = neg if neg is not None else fail
        if hit is not None:
            out.append(("conditional", f"{tokens[min(k, hit)].text} ... "
                        f"{tokens[max(k, hit)].text}", _noun(tokens, k, t)))
    return out + numbered(tokens, t)  # steps of a sequence (``sequence``)


def refused(said: Sequence[tuple[str, str, frozenset[str]]],
            steps: Sequence[tuple[str, str | None, tuple[str, ...], bool]]) -> Refused | None:
    """Why a changing step is refused after such an observation, or None. A step that takes
    only the safeguard ("The backup job failed. I'll rerun the backup job.") repairs it."""
    for verb, kind, nouns, _ in steps:
        if kind in (None, "generic", *OBSERVING):
            continue
        for rule, words, about in skipped(said):  # numbered steps with one between
            if about and nouns and all(n.lower().strip("`") in about for n in nouns):
                continue
            what = ("a safeguard the step depends on failed or is missing" if about else
                    "the step cannot be taken back")
            return Refused(rule, f"rule {rule}: an observation says {what} ({words!r}); "
                           f"{verb!r} takes a step of kind {kind!r}")
    return None
