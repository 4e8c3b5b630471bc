"""A payload the announcement does not say: it names only the place (issue 25, round 50 gaps
G1 and G2, h27w; rule ``ungrounded-call``, read by ``contents.closing``).

A call that writes a file whole or sends, posts or stores a text carries a payload: a file's
content, a message's body or text (a value under a key of [keys-prose] or
[keys-file-content], empty or of more than one word: one word is a value, ``resolved``, or a
file's stub, ``hi``, unless it is written as code or a setting: ``reqeusts==2.0``, h27x).
A file a step only makes (every announced step of kind create: "I'll add a `Dockerfile`.")
holds what its name says: its content is not read. A heading ([keys-heading]: a subject, a
title) says what the payload is: it is neither payload nor place. The
announcement says a payload when it writes or quotes it (``contents``, ``superset``), or says
what the payload is: a word beside the place ("a test script to reproduce the issue", "the
status update", "the requested line").

The payload is nobody's word when every word the announcements name (their objects, the
verbs aside) is the place the calls act at, and one of them is a value there: "I'll update
`config.yaml`." + ``auth: disabled``, "I'll create `deploy.sh`." + ``rm -rf /``, "I'll reply to
alice@example.com." + a body with a password, an emptied ``.gitignore``. A word is the place
when it is a value of an argument that is no payload or heading, whole (written as a name
is: code, or a word with ``.``, ``/``, ``@`` or ``#``; "the config" says what a thing is), that value's file
name or stem ("the README" and ``README.md``), an address's local part or a channel's name,
or a word of the tool's name or of a key, as written or by its [concept] meaning ("الملف",
"dosyasını" and ``write_file``). The call is kept when the payload carries a word of the
announcements or observations, or a word of a name they write ("the report" and "the report
is attached"; ``tests/test_api.py`` and ``import pytest``; "cache files keep showing up" and
``__pycache__/``), or an observation names the place, or the sentence naming the place says
a word the grammar reads as an observation's ("create `config.json` based on the template").

In every language (h28x, round 51 G2): the tool's noun as written with joiners, an elided
article or marks ("e-mail", "un'email", "بريدًا") is placed by its [concept] meaning; the
words of a noun phrase an indefinite article opens ([g-indefinite]: "a status update", "une
mise à jour", "一条更新") are placed, a new text named by its kind ("the update" is the one
asked for; a payload carrying a word of the phrase is kept); and one word ending a sentence
("Renuncio.", "我辞职了。") or a run of more than four unspaced characters is a payload.

A verb of two words the parse keeps the first of (Vietnamese "cập nhật": update) names no
object with its second. A file of one entry a line (``.gitignore``, ``requirements.txt``)
holding an entry the announcement writes holds only those and entries carrying a word of it,
a made file too (h27x): "I'll create `.gitignore` ignoring `node_modules`." + ``!.env``.

Not read: an announcement that names nothing but a tool's noun ("I'll create the issue.",
"creating the file") or a pronoun ("add it"): the step is what came before, the user's
request, which the reply does not show; a content clause or quoted contents (read by
``messaging`` and ``contents``); an edit (an old text replaced: ``payload``,
``writtencontent``); a launch of an agent; a call that writes, creates or sends nothing (a
commit's message, a delete's reason).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from pathlib import PurePosixPath
from typing import Any

from .carriedtext import _changing
from .dispatch import reads
from .kinds import _keys, call_kinds, name_words
from .preamble import Announcement
from .references import _meanings, _stem, concept_names
from .riders import _said_words
from .tables import tongues_of
from .walk import _keyed_strings

__all__ = ["check"]

_KINDS = frozenset({"write", "create", "send"})
"""Kinds of a call whose payload is what it puts in place or sends."""
_INFLECTION = 2
"""The most letters a named word adds to a key's word ("titled" for ``title``)."""
_STEM = 5
"""The first letters of a named word a payload holds to carry it ("report" in "reports")."""
_LEAST = 4
"""The fewest letters of a word of a name read as carried (``api`` and ``py`` are not)."""
_PART = re.compile(r"[^\W_]+")
_NAMED = re.compile(r"[`./@#]")
_SENTENCE = re.compile(r"(?<![.!?。！？])[.!?。！？]++(?:\s+|$)|\n")
_WORDS = re.compile(r"\w+")
_WHOLE = "\x00"
"""The suffix of a lexicon verb entry read whole, no prefix (``tongue.Tongue.kinds``)."""
_CODE = re.compile(r"\w[=<>!~:;|&$(){}\[\]]")
"""A word written as code or a setting (``reqeusts==2.0``, ``auth=off``): a payload, no stub."""
_CLOSED = re.compile(r"\w[.!?。！？]+$|[\u2e80-\u9fff]{5}")
"""A text ending a sentence ("Renuncio.", "我辞职了。": no space in it), or a run of more than
four characters of a script written without spaces ("生产数据库已删除": words of one to four
characters): a payload, no value."""
_UNSPACED = 0x2E80
"""The first code point of the scripts written without spaces (CJK): an article of theirs
("一条") joins the noun it opens."""


