"""The scan report: ``decide`` one reply, tally the outcomes in a ``ScanReport``, and the
``--export`` row of one decided reply.

Shared by every way of scanning (``leakcall scan``, its ``--jobs`` workers, ``scan --ray`` and
``leakcall.batch``), which all sit above it: this module imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .logs import BAD_KINDS, BadLine, Reply
from .reasons import Reason
from .result import Recovery

__all__ = ["EXAMPLES", "NOT_CANDIDATES", "NO_MARKUP", "NO_TOOLS", "TOP_FAMILIES", "ScanReport",
           "decide", "export_row", "is_candidate"]

EXAMPLES = 3
"""At most this many example line numbers are kept per reason code and per bad-line kind."""


NO_TOOLS = "no_tools"
"""The report's bucket for replies refused as ``unadvertised`` on lines that advertise no tool list
(neither the line nor ``--tools``): a hint to pass ``--tools``, not a reason code of ``recover``."""

NO_MARKUP = frozenset({Reason.NO_TEXT, Reason.NO_TAGS})
"""The outcomes of a reply in which no markup was found; every other outcome is a reply with
markup."""

NOT_CANDIDATES = frozenset({Reason.QUOTED, Reason.FENCED, Reason.PROSE})
"""Refusals that say the markup is shown, not called: quoted, declared an example or not a call
now (``quoted``), inside a code block (``fenced``), or with text around it that a leak does not
have (``prose``). A reply with markup refused for one of these is not a leak candidate."""

TOP_FAMILIES = 8
"""The text report's family table shows this many families; the rest are summed as ``other``."""


def is_candidate(reason: str) -> bool:
    """Whether a reply with this outcome (a reason code or ``no_tools``) is a leak candidate: it
    holds markup, and it was recovered or refused for a reason other than ``NOT_CANDIDATES``
    (truncated, unadvertised, malformed, ...: a call that leaked, repaired or not)."""
    return reason not in NO_MARKUP and reason not in NOT_CANDIDATES


# --------------------------------------------------------------------------- tallies


def _note(examples: dict[str, list[int]], key: str, line: int) -> None:
    seen = examples.setdefault(key, [])
    if len(seen) < EXAMPLES and (not seen or seen[-1] != line):
        seen.append(line)


def _bump(counts: dict[str, int], key: str, n: int = 1) -> None:
    counts[key] = counts.get(key, 0) + n


def _rate(part: int, whole: int) -> float:
    return round(part / whole, 6) if whole else 0.0


