"""Questions and clauses a look takes as its object, read by the tokenizer (``words``).

- A second yes-no question joined to the first by a disjunction ([g-or]: "or"), opened by the
  same word that opened the first right after a verb of finding out: "Let me check if there
  are tests for this case or if we need to add one", "je vérifie si le fichier existe ou si il
  est vide". It is the look's second question, as the first is ("or whether" already is one).
  Only when every step before the first question looks (``relatives._observing``) and the
  second question runs to the sentence's end (no comma, dash or stop after it: "or if you
  prefer, I'll delete it" puts a step after the condition), and never after "and" ("and if it
  passes, deploy it" waits).
- A relative pronoun ([g-relative-pronoun]: "that") on a noun inside such a question, before
  the relative's own subject ([g-subject]: "we"): "check if there are tests for this case that
  we should update". The question is what the look finds out; its relative is part of it (no
  verb there takes a step). Outside a look's question it refuses as before ("the notes that
  the user left", ``relatives``).
- An interrogative that opens an embedded question only after a verb of finding out that only
  looks ([g-embedded-ask]: 怎么, 如何), with only the question's own subject and copula between
  ("让我看看 web 端是怎么处理的"): what the look finds out. Anywhere else it asks the reader
  ("怎么处理？") and refuses as before.
- A negation that says something is absent ([g-absent-clause]: "no", "nothing", 没有) right
  after a verb of verifying ([g-verify]: "confirm", 验证, whose object is a state, whatever kind
  it runs as) that is the announced verb, no changing step before it, with a word after
  it: what the check makes sure of ("验证没有残留日志", "I'll confirm nothing else broke"). A
  negation after it ending the clause ("I'll verify nothing.") is the step's own and refuses,
  and so does one before the verb ("I won't verify it")."""

from __future__ import annotations

from collections.abc import Sequence

from .protocols import Token, Tongue
from .relatives import _observing
from .slots import _asking, _object_slot

__all__ = ["asked_before", "checks_state", "embedded"]

_Piece = tuple[str, str, int, int, list[str]]

_BETWEEN = ("OPEN", "CODE", "NUM", "DET", "COPULA", "SUBJ")
"""Tokens between a verb of finding out and the interrogative its question opens."""


def embedded(text: str, after: Sequence[_Piece], tokens: Sequence[Token], t: Tongue) -> bool:
    """The word ``text`` opens a question or clause inside what a look finds out (the module's
    first three rules, and the fifth): it is read as an inquiry word."""
    return asked_again(text, after, tokens, t) or related_within(text, after, tokens, t) \
        or asked_within(text, tokens, t) or asked_before(text, after, t)


_ENDING_REACH = 4
"""Most words between a verb-final clause's interrogative and its embedded ending."""


def asked_before(text: str, after: Sequence[_Piece], t: Tongue) -> bool:
    """``text`` is an interrogative of [g-embedded-ask] in a verb-final language whose clause
    closes, within a few words and before any sign or code, with an embedded question's
    ending ([g-embedded-end]: "*는지", "*diğini") that a verb after it takes as its object
    ("설정이 어떻게 로드되는지 보려고 ...", "Ayarların nasıl yüklendiğini görmek için ...", the
    module's fifth rule). Without that ending the word asks ("어떻게 할까요?", "nasıl
    yükleyeyim?") and refuses as before; an ending that closes the sentence takes no verb."""
    if t.order != "sov" or not t.marked(text, "g-embedded-ask"):
        return False
    for k, piece in enumerate(after[: _ENDING_REACH + 1]):
        if piece[0] != "W" or t.has(piece[1], "g-question"):
            return False
        if _ends_embedded(piece[1], t):
            return k + 1 < len(after) and after[k + 1][0] == "W" and not t.has(after[k + 1][1], "g-question")
    return False