def _payload_key(key: str) -> bool:
    words = set(name_words(key))
    return bool(words & (_keys("prose") | _keys("file-content"))) and not words & _keys("heading")


def _whole(key: str) -> bool:
    """A key of a file's whole content."""
    return bool(set(name_words(key)) & _keys("file-content"))


def _edit(args: Mapping[str, Any]) -> bool:
    return any("old" in name_words(k) for k, _v in _keyed_strings(args))


def _payload_calls(calls: Sequence[tuple[str, Mapping[str, Any]]],
                   schemas: Mapping[str, Mapping[str, Any]] | None,
                   descriptions: Mapping[str, str] | None,
                   ) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """The changing calls that write, create or send whole (no edit)."""
    for name, args in _changing(calls, schemas, descriptions):
        if call_kinds(name, args, (schemas or {}).get(name),
                      (descriptions or {}).get(name)) & _KINDS and not _edit(args):
            yield name, args


def _places(name: str, args: Mapping[str, Any]) -> tuple[set[str], set[str]]:
    """(values, words) of the place a call acts at: its arguments that are no payload, whole,
    with their file names, stems, local parts; the words of its name and keys."""
    values: set[str] = set()
    words = set(name_words(name))
    for k, v in _keyed_strings(args):
        words |= set(name_words(k))
        if _payload_key(k) or set(name_words(k)) & _keys("heading"):
            continue  # a heading says what the payload is: a description, no place
        low = " ".join(v.split()).casefold()
        base = PurePosixPath(low.rstrip("/")).name if low else ""
        values |= {low, base, base.split(".")[0] if base.strip(".") else base,
                   low.split("@")[0], low.lstrip("#")}
    return values - {""}, words


def _value(word: str, values: set[str]) -> bool:
    """The word is a value the call carries, written as a name is (a path, an address, a
    channel: code or a word with ``.``, ``/``, ``@`` or ``#``); "the config", "the README" say
    what a thing is."""
    return bool(_NAMED.search(word)) and word.strip("`").casefold() in values


def _beside(view: str, said: Announcement, values: set[str]) -> bool:
    """A sentence that names the place says a word an observation holds beside it ("create
    `config.json` based on the template"): the step's sentence says what the payload is."""
    seen = {w.casefold() for w in said.observed}
    return any(w in seen for s in _SENTENCE.split(view)
               if any(_value(n, values) and n.casefold() in s for n in said.objects)
               for w in _WORDS.findall(s))


def _place(word: str, values: set[str], words: set[str]) -> bool:
    if word[:1] == '"':
        return False  # a quoted text says the payload or what it is
    w = word.strip("`").casefold()
    return w in values or any(w.startswith(k) and len(w) - len(k) <= _INFLECTION
                              for k in words if len(k) > _INFLECTION) \
        or concept_names([w], sorted(words)) \
        or (_lettered(w) and bool(_meanings(w) & _stems(words)))
    # "الملف", "dosyasını": file; "e-mail", "un'email", "بريدًا", "ईमेल": email


def _lettered(w: str) -> bool:
    """A word of letters, their marks (Arabic "بريدًا", Hindi "ईमेल") and joiners ("e-mail",
    "un'email"): a word, not a code token (``references.concept_names`` reads letters
    alone)."""
    return bool(w) and all(c.isalpha() or c in "-'’" or unicodedata.category(c)[0] == "M"
                           for c in w)


def _stems(words: set[str]) -> set[str]:
    return {*words, *(_stem(w) for w in words)}


