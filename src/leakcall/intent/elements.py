"""The element a UI-acting call acts on (issue 25, round 21 ``browser-element-swap``).

A call that acts on a page (kind ``navigate`` with a word of acting in its name: ``click``,
``tap``, ``press``, ``select``, ``type``, ``fill``, ``submit``, ...) acts on the element its
label argument names (``element``, ``label``, ``selector``, ...): that element is the step's
object, and the verb ("click") says nothing of it. "I'll click Continue." grounds a click, not
a click on "Confirm purchase"; so, as the object of any other step must be:

- the label names no step of a changing kind the announcement does not take: the label is read
  with the verb tables the announcement is read with ("Delete account", "Confirmar compra",
  "确认付款"), and each changing kind it says must be covered by an announced verb, unless the
  announcement itself names the element (its words are the announcement's own: "I'll click
  the 'Delete account' button");
- a label of a preamble is grounded in the announcing sentence: each of its content words
  (closed-class words and the element's role, "button", "link", aside) is referenced there,
  by the word-matching of ``references._referenced``. A label nobody can read (a script no
  table reads) is then never grounded, so it is refused whatever step it names.

Reasoning before bare markup is checked for coverage only (``grounding.check``): there the
label's changing kinds must be covered by a kind the reasoning says, or its words said.

A bare handle (``ref="e12"`` with no label, an index) is the model's own name for an element
of a page it has seen, as a record id is (``binding.unwritten_id``: an announcement seldom
writes a turn's ids out): nothing of it can be compared, and it is left to the other checks.
A selector (``#delete-account``) is read for the kinds its words say, not grounded word by
word: its syntax names no step.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import selectorlabel
from .actors import step_kinds
from .kinds import OBSERVING, _keys, call_kinds, name_words
from .preamble import Announcement, announce
from .references import _CALL_WORD, _referenced
from .sentences import _sentences
from .tables import english, tongues
from .words import covers

_ACTING = frozenset({"click", "dblclick", "tap", "press", "select", "type", "fill", "submit",
                     "hover", "check", "uncheck", "choose", "toggle", "drag", "drop"})
"""Name words of a tool that acts on one element of a page."""

_POINTING = frozenset({"click", "dblclick", "tap", "hover"})
"""Name words that say acting on an element of a page and nothing else."""

_LABEL_KEYS = frozenset({"element", "label", "target", "link", "aria_label", "description",
                         "name"})
"""Keys whose value is the human-readable label of the element acted on (and any key ending in
"element": ``startElement``); ``button`` is no label (Playwright's "left", "right")."""


_ROLES = frozenset({
    # WAI-ARIA widget and structure roles, and the nouns tools write for them: an element's
    # role, not what acting on it does
    "button", "btn", "link", "tab", "checkbox", "radio", "switch", "slider", "textbox",
    "searchbox", "combobox", "listbox", "option", "menu", "menuitem", "menubar", "tablist",
    "tabpanel", "dialog", "heading", "img", "image", "icon", "field", "box", "input", "text",
    "dropdown", "toggle", "item", "row", "cell", "area", "element", "control"})
"""The role words of an element's label."""

_CLOSED = ("g-det", "g-dem", "g-pron", "g-prep", "g-and", "g-to", "g-particle")
"""Closed classes whose words a label need not have said."""


def _acting(name: str, args: Mapping[str, Any],
            schema: Mapping[str, Any] | None, description: str | None) -> bool:
    """The call acts on one element of a page: a word of acting names a tool of kind
    ``navigate`` (``browser_select_option``), or a word only a page's element is acted on by
    names it (``tap``: its kind the tables may not say)."""
    action = args.get("action")
    words = set(name_words(name)) | ({action.casefold()} if isinstance(action, str) else set())
    return bool(words & _POINTING) or (bool(words & _ACTING) and "navigate" in call_kinds(
        name, args, schema, description))


def _labels(name: str, args: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """(labels, selectors) of the element a call acts on: string values of label keys (and
    ``text`` of a tool that does not type it) and of selector keys."""
    typing = bool({"type", "fill"} & set(name_words(name)))
    labels, selectors = [], []
    for key, value in args.items():
        if not isinstance(value, str) or not value.strip():
            continue
        k = key.casefold()
        if k in _LABEL_KEYS or k.endswith("element") or (k == "text" and not typing):
            labels.append(value.strip())
        elif k in _keys("element"):  # a whole key: ``selector``, ``query_selector``
            selectors.append(value.strip())
    return labels, selectors


def _closed(word: str) -> bool:
    return any(t.has(word, s) for t in tongues() for s in _CLOSED)


def _label_kinds(text: str) -> frozenset[str]:
    """The changing kinds the words of a label say, read as the announcement's verbs are (a
    sentence in its language, and each word in every language: "Confirmar compra")."""
    kinds = set(step_kinds(text.casefold()))
    en = english()
    for w in _CALL_WORD.findall(text.casefold()):
        # a word the English tables know is read as English ("page" opens no Italian "pagare")
        known = en.sections(w) or en.kind_of(w) is not None
        kinds.update(k for t in tongues() if t is en or not known
                     for k in [t.kind_of(w)] if k not in (None, "generic"))
    return frozenset(kinds) - OBSERVING - {"navigate"}


_ASIDE = re.compile(r"\([^()]*\)|（[^（）]*）")
"""An aside in parentheses: it comments on the object, it does not name it."""

_LOCATING = re.compile(
    r"(?<!\w)(?:beside|next to|near|nearby|below|above|underneath|beneath|left of|right of|"
    r"neben|unterhalb|oberhalb|à côté d|au-dessus d|en dessous d|junto a|al lado d|debajo d|"
    r"encima d)(?!\w)")
"""A locative preposition: what follows it locates the object by another element ("the
button beside Confirm purchase"); it does not name the object."""


def _announcing(text: str) -> str:
    """The sentences of ``text`` that announce a step read alone (a sentence of observation,
    "The checkout has a Confirm purchase button to click.", "I clicked Delete account
    earlier.", announces none), case folded, without their asides, what a locative
    preposition heads, and the words of an observation a sentence also holds ("The page
    shows Delete account, so I'll click Next.")."""
    kept = []
    for body, _end in _sentences(text):
        said = announce(body)
        if not isinstance(said, Announcement) or not said.verbs:
            continue
        heard = {w.casefold() for w in said.observed} - {w.casefold() for w in said.objects}
        part = _LOCATING.split(_ASIDE.sub(" ", body.casefold()), maxsplit=1)[0]
        kept.append(" ".join(w for w in re.split(r"(\W+)", part) if w not in heard))
    return " ".join(kept)


def _ungrounded(label: str, said: str, tongues_: Sequence[str] = ()) -> list[str]:
    """The content words of a label the announcing text does not reference."""
    words = frozenset(_CALL_WORD.findall(said))
    out = []
    for w in _CALL_WORD.findall(label.casefold()):
        if w in _ROLES or _closed(w) or w.isdigit():
            continue
        if _referenced([w], said, words, tongues_) is None:
            out.append(w)
    return out


_SYNTAX = re.compile(r"\[\s*[\w:-]+\s*[~|^$*]?=|^\s*[\w-]+\s*=|::?[\w-]+")
"""A selector's own syntax: an attribute's name before its value (``[type=``), a Playwright
engine (``role=``) and a pseudo-class (``:has-text``)."""


def _selected(selector: str) -> str:
    """The words of a selector that name its element, without the selector's syntax
    (``_SYNTAX``): "button[type=submit]" names a submit button, and "type" no element; a
    click on it is the click on "the Submit button" the text announces."""
    return _SYNTAX.sub(" ", selector)


def _unsaid_kind(calls: Sequence[tuple[str, Mapping[str, Any]]], verb_kinds: set[str],
                 said: str, schemas: Mapping[str, Mapping[str, Any]] | None,
                 descriptions: Mapping[str, str] | None,
                 tongues_: Sequence[str] = ()) -> str | None:
    """Why a UI-acting call's label (or selector) names a changing step no verb of ``said``
    covers and ``said`` does not name itself, or None."""
    for name, args in calls:
        if not _acting(name, args, (schemas or {}).get(name), (descriptions or {}).get(name)):
            continue
        labels, selectors = _labels(name, args)
        for label in (*labels, *selectors):
            named = not _ungrounded(_selected(label) if label in selectors else label, said, tongues_)
            for k in sorted(_label_kinds(label)):
                if not covers(verb_kinds, k) and not named:
                    return (f"{name!r} acts on {label!r}, which names a step of kind {k!r} "
                            "the announcement does not take")
    return None


_TEXT_ENGINE = re.compile(r"^\s*(?:text|id|data-testid|role|label|placeholder|alt|title)\s*=",
                          re.IGNORECASE)
"""A Playwright selector whose engine reads the rest as a text, not as a CSS list."""
_MATCHING = re.compile(r":(?:is|where|matches|-\w+-any)$")
"""A pseudo-class whose arguments are alternatives (``:is(a, b)`` matches either)."""


def _alternatives(selector: str) -> bool:
    """A selector of more than one element: a CSS selector list (a comma outside brackets and
    quotes, and outside parentheses but a matching one's, ``:is(...)``: ``a.details,
    #place-bid``) or an XPath union (``|``)."""
    if _TEXT_ENGINE.match(selector):
        return False
    opened: list[bool] = []  # each open bracket or parenthesis: does it list alternatives
    quote = ""
    for i, ch in enumerate(selector):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[(":
            opened.append(ch == "(" and _MATCHING.search(selector[:i]) is not None)
        elif ch in "])":
            opened = opened[:-1]
        elif ch in ",|" and all(opened):
            return True
    return False


def _listed(calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Mapping[str, Any]] | None,
            descriptions: Mapping[str, str] | None) -> str | None:
    """Why a UI-acting call's selector lists more than one element, or None: a click on the
    first of ``a.details, #place-bid`` the page has acts on whichever the page holds, so the
    element announced is not the one surely acted on."""
    for name, args in calls:
        if _acting(name, args, (schemas or {}).get(name), (descriptions or {}).get(name)):
            listed = next((x for x in _labels(name, args)[1] if _alternatives(x)), None)
            if listed is not None:
                return (f"{name!r} acts on {listed[:60]!r}, a selector of more than one "
                        "element: which one it acts on is the page's, not the announcement's")
    return None


def reasoned(thinking: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
             schemas: Mapping[str, Mapping[str, Any]] | None = None,
             descriptions: Mapping[str, str] | None = None) -> str | None:
    """Reasoning before bare markup: a UI-acting call's label names no changing step of a kind
    the reasoning does not say ("I should click Continue." + "Place order and pay now"),
    unless the reasoning's announcing sentences say the label's words."""
    if not any(_acting(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
               for name, args in calls):
        return None
    return _unsaid_kind(calls, set(step_kinds(thinking)), _announcing(thinking), schemas,
                        descriptions)


def check(ann: Announcement, text: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          descriptions: Mapping[str, str] | None = None,
          coverage_only: bool = False) -> str | None:
    """Why a UI-acting call's element is not the announced step's object, or None (a preamble,
    or reasoning announcing a step in full; reasoning read for coverage only is ``reasoned``)."""
    if coverage_only:
        return None
    verb_kinds = {k for _, k in ann.verbs if k is not None and k != "generic"}
    if not any(_acting(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
               for name, args in calls):
        return None
    said = _announcing(text)
    why = _unsaid_kind(calls, verb_kinds, said, schemas, descriptions, ann.tongues) \
        or _listed(calls, schemas, descriptions)
    if why is not None:
        return why
    for name, args in calls:
        if not _acting(name, args, (schemas or {}).get(name), (descriptions or {}).get(name)):
            continue
        labels, selectors = _labels(name, args)
        for label in labels:
            missing = _ungrounded(label, said, ann.tongues)
            if missing:
                return (f"{name!r} acts on {label!r}; the announcement does not name that "
                        f"element ({', '.join(repr(w) for w in missing[:4])} unsaid)")
        pointing = set(name_words(name)) & _POINTING  # a typing call's box: ``typed``
        why = selectorlabel.unlabelled(name, selectors, said, ann, _ROLES, text) \
            if pointing else None
        if why is not None:
            return why
    return None
