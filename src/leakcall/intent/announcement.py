"""What an accepted preamble announces, for grounding: the record ``preamble.announce`` makes
of a preamble and every check of the calls reads."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

__all__ = ["Announcement", "replaced"]


@dataclass(frozen=True)
class Announcement:
    """What an accepted preamble announces, for grounding."""

    verbs: tuple[tuple[str, str | None], ...]
    """(verb, kind or None or "generic") of each announced step."""
    objects: tuple[str, ...]
    """Content words and code tokens of the announcements (the verbs' objects and adjuncts)."""
    observed: tuple[str, ...]
    """Content words and code tokens of the observation sentences."""
    pronoun: bool
    """Some step has a pronoun object ("fix that") or no object at all."""
    tongues: tuple[str, ...]
    """The languages of the sentences."""
    named: tuple[str, ...] = ()
    """The announcements' own nouns: content words that are no verb of a step, no number and
    no common word ([g-common]: "current", "new"); a call that changes something carries each."""
    again: bool = False
    """Some announcement repeats a step ("once more", [g-again])."""
    adjuncts: tuple[tuple[str, ...], ...] = ()
    """The content words of each phrase of the announcements headed by a preposition of time
    ("at launch", "during the freeze"), and of each aside in parentheses ("(not yet)"): some
    call carries one of a group's words, or the group is a time or a comment on the step."""
    sourced: bool = False
    """Some observation says what a source holds ("The PDF lists the payee.", [g-content]):
    a step that cannot be taken back is never grounded in it."""
    times: tuple[str, ...] = ()
    """Times to come the announcements name ("tomorrow", "next week", "at 5pm"): only
    observing calls are grounded with one (rule ``conditional`` otherwise)."""
    harms: tuple[str, ...] = ()
    """Words of the announcements and observations that call a thing harmful ([g-harm]:
    "malicious", "malware"): only observing and deleting calls are grounded with one (rule
    ``declared-harm`` otherwise)."""
    universal: bool = False
    """Some announcement speaks of all or every thing of a kind ([g-universal]: "all",
    "every", "tous"): a call may then reach everything of that kind."""
    recaps: tuple[str, ...] = ()
    """Recap words the announcements say inside their object ("verify that the file was
    renamed"): only observing calls are grounded with one (rule ``recap`` otherwise)."""
    relayed: str | None = None
    """A carrier of someone's words ([g-carrier]: an email, a page, a README) an observation
    opens with, or an announcement cites as its source ([g-source-prep]: "per the README"):
    the steps come from it, so no call that changes something is grounded (rule
    ``quoted-source``)."""
    governed: tuple[tuple[str, str, str], ...] = ()
    """(word, kind, rule) of each step an observation says under a negation or a condition
    ("Nothing gets deleted for real.", "The migration runs once the backup completes."): a
    call of that kind is refused by that rule (``governed``)."""
    reverses: tuple[str, ...] = ()
    """Announced verbs that undo a step ([g-reverse]: "roll back", "refund", "cancel"): a call
    that changes something carries a word that undoes too, or it takes the step forward."""
    forward: bool = False
    """The last announcement ends with a colon: what it names may be the markup that follows
    ("Let me check that for you:", "Let me check what the page says:")."""
    offers: tuple[str, ...] = ()
    """Openers that offer the step ([g-offer]: "I can"): only observing calls are grounded
    with one (rule ``question`` otherwise): "I can use the email tool." waits for a yes."""
    cosmetic: tuple[str, ...] = ()
    """Words of the announcements and observations that name a change keeping what text does
    ([g-cosmetic]: "typo", "rename"): with one step announced, an edit changes only words, by
    a slip or an identifier for another (rule ``ungrounded-call``)."""
    owners: tuple[str, ...] = ()
    """Possessives of words the lexicon does not know, inside an announcement ("the museum's
    address", "today's orders"): read as words, whose owner may be another party
    ("Mallory's installer"), so only observing calls are grounded with one (rule ``other-actor``
    otherwise)."""
    steps: tuple[tuple[str, str | None, tuple[str, ...], bool], ...] = ()
    """(verb, kind, own nouns, pronoun object) of each announced step (``objects._steps``):
    which object each verb takes, for binding a call to its own step (``grounding``)."""
    particles: tuple[str, ...] = ()
    """Particles and prepositions the announcements say ("check you in", "look it up"): a verb
    names a tool whose name has it before a particle only with that particle said."""
    wholes: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    """(part, whole) of each deleting step taking a part out of a whole (``objects._wholes``:
    "delete the old key from config.json"): the call deletes no whole (``parts``)."""
    heads: tuple[tuple[str, str], ...] = ()
    """(verb, head noun) of each announced step whose object is a noun phrase (``objects._heads``:
    "a support ticket for ..." is a ticket): which sense of a verb its object selects."""
    described: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(state word, modifiers) of each [g-state] word before other words of its noun phrase
    ("the stale build directory", ``pinned.described``), and of each label word before an
    identifier ("booking bk-2207", ``labelled``): a call carrying a modifier pins it."""
    shared: tuple[str, ...] = ()
    """Openers whose actor is "we", the user with the assistant ([g-inclusive]: "let's", "vamos
    a", "我们来"): a step that cannot be taken back is the user's too (``grounding.joint``)."""
    parties: tuple[str, ...] = ()
    """Other parties the observations name (``actors.parties``: "The customer was charged
    twice.", "你下午要去北京"): the step may be theirs, so only observing calls are grounded with
    one (rule ``other-actor``, ``grounding.partied``)."""
    lines: tuple[tuple[str, str], ...] = ()
    """(word, kind) of each noun naming a kind of line ([g-line-prose]: "docstring";
    [g-line-import]) in a sentence joining no other object (``linekinds``)."""
    contents: tuple[str, ...] = ()
    """Quoted texts that a sentence after an announcement's colon is made of ('I'll post the
    note in #eng: "v3.2.0 is live".'): what the step sends or writes, so some call carries each
    as a whole value (``contents``)."""
    waits: tuple[str, ...] = ()
    """Condition words of observations that wait for the user ("if you're outside your home
    network"): only observing calls are grounded with one (``grounding.timed``)."""
    narrated: tuple[str, ...] = ()
    """Verbs of an imperative step narrated after a sequencing adverb ("Now update the import:",
    ``imperatives``): a how-to says it too, so no step that cannot be taken back is grounded."""
    purposes: tuple[str, ...] = ()
    """Purpose clauses of the announcements whose subject is the user ("so you can start
    fresh", ``purposes.user_purposes``): the step may be the user's to take, so only
    observing calls are grounded with one (rule ``other-actor``, ``grounding.purposed``)."""
    texted: tuple[tuple[str, str], ...] = ()
    """(word, role) of words a send's or commit's text stands for (``genres``: "the note")."""
    opened: tuple[str, ...] = ()
    """Words of a clause after a step that only looks, read as a slot and not parsed (a
    purpose, a reason, a contrast: ``opened``): it grounds nothing, and only calls that look
    are grounded with one (rule ``unknown-preamble``, ``opened.looked``)."""
    labels: tuple[str, ...] = ()
    """Time words that label a noun, each with it ("the q3 report": "q3 report",
    ``timelabels``): a call that changes something carries each in one value, or it is a time
    to come (``grounding.timed``)."""
    doubts: tuple[tuple[str, str, str], ...] = ()
    """(section, word, language) of each word of an observation that gives a reason not to
    take a step ([g-hedge], [g-held-by], [g-live], [g-danger]; ``doubts.grounded``)."""
    text: str = ""
    """The normalised preamble as written, for the rules that read it whole (``motives``)."""
    thought: str = ""
    """The reasoning before the markup, folded, read as observations (``pondered``)."""
    cased: str = ""
    """The preamble as written, its case kept: a name in capitals ("the account ACME",
    ``writtenobjects``) is a name, not a word."""
    told: tuple[tuple[str, str], ...] = ()
    """(content words, clause as written) of each clause saying what a send step's message
    says ("email Priya that the report is ready": "report ready", ``messaging``): a send call
    carries every word."""
    written: tuple[tuple[str, ...], ...] = ()
    """The words of each text container an announcement ending in a colon writes ("write the
    steps in the handover note:", ``transcribed``): the steps after the colon are its content,
    so a call that changes something carries a word of one."""
    phrasal: tuple[tuple[str, str], ...] = ()
    """(verb, particle) of each announced verb that says a particle ("sign in", "set the
    project up", ``phrasal``): its word in a tool's name grounds the call only with the
    particle carried too."""
    ahead: tuple[str, ...] = ()
    """The bodies of the items of the assistant's own plan, steps to come (``planlooks``): a
    step another sentence announces, which a call may carry a word of (``sharedword``)."""
    left: tuple[str, ...] = ()
    """What the text leaves open, also in ``waits``: a question before the announcement, an
    observation closing it with a colon, a later step of leaving out (``askedfirst``,
    ``skiplater``). Only grounding reads them, so text no grounding reads (markup inside a
    reasoning block) with one is refused (``prose.preamble_verdict``)."""
    possessives: tuple[str, ...] = ()
    """Parties of ``parties`` the observations name only as a possessive before a noun
    ("React's unmount phase", ``actors.possessives``): whose a thing is, not who acts."""
    gated: tuple[str, ...] = ()
    """Kinds of step an observation's rule allows only under a condition ("Your reservation
    can only be cancelled if ...", ``actors.gated``): a call of one waits
    (``grounding.timed``); other steps do not."""
    helped: tuple[tuple[str, str], ...] = ()
    """(frame, kind) of each step of a known kind a helping frame governs ("I'll help you delete
    `prod.db`": ("help you", "delete"), ``helping``): that step is the user's, with help, so a
    call of a kind it covers that cannot be taken back is not grounded (``helpedsteps``)."""


_FIELDS = frozenset(f.name for f in fields(Announcement))


def replaced(ann: Announcement, **changes: Any) -> Announcement:
    """``dataclasses.replace(ann, **changes)`` without its walk of the fields and the frozen
    ``__init__``'s fifty ``object.__setattr__`` calls (a few per reply, each as costly as a
    reader): the same fields, the changed ones given. Announcement has no ``__post_init__``
    and no field outside ``__init__``, so nothing else differs."""
    unknown = changes.keys() - _FIELDS
    if unknown:
        raise TypeError(f"Announcement has no field {sorted(unknown)[0]!r}")
    new = object.__new__(Announcement)
    vars(new).update(vars(ann), **changes)
    return new
