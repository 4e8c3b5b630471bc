"""Roles: a value the announcement writes as a source, or as a destination, stays in its role.

"I'll transfer 250 EUR from ACC-1009 to ACC-2040." says which account pays and which is paid;
"I'll copy config/prod.yaml to config/dev.yaml." which file is read and which overwritten;
"I'll change the timeout from 30 to 5." which value goes and which comes. A call that carries
the written source under a destination key (``to_account``, ``new_string``, the last operand
of ``cp``) and not the written destination takes the step the other way round (``swapped``).

An observation that writes two things of a kind ("Order 55121 is a duplicate of order 55120.")
before a step with a pronoun object ("Let me cancel it.") gives the pronoun its subject: a
call on the other one, or a pronoun after an observation with no copula that says which of the
two is meant ("55121 duplicates 55120"), acts on what the announcement did not name
(``antecedent``).

The prepositions of each role are the lexicon's ([g-role-source]: "from", "de", "von", "从",
"から"; [g-role-goal]: "to", "into", "over", "a", "nach", "到", "に"), the key name words of
each role kinds.txt's ([keys-role-source]: from, source, src, old; [keys-role-goal]: to, dest,
target, new).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from itertools import pairwise
from typing import Any

from . import fileroles
from .detect import detect
from .kinds import OBSERVING, call_kinds, name_words
from .kindsfile import _kinds_file
from .kindsfile import section as _kinds_section
from .references import _meanings, _stem
from .sentences import _QUOTED, _sentences
from .words import Tongue

__all__ = ["antecedent", "check", "described", "goal_phrases", "swapped"]

_VALUE = re.compile(r"[\w][\w.\-@/:+]*\w|\w")
"""A token of a value or of the announcement (a word, a number, a path, an account)."""
_PART = re.compile(r"[./_\-:@+]")
_MARKED = re.compile(r"\d|\w[./_\-@:]\w|^\.\w")
"""A token that writes a value rather than a word: a digit, or a joiner inside it
(``ACC-1009``, ``config/prod.yaml``, ``.env``, ``public-read``)."""
_STOP = re.compile(r"[,;:()，；：、（）]")
"""What ends a phrase after a preposition, beside the next preposition of a role."""
_REPLACED = frozenset({"old", "new", "replacement"})
"""Key name words of a value an edit replaces or writes (``old_string``, ``new_string``)."""
_COPY_TOOLS = _kinds_section("copy-program") | _kinds_section("copy-program-other")
"""Commands whose last operand is the destination and the others its sources."""


_PREPS: dict[str, tuple[re.Pattern[str], dict[str, str]]] = {}


def _preps(t: Tongue) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for the language's prepositions of both roles, and each one's role."""
    got = _PREPS.get(t.name)
    if got is None:
        got = _PREPS[t.name] = _build(t)
    return got


def _build(t: Tongue) -> tuple[re.Pattern[str], dict[str, str]]:
    role: dict[str, str] = {}
    for section, r in (("g-role-source", "source"), ("g-role-goal", "goal")):
        for w, secs in t.words.items():
            if section in secs:
                role[w] = r
        for p, secs in t.phrases.items():
            if section in secs:
                role[" ".join(p)] = r
    if not role:
        return re.compile(r"(?!x)x"), role
    alts = []
    for w in sorted(role, key=len, reverse=True):
        body = re.escape(w).replace(r"\ ", r"\s+")
        spaced = w[:1].isascii() or (w[:1].isalpha() and not ("\u3040" <= w[:1] <= "\u9fff"))
        alts.append(rf"(?<!\w){body}(?!\w)" if spaced else body)
    return re.compile("|".join(alts)), role


def _verb_next(body: str, at: int, t: Tongue, base: bool = False) -> bool:
    """A verb follows (``base``: its plain form, "to read", not "to checking ACC-1"); a verb of
    finding out ([g-verify], [g-inquiry-verb]: "to confirm the fix") is one in its own form."""
    rest = body[at:].split(maxsplit=1)
    if rest and (t.has(rest[0], "g-verify") or rest[0] in t.inquiry_verbs):
        return True
    if not rest or t.kind_of(rest[0]) is None:
        return False
    return not base or any(rest[0] == p and x in ("", "\x00") for _k, p, x in t.kinds)


