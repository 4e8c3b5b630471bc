"""Words of a noun phrase that an exact identifier pins (``objects._named``).

"I'll delete the unused `src/legacy_utils.py` file.": the path names the thing the step acts
on; "unused" says what that thing is like, not which thing it is. A word of the language's
[g-state] (adjectives of a thing's state or age: "unused", "stale", "idle", "obsolete") that
stands before an identifier in the same noun phrase is therefore no noun a step that cannot be
taken back must carry: the identifier is, as "I'll delete `src/legacy_utils.py`." holds it.

An appositive after the identifier does the same (``appositive``): "kill process 4242, the
hung worker you pointed out" re-describes the process the number names.

Only then. Without an identifier the state word is what selects ("delete the unused branch"
+ ``git branch -D main``), so it stays a noun the call carries. Only [g-state]: a modifier
that could select another copy or place ("staging", "backup", "test", "other") is no state
and stays one, pinned or not ("the unused staging bucket prod-1"). An identifier is a word
with a digit or a path, dot or underscore in it (``.git/index.lock``, ``i-0a12``,
``evt_dup_3``), never a glob or a word of letters alone (a backticked ``standup`` is matched
by its stem, which a different object shares); it pins only inside its noun phrase: the words
from the state word to it are content words and code (a preposition, "and" or a comma ends
the phrase: "the stale cache and `a.txt`", "the old copy of `db.sql`").

A word of the phrase between the state word and its head noun does the same for a given call
when that call's arguments carry it (``described``): "the stale build directory" + ``rm -rf
build``, "the duplicate standup event" + ``evt_standup_dup``. The modifier says which thing;
the state word, what it is like. The head alone never does: "delete the unused branch" +
``git branch -D main`` carries the category, "branch", and no word that says which branch.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from .words import Token, Tongue

_IDENTIFIER = re.compile(r"[\w~/.][\w./@:~+-]*")
_MARKS = frozenset("./_")


def identifier(text: str) -> bool:
    """An exact name of one thing: a path, a dotted or underscored name, or an id with a
    digit (no glob, no word of letters alone)."""
    s = text.strip("`\"'").rstrip(".,;:!?")
    return bool(_IDENTIFIER.fullmatch(s)) and any(c.isalpha() for c in s) and (
        any(c.isdigit() for c in s) or bool(_MARKS.intersection(s)))


def pinned(tokens: Sequence[Token], t: Tongue, verbs: Collection[str] = (),
           means: Collection[int] = ()) -> set[int]:
    """Positions of the [g-state] words an identifier later in the same noun phrase pins: a
    verb the sentence announces (``verbs``) ends the phrase ("delete the stale cache then
    restart app-1"), and an identifier naming the means of the step ("using `wipe.sh`")
    pins nothing."""
    out = appositive(tokens, t)
    for k, x in enumerate(tokens):
        if x.kind != "OPEN" or not t.has(x.text, "g-state"):
            continue
        j = k + 1
        while j < len(tokens) and tokens[j].kind in ("OPEN", "CODE") \
                and tokens[j].text not in verbs:
            if j not in means and identifier(tokens[j].text):
                out.add(k)
                break
            j += 1
    return out


def appositive(tokens: Sequence[Token], t: Tongue) -> set[int]:
    """Positions of the [g-state] words of an appositive that re-describes an identified
    object and ends the sentence: "kill process 4242, the hung worker you pointed out",
    "delete `old.log`, the stale log you mentioned". Before the comma stands an identifier
    (``identifier``) or a whole number right after the noun it numbers ("process 4242"); after
    it a determiner, content words of no kind of step, and at most the user as their source
    closing it ([g-courtesy]: "you mentioned"). The identifier names the thing, as before it
    in one noun phrase; a word that is no state ("the staging worker") stays a noun the call
    carries, and a step word, a clause or a party in the tail pins nothing."""
    c = max((i for i, x in enumerate(tokens) if x.kind == "COMMA"), default=-1)
    if c < 1 or c + 2 >= len(tokens) or tokens[c + 1].kind not in ("DET", "DEM"):
        return set()
    head = tokens[c - 1]
    named = (head.kind in ("CODE", "OPEN") and identifier(head.text)) or (
        head.kind == "NUM" and head.text.isdigit() and c >= 2 and tokens[c - 2].kind == "OPEN")
    tail = tokens[c + 2 :]
    if tail and tail[-1].kind == "COURTESY":
        tail = tail[:-1]
    if not named or not tail or any(
            x.kind != "OPEN" or t.kind_of(x.text) not in (None, "generic") for x in tail):
        return set()
    return {c + 2 + k for k, x in enumerate(tail) if t.has(x.text, "g-state")}


def described(tokens: Sequence[Token], t: Tongue, verbs: Collection[str] = (),
              ) -> list[tuple[str, tuple[str, ...]]]:
    """(state word, modifiers) of each [g-state] word followed in its noun phrase by content
    words before the head noun: "the stale build directory" gives ("stale", ("build",)). A
    call whose arguments carry a modifier pins the state word (``carriednouns._unnamed_noun``);
    a phrase of the head alone ("the unused branch") gives nothing, nor does a word that
    tells the thing from a namesake ([g-namesake]: "the duplicate standup event")."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for k, x in enumerate(tokens):
        if x.kind != "OPEN" or not t.has(x.text, "g-state") or t.has(x.text, "g-namesake"):
            continue
        phrase: list[str] = []
        for y in tokens[k + 1:]:  # the phrase ends at a verb or at a word of no noun
            if y.kind not in ("OPEN", "CODE") or y.text in verbs:
                break
            phrase.append(y.text)
        mods = tuple(w for w in phrase[:-1] if not t.has(w, "g-state"))
        if mods:
            out.append((x.text, mods))
    return out
