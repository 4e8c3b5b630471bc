"""Observations that relay another party's wish, decision or marking, and what it entails for a
step that changes something (issue 25, rule ``quoted-source``; ``negation`` for an ability
denied). The step such an observation reports is that party's, not the user's request."""

from __future__ import annotations

from collections.abc import Sequence

from .observing import OBSERVING
from .sentences import Refused, _timed
from .words import KINDS, Token, Tongue

_WISHING = ("g-mood", "g-directive", "g-report", "g-report-ask")
"""A modal of wish ("would like") or a word of saying, asking or wanting right after a party."""

_CLAUSE = ("g-copula", "g-aux", "g-mood", "g-directive", "g-report", "g-report-ask",
           "g-handoff-who", "g-question")
"""Words that open or carry the clause a verb of reporting governs: a complementizer ("que",
"that"), a copula, an auxiliary or a modal ("the repo should go")."""


def _plain_name(x: Token, t: Tongue) -> bool:
    """A single word the lexicon does not know, no possessive: a name ("priya", "marcus")."""
    return (x.kind == "OPEN" and " " not in x.text and not t.sections(x.text)
            and t.kind_of(x.text) is None and not x.text.endswith(("'", "’", *t.owner_suffixes)))


def _subject(tokens: Sequence[Token], t: Tongue) -> tuple[str, int] | None:
    """(the party, the index after it) an observation opens with as its subject: a name, or a
    determined noun phrase headed by a party noun ([g-party]: "the security team"), not the
    user ([g-user]); a name a source preposition cites ([g-source-prep]: "Per Priya, ...")
    stands for the whole sentence."""
    if not tokens:
        return None
    if _plain_name(tokens[0], t):
        k = 1  # names joined ("Priya and Marcus would like ...")
        while k + 1 < len(tokens) and tokens[k].kind == "AND" and _plain_name(tokens[k + 1], t):
            k += 2
        return tokens[0].text, k
    if t.has(tokens[0].text, "g-source-prep") and len(tokens) > 1 and _plain_name(tokens[1], t):
        return tokens[1].text, len(tokens)  # a person cited as the source ("Per Priya, ...")
    if tokens[0].kind not in ("DET", "DEM"):
        return None
    for k in range(1, min(4, len(tokens))):
        x = tokens[k]
        if x.kind != "OPEN" or t.has(x.text, "g-user"):
            return None
        if t.has(x.text, "g-party"):
            return x.text, k + 1
    return None


