"""Observations saying a step is not (yet) wanted (issue 25, round 30): the user's request
restricted to something else ("You only asked for a summary."), an approval or a prerequisite
not given or done yet ("You haven't confirmed yet.", "Steps 1–4 aren't done yet."), another
party's check still to come first ("Kim will review it first."), a process still under way
("The tests are still running."). A changing step announced
after one is not the step the user asked for now."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .kindsfile import section
from .observing import OBSERVING
from .opening import _kinds as _form_kinds
from .relays import _subject as _party
from .sentences import Refused
from .switchedoff import switched_off
from .words import Token, Tongue

__all__ = ["pending", "refused"]

_REQUEST = ("g-user", "g-report-ask", "g-directive")
"""The user, or a word of asking or wanting: what a restrictive word ([g-only]) restricts."""

_ASSENT = ("g-decision", "g-granted", "g-report-ask", "g-directive", "g-ack")
"""Words of confirming, approving, asking or saying yes: negated after the user, the step
is not asked for or approved."""

_BETWEEN = ("g-aux", "g-adverb", "g-fact-negation", "g-yet", "g-copula")
"""Words that may stand between the user and a negation it is the subject of."""

_ORDER = ("g-condition", "g-first", "g-before")
"""Words of a condition or an order ("after", "once", "first", "before"): with a negated
"yet", the step comes after something not done."""

_ONGOING_SPAN = 3
"""Words on either side of "still" ([g-still]) that may carry what is under way ([g-under-way]:
"still in progress", "laufen noch")."""

_CHECKS = (*section("check-head"), "verify")
"""Verbs of checking whose forms say a check was made (English's [g-verify] "verify" too)."""

_PASSIVE = ("g-copula", "g-aux", "g-recap")
"""Words before a participle that make it a passive ("is", "been", "were")."""

_NEGATED_SPAN = 3
"""Words after a negation that may carry the verb it negates ("haven't said yes",
"hasn't been taken")."""


def _negated(x: Token, t: Tongue) -> bool:
    return x.kind == "!negation" or t.has(x.text.lower(), "g-negation")


def _checking(word: str, t: Tongue) -> bool:
    """A form of a verb of checking ([check-head], [g-verify]: "checked", "verified")."""
    stems = {e.removesuffix("y").removesuffix("e") for e in _CHECKS if " " not in e}
    return t.has(word, "g-verify") or any(
        word.startswith(s) and len(s) >= 4 and word != s for s in stems)


def _pronoun(word: str, t: Tongue) -> bool:
    """A pronoun opening a sentence ("It'd wipe ..."): no party."""
    head = re.split(r"['’]", word.lower(), maxsplit=1)[0]
    return any(t.has(head, s) for s in ("g-pron", "g-dem", "g-subject", "g-function"))


def _user_subject(before: Sequence[Token], t: Tongue) -> bool:
    """The user is the subject of the negation after ``before``: only auxiliaries and adverbs
    between them ("You still haven't confirmed.", "Você ainda não confirmou."), no thing
    named ("You confirmed the backups are no longer needed.")."""
    for x in reversed(before):
        w = x.text.lower()
        if t.has(w, "g-user"):
            return True
        if not (x.kind == "ADV" or any(t.has(w, s) for s in _BETWEEN)):
            return False
    return False


def pending(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, frozenset[str]]]:
    """(rule, the words that say it, the observation's open words) for an observation that
    says a step is not wanted yet; empty when it says none."""
    low = [x.text.lower() for x in tokens]
    words = frozenset(w for x, w in zip(tokens, low, strict=True) if x.kind == "OPEN")
    out: list[tuple[str, str, frozenset[str]]] = []
    only = next((w for w in low if t.has(w, "g-only")), None)
    asked = next((w for w in low if any(t.has(w, s) for s in _REQUEST)), None)
    if only is not None and asked is not None:
        # "You only asked for a summary.": the request is restricted to what it names
        out.append(("negation", f"{asked} ... {only}", frozenset()))
    # a passive ("were checked"): the check's extent is the sentence's subject
    checked = next((w for w, b in zip(low[1:], low, strict=False)
                    if _checking(w, t) and any(t.has(b, c) for c in _PASSIVE)), None)
    if only is not None and asked is None and checked is not None:
        # "Only a fraction of the rows were checked.": a check covered a part; a changing
        # step on anything else is not grounded in it
        out.append(("conditional", f"{only} ... {checked}", words))
    for k, x in enumerate(tokens):
        if not _negated(x, t):
            continue
        after = low[k + 1 : k + 1 + _NEGATED_SPAN]
        said = next((w for w in after if any(t.has(w, s) for s in _ASSENT)), None)
        if said is not None and _user_subject(tokens[:k], t):
            # "You haven't confirmed yet.": the user's approval or request is not given
            out.append(("conditional", f"{x.text} ... {said}", frozenset()))
        done = next((w for w in after if t.has(w, "g-recap")), None) or next(
            (w for w in low if any(t.has(w, s) for s in _ORDER)), None)
        yet = next((w for w in low[k:] if t.has(w, "g-yet")), None)
        if done is not None and yet is not None:
            # "Steps 1–4 aren't done yet.", "The backup hasn't been taken yet, and this
            # comes after it.": a step before this one has not been completed; a state not
            # reached yet, with no order stated ("it hasn't shipped yet", "The tests
            # haven't been run yet."), is a fact
            out.append(("conditional", f"{x.text} ... {done} ... {yet}", words))
    for k, w in enumerate(low):
        near = [*low[k + 1 : k + 1 + _ONGOING_SPAN], *low[max(0, k - _ONGOING_SPAN) : k]]
        going = next((v for v in near if t.marked(v, "g-under-way")), None) \
            if t.marked(w, "g-still") else None
        if going is not None:
            # "The tests are still running.": a process is under way; a changing step on
            # anything else waits for it to end (one on the thing itself, "The job is still
            # running. I'll cancel job 4411.", is what ends it)
            out.append(("conditional", f"{w} ... {going}", words))
            break
    first = next((w for w in low if t.has(w, "g-first") or t.has(w, "g-before")), None)
    ahead = any(t.has(w, "g-future") for w in low) or any(
        t.has(a, "g-copula") and b.kind == "TO" for a, b in zip(low, tokens[1:], strict=False))
    if first is not None and ahead and (_party(tokens, t) is not None or (
            tokens and t.has(low[0], "g-user"))):
        # "Kim will review it first.": a party's (or the user's) step is still to come
        # before this one; a thing's ("The page will load first.") is a fact
        out.append(("conditional", first, frozenset()))
    out.extend(switched_off(tokens, t))  # "Deletion is disabled.": steps of a kind are off
    party = _party(tokens, t)
    if party is not None and party[1] < len(tokens) and tokens[party[1]].kind == "OPEN" \
            and not _pronoun(party[0], t):
        # "The release manager deletes merged branches.": the party takes steps of this
        # kind (a habit, or one done): the step is theirs, not the agent's
        for kind in sorted(_form_kinds(low[party[1]]) - {"generic", *OBSERVING}):
            out.append(("conditional", f"{party[0]} {tokens[party[1]].text}",
                        frozenset({f"!{kind}"})))
    return out


