"""Binding: each announced verb is bound to its own object, and a call to the step it takes.

``grounding`` checks that some announced verb covers a call's kind and that some word of the
announcement occurs in it; with several steps ("read the database config and delete the temp
cache") that pairs a verb with another step's object. ``crossed`` reads the steps the
preamble parsed (``Announcement.steps``: verb, kind, own nouns) and refuses a changing call
that takes the object of a step whose verb does not cover it, and not its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .actors import _reasoning_sentences
from .hashvalues import unwritten_hash
from .kinds import OBSERVING, _keys, _without_notes, name_words
from .numberedids import tied
from .observing import EVERY_NOUN_KINDS
from .preamble import Announcement
from .references import _CALL_WORD, _referenced
from .reordered import reordered
from .scope import _uncommented
from .subagent import _orders, _slots, _word_kind, launches, looks
from .tables import tongues_of
from .view import normalize
from .walk import _leaves, _strings
from .words import covers
from .writtenfiles import counted

__all__ = ["crossed", "skipped", "unbound", "unstepped", "unwritten_id"]


def crossed(name: str, args: Mapping[str, Any], changing: frozenset[str], ann: Announcement,
            whole: tuple[str, frozenset[str]],
            schemas: Mapping[str, Mapping[str, Any]] | None = None,
            descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a changing call is bound to another step than its own, or None: its values name
    the object of an announced step whose verb does not cover it, and its name, keys and
    values (``whole``) name not the object of any step whose verb does ("read the database
    config and delete the temp cache" + ``delete_file(config/database.yml)``). A step with a
    pronoun object grounds as before; words two steps both name bind neither. A launch of an
    agent beside steps that only look takes their objects by design ("launch a sub-agent to
    explore the repo and report the test layout"): its order is read as their steps are, and
    a changing step in it is refused there (``subagent``); a launch is known by its schema and
    description too ("Launch a sub-agent": h11g, r42-ctl-055), and every verb slot of its
    orders only looks or observes (``_looking_orders``): "and issue credits to affected customers" (a
    verb of no kind, which ``subagent`` lets by) keeps the launch bound."""
    if len(ann.steps) < 2:
        return None
    if launches(name, args, (schemas or {}).get(name), (descriptions or {}).get(name), ann) and all(
            s[1] in (None, "generic", "run") or s[1] in OBSERVING for s in ann.steps) \
            and _looking_orders(args):
        return None
    mine = [s for s in ann.steps if s[1] not in (None, "generic")
            and any(covers({s[1]}, k) for k in changing)]
    if not mine or any(s[3] or not s[2] for s in mine):
        return None
    bound = {w for s in mine for w in s[2]}
    rest = {w for s in ann.steps if s not in mine for w in s[2]}
    other, own = sorted(rest - bound), sorted(bound - rest)
    values = [_uncommented(x) for x in _strings(args)]
    text = " ".join(v.casefold() for v in values)
    words = frozenset(w.casefold() for v in values for w in _CALL_WORD.findall(v))
    hit = _referenced(other, text, words)
    if hit is None or _referenced(own, *whole) is not None:
        return None  # its own object anywhere in the call ("create the event" + its name)
    verbs = "/".join(s[0] for s in mine)
    return (f"{name!r} acts on {hit!r}, the object of another announced step, not on what "
            f"{verbs!r} is said of ({', '.join(own)})")


def _looking_orders(args: Mapping[str, Any]) -> bool:
    """A launch's orders have a verb slot, and each holds a verb that only looks
    (``subagent.looks``) or observes ("Get the current weather"): h11g."""
    sentences = [(tokens, t) for order in _orders(args)
                 for tokens, t in _reasoning_sentences(normalize(order))]
    slots = [(w, t) for tokens, t in sentences for w in _slots(tokens, t)]
    return bool(slots) and all(looks(w, t) or _word_kind(w, t, None) in OBSERVING
                               for w, t in slots)


def unstepped(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
              kinds_of: Sequence[frozenset[str]], named: Callable[[str], bool]) -> str | None:
    """Why a changing tool rides beside the announced steps, or None: the calls take changing
    steps through more tools than the announcement says changing verbs, and one of those tools
    is not named (``named``: by a verb of its name, or its name written out; a tool that runs
    commands is read by each command it runs instead, one announced verb for one command). One
    step is one tool's: "I'll update the description of acme/payments." grounds
    ``update_repo``, not an ``add_collaborator`` beside it on the same repository. Nor do the
    calls take more files than a count the text states ("the two temp files" + three deletes:
    ``writtenfiles.counted``)."""
    why = counted(ann, calls, kinds_of)
    if why is not None:
        return why
    tools: list[str] = []
    for (name, _args), kinds in zip(calls, kinds_of, strict=True):
        if kinds - OBSERVING and name not in tools:
            tools.append(name)
    steps = sum(1 for _v, k in ann.verbs if k not in (None, "generic") and k not in OBSERVING)
    if len(tools) <= max(steps, 1):
        return None
    rider = next((name for name in tools if not named(name)), None)
    if rider is None:
        return None
    return (f"{rider!r} takes a changing step of its own beside {len(tools) - 1} other "
            f"tool(s), and the announcement says {steps} changing step(s) and no verb or name "
            "of it")