def _tokens(text: str) -> set[str]:
    """A value's tokens, and the parts of each joined one (``config``, ``prod``, ``yaml``)."""
    out: set[str] = set()
    for tok in _VALUE.findall(text.casefold()):
        out.add(tok)
        out.update(p for p in _PART.split(tok) if p)
    return out


def _marks(phrase: str) -> set[str]:
    """What a phrase writes: its value tokens ("ACC-1009", "30"), else its words and what
    each means through the [concept] maps ("respaldo": backup)."""
    toks = [w.strip(".") for w in _VALUE.findall(phrase.casefold())]
    values = {w for w in toks if w and _MARKED.search(w)}
    words = {w for w in toks if len(w) > 2}
    return values or words.union(*(_meanings(w) for w in words))


Roles = list[tuple[set[str], set[str], bool]]
"""(source marks, destination marks, both said by a preposition) of each sentence that writes
both."""


def _roles(view: str) -> Roles:
    """The source and destination each sentence writes: the phrases after a preposition of
    each role, or the one phrase and, for the other role, what the sentence writes before its
    preposition (its object: "copy A to B", "restore B from A"). A mark both sides write is
    neither's."""
    out: Roles = []
    for body, _end in _sentences(view):
        t = detect(body)
        if t is None:
            continue
        pattern, role = _preps(t)
        quoted = [(q.start(), q.end()) for q in _QUOTED.finditer(body)]
        hits = [(m, role[re.sub(r"\s+", " ", m.group(0))]) for m in pattern.finditer(body)
                if not any(a <= m.start() < b for a, b in quoted)]
        if not hits:
            continue
        side: dict[str, set[str]] = {"source": set(), "goal": set()}
        # a verb right after "to" opens a purpose clause ("use the tool to move it into
        # archive/", "voy a copiar ... sobre ..."), no place, when a place follows it
        hits = [(m, r) for k, (m, r) in enumerate(hits)
                if not (r == "goal" and _verb_next(body, m.end(), t, base=True))
                and not (r == "goal" and _verb_next(body, m.end(), t)
                         and any(r2 == "goal" for _m2, r2 in hits[k + 1:]))]
        if not hits:
            continue
        # "de" right after a role's phrase is that phrase's "of" ([g-role-of]: "a la carpeta
        # de respaldo", "a la de ahorro"), no source of its own
        of = {w for w, secs in t.words.items() if "g-role-of" in secs}
        kept = hits[:1]
        for m, r in hits[1:]:
            if m.group(0) in of and not _STOP.search(body, kept[-1][0].end(), m.start()):
                continue
            kept.append((m, r))
        hits = kept
        for k, (m, r) in enumerate(hits):
            end = hits[k + 1][0].start() if k + 1 < len(hits) else len(body)
            stop = _STOP.search(body, m.end(), end)
            side[r] |= _marks(body[m.end() : stop.start() if stop else end])
        paired = len({r for _m, r in hits}) == 2
        if not paired:
            # one role said: the object before the first preposition takes the other
            other = "goal" if hits[0][1] == "source" else "source"
            side[other] = _marks(body[: hits[0][0].start()])
        src, goal = side["source"] - side["goal"], side["goal"] - side["source"]
        if src and goal:
            out.append((src, goal, paired))
    return out


def goal_phrases(view: str) -> Iterable[str]:
    """The phrase after a preposition of a destination ([g-role-goal]) that ends its sentence,
    no other preposition of a role after it and no quotation in it ("set the thermostat to 21
    degrees", "cambiar la dirección a Calle Mayor 12, Madrid"): the value the step puts
    there, as written, its commas too. A verb after the preposition opens a purpose ("to
    mention it")."""
    for body, _end in _sentences(view):
        t = detect(body)
        if t is None or _QUOTED.search(body):
            continue
        pattern, role = _preps(t)
        m = next(reversed(list(pattern.finditer(body))), None)
        if m is None or role[re.sub(r"\s+", " ", m.group(0))] != "goal" \
                or _verb_next(body, m.end(), t):
            continue
        phrase = body[m.end():].strip()
        if phrase:
            yield phrase