def _looks_question(tokens: Sequence[Token], t: Tongue, text: str | None = None) -> bool:
    """An inquiry word (``text`` when given) in the tokens' last clause opened a question right
    after a verb of finding out, every step before it only looking."""
    k = len(tokens) - 1
    while k > 0 and tokens[k].kind not in ("COMMA", "DASH", "AND") and not tokens[k].kind.startswith("!"):
        if tokens[k].kind == "INQUIRY" and text in (None, tokens[k].text) and _asking(tokens[:k], t):
            return _observing(tokens[:k], t)
        k -= 1
    return False


def related_within(text: str, after: Sequence[_Piece], tokens: Sequence[Token], t: Tongue) -> bool:
    """``text`` opens a relative with a subject of its own on a noun of a look's question (the
    module's second rule)."""
    if not t.has(text, "g-relative-pronoun") or not tokens or tokens[-1].kind not in ("OPEN", "CODE"):
        return False
    if not after or after[0][0] != "W" or not t.has(after[0][1], "g-subject"):
        return False
    return _looks_question(tokens[:-1], t)


def asked_again(text: str, after: Sequence[_Piece], tokens: Sequence[Token], t: Tongue) -> bool:
    """``text`` opens a second question of the look after a disjunction (the module's first
    rule); ``after`` are the sentence's pieces after it."""
    if len(tokens) < 4 or tokens[-1].kind != "AND" or not t.marked(tokens[-1].text, "g-or"):
        return False
    if not t.has(text, "g-inquiry") or any(p[0] == "P" for p in after):
        return False
    return _looks_question(tokens[:-1], t, text)


def asked_within(text: str, tokens: Sequence[Token], t: Tongue) -> bool:
    """``text`` is an interrogative of [g-embedded-ask] heading what a look before it in the
    clause finds out (the module's third rule)."""
    if not t.marked(text, "g-embedded-ask"):
        return False
    k = len(tokens) - 1
    while k >= 0 and tokens[k].kind in _BETWEEN and tokens[k].text not in t.inquiry_verbs:
        k -= 1
    # the look is the announced verb (only an opener, or nothing, before it) and only looks: a
    # verb of finding out that runs something ("验证", kind test) takes no question here
    return k >= 0 and tokens[k].kind in ("OPEN", "ACTING") and tokens[k].text in t.inquiry_verbs \
        and (k == 0 or _object_slot(tokens[: k + 1])) and _observing(tokens[: k + 1], t)


def _ends_embedded(word: str, t: Tongue) -> bool:
    """The word carries an embedded question's ending ([g-embedded-end], written "*는지"),
    after a stem of its own."""
    return any(s == "g-embedded-end" and word.endswith(e.lstrip("*")) and len(word) > len(e.lstrip("*"))
               for s, e in t.marks)


def checks_state(tokens: Sequence[Token], after: Sequence[_Piece], t: Tongue) -> bool:
    """The last token is a verb of verifying ([g-verify]) whose clause says what the check
    makes sure of: after "to" ("to confirm nothing else broke", a purpose's check), after a
    step and its comma ("，确认没有引入新的问题", a step's own check), or as the announced verb
    of a look before a negation of absence and a word (the module's fourth rule)."""
    if len(tokens) < 1 or tokens[-1].kind not in ("OPEN", "ACTING") or not t.has(tokens[-1].text, "g-verify"):
        return False
    if len(tokens) >= 2 and (tokens[-2].kind == "TO" or (
            tokens[-2].kind == "COMMA" and len(tokens) > 2 and tokens[-3].kind in ("OPEN", "CODE"))):
        return True
    if not after or after[0][0] != "W" or not t.marked(after[0][1], "g-absent-clause"):
        return False
    nxt = after[1] if len(after) > 1 else None  # "I'll verify nothing.": the step's own negation
    # the verb is the announced one (after an opener, or a clause's first verb) with no step
    # before it that changes something
    return nxt is not None and nxt[0] in ("W", "CODE", "NUM") and not any(
        t.has(nxt[1], s) for s in ("g-and", "g-condition", "g-deferral")) and (
        _object_slot(tokens) or len(tokens) == 1) and _observing(tokens[:-1], t)
