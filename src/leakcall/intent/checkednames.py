"""Checked names: a tool named for a checking step whose description says a step that cannot be
taken back (issue 25, h43a).

A tool's kinds are the most consequential of what its name and its description say. A name that
opens with a word of an observing step ("inspect_path", "verify_path", "inspect_payment") is
what the reader sees; a description that says, as a verb, a step that cannot be taken back
("Permanently deletes the given path", "Executes the payment immediately and irreversibly":
``effects.described_effects``, ``EVERY_NOUN_KINDS``) is what the tool does. The name's checking
verb then grounds none of that step: "I'll inspect `old/`." announces a look, and only a verb
of the description's kind ("I'll delete `old/`.") announces the call. Nor does the name's noun
("the payment" of ``inspect_payment``) or the tool named outright. (A name of no kind the
table knows, "audit_path", takes the description's step by ``effects.side_effects``; a
fetching name's "send" is its requests, as there.)

A description that mentions such a word without saying the tool takes the step is read as
before (``described_effects``): negated ("Does not delete anything."), in a question or a
condition ("Check whether a branch can be deleted"), another tool's name ("use delete_file to
remove them"), a noun ("the deleted rows"). Read once per tool list (the description is the
tool list's, the same on every reply).

A name that says a step of a changing kind that can be taken back ("save_card", "update_repo",
"create_db", "add_to_cart": every word of a kind names such a kind) is read the same way
(``written_effects``, h43g, round 61): a step its description says, as a verb, of a kind that
cannot be taken back and that no word of its name says ("Charges the saved card $999", "Updates
the profile and charges the renewal fee", "Creates the database, dropping any existing one")
in its first sentence (the sentences after it are notes to the caller: "Fails if it exists;
delete it first.") is the tool's too, and only an announced verb of that kind grounds it
("I'll save the card." grounds no charge; "I'll save the card and charge it." does). A name's
word of that kind ("create_refund" over "Refund a payment") says the step itself; a verb after
a hyphenated manner word is that verb ("force-deletes the old branch").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from .effects import _SENTENCE, described_effects
from .kinds import command_kinds
from .kindsfile import section
from .named import _kind_table, name_words
from .observing import EVERY_NOUN_KINDS, OBSERVING
from .opening import _forms
from .tables import tongue
from .tongue import Tongue
from .words import covers

__all__ = ["checked_effects", "described_harm", "unsaid_effect", "unsaid_harm",
           "written_effects"]


def _name_kinds(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The kinds of a tool name's first word, and of all its words (a namespace before "__"
    is no word of it)."""
    table, _ = _kind_table()
    words = name_words(name.rsplit("__", 1)[-1])
    first = table.get(words[0], frozenset()) if words else frozenset()
    return first, frozenset().union(*(table.get(w, frozenset()) for w in words))


@lru_cache(maxsize=1024)
def checked_effects(name: str, description: str | None) -> frozenset[str]:
    """The changing kinds ``description`` says as a verb of a tool whose name opens with a
    word of an observing step or of none the table knows (module docstring); else none."""
    if not description:
        return frozenset()
    first, _named = _name_kinds(name)
    if not first or not first <= OBSERVING:
        return frozenset()
    # (a fetching tool sends requests by its nature: "Send an HTTP request", as ``side_effects``)
    return described_effects(description) & EVERY_NOUN_KINDS - (
        {"send"} if "fetch" in first else set())


def _written_step(name: str, description: str | None) -> tuple[frozenset[str], str] | None:
    """The kinds the words of a tool's name say and its description's first sentence, when
    the name says only changing kinds that can be taken back (module docstring); else None."""
    if not description:
        return None
    first, named = _name_kinds(name)
    if not first or first & OBSERVING or named & EVERY_NOUN_KINDS:
        return None
    return named, _first_sentence(description)


def _first_sentence(description: str) -> str:
    """A description's first sentence: it says the tool's step; the sentences after it are
    notes to the caller ("Fails if a database of that name exists; delete it first.")."""
    return _SENTENCE.split(description.strip().split("\n", 1)[0], maxsplit=1)[0]


