"""A click's selector carries a word of the control the announcement names (blind round 48
gap 5, h25e; rule ``ungrounded-call``, read by ``elements.check`` for a preamble).

``elements`` grounds a label argument word by word and reads a selector (``#delete-account``)
only for the kinds of step its words say. A selector names its element too: "I'll click the
Save button." + ``#resign``, ``button.checkout``, ``#accept-all-cookies`` or ``#unfollow``
clicks another control than the one announced, though none of those words is a step the
tables know. So a selector's own words (``_words``: its syntax, HTML tag names, role words
such as ``btn``, closed-class words, numbers and words under three letters aside) must hold
a word of the announcing text, by the stem comparison grounding uses or a [concept] map
("Sign in" + ``#signin``, "Submit" + ``button[type=submit]``, "the first result" +
``#results a:first-child``, "de knop Afrekenen" + ``button.checkout``); the announced verbs
("click") count for none. A selector of no such word (``#btn-3``, ``button.btn-primary``,
``li:nth-child(2) a``) names a place on the page, not a control: it is kept when the text
gives a position ([element-position] in kinds.txt: "the first result", "the last link") or
names no control at all ("I'll click it."), and refused when the text names a control by its
own words ("the Save button").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from .kindsfile import section
from .preamble import Announcement
from .references import _CALL_WORD, _meanings, _referenced
from .tables import tongues

__all__ = ["unlabelled"]

_TAGS = frozenset({
    "a", "abbr", "article", "aside", "b", "body", "button", "btn", "div", "em", "footer",
    "form", "header", "html", "i", "img", "input", "label", "li", "main", "nav", "ol", "option",
    "p", "section", "select", "span", "strong", "summary", "svg", "table", "tbody", "td",
    "textarea", "th", "thead", "tr", "ul", "href", "class", "id", "type", "role", "aria",
    "data", "testid", "test", "text", "name", "value", "title", "primary", "secondary", "nth",
    "child", "of", "js", "ui", "cta"})
"""HTML tag and attribute names, and the words style classes and test hooks add to any
control (``btn``, ``primary``, ``js-``, ``data-testid``): no control's own name."""

_ROLE_CLASSES = ("g-det", "g-dem", "g-pron", "g-prep", "g-and", "g-to", "g-particle",
                 "g-adverb", "g-sequence")
"""Closed classes whose words name no control in the announcing text."""

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_PLACED = re.compile(r":(?:nth-(?:last-)?(?:child|of-type)|first-child|last-child|first-of-type|"
                     r"last-of-type|first|last)\b|\[\d+\]|>>\s*nth=|\beq\(\d+\)")
"""A selector's position among its like (``:nth-child(2)``, ``:first-child``, XPath ``[2]``,
Playwright ``>> nth=1``)."""


def _words(selector: str) -> list[str]:
    """The words a selector names its element by (``#resignBtn``: resign)."""
    out = []
    for w in _CALL_WORD.findall(_CAMEL.sub(" ", selector)):
        low = w.casefold()
        if len(low) >= 3 and not low.isdigit() and low not in _TAGS \
                and not any(ch.isdigit() for ch in low[:1]):
            out.append(low)
    return out


def _closed(word: str) -> bool:
    return any(t.has(word, s) for t in tongues() for s in _ROLE_CLASSES)


def _label_words(said: str, verbs: set[str], roles: frozenset[str]) -> list[str]:
    """The announcing text's words that may name a control: no verb, role, closed-class
    word or number."""
    return [w for w in _CALL_WORD.findall(said) if len(w) >= 3 and not w.isdigit()
            and w not in verbs and w not in roles and not _closed(w)]


_BUTTON_OR_LINK = {"button": "button", "btn": "button", "link": "link"}
"""The two roles a click tells apart by name (a link leaves the page, a button acts on it);
other role words overlap too often to compare ("the search field" + ``input#search``)."""


def _other_role(selector: str, said: Sequence[str]) -> bool:
    """The selector's words name a button and not a link, or a link and not a button, and the
    text names only the other one (by its word or a [concept] map: nl "knop" is a button)."""
    mine = {_BUTTON_OR_LINK[w] for w in _CALL_WORD.findall(_CAMEL.sub(" ", selector).casefold())
            if w in _BUTTON_OR_LINK}  # (its tag too: ``button.checkout``)
    told = {_BUTTON_OR_LINK[m] for w in said for m in ({w} | _meanings(w)) if m in _BUTTON_OR_LINK}
    return len(mine) == 1 and len(told) == 1 and mine != told


def unlabelled(name: str, selectors: Sequence[str], said: str, ann: Announcement,
               roles: frozenset[str], text: str = "") -> str | None:
    """Why a selector names another control than the one the announcing text ``said`` names,
    or None (``roles``: the role words of an element's label, ``elements._ROLES``; ``text``:
    the whole preamble, its observations too)."""
    if not selectors:
        return None
    verbs = {w.casefold() for v, _k in ann.verbs for w in _CALL_WORD.findall(v)}
    label = _label_words(said, verbs, roles)
    positioned = bool(set(_CALL_WORD.findall(said)) & section("element-position"))
    if not label:
        # a label of closed-class words alone ("the Back button", "the Up arrow"), or a
        # control an observation names ("The Save button is visible. I'll click it.")
        whole = " ".join([said, text, *ann.observed, *ann.objects]).casefold()
        label = [w for w in _CALL_WORD.findall(whole) if len(w) >= 3 and not w.isdigit()
                 and w not in verbs and w not in roles]
    raw = _CALL_WORD.findall(said.casefold())
    label = [*label, *(a + b for a, b in pairwise(raw))]  # "Sign in": signin
    places = section("element-position")
    by_place = positioned and not [w for w in _label_words(said, verbs, roles) if w not in places]
    words = frozenset(label)
    for selector in selectors:
        if by_place and _PLACED.search(selector):
            continue  # "the second link" + ``a.result:nth-child(2)``: a place for a place
        if _other_role(selector, raw):
            return (f"{name!r} acts on {selector!r}, a control of another role than the one "
                    "the announcement names (a button for a link, or a link for a button)")
        own = [w for w in _words(selector) if w not in roles]
        if not own:
            if positioned or not _label_words(said, verbs, roles):
                continue
            return (f"{name!r} acts on {selector!r}, a place on the page, where the "
                    "announcement names a control by its words")
        text = " ".join(own)
        if _referenced(own, " ".join(label), words, ann.tongues) is not None \
                or _referenced(label, text, frozenset(own), ann.tongues) is not None:
            continue
        return (f"{name!r} acts on {selector!r}, whose words ({', '.join(own[:3])}) name "
                "another control than the one the announcement names")
    return None