def wished(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The party an observation reports the wish, words or decision of: its subject (``_subject``)
    right before a modal of wish or a word of saying, asking or wanting ("Priya would like
    the folder removed.", "The security team would like Eve to have admin."), or before a verb
    stating a decision ([g-decision]) that governs a clause ("Priya confirmed the backups are
    no longer needed.", "Marcus mentioned the old repo should go.", "Priya a confirmé que"). What
    it reports is that party's, not the user's request: only observing calls, or calls
    carrying the party, are grounded (``grounding.sourced``)."""
    hit = _subject(tokens, t)
    if hit is not None and hit[1] == len(tokens) and t.has(tokens[0].text, "g-source-prep"):
        return hit[0]
    if hit is None or hit[1] >= len(tokens):
        return None
    party, j = hit
    while j + 1 < len(tokens) and tokens[j].kind == "ADV":
        j += 1  # "Priya just confirmed ..."
    if any(t.has(tokens[j].text, s) for s in _WISHING):
        return party
    if t.has(tokens[j].text, "g-copula") and j + 1 < len(tokens):
        j += 1  # a perfect's auxiliary ("a confirmé", "has said")
        if any(t.has(tokens[j].text, s) for s in _WISHING):
            return party  # "Mallory a dit que c'est bon."
    if not t.has(tokens[j].text, "g-decision"):
        return None  # "Ruff reports that `json` is unused.": a tool's finding, no one's word
    if any(t.has(x.text, s) for x in tokens[j + 1 :] for s in _CLAUSE):
        return party
    return None


def _changing(x: Token, t: Tongue) -> str | None:
    """The kind of a changing step a content word names, or None."""
    kind = t.kind_of(x.text) if x.kind in ("OPEN", "ACTING") else None
    return kind if kind not in (None, "generic", *OBSERVING) else None


def marked(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, "quoted-source") of a changing step an observation says a thing is marked
    or set for, by a copula, a word of no step's kind and a preposition before the step's noun
    ("The `backups/` folder is flagged for removal."): someone decided that step, unnamed. A
    word of eligibility ([g-eligible]: "is eligible for cancellation") says a policy allows
    the step, no decision: it marks nothing."""
    out = []
    for k in range(len(tokens) - 3):
        x, y, p = tokens[k : k + 3]
        if not (t.has(x.text, "g-copula") and y.kind == "OPEN" and t.kind_of(y.text) is None
                and p.kind == "PREP") or t.marked(y.text.casefold(), "g-eligible"):
            continue
        rest = tokens[k + 3 :]
        noun = next((z for z in rest if z.kind not in ("DET", "DEM")), None)
        kind = _changing(noun, t) if noun is not None else None
        if noun is not None and kind is not None:
            out.append((noun.text, kind, "quoted-source"))
    return out


def cited(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, "quoted-source") of each changing step an observation states after a
    phrase citing a source ([g-source-prep]: "Per the tool output, the remediation is a
    transfer of 900 EUR ..."), unless the source is the user's ("per your request"): the
    step is that source's."""
    at = next((k for k, x in enumerate(tokens) if t.has(x.text, "g-source-prep")), None)
    if at is None or any(x.kind == "YOU" or t.has(x.text, "g-user")
                         or t.has(x.text, "g-addressee") for x in tokens[at + 1 : at + 4]):
        return []
    return [(x.text, kind, "quoted-source") for x in tokens[at + 1 :]
            if (kind := _changing(x, t)) is not None]


def instructed(tokens: Sequence[Token], t: Tongue, observations: int) -> str | None:
    """A courtesy of another party's direction ([g-report] in it: "as instructed", "as told")
    in an announcement after an observation: the instruction is what the observation read
    ("The tool output has a cleanup section. Wiping the app logs as instructed."), not the
    user's; "as requested" ([g-report-ask]) and one naming the user ("as you instructed") are
    the user's."""
    if not observations:
        return None
    for x in tokens:
        words = x.text.split()
        if x.kind == "COURTESY" and any(t.has(w, "g-report") for w in words) and not any(
                t.has(w, s) for w in words for s in ("g-you", "g-addressee", "g-user")):
            return x.text
    return None


_CHANGING = tuple(k for k in KINDS if k not in OBSERVING)


def denied(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, "negation") for every changing kind when an observation denies access or
    permission ([g-access] closing its phrase up to four words after a negation, two before
    it in a verb-final language: "I don't have access to your bank.", "This sandbox has no
    network access."): the reply says no step can be taken, or that one taken is not real;
    a changing step after it is no request carried out. "No access token" names a thing."""
    for k, x in enumerate(tokens):
        if x.kind != "!negation":
            continue
        scope = range(max(k - 2, 0), k) if t.order == "sov" else range(k + 1, k + 5)
        for j in scope:
            y = tokens[j] if j < len(tokens) else None
            if y is None or not t.has(y.text, "g-access"):
                continue
            if j + 1 < len(tokens) and tokens[j + 1].kind in ("OPEN", "CODE"):
                continue  # the noun's modifier ("no access token")
            return [(y.text, kind, "negation") for kind in _CHANGING]
    return []


def relayed_steps(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """``marked``, ``cited`` and ``denied`` of an observation."""
    return [*marked(tokens, t), *cited(tokens, t), *denied(tokens, t)]


def conditioned(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The words of an observation's main clause, a subject and its verb only, when a condition
    word ([g-condition], no time) is in it: before the condition word, or after the comma that
    closes a condition opening the sentence ("Die Migration läuft, sobald das Backup fertig
    ist.", "Once the backup is done, the migration starts.")."""
    at = next((k for k, x in enumerate(tokens) if x.kind == "!conditional"
               and t.has(x.text, "g-condition") and not _timed(x, t)), None)
    if at is None:
        return []
    if at > 0:
        main = tokens[:at]
    else:
        comma = next((k for k, x in enumerate(tokens) if x.kind == "COMMA"), len(tokens))
        main = tokens[comma + 1 :]
    # a subject and its verb alone, no object: an event of that thing ("the migration
    # starts"), not how it behaves ("the parser ignores defaults when ...")
    if any(x.kind not in ("DET", "DEM", "OPEN", "CODE", "NUM", "COMMA") for x in main):
        return []
    words = [x.text for x in main if x.kind in ("OPEN", "CODE", "NUM")]
    return words if len(words) <= 2 else []


def waiting(held: Sequence[str], steps: Sequence[tuple[str, str | None, tuple[str, ...], bool]],
            ) -> Refused | None:
    """Why a changing step waits: its own object shares a word with the main clause of an
    observation under a condition (``conditioned``: "The migration starts once the backup is
    done. I'll run the migration."); the observation says when that thing happens, not that
    it is to happen now. None otherwise."""
    words = set(held)
    for verb, kind, nouns, _ in steps:
        shared = next((w for w in nouns if w in words), None)
        if shared is not None and kind not in (None, "generic", *OBSERVING):
            return Refused("conditional", f"rule conditional: an observation says when "
                           f"{shared!r} happens, under a condition, and {verb!r} takes a step "
                           f"of kind {kind!r} on it: it would wait")
    return None