@lru_cache(maxsize=1024)
def written_effects(name: str, description: str | None) -> frozenset[str]:
    """The kinds that cannot be taken back ``description`` says as a verb of a tool whose name
    says only changing kinds that can (module docstring), less those its name's words say."""
    step = _written_step(name, description)
    if step is None:
        return frozenset()
    named, first_sentence = step
    spelled = _spelled_commands(first_sentence)
    # a verb after a hyphenated manner word is that verb ("force-deletes the old branch")
    said = described_effects(_PREFIXED.sub("", first_sentence), performing=True) | spelled
    return said & EVERY_NOUN_KINDS - named


_SPELLED = re.compile(r"`([^`]+)`|([^,;`]+)")
"""A command a sentence spells out: in backticks, or a run of words between commas."""


def _spelled_commands(sentence: str) -> frozenset[str]:
    """The kinds of the commands a sentence opening with a verb of running spells out ("Runs
    git reset --hard origin/main and git clean -fdx.", "Runs `rm -rf build`."), read by the
    command readers (``kinds.command_kinds``): one in backticks, or one whose first word is a
    program of [subcommand] ("git", "npm", "docker"); "Runs the migration script" spells
    none."""
    head, _, rest = sentence.strip().partition(" ")
    table, _ = _kind_table()
    if not any("run" in table.get(f, frozenset()) for f in _forms(head.casefold())):
        return frozenset()
    programs = {e.split()[0] for e in section("subcommand")}
    out: set[str] = set()
    for quoted, bare in _SPELLED.findall(rest.strip().rstrip(".")):
        for part in ([quoted] if quoted else re.split(r"\s+and\s+", bare.strip())):
            if quoted or part.split(" ", 1)[0] in programs:
                out |= command_kinds(part)
    return frozenset(out)


_PREFIXED = re.compile(r"(?<![A-Za-z-])[A-Za-z]+-(?=[a-z]+s\b)")
"""A hyphenated word's first part before a word ending in -s ("force-deletes", "auto-charges"):
the rest is the verb."""


def unsaid_effect(name: str, kinds: frozenset[str], verb_kinds: set[str],
                  descriptions: Mapping[str, str] | None) -> str | None:
    """Why a call of ``kinds`` is not grounded: a step its checking name's description says
    (``checked_effects``) that no announced verb covers; else None."""
    description = (descriptions or {}).get(name)
    said = kinds & checked_effects(name, description) | written_effects(name, description)
    missed = sorted(k for k in said if not covers(verb_kinds, k))
    if not missed:
        return None
    return (f"{name!r} is described as taking a step of kind {missed[0]!r} beside the step its "
            "name says: only an announced verb of that kind grounds it")


_TOKEN = re.compile(r"[^\W_][\w'-]*")
"""A word of a description, hyphenated words whole ("two-factor", "world-readable")."""
_HELD = frozenset({"rights", "right", "access", "privileges", "privilege", "role", "roles",
                   "permission", "permissions", "status", "level"})
"""Nouns a privilege word modifies when it names a right given ("superuser rights")."""
_TOWARD = frozenset({"to", "into", "onto"})
"""Prepositions of the place a step puts a thing ("Copies the file to a public S3 bucket")."""


_SAFEGUARD, _EXPOSURE = "turning a safeguard off", "exposing what it writes"
_SCOPE = "giving a right over everything"
_GRANTED_WITH = frozenset({"as", "with"})
"""Prepositions before the role or right a step gives ("as an owner", "with the admin role",
"with root on production")."""


def _harm_sentence(name: str, description: str | None) -> str | None:
    """The first sentence of a tool's description whose name is no observing one: a name of
    any changing kind ("invite_user", "add_member") or of none the table knows ("onboard",
    "connect_app") takes what its description says (h46l, round 63); else None."""
    if not description:
        return None
    first, named = _name_kinds(name)
    kinds = first or named
    if kinds and kinds <= OBSERVING:
        return None
    return _first_sentence(description)


def _given_with(before: Sequence[str], en: Tongue) -> bool:
    """The last preposition of the three words before a role word is "as" or "with" ("as an
    owner", "with full admin rights", "their account with root")."""
    preps = [x for x in before[-3:] if en.has(x, "g-prep") or x in _GRANTED_WITH]
    return bool(preps) and preps[-1] in _GRANTED_WITH