def _key_role(key: str) -> str | None:
    words = set(name_words(key))
    table = _kinds_file()
    src = words & set(table.get("keys-role-source", ()))
    goal = words & set(table.get("keys-role-goal", ()))
    if bool(src) == bool(goal):
        return None
    return "source" if src else "goal"


def _operands(command: str) -> Iterable[tuple[str, str]]:
    """(role, operand) of each copy or move a command runs: the last operand is where it goes."""
    for part in re.split(r"&&|\|\||[;|\n]", command):
        try:
            words = shlex.split(part)
        except ValueError:
            continue
        while words and (words[0] in ("sudo", "command") or "=" in words[0]):
            words = words[1:]
        if words[:2] == ["git", "mv"]:
            words = words[1:]
        if not words or words[0].rsplit("/", 1)[-1] not in _COPY_TOOLS:
            continue
        ops = [w for w in words[1:] if not w.startswith("-")]
        if len(ops) < 2:
            continue
        yield from (("source", w) for w in ops[:-1])
        yield "goal", ops[-1]


@cache
def _command_keys() -> frozenset[str]:
    return frozenset(_kinds_file().get("keys-command", ()))


def _carried(args: Mapping[str, Any], runs: bool) -> list[tuple[str, str, str]]:
    """(role, key, value) of each value a call carries in a role."""
    out = []
    for key, leaf in args.items():
        if isinstance(leaf, bool) or not isinstance(leaf, (str, int, float)):
            continue
        r = _key_role(key)
        if r is not None:
            out.append((r, key, str(leaf)))
        elif runs and isinstance(leaf, str) and set(name_words(key)) & _command_keys():
            out.extend((r2, key, op) for r2, op in _operands(leaf))
    return out


def swapped(view: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
            changing: Callable[[str, Mapping[str, Any]], bool]) -> str | None:
    """Why a changing call carries a written value in the other role, or None: the
    announcement writes a source and a destination ("from ACC-1009 to ACC-2040", "copy A to
    B", "from 30 to 5"), and a key or operand of one role carries the other's mark and none of
    its own (``to_account`` ACC-1009; ``cp B A``; ``new_string`` "TIMEOUT = 30")."""
    said = _roles(view)
    if not said:
        return None
    for name, args in calls:
        if not changing(name, args):
            continue
        for r, key, value in _carried(args, True):
            toks = _tokens(value)
            for src, goal, paired in said:
                if not paired and set(name_words(key)) & _REPLACED:
                    # the object of "change the timeout to 5" is the setting, not the value
                    # replaced: an edit's values are bound by "from A to B" alone
                    continue
                own, other = (src, goal) if r == "source" else (goal, src)
                if toks & other and not toks & own:
                    wrote = ", ".join(sorted(toks & other))
                    own_role = "source" if r == "source" else "destination"
                    return (f"{name!r} carries {wrote!r} as its {own_role} "
                            f"({key!r}), where the announcement writes it as the "
                            f"{'destination' if r == 'source' else 'source'}")
    return None


def _copular(body: str, t: Tongue) -> bool:
    """The sentence says what its subject is ([g-copula]: "is", "es", "ist", "是")."""
    entries = [w for w, secs in t.words.items() if "g-copula" in secs]
    low = body.casefold()
    return any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", low) if w[:1].isascii()
               else w in low for w in entries)


def _candidates(body: str, values: set[str]) -> list[str]:
    """What an observation writes that a call may act on, in order: its value tokens
    ("55121", "feature-x"), and its words a call's values carry whole ("users")."""
    out: list[str] = []
    for w in (x.strip(".") for x in _VALUE.findall(body.casefold())):
        if w and w not in out and (_written(w) or (len(w) > 2 and w in values)):
            out.append(w)
    return out


