"""Parties: the party, member, customer, recipient or address a changing call acts on is one
the preamble writes, and coordinated steps keep their own values.

The preamble grammar reads a case-folded view, where "Dana" is no different from "data". This
module reads the preamble as written (``swapped``), for two rules of ``grounding``:

- a changing call's value under a key that names a party ([keys-party]: ``user``,
  ``customer``, ``to``, ``address``) that the preamble does not write, and that shares no word
  with any name the preamble writes (a cased word past a sentence's first that no lexicon
  knows, an identifier opening with a letter, compared whole, or a word no lexicon knows right
  after a preposition of a party, [g-party-prep]: "for priya", that the call carries under no
  other key), acts on someone else than
  the one written: "I'll create an invoice for Globex." + ``customer: Initech``; "to Rue de
  Rivoli in Paris" + ``address: Drop Lane, Lagos``. A value sharing one fills the rest in
  ("Baker St, London NW1" after "Baker Street, London"). A preamble that writes no name
  leaves the party to the context, and it is never compared. Under a key that holds an id
  (``payment_id``, ``customer_id``: one the turn looked up), only a written identifier of the
  value's own prefix (``pay_``) that the call carries nowhere names another record ("refund
  pay_8KQ2" + ``pay_9ZZ1``): a flight number names no reservation;
- when a sentence coordinates steps ("add Jonas to engineering and Priya to design"), a call
  whose written values come from two conjuncts, each of which writes the other key's value of
  another call of the same tool, has them swapped (``jonas`` + ``design``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import heldtext
from .acrossscripts import unmatched_across
from .detect import detect
from .effects import side_effects
from .exactforms import lookalike, recased
from .kinds import OBSERVING, _keys, call_kinds, name_words
from .languagenames import other_language
from .leafwise import split_phrase
from .listedvalues import other_member
from .namedpieces import prefix_only, recursive_file, twice, unheld_name, worded_id
from .oneobject import several_reads, unwritten_id
from .pairedroles import crossed
from .phrases import _scripts, altered, misnamed
from .queried import unheld_query
from .repeats import repeated
from .rootpaths import ancestor_path
from .stepvalues import stepped_values
from .view import normalize
from .view import unaccented as _fold

__all__ = ["crossed_values", "lower_parties", "swapped", "written_names"]

_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|[\n。！？]+|(?<=[:;])\s+")
_TOKEN = re.compile(r"[^\W_]+(?:[-_.@][^\W_]+)*")
_WORD = re.compile(r"[^\W_]+")


def _words(s: str) -> set[str]:
    return set(_WORD.findall(_fold(s)))


def _identifier(tok: str) -> bool:
    """An identifier written out: a word opening with a letter that holds digits or an
    underscore (``guest_4471``, ``SEC-77``). One opening with a digit is a quantity and its
    unit ("3pm", "10am", "5GB"), written however the call writes it."""
    return tok[0].isalpha() and ("_" in tok or any(ch.isdigit() for ch in tok))


def written_names(text: str) -> list[str]:
    """The names the text writes: each word after a sentence's first that opens with a capital
    letter and is no word of its sentence's language ("Let" of "let me"), and each identifier
    of letters and digits. A language whose script has no case writes no name this way."""
    out: list[str] = []
    for sentence in _SENTENCE.split(text):
        tokens = _TOKEN.findall(sentence)
        if not tokens:
            continue
        t = detect(normalize(sentence))
        for k, tok in enumerate(tokens):
            if _identifier(tok):
                out.append(tok)
                continue
            if len(tok) < 2 or not tok[0].isupper():
                continue
            low = normalize(tok)
            if t is not None and (t.sections(low) or t.kind_of(low) is not None
                                  or low in t.phrase_first):
                continue  # a word of the language ("Let" of "let me", "Now", "Deleting")
            if k == 0:
                continue  # every sentence opens with a capital: it names no one
            out.append(tok)
    return out


def lower_parties(text: str) -> list[str]:
    """The parties the text names in lower case: each word right after a preposition of the
    party a step is for or reaches ([g-party-prep]: "for priya", "to maria") that opens with a
    lower-case letter and is no word of its sentence's language ("for review", "to the")."""
    out: list[str] = []
    for sentence in _SENTENCE.split(text):
        tokens = _TOKEN.findall(sentence)
        t = detect(normalize(sentence))
        if t is None:
            continue
        for prev, tok in itertools.pairwise(tokens):
            low = normalize(tok)
            if (len(tok) < 2 or not tok[0].islower() or _identifier(tok)
                    or not t.has(normalize(prev), "g-party-prep")
                    or t.sections(low) or t.kind_of(low) is not None or low in t.phrase_first):
                continue
            out.append(tok)
    return out


