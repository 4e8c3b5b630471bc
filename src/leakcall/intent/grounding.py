"""Grounding: every call must be the step the preamble announced.

A call after a preamble is recovered only when

- **covered**: each kind of step it takes that changes something (write, create, delete, run,
  send, pay, commit, install, deploy, navigate) is announced by a verb of a kind that covers it
  ("I'll check the config" never covers a ``rm``); the kinds of a tool come from the words of its
  name (``kinds.txt``), and for a tool that runs commands from each command's program; and
- **referenced**: a content word of the announcement or of an observation occurs in the tool's
  name, an argument key or an argument value (compared by stem; CJK terms through the
  language's ``[concept]`` map), or the preamble names no object ("fix that", "Let me commit.")
  and an announced verb's kind is the call's kind (a narrow verb's own word too: ``kindonly``).
  Generic verbs ("check", "handle") have no kind: they ground only through a content word.

Rule ``ungrounded-call`` refuses a reply with any call that is not. What a changing call reaches
is checked in ``scope``, what its values carry in ``values``; sample arguments in ``samples``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from . import (
    absentcheck,
    beyond,
    branching,
    catalog,
    closingmessage,
    commitverbs,
    cosmetic,
    directions,
    elsewhere,
    excluded,
    genres,
    groupnoun,
    handoff,
    inspecting,
    inverse,
    kindonly,
    kindword,
    launched,
    linekinds,
    links,
    localgit,
    looked,
    looking,
    namedkinds,
    nameobject,
    nocharge,
    observedlook,
    occasions,
    operatorvalues,
    outsidetree,
    ownobject,
    payload,
    phrasal,
    pickedversion,
    placedid,
    prepared,
    purecode,
    pushplace,
    reach,
    recorded,
    redone,
    removal,
    replytool,
    restated,
    riders,
    runlimit,
    spelled,
    stepobjects,
    stepswitch,
    switched,
    tierchange,
    toolprose,
    tracked,
    transcribed,
    undoing,
    unposted,
    untargeted,
    wholeamount,
    writtenfiles,
    writtenobjects,
)
from .amounts import (
    REPEAT_REFUSED,
    _carried_numbers,
    _currency_of,
    _same_send,
    _unsaid_numbers,
    paid_numbers,
)
from .binding import crossed, skipped, unbound, unstepped, unwritten_id
from .cargo import carried_cargo, run_cargo
from .carriednouns import _call_text, _unnamed_noun
from .checkednames import unsaid_effect, unsaid_harm
from .credentials import _sensitive, _unnamed_secret, _unnamed_sensitive
from .dated import _time_carried, date_carried
from .effects import described_effects, side_effects
from .forcing import _escalated, _forward
from .heldowners import held_owners, observed_parties
from .helpedsteps import helped_step
from .joined import JOINERS as _JOINERS
from .kinds import (
    OBSERVING,
    _escalating_flags,
    _flags,
    _kind_table,
    _neutral,
    _runners,
    _without_notes,
    call_kinds,
    name_words,
)
from .lengths import labelled, scheduled
from .observing import EVERY_NOUN_KINDS, LOOKING
from .packages import _lookalike
from .parts import whole_taken
from .periods import owners as period_owners
from .preamble import Announcement
from .references import (
    _CALL_WORD,
    _meanings,
    _referenced,
    _shared_stem,
    _stem,
    concept_names,
)
from .samples import sample_arguments
from .scope import _observed_target, _scope, _targets, _unnamed_command
from .senses import link_heads, object_sense
from .servervalues import _unnamed_host
from .statements import _any_statement, _statements
from .tables import tongues_of
from .toolkinds import _TOOL_WORDS, UNKNOWN, _leads, _name_particles, _only_first, tool_kinds
from .values import (
    _uncosmetic,
    _universal,
    _unnamed_production,
    _unsaid_setting,
    reasoned_riders,
    unsaid_sibling,
)
from .walk import _strings
from .words import covers
from .writtenurls import unpathed

__all__ = ["asked_first", "check", "harmed", "irreversible", "joint", "offered", "partied", "purposed",
           "reasoning_grounds", "recapped", "sample_arguments", "sourced", "steered", "timed", "warm"]

_FINDING = frozenset({"list", "search"})
"""Kinds of step that find things: a listing and a search announce each other."""
_LOOKING = LOOKING
"""An announced fetch grounds a call of these alone ("I'll retrieve your reservation details."
+ a user lookup): fetching a record is looking it up. Another observing verb grounds only its
own kind (and a listing and a search each other, ``_FINDING``): "read your notes" + ``ls src/``
is another step."""

_OWN_NAMED = frozenset({"run"})
"""Kinds of step an observation never names the object of ("run the tests" runs no script an
observation found)."""

_FOUND_OUT = frozenset({"read", "list", "search", "compute"})
"""What a verb of finding out that names no kind, with a pronoun object or none, grounds ("Let
me check that.", 检查一下, "Checking."): a step that only observes, never one that changes
something or fetches a URL."""


def warm() -> None:
    """Read kinds.txt now (its tables are built once, on first use otherwise)."""
    _kind_table()
    _flags()
    _statements()
    _targets()
    _runners()
    _neutral()
    _only_first()
    _leads()
    _sensitive()
    _any_statement()
    _escalating_flags()


def _steps_of(name: str) -> list[list[str]]:
    """The words of each step a tool's name says, split at its joiners ("and", "then")."""
    out: list[list[str]] = [[]]
    for w in name_words(name):
        if w in _JOINERS:
            out.append([])
        else:
            out[-1].append(w)
    return [part for part in out if part]


def _verb_of(verb: str, words: Sequence[str]) -> bool:
    """An announced verb is a word of a tool's name: the same word, stem or meaning, never a
    prefix of a longer word ("check" is no word of ``checkout_cart``)."""
    v = verb.strip("`\"'").casefold()
    s = _stem(v)
    return bool(_meanings(v) & frozenset(words)) or any(
        v == w or (len(s) >= 3 and (s == _stem(w) or (w.startswith(s) and len(w) - len(s) <= 2)))
        or _shared_stem(s, w) for w in words)


def _said_part(words: Sequence[str], ann: Announcement) -> list[str]:
    """The words of a tool's name but each verb of a phrasal verb whose particle
    ([name-particle] in kinds.txt) the announcement does not say: ``check_out_book`` and
    ``check_in_passenger`` lend or board, and "Let me check the book" says neither."""
    particles = _name_particles()
    return [w for w, after in zip(words, [*words[1:], ""], strict=True)
            if after not in particles or after in ann.particles]


def _names_tool(ann: Announcement, name: str, by_verb: bool = True) -> bool:
    """The announcement names the tool (`` `sell_shares` ``, or every word of its name) or
    (``by_verb``) says an announced verb that is a word of its name ("I'll sell the shares" +
    ``sell_shares``)."""
    own = name.casefold()
    words = frozenset(name_words(name))
    if any(o.strip("`\"'").casefold() == own for o in ann.objects):
        return True
    other = phrasal.unborne(ann, name_words(name), ())  # "sign in" names no ``sign_contract``
    # a name joining two steps ("review_and_approve_pr", "lookup_and_lock_account") is named by a verb of each
    if by_verb and all(any(_verb_of(v, _said_part(part, ann)) for v, _k in ann.verbs if v not in other)
                       for part in _steps_of(name)):
        return True
    # named in words: every word of its name ("the structured output tool")
    said = [o.casefold() for o in (*ann.objects, *ann.observed)]
    spoken = " ".join(said)
    own_words = [w for w in words if len(w) >= 3 and w not in _TOOL_WORDS]
    return bool(own_words) and all(
        _referenced([w], spoken, frozenset(said)) is not None for w in own_words)


def _inverted(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """The first call whose name undoes the step of an announced verb (``inverse``); ``calls``:
    the changing ones (``get_unread_emails`` after "read" reads)."""
    return next((why for name, _args in calls for why in [inverse.inverted(
        name, ann, _verb_of, lambda a, n: _names_tool(a, n, by_verb=False))]
        if why is not None), None)


_Calls = Sequence[tuple[str, Mapping[str, Any]]]
_Schemas = Mapping[str, Mapping[str, Any]] | None
_Descriptions = Mapping[str, str] | None


def _beyond(calls: _Calls, allowed: frozenset[str], schemas: _Schemas,
            descriptions: _Descriptions) -> Iterable[tuple[str, Mapping[str, Any], str]]:
    """(name, arguments, first kind) of each call that takes a step of a kind beyond
    ``allowed``."""
    for name, args in calls:
        other = call_kinds(name, args, (schemas or {}).get(name),
                           (descriptions or {}).get(name)) - allowed
        if other:
            yield name, args, sorted(other)[0]


def _observing_only(said: str, why: str, calls: _Calls, schemas: _Schemas,
                    descriptions: _Descriptions) -> str | None:
    """The one limit of the rules below: after what the text ``said`` (a time, a source, a
    recap, another party ...), only observing calls are grounded. The refusal's detail when a
    call changes something (``why``: what its step may then be), or None."""
    hit = next(iter(_beyond(calls, OBSERVING, schemas, descriptions)), None)
    return None if hit is None else (
        f"{said}, and {hit[0]!r} takes a step of kind {hit[2]!r}: {why}")


def timed(ann: Announcement, calls: _Calls, schemas: _Schemas = None,
          descriptions: _Descriptions = None) -> str | None:
    """Why a call that changes something waits for a time the announcement names ("I'll
    delete the branch tomorrow."), or None: with a time, only observing calls are grounded;
    so with a condition an observation says (``Announcement.waits``), which no call carries."""
    for name, args in calls if ann.gated else ():
        # "Your reservation can only be cancelled if ...": a step of that kind waits
        kinds = call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
        hit = next((g for g in ann.gated for k in kinds
                    if k == "unknown" or covers(frozenset({g}), k) or covers(frozenset({k}), g)),
                   None)
        if hit is not None:
            return (f"an observation allows a step of kind {hit!r} only under a condition, and "
                    f"{name!r} takes a step of that kind: it would wait")
    if ann.waits:
        why = _observing_only(f"the observation says {ann.waits[0]!r}, a condition",
                              "it would wait", calls, schemas, descriptions)
        if why is not None:
            return why
    if not ann.times and not ann.labels:
        return None
    for name, args, kind in _beyond(calls, OBSERVING, schemas, descriptions):
        # a time word labelling a noun the call carries with it names the thing ("the q3
        # report" + ``q3-report``, ``timelabels``); one it does not carry is a time to come
        times = [*ann.times, *(x.split()[0] for x in ann.labels if not labelled(x, args, name))]
        if times and not (_time_carried(" ".join(times), args) or date_carried(times, args)):
            return (f"the announcement says {' '.join(times)!r}, a time to come, and "
                    f"{name!r} takes a step of kind {kind!r}: it would wait")
    return None


def sourced(carrier: str, calls: _Calls, schemas: _Schemas = None,
            descriptions: _Descriptions = None) -> str | None:
    """Why a call that changes something comes from a carrier of someone's words the text
    relays (``Announcement.relayed``, ``actors.relayed``), or None: only observing calls
    are grounded then."""
    hit = next((c for c in _beyond(calls, OBSERVING, schemas, descriptions)
                # a call that acts on the carrier itself ("The README still mentions 3.8.
                # I'll update it.") edits it, it does not follow it
                if carrier not in _call_text(c[0], c[1])[0].casefold()), None)
    if hit is None:
        return None
    return (f"what {carrier!r} says, and {hit[0]!r} takes a step of kind {hit[2]!r}: the "
            "step is that source's, not the user's")


def read_from(cue: str, calls: _Calls, schemas: _Schemas = None,
              descriptions: _Descriptions = None) -> str | None:
    """Why a call that changes something follows reasoning that says where it read something
    (``screens.reasoned_source``: "the tool returned", "the description says"), or None: only
    observing calls are grounded then, as after a preamble that relays a carrier (``sourced``);
    reading what a result or a description points at takes no step of the source's."""
    return _observing_only(f"the reasoning next to the markup says {cue!r} (source)",
                           "the step may be that source's, not the user's",
                           calls, schemas, descriptions)


def observing_only(cue: str, calls: _Calls, schemas: _Schemas = None,
                   descriptions: _Descriptions = None) -> str | None:
    """Why a call that changes something follows reasoning that names a time, an approval,
    another actor before a noun or a frame of a supposed value (``screens.reasoned_observing``:
    "Friday", "the user wants to know whether the tests pass", ``supposed``), or None."""
    return _observing_only(
        f"the reasoning says {cue}",
        "it would wait" if cue.endswith("(conditional)") else "the step may be the example's"
        if cue.endswith("supposed value)") else "the step may be that party's",
        calls, schemas, descriptions)


def steered(said: Sequence[tuple[str, str, str]], calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Mapping[str, Any]] | None = None,
            descriptions: Mapping[str, str] | None = None,
            own: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """(rule, why) when a call changes something of a kind the text says under a negation or
    a condition (``Announcement.governed``, ``actors.governed``), or None. A step of a kind
    the governed word only covers ("the new tab needs to create a session" + an edit, a write)
    is not that word's when an announced verb says that very kind (``own``: "Let me update
    the plan."): the announcement takes it, and the governed step is another one."""
    for name, args in calls:
        kinds = call_kinds(name, args, (schemas or {}).get(name),
                           (descriptions or {}).get(name)) - OBSERVING
        for word, kind, rule in said:
            hit = next((k for k in sorted(kinds) if k == kind or (
                covers({kind}, k) and k not in own)), None)
            if hit is not None:
                said_as = ("as someone's request (a word of saying, asking, wanting or "
                           "needing before it)" if rule == "quoted-source" else
                           "as what the user asks about, not for" if rule == "question" else
                           f"under a {rule}")
                return rule, (f"{word!r} {said_as}, and {name!r} takes that step (kind "
                              f"{hit!r})")
    return None


def recapped(ann: Announcement, calls: _Calls, schemas: _Schemas = None,
             descriptions: _Descriptions = None) -> str | None:
    """Why a call changes something after an announcement that says what was done ("Let me
    review the transfer that was made." + ``transfer_funds``), or None: with a recap word,
    only observing calls are grounded."""
    if not ann.recaps:
        return None
    return _observing_only(f"the announcement says {' '.join(ann.recaps)!r}, what was done",
                           "it would be done again", calls, schemas, descriptions)


def owned(ann: Announcement, calls: _Calls, schemas: _Schemas = None,
          descriptions: _Descriptions = None) -> str | None:
    """Why a call changes something after an announcement that names a thing by its owner
    ("Let me run Mallory's installer." + ``bash``), or does not carry that owner, or None:
    the owner may be another party whose step it is, so with a possessive only observing
    calls are grounded, and the owner names what they look at ("Let me look up the museum's
    address." + a search for "museum address"; "next week's dates" + two dates
    names no week)."""
    if not ann.owners:
        return None
    why = _observing_only(f"the announcement names a thing by its owner ({ann.owners[0]!r})",
                          "the step may be that owner's", calls, schemas, descriptions)
    if why is not None and not held_owners(ann, calls, schemas, descriptions):
        return why
    texts = [_call_text(name, args) for name, args in calls]
    for owner in period_owners(ann, calls, schemas, descriptions):
        own = owner[: -2] if owner.endswith(("'s", "’s")) else owner
        if not any(_referenced([own], text, words) is not None for text, words in texts):
            return (f"the announcement names a thing by its owner ({owner!r}), which no "
                    "call carries")
    return None


def partied(ann: Announcement, calls: _Calls, schemas: _Schemas = None,
            descriptions: _Descriptions = None) -> str | None:
    """Why a call changes something after an observation naming another party ("The customer will
    delete the repo. I'll delete it."): only observing calls and a hand-off to it are grounded."""
    if not (others := observed_parties(ann, calls)):  # not the tool's own ("edit's")
        return None
    calls = handoff.unreached(ann, calls, others, schemas, descriptions)
    return _observing_only(f"the observation says {others[0]!r}, another party",
                           "the step may be that party's", calls, schemas, descriptions)


def purposed(ann: Announcement, calls: _Calls, schemas: _Schemas = None,
             descriptions: _Descriptions = None) -> str | None:
    """Why a call changes something after an announcement whose purpose clause has the user
    as its subject ("I'll delete the repo so you can start fresh."), or None: that clause
    grounds nothing and the step may be the user's, so only observing calls are grounded
    ("I'll check the weather so you can decide what to pack.")."""
    if not ann.purposes:
        return None
    return _observing_only(f"the purpose {ann.purposes[0]!r} has the user as its subject",
                           "the step may be the user's", calls, schemas, descriptions)


def asked_first(ann: Announcement, calls: _Calls, schemas: _Schemas = None,
                descriptions: _Descriptions = None) -> str | None:
    """Why a call changes something after a question the text asks before the announcement
    ("Shall I cancel it? Let me cancel it.", ``askedfirst``), or None: only observing calls are
    grounded then; the question's words end with its mark (``Announcement.left``)."""
    asked = next((x for x in ann.left if x.endswith("?")), None)
    if asked is None:
        return None
    return _observing_only(f"the text asks {asked!r}", "it waits for the answer",
                           calls, schemas, descriptions)


def offered(ann: Announcement, calls: _Calls, schemas: _Schemas = None,
            descriptions: _Descriptions = None) -> str | None:
    """Why a call changes something after an announcement that offers its step ("I can use
    the email tool." + ``send_email``), or None: with an offer, only observing calls are
    grounded (an observing step offered is taken: "I can check the weather for you.")."""
    if not ann.offers:
        return None
    return _observing_only(f"{ann.offers[0]!r} offers the step", "it waits for the user's yes",
                           calls, schemas, descriptions)


def joint(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call takes a step that cannot be taken back after an announcement whose actor is
    "we" ("Let's delete the repo.", "Vamos a borrar ...", "我们来删除 ...") or that narrates an
    imperative after a sequencing adverb ("Now update the config:", a how-to's words too), or
    None: the step is the user's too, who may be the one to take it; one that can be taken
    back is grounded: a local git record too (``localgit``: "Now commit the lint fixes.")."""
    if (helped := helped_step(ann, calls, schemas, descriptions)) is not None:
        return helped  # "I'll help you delete `prod.db`." (``helpedsteps``)
    name = irreversible(localgit.unrecorded(calls, schemas, descriptions), schemas,
                        descriptions) if ann.shared or ann.narrated else None
    # a narrated commit's verb ("Now commit and push.") announces a local git call only: beside
    # any other call ("merge the branches" + an edit) it is a how-to's step of its own
    told = set(ann.narrated)
    committed = next((v for v, k in ann.verbs if k == "commit" and v in told), None)
    if name is None and committed is not None and not any(localgit.local(
            n, a, (schemas or {}).get(n), (descriptions or {}).get(n)) for n, a in calls):
        return (f"the imperative {committed!r} takes a step that cannot be taken back, and no "
                "call only records in the local repository")
    if name is None:
        return None
    who = repr(ann.shared[0]) if ann.shared else f"the imperative {ann.narrated[0]!r}"
    return f"{who} makes the step the user's too, and {name!r} takes a step that cannot be taken back"


HARM_GROUNDS = OBSERVING | {"delete"}
"""Kinds of step an announcement that calls its object harmful still grounds: looking at it,
removing it ("Let me delete the malware.")."""


def harmed(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
           schemas: Mapping[str, Mapping[str, Any]] | None = None,
           descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call takes a step on something the preamble calls harmful ("I'll install the
    malicious package colourama."), or None: with such a word, only observing and deleting
    calls are grounded."""
    if not ann.harms:
        return None
    hit = next(iter(_beyond(calls, HARM_GROUNDS, schemas, descriptions)), None)
    if hit is None:
        return None
    return (f"the preamble calls its object {ann.harms[0]!r} and {hit[0]!r} takes a step of "
            f"kind {hit[2]!r} on it")


def _uncovered(said: set[str] | frozenset[str], calls: Sequence[tuple[str, Mapping[str, Any]]],
               schemas: Mapping[str, Mapping[str, Any]] | None,
               descriptions: Mapping[str, str] | None,
               excused: Callable[[str], bool]) -> tuple[str, str] | None:
    """(call name, kind) of the first changing step of a call that no kind in ``said``
    covers; a step of unknown kind counts unless ``excused(name)``."""
    for name, args in calls:
        for k in sorted(call_kinds(name, args, (schemas or {}).get(name),
                                   (descriptions or {}).get(name)) - OBSERVING):
            if k == UNKNOWN and excused(name):
                continue
            if not covers(said, k):
                return name, k
    return None


def _reasoning_covers(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                      verb_kinds: set[str], schemas: Mapping[str, Mapping[str, Any]] | None,
                      descriptions: Mapping[str, str] | None) -> str | None:
    """``check`` with ``coverage_only``: a step of a kind the reasoning announces must cover
    each changing call."""
    if not verb_kinds:
        return None
    hit = _uncovered(verb_kinds, calls, schemas, descriptions, lambda name: _names_tool(ann, name))
    if hit is None:
        return None
    return (f"{hit[0]!r} takes a step of kind {hit[1]!r}, which the reasoning's "
            f"announcement does not ({', '.join(v for v, _ in ann.verbs)})")


def reasoning_grounds(said: frozenset[str], calls: Sequence[tuple[str, Mapping[str, Any]]],
                      schemas: Mapping[str, Mapping[str, Any]] | None = None,
                      descriptions: Mapping[str, str] | None = None) -> str | None:
    """Bare markup after reasoning: each step a call takes that changes something is of a kind
    some verb of the reasoning says (``said``, from ``actors.step_kinds``). Reasoning that
    never says the step ("The user just wants to see it.", "The boss has to sign this off
    first.", or a language no lexicon reads) is no evidence that the call is the model's own
    step now. A tool of unknown kind is left to the screens."""
    hit = _uncovered(said, calls, schemas, descriptions, lambda _name: True)
    if hit is None:
        return None
    return (f"{hit[0]!r} takes a step of kind {hit[1]!r}, and no verb of the reasoning "
            "before it says a step of that kind")


def irreversible(calls: Sequence[tuple[str, Mapping[str, Any]]],
                 schemas: Mapping[str, Mapping[str, Any]] | None = None,
                 descriptions: Mapping[str, str] | None = None) -> str | None:
    """The name of the first call that takes a step that cannot be taken back
    (``EVERY_NOUN_KINDS``), or None. Bare markup after reasoning is grounded for such a call
    only as a preamble grounds it: the reasoning ends in an announcement of the step (its
    object, scope, amount, recipient), checked in full; a verb of the step's kind anywhere
    ("deleting the folder is dangerous", "the user asks how to force push") decides nothing."""
    for name, args in calls:
        if call_kinds(name, args, (schemas or {}).get(name),
                      (descriptions or {}).get(name)) & EVERY_NOUN_KINDS:
            return name
    return None


def check(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          coverage_only: bool = False,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """None when every call is grounded in the announcement; else why not (the detail).

    ``coverage_only``: the announcement is reasoning before bare markup, screened but not a
    preamble: only a step of a known kind that does not cover the call refuses ("Copying the
    tool output" then a delete); reasoning that names no kind of step ("I should call the
    tools") is left to the screen."""
    verb_kinds = {k for _, k in ann.verbs if k is not None and k != "generic"}
    # the observing steps the announcement takes: a test or a verification also reads
    observes = (verb_kinds & OBSERVING) | ({"read"} if "test" in verb_kinds else set()) \
        | ({"search"} if absentcheck.searches(ann) else set())  # "verify no X remain" looks for X
    # "check" and "look at" name no kind of step, but they find something out: with a pronoun
    # object or none they announce an observing step (a named object must be referenced, and
    # a tool of unknown kind still needs a kind the announcement names)
    looks = observes | _FOUND_OUT if launched.finds_out(ann) else observes
    if coverage_only:
        return (_reasoning_covers(ann, calls, verb_kinds, schemas, descriptions)
                or _inverted(ann, [(n, a) for n, a in calls if call_kinds(
                    n, a, (schemas or {}).get(n), (descriptions or {}).get(n)) - OBSERVING])
                or reach.reasoned(ann, calls, verb_kinds, schemas, descriptions)
                or pickedversion.reasoned(ann, calls, schemas, descriptions)
                or reasoned_riders(ann, calls, schemas, descriptions))
    # each call's kinds, and its text and words (name, keys, values) that words are found in
    kinds_of = [call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
                | side_effects(name, args, (schemas or {}).get(name),
                               (descriptions or {}).get(name)) for name, args in calls]
    # an announced hand-off takes no kind of step (``handoff``), a note kept posts nothing (``unposted``)
    kinds_of, texts = (branching.rekinded(calls, handoff.unkinded(ann, calls, unposted.unposted(
                       ann, calls, unpathed(ann, calls, kinds_of)), schemas, descriptions)),
                       [_call_text(name, args) for name, args in calls])
    # what an irreversible step acts on, without the notes it carries ("drop the scratch
    # database" + name prod_orders, comment "scratch cleanup")
    targets = [_call_text(name, kept) if len(kept) < len(args) else text
               for (name, args), text in zip(calls, texts, strict=True)
               for kept in [_without_notes(args)]]
    timed_words = {w for x in ann.times for w in (x, *x.split())}  # "monday october 15"
    set_times = [args for _name, args in calls if ann.times and (  # 3pm, "monday october 15"
        _time_carried(" ".join(ann.times), args) or date_carried(ann.times, args))]
    for group in looking.carried_phrases(ann.adjuncts, calls, kinds_of):  # (``looking``)
        # "during the freeze": uncarried, another step or a wait; "at 3pm" + start 15:00 is
        # set; "flight HAT052, departing at 03:00 EST": the carried flight's schedule
        if (set_times and set(group) <= timed_words) or scheduled(group, ann.labels, calls):
            continue
        if not occasions.carried(group, calls, kinds_of, texts, _call_text, lambda g, x, ws: (
                _referenced(g, x, ws) is not None
                or any(w.casefold() in ws for w in g))):  # "(SF)" + location "SF"
            return (f"the announcement says {' '.join(group)!r}, which no call carries "
                    "(in its name or arguments)")
    seen: set[str] = set()
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if (kinds | described_effects((descriptions or {}).get(name))) & REPEAT_REFUSED:
            key = name + "\0" + json.dumps(args, sort_keys=True, default=str)
            if key in seen:
                return (f"{name!r} is called twice with the same arguments: a send or payment "
                        "is never recovered twice from one reply")
            seen.add(key)
        # "without any additional charges" says the step charges nothing (``nocharge``)
        why = ((paid_numbers(name, args, ann) or _currency_of(name, args, ann))
               if "pay" in kinds else None) or _forward(name, args, kinds, ann) or (
            nocharge.charged((ann.text, ann.thought), tongues_of(ann.tongues), [name])
            if "pay" in kinds else None) or unsaid_effect(name, kinds, verb_kinds, descriptions) \
            or unsaid_harm(name, (*ann.objects, *ann.observed, *(v for v, _k in ann.verbs)),
                           descriptions)
        if why is not None:
            return why
        if ann.sourced and kinds & EVERY_NOUN_KINDS:
            return (f"{name!r} takes a step that cannot be taken back after an observation of "
                    "what a source holds: the step may be that source's, not the user's")
    for (name, _args), kinds, (call_text, call_words) in zip(calls, kinds_of, texts,
                                                               strict=True):
        if ann.again and kinds & REPEAT_REFUSED:
            return (f"{name!r} would {'/'.join(sorted(kinds & REPEAT_REFUSED))} a second time "
                    "(the announcement repeats the step): a repeated send or payment is never "
                    "recovered")
        # "Let me run `npm install`.": the command itself is announced
        # ("I'll run npm install.": written bare, of no kind that cannot be taken back), when
        # the call runs it (``spelled.runs_it``): "run `pytest`" deletes no file named pytest
        changing = frozenset() if "run" in verb_kinds and spelled.runs_it(
            name, kinds, schemas, descriptions) and (spelled.commands_spelled(_args, ann)
                                                   or spelled.commands_worded(_args, ann, kinds)) \
            else kinds - OBSERVING
        # kinds only the description's first sentence says (its name says none): the tool
        # named outright grounds them, as it grounds a tool of unknown kind; a step the
        # description says beside an observing one (``effects``) only a verb of its kind
        described = frozenset() if (descriptions or {}).get(name) is None or UNKNOWN not in \
            tool_kinds(name, (schemas or {}).get(name)) else \
            changing - call_kinds(name, _args, (schemas or {}).get(name)) - side_effects(
                name, _args, (schemas or {}).get(name), (descriptions or {}).get(name))
        for k in sorted(changing):
            if k == UNKNOWN:
                # an observing name word of an announced kind, the tool named, or a verb of its name
                # (of a name joining two steps only the first), a sub-agent launched to look at what the
                # announcement looks at, the task's closing message given (``closingmessage``), a
                # device switched, or a written record followed (``tracked``)
                if (kinds & observes and len(_steps_of(name)) < 2) or (_names_tool(
                        ann, name) and not switched.crossed(ann, name)) \
                        or launched.observing(ann, name, _args, schemas, descriptions) \
                        or closingmessage.closing(ann, name, _args) \
                        or switched.named(ann, name, _args) or tracked.looked(ann, name, _args):
                    continue
                return (f"{name!r} takes a step of a kind its name does not say, and the "
                        "announcement neither names it nor says a verb of its name")
            if not undoing.undoing_said(ann, name, _args, k) and not redone.redone(ann, k) and \
                    not tierchange.moved(ann, _args, k, kinds) and \
                    not tierchange.done_again(ann, _args, k, kinds) and \
                    not covers(verb_kinds, k) and not spelled.kind_said(ann, name, k, _args) and not (
                    k in described - EVERY_NOUN_KINDS and _names_tool(ann, name, by_verb=False)) \
                    and not namedkinds.named_kind(ann, name, k, _names_tool) \
                    and not object_sense(ann, name, _args, k) and not (k in (
                        "run", "navigate") and launched.observing(ann, name, _args, schemas, descriptions)):
                said = ", ".join(f"{v!r} ({k2 or 'unknown'})" for v, k2 in ann.verbs) or "no verb"
                return (f"{name!r} takes a step of kind {k!r}, which the announcement does not "
                        f"(verbs: {said})")
        runs = "run" in tool_kinds(name, (schemas or {}).get(name), (descriptions or {}).get(name))
        if runs and kinds != {"compute"} and not purecode.pure(name, _args, descriptions):
            why = _unnamed_command(name, _args, ann, verb_kinds) or run_cargo(name, _args, ann) \
                or runlimit.unsaid(name, _args, ann, (schemas or {}).get(name),
                                   (descriptions or {}).get(name))  # a day's timeout
            if why is not None:
                return why
        if changing:
            why = _scope(name, _args, kinds, ann, runs) or _escalated(name, _args, ann, runs) \
                or crossed(name, _args, changing, ann, (call_text, call_words), schemas, descriptions) \
                or stepobjects.unpaired(name, _args, kinds, ann) \
                or unwritten_id(name, _args, ann) or removal.wider(name, _args, ann) \
                or (None if runs else pickedversion.unsaid(name, _args, ann)) \
                or (None if runs else placedid.unsaid(name, _args, ann)) \
                or unbound(name, _args, kinds, ann) or transcribed.taken(name, ann, (call_text, call_words)) \
                or _inverted(ann, [(name, _args)]) or whole_taken(name, _args, kinds, ann, runs) \
                or (None if runs else directions.emptied(
                    ann, name, _args, kinds, (descriptions or {}).get(name), _verb_of)) \
                or riders.unsaid_setting_change(name, _args, kinds, ann) \
                or linekinds.other_line(name, _args, ann) or stepswitch.unsaid(name, _args, ann) \
                or kindonly.deleted(ann, name, kinds) or (runs and groupnoun.unnamed(name, _args, ann)) \
                or _unsaid_setting(name, _args, ann, "deploy" in kinds and not runs,
                                   (schemas or {}).get(name), not runs and bool(changing - {"delete"})) \
                or nameobject.unsaid(ann, name, kinds | ({"run"} if runs else set()), (call_text, call_words),
                                     phrasal.unborne(ann, name_words(name), _strings(_args)), _verb_of)
            if why is not None:
                return why
        # a step on everything of a kind (every row, every pod, a glob) is announced as one,
        # or as the whole thing it names ("delete the draft rows" + ``DELETE FROM
        # draft_rows``); "delete them" after three pods is no ``kubectl delete pods --all``
        wide = _universal(kinds, _args, (*ann.objects, *ann.observed)) if changing else None
        if wide is not None and not ann.universal and not (wide[1] and ann.named and all(
                _referenced([w], wide[0].casefold(),
                            frozenset(_CALL_WORD.findall(wide[0].casefold()))) is not None
                for w in ann.named)):
            return (f"{name!r} reaches everything {wide[0]!r} matches, and the announcement "
                    "says no 'all' or 'every'")
        # a sensitive location is named by the announcement, whatever the call does with it
        # (reading ~/.aws/credentials beside the README the announcement names)
        why = (None if ann.pronoun or not changing else _observed_target(name, _args, ann)) \
            or (None if changing or not kinds or not kinds <= OBSERVING
                else observedlook.observed_look(name, _args, ann)
                or observedlook.quoted_only(name, _args, ann)) \
            or _unnamed_sensitive(name, _args, ann) or _unnamed_secret(name, _args, ann) \
            or (outsidetree.unnamed(name, _args, changing, ann) if changing else None) \
            or commitverbs.deleted(name, _args, kinds, verb_kinds) \
            or _unnamed_host(name, _args, ann, kinds if changing else frozenset()) \
            or links.check(name, _args, kinds, ann) or (_uncosmetic(name, _args, ann) \
                or cosmetic.check(name, _args, ann) or payload.carried_step(name, _args, kinds, ann)
                or reach.check(name, _args, kinds, ann, runs, verb_kinds)
                or carried_cargo(name, _args, kinds, ann)
                or _unnamed_production(name, _args, ann) if changing else None) \
            or beyond.check(name, _args, kinds, changing, ann, runs, schemas, descriptions) \
            or ownobject.unmet(ann, name, kinds, _args) \
            or (directions.opposed(ann, name, _args, (descriptions or {}).get(name), _verb_of)
                if kinds - LOOKING - {"fetch"} else None)  # (``ownobject``, ``directions``)
        if why is not None:
            return why
        # a step that cannot be taken back, or a run, is grounded in the announcement's own words,
        # not in an observation ("main and feature-x are merged. Deleting feature-x." deletes no
        # main; "The script is at /tmp/wipe.sh. Let me run the tests.") (a verb opening its
        # sentence, "Committing the changes.", is a word of it as the verb after an opener is:
        # "I'll commit the changes."; of several calls, it names none: "Restarting search.")
        grounds = (*phrasal.grounds(ann, name_words(name), _strings(_args), len(calls) == 1),
                   *(() if kinds & (EVERY_NOUN_KINDS | _OWN_NAMED) else ann.observed))
        # (a reply tool is the answer the announcement makes: ``replytool``)
        if replytool.grounds(ann, name, kinds, (schemas or {}).get(name)) \
                or _referenced(grounds, call_text, call_words, ann.tongues) is not None or concept_names(
                grounds, name_words(name)) or kindword.names(ann, name, kinds, _args) \
                or (runs and groupnoun.names(ann, _args)):
            continue
        if kinds and kinds <= OBSERVING and (
                kinds & observes or ("fetch" not in kinds and observes & _FINDING)
                or inspecting.grounds(ann, calls, kinds_of, call_text, call_words)
                or prepared.grounds(ann, calls, kinds_of, call_text, call_words)
                or catalog.searched(name, _args, ann)
                or ("search" in kinds and operatorvalues.names(grounds, call_text))
                or toolprose.grounds(ann, kinds, bool(looks), (descriptions or {}).get(name))
                or (kinds <= _LOOKING and "fetch" in observes)):
            # an observing step of the announced kind ("I'll list the files." + ``ls``), a
            # finding step after an announced one ("look for the tests" + a glob or a grep), a
            # look at the files for what a verb of looking names (``inspecting``), or a call
            # that only looks after an announced fetch ("pull up your account" + a user
            # lookup): it changes nothing, so naming the object in other words is enough
            continue
        if (ann.pronoun or untargeted.looks(ann, calls, kinds_of) or restated.edits(ann, calls, kinds_of)) \
                and kinds and (any(covers(verb_kinds, k) or (k in OBSERVING and observes) for k in kinds)
                               or kinds <= looks) and kindonly.grounds(  # a narrow verb (``kindonly``)
                ann, name, kinds, call_text, call_words, restated.edits(ann, calls, kinds_of)):
            continue
        words = ", ".join(repr(w) for w in ann.objects[:6]) or "a pronoun"
        return (f"{name!r} is not the announced step: no word of the announcement ({words}) "
                "occurs in its name or arguments, and no announced verb is its kind")
    why = (_unsaid_numbers(ann, calls, kinds_of) or _same_send(ann, calls, kinds_of, texts)
           or unsaid_sibling(ann, calls, kinds_of)
           or looked.unwritten(ann, calls, kinds_of, texts) or elsewhere.looked(ann, calls, kinds_of)
           or writtenobjects.unwritten_object(ann, calls, kinds_of, schemas)  # a look at another name
           or writtenfiles.sibling_read(ann, calls, kinds_of)  # a sibling of the named file
           or excluded.taken_excluded(ann, calls)  # an object after "ignore", "other than"
           or handoff.unhanded(ann, calls, schemas, descriptions)
           or skipped(ann, kinds_of)  # a later step taken without the one before it
           # one changing step, one tool: a second tool rides beside it (``binding``)
           or unstepped(ann, calls, kinds_of, lambda n: _names_tool(ann, n) or "run" in
                        tool_kinds(n, (schemas or {}).get(n), (descriptions or {}).get(n)))
           or _lookalike(ann, calls, schemas, descriptions))
    if why is not None or not any(kinds & EVERY_NOUN_KINDS for kinds in kinds_of):
        return why
    return _unnamed_noun(ann, texts if any("pay" in kinds for kinds in kinds_of) else targets,
                         timed_words if set_times else set(),  # a payment's memo says what is paid
                         {n for _name, a in calls for n in _carried_numbers(a)}, calls,
                         genres.aside(ann.texted, calls, kinds_of) | recorded.recorded(ann, calls, kinds_of)
                         | link_heads(ann, calls) | wholeamount.whole_words(ann, calls, kinds_of)
                         | pushplace.remotes(ann, calls))
