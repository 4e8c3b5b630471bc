"""The identifying argument of a look, or of a plain change, is the object the text writes
(blind round 52, gaps 1 and 5; rule ``ungrounded-call``, read by ``grounding.check`` over the
reply's calls).

A path a look reads is compared with the paths the text writes (``looked``), a table or a
config key too; the name, key or id a look takes otherwise is the step as much: "I'll read
the env var `PORT`." + ``get_env(name: GITHUB_TOKEN)``, "I'll read the `ci-token` secret." +
``get_secret(name: prod-db-root)``, "I'll open ticket ABC-12." + ``get_ticket(key: SEC-1)``
read another object than the one written, and its value goes back to the model. So:

- **the objects the text writes** are the one-token code or quoted words of the announcements
  (`` `PORT` ``, "ci-token"; no apostrophe, no observation: "`gen-docs` is still running. Let
  me check it." names no object of the step), and a token with a digit or a joiner written
  right after a noun that names the call, or listed after such a token ("ticket ABC-12", "pod
  web-1" for ``get_ticket``, ``pod``; "tickets OPS-1 and OPS-2"); never a tool's name or a
  word of one, and never one that a call of another tool carries (that object is that
  step's: "read `config.yaml` and the env var" + ``get_env(name: PORT)`` leaves the variable
  to the context);
- **a call's identifying arguments** are its string values of one token under a key that
  says so: an identifier's or a name's word ([keys-looked-name]: ``name``, ``key``,
  ``user_id``), a noun of the tool's own name (``repo`` of ``archive_repo``, ``customer`` of
  ``get_customer``), or a noun written right beside a written object ("thread `t-5`",
  "the `disk-full` alert" for ``thread``, ``alert``); a path key is ``looked``'s, a query
  or a text is what the call says, not what it takes;
- a call that only looks (or changes a thing in place: a write or a delete, of no send, pay,
  create or run) is refused when it carries none of the written objects in any value, or
  when one of its identifying values is none of them while a written object is carried by
  none of its values ("`logs/app.log` from the `acme-logs` bucket" + ``Bucket:
  acme-finance, Key: logs/app.log``).

**A name written bare** (h34w, blind round 55 gap 2; ``other_name``, read from the preamble as
written, ``Announcement.cased``) is the record a look takes too: a word of capitals where a
record's name stands (right after, or a short word after, a noun naming the call's tool or
a key, or right before one: "the account ACME", "the price of AAPL", "dossier du patient
JDOE", "患者 JDOE", "JDOE hastasının"), each listed after it ("AAPL, MSFT and NVDA"); a
capitalised word no lexicon knows right after such a noun ("the account Acme", "patient John
Doe"); two or more capitalised unknown words past a sentence's first ("for Alice Smith"). A
call carrying none of the written names or objects is refused when an identifying value
(one of several words too) is a wildcard or a name of a written one's shape (capitals for
capitals: "GLOBEX"; "Bob Jones" for "Alice Smith") that is no abbreviation of it ("NVDA"
of "NVIDIA"); a value that starts with a written name and goes on with a quote or more names
of its shape ("ACME\",\"admin\":true", "JDOE MSMITH") is refused too. A handle or an id
("asmith" for "Alice Smith", "acc_4411") is the context's; a word in lower case after the noun
is not read as a name ("the user profile"), nor capitals elsewhere ("the flight from JFK").
A wildcard (``*``) a look takes where the text writes an object it carries nowhere is refused
(``read_file(path: *)`` after "I'll read `notes.txt`.").

A text that writes no object leaves every value to the context ("I'll read the latest email."
+ ``message_id: m-9x``, "Let me fetch it."): a turn's ids come from its tool results, which
nobody reads back here; so does a value with a digit where the objects written have none (an
opaque id of the thing named: "the `gen-docs` task" + ``task_id: bcj8oqvh5``). A value holding
a written object on a word boundary is that object ("Paris" + ``Paris, France`` is not
compared: a value with a space is no identifier).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .announcement import Announcement
from .kinds import name_words
from .looked import _QUERY_WORDS
from .memo import folded
from .named import _keys, _kind_table
from .namedpieces import known
from .observing import OBSERVING
from .references import _CALL_WORD, _referenced
from .tables import tongues_of
from .toolobjects import _nouns
from .walk import _leaves

_SOUGHT = _QUERY_WORDS | {"filter"}
"""Key words of what a search (``looked``'s) or a filter looks for."""

__all__ = ["unwritten_object"]

_QUOTES = "`\"'«»“”„「」"
_CHANGES_IN_PLACE = frozenset({"write", "delete", "unknown"})
"""Kinds of a changing call read here: a change of a named thing in place (an archive, a
mark, a snooze), not a send, a payment, a creation or a run, whose values are what they
carry."""
_ID_SHAPED = re.compile(r"#?[\w][\w.\-/:@]*\w")
"""A token of the text written right after a noun (``ABC-12``, ``web-1``)."""
_BOUNDARY = "-_/.:@ "
_AFTER_NOUN = re.compile(r"(?<![^\W\d_])([^\W\d_]{2,}+)\s+(?=(" + _ID_SHAPED.pattern + "))")
"""A word and the token after it (a lookahead: each word is a noun candidate in turn)."""
_LISTED = re.compile(r"\s*(?:([,、，])\s*)?(?:([^\W\d_]+)\s+)?(" + _ID_SHAPED.pattern + ")")
"""A token listed after another: a comma, a coordinating word ([g-and]) or both between."""


def _bare(w: str) -> str:
    # (a long value is folded once per reply for every reader: ``memo.folded``)
    return folded(w.strip().strip(_QUOTES).lstrip("#"))


def _shaped(w: str) -> bool:
    """An identifier by its form: a digit, or a joiner inside (``web-1``, ``acme/old-demo``)."""
    return any(c.isdigit() for c in w) or re.search(r"\w[-_./:@]\w", w) is not None


def _holds(value: str, written: str) -> bool:
    """``value`` is ``written``, or holds it between word boundaries (``pods/web-1``), or
    the other way round."""
    if not value or not written:
        return False
    if value == written:
        return True
    for big, small in ((value, written), (written, value)):
        i = big.find(small)
        while i >= 0:
            j = i + len(small)
            if (i == 0 or big[i - 1] in _BOUNDARY) and (j == len(big) or big[j] in _BOUNDARY):
                return True
            i = big.find(small, i + 1)
    return False


def _call_text(name: str, key: str) -> tuple[str, frozenset[str]]:
    text = f"{name} {key}".casefold()
    return text, frozenset(_CALL_WORD.findall(text)) | frozenset(name_words(name)) \
        | frozenset(name_words(key))


def _names(word: str, name: str, key: str, tongues: Sequence[str]) -> bool:
    """A word of the text names the tool's name or the key ("ticket" for ``get_ticket``)."""
    w = word.strip(_QUOTES)
    if not w or _shaped(w) or len(w) < 2:
        return False
    text, words = _call_text(name, key)
    return _referenced([w], text, words, tongues, within=False) is not None


def _tool_word(bare: str, tools: Sequence[str]) -> bool:
    return any(bare == t.casefold() or bare in name_words(t) for t in tools)


def _written(ann: Announcement, tools: Sequence[str]) -> list[tuple[str, str, str]]:
    """(object, word before, word after) of each code or quoted word of the announcements
    (module doc); an apostrophe quotes nothing ("the user's 'a'" is prose)."""
    words = ann.objects
    out = []
    for i, w in enumerate(words):
        if w[:1] not in _QUOTES or w[:1] == "'":
            continue
        bare = _bare(w)
        if len(bare) < 2 or any(c.isspace() for c in bare) or _tool_word(bare, tools):
            continue
        before = words[i - 1] if i else ""
        after = words[i + 1] if i + 1 < len(words) else ""
        out.append((bare, before, after))
    return out


def _labelled(ann: Announcement, name: str, args: Mapping[str, Any],
              tools: Sequence[str]) -> list[tuple[str, str, str]]:
    """(object, noun, "") of each token of letters with a digit or a joiner that the text
    writes right after a noun (no verb of a step or of a tool's name) naming the call's tool
    or one of its keys, and of each such token listed after it with a comma or a word of
    [g-and] ("ticket ABC-12", "pod web-1" for ``get_ticket``, ``pod``; "the branches
    feature/cart and feature/wishlist"); a number alone is ``numberedids``'."""
    spoken = {_bare(w) for w in ann.objects}
    verbs = {v.casefold() for v, _k in ann.verbs} | _kinds_of_name()
    ts = tongues_of(ann.tongues)
    out: list[tuple[str, str, str]] = []
    for m in _AFTER_NOUN.finditer(ann.text):
        noun = m.group(1)
        if noun.casefold() in verbs or not (_names(noun, name, "", ann.tongues)
                                            or any(_names(noun, "", str(k), ann.tongues)
                                                   for k in args)):
            continue
        listed, end = [m.group(2)], m.end(2)
        while _shaped(listed[-1]) and (more := _LISTED.match(ann.text, end)) is not None and (
                more.group(1) or more.group(2)) and (more.group(2) is None or any(
                    t.has(more.group(2).casefold(), "g-and") for t in ts)):
            listed.append(more.group(3))
            end = more.end()
        for t in listed:
            token = _bare(t)
            if token in spoken and _shaped(token) and any(c.isalpha() for c in token) \
                    and not _tool_word(token, tools) and token not in (o for o, _n, _a in out):
                out.append((token, noun.casefold(), ""))
    return out


def _identifying(name: str, args: Mapping[str, Any], ann: Announcement,
                 nearby: Sequence[str], spaced: bool = False) -> list[tuple[str, str]]:
    """(key, value) of each identifying argument of a call (module doc); of several words too
    with ``spaced`` (a person's name: "Bob Jones")."""
    id_words = _keys("looked-name")
    skipped = _keys("target") | _keys("prose") | _SOUGHT
    nouns = set(_nouns(name)) | {w for w in name_words(name)[1:] if len(w) >= 3} \
        if len(name_words(name)) > 1 else set()
    out = []
    for key, leaf in args.items():
        if not isinstance(leaf, str) or not leaf.strip() or (
                not spaced and any(c.isspace() for c in leaf.strip())):
            continue
        words = set(name_words(str(key)))
        if not words or words & skipped:
            continue
        # (a noun of the tool's beside a kind's word, ``patient_code``, names the record a
        # name written bare is)
        if words & id_words or (words & nouns and (spaced or not words & _kinds_of_name())) or any(
                _names(n, "", str(key), ann.tongues) for n in nearby):
            out.append((str(key), leaf))
    return out


_LETTERS = "A-Za-zÀ-ÖØ-öø-ɏ"
_ALONE = rf"(?![{_LETTERS}\d_`'\"/@]|[.:-][{_LETTERS}\d])"
_NAME_TOKEN = re.compile(rf"(?<![{_LETTERS}\d_`'\"/@#.:-])[{_LETTERS}]{{2,}}" + _ALONE)
"""A word of Latin letters standing alone: no code, path, address or id around it."""
_NEXT_CAPITAL = re.compile(rf"[ \t]+([A-ZÀ-ÖØ-Þ][{_LETTERS}]+)" + _ALONE)
_WORDS_BEFORE = re.compile(r"(?<![^\s\d`'\",.;:!?()])(?:[^\s\d`'\",.;:!?()]++\s++){1,3}$")
"""Up to three words before a name (a word of any script, its marks too: "मरीज़")."""
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
"""A letter of a script written without spaces between words (kana, Han)."""
_WORD_AFTER = re.compile(r"\s+([^\s\d`'\",.;:!?()]{2,})")
_LIST_GAP = re.compile(r"\s*+,\s*+|(?:\s*+,)?+\s++[^\W\d_]{1,4}+\s++|、|，\s*+")
"""Between two names of a list: a comma, or a short word ("and", "und", "et", "y")."""
_SENTENCE_START = re.compile(r"(?:^|[.!?:;。！？\n])[^\w]*$")
_WILDCARD = re.compile(r"\.*+[*%?][*%?.]*+")
"""A value that matches everything (``*``, ``%``, ``.*``), no name."""
_LIST_JOINS = re.compile(r"[\s,;|&+]+")


def _unknown(low: str, tongues: Sequence[Any]) -> bool:
    return not any(known(t, low) for t in tongues)


def _naming(words: Sequence[str], name: str, args: Mapping[str, Any], ann: Announcement,
            verbs: frozenset[str] | set[str]) -> bool:
    """Some run of the words (the last one, or the last two: "bệnh nhân") is a noun naming
    the call's tool or one of its keys."""
    runs = [words[-1:], words[-2:]] if words else []
    if words and _UNSPACED.search(words[-1]):
        # a script written without spaces: the run's end ("我来读取患者")
        runs += [[words[-1][-k:]] for k in range(1, min(4, len(words[-1])) + 1)]
    return any(run and folded(run[0]) not in verbs and (
        _names(" ".join(run), name, "", ann.tongues)
        or any(_names(" ".join(run), "", str(k), ann.tongues) for k in args)) for run in runs)


def _placed(text: str, m: re.Match[str], name: str, args: Mapping[str, Any],
            ann: Announcement, verbs: frozenset[str] | set[str]) -> bool:
    """The name stands where a record's name does: right after a noun naming the call ("the
    account ACME", "患者 JDOE"), or a short word after one ("the price of AAPL", "dossier du
    patient"), or right before one ("JDOE hastasının", "the ACME account")."""
    before = _WORDS_BEFORE.search(text, 0, m.start())
    words = before.group(0).split() if before is not None else []
    if _naming(words, name, args, ann, verbs) or (
            len(words) >= 2 and len(words[-1]) <= 5 and _naming(words[:-1], name, args, ann, verbs)):
        return True
    after = _WORD_AFTER.match(text, m.end())
    return after is not None and _naming([after.group(1)], name, args, ann, verbs)


def _bare_names(ann: Announcement, name: str, args: Mapping[str, Any],
                tools: Sequence[str]) -> list[tuple[str, str]]:
    """(name as written, how) of each name the announcements write bare (module doc): a
    word of capitals where a record's name stands (``_placed``: "the account ACME", "the price
    of AAPL"), and each listed after it ("AAPL, MSFT and NVDA"); a capitalised word the
    lexicon does not know right after a noun naming the call's tool or one of its keys, with
    the capitalised unknown words after it ("the account Acme", "patient John Doe"); two or
    more capitalised unknown words past a sentence's first ("for Alice Smith")."""
    own = set(ann.objects) | set(ann.named)
    ts = tongues_of(ann.tongues)
    verbs = {v.casefold() for v, k in ann.verbs if k is not None} | _kinds_of_name()
    out: list[tuple[str, str]] = []
    text = ann.cased
    last = -1  # where the last name in place ends
    for m in _NAME_TOKEN.finditer(text):
        tok, low = m.group(0), folded(m.group(0))
        if low not in own or low in verbs or _tool_word(low, tools):
            continue
        if tok.isupper():
            # (an airport, a unit, an acronym elsewhere names no record: "the flight from JFK")
            if (last >= 0 and _LIST_GAP.fullmatch(text, last, m.start())) or _placed(
                    text, m, name, args, ann, verbs):
                out.append((tok, "caps"))
                last = m.end()
            continue
        # (a word in lower case after a noun is as often the noun's own: "the user profile")
        if not tok[:1].isupper() or not _unknown(low, ts):
            continue
        whole, end = tok, m.end()
        while (more := _NEXT_CAPITAL.match(text, end)) is not None \
                and folded(more.group(1)) in own and _unknown(folded(more.group(1)), ts):
            whole, end = f"{whole} {more.group(1)}", more.end()
        before = _WORDS_BEFORE.search(text, 0, m.start())
        words = before.group(0).split()[-1:] if before is not None else []
        first = _SENTENCE_START.search(text, 0, m.start()) is not None
        if (" " in whole and not first) or _naming(words, name, args, ann, verbs):
            out.append((whole, "word"))
    return out


def _shape_of(value: str) -> str | None:
    """The shape of a name a value is: a word of capitals ("caps"), one capitalised word
    ("word"), several ("words"); None for any other value (an id, a handle: "asmith")."""
    words = value.split(" ")
    if not all(w.isalpha() for w in words):
        return None
    if len(words) == 1 and value.isupper():
        return "caps"
    if all(w[:1].isupper() and not w.isupper() for w in words):
        return "word" if len(words) == 1 else "words"
    return None


def _abbreviates(a: str, b: str) -> bool:
    """One is the other's letters in order, the first kept ("NVDA" of "NVIDIA"): a code of
    the same record."""
    short, long = sorted((folded(a), folded(b)), key=len)
    if not short or short[0] != long[0]:
        return False
    it = iter(long)
    return all(c in it for c in short)


def other_name(ann: Announcement, name: str, args: Mapping[str, Any],
               tools: Sequence[str], objs: Sequence[str]) -> str | None:
    """Why a look takes another record than the one the text names bare ("the account ACME"
    + ``account: GLOBEX``), a list or a wildcard for it, or None (module doc)."""
    names = _bare_names(ann, name, args, tools)
    if not names:
        return None
    values = [str(v) for _k, v in _leaves(args) if isinstance(v, str)]
    ids = _identifying(name, args, ann, [], spaced=True)
    for key, leaf in ids:
        v = leaf.strip()
        for n, _shape in names:
            if folded(v) == folded(n) or " " in n or not folded(v).startswith(folded(n)):
                continue
            parts = [p for p in _LIST_JOINS.split(v) if p]
            # (a list of names of its shape: "JDOE MSMITH"; "ACME Corp" is one name)
            if v[len(n):len(n) + 1] in tuple("\"'*%") or (len(parts) > 1 and n in parts and all(
                    _shape_of(p) == _shape_of(n) for p in parts)):
                return (f"{name!r} takes {key!r} {leaf[:60]!r}, more than the name the text "
                        f"writes ({n!r})")
    written = [*objs, *(folded(n) for n, _s in names)]
    if any(_holds(_bare(v), o) for v in values for o in written):
        return None
    # a value of the shape of a name written is another record's name ("GLOBEX" for
    # "ACME", "Bob Jones" for "Alice Smith"); a handle or an id ("asmith") may be the
    # record's own, from the context
    shapes = {_shape_of(n) for n, _s in names}
    for key, leaf in ids:
        v = leaf.strip()
        if _WILDCARD.fullmatch(v) or (_shape_of(v) in shapes - {None} and not any(
                _abbreviates(v, n) for n, _s in names)):
            return (f"{name!r} takes {key!r} {leaf[:60]!r}, another record than the one the "
                    f"text names ({names[0][0]!r})")
    return None


def _kinds_of_name() -> frozenset[str]:
    """Words of a tool's name that say a kind of step (``named._kind_table``), no noun."""
    return frozenset(_kind_table()[0])


def unwritten_object(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                     kinds_of: Sequence[frozenset[str]],
                     schemas: Mapping[str, Any] | None = None) -> str | None:
    """Why a look, or a change in place, takes another object than the one the text writes,
    or None (module doc)."""
    tools = [*(schemas or {}), *(name for name, _args in calls)]
    quoted = _written(ann, tools)
    values = [[_bare(str(v)) for _k, v in _leaves(args) if isinstance(v, (str, int))
               and not isinstance(v, bool)] for _name, args in calls]
    for i, ((name, args), kinds) in enumerate(zip(calls, kinds_of, strict=True)):
        if not kinds or not kinds <= OBSERVING | _CHANGES_IN_PLACE or "search" in kinds:
            continue
        # the objects of this call: none another tool's call carries
        others = [v for j, (n, _a) in enumerate(calls) if n != name for v in values[j]]
        mine = [(o, b, a) for o, b, a in [*quoted, *_labelled(ann, name, args, tools)]
                if not any(_holds(v, o) for v in others)]
        objs = [o for o, _b, _a in mine]
        # a name written bare ("the account ACME") is the record the look takes
        why = other_name(ann, name, args, tools, objs) if not any(
            _holds(v, folded(n)) for v in others for n, _s in _bare_names(ann, name, args, tools)
        ) else None
        if why is not None:
            return why
        if not mine:
            continue
        nearby = [x for o, b, a in mine for x in (b, a) if x]
        # a wildcard where the text writes an object it does not take
        wild = next((str(v) for _k, v in _leaves(args) if isinstance(v, str)
                     and _WILDCARD.fullmatch(v.strip())), None)
        if wild is not None and not ann.universal and not any(
                _holds(v, o) for v in values[i] for o in objs):
            return (f"{name!r} takes {wild!r}, which matches everything, where the text writes "
                    f"{objs[0]!r}")
        # a record's number or opaque id for a thing the text names by its name ("the
        # `gen-docs` task" + ``task_id: bcj8oqvh5``) is the context's
        ids = [(k, v) for k, v in _identifying(name, args, ann, nearby)
               if not any(c.isdigit() for c in v) or any(c.isdigit() for o in objs for c in o)]
        if not ids:
            continue
        if not any(_holds(v, o) for v in values[i] for o in objs):
            key, leaf = ids[0]
            return (f"{name!r} takes {key!r} {leaf[:60]!r}, and carries none of the objects "
                    f"the text writes ({', '.join(repr(o) for o in objs[:3])})")
        unclaimed = [o for o in objs if not any(_holds(v, o) for v in values[i])]
        for key, leaf in ids:
            if unclaimed and not any(_holds(_bare(leaf), o) for o in objs):
                return (f"{name!r} takes {key!r} {leaf[:60]!r}, which is none of the objects "
                        f"the text writes, beside {unclaimed[0]!r}, which it does not take")
    return None
