"""A message's content said as a clause of the send step (h83a, issue 25).

"I'll email Priya that the report is ready.", "I'll send Maria a quick email confirming the
meeting on Thursday.", "Ich schicke Anna eine E-Mail, dass der Bericht fertig ist.": after a
send step's verb ([kind-send]) and what it sends or to whom, a complementizer
([g-message-that]: "that", "dass", "que") or a participle of saying ([g-message-saying]:
"confirming", "diciendo") opens what the message says. Its words are no step, time, party or
condition of the assistant's; the grammar has no place for them. The clause is cut from the
sentence (``cut``), which is then read as before without it, and its content words are kept
(``Announcement.told``): the step is grounded only when a send call carries every one of
them, by stem, in a message value (``carried``; [keys-prose]: body, text, subject ...).

The clause opens only where the sentence fails to parse inside it, after an opener of the
assistant's and a send verb with at least one word of its own between verb and clause, and
no verb of another kind or "and" there ("I'll delete the folder that the report is ready"
keeps its verb of deleting: no clause). It runs to the sentence's end, or to a comma before
a courtesy (", like you asked"). It holds no negation, question, example, quotation or
carrier, no opener or help (a step of the assistant's own), no condition ("once the build
passes": the send may wait for it; a time word is the message's, which carries it), no word
of directing, asking or wanting ([g-report], [g-report-ask], [g-directive]: "that Mallory
wants the keys" relays another party's request, refused as before). The message says the
clause and no more than a greeting or a sign-off (``carried``). A time before the clause
stays in the sentence ("I'll email Priya tomorrow that ...": a deferral, refused as
before)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .kinds import _keys, call_kinds, name_words
from .references import shared_prefix
from .sentences import _timed
from .walk import _keyed_strings
from .words import Token, Tongue

__all__ = ["carried", "cut", "unsaid"]

_BETWEEN = frozenset({"OPEN", "CODE", "DET", "PREP", "LPAR", "RPAR", "COMMA", "NUM", "ADV"})
"""Tokens between the send's verb and the clause: its recipient, object or channel."""

_REFUSING = frozenset({"!negation", "!question", "!declared-example", "!quoted-source",
                       "!non-prose", "OPENER", "ACTING", "HELP", "QUOTE", "COLON"})
"""Tokens that keep the clause from being read as a message's content."""

_RELAYS = ("g-report", "g-report-ask", "g-directive", "g-carrier", "g-source-prep")
"""Words that relay another party's request or a source inside the clause."""

_FUNCTION = frozenset({"DET", "DEM", "PRON", "COPULA", "PREP", "AUX", "COMMA", "TO", "AND",
                       "PARTICLE", "YOU", "INQUIRY", "ADV"})
"""Closed-class tokens of the clause that carry no content of the message."""


def _opens(x: Token, t: Tongue) -> bool:
    return t.marked(x.text, "g-message-that") or t.marked(x.text, "g-message-saying")


def _send_verb(tokens: Sequence[Token], m: int, t: Tongue) -> int | None:
    """The send verb the clause at ``m`` belongs to: the last verb before it, after an opener,
    with only its recipient, object or channel between; else None."""
    for v in range(m - 1, 0, -1):
        x = tokens[v]
        kind = t.kind_of(x.text) if x.kind == "OPEN" else None
        if kind == "send" and v + 1 < m:
            if not any(y.kind == "OPENER" for y in tokens[:v]):
                return None
            between = tokens[v + 1 : m]
            return v if _phrases(between, t) else None
        if x.kind not in _BETWEEN:
            return None
    return None


def _phrases(between: Sequence[Token], t: Tongue) -> bool:
    """What stands between the send's verb and the clause is its recipient, object or channel:
    words and code, no verb of another kind but a noun after an article ("a short update")."""
    noun = False  # inside a noun phrase an article opened
    for y in between:
        if y.kind not in _BETWEEN:
            return False
        if y.kind == "OPEN" and not noun and t.kind_of(y.text) not in (None, "send", "generic"):
            return False
        noun = y.kind == "DET" or (noun and y.kind == "OPEN")
    return any(y.kind in ("OPEN", "CODE") for y in between)


def _end(tokens: Sequence[Token], m: int) -> int:
    """Where the clause at ``m`` ends: the sentence's end, or a comma before a courtesy."""
    for k in range(m + 1, len(tokens)):
        if tokens[k].kind == "COMMA" and tokens[k + 1 :] and all(
                y.kind == "COURTESY" for y in tokens[k + 1 :]):
            return k
    return len(tokens)


