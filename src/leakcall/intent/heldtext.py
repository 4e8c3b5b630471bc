"""The text a call writes is the text the announcement quotes (h31w, round 54 gaps G1, G2,
G6; rule ``ungrounded-call``, read by ``parties.swapped`` with the text as written).

- ``labelled``: a quote an announcing sentence labels as the text its step writes, a word of
  [g-text-label] right before it ("with the text", "whose content is", "that says", "write",
  "translate", "mit dem Text", "内容为") or of [g-text-label-after] right after it ("という内容で",
  "내용으로", "metniyle"), is the whole text: every changing call that is no send, no agent's
  launch and no edit, and every computing call (a translation), writes each of its text keys
  ([keys-file-content], [keys-written-text]; with none, [keys-prose] but [keys-heading]:
  ``content``, ``file_text``, ``text``, ``body``) as exactly one of those quotes (NFC, runs of
  spaces as one, the ends' spaces and a sentence's end dropped, case kept). The label word
  need not match the key's name: "with the text" binds ``content`` and "with the body" binds
  ``file_text``. A quote that is the value of another of the call's keys (the path of "write
  `notes.txt`") or the tool's name ("write `write_file`") names that, no text. Every call of
  a list is held alike: "create `a.txt` and `b.sh` with the text "hi"" writes "hi" into
  both.
- ``named``: the other quoted strings of the announcing sentences (no code spans) name a
  thing: a call's heading ([keys-heading]: ``title``) is one of them ("the event "Lunch""),
  and a call with no heading and one text key writes it as one that follows a word of
  [g-role-pair] or precedes one of [g-role-pair-after] ("status to "In a meeting"",
  "「会議中」に"). A titled record's body stays free.
- ``replaced``: an edit (an old and a new text, at any depth: ``multiedit``'s list) against a
  pair the text writes verbatim (``pairedroles.pairs``: "replace `A` with `B`", "change `A`
  to `B`"): an old text that is the first value writes the second exactly (after a word of
  [g-role-replace], "with") or holds it (after [g-role-pair], "to": "update `x` to use
  `y`"); an old text that is a piece of the first, after "with", is refused (``raise
  Forbidden`` of "`if not user.is_admin: raise Forbidden`"); an old text holding a first value
  that is no bare name, after "with", keeps every other line in the new text, which may add
  whole lines ("and add a comment above") but change none ("`x = 2`" written as
  ``pickle.loads(...)``, ``MAX_RETRIES = 5`` as ``5``, a decorator dropped). A bare name
  replaced ("replace `_get_markup` with `_build_text`") may rewrite the block around it, as
  real refactors do.

Where the text quotes nothing as the written text, nothing here is read (today's readings
decide an unquoted content).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .detect import detect
from .exactforms import _CODE, _QUOTED
from .kinds import OBSERVING, call_kinds, name_words
from .kindsfile import section
from .pairedroles import _STOP, _announced, pairs
from .pairedroles import _marks as _word_marks
from .subagent import launches
from .view import normalize
from .walk import _keyed_strings
from .words import Tongue
from .written import _OLD

__all__ = ["check"]

_NEW = frozenset({"new", "replacement", "replace"})
"""Key name words of the text an edit writes (as ``pairedroles``)."""
_GLUE = ":=：-—–"
"""What may stand between a label and its quote ("the text: "hi"", "content = "hi"")."""
_EDGE = " \t\r\n.。!！"
"""What a sentence's end adds around a quoted text."""


@cache
def _written_keys() -> frozenset[str]:
    """Key name words of the text a call writes: a file's content, a body, a new text."""
    return section("keys-file-content") | section("keys-written-text")


@cache
def _prose_keys() -> frozenset[str]:
    return section("keys-prose") - section("keys-heading")


_PLACES = frozenset({"path", "file", "filename", "filepath", "dir", "directory", "folder", "url"})
"""Key name words of a place (``new_path``): no text, unless a word of content is there too
(``file_text``); so are those of a source ([keys-role-source])."""


def _text_keys(words: list[tuple[str, str, set[str]]]) -> list[tuple[str, str]]:
    """The keys of the text a call writes: those of a file's content, a body or a new text,
    else its prose (a ``message`` beside a ``content`` is a commit's note, no written text)."""
    places = _PLACES | section("keys-role-source")  # ``source``: a translation's language

    def pick(keys: frozenset[str]) -> list[tuple[str, str]]:
        return [(k, v) for k, v, w in words if w & keys
                and (not w & places or w & section("keys-file-content"))]
    return pick(_written_keys()) or pick(_prose_keys())