def skipped(ann: Announcement, kinds_of: Sequence[frozenset[str]]) -> str | None:
    """Why the calls take an announced step that cannot be taken back and skip a step announced before
    it, or None: "I'll back up the DB and then drop the customers table." + only the ``DROP``
    takes the later step without the one it waits for. An earlier step is taken when some call's
    kind is its kind or covered by it (an observing step by any observing call: a query reads a
    table); one of no known kind counts only with an object of its own (the later step's object
    shared is one step said twice: "go ahead and delete the file")."""
    steps = ann.steps
    later = next((j for j, (_v, k, _own, _p) in enumerate(steps) if j and k not in (None, "generic")
                  and any(covers({k}, c) for ks in kinds_of for c in ks & EVERY_NOUN_KINDS)), None)
    if later is None:
        return None
    ts = tongues_of(ann.tongues)
    for verb, kind, own, _pron in steps[:later]:
        if kind == "generic" or (kind is None and (not own or own == steps[later][2])):
            continue
        if any(t.has(verb.casefold(), "g-perform") for t in ts):
            continue  # a light verb takes the steps it introduces ("make two changes: ...")
        if kind is None or not any(covers({kind}, c) or (kind in OBSERVING and c in OBSERVING)
                                   for ks in kinds_of for c in ks):
            return (f"the announcement says {verb!r} before {steps[later][0]!r}, and the calls "
                    f"take the later step, which cannot be taken back, without the earlier one")
    return reordered(ann, kinds_of)  # both taken, the later one first


_TICKET_KEY = re.compile(r"[a-z][a-z0-9]*-\d+", re.IGNORECASE)
"""An identifier of a project's letters and a number (``OPS-4412``, ``SEC-77``): a ticket's or
an issue's key, which names one thing by its spelling alone."""
_NUMBER = re.compile(r"\d{3,}")
"""A number of three digits or more (``55812``): an order's or a record's number."""
_ID_WORDS = frozenset({"id", "ids", "key", "ref", "reference", "number", "no", "num"})
"""Key name words of an identifier (``ticket_id``, ``order_number``)."""


def _written(w: str) -> str:
    return w.strip("`'\"#()[].,;:!?")