_ID_WORDS = frozenset({"id", "ids", "key", "ref", "reference", "number", "no", "num"})
"""Key name words of a record's identifier (``payment_id``, ``instance_id``)."""


_PREFIX = re.compile(r"[^\W\d_]+[-_]")


def _prefix(value: str) -> str:
    """The kind prefix of an identifier (``pay_`` of ``pay_8KQ2``, ``i-`` of ``i-0abc``)."""
    m = _PREFIX.match(value.strip())
    return m.group(0).casefold() if m else ""


def _party_keys(args: Mapping[str, Any]) -> list[tuple[str, str, bool]]:
    """(key, value, record) of each value under a key that names a party ([keys-party]) or a
    record by its identifier (``record``: ``payment_id``, ``instance_id``)."""
    roles = _keys("party")
    out: list[tuple[str, str, bool]] = []
    for key, leaf in args.items():
        words = set(name_words(key))
        if not words & (roles | _ID_WORDS):
            continue
        # a key that says it holds an id (``customer_id``) holds one the turn looked up,
        # which a written name cannot be compared with by its spelling
        record = bool(words & _ID_WORDS)
        if isinstance(leaf, list):
            out.extend((key, str(x), record) for x in leaf if isinstance(x, (str, int)))
        elif isinstance(leaf, (str, int)) and not isinstance(leaf, bool):
            out.append((key, str(leaf), record))
    return out


def _carried(args: Mapping[str, Any], name: str) -> set[str]:
    words = set(name_words(name))
    stack: list[Any] = [args]
    while stack:
        x = stack.pop()
        if isinstance(x, Mapping):
            words.update(w for k in x for w in name_words(str(k)))
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif x is not None:
            words |= _words(str(x))
    return words


def _held(word: str, carried: set[str]) -> bool:
    """A written name's word is in the call, inflected or joined ("Иваном" for "Иван",
    "Corp" in ``acmecorp``)."""
    return word in carried or any(
        min(len(word), len(w)) >= 4 and (word in w or word.startswith(w)) for w in carried)


def swapped(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Any] | None, descriptions: Mapping[str, str] | None
            ) -> str | None:
    """Why a changing call acts on a party other than the one the preamble (``text``, as
    written: the announcement, its observations, the reasoning before it) writes, or None."""
    if not text.strip():
        return None
    # one object announced ("your account"), several records of one tool read
    # a place, a file, an identifier or a directory the text's words do not name
    why = several_reads(text, calls)
    # a value in another case than written, two paired values in each other's roles (h30y)
    why = (lookalike(text, calls) or recased(text, calls) or crossed(text, calls) or why
           or prefix_only(text, calls) or recursive_file(text, calls)
           # the text a call writes is the one the text quotes (h31w)
           or heldtext.check(text, calls, schemas, descriptions))
    if why is not None:
        return why
    changing = [(name, args) for name, args in calls
                if (call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
                    | side_effects(name, args, (schemas or {}).get(name),
                                   (descriptions or {}).get(name))) - OBSERVING]
    # a place a look acts at (a change's place is one of its written leaves, below)
    looks = [c for c in calls if c not in changing]
    why = (unheld_name(text, looks) or unheld_query(text, looks, schemas, descriptions)
           or unmatched_across(text, calls, changing)
           or other_language(text, calls)  # a value in a script the text does not write, a language
           or other_member(text, calls, schemas))  # a closed list's member other than the named
    if why is not None:
        return why
    if not changing:
        return None  # no call changes anything: no party acted on, none crossed
    why = ancestor_path(text, changing)  # a root or an ancestor of the folder named
    if why is not None:
        return why
    # several changes by one tool: each of them on a target the text writes
    why = repeated(text, changing)
    why = why or twice(text, changing)
    if why is not None:
        return why
    names = written_names(text)
    lower = lower_parties(text)
    said = _words(text)
    for name, args in changing:
        carried = _carried(args, name)
        left = [n for n in names if not all(_held(w, carried) for w in _words(n))]
        for key, value, record in _party_keys(args):
            unsaid = sorted(w for w in _words(value) if w not in said and len(w) >= 2)
            if not unsaid:
                continue
            if record:
                # a record is named by an identifier of its own kind written out (the same
                # prefix: ``pay_``, ``i-``), not by a capitalised word or another kind's id
                # ("check you in for flight UA857" + the reservation id the turn looked up)
                others = [n for n in left if _prefix(n) and _prefix(n) == _prefix(value)]
            else:
                # a party value that shares no word with any name written names someone
                # else ("Drop Lane, Lagos" after "Rue de Rivoli in Paris"); one that shares
                # one fills in the rest ("Baker St, London NW1" after "Baker Street,
                # London"). A name is compared with a value of its own script ("Иваном" is
                # spelled, not written, in ``ivan.petrov@``: the destination rules read that)
                mine = _words(value)
                # a lower-case party ("for priya") the call carries under another key
                # ("to closed" + ``status: closed``) is that key's value, no party
                own = [n for n in names if _scripts(n) <= (_scripts(value) or _scripts(n))] + [
                    n for n in lower if not all(_held(w, carried - mine) for w in _words(n))
                    or any(_held(w, mine) for w in _words(n))]
                others = [] if any(_fold(n) in _fold(value) if _identifier(n) else any(
                    _held(w, mine) for w in _words(n)) for n in own) else own
            if others:
                return (f"{name!r} acts on {key!r} {value!r}, which the preamble does not "
                        f"write, where it names {', '.join(repr(n) for n in others[:3])}")
    # an identifier whose words name another thing (a written one no call carries says more)
    why = None if unwritten_id(text, changing, calls) else worded_id(text, changing)
    if why is not None:
        return why
    # a phrase written out (an address, a title) is that one, word for word
    return crossed_values(text, changing) or altered(text, changing) \
        or split_phrase(text, changing, schemas) or misnamed(text, changing) \
        or unwritten_id(text, changing, calls)


