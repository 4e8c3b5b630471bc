"""A clause after a step that only looks, which the grammar does not read word by word: a
purpose ("Let me look up your reservations to find the ones with only one passenger."), a
reason after a comma ("Let me explore the `libponyc` directory, as it seems more relevant."),
a contrast after a comma ("Let me search for the files again, but this time in the
entire repository.") or a comment after a dash with a subject of its own ("Let me check if
`escape` is still used — it was used in the old helper but we removed that usage."). Such a
clause says why or where the looking happens; it is read as a slot of wider content, not
parsed, and grounds nothing: the sentence is parsed without it, and only calls that look
(read, list, search) are grounded with one (``looked``, rule ``unknown-preamble`` as before).

The clause opens only where the sentence fails to parse inside it, on a step whose every verb
before it observes (``relatives._observing``): a purpose "to" ([g-to]) before a verb of
finding out (a looking kind, [g-inquiry-verb], [g-verify], [g-complement]; no display verb,
[g-show]), a word of contrast ([g-contrast]) after a comma, a word of reason ([g-reason-after])
after a comma and before a subject, a dash before a subject (a comment, in which a changing
verb in a finite form right after its subject reports, ``_reports``). It runs to the
sentence's end or to "and" before a verb of a kind, a next step, which is parsed as before.
Closed-class words still refuse in it: a negation (but of the state a check makes sure of), a
condition or deferral, another actor or the reader, a question, a framing or reporting word,
an opener (a step of its own), a verb of a changing kind (a second step: "to delete the ones
..."), a display, telling, carrier or source word, and a quotation an observation could not
hold; but a negation or a changing verb inside the question a looking step answers ("to
see which ones haven't been applied") says what is found out (``_asked``). A leading clause
up to its comma that is that question ("要不要带伞取决于天气，", "Để biết có nên ... không,")
is read like a leading clause of what comes after (``_question``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .actors import _observation
from .kinds import call_kinds
from .loopbound import bounds, count_read, going_on, only_bounds
from .observing import LOOKING, OBSERVING
from .relatives import _nominal, _observing, finite_verb
from .tables import tongues_of
from .words import Token, Tongue

__all__ = ["asked_condition", "looked", "opened"]

_REFUSING = frozenset({"!negation", "!conditional", "!other-actor", "!question",
                       "!declared-example", "!quoted-source", "!non-prose", "YOU", "OPENER",
                       "HELP", "ACTING", "CLITIC", "COURTESY", "DASH", "LPAR", "RPAR"})
"""Tokens that keep their refusal inside an opened clause (a step, a party, a time, ...)."""

_CUES = ("g-show", "g-tell", "g-carrier", "g-source-prep", "g-addressee", "g-wish", "g-mood")
"""Sections of words that display, relay or address inside an opened clause."""

_SUBJECTS = frozenset({"OPENER", "YOU", "!other-actor"})
"""Who takes the later step a clause of what comes after names ("bevor ich", "before you")."""

_SUBJECT = frozenset({"PRON", "SUBJ", "DET", "DEM"})
"""Tokens that open a reason's own clause after its word ("as it seems", "as the issue")."""


def _purpose(tokens: Sequence[Token], j: int, t: Tongue) -> bool:
    """A purpose "to" at ``j`` before a verb of finding out."""
    k = j + 1
    while k < len(tokens) and tokens[k].kind == "ADV":
        k += 1
    if tokens[j].kind != "TO" or k >= len(tokens) or tokens[k].kind != "OPEN":
        return False
    v = tokens[k].text
    phrase = t.phrases.get(tuple(v.split()), [])
    return not t.has(v, "g-show") and (
        t.kind_of(v) in LOOKING or v in t.inquiry_verbs or t.has(v, "g-verify")
        or "g-complement" in phrase or t.has(v, "g-complement"))


def _opens(tokens: Sequence[Token], j: int, t: Tongue) -> bool:
    """A clause this module reads opens at ``j`` (after a step's object: ``j >= 2``)."""
    x = tokens[j]
    comma = j >= 1 and tokens[j - 1].kind == "COMMA"
    if _purpose(tokens, j, t) or t.has(x.text, "g-before-clause"):
        return j + 1 < len(tokens)  # "..., zanim coś zaproponuję": the step comes first
    if comma and t.has(x.text, "g-contrast"):
        return j + 1 < len(tokens)
    if bounds(tokens, j, t):
        return True  # "... until an empty array is returned" (``loopbound``)
    if x.kind == "DASH":
        return _own_subject(tokens, j + 1, t)  # "— it was used in ..." (a comment)
    return comma and t.has(x.text, "g-reason-after") and _own_subject(tokens, j + 1, t)


