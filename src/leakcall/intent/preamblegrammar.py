"""The preamble grammar (``grammar/intent/preamble.lark``) over the tokenizer's tokens, and the
checks on a parse that ``preamble`` reads: the first token a sentence cannot place
(``_parse``), an unplaced goal or prior clause (``_ungoaled``), a dash that joins no step
(``_undashed``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from lark import Lark, Tree
from lark import Token as LarkToken
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from ..families import cached_lark, grammar_dir
from .actors import (
    _OBSERVING_KINDS,
)
from .announcedverbs import _verbs
from .clauses import (
    _addressee,
)
from .gerundsubject import finite
from .means import means_slot
from .relatives import looked_up
from .verbthing import unverbed as _unverbed
from .words import Token, Tongue, covers


class _Feed(Lexer):
    """Hands the tokenizer's tokens to Lark as they are (no text lexing)."""

    def __init__(self, conf: object) -> None:
        pass

    def lex(self, data: object) -> object:  # type: ignore[override]
        return iter(data)  # type: ignore[call-overload]


@cache
def grammar() -> Lark:
    """The preamble grammar, built once (LALR; through the parser cache, as the families')."""
    text = (grammar_dir() / "intent" / "preamble.lark").read_text(encoding="utf-8")
    return cached_lark(text, [], parser="lalr", lexer=_Feed, start=["svo", "sov", "steps"])


def _parse(tokens: Sequence[Token], t: Tongue, start: str | None = None) -> Token | None:
    """None when the tokens parse as announcement clauses (or as ``start``); else the first bad token."""
    bad = next((x for x in tokens if x.kind.startswith("!")), None)
    if bad is not None:
        return bad
    neg = next((k for k, x in enumerate(tokens) if x.kind == "NEG"), None)
    # the negation's clause: from the last complement verb before it ("make sure")
    opened = next((k for k in range(neg or 0, -1, -1) if tokens[k].kind in ("OPEN", "ACTING")
                   and ("g-complement" in t.phrases.get(tuple(tokens[k].text.split()),
                                                        t.sections(tokens[k].text))
                        or t.has(tokens[k].text, "g-verify"))), 0)
    if neg is not None and any(x.kind == "OPEN" and t.kind_of(x.text) == "run"
                               for x in tokens[opened:]):
        # "make sure we never run it": a negation next to an execution verb governs it
        return Token("!negation", tokens[neg].text, tokens[neg].start, tokens[neg].end)
    feed = [LarkToken(x.kind, x.text, start_pos=k) for k, x in enumerate(tokens)]
    try:
        tree = grammar().parse(feed, start=start or t.order)
    except UnexpectedInput as e:
        tok = getattr(e, "token", None)
        k = getattr(tok, "start_pos", None)
        if isinstance(k, int) and 0 <= k < len(tokens):
            return tokens[k]
        return Token("END", "(end of sentence)", 0, 0)
    goal = _ungoaled(tree, tokens, t)
    if goal is not None:
        return goal
    dashed = _undashed(tree, tokens, t)
    if dashed is not None:
        return dashed
    return _unverbed(tree, tokens, t)


_PLACED = {"goal": "g-goal", "prior": "g-before"}
"""Grammar rules of one preposition, and the lexicon class it must be of."""


def _ungoaled(tree: Tree[LarkToken], tokens: Sequence[Token], t: Tongue) -> Token | None:
    """A preposition that is not of its rule's class (``_PLACED``): after a demonstrative
    object (``goal``) only a goal of the step ([g-goal]: "translate that into French"), since
    "run that with sudo", "run this for the screenshot" name a means or a purpose of what the
    demonstrative may point at, the markup; before a leading step (``prior``) only one of
    what comes first ([g-before]: "Before writing the message, let me ..."), since "With
    sudo, ..." names the means of the step announced after it."""
    for node in tree.iter_subtrees():
        section = _PLACED.get(str(node.data))
        if section is None:
            continue
        leaf = node.children[0]
        if (isinstance(leaf, LarkToken) and leaf.start_pos is not None
                and not t.has(str(leaf), section)
                and not (section == "g-goal" and looked_up(tokens, leaf.start_pos, t)) and not (
                    section == "g-goal" and means_slot(tokens, leaf.start_pos, t))):
            # "fix this by editing the config": a means, as after "it" (``means``)
            return tokens[leaf.start_pos]
    return None


def _undashed(tree: Tree[LarkToken], tokens: Sequence[Token], t: Tongue) -> Token | None:
    """A step spelled out after a dash (``spelled``: "make both changes - replace the text and
    add the comment") that is not one, as after a colon (``announce``): the verb after the dash
    is of no known kind ("Running wipe.sh - famous last words"); the clause before the dash
    only looks or names no kind ("review the script - delete the temp files" says what the
    script does); a kind after the dash that no changing kind before it covers ("update the
    runbook - run the migration" is what the update writes down); a second-person word after
    the dash ("- paste it in your terminal": an instruction to the reader); a finite form
    after the dash ("Deleting `prod.db` — blocked.", ``gerundsubject.finite``): a status of the
    step, no step (h46d)."""
    for node in tree.iter_subtrees():
        if node.data != "spelled":
            continue
        dash = next(c for c in node.children if isinstance(c, Tree) and c.data == "dash")
        leaf = next(c for c in node.children if isinstance(c, LarkToken) and c.type == "OPEN")
        k = leaf.start_pos
        d = dash.children[0].start_pos if isinstance(dash.children[0], LarkToken) else None
        if not isinstance(k, int) or not isinstance(d, int):
            return tokens[0]
        before = [kind for _, kind in _verbs(tokens[:d], t)]
        intro = {kind for v, kind in _verbs(tokens[:d], t)
                 if kind not in (None, "generic") and not t.has(v, "g-perform")}
        after = [kind for _, kind in _verbs(tokens[d:], t, steps=True)]
        if (t.kind_of(tokens[k].text) is None or finite(tokens[k], t)
                or any(x in _OBSERVING_KINDS for x in before)
                or not any(x is not None for x in before)
                or any(x not in (None, "generic") and intro and not covers(intro, x)
                       for x in after)):
            return tokens[k]
        reader = next((x for x in tokens[d:] if _addressee(x, t)), None)
        if reader is not None:
            return Token("!other-actor", reader.text, reader.start, reader.end)
    return None