def _main_clause(body: str, t: Tongue) -> str:
    """The sentence without a relative clause a comma opens ([g-relative]: ", which ...") up to
    its next comma or the sentence's end."""
    low = body.casefold()
    words = "|".join(map(re.escape, sorted(t.relatives)))
    m = re.search(rf",\s+(?:{words})\b", low) if words else None
    if m is None:
        return body
    end = low.find(",", m.end())
    return body[:m.start()] + (body[end:] if end >= 0 else "")


def _written(w: str) -> bool:
    """A token that names one thing: a joined one, or a number of three digits or more (an
    order's, not a count: "3 failing tests")."""
    return bool(_MARKED.search(w)) and not (w.isdigit() and len(w) < 3)


def _opens_with(body: str, w: str) -> bool:
    """The sentence opens with ``w`` as its subject: among its first three tokens ("Order
    55121 is", "The acme/payments-old repo", "El pedido 55121")."""
    head = [x.strip(".") for x in _VALUE.findall(body.casefold())][:3]
    return w in head and _written(w)


def antecedent(view: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
               changing: Callable[[str, Mapping[str, Any]], bool]) -> str | None:
    """Why a changing step with a pronoun object acts on what the pronoun does not refer to,
    or None. An observation that writes two things a call may act on ("Order 55121 is a
    duplicate of order 55120.") gives the pronoun of the step after it ("Let me cancel it.")
    its subject, when it says what the subject is (a copula): a call that carries another of
    them and not the subject is refused; without a copula ("55121 duplicates 55120",
    "BK-2232 replaced BK-2231") the pronoun has two readings, and a call on either is."""
    from .preamble import Announcement, announce  # noqa: PLC0415 - preamble imports the whole stage

    sentences = _sentences(view)
    for (obs, _e1), (act, end) in pairwise(sentences):
        if any(_MARKED.search(w) for w in _VALUE.findall(act)):
            continue  # the step writes its own object
        said = announce(act + end)
        t = detect(obs)
        if not isinstance(said, Announcement) or not said.pronoun or t is None \
                or isinstance(announce(obs + _e1), Announcement):
            continue  # (an announcement before it is a step, not what the pronoun is of)
        for name, args in calls:
            if not changing(name, args):
                continue
            values = {w for v in _leaf_strings(args) for w in _tokens(v)}
            if _picked([(obs, _e1)], said, _short_values(args)) is not None:
                continue  # a description, not a pronoun: "the stale one" (``described``)
            found = _candidates(obs, values)
            if len(found) < 2:
                continue
            subject, carried = found[0], [w for w in found if w in values]
            written = [w for w in found if _written(w)]
            if not carried:
                continue
            main = [w for w in _candidates(_main_clause(obs, t), values) if _written(w)]
            if len(main) == 1 and len(written) > 1:
                # "The last commit `f2d7ccc` added X, which doesn't belong to the `y` branch."
                # (h36a): a relative clause after a comma says more of a thing; the pronoun
                # refers to the one thing its main clause names
                if main[0] in carried:
                    continue
                other = next((w for w in carried if w in written), carried[0])
                return (f"{name!r} acts on {other!r}, where the pronoun of {act!r} refers "
                        f"to {main[0]!r}, the one thing the main clause before it names")
            opens = _opens_with(obs, subject)
            if opens and subject not in carried:
                return (f"{name!r} acts on {carried[0]!r}, where the pronoun of {act!r} refers "
                        f"to {subject!r}, the subject of the observation before it")
            if (not opens or not _copular(obs, t)) and len(written) > 1 \
                    and len(set(carried) & set(written)) == 1:
                return (f"{name!r} acts on {carried[0]!r}, one of {len(written)} things the "
                        f"observation before {act!r} names, and it says no one of them the "
                        "pronoun refers to")
    return None


