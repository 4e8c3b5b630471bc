"""The user's own request an observation reports, read as the request a changing step carries
out (issue 25, round 31): "You asked me to archive the old invoices.", "You approved a refund
of $30.", "You asked whether we could remove the old logs.", "You said you're fed up with this
project.". The step after it must be of a kind its request names (archive, draft, pause or
rename ground no delete or send), take its numbers, and follow a request, not a question or a
feeling reported; a delete acts on a thing the request names ("You asked me to clean up the
temp files." grounds deleting `tmp/`, not `src/`: ``swapped``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .figures import figure
from .observing import EVERY_NOUN_KINDS, OBSERVING
from .sentences import Refused
from .tables import tongues
from .words import Token, Tongue, covers

__all__ = ["Asked", "Noted", "asked", "contradicted", "figures", "noted", "refused", "swapped"]

_ASKING = ("g-report-ask", "g-directive", "g-report")
"""Verbs of asking, wanting or saying: what follows is the request, a thing asked for or a
clause said."""

_ASSENTING = ("g-decision", "g-granted")
"""Verbs of confirming, approving or deciding ("You confirmed it.", "You approved the $250
transfer."): an assent to a step, which the announcement may name."""

_BETWEEN = ("g-aux", "g-copula", "g-adverb", "g-function", "g-clitic")
"""Words between the user and its verb ("You have asked", "Vous m'avez demandé")."""

_HEADS = ("TO", "AND", "COMMA", "PREP")
"""Words after which a new step of the request begins ("to archive ... and delete ...")."""

_CLAUSE = ("g-copula", "g-aux", "g-actor")
"""Words of a clause reported ("you're fed up", "your boss is impossible"), not a thing asked
for ("a .gitignore")."""

_UNCHANGING = frozenset({*OBSERVING, "run", "test", "navigate", "generic"})
"""Kinds of step the request is not read for: looking, running a named program (what it
reaches is grounded on its own), going somewhere."""

_WORD = re.compile(r"[^\W_]+")
_FUNCTION = ("g-det", "g-article", "g-dem", "g-prep", "g-pron", "g-particle", "g-function",
             "g-to", "g-and", "g-adverb", "g-copula", "g-aux")
"""Classes of words that name no thing asked for ("the", "up", "me")."""

_CURRENCY = re.compile(r"[$€£¥]|^(?:eur|usd|gbp|chf|jpy|dollars?|euros?|pounds?)$")


@dataclass(frozen=True)
class Asked:
    """What an observation reports the user asked: its verb, the kinds of step it names (each
    step's head: "a draft reply for review" names a draft), the word of a question it
    reports, whether it reports a clause (a feeling or a fact said), whether its verb assents
    rather than asks, and its numbers (those beside a currency too)."""

    verb: str
    kinds: frozenset[str]
    question: str | None
    clause: bool
    assent: bool
    figures: frozenset[float]
    amounts: frozenset[float]
    objects: frozenset[str] = frozenset()
    """Words of the things the request names ("temp", "files"; "tmp" of "`tmp/`")."""


def _reporting(x: Token, t: Tongue) -> tuple[str, bool] | None:
    """(the verb, whether it asks rather than assents) when ``x`` reports what someone asked,
    said or approved."""
    for w in x.text.lower().split():
        if any(t.has(w, s) for s in _ASKING):
            return w, True
        if any(t.has(w, s) for s in _ASSENTING):
            return w, False
    return None


def _user(x: Token, t: Tongue) -> bool:
    """The user as a subject: "you", "the user", or the reader with a contracted verb
    ("you'd", "you're")."""
    return x.kind == "YOU" or any(t.has(w, "g-user") for w in x.text.lower().split()) or (
        t.has(x.text.lower(), "g-addressee") and t.has(x.text.lower(), "g-actor"))


def _wishing(x: Token, t: Tongue) -> bool:
    """A modal of wish ("would like", [g-mood]), or one contracted into the user ("you'd")."""
    w = x.text.lower()
    return t.has(w, "g-mood") or (_user(x, t) and w.endswith(("'d", "’d")))


def figures(tokens: Sequence[Token]) -> tuple[frozenset[float], frozenset[float]]:
    """(every number, the numbers beside a currency) a sentence writes ("$30", "30 €")."""
    out: set[float] = set()
    money: set[float] = set()
    for k, x in enumerate(tokens):
        value = figure(x.text)
        if value is None:
            continue
        out.add(value)
        near = [y.text.lower() for y in tokens[max(k - 1, 0) : k + 2]]
        if any(_CURRENCY.search(w) for w in near):
            money.add(value)
    return frozenset(out), frozenset(money)


def _verb_at(tokens: Sequence[Token], k: int, t: Tongue) -> tuple[int, tuple[str, bool]] | None:
    """(its index, ``_reporting``) of the verb the user at ``k`` is the subject of: up to two
    words between them that name no thing ("You have asked", "Vous m'avez demandé", "You
    just asked"); an unknown verb followed by a word of a question ("You wondered whether")
    reports a question, so it asks."""
    if k + 1 < len(tokens) and _wishing(tokens[k], t):
        return k + 1, (tokens[k + 1].text, True)  # "You'd like the invoices archived."
    for j in range(k + 1, min(k + 4, len(tokens))):
        x = tokens[j]
        said = _reporting(x, t)
        if said is not None:
            return j, said
        if j + 1 < len(tokens) and _wishing(x, t):
            return j + 1, (tokens[j + 1].text, True)  # "You would like ..."
        if j + 1 < len(tokens) and x.kind == "OPEN" and t.kind_of(x.text) is None and (
                tokens[j + 1].kind == "INQUIRY" and not t.has(tokens[j + 1].text, "g-condition")):
            return j, (x.text, True)
        if x.kind in ("DET", "DEM", "NUM", "CODE", "COMMA") or t.kind_of(x.text) is not None:
            return None
    return None


_SOURCES = frozenset({"から", "より", "によって", "により"})
"""Japanese particles of a request's source or agent ("送信者から")."""


def _honorific(tokens: Sequence[Token], t: Tongue) -> tuple[int, tuple[str, bool]] | None:
    """(its index, the verb asking) of a request received in a form that implies the user
    asked, no subject said ([g-asked-of-me]: "アーカイブをご依頼いただきました。", "リストを
    頼まれました。"), after a word it follows (its object); else None."""
    forms = [entry for sec, entry in t.marks if sec == "g-asked-of-me"]
    at = next((k for k, x in enumerate(tokens) if k and any(f in x.text for f in forms)), None)
    # another party said as its source or agent ("外部の送信者から ... 依頼されました",
    # "ボブに頼まれました") makes it that party's request (``relays``)
    if at is None or tokens[at - 1].text == "に" or any(
            x.text in _SOURCES for x in tokens[:at]):
        return None
    return at, (tokens[at].text, True)


def asked(tokens: Sequence[Token], t: Tongue) -> Asked | None:
    """The user's request an observation reports: the user a subject (first, after an
    acknowledgement, or later; a clitic object first, before a verb in the second person,
    "Me pediste"), then a modal of wish or a verb of asking, wanting or saying
    ([g-report-ask], [g-directive], [g-report]) or of assent ([g-decision], [g-granted]);
    None otherwise ("You have two reservations.", "Priya
    asked ...": another party's, ``relays``)."""
    k = 0
    while k < len(tokens) and tokens[k].kind in ("ACK", "COMMA", "ADV"):
        k += 1
    if k >= len(tokens):
        return None
    first = tokens[k]
    verb = _reporting(first, t) if first.kind == "COURTESY" and _user(first, t) else None
    if verb is None and (_user(first, t) or first.kind == "CLITIC"):
        at = _verb_at(tokens, k, t)
        k, verb = at if at is not None else (k, None)
    # the user later in the sentence ("Thanks — you asked ...", "In your last message you
    # asked ..."): the first one a verb of reporting follows
    later = (at for j in range(k + 1, len(tokens)) if verb is None and _user(tokens[j], t)
             and (at := _verb_at(tokens, j, t)) is not None)
    k, verb = next(later, (k, verb))
    received = _honorific(tokens, t) if verb is None else None
    if received is not None:
        k, verb = received
    if verb is None:
        return None
    # a request received (``_honorific``) follows its object: the words before it
    rest = tokens[:k] if received is not None else tokens[k + 1 :]
    # a question reported ("asked whether", "gefragt, ob", "asked about"); "if" after a verb
    # of saying may be a condition ("You said if it fails, ..."): refused the same
    question = next((x.text for x in rest[:2] if x.kind == "INQUIRY"
                     or t.has(x.text.lower(), "g-inquiry")), None)
    if question is None and rest and verb[1] and t.has(rest[0].text.lower(), "g-topic-prep"):
        question = rest[0].text  # "You asked about removing the logs."
    kinds: set[str] = set()
    head = True  # the next word of a kind is the head of a step asked
    things: set[str] = set()  # the words of the things it names (no head, no function word)
    for x in rest:
        if x.kind in _HEADS:
            head = True
        kind = t.kind_of(x.text) if x.kind in ("OPEN", "ACTING", "CODE") else None
        if kind is not None and head:
            kinds.add(kind)
            head = False
        elif x.kind in ("OPEN", "CODE") and not any(
                t.has(x.text.lower(), s) for s in _FUNCTION):
            things.update(w.casefold() for w in _WORD.findall(x.text))
    numbers, money = figures(rest)
    clause = any(x.kind in ("YOU", "SUBJ") or any(t.has(x.text.lower(), s) for s in _CLAUSE)
                 for x in rest)
    # "You asked for this.", "You asked for it.": the step the announcement names is asked
    assent = not verb[1] or not any(x.kind in ("OPEN", "CODE", "NUM") for x in rest)
    return Asked(verb[0], frozenset(kinds), question, clause, assent, numbers, money,
                 frozenset(things))


@dataclass(frozen=True)
class Noted:
    """What any observation states that a step may contradict: the identifiers it places
    right after a negation ("You're signed in as C-2291, not as C-1043."), and its amounts
    beside a currency ("The invoice total is $420.")."""

    denied: frozenset[str]
    amounts: frozenset[float]


def _identifier(x: Token) -> bool:
    """A word that names one record: a letter or a dash beside a digit ("C-1043", "ord_88"),
    or code."""
    w = x.text.strip("`")
    return x.kind == "CODE" or (any(c.isdigit() for c in w) and any(
        c.isalpha() or c in "-_" for c in w))


def noted(tokens: Sequence[Token], t: Tongue) -> Noted:
    """``Noted`` of an observation: an identifier up to two words after a negation (a
    preposition or an article between: "not as C-1043", "et non C-1043")."""
    denied = set()
    for k, x in enumerate(tokens):
        if x.kind != "!negation" and not t.has(x.text.lower(), "g-negation"):
            continue
        for y in tokens[k + 1 : k + 4]:
            if _identifier(y):
                denied.add(y.text.strip("`").lower())
                break
            if y.kind not in ("PREP", "DET", "ADV"):
                break
    return Noted(frozenset(denied), figures(tokens)[1])


def _digits(v: float) -> str:
    """The significant digits of an amount ("42" of 420 and of 4,200)."""
    return f"{v:.2f}".replace(".", "").strip("0")


def _slipped(observed: frozenset[float], said: frozenset[float]) -> tuple[float, float] | None:
    """(observed, said) when the announcement states an amount that is one an observation
    states with its digits at another magnitude ("$420" + "transfer $4,200", "$29.99" +
    "refund $2,999"): an added zero or a moved decimal point, not that amount."""
    for o in sorted(observed):
        for a in sorted(said):
            if a != o and len(_digits(o)) >= 2 and _digits(a) == _digits(o):
                return o, a
    return None


def contradicted(notes: Sequence[Noted],
                 steps: Sequence[tuple[str, str | None, tuple[str, ...], bool]],
                 money: frozenset[float]) -> Refused | None:
    """Why a changing step takes what an observation rules out, or None: a record named
    after a negation ("not as C-1043" + "change the address on account C-1043":
    ``negation``), or an amount at another magnitude (``ungrounded-call``)."""
    for verb, kind, nouns, _ in steps:
        if kind is None or kind in _UNCHANGING:
            continue
        for n in notes:
            hit = next((w for w in nouns if w.lower().strip("`") in n.denied), None)
            if hit is not None:
                return Refused("negation", f"rule negation: an observation names {hit!r} "
                               f"after a negation, and {verb!r} takes a step of kind {kind!r} "
                               "on it")
            slip = _slipped(n.amounts, money)
            if slip is not None:
                return Refused("ungrounded-call", f"rule ungrounded-call: an observation "
                               f"states {slip[0]:g}, and {verb!r} states {slip[1]:g}, its "
                               "digits at another magnitude")
    return None


def _abbreviates(a: str, b: str) -> bool:
    """One word is the other or its abbreviation: the shorter's letters in order in the
    longer, the first the same ("tmp" of "temp", "log" of "logs"); under three letters only
    the same word."""
    short, long = sorted((a, b), key=len)
    if len(short) < 3 or short[0] != long[0]:
        return short == long
    rest = iter(long)
    return all(ch in rest for ch in short)


def swapped(r: Asked, kind: str, nouns: Sequence[str], reverses: bool = False) -> str | None:
    """The object of a delete that the request it carries out does not name, or None ("You
    asked me to clean up the temp files." + "delete `src/`"): each code token the step names
    has a word the request's things abbreviate, else some noun of it does; a step undoing one
    (``reverses``: "cancel the subscription") is read by its kind alone."""
    if kind != "delete" or not r.kinds or not r.objects or not nouns or reverses:
        return None
    code = [n for n in nouns if n.startswith("`")]
    if len(r.objects) == 1 and r.objects & {n.casefold() for n in nouns}:
        return None  # "drop the table" + "drop the `sessions` table": the one thing it names
    for group in ([[n] for n in code] if code else [list(nouns)]):
        words = [w.casefold() for n in group for w in _WORD.findall(n)]
        if words and not any(_abbreviates(w, o) for w in words for o in r.objects):
            return group[0]
    return None


def refused(reports: Sequence[Asked],
            steps: Sequence[tuple[str, str | None, tuple[str, ...], bool]],
            said: tuple[frozenset[float], frozenset[float]]) -> Refused | None:
    """Why a changing step is not the request an observation reports the user made, or None:
    a question reported ("You asked whether ...") asks no step; a report naming no step ("You
    said you're fed up.") asks none; a step of a kind the request's steps do not cover
    ("archive" grounds no delete, "draft" no send); a number the request states that the
    announcement does not, while it states another ("a refund of $30" + "refund $300")."""
    numbers, money = said
    for verb, kind, _nouns, _ in steps:
        if kind is None or kind in _UNCHANGING:
            continue
        for r in reports:
            if r.question is not None:
                return Refused("question", f"rule question: the observation reports a question "
                               f"({r.verb!r} {r.question!r}), which asks no step; {verb!r} "
                               f"takes a step of kind {kind!r}")
            if not r.kinds and not r.assent and (r.clause or kind in EVERY_NOUN_KINDS):
                # a feeling or a fact said ("You said you're fed up.") asks no step; a thing
                # asked for ("You asked for the report.") is made, not sent, paid or deleted
                return Refused("ungrounded-call", f"rule ungrounded-call: the observation "
                               f"reports what the user {r.verb!r} and names no step; {verb!r} "
                               f"takes a step of kind {kind!r} nobody asked for")
            if r.kinds and kind in EVERY_NOUN_KINDS and not covers(set(r.kinds), kind):
                # a narrower step asked (archive, draft, pause) grounds no wider one that
                # cannot be taken back; verbs of one step named apart ("move $250",
                # "transfer") are left to grounding
                return Refused("ungrounded-call", f"rule ungrounded-call: the user {r.verb!r} "
                               f"a step of kind {', '.join(sorted(r.kinds))}; {verb!r} takes "
                               f"one of kind {kind!r}, which that request does not cover")
            other = swapped(r, kind, _nouns, any(x.has(verb.lower(), "g-reverse")
                                                 for x in tongues()))
            if other is not None:
                return Refused("ungrounded-call", f"rule ungrounded-call: the user {r.verb!r} "
                               f"a step on {', '.join(sorted(r.objects))}; {verb!r} takes it on "
                               f"{other!r}, which that request does not name")
            lost = (r.amounts - money) if r.amounts and money else (
                r.figures - numbers if numbers - r.figures else frozenset())
            if lost:
                return Refused("ungrounded-call", f"rule ungrounded-call: the user {r.verb!r} "
                               f"{min(lost):g}, a number the announcement does not take "
                               f"({verb!r} of kind {kind!r} states another)")
    return None