def _own_subject(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """A subject of a clause's own stands at ``k`` ("as it seems", "— the helper is ...")."""
    return k < len(tokens) and (tokens[k].kind in _SUBJECT or t.has(tokens[k].text, "g-subject"))


def _end(tokens: Sequence[Token], j: int, t: Tongue) -> int:
    """Where the clause opened at ``j`` ends: before "and" (and its comma) that a verb of a
    kind follows, a next step; else at the sentence's end."""
    for k in range(j + 1, len(tokens)):
        if tokens[k].kind != "AND":
            continue
        n = k + 1
        while n < len(tokens) and tokens[n].kind == "ADV":
            n += 1
        if n < len(tokens) and tokens[n].kind == "OPEN" and t.kind_of(tokens[n].text) is not None:
            return k - 1 if tokens[k - 1].kind == "COMMA" else k
    return len(tokens)


def _refused(clause: Sequence[Token], t: Tongue, later: bool = False,
             looks: bool = False, comment: bool = False) -> bool:
    """The clause holds a word that keeps its refusal (``_REFUSING``, ``_CUES``), a verb of a
    changing kind outside a noun phrase, or a quotation an observation could not hold.
    ``later``: a clause of what comes after the step ([g-before-clause]) names that later
    step and who takes it, the speaker or another party ("bevor ich committe", "ก่อนที่คุณจะ
    ออกเดินทาง"): it is read as a slot and grounds nothing, so its verb may change things.
    ``looks``: the clause follows a step that only looks, so the question it asks may hold a
    negation or a changing verb (``_asked``). ``comment``: the clause is a comment after a
    dash with a subject of its own ("— it was used ..."), so a changing verb in a finite form
    right after a subject in it ("— we removed that usage") reports, it takes no step
    (``_reports``)."""
    if later:
        clause = [x for x in clause if x.kind not in _SUBJECTS]
    for k, x in enumerate(clause):
        if looks and x.kind == "!negation" and _asked(clause, k):
            continue
        if x.kind in _REFUSING or (x.kind != "DET" and any(t.has(x.text, s) for s in _CUES)):
            return True
        kind = t.kind_of(x.text) if x.kind in ("OPEN", "!unknown-preamble") else None
        # a verb in the question the check answers ("which ones have been applied") takes no
        # step: after an opened clause only looking calls are grounded (``looked``)
        asked = looks and any(y.kind == "INQUIRY" for y in clause[:k])
        if kind not in (None, "generic", *OBSERVING) and not _nominal(clause, k) and not later \
                and not asked and not (comment and _reports(clause, k, t)):
            return True  # "to delete the ones ...": a second step
    plain = [Token("OPEN", x.text, x.start, x.end) if x.kind in ("!unknown-preamble", "!recap")
             else x for x in clause]
    return _observation(plain, ".", t) is not None


def _reports(clause: Sequence[Token], k: int, t: Tongue) -> bool:
    """The verb at ``k`` is in a finite form ([g-finite-ending]: "removed", "deletes") right
    after a subject of its own ("we", "it"; adverbs between): the clause says what was done or
    what a thing does, no step of the speaker's ("— we removed that usage")."""
    j = k - 1
    while j >= 0 and clause[j].kind == "ADV":
        j -= 1
    return j >= 0 and _own_subject(clause, j, t) and finite_verb(clause[k].text, t)


def _asked(clause: Sequence[Token], k: int) -> bool:
    """The negation at ``k`` stands in the question the check answers, after its inquiry word
    and that word's subject ("to see which ones haven't been applied", "żeby zobaczyć, co nie
    działa"): it says what is found out, it negates no step (only looking calls are grounded
    after an opened clause, ``looked``)."""
    j = k - 1
    while j >= 0 and clause[j].kind in ("PRON", "DET", "OPEN", "AUX"):
        j -= 1
    return j >= 0 and clause[j].kind == "INQUIRY" and k - j <= 3


def opened(tokens: list[Token], bad: Token, t: Tongue,
           parse: Callable[..., Token | None], spelled: bool = False,
           ) -> tuple[list[Token], list[str]] | None:
    """The sentence without the clause this module opens around the first token not placed
    (``bad``), and the clause's words, when the rest parses; else None. ``spelled``: the
    sentence spells out a step after a colon (a plan's item), so a loop bound may follow its
    bare verb, adverbs before it ("Iteratively find prime numbers until 50 primes are
    collected", h31c), the rest from that verb parsing as such a step does."""
    at = next((k for k, x in enumerate(tokens) if x is bad or (
        x.start == bad.start and x.text == bad.text)), None)
    if at is None:
        return None
    if at == 0:
        return _leading(tokens, t, parse)
    if tokens[0].kind == "TO" and all(x.kind != "COMMA" for x in tokens[:at]) and (
            lead := _leading(tokens, t, parse)) is not None:
        return lead  # "Để biết có nên ..., tôi sẽ xem ...": a question after "to know"
    j = next((k for k in range(at, 1, -1) if _opens(tokens, k, t)), None)
    verb = next((k for k, x in enumerate(tokens) if x.kind != "ADV"), 0)
    bare = spelled and j is not None and bounds(tokens, j, t) and verb < j and \
        tokens[verb].kind == "OPEN" and t.kind_of(tokens[verb].text) in OBSERVING
    if j is None or not (bare or any(x.kind in ("OPENER", "ACTING", "HELP") for x in tokens[:j])) \
            or not _observing(going_on(tokens[:j], t) if bounds(tokens, j, t) else tokens[:j], t):
        return None  # "continue fetching ... until" observes (``loopbound``)
    e, later = _end(tokens, j, t), t.has(tokens[j].text, "g-before-clause")
    comment = tokens[j].kind == "DASH"
    # "until 50 primes are collected": the count is no time (``loopbound.count_read``)
    if e <= at or _refused(count_read(tokens[: e], j, t), t, later, looks=True, comment=comment):
        return None
    rest = [*tokens[verb if bare else 0 : j - 1 if tokens[j - 1].kind == "COMMA" else j],
            *tokens[e:]]
    if (parse(rest, t, "steps") if bare else parse(rest, t)) is not None:
        return None
    return rest, [x.text for x in tokens[j:e]]


def _leading(tokens: list[Token], t: Tongue,
             parse: Callable[[Sequence[Token], Tongue], Token | None],
             ) -> tuple[list[Token], list[str]] | None:
    """A clause of what comes after ([g-before-clause]) leading the sentence up to its comma
    ("Bevor ich etwas committe, prüfe ich den Status."): the sentence after the comma, when
    its every step observes and it parses, and the clause's words; else None."""
    c = next((k for k, x in enumerate(tokens) if x.kind == "COMMA"), None)
    if c is None or c < 2:
        return None
    asked = _question(tokens[:c], t)
    if not (asked or t.has(tokens[0].text, "g-before-clause")):
        return None
    rest = tokens[c + 1 :]
    clause = [x for x in tokens[1:c] if not asked or x.kind not in ("!question", "!negation")]
    if not any(x.kind in ("OPENER", "ACTING", "HELP") for x in rest) or not _observing(rest, t) \
            or _refused(clause, t, True):
        return None
    bad = parse(rest, t)
    more = opened(rest, bad, t, parse) if bad is not None and bad is not rest[0] else None
    if bad is not None and more is None:
        return None  # a purpose after the step too: "..., um zu sehen, welche ..."
    return (more[0], [x.text for x in tokens[:c]] + more[1]) if more else (
        rest, [x.text for x in tokens[:c]])


def _question(clause: Sequence[Token], t: Tongue) -> bool:
    """The leading clause is the question the step after its comma answers: a question word
    ([g-question]) heads it ("要不要带伞取决于天气", whether to take an umbrella depends on the
    weather) or follows a purpose "to" and a verb of finding out ("Để biết có nên ...", to
    know whether ...). A negation in it is the question's ("có nên ... không"); only looking
    calls are grounded after it (``looked``)."""
    if clause[0].kind == "!question":
        return True
    return len(clause) > 2 and _purpose(clause, 0, t) and clause[2].kind == "!question"


def asked_condition(tokens: Sequence[Token], x: Token, t: Tongue) -> bool:
    """The condition word ``x`` stands inside an embedded question that an inquiry word
    closes a few words on ("배송이 어디까지 진행됐는지", how far the delivery has got): it
    asks what the step finds out, it sets no time to wait for. It is read as a time
    (``grounding.timed``): only observing calls are grounded with it. A word of purpose
    opens a clause, it closes no question ("if needed so we can ...").

    So does "if" ([g-if-available]) before one word of applying ([g-applicable]) closing the
    sentence ("I can assist you with any compensation options if applicable."): whether the
    thing applies is what the announced look finds out ("refund the fare if applicable" still
    grounds no payment); "if needed", "if approved" and a word after it stay conditions."""
    k = next((j for j, y in enumerate(tokens) if y is x), None)
    if k is not None and 1 < k == len(tokens) - 2 and t.has(x.text, "g-if-available") \
            and t.has(tokens[k + 1].text, "g-applicable"):
        return True
    if k is None or t.has(x.text, "g-inquiry"):
        return False
    for y in tokens[k + 1 : k + 4]:
        if y.kind == "INQUIRY":
            return not (t.has(y.text, "g-purpose") or t.has(y.text, "g-to"))
        if y.kind not in ("OPEN", "POSTP", "ADV", "NUM", "CODE"):
            return False
    return False


def looked(ann: Any, calls: Sequence[tuple[str, Mapping[str, Any]]],
           schemas: Mapping[str, Mapping[str, Any]] | None = None,
           descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call takes a step beyond looking (read, list, search) after an announcement
    with an opened clause (``Announcement.opened``), or None: the clause was read as a slot,
    not parsed, so only calls that change nothing and send nothing are grounded with one (a
    fetch's address may carry data, a computation be what the clause describes)."""
    if not ann.opened:
        return None
    # a loop bound read whole carries nothing a fetch could send (``loopbound``)
    allowed = OBSERVING if only_bounds(ann.opened, tongues_of(ann.tongues)) else LOOKING
    for name, args in calls:
        kinds = call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
        other = kinds - allowed if kinds else frozenset({"unknown"})
        if other:
            return (f"{' '.join(ann.opened)!r} is read only after a step that looks, and "
                    f"{name!r} takes a step of kind {sorted(other)[0]!r}")
    return None
