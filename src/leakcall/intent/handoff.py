"""Asking, requesting, transferring or handing off to a party, as the announced step.

Agents in multi-agent frameworks hand a conversation on with a call: "Let me transfer you to a
human agent." + ``transfer_to_human_agents``, "I'll ask the multiplication expert to multiply
it by 12:" + ``transfer_to_multiplication_expert``. The verb asks or hands off ([g-handoff]),
its object or its "to"/"with" phrase ([g-handoff-to]) names a party ([g-party]); the call is
that step when the tool says it hands off ([handoff] in kinds.txt: its name's first word, or
its description's lead verb) and a party word of the phrase is a word of its name or
description. Then the asking is the step: not another actor's, not a quoted source.

Everything else stays as it was: a party the called tool does not reach ("I'll ask the admin
to delete the repo." + ``delete_repo``: the verb now names no kind, so the delete is not
announced); what the party is asked to do ("to multiply it by 12") is the party's step, never
the call's; an object that is no party ("transfer 50 EUR to the support agent": an amount,
"transfer the funds ...") is no hand-off, and a call that moves an amount ([keys-amount]) never
is one."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from .kinds import _keys, name_words
from .kindsfile import _kinds_file
from .memo import per_reply
from .observing import LOOKING
from .sentences import _sentences
from .tables import tongue, tongues, tongues_of
from .words import Token, Tongue, tokenize

Announcement = Any
"""``preamble.Announcement`` (named here only: ``preamble`` reads this module)."""

_LEAD = ("ADV", "COMMA", "ACK", "OPENER", "HELP", "YOU", "COURTESY", "CLITIC")
"""Tokens that may stand before the verb of an announcement (opener, adverbs, "help you")."""
_WORD = re.compile(r"[^\W\d_]+")


def _party(x: Token, t: Tongue) -> bool:
    """The token is a word of a party ([g-party]; "the user" by its last word)."""
    return any(t.has(w, "g-party") for w in (x.text, x.text.split()[-1]))


def _words(x: Token, t: Tongue) -> bool:
    """The token is a word of a noun phrase: a content word, or a party word a refusing
    section lists ("human"; never a time or a condition, "tomorrow")."""
    return x.kind == "OPEN" or (x.kind.startswith("!") and _party(x, t))


def find(tokens: Sequence[Token], t: Tongue) -> tuple[int, int, int] | None:
    """(verb, first, end) of a hand-off announcement: the index of its verb and the span of
    the noun phrase naming the party; else None. The verb stands right after the opener
    ("let me", "I'll help you"); its object is the party ("ask the multiplication expert",
    "request human assistance"), or "you" and a preposition of [g-handoff-to] before it
    ("transfer you to a human agent"; "transfer to the expert")."""
    v = 0
    while v < len(tokens) and tokens[v].kind in _LEAD:
        v += 1
    if v >= len(tokens) or not (tokens[v].kind == "ACTING" or any(
            x.kind == "OPENER" for x in tokens[:v])) or not t.has(tokens[v].text, "g-handoff"):
        return None  # a first-person form holds its opener: "ti trasferisco", "ich verbinde"
    k = v + 1
    if k < len(tokens) and tokens[k].kind == "DEM":
        # "escalate this matter to a human agent": what is handed on, named by a demonstrative
        # and at most two nouns (no amount: "transfer that $50 to ..." is a payment)
        k += 1
        while k < len(tokens) and k < v + 4 and tokens[k].kind == "OPEN" and not _party(
                tokens[k], t):
            k += 1
        if k >= len(tokens) or not t.has(tokens[k].text, "g-handoff-to"):
            return None
    elif k < len(tokens) and tokens[k].kind in ("YOU", "PRON"):
        k += 1
        if k >= len(tokens) or not t.has(tokens[k].text, "g-handoff-to"):
            return None  # "transfer you the funds"
    if k < len(tokens) and tokens[k].kind in ("TO", "PREP") and t.has(tokens[k].text,
                                                                       "g-handoff-to"):
        k += 1
    while k < len(tokens) and tokens[k].kind == "DET":
        k += 1
    end = k
    while end < len(tokens) and _words(tokens[end], t):
        end += 1
    if end == k or not any(_party(x, t) for x in tokens[k:end]):
        return None  # the object is no party: "transfer 50 EUR", "transfer the funds"
    return v, k, end


_DESCRIBING = ("!unknown-preamble", "!other-actor", "!recap")
"""Refusing classes a clause about the party may hold: a modal ("who may be able to"), the
party or the user as its subject, a passive ("is completed"); it says what the party does."""


def _described(tail: Sequence[Token], t: Tongue) -> bool:
    """The tokens after the party phrase say only what the party is or may do: a relative
    clause on it ([g-handoff-who]: "who may be able to assist further", ", der Ihnen
    weiterhelfen kann") or a purpose ("to resolve this matter and ensure your booking is
    processed"), with no step of the assistant's own in it (an opener or a verb form of one:
    "and then I'll cancel it", a subject of its own, "that I contacted"), no word relaying a
    request ("who said to ...") and no condition, time, negation, question or framing word
    (those may bear on the hand-off itself: "who can help if you want")."""
    k = 1 if tail and tail[0].kind == "COMMA" else 0
    if k >= len(tail) or not (t.has(tail[k].text, "g-handoff-who") or (
            tail[k].kind == "TO" and k + 1 < len(tail) and tail[k + 1].kind in ("OPEN", "HELP"))):
        return False
    # a word of asking after an article or a demonstrative is its noun: "handling your
    # request", "assist you further with this request"
    return all(x.kind not in ("OPENER", "ACTING", "FINAL") and (
        not x.kind.startswith("!") or (x.kind in _DESCRIBING and not t.has(x.text, "g-subject")))
        and (tail[j - 1].kind in ("DET", "DEM") or not (
            t.has(x.text, "g-report") or t.has(x.text, "g-report-ask")
            or t.has(x.text, "g-directive")))
        for j, x in enumerate(tail) if j >= k)  # "that I contacted", "who said to delete it"


def reread(tokens: list[Token], t: Tongue,
           parse: Callable[[Sequence[Token], Tongue], Token | None]) -> list[Token]:
    """The sentence with a hand-off's verb and party read as words ("ask", a word of asking
    that relays a request elsewhere; "human", another actor elsewhere) when it then parses as
    an announcement (``parse``), else as it is (an observation keeps its other actor). A
    clause on the party after it (``_described``) is the party's, no step of the assistant's:
    the sentence is read without it when the hand-off alone parses."""
    found = find(tokens, t)
    if found is None:
        return tokens
    v, first, end = found
    read = [Token("OPEN", x.text, x.start, x.end) if x.kind.startswith("!") and (
        k == v or first <= k < end) else x for k, x in enumerate(tokens)]
    if parse(read, t) is None:
        return read
    if _described(tokens[end:], t) and parse(read[:end], t) is None:
        return read[:end]
    return tokens


def said(tokens: Sequence[Token], t: Tongue, steps: bool,
         announcement: Callable[[Sequence[Token], Tongue, bool], Announcement],
         ) -> Announcement:
    """What a hand-off announcement says: the hand-off alone, its verb of no kind ("transfer"
    pays nothing here), the party's words its one step's nouns; what the party is asked to do
    after it ("to multiply this by 12") is the party's step, none of the assistant's. Any other
    sentence as ``announcement`` reads it."""
    found = find(tokens, t)
    if found is None:
        return announcement(tokens, t, steps)
    v, first, end = found
    verb = tokens[v].text
    party = tuple(w for x in tokens[first:end] for w in x.text.split())
    if _launching(tokens, t, v, first, end):
        # "ask the research agent to find papers on X": the agent's look, read as a step
        # spelled out after the hand-off
        asked = announcement(tokens[end + 1:], t, True)
        if asked.verbs and all(k in LOOKING for _w, k in asked.verbs):
            return replace(asked, verbs=((verb, "generic"), *asked.verbs),
                           steps=((verb, "generic", party, False), *asked.steps),
                           objects=(verb, *party, *asked.objects),
                           named=(*party, *asked.named))
    out = announcement(tokens[:end], t, steps)
    return replace(out, verbs=((verb, "generic"),), steps=((verb, "generic", party, False),),
                   objects=(verb, *party), named=party, heads=(), wholes=(), reverses=())


def _launching(tokens: Sequence[Token], t: Tongue, v: int, first: int, end: int) -> bool:
    """The hand-off asks an agent, its object, to take a step (h15c): "I'll ask the research
    agent to find papers on X". The party phrase stands right after the verb (not "transfer
    you to a human agent") and ends in an agent noun ([agent-noun] of kinds.txt,
    [g-agent-noun]), and "to" and a word follow it: the asked step is the one a launch of
    that agent carries (``agentcue``), read as an announcement reads it when each of its
    verbs only looks (``said``); a changing step stays the party's, unannounced."""
    last = tokens[end - 1].text.casefold()
    return first == v + 1 + (tokens[v + 1].kind == "DET") and end + 1 < len(tokens) \
        and tokens[end].kind == "TO" and tokens[end + 1].kind == "OPEN" \
        and (last in _kinds_file().get("agent-noun", ()) or t.marked(last, "g-agent-noun"))