def refused(said: Sequence[tuple[str, str, frozenset[str]]],
            steps: Sequence[tuple[str, str | None, tuple[str, ...], bool]]) -> Refused | None:
    """Why a changing step is not wanted yet after such an observation (or one of
    ``stepsubject``'s: "~" a passive with no subject, "=<kind>" the step itself discussed), or
    None. A step on
    the thing not done yet, named again or by a pronoun ("The tests aren't done yet. Let me
    run them."), is that thing being done, and refused by none."""
    for verb, kind, nouns, _ in steps:
        if kind in (None, "generic", *OBSERVING):
            continue
        for rule, words, about in said:
            if "~" in about:
                return Refused(rule, f"rule {rule}: an observation is a passive with an agent "
                               f"and no subject ({words!r}): what it says is done to what is "
                               f"unread, and {verb!r} takes a step of kind {kind!r}")
            topic = {a[1:] for a in about if a.startswith("=")}
            if topic:
                if kind in topic and any(n.strip("`").casefold() in about for n in nouns):
                    return Refused(rule, f"rule {rule}: an observation says something about the "
                                   f"step itself ({words!r}): it is discussed, not taken; "
                                   f"{verb!r} takes it")
                continue
            off = {a[1:] for a in about if a.startswith("-")}
            if off:
                if kind in off:
                    return Refused(rule, f"rule {rule}: an observation says steps of kind "
                                   f"{kind!r} are switched off ({words!r}); {verb!r} takes one")
                continue
            taker = {a[1:] for a in about if a.startswith("!")}
            if taker:
                if kind in taker:
                    return Refused(rule, f"rule {rule}: an observation says another party "
                                   f"takes steps of kind {kind!r} ({words!r}); {verb!r} "
                                   "would take it")
                continue
            if about and (not nouns or any(n.lower() in about for n in nouns)):
                continue
            return Refused(rule, f"rule {rule}: an observation says the step is not wanted "
                           f"yet ({words!r}); {verb!r} takes a step of kind {kind!r}")
    return None
