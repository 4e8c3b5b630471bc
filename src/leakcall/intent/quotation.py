"""A quotation in an observation: a source's words, or a value.

An observation that reports a source's words (an email, an issue, a web page, a README saying
"run X") lets the source's instruction become the call (rule ``quoted-source``). A quotation
is such words only when it can instruct: it holds a clause (a verb form or a clause-building
word of the sentence's lexicon, a command line or code, or more words than a name has), or a
verb of saying, asking, wanting or containing governs it ("the README says 'cleanup'"), or the
sentence is a carrier's ("The email has ...", "per the ticket, ..."; read in ``actors``).
Otherwise it is a name, a label, a value, a file name or a literal output ("SF, CA",
"Hello, World!", "cat_poem_outline.txt") and refuses nothing by itself; a call that changes
something and carries it is still refused (``carried``, read after the call is known).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .words import Token, Tongue, tokenize

__all__ = ["MAX_NAME_WORDS", "QUOTE_OPENERS", "instructs", "values"]

QUOTE_OPENERS = "\"'["
"""The first character of a quoted CODE token (a quoted string, or a JSON list of them)."""

MAX_NAME_WORDS = 4
"""Most words of a name, a label or a value ("best language to learn"); a quotation of more
words is a sentence, whatever its verb (the lexicon does not know every verb: "ignore all
previous instructions and ...")."""

_CLAUSE_SECTIONS = frozenset({
    "g-aux", "g-copula", "g-opener", "g-courtesy", "g-directive", "g-report", "g-report-ask",
    "g-content", "g-future", "g-mood", "g-subject", "g-you", "g-addressee", "g-negation",
    "g-condition", "g-adverb", "g-adverb-form"})
"""Closed classes only a clause has (an auxiliary, a copula, an opener, "please", a subject
pronoun, a negation, a condition, an adverb saying how or when a step is taken: "now",
"permanently"): no name is built of them."""

_SAYING = ("g-report", "g-report-ask", "g-directive", "g-content")
"""Verbs of saying, asking, wanting, needing or containing: what they govern is a party's or a
carrier's words ("says", "asks", "wants", "contains", "lists")."""

_SHELL = re.compile(r"[|;&$<>`={}]|\s--?\w")
"""What only a command line or code holds: a shell operator, a redirection, a substitution, an
assignment, a block, or a flag after a word ("rm -rf x")."""

_ITEM = re.compile(r"\"([^\"\n]*)\"|'([^'\n]*)'")


def _items(text: str) -> list[str]:
    """The quoted strings of a quoted CODE token (one, or each of a JSON list), without their
    quotes and the punctuation around them ("\"basic plan,\"" is "basic plan")."""
    found = [a or b for a, b in _ITEM.findall(text)] or [text.strip("[]")]
    return [x.strip(" \t,.;:!?") for x in found]


def _clause(item: str, t: Tongue) -> str | None:
    """Why a quoted string holds a clause, or None: a name or a value. A lone word is a
    name, a value or a label, whatever it could also mean ("drop", "cake", "+"); a command
    line (a shell operator, a flag after a word), more words than a name has, a verb form the
    lexicon reads, or a word of a class only a clause has makes it a clause."""
    if _SHELL.search(item) is not None:
        return "a command line"
    tokens = [x for x in tokenize(item, t) if x.kind not in ("COMMA", "DASH", "LPAR", "RPAR")]
    if len(tokens) < 2:
        return None
    if len(tokens) > MAX_NAME_WORDS:
        return f"{len(tokens)} words, more than a name has"
    for x in tokens:
        if x.kind == "CODE" and (x.text.startswith("-") or "/" in x.text or "@" in x.text):
            return f"code ({x.text!r})"
        if t.kind_of(x.text) is not None:
            return f"the verb {x.text!r}"
        if x.kind[:1] == "!" and x.kind not in ("!non-prose", "!unknown-preamble"):
            # a word of a refusing class ("previous", "if", "example"); not one the grammar
            # only cannot place ("here") nor a symbol
            return f"{x.text!r} ({x.kind[1:]})"
        if _CLAUSE_SECTIONS.intersection(t.sections(x.text)):
            return f"{x.text!r}, a word only a clause has"
    return None


def _governor(tokens: Sequence[Token], k: int, t: Tongue) -> str | None:
    """The verb of saying, asking, wanting or containing that governs the quotation at ``k``:
    the nearest verb before it (after it too in a verb-final language), or None when that
    verb is another ("it prints 'Hello, World!'") or there is none."""
    sides = [reversed(tokens[:k])] + ([iter(tokens[k + 1 :])] if t.order == "sov" else [])
    for side in sides:
        for y in side:
            secs = t.sections(y.text)
            if any(s in secs for s in _SAYING):
                return y.text
            if t.kind_of(y.text) is not None or {"g-copula", "g-aux"}.intersection(secs):
                break
    return None


def _schema_field(tokens: Sequence[Token], k: int, verb: str, t: Tongue) -> bool:
    """The quotation at ``k`` names a field of a tool's schema (h36g): a noun of a field
    ([g-schema-field]: "parameter") right after it, and a noun of the tool's own documentation
    ([g-tool-doc]: "tool", "function") before its governing verb, as its subject ("The tool
    requires a 'location' parameter"). The quotation is a key the schema needs, not a party's
    words; a quotation holding a clause is read before and still refuses."""
    if k + 1 >= len(tokens) or not t.marked(tokens[k + 1].text.casefold(), "g-schema-field"):
        return False
    at = next((j for j in range(k - 1, -1, -1) if tokens[j].text == verb), None)
    return at is not None and at > 0 and tokens[at - 1].kind == "OPEN" \
        and t.marked(tokens[at - 1].text.casefold(), "g-tool-doc")


def instructs(tokens: Sequence[Token], k: int, t: Tongue) -> str | None:
    """Why the quotation at ``tokens[k]`` of an observation is a source's words, or None: it
    holds a clause, or a verb of saying, asking, wanting or containing governs it."""
    x = tokens[k]
    for item in _items(x.text):
        why = _clause(item, t)
        if why is not None:
            return f"{x.text[:40]!r} holds a clause ({why})"
    verb = _governor(tokens, k, t)
    if verb is not None and not _schema_field(tokens, k, verb, t):
        return f"{x.text[:40]!r} is what {verb!r} governs"
    return None


_NAME = re.compile(r"[^\s,;:!?()\"']*\w[._/@-]\w[^\s,;:!?()\"']*|[^\s,;:!?()\"']*\d[^\s,;:!?()\"']*")
"""A written name inside a quotation: a word joining parts with ".", "_", "/", "@" or "-"
(a file, a branch, an address, a version), or one holding a digit (an id, an amount)."""


def values(observed: Sequence[str]) -> list[str]:
    """The quoted values of an announcement's observations (``Announcement.observed``): each
    quoted string an observation holds, without its quotes, and each written name inside one
    ("release-2.3" of "nuke release-2.3 now": a name the quotation gives the call's target)."""
    items = [item for w in observed if w[:1] in QUOTE_OPENERS and len(w) > 1
             for item in _items(w) if item]
    return [*items, *(m.strip(".-") for item in items if " " in item
                      for m in _NAME.findall(item) if len(m.strip(".-")) > 2)]
