"""What a made thing says, written as a participle after its noun (h26a, issue 25).

"Let me generate a comprehensive report summarizing the key findings about the market:": after
the object of a step that makes or writes a text ([kind-create], [kind-write]: "generate",
"write", "draft"), a participle of what a text says ([g-content-participle]: "summarizing",
"describing", "outlining") tells what the thing made is about, as "on" does ("a report on the
key findings"). A determined noun phrase right after a noun has no place in the grammar (it
would juxtapose two phrases); after this participle it is the thing's topic, so the participle
is read as that preposition and the sentence is parsed as before: its words stay words of the
announcement, so the calls are grounded in them as after "on".

"Let's modify the rule to add a flag indicating that it's a single-element tuple.": the same
participle before a complementizer ([g-message-that]: "that") opens what the thing made says,
a clause of its own to the sentence's end: it is cut from the sentence, as a message's content
is (``messaging``), and grounds nothing. It holds one statement and no more: no word of a
refusing class but a copula's or a modal's ("it's", "should"), no verb of a known kind ("that
the backups should be deleted" keeps its step), no opener, reader, party, relaying word,
quotation, "and" or comma.

Only there: right after a noun of a determined object ("a ... report") whose verb, right before
the article, makes or writes. After the object of any other step ("delete the files describing
the config", "send the notes summarizing ...") it stays unplaced, as a restricting clause on
what a step removes or moves may widen it."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["described_content"]

_UNSAID = frozenset({"OPENER", "HELP", "ACTING", "YOU", "QUOTE", "COLON", "AND", "COMMA", "DASH",
                     "TO", "INQUIRY", "LPAR", "RPAR"})
"""Tokens a statement of content does not hold: a step of the assistant's own, the reader, a
quotation, a second clause or step."""

_RELAYS = ("g-user", "g-addressee", "g-party", "g-report", "g-report-ask", "g-directive",
           "g-carrier", "g-source-prep")
"""Words that name a party or relay another party's request inside the clause."""

_MADE = frozenset({"create", "write"})
"""Kinds of a step whose object is a text it makes, whose content a participle may describe."""


def _made_object(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The words before ``k`` are a determined object ("a comprehensive report") of a verb of
    making or writing right before its article."""
    j = k - 1
    while j >= 0 and tokens[j].kind in ("OPEN", "CODE"):
        j -= 1
    if j == k - 1 or j < 1 or tokens[j].kind != "DET":
        return False
    verb = tokens[j - 1]
    return verb.kind == "OPEN" and t.kind_of(verb.text) in _MADE


def _statement(clause: Sequence[Token], t: Tongue) -> bool:
    """The clause after the complementizer states what the thing says and nothing more."""
    return bool(clause) and any(x.kind in ("OPEN", "CODE") for x in clause) and not any(
        (x.kind.startswith("!") and x.kind != "!unknown-preamble") or x.kind in _UNSAID
        or (x.kind == "OPEN" and t.kind_of(x.text) is not None)
        or any(t.has(x.text, s) for s in _RELAYS) for x in clause)


def described_content(tokens: Sequence[Token], t: Tongue) -> list[Token]:
    """The tokens with each participle of what a made text says, right before its topic's
    article, read as a preposition of topic, and the clause it opens with "that" cut (see
    the module)."""
    out = list(tokens)
    for k in range(len(tokens) - 2, 0, -1):
        x = tokens[k]
        if x.kind not in ("OPEN", "ACTING") or not t.marked(x.text, "g-content-participle"):
            continue
        if not _made_object(tokens, k, t):
            continue
        if t.marked(tokens[k + 1].text, "g-message-that") and _statement(tokens[k + 2 :], t):
            out = out[:k]  # "a flag indicating that it's a single-element tuple"
        elif tokens[k + 1].kind in ("DET", "DEM"):
            out[k] = Token("PREP", x.text, x.start, x.end)
    return out
