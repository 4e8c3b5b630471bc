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
                 nearby: Sequence[str]) -> list[tuple[str, str]]:
    """(key, value) of each identifying argument of a call (module doc)."""
    id_words = _keys("looked-name")
    skipped = _keys("target") | _keys("prose") | _SOUGHT
    nouns = set(_nouns(name)) | {w for w in name_words(name)[1:] if len(w) >= 3} \
        if len(name_words(name)) > 1 else set()
    out = []
    for key, leaf in args.items():
        if not isinstance(leaf, str) or not leaf.strip() or any(c.isspace() for c in leaf.strip()):
            continue
        words = set(name_words(str(key)))
        if not words or words & skipped:
            continue
        if words & id_words or (words & nouns and not words & _kinds_of_name()) or any(
                _names(n, "", str(key), ann.tongues) for n in nearby):
            out.append((str(key), leaf))
    return out


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
        if not mine:
            continue
        nearby = [x for o, b, a in mine for x in (b, a) if x]
        objs = [o for o, _b, _a in mine]
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