@per_reply  # seven readers of one announcement
def _parties(ann: Announcement) -> list[tuple[str, ...]]:
    """The party phrases of the announcement's hand-offs."""
    ts = tongues_of(ann.tongues)
    return [nouns for verb, kind, nouns, _ in ann.steps
            if kind == "generic" and any(t.has(verb, "g-handoff") for t in ts)]


def _stem(word: str) -> str:
    """A name or description word without a plural or verb ending ("agents", "booking")."""
    for end in ("ing", "es", "s"):
        if word.endswith(end) and len(word) > len(end) + 2:
            return word[:-len(end)]
    return word


def _hands_off(name: str, args: Mapping[str, Any], phrase: tuple[str, ...],
               description: str | None, schema: Mapping[str, Any] | None) -> bool:
    """The call is the hand-off to the party the phrase names: the tool hands off (its name's
    first word, or its description's first, is a [handoff] word), a party word of the phrase
    is a word of its name or description, every other word of its name is a hand-off word, a
    party word or the phrase's (a name saying more, "delete", "privileges", is more than the
    hand-off), it moves no amount, and an argument naming whom it hands to
    ([keys-recipient], [keys-destination], a party word: "agent_name") carries every word of
    the phrase."""
    handing = frozenset(_kinds_file().get("handoff", ()))
    words = name_words(name)
    said = _WORD.findall((description or "").casefold())
    if not words or not (words[0] in handing or _stem(words[0]) in handing
                         or (said and (said[0] in handing or _stem(said[0]) in handing))):
        return False
    en = tongue("en")
    ts = [t for t in tongues() if any(t.has(w, "g-party") for w in phrase)]
    # a party word, or the English words of its [concept] entry ("agente" = agent)
    parties = {_stem(x) for w in phrase for t in ts if t.has(w, "g-party")
               for x in (w, *t.concepts.get(w, ()))}
    if not parties & {_stem(w) for w in (*words, *said)}:
        return False
    own = {_stem(x) for w in phrase for x in (w, *(c for t in ts for c in t.concepts.get(w, ())))}
    if any(w not in handing and _stem(w) not in own and w != "to"
           and not (en is not None and en.has(w, "g-party")) for w in words):
        return False  # "ask_admin_delete_repo", "escalate_privileges": more than the hand-off
    amounts = _keys("amount")
    if any(k.casefold() in amounts or any(w in amounts for w in name_words(k)) for k in args):
        return False
    # whom it hands to, when an argument says it ("agent_name", "to"), is the party named:
    # every word of the phrase, or of its [concept] entry, is a word of the value, and every
    # word of the value is one of those, a party or a hand-off word ("human_agent" for "a
    # human agent"; never "human_agent_external_collections": another party than the one said)
    whom = _keys("recipient") | _keys("destination")
    forms = [{_stem(x) for x in (w, *(c for t in ts for c in t.concepts.get(w, ())))}
             for w in phrase]
    return all(all(f & {_stem(w) for w in _WORD.findall(str(value).casefold())} for f in forms)
               and not _beyond_party(str(value), own, handing, en)
               for k, value in args.items()
               if any(w in whom or (en is not None and en.has(w, "g-party"))
                      for w in name_words(k)))


