"""The accepted preamble: a closed grammar over each language's word classes.

A preamble is ``[acknowledgement] observation{0,5} announcement+``: sentences of
acknowledgement words only ("Sure!"), then at most five observations (short declarative
sentences, screened), then one or more announcements, each parsing completely under
``grammar/intent/preamble.lark`` in its own language. Every token must be placed: the first
that cannot be refuses, naming its rule (a word of a refusing section) or ``unknown-preamble``.
The parse keeps what grounding reads: the verbs (their kinds), the object's content words, and
the observations' content words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache, partial

from . import (
    asked,
    dashexplained,
    doubts,
    feelings,
    fragments,
    framing,
    genres,
    imperatives,
    messaging,
    planlooks,
    plans,
    relays,
    seenframe,
    transcribed,
)
from .actors import (
    _OBSERVING_KINDS,
    _awaits,
    _carrier,
    _changes,
    _cited,
    _governed,
    _observation,
    _opener_in,
    _refusal,
    _relayed_steps,
    _request_source,
    about,
    gated,
    parties,
    possessives,
    request_label,
)
from .announcedverbs import _content, _verbs
from .announcement import Announcement
from .askedfirst import asking, hands_over, question_of
from .attributive import attributed
from .beforehand import closing_before
from .blocklabel import headed
from .clauses import (
    _addressee,
    _appositive,
    _bare_imperative,
    _call_asked,
    _closing,
    _closing_sentence,
    _courtesy_before_verb,
    _coverbed,
    _listed,
    _owner,
    _party,
    _quoted,
    _reasons_apart,
)
from .codestate import code_state
from .contentparticiple import described_content
from .described import _described, _unannounced
from .detect import detect
from .dropped import others_will
from .foreign import _disguised, _foreign_part, _foreign_word
from .headings import own_report
from .helping import addressed_help
from .inverted import inverted
from .itemized import JOIN, attributive, counted, fold, joins, value_tongue
from .labelled import described as state_phrases
from .linenouns import line_nouns
from .lookedlist import introduces
from .moods import _mood, _offer, _shown_purpose, _telling, _wish, taken_offer
from .objects import _adjuncts, _heads, _named, _steps, _wholes, adjunct_nouns, conjoined_verbs, handoff
from .opened import asked_condition, opened
from .ownclause import own_relative
from .pending import pending
from .pending import refused as unwanted
from .phrasal import phrasal as phrasal_verbs
from .preamblegrammar import _parse, grammar
from .prior import prior_clause
from .purposed import unpurposed
from .purposes import user_purposes, user_time
from .recurring import recurring
from .refrained import forbidding, refrained
from .relatives import inquiry_links
from .reported import reported, untold
from .rereading import reread
from .routes import routed, searched
from .safeguards import refused as unguarded
from .safeguards import unsafe
from .sentences import Refused, _sentences, _timed
from .skiplater import later_skip
from .stepsubject import agentless, discussed
from .timelabels import time_labels, unlabelled
from .waiting import net_preps, waited
from .walkthrough import looks_only, presents
from .words import Token, Tongue, covers, tokenize

__all__ = ["MAX_OBSERVATIONS", "MAX_SENTENCES", "Announcement", "Refused",
           "announce", "grammar"]

MAX_SENTENCES = 7
"""Most sentences in a preamble, acknowledgements included."""
MAX_OBSERVATIONS = 5
"""Most observation sentences before the announcement (issue 25: about five; each is screened)."""


@lru_cache(maxsize=512)
def announce(view: str) -> Announcement | Refused:
    """The announcement a normalised preamble makes, or why it is refused; refused as written,
    a last sentence whose dash clause explains its pronoun object is read as the observation
    before the step (``dashexplained``: "Let me correct that - the parameter should be ...")."""
    said = _announce(view)
    if isinstance(said, Refused):
        again = dashexplained.explained(view, _announce)
        if isinstance(again, Announcement):
            return again
    return said


def _announce(view: str) -> Announcement | Refused:  # noqa: PLR0915 - one pass over sentences
    """The announcement a normalised preamble makes as written, or why it is refused."""
    # a step's number heading the last sentence ("Step 2: call ...") narrates it (``headings``)
    ends = partial(plans.intro_of, parse=_parse, verbs=_verbs)  # "I need to:\n1. ...\n2. ..."
    own = _sentences(view)
    sentences, heading = headed(view, _reasons_apart(fold(view, own, ends)))
    starts = [b for b, _ in own]  # the text's own sentences (``inverted``)
    plan = plans.find(sentences, _parse, _verbs)
    chosen: list[int] = []  # the parts of the items the plan's last sentence selects
    lead: Announcement | None = None  # the announcement whose colon the steps spell out
    if not sentences:
        return Refused("unknown-preamble", "rule unknown-preamble: nothing before the markup "
                       "announces a step")
    if counted(sentences) > MAX_SENTENCES:
        return Refused("long-preamble", f"rule long-preamble: {counted(sentences)} sentences before "
                       f"the markup (at most {MAX_SENTENCES})")
    # the last sentence that says something: courtesy after it ("Please hold on.") says nothing
    final = len(sentences) - 1
    while final > 0 and _closing_sentence(sentences[final][0], [b for b, _ in sentences[:final]]):
        final -= 1
    parts: list[Announcement] = []  # each announcement sentence's
    observed: list[str] = []
    times: list[str] = []
    labels: list[str] = []  # time words labelling a noun (``Announcement.labels``)
    waits: list[str] = []  # condition words of observations (``Announcement.waits``)
    gates: list[str] = []  # kinds of step a rule allows only under a condition (``actors.gated``)
    left: list[str] = []  # what the text leaves open (``Announcement.left``, ``askedfirst``)
    ahead: list[str] = []  # the plan's steps to come (``Announcement.ahead``, ``planlooks``)
    recaps: list[str] = []
    owners: list[str] = []
    slots: list[str] = []  # words of clauses read as slots (``opened``)
    messages: list[tuple[str, str]] = []  # content clauses of send steps (``messaging``)
    harms: list[str] = []
    cosmetic: list[str] = []
    lines: list[tuple[str, str]] = []
    steered: list[tuple[str, str, str]] = []
    doubted: list[tuple[str, str, str]] = []  # reasons not to act an observation says
    effects: list[tuple[str, str, str]] = []  # (program, verb, kind) an observation says
    refers = False  # a step's object is a pronoun, none, or a program's name (``_unannounced``)
    offers: list[str] = []
    shared: list[str] = []
    helped: list[tuple[str, str]] = []  # (helping frame, kind of its step): ``helping``
    told_steps: list[str] = []  # the verbs of a step narrated after a sequencing adverb
    noted = reader = False  # the sentence before is an observation; some sentence says "you"
    named_parties: list[str] = []
    owned_by: list[str] = []
    clauses: list[str] = []  # the subject of a conditioned observation (``relays``)
    unsure: list[tuple[str, str, frozenset[str]]] = []  # a step not wanted yet (``pending``)
    guards: list[tuple[str, str, frozenset[str]]] = []  # a safeguard failed (``safeguards``)
    requests: list[asked.Asked] = []  # the user's requests observations report (``asked``)
    notes: list[asked.Noted] = []  # what observations rule out (``asked.noted``)
    figured: list[Token] = []  # the announcements' tokens, for their numbers
    leads: list[transcribed.Lead] = []  # a container a colon's announcement writes
    users: list[str] = []  # purpose clauses whose subject is the user (``user_purposes``)
    relayed: str | None = None
    sourced = False
    shown: str | None = None  # the call itself the user asks for ("the DROP request")
    forbade: tuple[str, str, str] | None = None  # an observation forbids or drafts a step
    langs: list[str] = []
    announced = False
    spelled = False  # the previous announcement ends in a colon: this sentence spells it out
    observations = 0
    inline = False  # the previous observation ends in a colon inside its line
    said_in: Tongue | None = None  # the language of the last announcement sentence
    forward = False  # the last announcement ends with a colon
    walked: int | None = None  # the walk-through whose list is read (``walkthrough``)
    laid: int | None = None  # the plan whose items are steps to come (``planlooks``)
    for k, (body, end) in enumerate(sentences):
        t = detect(body) or value_tongue(body, sentences[k - 1][1] if k else "", langs)
        if t is None:
            return Refused("unknown-language", f"rule unknown-language: {body[:60]!r} is in no "
                           "language leakcall has a lexicon for")
        langs.append(t.name)
        # a verb before its subject at the sentence's start asks (``inverted``): read where the
        # text's sentence starts, not on a clause cut after a fronted reason or basis
        words = tokenize(body, t)
        words = inverted(words, t) if any(s.startswith(body) for s in starts) else words
        tokens = others_will(handoff.reread(words, t, _parse), sentences[:k], t)
        cut = framing.withdrawn(tokens, t, body) if plan is None else None  # "Actually, ..."
        if isinstance(cut, Refused):
            return cut
        tokens, parts, raw = (cut, [], cut) if cut is not None else (tokens, parts, tokens)
        harms.extend(x.text for x in tokens if t.has(x.text, "g-harm"))
        cosmetic.extend(x.text for x in tokens if t.has(x.text, "g-cosmetic"))
        lines.extend(line_nouns(tokens, t))
        # the assistant's own account before a heading sets up no how-to (``headings.own_report``)
        mine = heading is not None and k < heading and own_report(tokens, body, t)
        reader = reader or (not mine and any(_addressee(x, t) or x.kind == "YOU" for x in tokens))
        last = k == final
        if announced and (_closing(tokens) or k > final):
            continue  # "Please hold on for a moment.", "Here's the function call:"
        if all(x.kind in ("ACK", "COMMA", "DASH") for x in tokens):
            if announced:
                return Refused("unknown-preamble", f"rule unknown-preamble: {body[:40]!r} after "
                               "the announcement")
            continue
        # "- **Passengers:**" + its names: the label is the sentence before, its colon inline
        named_by = sentences[k - 1][0] if k and JOIN in sentences[k - 1][1] else ""
        foreign = _foreign_part(body, t, named_by) or _foreign_word(tokens, t) or _disguised(
            body, tokens, t)
        if foreign is not None:
            return foreign
        tokens, skipped = later_skip(tokens, t)  # "check and then skip this commit" (``skiplater``)
        left.extend(skipped)
        after = last and parts and said_in is not None and ":" in sentences[k - 1][1]
        listed = _listed(body, said_in, parts[-1].verbs) if after and said_in is not None else ()
        quote = _quoted(body, said_in, parts[-1].verbs) if after and said_in is not None else None
        if quote is not None:
            # "I'll post the note in #eng: \"v3.2.0 is live\".": the text the step sends,
            # which its object's head noun names ("the note"), carried whole (``contents``)
            heads = {h for _v, h in parts[-1].heads}
            parts[-1] = replace(parts[-1], objects=(*parts[-1].objects, quote[0]),
                                named=(*(w for w in parts[-1].named if w not in heads),
                                       quote[0]),
                                contents=(*parts[-1].contents, quote[1]))
            continue
        if listed:
            # "Ich lese beide Dateien: config/dev.yaml und config/prod.yaml.": the objects of
            # the announcement before the colon, listed
            parts[-1] = replace(parts[-1], objects=parts[-1].objects + listed,
                                named=parts[-1].named + listed)
            continue
        if plan is not None and k == plan.intro and plan.bare:
            announced = spelled = True  # "Now I need to:": its items are its steps
            lead = None
            continue
        planned = plan is not None and k in plan.items
        spelled = spelled or planned  # each item of a plan is a step spelled out
        tokens = tokens[1:] if planned and tokens[0].kind == "DASH" else tokens  # its bullet
        tokens = attributive(tokens, t) if inline else tokens  # "- Outgoing Flights:" (a label)
        tokens, message = messaging.cut(tokens, t, _parse)  # "email Priya that ..."
        messages.extend([(message[0], body[message[1] : message[2]])] if message else [])
        read = _read(tokens, t, body, spelled, last, imperatives.place(sentences, k, heading), heading == k)
        if isinstance(read, Refused):
            return read
        tokens, bad, steps, timed, recapped, owned, clause, labelled = read
        if bad is not None and (planned or (plan is not None and k == plan.intro)):
            return _refusal(bad, body)  # an item of a plan that is no step
        times.extend([*timed, *(recurring(tokens, t) if bad is None else ())])  # "every day"
        labels.extend(labelled)
        slots.extend(clause)
        recaps.extend(recapped)
        owners.extend(owned)
        if bad is None:
            aside, looks = _appositive(tokens, t), introduces(tokens, t, steps, end, _announcement)
            walked = k if not looks and presents(tokens, t, end) and (
                plan is None or plan.intro != k) else walked  # ``walkthrough``
            looks = looks or walked == k
            laid = k if planlooks.opens(tokens, t, end) else laid  # "I'll help you step by step:"
            looks = looks or laid == k
            if aside is not None:
                return Refused("unknown-preamble", f"rule unknown-preamble: {aside!r} after the "
                               "object comments on the step; it has no place in an announcement")
            if inline and walked is not None and "?" not in end and all(
                    JOIN in e for _b, e in sentences[walked:k]) and looks_only(
                    tokens, t, _announcement(tokens, t, steps).verbs):
                left.append(body)  # a walk-through's own look: only looks are grounded
                inline = joins(end, inline, k + 2 < len(sentences))
                continue
            if inline and laid is not None and not last and "?" not in end and all(
                    JOIN in e for _b, e in sentences[laid:k]):
                left.append(body)  # a plan's step to come: only looks are grounded
                ahead.append(body)
                inline = joins(end, inline, k + 2 < len(sentences))
                continue
            if inline:
                return Refused("unknown-preamble", "rule unknown-preamble: an observation's "
                               "colon introduces an announcement (a quotation of one)")
            if ":" in end and not last and not looks and (k != len(sentences) - 2 or t.order != "svo"
                                            or spelled or steps) and not (
                    k == len(sentences) - 2 and _listed(sentences[-1][0], t, _verbs(tokens, t))) and not (
                    plan is not None and k == plan.intro and plans.takes(tokens, t, _verbs)):
                return Refused("unknown-preamble", "rule unknown-preamble: a colon inside "
                               "the preamble (only its last sentence, or an announcement "
                               "whose steps the last sentence spells out, ends with one)")
            if "?" in end:
                return Refused("question", "rule question: the text before the markup asks")
            if not last and (why := framing.asked_first(raw, t)) is not None:  # zh "请先确认。"
                return why
            where = _request_source(tokens, t)
            if where is not None:
                return Refused("quoted-source", f"rule quoted-source: {where!r} says where the "
                               "request came from: the step is that source's")
            announced = True
            if (why := framing.handed_back(raw, t, True)) is not None:  # ", your call."
                return why
            # a heading's status form ("Step 1: Calling ...") is narrated too; a step with
            # its own opener ("1. First, let's calculate ...") is announced as without it
            narrate = (steps or (heading == k and not any(
                x.kind in ("OPENER", "HELP") for x in tokens))) and not spelled
            # "... and clear it on `connect()`": what the program does, no step (``uncoded``)
            tokens = imperatives.uncoded(tokens, t) if narrate else tokens
            said = handoff.said(tokens, t, steps, _announcement)
            titled = imperatives.compounded(tokens, t) if narrate else frozenset()
            narrated = imperatives.refused(said.verbs, body, noted, reader,
                                           titled) if narrate else None
            if narrated is not None:
                return narrated
            # (a word naming a thing, "merge logic", is no step: ``grounding.joint``)
            told_steps.extend(v for v, _ in said.verbs if narrate and v not in titled)
            noted = False
            told = (_telling(said, tokens, t) or _shown_purpose(said, tokens, t)
                    or _mood(said, tokens, t)
                    or _wish(said, tokens, t) or (None if taken_offer(tokens, t, end, last)
                                                  else _offer(said, tokens, t)))
            if told is not None:
                return told
            if looks:  # "Let me confirm:\n1. ...": what it finds, an observation's list (``lookedlist``)
                inline = True
                continue
            # "Now I can use multiedit to make both changes:" takes the step (``moods.taken_offer``)
            offer = None if taken_offer(tokens, t, end, last) else _opener_in(
                tokens, t, "g-offer", ("OPENER",))
            if offer is not None:
                offers.append(offer)
            we = _opener_in(tokens, t, "g-inclusive", ("OPENER", "FINAL"))
            if we is not None:
                shared.append(we)
            frame = addressed_help(tokens, t)  # "I'll help you delete it": the user's (``helping``)
            helped.extend((frame, k) for _, k in said.verbs if frame and k not in (None, "generic"))
            users.extend(user_purposes(tokens, t))
            # (a light verb's step is what its object names: "make both changes:")
            intro = {k for v, k in lead.verbs if k not in (None, "generic")
                     and not t.has(v, "g-perform")} if steps and spelled and lead else set()
            beyond = next((k for _, k in said.verbs if k not in (None, "generic")
                           and intro and not covers(intro, k)), None)
            if beyond is not None:
                # "I'll update the changelog with the upgrade step: run `alembic upgrade`":
                # the steps spelled out are what the announced step writes down
                return Refused("unknown-preamble", f"rule unknown-preamble: the step after the "
                               f"colon is of kind {beyond!r}, which the announcement before it "
                               f"({', '.join(sorted(intro))}) does not take: it is what that "
                               "step writes down")
            parts.append(said)
            figured.extend(tokens)
            chosen.extend([len(parts) - 1] if plan is not None and k in plan.chosen else [])
            refers = refers or said.pronoun or any(x.kind == "CODE" for x in tokens)
            effects.extend(_described(tokens, t, subject=False))  # "run it, which deletes"
            said_in = t
            forward = ":" in end or "：" in end
            relayed = relayed or _cited(tokens, t) or relays.instructed(tokens, t, observations)
            # "I'll read the checklist:" introduces what it reads, and "I'll document the
            # fix in the runbook:" what it writes down: only a step of a known changing kind
            # ("make both changes:") or a generic one ("here's what I'll do:") is spelled out
            spelled = ":" in end and not last and not any(
                k in _OBSERVING_KINDS for _, k in parts[-1].verbs) and any(
                k is not None for _, k in parts[-1].verbs)
            if plan is not None and k == plan.intro:
                spelled = True  # its list's items are steps (``plans.takes`` read it)
            lead = parts[-1] if spelled and not planned else lead
            leads.extend(transcribed.phrase(tokens, t, parts[-1], spelled) if not planned else [])
            continue
        found = last and announced and hands_over(end, tokens, t)  # "... this seems to be the case:"
        if (last and not found) or (announced and any(_changes(k) for p in parts for _, k in p.verbs)):
            return _refusal(bad, body)
        # an observation (declarative, short, unquoted, no refusing word); a colon inside its line
        # ("You have two reservations: A and B.") joins the rest, an observation too
        colon = joins(end, inline, k + 2 < len(sentences))
        laid = k if colon and planlooks.intro(tokens, t, end) else laid
        # an observation's time ("usage last week") is read as the announcement's (``timed``), a
        # condition on the user ("if you're outside your home network") as a word: both ground looks
        held = {k for k, x in enumerate(tokens) if x.kind == "!conditional" and _awaits(tokens, x, t)}
        gates.extend(gated(tokens, t))  # "Your reservation can only be cancelled if ..."
        times.extend(tokens[k].text for k in sorted(held) if _timed(tokens[k], t))
        waits.extend(tokens[k].text for k in sorted(held) if not _timed(tokens[k], t))
        framed = seenframe.seen(tokens, end, t)  # "The code snippet shows ...": a seen text's report
        waits.extend(tokens[k].text for k in sorted(framed)[:1])
        tokens = [Token("OPEN", x.text, x.start, x.end) if k in held | framed else x
                  for k, x in enumerate(tokens)]
        # a question with a sentence after it waits for its answer, and what a look finds is
        # what a colon after it hands over: only looks are grounded then (``askedfirst``)
        # an item of a plan's list says a step to come ("This will require payment ..."): only
        # looks are grounded after it, so another's step to come limits nothing more (``planlooks``)
        to_come = inline and laid is not None and not last and all(
            JOIN in e for _b, e in sentences[laid:k])
        asked_item = to_come and planlooks.asks(end)  # "Would you like to add insurance?"
        opened_up = (asking(end) or found or asked_item) and not colon
        left.extend([question_of(body, asking(end))] if opened_up else [])
        # "**Request:** ...": a lone label heading its line's value (``actors.request_label``)
        label = colon and JOIN not in end and "\n" not in end
        tokens = request_label(tokens, t, label)
        left.extend([body] if to_come else [])
        ahead.extend([body] if to_come else [])
        why = _observation(tokens, "" if colon else "." if opened_up else end, t, to_come) or refrained(
            body, tokens, t) or framing.framed(
                raw, t, ":" in end or "：" in end) or framing.handed_back(raw, t, False)
        if why is not None:
            return why
        named_parties.extend(parties(tokens, t))
        owned_by.extend(possessives(tokens, t))
        was, inline = inline, colon or (asked_item and JOIN in end)
        observations += 0 if was else 1  # the rest of the observation before it
        noted = noted or not (mine or imperatives.results(tokens, t))  # "Great, that worked."
        if observations > MAX_OBSERVATIONS:
            return Refused("long-preamble", f"rule long-preamble: more than {MAX_OBSERVATIONS} "
                           "sentences before the announcement")
        observed.extend(_content(tokens, t, set()))
        shown = shown or _call_asked(tokens, t)
        forbade = forbade or forbidding(body) or framing.declined(raw, t)  # "I won't touch it."
        steered.extend(_governed(tokens, t))
        steered.extend(_relayed_steps(tokens, t))
        steered.extend(fragments.held(tokens, t))
        doubted.extend(doubts.observed(body, t))
        clauses.extend(relays.conditioned(tokens, t))
        unsure.extend(pending(tokens, t))
        unsure.extend(discussed(tokens, t) + agentless(tokens, t))  # the step as subject (h46d)
        guards.extend(unsafe(tokens, t))
        requests.extend(r for r in [asked.asked(tokens, t)] if r is not None)
        notes.append(asked.noted(tokens, t))
        effects.extend(_described(tokens, t))
        relayed = relayed or _carrier(tokens, t, end) or _party(tokens, t) or _cited(tokens, t, True)
        sourced = sourced or any("g-content" in t.sections(x.text) for x in tokens)
    if plan is not None:
        # the items the last sentence selects are what the preamble announces
        why = plans.refused(plan, parts[-1], [parts[i] for i in chosen])
        if why is not None:
            return why
        parts = [parts[i] for i in chosen]
    if not announced:
        return Refused("unknown-preamble", "rule unknown-preamble: an acknowledgement alone "
                       "(\"Sure!\") announces no step of the assistant's own")
    said_kinds = {k for p in parts for _, k in p.verbs if k not in (None, "generic")}
    named = {w for p in parts for w in p.objects}
    taken, figures = [s for p in parts for s in p.steps], asked.figures(figured)
    effect = _unannounced(effects, said_kinds, named, refers) or relays.waiting(
        clauses, taken) or unwanted(unsure, taken) or unguarded(guards, taken) or asked.refused(
        requests, taken, figures) or asked.contradicted(notes, taken, figures[1])
    if effect is not None:
        return effect
    changing = next((k for p in parts for _, k in p.verbs if _changes(k)), None)
    if forbade is not None and changing is not None:
        return Refused(forbade[0], f"rule {forbade[0]}: an observation {forbade[2]} a step "
                       f"({forbade[1]!r}); the step of kind {changing!r} after it is no step")
    if shown is not None and changing is not None:
        return Refused("declared-example", f"rule declared-example: the user asks for the {shown!r} itself, "
                       f"the call as text; the step of kind {changing!r} is not asked for")
    return Announcement(
        tuple(v for p in parts for v in p.verbs), tuple(w for p in parts for w in p.objects), tuple(observed),
        any(p.pronoun for p in parts), tuple(langs), tuple(w for p in parts for w in p.named),
        any(p.again for p in parts), tuple(a for p in parts for a in p.adjuncts), sourced, tuple(times),
        tuple(harms), any(p.universal for p in parts), tuple(recaps), relayed,
        tuple(steered) + fragments.ended(view), tuple(v for p in parts for v in p.reverses), forward,
        tuple(offers), tuple(cosmetic), tuple(owners), tuple(taken),
        tuple(w for p in parts for w in p.particles), tuple(w for p in parts for w in p.wholes),
        tuple(h for p in parts for h in p.heads), tuple(d for p in parts for d in p.described), tuple(shared),
        tuple(named_parties), tuple(lines), tuple(c for p in parts for c in p.contents), (*waits, *left),
        tuple(told_steps), tuple(users), tuple(w for p in parts for w in p.texted), tuple(slots),
        tuple(labels), tuple(doubted), view, told=tuple(messages), written=transcribed.written(leads, parts),
        phrasal=tuple(x for p in parts for x in p.phrasal), left=tuple(left), ahead=tuple(ahead),
        gated=tuple(gates), possessives=tuple(owned_by), helped=tuple(helped))


def _as_words(tokens: list[Token], t: Tongue, kind: str,
              which: Callable[[Token], bool]) -> tuple[list[Token], list[str]] | None:
    """The sentence with its tokens of the refusing class ``kind`` that ``which`` picks read as
    words, and those words, when it then parses; else None."""
    plain = [Token("OPEN", x.text, x.start, x.end) if x.kind == kind and which(x) else x
             for x in tokens]
    if _parse(plain, t) is not None:
        return None
    return plain, [x.text for x, y in zip(tokens, plain, strict=True) if x is not y]


def _read(tokens: list[Token], t: Tongue, body: str, spelled: bool, last: bool = True,
          alone: bool = False, numbered: bool = False,
          ) -> tuple[list[Token], Token | None, bool, list[str], list[str], list[str],
                     list[str], list[str]] | Refused:
    """One sentence read as an announcement: its tokens (from the verb, for an imperative step), the first
    token not placed (None: it parses), whether it is an imperative step (``alone``: nothing follows the
    sentence, where one may be narrated; ``numbered``: a step's number heads it, ``headings``), the times
    to come it names, the recap words and the possessives read as words, the clause read as a slot and the
    time words that label a noun (``timelabels``); or why it is refused."""
    tokens, prior = prior_clause(tokens, t)  # "Before we plan ..., let me check ..." (``prior``)
    tokens = reread(tokens, t)  # "10:00〜11:00", "pesanan Anda", "... ein" (``rereading``)
    # "look at how the router registers the handlers"; "Zeilen der Logs" (``attributive``)
    tokens = attributed(inquiry_links(tokens, t), t)
    tokens = own_relative(tokens, t)  # "the file I just changed" (``ownclause``)
    tokens = _coverbed(tokens, t)
    tokens = code_state(described_content(closing_before(tokens, t), t), t)  # "... `main.py` trước." (first)
    tokens, netted = net_preps(searched(routed(tokens, t), t), t)  # "서울에서 부산까지", "total after tax"
    bad = _parse(tokens, t) or _courtesy_before_verb(tokens, t)
    times: list[str] = netted  # what a figure is net of is read as a time: only looks go
    recaps: list[str] = []
    labels: list[str] = []
    def when(x: Token) -> bool:  # a time, a condition word an embedded question asks, a wait
        return _timed(x, t) or asked_condition(tokens, x, t) or user_time(tokens, x, t) \
            or waited(tokens, x, t)
    if bad is not None and bad.kind == "!conditional" and when(bad):
        # a time to come ("tomorrow", "at 5pm"): read with its times as words; grounding then
        # lets only observing calls through ("Let me check the weather for tomorrow."), or
        # calls carrying a time word labelling a noun with it ("the q3 report", ``timelabels``)
        at = [k for k, x in enumerate(tokens) if x.kind == "!conditional" and when(x)]
        read = _as_words(untold(tokens, t), t, "!conditional", when)  # (``reported``)
        if read is not None:
            (tokens, times), bad = read, None
            labels = time_labels(tokens, at, t)
            times = unlabelled(times, labels)
    if bad is not None and bad.kind == "!recap" and last:
        # what was done, inside the last sentence's object ("verify that the file was renamed"):
        # read as words; grounding then lets only observing calls through (a recap before a
        # send or a payment would do it twice). An earlier such sentence is an observation.
        read = _as_words(tokens, t, "!recap", lambda x: True)
        if read is not None:
            (tokens, recaps), bad = read, None
    owners: list[str] = []
    clause: list[str] = prior  # the fronted clause's words it read (``prior``)
    if bad is not None and bad.kind == "!other-actor" and _owner(bad, t):
        # a possessive of a word the lexicon does not know ("the museum's address"): read as a
        # word; its owner may be another party, so grounding lets only observing calls through
        read = _as_words(tokens, t, "!other-actor", lambda x: _owner(x, t))
        if read is not None:
            (tokens, owners), bad = read, None
    if bad is not None and bad.kind == "!other-actor":
        # a party the step is about ("look up the customer c_88", "to let the customer
        # know", "see what the customer reported"): read as a word (``actors.about``)
        parties = [x for k, x in enumerate(tokens) if x.kind == "!other-actor" and about(tokens, k, t)]
        read = _as_words(tokens, t, "!other-actor", lambda x: any(x is y for y in parties))
        if read is not None:
            tokens, bad = read[0], None
    if bad is not None and (cut := opened(tokens, bad, t, _parse, spelled)) is not None:
        # "to find the ones with only one passenger", ", as it seems more relevant": a clause after a
        # step that only looks, read as a slot (``opened``); only looking calls are grounded with one
        (tokens, clause), bad = cut, None
    if bad is not None and (told := reported(tokens, bad, t, _parse)) is not None:
        tokens, bad = told[0], None  # "... to tell you what it's about" (``reported``)
    if bad is None and not spelled and _bare_imperative(tokens, t):
        # "Lösche den Ordner projects.", "删除 projects 目录。": read as an instruction to the
        # reader; before an announcement it may be an observation ("验证完毕。")
        bad = Token("!unknown-preamble", tokens[0].text, tokens[0].start, tokens[0].end)
    if bad is None:
        bad = feelings.no_step(tokens, t)  # what a program does; "I'm sorry about ..."
    if bad is not None and spelled:
        step = imperatives.spelled(tokens, t, body, _parse)
        if isinstance(step, Refused):
            return step
        if step is not None:
            return step, None, True, times, recaps, owners, clause, labels
    if bad is not None and alone:  # "Now update the import:" (``imperatives.sequenced``)
        narrated = imperatives.sequenced(tokens, t, bad, _parse, numbered)
        if narrated is not None:
            return narrated, None, True, times, recaps, owners, clause, labels
    return tokens, bad, False, times, recaps, owners, clause, labels


def _announcement(tokens: Sequence[Token], t: Tongue, steps: bool) -> Announcement:
    """What one parsed announcement sentence says (its language aside)."""
    vs = conjoined_verbs(tokens, t, _verbs(tokens, t, steps))  # "実行して…確認します"
    kept = unpurposed(tokens, t)  # a closing purpose clause grounds and requires nothing
    words = _content(kept, t, {v for v, _ in vs})
    verbs_here = {v for v, k in vs if k is not None}
    own = [w for w in words if w not in verbs_here]
    said = {v for v, _ in vs}
    # a verb that undoes a step, alone ("refund") or with the word after it ("roll back")
    reverses = tuple(x.text for k, x in enumerate(tokens)
                     if x.kind in ("OPEN", "ACTING") and x.text in said and (
                         t.has(x.text, "g-reverse") or (k + 1 < len(tokens) and t.has(
                             f"{x.text} {tokens[k + 1].text}", "g-reverse"))))
    return Announcement(
        tuple(vs), tuple(words), (),
        # "fix that", "fetch both": the step has no object of its own
        pronoun=not own or any(x.kind in ("PRON", "DEM") for x in kept),
        tongues=(t.name,), phrasal=tuple(phrasal_verbs(tokens, t, said)),
        # English nouns and code: a call's arguments carry English words, and the other
        # languages reach them only through their [concept] maps
        named=tuple((n := _named(kept, t, {v for v, _ in vs})) + adjunct_nouns(kept, t, n)),
        again=any(t.has(x.text, "g-again") for x in tokens), texted=tuple(genres.phrases(tokens, t, said)),
        universal=any(t.has(w, "g-universal") for x in tokens for w in (x.text, *x.text.split())),
        adjuncts=tuple(_adjuncts(tokens, t)), reverses=reverses,
        steps=tuple(_steps(tokens, t, vs)), wholes=tuple(_wholes(tokens, t, vs)),
        heads=tuple(_heads(tokens, t, vs)), described=tuple(state_phrases(tokens, t, said)),
        particles=tuple(x.text.casefold() for x in tokens if x.kind in ("PARTICLE", "PREP")))
