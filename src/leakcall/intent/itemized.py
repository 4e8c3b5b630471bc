"""An observation's list: a colon that ends an observation's line, followed by the lines of a
list ("You have three reservations on file:\\n1. DF89BM\\n2. COVE6R\\n\\nLet me pull up ...",
"I found your reservation:\\n- Origin: IAH\\n- Cabin: Economy\\n\\nLet me search ...").

The list is the rest of the observation written one item per line, as "You have two
reservations: A and B." writes it inside its line (the colon inside a line, ``preamble``): each
item is read and screened as that rest is (an observation, never an announcement: an item that
parses as one refuses), and the observation with its items counts as one sentence and one
observation. An item that asks ("Would you like insurance?") is no part of it and refuses as a
question; a list that ends the preamble, or whose last item ends with a colon, introduces what
follows (the markup, a quotation) and refuses as before. The colon of an announcement ("I'll
make these changes:") is not joined: its items are steps, read as before. A list that ends the
preamble is joined only where ``ends`` takes its intro for the assistant's own plan
(``plans.intro_of``: "I need to:", "Let me break this down into steps:"): its items are the
steps the preamble announces (``plans``).

``fold`` marks the joins in the sentences' terminators (``JOIN``, which no text can write: a
terminator is punctuation and line breaks only), ``joins`` reads one, ``counted`` counts a list
with its observation as one sentence."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .sentences import _LIST_MARKER
from .tables import tongue
from .words import Token, Tongue

__all__ = ["JOIN", "attributive", "counted", "fold", "joins", "value_tongue"]

JOIN = "\u2063"
"""Appended to a terminator: the next sentence is an item of this observation's list."""

_ITEM = re.compile(r"[ \t]*(?:\d{1,2}[.)]|[-*•+])[ \t]+\S")
"""A line that is a list item: a number, a dash, a star or a bullet, then the item."""

_SUBHEAD_WORDS = 6
"""The most words a list's sub-heading has ("Current Reservation (M05KNL):", ``_subhead``)."""


def fold(view: str, sentences: list[tuple[str, str]],
         ends: Callable[[str, Sequence[str]], bool | None] | None = None) -> list[tuple[str, str]]:
    """The sentences (``sentences._sentences`` of ``view``) with each colon that ends a line
    and introduces a list's lines, and each item but the last, marked ``JOIN``; a list that
    ends the preamble only where ``ends`` reads its intro's body (with the bodies before it)
    as the assistant's own (not None)."""
    lines = view.split("\n")
    stripped = _LIST_MARKER.sub(r"\1", view)
    at: list[int] = []  # the line of each sentence
    pos = 0
    for body, _end in sentences:
        found = stripped.find(body, pos)
        if found < 0:
            return sentences
        at.append(stripped.count("\n", 0, found))
        pos = found + len(body)
    out = list(sentences)
    k = 0
    while k < len(out):
        body, end = out[k]
        if not (end.rstrip("\n").endswith((":", "：")) and end.endswith("\n")):
            k += 1
            continue
        items = _items(lines, at[k] + 1)
        run = [j for j in range(k + 1, len(out)) if at[j] in items]
        if not run or run != list(range(k + 1, k + 1 + len(run))) or (
                k + 1 + len(run) >= len(out) and not _planned(ends, out, k)):
            k += 1  # no list; or a list that ends the preamble: it introduces what follows
            continue
        for j in (k, *run[:-1]):
            out[j] = (out[j][0], out[j][1].rstrip("\n") + JOIN)
        k = run[-1] + 1
    return out


def _planned(ends: Callable[[str, Sequence[str]], bool | None] | None,
             sentences: Sequence[tuple[str, str]], k: int) -> bool:
    """The list after sentence ``k`` that ends the preamble may be the assistant's own plan:
    ``ends`` reads its intro as such (``plans.find`` then reads its items: one that ends with
    a colon introduces what follows, and the list is no plan)."""
    return ends is not None and ends(sentences[k][0], [b for b, _e in sentences[:k]]) is not None


def _items(lines: list[str], first: int) -> set[int]:
    """The lines of the list that starts at line ``first`` (blank lines between its items)."""
    out: set[int] = set()
    for n in range(first, len(lines)):
        if not lines[n].strip():
            continue
        if _ITEM.match(lines[n]) is None and not _subhead(lines, n):
            break
        out.add(n)
    return out


def _subhead(lines: list[str], n: int) -> bool:
    """Line ``n`` heads the list's next items: a short label on a line of its own that ends
    with a colon ("**Current Reservation (M05KNL):**", whose markup the view drops), with no
    sentence inside it, right before an item's line. It is one more line of the list, read
    and screened as its items are (``fold``)."""
    line = lines[n].strip()
    if not line.endswith((":", "\uff1a")) or len(line.split()) > _SUBHEAD_WORDS or any(
            ch in line[:-1] for ch in ".:;!?\uff1a\u3002\uff1f\uff01"):
        return False
    after = next((x for x in lines[n + 1 :] if x.strip()), "")
    return _ITEM.match(after) is not None