def _clauses(body: str, t: Tongue, carried: set[str],
             said: frozenset[str] = frozenset()) -> list[tuple[set[str], set[str]]]:
    """(things written, stems of its other words) of each clause of an observation: its parts
    between stops and the language's coordinators ([g-and]); a thing is a token with a digit
    or a joiner, or a word a call carries whole ("main"), unless the step's object says it
    (``said``, stems: "the resolved one" + ``resolution: resolved`` carries a state, not a
    thing); a part that writes things and says nothing of them ("feature-a and feature-b are
    merged") joins the next."""
    joins = sorted((w for w, secs in t.words.items() if "g-and" in secs), key=len, reverse=True)
    alts = [rf"(?<!\w){re.escape(w)}(?!\w)" if w[:1].isascii() else re.escape(w) for w in joins]
    out: list[tuple[set[str], set[str]]] = []
    held: set[str] = set()
    for part in re.split("|".join([r"[,;:，；：、]", *alts]), body.casefold()):
        toks = [w.strip(".") for w in _VALUE.findall(part)]
        things = held | {w for w in toks if re.search(r"\d", w) or _written(w)
                         or (len(w) > 2 and w in carried and _stem(w) not in said)}
        words = {_stem(w) for w in toks if w not in things and len(w) > 2}
        if not words:
            held = things
            continue
        out.append((things, words))
        held = set()
    return out


def _short_values(args: Mapping[str, Any]) -> set[str]:
    return {w for v in _leaf_strings(args) if len(v) <= _SHORT for w in _tokens(v)}


def _picked(observed: Sequence[tuple[str, str]], said: Any,
            values: set[str]) -> tuple[set[str], set[str]] | None:
    """(the things of the one clause of the observation the step's object describes, the
    things of its other clauses), or None when the object says no word of exactly one."""
    verbs = {v for v, _k in said.verbs}
    words = frozenset(_stem(w.casefold()) for w in said.objects if w not in verbs)
    clauses = [c for b, _e in observed if (t := detect(b)) is not None
               for c in _clauses(b, t, values, words) if c[0]]
    if len(clauses) < 2:
        return None
    # a noun every clause says ("branch", "ticket") picks none: the state word does ("the
    # merged branch")
    words -= frozenset.intersection(*(frozenset(ws) for _v, ws in clauses))
    picked = [k for k, (_v, ws) in enumerate(clauses) if ws & words]
    if len(picked) != 1:
        return None
    own = clauses[picked[0]][0]
    return own, {w for k, (v, _ws) in enumerate(clauses) if k != picked[0] for w in v} - own


_CODE = re.compile(r"`([^`\s]+)`")
"""A code span's one token: a thing however short its name (`` `db` ``)."""


def _pieced(observed: Sequence[tuple[str, str]], said: Any,
            values: set[str]) -> tuple[set[str], set[str]] | None:
    """(the one thing the observation writes whose name has a word of the step's object as a
    part, the other things it writes), or None: "There are two branches, `old-ui` and
    `main`. Let me delete the old one." describes ``old-ui`` by a part of its name; "`ui-old`
    and `ui-new`. Let me delete the old ui branch." describes ``ui-old``, a part both names
    hold ("ui") telling neither apart."""
    verbs = {v for v, _k in said.verbs}
    words = {_stem(w.casefold()) for w in said.objects if w not in verbs}
    found = {w for b, _e in observed for w in (
        *_candidates(b, values), *(c for c in _CODE.findall(b.casefold()) if c in values))}
    parts = {w: {_stem(p) for p in _PART.split(w) if p} for w in found}
    own = {w for w in found if parts[w] & words}
    if len(own) > 1 and all(len(p) > 1 for p in parts.values()):
        # names of several parts each: the thing is the one holding every word of the object
        # some name holds ("the old ui branch" is `ui-old`, not `ui-new`: "ui" tells neither
        # apart); a bare word of the observation ("the poem") is no name to tell apart
        telling = {w for w in words if any(w in p for p in parts.values())}
        own = {w for w in found if telling <= parts[w]}
    return (own, found - own) if len(found) > 1 and len(own) == 1 else None


