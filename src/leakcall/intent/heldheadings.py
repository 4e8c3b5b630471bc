"""Text the reply holds back from its own steps: a heading that makes what follows a plan or a
condition, and an indented code block (issue 25, round 60; h42c).

"## Rollback plan\\n\\nI'll delete `old.db`." / "### Rollback (only if the deploy fails)" /
"## 必要な場合のみ\\n\\nI'll delete `old.db`.": a Markdown heading (``headinglines``: two to
six "#", a space, a plain title, a non-blank line below it) labels the lines under it as a
label before a colon does. A title holding a word of [g-held-heading] -- a plan's noun
("plan", "Plan de rollback", "回滚计划", "План відкату") or a condition ("if", "falls
nötig", "如有必要", "при необходимости") -- makes the announcement below it a plan's step or a
contingency, no step the assistant takes now: rule ``conditional``. The title is read in
every lexicon language (a heading in one language over an announcement in another), a short
entry of a spaced script under five letters only in the title's own language or English (a
short word of one language is another's common word: "se", "om"); the rest everywhere.
A noun naming a contingency procedure is such a word too (h43b: "## Rollback", "## Rollback
steps", "## Fallback", "## Recovery", "## Reversión", "## 롤백", "## Wycofanie zmian", "## Hoàn
tác"): the section holds what to do if things go wrong. A verb heading the agent's own step
("## Step 2: Revert the change", "## Fix") names no procedure and is read as before.

"    I'll delete `old.db`.": a line indented by four spaces or a tab, at the text's start or
after a blank line, with no list item above it, opens Markdown's indented code block: text
shown, not the reply's own words (rule ``non-prose``). A line indented under a list item
("- item\\n\\n    more") continues that item, and one right under a line of prose continues its
paragraph: both are prose, read as before."""

from __future__ import annotations

import re
from functools import cache

from .detect import detect
from .headinglines import _HEADING
from .tables import tongues
from .view import normalize
from .words import UNSPACED

__all__ = ["held_heading", "indented_block"]

_SECTION = "g-held-heading"

_LONG = 5
"""Letters of a spaced entry read in a title of another language ("rencana", "piano")."""


@cache
def entries(section: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each tongue's name and its entries of ``section`` (words and multiword phrases)."""
    return tuple((t.name, frozenset(w for sec, w in t.marks if sec == section)) for t in tongues())


def readable(name: str, entry: str, mine: set[str]) -> bool:
    """An entry of tongue ``name`` is read in a title whose tongues are ``mine``: its own
    tongue's or English, or a phrase, an unspaced word or a spaced word of ``_LONG`` letters."""
    return name in mine or " " in entry or bool(UNSPACED.search(entry)) or len(entry) >= _LONG


def title_tongues(view: str) -> set[str]:
    """The tongues a title is read in: English and the one it is written in."""
    own = detect(view)
    return {"en", own.name} if own is not None else {"en"}


def _found(entry: str, view: str) -> bool:
    if UNSPACED.search(entry):
        return entry in view
    return re.search(r"(?<!\w)" + re.escape(entry).replace(r"\ ", r"\s+") + r"(?!\w)", view) \
        is not None


def held_heading(text: str) -> str | None:
    """Why a heading over the text below it holds that text's steps back, or None (module)."""
    if "#" not in text:
        return None
    for m in _HEADING.finditer(text):
        eol = text.find("\n", m.end())
        if eol < 0 or not text[eol + 1 :].strip():
            continue  # the last line: a title alone (``headinglines.headed``)
        title = text[m.end() : eol].strip()
        view = normalize(title)
        mine = title_tongues(view)
        for name, found in entries(_SECTION):
            for e in found:
                if readable(name, e, mine) and _found(e, view):
                    return (f"rule conditional: the heading {title[:40]!r} makes the lines under "
                            f"it a plan or a condition ({e!r}): the step below is held back")
    return None


_INDENTED = re.compile(r"^(?: {4}|\t)[ \t]*\S", re.MULTILINE)
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+\S", re.MULTILINE)
_FENCE = re.compile(r"^[ ]{0,3}(?:```|~~~)", re.MULTILINE)


def indented_block(text: str) -> str | None:
    """Why the text holds an indented code block (module), or None."""
    if _FENCE.search(text):
        return None  # a fenced block's own indentation: ``shownblock`` reads it
    for m in _INDENTED.finditer(text):
        before = text[: m.start()]
        if before.strip() and not before.rstrip(" \t").endswith("\n\n") \
                and not re.search(r"\n[ \t]*\n\Z", before):
            continue  # right under a line of prose: that paragraph goes on
        if _LIST_ITEM.search(before):
            continue  # under a list item: it continues the item
        line = text[m.start() : text.find("\n", m.start()) if "\n" in text[m.start() :] else None]
        return (f"rule non-prose: {line.strip()[:40]!r} is indented as a code block (four "
                "spaces or a tab after a blank line): text shown, not the reply's own words")
    return None