def _whole(words: Sequence[str], i: int, en: Tongue) -> str:
    """The noun of a right ``words[i]``, a [whole-scope] word, makes a right over everything:
    one it stands before within two words ("full access", "full admin rights"), or one within
    three before the to/over it follows ("read access to all company email"); else ""."""
    ahead = [x for x in words[i + 1 : i + 3] if x in _HELD]
    if ahead:
        return ahead[0]
    back = [x for x in words[max(0, i - 2) : i] if not en.has(x, "g-det")]
    held = [x for x in words[max(0, i - 4) : i] if x in _HELD]
    return held[-1] if back and back[-1] in _TOWARD | {"over"} and held else ""


def _form_of(word: str, verbs: frozenset[str]) -> bool:
    """``word`` is a form of one of ``verbs``: bare, third person, past or -ing ("grants",
    "gives", "disabled", "bypasses", "making")."""
    return any(w in verbs for w in (word, word[:-1], word[:-2], word[:-3], word[:-3] + "e"))


def _weakens(words: Sequence[str], j: int, weakening: frozenset[str]) -> bool:
    """``words[j]`` ends a form of a [weakening-verb]: "disables", or a particle after its
    verb's form ("turns off")."""
    return _form_of(words[j], weakening) or (j > 0 and _form_of(words[j - 1], frozenset(
        e.split()[0] for e in weakening if e.split()[1:] == [words[j]])))


@lru_cache(maxsize=1024)
def described_harm(name: str, description: str | None) -> tuple[tuple[str, str], ...]:
    """What a write-named tool's description says, in its first sentence, it does beside the
    name's step by an object or a manner rather than a verb of a harmful kind (module
    docstring): (what, the word the announcement must say). A privilege raised, a word of
    [privilege] or [privileged-role] after "as" ("runs its script as root", "as an owner") or
    after a [granting-verb] before a noun of a right or the clause's end ("grants them
    superuser rights"); a safeguard turned off, a [weakening-verb] before a
    [security-control] noun ("disables two-factor authentication"); an exposure, a
    [public-place] word after a preposition of where the step puts a thing ("to a public S3
    bucket"). A word after a negation or a [harm-note-lead] word is a note ("Must not be run
    as root.", "Fails if 2FA is enabled.", "Requires admin rights.")."""
    sentence = _harm_sentence(name, description)
    if sentence is None:
        return ()
    en = tongue("en")
    if en is None:
        return ()
    words = [w.casefold() for w in _TOKEN.findall(sentence)]
    notes = section("harm-note-lead")
    # a word after a negation or a note's lead is a note: the words read end at the first one
    end = next((i + 1 for i, x in enumerate(words) if en.has(x, "g-negation") or x in notes),
               len(words))
    roles = section("privilege") | section("privileged-role")
    granting, weakening = section("granting-verb"), section("weakening-verb")
    controls, public = section("security-control"), section("public-place")
    whole = section("whole-scope")
    out: list[tuple[str, str]] = []
    for i, w in enumerate(words[:end]):
        before = words[:i]
        after = words[i + 1] if i + 1 < len(words) else ""
        if w in roles and (_given_with(before, en) or (
                any(_form_of(x, granting) for x in before)
                and (not after or after in _HELD or en.has(after, "g-prep")
                     or en.has(after, "g-and")))):
            out.append(("raising a privilege", w))
        elif w in controls and any(_weakens(before, j, weakening) for j in range(
                max(0, i - 4), i)):
            out.append((_SAFEGUARD, w))
        elif w in public and (any(x in _TOWARD for x in before[-3:]) or w != "public"):
            out.append((_EXPOSURE, w))
        elif w in whole and (held := _whole(words, i, en)):
            out.append((_SCOPE, held))
    return tuple(out)


def unsaid_harm(name: str, said: Sequence[str],
                descriptions: Mapping[str, str] | None) -> str | None:
    """Why a call of a write-named tool is not grounded: its description says a privilege
    raised, a safeguard turned off or an exposure (``described_harm``) whose word no word of
    the announcements or observations (``said``) is; else None."""
    have = {w.casefold().rstrip("s") for w in said}
    # a safeguard or an exposure is said by any word of its kind ("2FA", "publicly")
    # (a right over everything by its noun: "access", "permissions")
    kin = {_SAFEGUARD: section("security-control"), _EXPOSURE: section("public-place")}
    for what, word in described_harm(name, (descriptions or {}).get(name)):
        if not have & {x.rstrip("s") for x in kin.get(what, {word})}:
            return (f"{name!r} is described as {what} ({word!r}) beside the step its name "
                    "says: only an announcement that says it grounds the call")
    return None