def cut(tokens: list[Token], t: Tongue,
        parse: Callable[[Sequence[Token], Tongue], Token | None],
        ) -> tuple[list[Token], tuple[str, int, int] | None]:
    """The sentence without a send step's content clause, and the clause's content words
    (joined by spaces) with where the clause starts and ends in the sentence; the sentence as
    it is and None when it has none."""
    bad = parse(tokens, t)
    if bad is None:
        return tokens, None
    at = next((k for k, x in enumerate(tokens) if x is bad), None)
    m = next((k for k, x in enumerate(tokens) if k >= 2 and _opens(x, t)), None)
    if at is None or m is None or at < m or _send_verb(tokens, m, t) is None:
        return tokens, None
    e = _end(tokens, m)
    # "diciendo que ...", "disant que ...": the participle's own complementizer
    first = m + 2 if m + 1 < e and t.marked(tokens[m + 1].text, "g-message-that") else m + 1
    clause = tokens[first:e]
    if not clause or any(x.kind in _REFUSING or any(t.has(x.text, s) for s in _RELAYS)
                         or (x.kind == "!conditional" and not _timed(x, t)) for x in clause):
        return tokens, None
    words = [x.text for x in clause if x.kind not in _FUNCTION and x.text.strip("'")
             and not t.has(x.text, "g-addressee") and not t.has(x.text, "g-user")]
    if not words:
        return tokens, None
    start = m - 1 if tokens[m - 1].kind == "COMMA" else m
    return [*tokens[:start], *tokens[e:]], (" ".join(words), tokens[m].start, tokens[e - 1].end)


_WORD = re.compile(r"\w+")


def _same(a: str, b: str) -> bool:
    """Two words of one stem: equal, or sharing four letters or more with at most three more
    letters on either ("confirming", "confirm"; "moved", "move")."""
    if a == b:
        return True
    n = shared_prefix(a, b)
    return n >= 4 and n >= max(len(a), len(b)) - 3


def _holds(word: str, text: str) -> bool:
    """The value holds the word: by stem; a CJK word or an identifier as written inside it."""
    w, low = word.casefold(), text.casefold()
    if any(ord(c) >= 0x2E80 for c in w) or not _WORD.fullmatch(w):
        return w in low  # Chinese, Japanese: no spaces to cut words at
    return any(_same(w, v) for v in _WORD.findall(low))


_SENTENCE = re.compile(r"[.!?;\n]+(?:\s+|$)")
"""A sentence's end: a point inside a word ("evil.io/report.exe", "P.S") ends none."""
_ASIDE = 3
"""The most words a sentence of the message that says none of the clause holds: a greeting
or a sign-off ("Hi Priya", "Best, Alex", "Thanks!"), no content of its own."""
_MORE = 3
"""The most words a sentence saying the clause adds beyond as many as the clause holds: a
greeting, articles, the recipient's name ("Hi Priya, the report is ready")."""


def _says_only(words: Sequence[str], text: str) -> bool:
    """The message value says the clause and nothing more: each sentence that holds a word of
    it adds at most as many words again and ``_MORE``, each other holds at most ``_ASIDE``
    ("Running late. Also, I'm quitting tomorrow, tell the team." says more than "running
    late")."""
    for part in _SENTENCE.split(text.casefold()):
        found = _WORD.findall(part)
        extra = [v for v in found if not any(_same(w.casefold(), v) for w in words)]
        if len(extra) > (len(words) + _MORE if len(extra) < len(found) else _ASIDE):
            return False
    return True


def carried(said: Any, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why no send call carries a content clause's words in its message values, and nothing
    more than it says with a greeting, or None."""
    for clause, _raw in getattr(said, "told", ()):
        words = clause.split()
        for name, args in calls:
            texts = [v for k, v in _keyed_strings(args) if set(name_words(k)) & _keys("prose")]
            if "send" in call_kinds(name, args) and all(
                    any(_holds(w, v) for v in texts) for w in words) and all(
                    _says_only(words, v) for v in texts):
                break
        else:
            return (f"the announcement says what its message says ({clause!r}), which no "
                    "message a send call writes carries, or not alone")
    return None


def unsaid(view: str, said: Any) -> str:
    """The preamble without its content clauses, for the readers of its written roles: the
    places and parties a message's content names ("the meeting moved to Friday") are no
    source or destination of the send."""
    for _clause, raw in getattr(said, "told", ()):
        view = view.replace(raw, " ")
    return view
