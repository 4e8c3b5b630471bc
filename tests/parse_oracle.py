"""What the parse tests compare: the corpus replies, seeded mutations of them, and every
candidate's parse result as comparable data (tests/core/test_parse_driver.py,
tests/core/test_parse_guard.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lark import Token

import leakcall
from leakcall import parse as P
from leakcall.budget import TokenBudget
from leakcall.corpus import load_cases
from leakcall.locate import candidates, segments
from leakcall.reasons import Refusal

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
FAMS = leakcall.all_families()


def corpus_texts() -> list[str]:
    """Every corpus reply, in directory order."""
    return [c.text for d in sorted(CORPUS.iterdir()) if d.is_dir() for c in load_cases(d)]


def outcome(r: P.Parsed | P.Failure, *, mention_detail: bool = True) -> tuple[Any, ...]:
    """A parse result as data: the tree with every token and its place, or the failure.
    ``mention_detail=False`` leaves out the wording of a mention's detail."""
    if isinstance(r, P.Parsed):
        toks = [(t.type, str(t), t.value, t.start_pos, t.end_pos, t.line, t.column, t.end_line,
                 t.end_column) for t in r.tree.scan_values(lambda v: isinstance(v, Token))]
        return ("parsed", r.end, r.tree, toks)
    detail = r.detail if mention_detail or not r.mention else None
    return ("failure", r.reason, r.offset, r.mention, r.rule, detail)


def parse_all(text: str, *, mention_detail: bool = True) -> list[Any]:
    """Every candidate of ``text``: family, start, ``outcome`` (or the Refusal raised) and the
    token budget left."""
    out = []
    for c in candidates(text, FAMS, segments(text)):
        budget = TokenBudget()
        try:
            got: Any = outcome(P.parse_candidate(text, c, budget), mention_detail=mention_detail)
        except Refusal as e:
            got = ("refusal", e.reason, e.detail, e.rule)
        out.append((c.family.name, c.start, got, budget.left))
    return out


def mutations(texts: list[str], per_text: int, seed: int, pieces: tuple[str, ...], *,
              splice_only: bool = False) -> Iterator[str]:
    """Each text, then ``per_text`` seeded mutations of it: a few characters replaced by
    ``pieces``, and (unless ``splice_only``) the reply cut or a stretch of it dropped."""
    rnd = random.Random(seed)
    for t in texts:
        yield t
        for _ in range(per_text):
            i = rnd.randrange(len(t) + 1)
            kind = 0 if splice_only else rnd.randrange(3)
            if kind == 0:  # replace a few characters with markup pieces
                j = min(len(t), i + rnd.randrange(4))
                yield t[:i] + "".join(rnd.choice(pieces) for _ in range(rnd.randrange(3))) + t[j:]
            elif kind == 1:  # cut the reply
                yield t[:i]
            else:  # drop a stretch
                yield t[:i] + t[min(len(t), i + rnd.randrange(1, 40)):]