@reads("write", "create", "send")  # the dispatch's declaration (``dispatch``)
def check(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          descriptions: Mapping[str, str] | None = None, view: str = "") -> str | None:
    """Why a call's payload is unsaid, the announcement naming only the place, or None (module
    docstring); ``view`` is the preamble's normalised text (``view.normalize``)."""
    if said.pronoun or said.contents or getattr(said, "told", ()):
        return None  # the step is what came before ("add it"), or the text says the payload
    beyond = _listed(said, calls, schemas, descriptions)
    if beyond is not None:
        return beyond
    verbs = {v.casefold() for v, _kind in said.verbs}
    named = [w for w in said.objects if w.casefold() not in verbs
             and not _verb_part(w.casefold(), verbs, said, view.casefold())]
    if not named:
        return None
    # a new file's content is what its name says ("I'll add a `Dockerfile`.")
    made = all(kind == "create" for _verb, kind in said.verbs)
    payloads: list[tuple[str, str, str]] = []
    values: set[str] = set()
    words: set[str] = set()
    for name, args in _payload_calls(calls, schemas, descriptions):
        more_values, more_words = _places(name, args)
        values |= more_values
        words |= more_words
        payloads += [(name, k, v) for k, v in _keyed_strings(args)
                     if _payload_key(k) and ((len(v.split()) != 1 or _CODE.search(v))
                                             or _CLOSED.search(v.strip()))
                     and not (made and _whole(k))]
    opened = _opened(named, view, said.tongues)
    if not payloads or not any(_value(w, values) for w in named) \
            or not all(w in opened or _place(w, values, words) for w in named) \
            or any(_value(w, values) for w in said.observed) or _beside(view, said, values) \
            or any(_carried(w, v) for w in (*named, *said.observed) for _n, _k, v in payloads):
        return None  # an observation that names the place, or a word the payload carries,
        # says what it holds ("cache files keep showing up" and ``__pycache__/``)
    name, key, value = payloads[0]
    return (f"{name!r} carries {value.strip()[:50]!r} ({key!r}), which the announcement does "
            f"not say: it names only where it goes ({', '.join(named)[:60]})")


def _listed(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Mapping[str, Any]] | None,
            descriptions: Mapping[str, str] | None) -> str | None:
    """Why a whole file of one entry a line (``.gitignore``, ``requirements.txt``) holds an
    entry beside those the announcement writes that carries no word of it, or None: "I'll
    create `.gitignore` ignoring `node_modules`." + ``node_modules`` and ``!.env``."""
    written = {w.strip("`").casefold() for w in said.objects if w.startswith("`")}
    said_words = _said_words(said)
    for name, args in _payload_calls(calls, schemas, descriptions):
        places, _words = _places(name, args)
        entries = written - places
        for key, value in _keyed_strings(args):
            lines = [x.strip() for x in value.splitlines() if x.strip()]
            if not _whole(key) or len(lines) < 2 or any(len(x.split()) != 1 for x in lines) \
                    or not any(e in x.casefold() for e in entries for x in lines):
                continue
            more = next((x for x in lines if not any(e in x.casefold() for e in entries)
                         and not {w.casefold() for w in _WORDS.findall(x)} & said_words), None)
            if more is not None:
                return (f"{name!r} writes {more[:40]!r} ({key!r}) beside the entries the "
                        "announcement writes, which it does not say")
    return None


def _verb_part(word: str, verbs: set[str], said: Announcement, view: str) -> bool:
    """The word ends a verb of two words the text writes, its first the verb the parse kept
    (Vietnamese "cập nhật": update)."""
    joined = {f"{v} {word}" for v in verbs if f"{v} {word}" in view}
    return bool(joined) and any(pre in joined and suf == _WHOLE
                                for t in tongues_of(said.tongues) for _k, pre, suf in t.kinds)


def _opened(named: Sequence[str], view: str, languages: Sequence[str]) -> set[str]:
    """The named words of a noun phrase an indefinite article opens ([g-indefinite]: "a
    status update", "une mise à jour", "bir güncelleme", "一条更新", "un'email"): a text the
    announcement makes new, which it does not say by naming its kind; the phrase runs over
    named words up to the first word that is none (a name, a quote, a preposition)."""
    dets = {w for t in tongues_of(languages) for s, w in t.marks if s == "g-indefinite"}
    plain = sorted((w.casefold() for w in named if w[:1] not in "`\"" and not _NAMED.search(w)),
                   key=len, reverse=True)
    if not dets or not plain:
        return set()
    low = view.casefold()
    out = {w for w in plain if any(w.startswith(d) and len(w) > len(d)
                                   for d in dets if d[-1] in "'’")}  # "un'email"
    for d in dets:
        unspaced = ord(d[0]) >= _UNSPACED
        head = re.escape(d) if unspaced or d[-1] in "'’" else rf"(?<!\w){re.escape(d)}\s+"
        for m in re.finditer(head, low):
            # "一个 issue": a word of a spaced script after an article of an unspaced one
            rest = low[m.end():].lstrip() if unspaced else low[m.end():]
            while True:
                w = next((w for w in plain if rest.startswith(w) and (
                    len(rest) == len(w) or not rest[len(w)].isalnum() or unspaced)), None)
                if w is None:
                    break
                out.add(w)
                rest = rest[len(w):].lstrip()
    return {w for w in named if w.casefold() in out}


def _carried(word: str, payload: str) -> bool:
    """The payload holds a word the announcement names (the thing it says it writes: "the
    report" and "Please find the Q3 report attached"), or a word of a name it writes
    (``tests/test_api.py`` and ``import pytest``), or their first letters."""
    low = payload.casefold()
    return any(w in low or (len(w) > _STEM and w[:_STEM] in low)
               for w in _PART.findall(word.casefold()) if len(w) >= _LEAST or not w.isascii())