def _marks(t: Tongue, name: str) -> list[str]:
    return [w for s, w in t.marks if s == name]


def _plain(s: str) -> str:
    return " ".join(unicodedata.normalize("NFC", s).split()).strip(_EDGE)


def _ends_with(text: str, words: Sequence[str]) -> bool:
    low = text.rstrip().rstrip(_GLUE).rstrip()
    for w in words:
        if not low.endswith(w):
            continue
        if w[:1] >= "\u3000":
            return True  # a CJK entry matches anywhere
        before = low[: len(low) - len(w)]
        if not before or not before[-1].isalnum():
            return True
    return False


def _starts_with(text: str, words: Sequence[str]) -> bool:
    low = text.lstrip()
    return any(low.startswith(w) and (w[-1:] >= "\u3000" or not low[len(w):len(w) + 1].isalnum())
               for w in words)


def quoted(text: str) -> tuple[list[str], list[str], list[str]]:
    """The quotes of the announcing sentences: those labelled as the text the step writes,
    the other quoted strings (no code spans), a name or a value ("the event "Lunch""), and of
    those the values a step puts, after a word of [g-role-pair] or before one of
    [g-role-pair-after] ("status to "In a meeting"", "「会議中」に")."""
    text = unicodedata.normalize("NFC", text)
    spans = [(m.start(), m.end(), m[1], True) for m in _CODE.finditer(text)]
    spans += [(m.start(), m.end(), next(g for g in m.groups() if g is not None), False)
              for m in _QUOTED.finditer(text) if not any(a <= m.start() < b for a, b, *_ in spans)]
    labelled: list[str] = []
    named: list[str] = []
    put: list[str] = []
    for start, end, value, code in spans:
        if not value.strip():
            continue
        stops = [m.end() for m in _STOP.finditer(text, 0, start)]
        first = stops[-1] if stops else 0
        after = _STOP.search(text, end)
        last = after.start() if after else len(text)
        t = detect(normalize(text[first:last]))
        if t is None or not _announced(text, start):
            continue
        if _ends_with(normalize(text[first:start]), _marks(t, "g-text-label")) \
                or _starts_with(normalize(text[end:last]), _marks(t, "g-text-label-after")):
            labelled.append(value)
        elif not code:
            named.append(value)
            if _ends_with(normalize(text[first:start]), _word_marks(t, "g-role-pair")) \
                    or _starts_with(normalize(text[end:last]), _word_marks(t, "g-role-pair-after")):
                put.append(value)
    return labelled, named, put


def _changing(name: str, args: Mapping[str, Any], schemas: Mapping[str, Any] | None,
              descriptions: Mapping[str, str] | None) -> bool:
    schema, desc = (schemas or {}).get(name), (descriptions or {}).get(name)
    if launches(name, args, schema, desc):
        return False  # an agent's task is its prompt, no text written
    kinds = call_kinds(name, args, schema, desc)
    # a translation computes from the text it is given: that text is the quoted one
    return bool(kinds - OBSERVING or "compute" in kinds) and "send" not in kinds


def _edits(args: object) -> list[tuple[str, str]]:
    """(old, new) of each edit a call makes: a mapping, at any depth, with one key of an old
    text and one of a new one (``multiedit``'s ``edits`` list)."""
    out: list[tuple[str, str]] = []
    if isinstance(args, Mapping):
        old = [v for k, v in args.items() if isinstance(v, str) and set(name_words(str(k))) & _OLD
               and not set(name_words(str(k))) & _NEW]
        new = [v for k, v in args.items() if isinstance(v, str) and set(name_words(str(k))) & _NEW
               and not set(name_words(str(k))) & _OLD]
        if len(old) == 1 and len(new) == 1:
            out.append((old[0], new[0]))
        for v in args.values():
            out += _edits(v)
    elif isinstance(args, list):
        for v in args:
            out += _edits(v)
    return out