@dataclass
class ScanReport:
    """What a scan found. ``reasons`` counts every reply by outcome (``ok`` included; replies
    refused as ``unadvertised`` on lines with no tool list go to ``no_tools``); ``examples`` /
    ``bad_examples`` keep the first ``EXAMPLES`` line numbers of each, ``bad_details`` the
    matching messages. ``with_markup`` counts the replies in which markup was found,
    ``candidates`` those of them that are leak candidates (``is_candidate``). ``models`` holds per
    model [replies, with markup, candidates, recovered]; ``family_reasons`` the outcomes of the
    replies with markup per family."""

    lines: int = 0
    replies: int = 0
    with_markup: int = 0
    candidates: int = 0
    recovered: int = 0
    calls: int = 0
    without_tools: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[int]] = field(default_factory=dict)
    families: dict[str, int] = field(default_factory=dict)
    bad_lines: int = 0
    bad: dict[str, int] = field(default_factory=dict)
    bad_examples: dict[str, list[int]] = field(default_factory=dict)
    bad_details: dict[str, list[str]] = field(default_factory=dict)
    models: dict[str, list[int]] = field(default_factory=dict)
    family_reasons: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def refused(self) -> dict[str, int]:
        """Replies with markup that were refused, per reason code (and ``no_tools``)."""
        return {k: n for k, n in self.reasons.items() if k != Reason.OK and k not in NO_MARKUP}

    def add(self, line: int, reason: str, family: str | None, calls: int, tools_known: bool,
            model: str | None) -> None:
        """Tally one decided reply."""
        self.replies += 1
        self.without_tools += not tools_known
        key = NO_TOOLS if reason == Reason.UNADVERTISED and not tools_known else str(reason)
        _bump(self.reasons, key)
        _note(self.examples, key, line)
        markup = reason not in NO_MARKUP
        per_model = self.models.setdefault(model or "?", [0, 0, 0, 0])
        per_model[0] += 1
        if markup:
            self.with_markup += 1
            per_model[1] += 1
            fam = family or "?"
            _bump(self.families, fam)
            _bump(self.family_reasons.setdefault(fam, {}), key)
            if is_candidate(reason):
                self.candidates += 1
                per_model[2] += 1
        if reason == Reason.OK:
            self.recovered += 1
            self.calls += calls
            per_model[3] += 1

    def add_bad(self, bad: BadLine) -> None:
        """Tally one bad line."""
        self.bad_lines += 1
        _bump(self.bad, bad.kind)
        seen = self.bad_examples.get(bad.kind, [])
        if len(seen) < EXAMPLES and (not seen or seen[-1] != bad.line):
            self.bad_details.setdefault(bad.kind, []).append(bad.detail[:200])
        _note(self.bad_examples, bad.kind, bad.line)

    def merge(self, later: ScanReport) -> None:
        """Add the tallies of ``later``, a report of lines that all come after this report's:
        the result equals one report tallied over both in order (counts added, example lines
        and details kept as the first ``EXAMPLES``). ``lines`` is added too."""
        self.lines += later.lines
        self.replies += later.replies
        self.with_markup += later.with_markup
        self.candidates += later.candidates
        self.recovered += later.recovered
        self.calls += later.calls
        self.without_tools += later.without_tools
        self.bad_lines += later.bad_lines
        for key, n in later.reasons.items():
            _bump(self.reasons, key, n)
        for key, lines in later.examples.items():
            for line in lines:
                _note(self.examples, key, line)
        for key, n in later.families.items():
            _bump(self.families, key, n)
        for fam, counts in later.family_reasons.items():
            mine = self.family_reasons.setdefault(fam, {})
            for key, n in counts.items():
                _bump(mine, key, n)
        for model, per_model in later.models.items():
            have = self.models.setdefault(model, [0, 0, 0, 0])
            for i, n in enumerate(per_model):
                have[i] += n
        for kind, n in later.bad.items():
            _bump(self.bad, kind, n)
        for kind, lines in later.bad_examples.items():
            details = later.bad_details.get(kind, [])
            for line, detail in zip(lines, details, strict=True):
                seen = self.bad_examples.get(kind, [])
                if len(seen) < EXAMPLES and (not seen or seen[-1] != line):
                    self.bad_details.setdefault(kind, []).append(detail)
                _note(self.bad_examples, kind, line)

    def count(self, key: str) -> int:
        """Replies tallied under ``key`` (a reason code or ``no_tools``), bad lines of kind
        ``key``, or every bad line for ``bad``."""
        if key == "bad":
            return self.bad_lines
        return self.reasons.get(key, 0) + self.bad.get(key, 0)

    def family_table(self, top: int = TOP_FAMILIES) -> list[tuple[str, int, int, int, int, int]]:
        """The text report's family rows: (family, with markup, not candidates, candidates,
        recovered, refused candidates), most candidates first (then most markup, then by name);
        past ``top`` families the rest are summed in one row named ``other``."""
        rows: list[tuple[str, int, int, int, int, int]] = []
        for fam, rs in self.family_reasons.items():
            marked = sum(rs.values())
            cand = sum(n for r, n in rs.items() if is_candidate(r))
            ok = rs.get(Reason.OK, 0)
            rows.append((fam, marked, marked - cand, cand, ok, cand - ok))
        rows.sort(key=lambda row: (-row[3], -row[1], row[0]))
        if len(rows) <= top:
            return rows
        rest = rows[top:]
        marked, shown, cand, ok, refused = (sum(col) for col in zip(*(r[1:] for r in rest),
                                                                    strict=True))
        return [*rows[:top], ("other", marked, shown, cand, ok, refused)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view (what ``--json`` prints); reasons in ``Reason`` order."""
        order = [*(str(r) for r in Reason), NO_TOOLS]
        return {
            "lines": self.lines,
            "replies": self.replies,
            "with_markup": self.with_markup,
            "markup_rate": _rate(self.with_markup, self.replies),
            "not_candidates": self.with_markup - self.candidates,
            "candidates": self.candidates,
            "candidate_rate": _rate(self.candidates, self.replies),
            "recovered": self.recovered,
            "candidates_refused": self.candidates - self.recovered,
            "calls": self.calls,
            "without_tools": self.without_tools,
            "refused": sum(self.refused.values()),
            "reasons": {r: {"count": self.reasons[r], "lines": self.examples[r]}
                        for r in order if r in self.reasons},
            "families": dict(sorted(self.families.items())),
            "family_candidates": {f: sum(n for r, n in rs.items() if is_candidate(r))
                                  for f, rs in sorted(self.family_reasons.items())},
            "family_reasons": {f: {r: rs[r] for r in order if r in rs}
                               for f, rs in sorted(self.family_reasons.items())},
            "models": {m: {"replies": n, "with_markup": k, "candidates": c, "recovered": ok,
                           "candidate_rate": _rate(c, n)}
                       for m, (n, k, c, ok) in sorted(self.models.items())},
            "bad_lines": self.bad_lines,
            "bad": {k: {"count": self.bad[k], "lines": self.bad_examples[k],
                        "details": self.bad_details[k]}
                    for k in BAD_KINDS if k in self.bad},
        }


def export_row(rec: Reply, r: Recovery) -> dict[str, Any]:
    """The ``--export`` line of one decided reply: where it is (``line``, ``reply``, the log
    record's own ``record_id`` and ``timestamp``), what ``recover`` decided and why (``reason``,
    ``candidate``, ``rule``, ``family``, ``detail``, ``span``) and the ``calls``."""
    return {"line": rec.line, "reply": rec.index, "record_id": rec.record_id,
            "timestamp": rec.timestamp, "model": rec.model, "tools_known": rec.tools_known,
            "reason": str(r.reason), "candidate": is_candidate(r.reason), "rule": r.rule,
            "family": r.family, "detail": r.detail,
            "span": list(r.span) if r.span is not None else None,
            "calls": [c.to_openai() for c in r.calls]}


def decide(rec: Reply) -> Recovery | BadLine:
    """``recover`` on one reply; a BadLine of kind ``error`` if it raised (a leakcall bug)."""
    try:
        return rec.recoverer.recover(rec.text)
    except Exception as e:  # a bug in leakcall (recover raised on a str): count it, keep scanning
        return BadLine(rec.line, "error", f"{type(e).__name__}: {e}")
