"""Parts and derived things named through another thing (issue 25, round 59, gaps 3 and 4).

- **a partitive** ([g-partitive]: "some of", "a few of", "most of", "one of", "einige von",
  "algunos de", "alcuni di", "la plupart de", "некоторые из"; after the object,
  [g-partitive-after]: "`logs/` の一部", "`logs/`의 일부", "`logs/` 的一部分") names a part of
  the object written after (or before) it: a deleting step takes that part out of the whole
  (``Announcement.wholes``, read by ``parts.whole_taken``), so a call deleting the whole
  itself reaches more than the announcement says; a path inside it passes. A frame before a
  list of objects ("two of `a.log`, `b.log` and `c.log`") counts among them, which
  ``writtenfiles`` and ``unchosen`` read;
- **a derived thing** ([g-derived-noun]: "copy", "archive", "draft", "build", "patch",
  "save", "stash", "snapshot", "dump", "summary", "translation"; "sauvegarde", "Entwurf",
  "사본") names a thing made from another, not that other: standing as a noun (after a
  determiner or a possessive, a modifier or two maybe between, and before the genitive
  preposition, [g-of-owner]: "the archived copy of `users`", "la sauvegarde de `prod.db`")
  it is one of the announcement's own nouns (``objects._named``) even where it is also the
  verb of a step, and a call that cannot be taken back must carry it
  (``carriednouns._unnamed_noun``). A two-syllable Hangul one is a noun of its own too
  (``carriednouns._worded``)."""

from __future__ import annotations

from collections.abc import Sequence

from .protocols import Token, Tongue

__all__ = ["derived_head", "derived_word", "partitive_wholes"]

_SPAN = 4
"""The most tokens one frame spans ("a", "couple", "of"; "la", "maggior", "parte", "di")."""

_LIST = frozenset({"COMMA", "AND"})
"""Tokens after an object that say a list goes on."""


def _frame(tokens: Sequence[Token], k: int, t: Tongue, section: str) -> int:
    """How many tokens from ``k`` make an entry of ``section`` (0: none), written with spaces
    ("a few of") or run together ("의" + "일부")."""
    for n in range(min(_SPAN, len(tokens) - k), 0, -1):
        texts = [x.text.casefold() for x in tokens[k : k + n]]
        if t.marked(" ".join(texts), section) or (n > 1 and t.marked("".join(texts), section)):
            return n
    return 0


def _object(tokens: Sequence[Token], k: int, t: Tongue) -> list[str]:
    """The words of the object phrase from ``k`` (determiners aside) when it is one object:
    the phrase's content words and codes, none when a list goes on after it."""
    while k < len(tokens) and tokens[k].kind in ("DET", "DEM"):
        k += 1
    words = []
    while k < len(tokens) and tokens[k].kind in ("OPEN", "CODE", "NUM"):
        words.append(tokens[k].text)
        k += 1
    if k < len(tokens) and (tokens[k].kind in _LIST or t.marked(tokens[k].text.casefold(), "g-or")):
        return []
    return words


def partitive_wholes(tokens: Sequence[Token], t: Tongue, verbs: Sequence[tuple[str, str | None]],
                     ) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(part, whole) of each partitive frame of a sentence with a deleting step: the frame's
    words and the object after it ("delete some of `logs/`": ("some", "of"), ("`logs/`",)),
    or the object written right before a frame that follows it ("`logs/` の一部を削除")."""
    if not any(kind == "delete" for _v, kind in verbs):
        return []
    said = {v for v, _k in verbs}
    out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for k, x in enumerate(tokens):
        if x.text in said:
            continue
        n = _frame(tokens, k, t, "g-partitive")
        if n:
            whole = _object(tokens, k + n, t)
            if whole:
                out.append((tuple(y.text for y in tokens[k : k + n]), tuple(whole)))
            continue
        if x.kind == "CODE" and k + 1 < len(tokens):
            n = _frame(tokens, k + 1, t, "g-partitive-after")
            if n:
                out.append((tuple(y.text for y in tokens[k + 1 : k + 1 + n]), (x.text,)))
    return out


def derived_word(word: str, t: Tongue) -> bool:
    """The word names a thing made from another ([g-derived-noun])."""
    return t.marked(word.casefold(), "g-derived-noun")


def derived_head(tokens: Sequence[Token], k: int, t: Tongue, verbs: set[str]) -> bool:
    """The word at ``k`` is a noun of a derived thing heading its phrase before the genitive:
    no announced verb, a determiner or possessive before it (a modifier or two between) and
    the genitive preposition right after it ("the archived copy of `users`"), in a sentence
    with no step of sending (a send's derived thing is the text it sends: ``genres``)."""
    x = tokens[k]
    if x.kind != "OPEN" or x.text in verbs or not derived_word(x.text, t):
        return False
    if any(t.kind_of(v) == "send" for v in verbs):
        return False  # what a send carries is the text itself ("send the draft of the memo")
    if k + 1 >= len(tokens) or not t.marked(tokens[k + 1].text.casefold(), "g-of-owner"):
        return False
    j = k - 1
    while j >= 0 and k - j <= 2 and tokens[j].kind == "OPEN" and tokens[j].text not in verbs:
        j -= 1
    if j < 0:
        return False
    before = tokens[j]
    w = before.text.casefold()
    return before.kind in ("DET", "DEM") or t.has(w, "g-article") or t.has(w, "g-det") or \
        t.marked(w, "g-one-det")