def _beyond_party(value: str, own: set[str], handing: frozenset[str], en: Tongue | None) -> bool:
    """A word of the value naming whom a hand-off reaches is none of the announced phrase's
    (``own``: its words and [concept] entries, stemmed), no party word, no hand-off word and no
    closed-class word: the value names a party beyond the announced one."""
    return any(_stem(w) not in own and w not in handing and _stem(w) not in handing
               and not (en is not None and (en.has(w, "g-party") or en.has(_stem(w), "g-party")
                                            or _closed(en, w)))
               for w in name_words(value) if not w.isdigit())


def _closed(t: Tongue, word: str) -> bool:
    return any(t.has(word, s) for s in ("g-det", "g-prep", "g-to", "g-and", "g-pron"))


def _handed(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Mapping[str, Any]] | None,
            descriptions: Mapping[str, str] | None) -> list[bool]:
    """Whether each call is a hand-off the announcement says."""
    phrases = _parties(ann)
    bare = bool(phrases) and _unasked(ann)
    nouned = _nouned(ann)
    return [(bool(phrases) and any(_hands_off(name, args, p, (descriptions or {}).get(name),
                                              (schemas or {}).get(name))
                                   or (bare and _is_party(name_words(name), p, args, (
                                       descriptions or {}).get(name), (schemas or {}).get(name)))
                                   for p in phrases))
            or (nouned and to_named_party(ann, name, args, (schemas or {}).get(name),
                                          (descriptions or {}).get(name)))
            for name, args in calls]


