"""Two clauses a comma joins, read as the observation and the announcement they would be as two
sentences (``clauses._reasons_apart``).

* A verb-final announcement after a word of consequence ("..., इसलिए मैं फ़ाइल पढ़ता हूँ"): in a
  language whose steps end in an intent ending ([g-final]) the clause after the comma announces
  when it ends in one, as "..., so let me open it." does with its opener.
* A reason closing the clause before the comma ([g-reason] at its end, Japanese "ので": "node_modules
  がまだ存在しないので、まず依存関係をインストールします"): the reason is an observation.
* A comma splice in a language written without spaces ("端口配置可能写在配置文件里，我来看一下 ..."):
  a comma joins two sentences there as a period would, so a clause after it that opens with an
  opener naming the speaker is an announcement, and the clause before an observation.

The clause before is then screened as every observation is. It is set apart only when it is a
plain clause of its own: a noun phrase opens it (and each clause a comma joins in it: "为了确认…，"
is a purpose, no observation), and it holds no condition or time (which may govern the step:
"如果测试通过，我来部署"), no step or ending of the speaker's own, and no reader."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue, tokenize, unspaced

__all__ = ["ends_in_step", "reason_first", "splice"]

_COMMAS = (",", "、")

_PHRASE = frozenset({"OPEN", "CODE", "NUM", "DET", "DEM", "PRON"})
"""Tokens that open a noun phrase: the clause before opens with its subject."""

_OWN = frozenset({"OPENER", "ACTING", "HELP", "FINAL", "YOU", "COURTESY"})
"""Tokens of a step of the speaker's own or of the reader: no plain observation holds one."""

_TRAILING = frozenset({"ACK", "COURTESY"})
"""Tokens that may follow a verb-final intent ending ("確認しますね")."""


def ends_in_step(tokens: Sequence[Token], t: Tongue) -> bool:
    """The clause of a verb-final language ends in an intent ending (a courtesy or an
    acknowledgement particle after it aside): it announces a step as an opener does."""
    if t.order != "sov":
        return False
    rest = list(tokens)
    while rest and rest[-1].kind in _TRAILING:
        rest.pop()
    return len(rest) > 1 and rest[-1].kind == "FINAL"


def _plain(head: str, t: Tongue) -> list[Token] | None:
    """The tokens of a clause that may stand as an observation of its own, else None."""
    tokens = tokenize(head, t)
    if len(tokens) < 3 or any(y.kind not in _PHRASE for x, y in zip(
            [None, *tokens], tokens, strict=False) if x is None or x.kind == "COMMA"):
        return None
    if any(x.kind in _OWN or x.kind == "!conditional" for x in tokens):
        return None
    return tokens


def reason_first(body: str, t: Tongue) -> tuple[str, str] | None:
    """(the reason, the announcement) of a sentence whose clause before its first comma ends in
    a word of reason ([g-reason], "ので") and whose clause after ends in an intent ending; else
    None."""
    if t.order != "sov":
        return None
    at = min((body.find(c) for c in _COMMAS if c in body), default=-1)
    if at <= 0:
        return None
    head, rest = body[:at].strip(), body[at + 1 :].strip()
    tokens = tokenize(head, t)
    if not tokens or not t.has(tokens[-1].text, "g-reason") or not rest:
        return None
    reason = head[: tokens[-1].start].strip()
    if _plain(reason, t) is None or not ends_in_step(tokenize(rest, t), t):
        return None
    return reason, rest


def splice(body: str, t: Tongue) -> tuple[str, str] | None:
    """(the clause before, the announcement) of a sentence in a language written without spaces
    whose clause after a comma opens with an opener naming the speaker ("我来", "我会"); else
    None. The first such comma splits."""
    if t.order != "svo":
        return None
    for at, ch in enumerate(body):
        if ch not in _COMMAS or at == 0:
            continue
        head, rest = body[:at].strip(), body[at + 1 :].strip()
        if not head or not all(unspaced(c) for c in head if c.isalpha() and ord(c) > 0x7F) or not any(
                unspaced(c) for c in head):
            return None
        opened = tokenize(rest, t)[:1]
        if opened and opened[0].kind == "OPENER":
            return (head, rest) if _plain(head, t) is not None else None
    return None
