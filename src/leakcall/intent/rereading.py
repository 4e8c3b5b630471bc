"""Rewrites of a sentence's tokens that read a word by its place before the grammar reads the
sentence: each in its own module, applied in one order here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .dashnames import dash_names
from .dayarticle import day_article
from .dropped import dropped_opener
from .forcedverb import forced_verbs
from .ifavailable import if_available
from .possessor import owner_after
from .prefixed import attributive
from .ranges import ranged
from .reportwait import report_wait
from .sentnoun import sent_approval
from .separable import rejoined, separated
from .sides import both_sides
from .waiting import bare_waits
from .words import Token, Tongue

__all__ = ["reread"]

_T = TypeVar("_T", bound=Token)


def reread(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with a range sign between two times read as the span's link (``ranges``:
    "10:00〜11:00"), an owner word after a noun as a possessive (``possessor``: "pesanan
    Anda"), and a closing article that is a separable particle as that particle
    (``separable``: "… in Ihren Kalender ein"), its verb read with that particle
    (``separable.rejoined``: "starte … neu" restarts), and a deferral compound paired with its
    opposite before a noun as a word (``sides``: "pre-fit and post-fit scenarios"), and one
    between an article and the noun it modifies too (``prefixed``: "the post-fix dependency chain"),
    and a noun of approval a sending step sends (``sentnoun``: "schicke ... die Bestätigung"),
    and without an availability condition closing the step (``ifavailable``: "run ruff if
    available"), and a future auxiliary whose first-person subject is dropped as the opener
    it stands for (``dropped``: "Still running — will continue waiting."), and a dash before a
    closing list of code names as a comma (``dashnames``: "Add imports — `json` and `Style`"),
    and an article before a weekday as the preposition it stands for (``dayarticle``: "el
    jueves"), and a forcing word before its verb as the one verb the lexicon lists
    (``forcedverb``: "force push"), and a report promised when a running task ends as the
    wait for it (``reportwait``: "I'll let you know when they complete"), and an opener before
    a clause opening with a word of waiting whose subject is dropped (``waiting.bare_waits``:
    "等待结果")."""
    read = report_wait(forced_verbs(day_article(dash_names(dropped_opener(if_available(sent_approval(
        attributive(both_sides(rejoined(separated(owner_after(ranged(tokens, t), t), t), t), t),
                    t), t), t), t), t), t), t), t)
    return bare_waits(read, t)