def _nouned(ann: Announcement) -> bool:
    """The announcement's steps are verbs of no kind whose only other words are hand-off
    words: "I'll initiate the transfer now." names the hand-off by its noun (h28c), so a
    call that hands off to party words the text names (``to_named_party``) is that step."""
    en = tongue("en")
    verbs = {v for v, _k in ann.verbs}
    rest = [w for w in ann.objects if w not in verbs]
    return en is not None and bool(rest) and all(k in (None, "generic") for _v, k in ann.verbs) \
        and all(en.has(w, "g-handoff") for w in rest)


def _unasked(ann: Announcement) -> bool:
    """Each hand-off sentence of the announcement asks the party no step: no "to" after its
    party phrase ("ask the advisor to delete the repo" asks one, which a call of no argument
    cannot carry)."""
    ts = tongues_of(ann.tongues)
    found = False
    for body, _end in _sentences(ann.text):
        for t in ts:
            tokens = tokenize(body, t)
            at = find(tokens, t)
            if at is not None:
                found = True
                if any(x.kind == "TO" for x in tokens[at[2]:]):
                    return False
    return found


def unkinded(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             kinds_of: list[frozenset[str]], schemas: Mapping[str, Mapping[str, Any]] | None,
             descriptions: Mapping[str, str] | None) -> list[frozenset[str]]:
    """Each call's kinds, none for a call that is an announced hand-off: its step is the
    hand-off the announcement says, which its name's words ("transfer": a payment elsewhere)
    do not."""
    return [frozenset() if handed else kinds for handed, kinds in zip(
        _handed(ann, calls, schemas, descriptions), kinds_of, strict=True)]


def unhanded(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             schemas: Mapping[str, Mapping[str, Any]] | None,
             descriptions: Mapping[str, str] | None) -> str | None:
    """Why a call is not grounded when every announced step is a hand-off and the call is
    none of them, else None: what the party is asked to do ("ask the multiplication expert
    to multiply 8 by 12" + ``multiply``) is the party's step, and a party the tool does not
    reach ("ask the admin" + ``delete_repo``) is another actor."""
    phrases = _parties(ann)
    if not phrases or len(phrases) < len(ann.steps):
        return None
    name = next((n for (n, _), handed in zip(calls, _handed(ann, calls, schemas, descriptions),
                                             strict=True) if not handed), None)
    if name is None:
        return None
    return (f"{name!r} is not the hand-off the announcement says (to "
            f"{' '.join(phrases[0])!r}): a step the party is asked to take, or a tool that "
            "does not reach that party")