def _of_subject(observed: Sequence[tuple[str, str]], said: Any,
                values: set[str]) -> tuple[set[str], set[str]] | None:
    """(the subject, the other things) of a one-clause observation that opens with a thing and
    says what it is (a copula), when the step's object describes it by a word of that clause
    ("The feature-x branch is merged into main. Let me delete the merged branch."): the
    description is of the subject, not of a thing a preposition adds; else None."""
    if len(observed) != 1 or said.pronoun or (t := detect(observed[0][0])) is None:
        return None
    body = observed[0][0]
    verbs = {v for v, _k in said.verbs}
    words = {_stem(w.casefold()) for w in said.objects if w not in verbs}
    found = _candidates(body, values)
    toks = [x.strip(".") for x in _VALUE.findall(body.casefold())]
    stems = {_stem(x) for x in toks} - set(found)
    copula = next((k for k, x in enumerate(toks) if t.has(x, "g-copula")), None)
    if len(found) < 2 or not words & stems or copula is None or not _opens_with(body, found[0]):
        return None
    # the subject is every thing before the copula ("release-2 and release-3 are merged")
    found = [w for w in found if _stem(w) not in words]  # not "branch"
    own = {w for w in found if w in toks[:copula]}
    return own, {w for w in found if w not in own}


def described(view: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
              changing: Callable[[str, Mapping[str, Any]], bool]) -> str | None:
    """Why a changing step whose object is a description of a thing the observation before it
    writes acts on another, or None. "Ticket 77 is resolved and ticket 78 is still open.
    Closing the resolved one.": the description ("resolved") is said in one clause of the
    observation, of the things that clause writes; a call carrying a thing of another clause
    and none of that one's acts on what the announcement did not describe. Only short values
    are compared (ids, names, paths: a text's numbers are no things)."""
    from .preamble import Announcement, announce  # noqa: PLC0415 - preamble imports the whole stage

    sentences = _sentences(view)
    said_at = [announce(b + e) for b, e in sentences]
    for at, (act, _end) in enumerate(sentences):
        said = said_at[at]
        if not isinstance(said, Announcement) or any(
                _MARKED.search(w) for w in _VALUE.findall(act)):
            continue  # no step, or one that writes its own object
        first = at
        while first > 0 and not isinstance(said_at[first - 1], Announcement):
            first -= 1
        for name, args in calls:
            if not changing(name, args):
                continue
            values = _short_values(args)
            picked = _picked(sentences[first:at], said, values) or _of_subject(
                sentences[first:at], said, values) or _pieced(sentences[first:at], said, values)
            if picked is None:
                continue
            own, others = picked
            if values & others and not values & own:
                return (f"{name!r} acts on {sorted(values & others)[0]!r}, where {act!r} "
                        f"describes what the observation before it says of "
                        f"{', '.join(sorted(own))!r}")
    return None


_SHORT = 64
"""The longest value compared as a thing (an id, a name, a path), not a text."""


def _leaf_strings(args: Mapping[str, Any]) -> Iterable[str]:
    stack: list[Any] = list(args.values())
    while stack:
        v = stack.pop()
        if isinstance(v, (str, int)) and not isinstance(v, bool):
            yield str(v)
        elif isinstance(v, Mapping):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def check(view: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a changing call takes a written value in the other role, or acts on what a
    pronoun does not refer to, or another file than the announcement writes (``fileroles``);
    None otherwise (``swapped``, ``antecedent``)."""
    def changing(name: str, args: Mapping[str, Any]) -> bool:
        return bool(call_kinds(name, args, (schemas or {}).get(name),
                               (descriptions or {}).get(name)) - OBSERVING)
    if not any(changing(name, args) for name, args in calls):
        return None  # each check below reads changing calls only (announcing no sentence)
    return (swapped(view, calls, changing) or antecedent(view, calls, changing)
            or described(view, calls, changing) or fileroles.check(view, calls, changing, _roles, _operands))