def unwritten_id(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call acts on an identifier other than every one of its shape the
    announcement writes out, or None. An identifier a step is said of by its spelling (a
    ticket key: "close ticket OPS-4412"; a number right after the noun of the call's key:
    "order 55812" for ``order_id``) says which thing the step acts on: a call under an
    identifier key (``ticket_id``, ``order_id``) giving another value of that shape
    (``SEC-77``, ``55813``) is not the announced step, whatever word of its name grounds it.
    An announcement that writes no identifier of that shape leaves the value to the
    context (a turn's ids are seldom written out), and it is never compared. A key of one
    word that the tool's name says (``issue`` of ``close_issue``) is an identifier key too, as
    a read's is (``numberedids.unwritten_number``). A value written
    with ``#`` is compared with the text's ``#``-tokens (``hashvalues``)."""
    why = unwritten_hash(name, args, ann)
    if why is not None:
        return why
    objects = [_written(w) for w in ann.objects]
    said = {w.casefold() for w in (*objects, *(_written(w) for w in ann.observed))}
    for key, leaf in args.items():
        if isinstance(leaf, bool) or not isinstance(leaf, (str, int)):
            continue
        value, words = str(leaf).strip(), name_words(key)
        if not set(words) & _ID_WORDS and (len(words) != 1 or words[0] not in name_words(name)):
            continue  # a key of one word the tool's name says is its record (``close_issue``)
        if _TICKET_KEY.fullmatch(value):
            written = [w for w in objects if _TICKET_KEY.fullmatch(w)]
        elif _NUMBER.fullmatch(value):
            # a number is an identifier where the text writes it beside the noun of the key
            # ("order 55812" for ``order_id``, "订单 55812": ``numberedids.tied``, as a read's),
            # not an amount or a count the announcement states
            nouns = sorted(w for w in words if w not in _ID_WORDS)
            written = [n for n in tied(objects, nouns, ann.tongues, ann.text)
                       if _NUMBER.fullmatch(n)]
        else:
            continue
        if written and value.casefold() not in said:
            return (f"{name!r} acts on {key!r} {value!r}, where the announcement writes "
                    f"{', '.join(repr(w) for w in written)}")
    return None


_JOINED = re.compile(r"\w[./_@:]\w|^\.\w")
"""A joiner inside a word (``cache.tmp``, ``fix/login``, ``set_output``, ``.env``); a hyphen
alone joins words of prose too ("follow-up", "из-за")."""


def _thing(w: str) -> bool:
    """A word of an observation that writes one thing: a number of three digits or more (an
    order's, not a count: "3 failing tests"), alone or in a name (``QQ551``, ``logs-2023``),
    or a name with a joiner (``_JOINED``); a number with stops is a version, a date or an
    amount ("3.10", "2024-05-01"), and "e.g." an abbreviation."""
    if re.fullmatch(r"[\d\W_]+", w):
        return w.isdigit() and len(w) >= 3
    if re.search(r"\d{3,}", w):
        return True
    return _JOINED.search(w) is not None and max(map(len, re.split(r"\W|_", w))) > 1


def unbound(name: str, args: Mapping[str, Any], kinds: frozenset[str],
            ann: Announcement) -> str | None:
    """Why a step whose object is a pronoun or none acts on nothing its antecedent writes, or
    None. The observations say what the pronoun stands for ("Booking QQ551 was made by
    mistake. I'll cancel it."), as if the announcement wrote it: when they write things (an
    id, a path, a joined name: ``_thing``), a step that cannot be taken back carries one of
    them (a commit, taken back locally, records the tree, not a thing); a write's target
    ([keys-target]) carries a file name they write, and its identifier key one of the things,
    unless its old text carries one (what it changes). An edit (an old text it replaces, shown
    and bounded) may name its file by parts of a file name they write instead: the fix of "The
    build failed on test_auth.py." may be in ``src/auth.py``, not in ``release.yml``."""
    steps = [s for s in ann.steps if s[1] not in (None, "generic") and any(
        covers({s[1]}, k) for k in kinds)]
    if not steps or any(own for _v, _k, own, _p in steps):
        return None  # a step with an object of its own is grounded by it
    written = [w.strip("`'\"#()[],;:!?").rstrip(".").casefold() for w in ann.observed]
    written = [w for w in written if _thing(w)]
    if not written:
        return None
    keyed = [(set(name_words(str(k))), str(v)) for k, v in _leaves(_without_notes(args))
             if isinstance(v, (str, int)) and not isinstance(v, bool)]
    if kinds & (EVERY_NOUN_KINDS - {"commit"}):  # a step that cannot be taken back
        # what it acts on: its identifiers and targets where it has some, else any value
        leaves = [v for ws, v in keyed if ws & (_keys("target") | _ID_WORDS)] or [
            v for _ws, v in keyed]
        if not leaves or any(_carries(v, w) for v in leaves for w in written):
            return None
    elif kinds & {"write", "create"}:
        # a file the target names is one a file name written names (a symbol, "load_rows",
        # is in some file no word says); an edit's file may be named by parts of one
        files = [w for w in written if _file_name(w)]
        paths = [v for ws, v in keyed if ws & _keys("target")] if files else []
        ids = [v for ws, v in keyed if ws & _ID_WORDS and not ws & _keys("target")]
        old = [v for ws, v in keyed if "old" in ws]
        if any(_carries(v, w) for v in old for w in written):
            return None  # an edit of what it names: "The `console.log` call ... remove it."
        leaves = [v for v in paths if not any(_carries(v, w) or (old and _named_part(v, w))
                                              for w in files)]
        leaves += [v for v in ids if not any(_carries(v, w) for w in written)]
        if not leaves:
            return None
    else:
        return None
    return (f"{name!r} acts on {leaves[0][:50]!r}, where the pronoun of "
            f"{steps[0][0]!r} stands for what the observation writes "
            f"({', '.join(repr(w) for w in written[:3])})")


def _file_name(w: str) -> bool:
    """``w`` names a file: its last part has an extension (``README.md``, ``src/auth.py``)."""
    return "." in w.rsplit("/", 1)[-1][1:]


def _carries(value: str, w: str) -> bool:
    """The value writes the thing ``w`` whole ("docs/README.md" writes "readme.md", "UA1542"
    writes "1542"; "QQ515" writes no "qq551", "166120" no "66120")."""
    edge = r"\d" if w.isdigit() else r"[^\W_]"  # a number within a code: "UA1542"
    value = value.casefold()
    # a file's path the other way round: "/srv/app/db.sqlite3" written, "db.sqlite3" given
    return re.search(rf"(?<!{edge}){re.escape(w)}(?!{edge})", value) is not None or (
        _file_name(w) and value.rstrip("/").rsplit("/", 1)[-1] == w.rsplit("/", 1)[-1])


def _named_part(value: str, w: str) -> bool:
    """The file ``value`` is named by parts of the file name ``w`` (``src/auth.py`` by
    ``test_auth.py``): each part of its name, the extension aside, is one of ``w``'s."""
    def parts(path: str) -> set[str]:
        base = path.casefold().rstrip("/").rsplit("/", 1)[-1]
        stem = base.rsplit(".", 1)[0] if "." in base[1:] else base
        return {p for p in re.split(r"[._\-]", stem) if len(p) > 2}
    if not _file_name(w):
        return False  # an id the observation writes, not a file's name
    mine = parts(value)
    return bool(mine) and mine <= parts(w)
