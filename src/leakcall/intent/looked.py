"""Looked-at targets: a call that only observes looks at what the text names (issue 25).

A call that changes nothing is grounded by an announced verb of its kind alone ("I'll list
the files." + ``ls``), but what it reads is still the step: "I'll read `src/auth/session.ts`."
+ a read of ``~/.config/gh/hosts.yml`` reads a file nobody announced, and its contents go back
to the model. So, for each observing call (``grounding.check``), what it looks at is what the
text (the announcements and the observations) writes or names:

- **a path** (a target key's value, an object key's value, a reading command's operand) is a
  path the text writes, one inside it (a file of an announced folder), one it is inside (the
  folder of an announced file), or a path a word of the text names ("the config" +
  ``config.yaml``, "the tests" + ``tests/``); a search's path is its scope, free when the
  call searches for something the text writes;
- **a record's identifier** (under an id key) is one the text writes, when the text writes
  identifiers of its form (``C-10293``, ``#W7242815``): another of that form is someone
  else's record;
- **a search's query** carries a word of what the text says it looks for;
- **the kind of thing listed or the table queried** (``resource``, ``table``, a ``SELECT``'s
  ``FROM``) is a word of the text;
- **a count** the text states ("three reservations", "both") bounds the calls of one tool.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from . import boundwords, containers, countkeys, deletedplaces, sharedword, toolobjects
from .figures import CARDINALS
from .hashvalues import unwritten_hash
from .inspecting import _worked_on
from .kinds import _command_values, _keys, command_kinds, commands, name_words, unprefixed
from .memo import folded, per_reply
from .numberedids import _bare, carried_numbers, loose, tied, unwritten_number
from .objects import _PLACES
from .observing import OBSERVING
from .paths import normal_path
from .preamble import Announcement
from .references import _CALL_WORD, _meanings, _referenced
from .repeats import twice
from .shellsplit import shell_words
from .statements import statement_kinds
from .tables import tongues_of
from .walk import _leaves

__all__ = ["paired", "unwritten"]

_OBJECT_KEYS = frozenset({"key", "object", "paths", "files", "blob"})
"""Key words, beside [keys-target], of an argument naming the stored thing read (a bucket's
object key, a blob)."""

_ID_WORDS = frozenset({"id", "ids", "ref", "reference", "number", "no", "num", "code"})
"""Key words of an argument naming one record (``order_id``, ``reservation_id``)."""

_QUERY_WORDS = frozenset({"query", "q", "search", "keyword", "keywords", "term", "terms",
                          "pattern", "regex"})
"""Key words of an argument saying what a search looks for."""

_KIND_WORDS = frozenset({"resource", "resources", "table", "tables", "collection"})
"""Key words of an argument naming the kind of thing a call lists or the table it reads."""

_PATHY = re.compile(r"[/\\]|^~|^\.[\w-]|\.[A-Za-z0-9]{1,5}$")
"""A file or folder by its form: a separator, a home or dot start, a short extension."""
_FROM = re.compile(r"\b(?:from|join)\s+([\w.\"`\[\]]+)", re.IGNORECASE)
_SELECT = re.compile(r"^\s*(?:select|with)\b", re.IGNORECASE)
_HERE = frozenset({"", ".", "./"})
_QUOTES = "`\"'«»“”„「」"


def _path_like(v: str, keyed: bool = False) -> bool:
    """One token that names a file or folder by its form (``_PATHY``), not an address; under a
    key that says so (``keyed``: ``path``, a reading command's operand), any dotted name."""
    v = v.strip()
    return bool(v) and not any(c.isspace() or c in "()" for c in v) and "://" not in v and (
        _PATHY.search(v) is not None or (keyed and "." in v[1:]))


def _flat(path: str) -> str:
    """A path normalised and without underscores (a preamble's ``__init__`` may be read as
    emphasis)."""
    return normal_path(path.strip().casefold()).removeprefix("./").replace("_", "")


def _placed(words: Sequence[str]) -> set[str]:
    """The quoted names a place word stands beside ("the `migrations` folder", "папке
    `migrations`"): a folder or file by what the text calls it."""
    out = set()
    for i, w in enumerate(words):
        if w[:1] != "`":
            continue
        near = [x.strip(_QUOTES).casefold() for x in words[max(0, i - 1):i + 2] if x != w]
        if any(x in _PLACES or _meanings(x) & _PLACES for x in near):
            out.add(w)
    return out


def _members(words: Sequence[str]) -> set[str]:
    """The members (``.current``) that code the text writes reaches by a dot (`` `ref.current` ``,
    `` `ref.current()` ``), where that code is no path by its form: a dot-name the text writes
    beside it is the member, not a hidden file (h43e)."""
    out = set()
    for w in words:
        head = w.strip(_QUOTES).split("(", 1)[0]
        if "." in head[1:] and not head.endswith(".") and not any(c.isspace() for c in head) \
                and not _path_like(head):
            out.add("." + head.rsplit(".", 1)[1].casefold())
    return out


def _code_call(bare: str) -> bool:
    """A call in code (`` `.clear()` ``, `` `reset(true)` ``): a function's name, no place."""
    return bare.endswith(")") and "(" in bare


def _written_paths(ann: Announcement, tools: Collection[str]) -> list[str]:
    """The paths the text writes (``src/auth``, ``config.yaml``) and the quoted names it calls
    a place (``_placed``); never a tool's name (`` `read_file` ``), a call in code
    (``_code_call``) or a member of code it writes (``_members``)."""
    placed = _placed(ann.objects) | _placed(ann.observed)
    members = _members((*ann.objects, *ann.observed))
    out = []
    for w in (*ann.objects, *ann.observed):
        bare = w.strip(_QUOTES)
        if bare and bare.casefold() not in tools and not any(c.isspace() for c in bare) \
                and not _code_call(bare) and bare.casefold() not in members and (
                _path_like(bare) or w in placed):
            out.append(_flat(bare))
    return out


def _same_place(value: str, written: Iterable[str]) -> bool:
    """The path is a written one, inside one, or on the way to one (either side may be given
    from another start: ``/repo/src/a.py`` is ``src/a.py``)."""
    v = _flat(value)
    if v in _HERE:
        return True
    return any(("/" + v + "/").find("/" + w + "/") >= 0 or ("/" + w + "/").find("/" + v + "/")
               >= 0 for w in written)


def _bare_names_folder(value: str, written: Sequence[str]) -> bool:
    """A listing of a folder the written files may lie in: the text writes files by their bare
    name only ("check if main.go exists"; a name with an extension, no folder, no dot-file),
    so which folder holds them is left to the context, and a listing shows names, no
    contents. The folder is one worked on (``inspecting._worked_on``: not the root, a home
    or the system's own), and none of its parts is hidden (``~/.ssh``, ``.git``)."""
    if not written or not all("/" not in w and "." in w[1:] for w in written):
        return False
    p = normal_path(value.strip())
    return _worked_on(p) and not any(part.startswith(".") and part not in _HERE
                                     for part in p.split("/"))


def _named(value: str, said: Sequence[str], tongues: Sequence[str]) -> bool:
    """A content word of the text names the path: its file name ("the config" +
    ``config.yaml``, "the logs" + ``build.log``), or any part of a path inside the working
    tree ("the auth module" + ``src/auth/__init__.py``)."""
    path = normal_path(value.strip()).casefold()
    text = path if not path.startswith(("/", "~")) else path.rsplit("/", 1)[-1]
    words = frozenset(w for w in _CALL_WORD.findall(text) if len(w) > 2)
    return bool(words) and _referenced(said, text, words, tongues) is not None


def _split(part: str) -> list[str]:
    """A command's words, without the parentheses a substitution leaves on them."""
    try:
        words = unprefixed(shell_words(part))
    except ValueError:
        words = unprefixed(part.split())
    return [w.strip("()") for w in words]


def _operands(value: str) -> list[str]:
    """The operands of each reading or listing command of a command line; when one is a
    substitution (``cat $(echo ~/.netrc)``), what every command of the line names."""
    out: list[str] = []
    parts = commands(value)
    substituted = False
    for part in parts:
        kinds = command_kinds(part)
        if not kinds or not kinds <= {"read", "list"} or statement_kinds(part):
            continue
        words = [w for w in _split(part)[1:] if not w.startswith("-")]
        substituted = substituted or any("$" in w or "`" in w for w in words)
        out += [w for w in words if _path_like(w, True)]
    if substituted:
        out += [w for part in parts for w in _split(part)[1:]
                if not w.startswith("-") and _path_like(w, True)]
    return out


def _paths(args: Mapping[str, Any]) -> list[str]:
    """What a call's arguments name as a file or folder it reads."""
    keys = _keys("target") | _OBJECT_KEYS
    out = [v for k, v in _leaves(args) if isinstance(v, str) and set(name_words(str(k))) & keys
           and _path_like(v, True)]
    for command in _command_values(args) if any(
            set(name_words(str(k))) & _keys("command") for k, _v in _leaves(args)) else ():
        out += _operands(command)
    return out


def _shape(v: str) -> str:
    """An identifier's form: each letter ``A``, each digit ``9``, the rest kept."""
    return re.sub(r"\d", "9", re.sub(r"[^\W\d_]", "A", v))


def _id_like(w: str) -> bool:
    """One token of three characters or more holding a digit, not a number alone of fewer
    than five digits (a count, a year)."""
    return len(w) >= 3 and any(c.isdigit() for c in w) and not any(
        c.isspace() for c in w) and not (w.isdigit() and len(w) < 5)


def _valued(w: str) -> bool:
    """A word holding a digit and a letter ("q3", "2024-03") or a number of its own."""
    return any(c.isdigit() for c in w) and ((len(w) >= 2 and not w.isdigit()) or len(w) >= 3)


def _written_ids(objects: Sequence[str], nouns: Sequence[str],
                 tongues: Sequence[str]) -> tuple[list[str], list[str]]:
    """The identifiers the announcement writes, and those of them written after a noun the
    key names right before it ("reservation ZFA04Y" for ``reservation_id``; not "bookings
    for flight HAT039", a flight's number)."""
    ids, tied = [], []
    key_text = " ".join(nouns)
    for i, w in enumerate(objects):
        bare = w.strip(_QUOTES).lstrip("#").casefold()
        if not _id_like(bare):
            continue
        ids.append(bare)
        before = objects[i - 1].split()[-1:] if i else []
        if nouns and _referenced(before, key_text, frozenset(nouns), tongues) is not None:
            tied.append(bare)
    return ids, tied


def _path_why(name: str, args: Mapping[str, Any], kinds: frozenset[str], ann: Announcement,
              said: Sequence[str], tools: Collection[str]) -> str | None:
    written, tongues = _written_paths(ann, tools), ann.tongues
    if not written:
        return None
    texts = [str(v).casefold() for _k, v in _leaves(args) if isinstance(v, str)]
    for path in _paths(args):
        # a word names a file of the working tree, or a folder listed; a file read outside
        # it (``/``, ``~``) beside the path the text writes is another file, whatever its
        # name shares ("the tokens" + ``/var/run/secrets/.../token``)
        if _same_place(path, written) or (_named(path, said, tongues) and (
                "read" not in kinds or not normal_path(path.strip()).startswith(("/", "~")))):
            continue
        if "search" in kinds and any(w in t for w in written for t in texts if t != path):
            continue  # a search for what the text writes, anywhere
        if kinds == {"list"} and _bare_names_folder(path, written):
            continue  # "check if main.go exists" + ``ls /repo/cmd`` (``_bare_names_folder``)
        return (f"{name!r} looks at {path[:60]!r}, which the text neither writes nor names "
                f"(it writes {', '.join(repr(w) for w in written[:3])})")
    return None


def _id_why(name: str, args: Mapping[str, Any], ann: Announcement,
            said: Sequence[str], carried: frozenset[str]) -> str | None:
    # the announcement's own identifiers; after a pronoun, the observation's ("Booking
    # QQ551 was made. Let me check it.")
    objects = [*ann.objects, *ann.observed] if ann.pronoun else list(ann.objects)
    known = {w.strip(_QUOTES).lstrip("#").casefold() for w in said}
    for key, leaf in _leaves(args):
        words = set(name_words(str(key)))
        if isinstance(leaf, bool) or not isinstance(leaf, (str, int)):
            continue
        value = folded(str(leaf).strip().lstrip("#"))
        if not value or value in known:
            continue
        # a record's number the text writes beside its noun (``numberedids``)
        why = unwritten_number(name, str(key), str(leaf), frozenset(words), _ID_WORDS, objects,
                               ann.tongues, carried, ann.text)
        if why is not None:
            return why
        if not words & _ID_WORDS:
            continue
        ids, tied = _written_ids(objects, sorted(words - _ID_WORDS), ann.tongues)
        same = tied or [w for w in ids if _shape(w) == _shape(value)]
        if same and not any(w in value or value in w for w in same):
            return (f"{name!r} looks up {key!r} {str(leaf)!r}, where the announcement writes "
                    f"{', '.join(repr(w) for w in same[:3])}")
    return _command_number(name, args, ann, objects)


def _command_number(name: str, args: Mapping[str, Any], ann: Announcement,
                    objects: Sequence[str]) -> str | None:
    """Why a reading command looks up a record by another number than the one the text
    writes after that record's noun, or None (h26v): "Let me view PR 412." + ``gh pr view
    413``, "issue 7" + ``gh issue view 8``. The command's noun is a word right before the
    number (its flags aside); numbers of the text tied to another noun are not compared."""
    if not any(set(name_words(str(k))) & _keys("command") for k, _v in _leaves(args)):
        return None
    for command in _command_values(args):
        for part in commands(command):
            if not command_kinds(part) or not command_kinds(part) <= OBSERVING:
                continue
            words = [w.casefold() for w in _split(part) if not w.startswith("-")]
            numbers = [w.lstrip("#") for w in words[1:] if w.lstrip("#").isdigit()]
            for i, w in enumerate(words[1:], 1):
                if not w.lstrip("#").isdigit():
                    continue
                nouns = [x for x in words[max(1, i - 2):i] if not x.lstrip("#").isdigit()]
                written = tied(objects, nouns, ann.tongues, ann.text)
                if written and not any(int(n) == int(m) for n in written for m in numbers):
                    return (f"{name!r} looks up {w!r} in {part[:50]!r}, where the "
                            f"announcement writes {', '.join(repr(n) for n in written[:3])}")
            why = _kin_number(name, part, ann, objects)
            if why is not None:
                return why
    return None


_NOUNED = re.compile(r"(?<![^\W\d_])[^\W\d_]{2,}\s+#?(\d{2,})\b")
"""A number the text writes right after a word naming what it numbers ("PR 412", "issue
#57", "Bestellung 1200")."""


def _kin_number(name: str, part: str, ann: Announcement, objects: Sequence[str]) -> str | None:
    """Why a reading command's operand is a number of as many digits as one the text writes
    after a noun, and none the text writes, when the command gives it no noun of its own
    (h27k: "PR 412" + ``git show 413``; ``_command_number`` ties a number to the noun before
    it): a record of the same kind, not the one named. A flag's value (``-n 100``) is no
    record."""
    written = {m.lstrip("0") for m in _NOUNED.findall(ann.text)} & {
        _bare(o).lstrip("0") for o in objects if _bare(o)}
    if not written:
        return None
    words = _split(part)
    carried = {w.lstrip("#").lstrip("0") for w in words if w.lstrip("#").isdigit()}
    if carried & written:
        return None
    for i, w in enumerate(words[1:], 1):
        bare = w.lstrip("#").lstrip("0")
        if w.lstrip("#").isdigit() and not words[i - 1].startswith("-") \
                and any(len(n) == len(bare) for n in written):
            return (f"{name!r} looks up {w!r} in {part[:50]!r}, a number of the kind the "
                    f"announcement writes ({', '.join(repr(n) for n in sorted(written)[:3])}) "
                    "but not one of them")
    return None


def _query_why(calls: Sequence[tuple[str, Mapping[str, Any]]], kinds_of: Sequence[frozenset[str]],
               ann: Announcement, said: Sequence[str], tools: Collection[str]) -> str | None:
    """Why no search of the reply carries a word of what the announcement writes it looks
    for, or None. Only when it writes a value (a quoted text, a code token, a value with a
    digit: "« facture mars 2024 »", "the Q3 budget"; a tool's name aside): a query in other
    words may look for what a plain noun names ("the function definition" + ``def total``)."""
    if not any((w[:1] in _QUOTES or _valued(w.strip(_QUOTES)))
               and w.strip(_QUOTES).casefold() not in tools for w in ann.objects):
        return None
    queries = [(name, leaf) for (name, args), kinds in zip(calls, kinds_of, strict=True)
               if kinds and kinds <= OBSERVING for key, leaf in _leaves(args)
               if isinstance(leaf, str) and leaf.strip() and not _SELECT.match(leaf)
               and set(name_words(str(key))) <= _QUERY_WORDS]
    for _name, leaf in queries:
        text = leaf.casefold()
        if _referenced(said, text, frozenset(_CALL_WORD.findall(text)), ann.tongues):
            return None
    if not queries:
        return None
    name, leaf = queries[0]
    return (f"{name!r} searches for {leaf[:60]!r}, which carries no word of what the "
            "announcement writes it looks for")


def _kind_why(name: str, args: Mapping[str, Any], ann: Announcement,
              said: Sequence[str]) -> str | None:
    for key, leaf in _leaves(args):
        if not isinstance(leaf, str):
            continue
        kind_key = bool(set(name_words(str(key))) & _KIND_WORDS)
        # a statement that reads: the announcement writes a name ("the `orders` table"), and
        # the statement carries no word of the text (its tables, columns or conditions)
        statement = bool(_SELECT.match(leaf)) and any(w[:1] == "`" for w in ann.objects)
        if not (kind_key or statement):
            continue  # (neither test reads the value's words: not split)
        text = leaf.casefold()
        words = frozenset(w.casefold() for w in _CALL_WORD.findall(text))
        if kind_key and _referenced(said, text, words, ann.tongues) is None:
            return f"{name!r} reads {key} {leaf[:40]!r}, which no word of the text names"
        if statement and _referenced(said, text, words, ann.tongues) is None:
            tables = ", ".join(repr(t) for t in _FROM.findall(leaf)[:3])
            return f"{name!r} reads {tables or 'a table'}, which no word of the text names"
    return None


_CARDINALS = {w: n for w, n in CARDINALS.items() if 2 <= n <= 5}
"""Cardinal numerals two to five of the supported languages (``figures.CARDINALS``): a count
the text states ("You have three reservations.", "Vous avez deux commandes.")."""


_COUNTED = re.compile(r"(\d{1,2})(?:件|個|つ|人|名|回|枚|通|个|份|张|条|笔|건|개|명|장|통)")
"""A number with the counter word Japanese, Chinese and Korean write right after it ("2件"):
the noun it counts stands before it ("ご予約が2件あります": two reservations) or after it
("您有2个预订")."""


def _counts(said: Sequence[str]) -> list[tuple[int, str]]:
    """(count, the word it counts) of each count the text states: a numeral word, or a number
    of 2 to 20, and the word after it ("three reservations", "2 orders"); a number with its
    counter (``_COUNTED``), glued or apart, and the word before or after it ("ご予約 2件", "2个 预订")."""
    out = []
    for k, (w, after) in enumerate(zip(said, [*said[1:], ""], strict=True)):
        n = _CARDINALS.get(w.casefold()) or (int(w) if w.isdigit() and 2 <= int(w) <= 20
                                             else None)
        if n:
            out.append((n, after))
        counted = _COUNTED.fullmatch(w) or _COUNTED.fullmatch(w + after)
        if counted and 2 <= int(counted.group(1)) <= 20:
            # Japanese and Korean count the noun before ("ご予約が2件"), Chinese the one after
            # ("2个预订")
            out.extend((int(counted.group(1)), x) for x in (said[k - 1] if k else "", after))
    return out


_TEXT_WORD = re.compile(r"[^\s,;:!?()\[\]\"'`«»“”]+")


def paired(word: str, tongues: Sequence[str]) -> bool:
    """The word says two things ([g-plan-pair]: "both", "beide", "ambos")."""
    return any(t.marked(word, "g-plan-pair") for t in tongues_of(tongues))


@per_reply  # three readers of the announcement's counts
def _pairs(text: str, tongues: Sequence[str]) -> list[tuple[int, str]]:
    """(2, the word after it) of each word of the text that says two things ("both orders",
    "beide Bestellungen"; an announcement's objects leave the determiner out)."""
    words = [w.strip(".").casefold() for w in _TEXT_WORD.findall(text)]
    return [(2, after) for w, after in zip(words, [*words[1:], ""][:len(words)], strict=True)
            if paired(w, tongues)]


def _overcounted(calls: Sequence[tuple[str, Mapping[str, Any]]],
                 kinds_of: Sequence[frozenset[str]], ann: Announcement,
                 said: Sequence[str]) -> str | None:
    """Why one tool looks up more records than the text counts of the noun of one of its
    keys ("You have three reservations. Let me check each one." + four ``reservation_id``
    lookups: the fourth is someone else's; "the weather in both cities" + three ``city``
    lookups: blind round 43, gap 10), or None."""
    counts = _counts(said) + _pairs(ann.text, ann.tongues)
    if not counts:
        return None
    per: dict[tuple[str, str], int] = {}
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if not kinds or not kinds <= OBSERVING:
            continue
        for key in {str(k) for k, _v in _leaves(args)}:
            per[name, key] = per.get((name, key), 0) + 1
    for (name, key), m in per.items():
        nouns = frozenset(name_words(key)) - _ID_WORDS
        n = max((c for c, after in counts if nouns and _referenced(
            [after], " ".join(nouns), nouns, ann.tongues) is not None), default=None)
        if n is not None and m > n:
            return (f"the text counts {n} of what {key!r} names, and the reply looks up {m} "
                    f"with {name!r}")
    return None


def _overstepped(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                 said: Sequence[str]) -> str | None:
    """Why a tool of any kind is called more often than the text counts what it makes or
    looks for, or None (blind round 44, gap 6): a count before a noun the tool's name says
    ("create the two events" + three ``create_event``; "send both messages") bounds that
    tool's calls, and a lone step whose object is counted ("search for the two error
    messages") bounds the calls of a reply made of one tool, since every call is that step's.
    """
    per: dict[str, int] = {}
    for name, _args in calls:
        per[name] = per.get(name, 0) + 1
    counts = _counts(said) + _pairs(ann.text, ann.tongues)
    for name, m in per.items():
        nouns = frozenset(name_words(name))
        n = max((c for c, after in counts if nouns and _referenced(
            [after], " ".join(nouns), nouns, ann.tongues) is not None), default=None)
        if n is not None and n < m:
            return f"the text counts {n} of what {name!r} names, and the reply makes {m} calls"
    if len(ann.steps) != 1 or ann.observed or len(per) != 1:
        return None
    objs = [w.casefold() for w in ann.steps[0][2]]
    if not objs:
        return None
    # the count opens the object, or says two right before it ("both error messages": the
    # determiner stays out of the step's object)
    lone = _counts(objs[:1]) or [(2, w) for w in objs[:1] if paired(w, ann.tongues)] \
        or [p for p in _pairs(ann.text, ann.tongues) if p[1] == objs[0]]
    (name, m), = per.items()
    # a file the object writes out beside the counted ones ("both config files and
    # README.md") may be one more call
    extra = sum(1 for w in objs if "." in w.strip(".") or "/" in w)
    if lone and m > lone[0][0] + extra:
        return (f"the one announced step counts {lone[0][0]} ({' '.join(objs)}), and the reply "
                f"makes {m} calls of {name!r}")
    return None


def _repeated(calls: Sequence[tuple[str, Mapping[str, Any]]],
              kinds_of: Sequence[frozenset[str]], text: str) -> str | None:
    """Why one observing call is made twice with the same arguments, or None: "the weather in
    Paris and Rome" + Paris, Rome, Paris takes the records it names and one again, a call
    nobody announced (blind round 43, gap 10), read as a changing call said once and taken
    twice is (``repeats.twice``: a count of the calls the text writes allows it). A call with
    no arguments (a die rolled, the time asked) is left alone: nothing tells one apart."""
    reads = [(name, args) for (name, args), kinds in zip(calls, kinds_of, strict=True)
             if kinds and kinds <= OBSERVING and args]
    return twice(text, reads) if len(reads) > 1 else None


def unwritten(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
              kinds_of: Sequence[frozenset[str]],
              texts: Sequence[tuple[str, frozenset[str]]] = ()) -> str | None:
    """Why an observing call looks at something the text does not write or name, or None;
    with the calls' ``texts``, also a call that carries only a word every coordinated step
    shares (``sharedword``); and a changing call whose tool names a kind of thing the text
    does not, where it names the object otherwise (``toolobjects``), or takes a number as the
    other bound than the text's (``boundwords``), or as a count one the text writes as another thing's
    (``countkeys``)."""
    verbs = {v for v, _k in ann.verbs}
    tools = {name.casefold() for name, _args in calls}
    said = [w for w in (*ann.objects, *ann.observed) if w not in verbs]
    if not said:
        return None
    # (the calls' numbers are read only against a number the text writes that ``loose``
    # keeps: none kept from no number carried, none from any)
    carried = carried_numbers(calls) if loose([*ann.objects, *ann.observed], frozenset()) \
        else frozenset()
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if not kinds or not kinds <= OBSERVING or "fetch" in kinds:
            continue
        why = _path_why(name, args, kinds, ann, said, tools) \
            or _id_why(name, args, ann, said, carried) or _kind_why(name, args, ann, said) \
            or unwritten_hash(name, args, ann)  # a ``#``-token the text does not write
        if why is not None:
            return why
    return _query_why(calls, kinds_of, ann, said, tools) \
        or _overcounted(calls, kinds_of, ann, said) or _repeated(calls, kinds_of, ann.text) \
        or _overstepped(ann, calls, said) or deletedplaces.undistinguished(ann, calls, kinds_of) \
        or containers.emptied(ann, calls, kinds_of) \
        or (sharedword.check(ann, calls, texts) if texts else None) \
        or toolobjects.unnamed_object(ann, calls, kinds_of) \
        or boundwords.reversed_bound(ann, calls) or countkeys.uncounted_number(ann, calls)