_DECIMAL = re.compile(r"(?<![\d.,])\d+\.\d*0(?![\d.,]*\d)")
"""A decimal number written with trailing zeros ("49.90", "50.00")."""


def _decimals(m: re.Match[str]) -> str:
    """A decimal number as written and as a call's number carries it ("49.90" is 49.9, "50.00"
    is 50): a conjunct writes the value whichever way the call spells it."""
    return f"{m.group(0)} {m.group(0).rstrip('0').rstrip('.')}"


def _conjuncts(sentence: str) -> list[set[str]]:
    """The word sets of a sentence's parts between its words of [g-and] ("and", "und")."""
    view = normalize(sentence)
    t = detect(view)
    if t is None:
        return []
    parts: list[set[str]] = [set()]
    for w in _WORD.findall(_fold(_DECIMAL.sub(_decimals, view))):
        if t.has(w, "g-and"):
            parts.append(set())
        else:
            parts[-1].add(w)
    return [p for p in parts if p] if len(parts) > 1 else []


def crossed_values(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a call takes its written values from two coordinated steps, or None: in a sentence
    "X to A and Y to B", a call's values that only one conjunct writes come from one conjunct,
    when each of the two conjuncts writes the other key's value of another call of the tool
    (the steps' values swapped between the calls, not one value shared by both)."""
    for sentence in _SENTENCE.split(text):
        parts = _conjuncts(sentence)
        if len(parts) < 2:
            continue
        # (call index, key) -> the one conjunct that writes the value, when only one does
        where: dict[tuple[int, str], int] = {}
        for c, (_name, args) in enumerate(calls):
            for key, value in args.items():
                # a list of recipients or tags (``to: ["hr@acme.io"]``) writes its items
                leaf = " ".join(map(str, value)) if isinstance(value, list) and value and all(
                    isinstance(x, (str, int, float)) for x in value) else value
                if isinstance(leaf, bool) or not isinstance(leaf, (str, int, float)):
                    continue
                words = _words(str(leaf).removesuffix(".0") if isinstance(leaf, float)
                               else str(leaf))
                if not words:
                    continue
                holds = [i for i, p in enumerate(parts) if words <= p]
                if len(holds) == 1:
                    where[c, key] = holds[0]
        for (c, k1), i in where.items():
            for (c2, k2), j in where.items():
                if c2 != c or j == i:
                    continue
                # each conjunct writes the other key's value of another call of the tool:
                # the values are swapped, not shared ("the hallway and the porch to 40")
                if all(any(c3 != c and k3 == key and m == part and calls[c3][0] == calls[c][0]
                           for (c3, k3), m in where.items())
                       for key, part in ((k2, i), (k1, j))):
                    return (f"{calls[c][0]!r} takes {k1!r} from one coordinated step and "
                            f"{k2!r} from another: the values are crossed between the steps")
    # a time, a date, a number or an object bound to another step (``stepvalues``)
    return next(filter(None, (stepped_values(s, calls) for s in _SENTENCE.split(text))), None)
