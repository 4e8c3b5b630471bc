"""Shaping the call's own markup (h98c, issue 25; rule ``reasoning-cue``): "I'll format the tool
call with the given coordinates", "make sure to format the JSON correctly". A display cue
([display]: "format") says the text is laid out to be shown. With a ``[g-shape-verb]`` verb
whose object is the call's own markup (a definite noun phrase of at most two words ending in a
``[g-call-markup]`` noun, after a ``[g-tool-doc]`` one at most: "the tool call", "the JSON",
"the arguments"), and a rest of the sentence that only qualifies the writing (a preposition, a
noun, a value, "using": "with the given coordinates", "correctly, using the parameters as
strings"), it says how the call is written, which is making it. "I'll format the tool call for
the user to copy", "... so Alice can review it", "... and show them", "format the command",
"format it", "format a tool call" and any other display verb ("show the tool call") stay cues."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .detect import detect
from .words import Token, Tongue, tokenize

__all__ = ["built", "qualifies", "shaped"]

_OBJECT = re.compile(r"\s+the\s+(\w+)\b(?:\s+(\w+)\b)?")
_REST = re.compile(r"[^.!?\n]*")
_QUALIFYING = frozenset({"PREP", "DET", "OPEN", "COMMA", "CODE", "ACTING", "!non-prose"})
"""Token kinds the rest of the sentence may hold: how the call is written, no party, no purpose
("to", "so"), no second verb ("and show them"), no pronoun."""


def qualifies(view: str, lo: int, after: int, t: Tongue) -> bool:
    """The rest of the sentence after the object (from ``after``) only qualifies the writing:
    tokens of the qualifying kinds, no word of a step's kind ("copy", "run") and none for the
    user. The sentence is read whole, as the screens read it."""
    start = max(view.rfind(ch, 0, lo) for ch in ".!?\n") + 1
    end = start + len(_REST.match(view, start).group(0))  # type: ignore[union-attr]
    rest = [x for x in tokenize(view[start:end], t) if x.start >= after - start]
    rest = [x for k, x in enumerate(rest) if not _manner(rest, k, t)]  # "correctly." (h31b)
    return all(x.kind in _QUALIFYING and (x.kind != "OPEN" or (
        t.kind_of(str(x.text)) is None and not t.has(str(x.text), "g-user")))
               for x in rest)


def _manner(rest: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is an adverb by its ending ([g-adverb-form]) the grammar places
    nowhere, right after the object or closing the sentence, a comma or its stop after it:
    how the call is written ("format the arguments correctly.", h31b). Not one in a cue
    lexicon's class ("hypothetically" is read by its own screen), nor before another word."""
    x = rest[k]
    nxt = rest[k + 1] if k + 1 < len(rest) else None
    return x.kind == "!unknown-preamble" and t.has(str(x.text), "g-adverb-form") and (
        nxt is None or nxt.kind == "COMMA" or (nxt.kind == "!non-prose" and str(nxt.text) in ".!"))


def shaped(view: str, lo: int, hi: int) -> bool:
    """The display cue at ``view[lo:hi]`` is a verb shaping the call's own markup."""
    t = detect(view)
    obj = _OBJECT.match(view, hi)
    if t is None or obj is None or not t.marked(view[lo:hi], "g-shape-verb"):
        return False
    first, second = obj.group(1), obj.group(2)
    # "the tool call", "the function call": the tool's own word may name the call's markup
    if second is not None and t.marked(second, "g-call-markup") and (
            t.marked(first, "g-call-markup") or t.marked(first, "g-tool-doc")):
        return qualifies(view, lo, obj.end(), t)
    return t.marked(first, "g-call-markup") and qualifies(view, lo, obj.end(1), t)


_MADE = frozenset({"create", "write"})
"""Kinds of a verb that makes the call's own markup ("create the arguments")."""
_PART = frozenset({"PREP", "DET", "OPEN", "CODE"})
"""Tokens of the phrases between the call's markup noun and the participle ("as a JSON object
with the window")."""
_CONTENT = frozenset({"OPEN", "CODE", "AND", "COMMA", "DET", "NUM"})
"""Tokens of what the built part contains ("start and end", "`start`, `end`")."""


def built(view: str, lo: int, hi: int) -> bool:
    """The source cue at ``view[lo:hi]`` is a participle of containing ([g-built-participle]:
    "containing") inside the assistant's own making of the call's markup (h31b): its sentence
    opens with an opener ("I'll", "let me") and a verb that makes or writes ([kind-create],
    [kind-write]: "create") or lays out ([g-shape-verb]), whose object is the call's own
    markup ("the arguments", ``[g-call-markup]``); only phrases of it stand before the
    participle ("as a JSON object with the window") and only its contents after it, to the
    sentence's end ("start and end"): "So I'll create the arguments as a JSON object with the
    window containing start and end." says how the call is built, no carrier holding words
    the step follows. "The email containing ...", "I'll create the arguments containing what
    the user's email asks", a party, purpose or second verb in the sentence stay cues."""
    t = detect(view)
    if t is None or not t.marked(view[lo:hi], "g-built-participle"):
        return False
    start = max(view.rfind(ch, 0, lo) for ch in ".!?\n") + 1
    end = start + len(_REST.match(view, start).group(0))  # type: ignore[union-attr]
    tokens = tokenize(view[start:end], t)
    at = next((k for k, x in enumerate(tokens) if x.start + start == lo), None)
    opener = next((k for k, x in enumerate(tokens) if x.kind == "OPENER"), None)
    if at is None or opener is None or opener + 3 >= at:
        return False
    verb, det, noun = tokens[opener + 1 : opener + 4]
    if verb.kind != "OPEN" or not (t.kind_of(verb.text) in _MADE or t.marked(verb.text, "g-shape-verb")) \
            or det.kind != "DET" or not t.marked(noun.text, "g-call-markup"):
        return False
    return all(x.kind in _PART and (x.kind != "OPEN" or t.kind_of(x.text) is None)
               and not any(t.has(x.text, s) for s in _PARTY)
               for x in tokens[opener + 4 : at]) and all(
        x.kind in _CONTENT and not any(t.has(x.text, s) for s in _PARTY)
        for x in tokens[at + 1 :] if not (x.kind == "!non-prose" and x.text in ".!"))


_PARTY = ("g-user", "g-addressee", "g-party", "g-carrier", "g-report", "g-report-ask",
          "g-directive", "g-source-prep")
"""Words naming a party or a carrier, or relaying a request: no content of the call's own."""