def _unquoted(name: str, args: Mapping[str, Any], labelled: list[str],
              named: list[str], put: list[str]) -> str | None:
    """Why a call writes a text key as none of the labelled quotes, or a heading (or its one
    text) as none of the quotes, or None."""
    strings = list(_keyed_strings(args))
    words = [(k, v, set(name_words(k))) for k, v in strings]
    texts = _text_keys(words)
    heads = [(k, v) for k, v, w in words if w & section("keys-heading")]
    # a quote that is another key's value or the tool's own name ("I'll write `write_file`")
    # names that, no text
    others = {_plain(v) for k, v in strings if (k, v) not in texts and (k, v) not in heads}
    others.add(_plain(name))
    held = {_plain(q) for q in labelled} - others
    said = held | ({_plain(q) for q in named} - others)
    values = held | ({_plain(q) for q in put} - others)
    if held:
        for key, value in texts:
            if _plain(value) not in held:
                return (f"{name!r} writes {value.strip()[:60]!r} ({key!r}), where the "
                        f"announcement quotes the text it writes as {sorted(held)[0][:40]!r}")
    # a heading named by a quote ("the event "Lunch""), or a call's one text given as the
    # value the step puts ("status to "In a meeting"")
    for key, value, quotes in [*((k, v, said) for k, v in heads),
                               *((k, v, values) for k, v in texts if not heads and len(texts) == 1)]:
        if quotes and _plain(value) not in quotes:
            return (f"{name!r} writes {value.strip()[:60]!r} ({key!r}), where the announcement "
                    f"quotes it as {sorted(quotes)[0][:40]!r}")
    return None


def _substituted(old: str, first: str, second: str) -> set[str]:
    """The old text with the first value replaced by the second: each occurrence, or only
    the first one."""
    return {old.replace(first, second), old.replace(first, second, 1)}


_IDENT = re.compile(r"[\w.$@:-]+")
"""A bare name: "replace `_get_markup` with `_build_text`" renames it and may rewrite the block
around it."""


def _kept(replaced: str, new: str) -> bool:
    """Every line of the old text, the pair replaced, stands in the new text in its order: the
    new text adds whole lines at most ("and add a comment above"), changes none."""
    lines = iter(line.strip() for line in new.splitlines())
    return all(any(line.strip() == x for x in lines) for line in replaced.splitlines())


def _misreplaced(name: str, old: str, new: str,
                 found: list[tuple[str, str, bool, bool]]) -> str | None:
    """Why an edit changes more or other than the pairs the text writes, or None."""
    o, n = unicodedata.normalize("NFC", old).strip(), unicodedata.normalize("NFC", new).strip()
    for first, second, verbatim, replacing in found:
        a, b = first.strip(), second.strip()
        if not verbatim or not a:
            continue
        if o != a and o and o in a and replacing:
            # the old text a piece of the quoted one: the step replaces the whole of it
            return (f"{name!r} replaces {o[:40]!r}, a piece of {a[:40]!r}, the text the "
                    "announcement replaces")
        if o == a and n != b and (replacing or b not in n):
            return (f"{name!r} replaces {o[:40]!r} with {n[:40]!r}, where the announcement "
                    f"replaces {a[:40]!r} with {b[:40]!r}")
        # the old text holds the quoted one among lines kept as they are (a line the text
        # adds beside it is read elsewhere: "and add a comment above")
        if replacing and a in o and o != a and not _IDENT.fullmatch(a) \
                and not any(_kept(x, n) for x in _substituted(o, a, b)):
            return (f"{name!r} replaces {o[:40]!r} with {n[:40]!r}, where the announcement "
                    f"replaces {a[:40]!r} with {b[:40]!r} and changes nothing else")
    return None


def check(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Any] | None = None,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a changing call writes other text than the quote the announcement labels as its
    text, or an edit changes other than the pair it writes, or None (module docstring)."""
    if not text.strip() or not any(c in text for c in "`\"“«„「『'‘"):
        return None
    quotes: tuple[list[str], list[str], list[str]] | None = None
    found: list[tuple[str, str, bool, bool]] | None = None
    for name, args in calls:
        if not _changing(name, args, schemas, descriptions):
            continue
        edits = _edits(args)
        if edits:
            if found is None:
                found = pairs(unicodedata.normalize("NFC", text))
            why = next((w for old, new in edits
                        if (w := _misreplaced(name, old, new, found)) is not None), None)
        else:
            if quotes is None:
                quotes = quoted(text)
            why = _unquoted(name, args, *quotes)
        if why is not None:
            return why
    return None