def joins(end: str, inline: bool, more: bool) -> bool:
    """The sentence ending with ``end`` goes on in the next one: a colon inside its line
    ("You have two reservations: A and B."; not after another, ``inline``; not the last but
    one sentence, ``more``: the rest must be followed), or a ``JOIN`` (an observation's list,
    item by item; never a question)."""
    if JOIN in end:
        return "?" not in end and "？" not in end
    return (":" in end or "：" in end) and "\n" not in end and not inline and more


def counted(sentences: list[tuple[str, str]]) -> int:
    """How many sentences the preamble has, an observation with its list counting as one, and
    a sentence with the rest of its line after a colon inside it ("**Current state:**
    Reservation GV1N64 is ...": ``joins``, as the grammar reads it) as one too."""
    n, inline = 0, False
    for k, (_body, end) in enumerate(sentences):
        joined = JOIN in end or joins(end, inline, k + 2 < len(sentences))
        n += not joined
        inline = joined and JOIN not in end
    return n


def value_tongue(body: str, before: str, langs: Sequence[str]) -> Tongue | None:
    """The language to read a sentence no language reads in, where it is the rest of an
    observation after a colon inside its line, a field's value ("- **Passengers:** Liam Khan,
    James Kim"), or an item of a list ``fold`` joined (``JOIN`` ends the sentence before: "- PHX
    to LGA (Flight HAT066)", h19b): names give no language evidence. It is the language of the sentence before
    (the last of ``langs``; ``before`` its terminator), as no language's closed classes stand
    in the rest (else ``detect`` had found that language); every letter of ``body`` must be one
    that language writes. None otherwise: the sentence refuses as before."""
    if not langs or not (before.startswith((":", "\uff1a")) or JOIN in before) or "\n" in before:
        return None
    t = tongue(langs[-1])
    if t is None or any(ch.isalpha() and not ch.isascii() and ch not in t.glyphs for ch in body):
        return None
    return t


_LABEL_INNER = frozenset({"OPEN", "NUM", "COMMA", "CODE"})
"""What a label's parenthesis holds ("(May 18, 2024)", "(IAH to JFK)" is no label's)."""


def attributive(tokens: list[Token], t: Tongue) -> list[Token]:
    """An item of an observation's list (the sentence after a joined colon, ``joins``) whose
    first word is an -ing form of no step's kind ([g-acting] only) before a bare noun, the
    item a label ("- **Outgoing Flights (May 18, 2024):**", "Remaining items"): the -ing form
    describes the noun and is read as a word, so the item is the observation's, as "Return
    Flight (May 22, 2024)" is. Only nouns of no kind follow it, then at most a parenthesis of
    words of no kind, numbers and commas; an -ing form of a step ("- Deleting backups:"), one
    before an article ("- Checking the logs") or a longer item is read as before (an
    announcement, which refuses inside an observation's list). An -ing form of a step's kind
    before one noun of a record's field alone ([g-record-field]: "- Booking Date:") names that
    field too: "booking date" is no step ("- Booking flights:" is)."""
    k = 1 if tokens and tokens[0].kind == "DASH" else 0
    if len(tokens) == k + 2 and tokens[k].kind == "ACTING" and t.sections(tokens[k].text) == [
            "g-acting"] and tokens[k + 1].kind == "OPEN" and t.marked(
            tokens[k + 1].text.casefold(), "g-record-field"):
        x = tokens[k]  # "- Booking Date:": a record's field, named by the -ing form of a step
        return [*tokens[:k], Token("OPEN", x.text, x.start, x.end), tokens[k + 1]]
    if len(tokens) < k + 2 or tokens[k].kind != "ACTING" or t.sections(tokens[k].text) != [
            "g-acting"] or t.kind_of(tokens[k].text) is not None:
        return tokens
    j = k + 1
    while j < len(tokens) and tokens[j].kind == "OPEN" and _bare(tokens[j], t):
        j += 1
    if j == k + 1 or (j < len(tokens) and not (
            tokens[j].kind == "LPAR" and tokens[-1].kind == "RPAR" and j < len(tokens) - 1
            and all(y.kind in _LABEL_INNER and t.kind_of(y.text) is None
                    for y in tokens[j + 1 : -1]))):
        return tokens
    x = tokens[k]
    return [*tokens[:k], Token("OPEN", x.text, x.start, x.end), *tokens[k + 1 :]]


def _bare(x: Token, t: Tongue) -> bool:
    """A word of no step's kind and no closed class but the common words'."""
    return t.kind_of(x.text) is None and set(t.sections(x.text)) <= {"g-common"}