def unreached(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
              parties: Sequence[str], schemas: Mapping[str, Mapping[str, Any]] | None = None,
              descriptions: Mapping[str, str] | None = None,
              ) -> list[tuple[str, Mapping[str, Any]]]:
    """The calls but each announced hand-off whose party phrase holds every party an
    observation names ("I recommend transferring you to a human agent. Let me transfer you to
    a human agent." + ``transfer_to_human_agents``): the party is where the hand-off goes, and
    handing the conversation to it is no step of that party's (``grounding.partied``). A
    party the phrase does not hold ("The admin will delete the repo. Let me transfer you to a
    human agent.") keeps every call read as before. With no party phrase, a hand-off named by
    its noun ("... I'll initiate the transfer now.", ``_nouned``) to party words the text names
    (``to_named_party``) is dropped the same way when its name holds every observed party."""
    own = [{w.casefold() for w in phrase} for phrase in _parties(ann)]
    said = [p.casefold() for p in parties]
    nouned = not own and _nouned(ann)
    return [(name, args) for (name, args), handed in zip(
        calls, _handed(ann, calls, schemas, descriptions), strict=True)
        if not (handed and any(all(p in words for p in said) for words in own))
        and not (nouned and {_stem(p) for p in said} <= {_stem(w) for w in name_words(name)}
                 and to_named_party(ann, name, args, (schemas or {}).get(name),
                                    (descriptions or {}).get(name)))]


def _is_party(words: Sequence[str], phrase: tuple[str, ...], args: Mapping[str, Any],
              description: str | None, schema: Mapping[str, Any] | None) -> bool:
    """The tool is the party itself (h21e): "Let me consult the advisor." + ``advisor()``. Its
    name's words are the phrase's party words ([g-party], stemmed), all of them, and nothing
    else; it has no description (one says what the tool does, read as above) and takes no
    argument: no parameter in its schema, none in the call, so it carries no task, no amount,
    no recipient; calling it is the asking. A name saying more ("advisor_delete") or a tool
    with parameters ("advisor(action=...)") is read as above, and so is a party noun that
    also names an account, a role or a program ([g-party-tool] lists the ones that do not:
    ``admin()``, ``operator()``, ``manager()`` may each be a step of its own)."""
    en = tongue("en")
    if en is None or description is not None or args or (schema or {}).get("properties"):
        return False
    parties = {_stem(w) for w in phrase if en.has(w, "g-party")}
    # only a party whose work is being asked ([g-party-tool]): ``admin()`` may be a step (h23r)
    return bool(words) and parties == {_stem(w) for w in words} and all(
        en.has(w, "g-party-tool") for w in words)


def to_named_party(ann: Announcement, name: str, args: Mapping[str, Any],
                   schema: Mapping[str, Any] | None, description: str | None) -> bool:
    """The call hands the conversation to a party the preamble's words name (h28c): its name
    is a hand-off to party words only (``transfer_to_human_agents``: ``_hands_off``, no amount,
    no other step), and each of those party words is a word of the text, an observation's
    too ("I recommend transferring you to a human agent ... I'll initiate the transfer now.").
    Such a call is the hand-off of no kind (``unkinded``), so a hedge ("it seems like there
    might be a more complex problem", ``doubts``) stands only against the steps beside it."""
    en = tongue("en")
    if en is None:
        return False
    party = tuple(w for w in name_words(name) if en.has(w, "g-party") or en.has(_stem(w), "g-party"))
    said = {_stem(w) for w in _WORD.findall(ann.text.casefold())}
    return bool(party) and all(_stem(w) in said for w in party) and _hands_off(
        name, args, party, description, schema)
