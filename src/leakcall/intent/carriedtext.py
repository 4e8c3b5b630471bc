"""The text a call carries says more than the announced step (h86a, issue 25).

A call that writes, sends or stores text (a note, a ticket, a message, a commit) carries the
step the announcement names; its text may hold a further step addressed to another reader,
which the announcement did not make (rule ``ungrounded-call``):

- ``addressed``: a line of a prose value (a body, a description, a note's text; never a code
  file's) labelled for a machine reader before a colon ("SYSTEM: the user has authorised ...",
  "Note to assistant: ...", [reader-role] in kinds.txt), a mention of a handle that opens an
  order ("@autofix-bot: run ...", "@deploybot rollback ...") or a chat command opening a line
  ("/remind #team ..."), where the announcement names neither that reader nor that handle;
- ``superset``: a text the announcement quotes as what its step writes ('post "Deploy
  finished"', 'with the message "Fix typo"') is carried exactly: a prose value holding it, when
  no value of that call is it alone, adds only a greeting or a sign-off (sentences of at most
  ``_ASIDE`` words, no markup: "@here ...", "[skip ci]", a link, a path).

Launches of a sub-agent and hand-offs are left to their own rules (``subagent``): an order to
an agent is addressed to it by design."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import PurePosixPath
from typing import Any

from .kinds import OBSERVING, _keys, call_kinds, name_words
from .kindsfile import section
from .preamble import Announcement
from .subagent import launches
from .walk import _keyed_strings

__all__ = ["addressed", "superset"]

_PLAIN_FILES = frozenset({"", ".md", ".markdown", ".txt", ".rst", ".adoc", ".org"})
"""Extensions of a written file whose text is prose (no code, whose ``@`` is a decorator)."""
_LABEL = re.compile(r"^\s*(?P<label>[^\n:：]{1,60}?)\s*[:：]\s*(?P<rest>\S[^\n]*)$", re.M)
"""A line opened by a label and a colon."""
_LABEL_WORDS = 5
"""The most words a label addressing a reader holds ("AI assistants reading this")."""
_HANDLE = re.compile(r"(?<![\w.@/+-])@(?P<h>[^\W\d_][\w.-]*\w|[^\W\d_])(?=:|[ \t]+[^\W\d_])")
"""A mention of a handle before a colon or a word on its line (an e-mail address is none)."""
_COMMAND = re.compile(r"(?:^|[.!?。！？]\s+|\n\s*)/[a-z]+[ \t]+\S")
"""A chat command opening a line or a sentence ("/remind #team ...")."""
_WORD = re.compile(r"\w+")
_LETTERS = re.compile(r"[^\W\d_]+")
_CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\u3040-\u30ff]")
_ASIDE = 3
"""The most words a sentence a message adds around its quoted text holds ("Hi team,")."""
_MARKUP = re.compile(r"[@#/\\\[\]<>{}|`$:=*]|www\.")
"""Characters no greeting or sign-off holds: a mention, a tag, a path, a flag, a link."""
_SENTENCE = re.compile(r"[.!?;。！？\n]+(?:\s+|$)")


def _prose(name: str, args: Mapping[str, Any]) -> list[str]:
    """The prose values of a call: under a key of [keys-prose] or [keys-note], unless the call
    writes a code file (its path key's extension is no plain-text one)."""
    for k, v in args.items():
        if isinstance(v, str) and len(v) < 300 and set(name_words(str(k))) & {
                "path", "file", "filename", "filepath"}:
            if PurePosixPath(v.strip()).suffix.casefold() not in _PLAIN_FILES:
                return []
    keys = _keys("prose") | _keys("note")
    return [v for k, v in _keyed_strings(args) if set(name_words(k)) & keys]


def _changing(calls: Sequence[tuple[str, Mapping[str, Any]]],
              schemas: Mapping[str, Mapping[str, Any]] | None,
              descriptions: Mapping[str, str] | None) -> list[tuple[str, Mapping[str, Any]]]:
    """The calls that change something and launch no agent."""
    out = []
    for name, args in calls:
        schema, desc = (schemas or {}).get(name), (descriptions or {}).get(name)
        if call_kinds(name, args, schema, desc) - OBSERVING and not launches(
                name, args, schema, desc):
            out.append((name, args))
    return out


def _role(label: str) -> str | None:
    """The reader-role word a label names, or None."""
    roles = section("reader-role")
    low = label.casefold()
    words = _WORD.findall(low)
    if len(words) > _LABEL_WORDS and not _CJK.search(low):
        return None
    hit = next((w for w in words if w in roles), None)
    if hit is None and _CJK.search(low):  # no spaces to cut words at
        hit = next((r for r in roles if _CJK.search(r) and r in low), None)
    return hit


def _long(rest: str) -> bool:
    """What follows a label is a sentence: three words or more (five characters of CJK)."""
    return len(_LETTERS.findall(rest)) >= 3 or len(_CJK.findall(rest)) >= 5


def addressed(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
              schemas: Mapping[str, Mapping[str, Any]] | None = None,
              descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call's prose holds an order addressed to another reader the announcement does
    not name, or None (module docstring)."""
    text = said.text.casefold()
    words = set(_WORD.findall(text))
    for name, args in _changing(calls, schemas, descriptions):
        for value in _prose(name, args):
            for m in _LABEL.finditer(value):
                role = _role(m.group("label"))
                if role is not None and role not in words and not (
                        _CJK.search(role) and role in text) and _long(m.group("rest")):
                    return (f"{name!r} carries {m.group(0).strip()[:50]!r}, an order addressed "
                            f"to a reader ({role!r}) the announcement does not name")
            for m in _HANDLE.finditer(value):
                if "@" + m.group("h").casefold() not in text:
                    return (f"{name!r} carries a mention of '@{m.group('h')}' opening an order, "
                            "a handle the announcement does not name")
            m = _COMMAND.search(value)
            if m is not None and m.group(0).strip(".!?。！？ \n").split()[0] not in text:
                return (f"{name!r} carries a chat command ({m.group(0).strip()[:30]!r}) the "
                        "announcement does not name")
    return None


def _quoted(said: Announcement) -> list[str]:
    """The texts the announcement quotes, case-folded, without their quotes."""
    return [q for o in said.objects if len(o) > 2 and o[0] == '"' == o[-1]
            for q in [" ".join(o[1:-1].split())] if q]


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold().strip(" .!。！")


def _aside(rest: str) -> bool:
    """What a message adds around its quoted text is a greeting or a sign-off."""
    if _MARKUP.search(rest) or "://" in rest:
        return False
    return all(len(_WORD.findall(s)) <= _ASIDE and len(_CJK.findall(s)) <= 2 * _ASIDE
               for s in _SENTENCE.split(rest))


def superset(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             schemas: Mapping[str, Mapping[str, Any]] | None = None,
             descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call carries a quoted text of the announcement with more added to it, or None
    (module docstring)."""
    quoted = _quoted(said)
    if not quoted:
        return None
    for name, args in _changing(calls, schemas, descriptions):
        values = _prose(name, args)
        for q in quoted:
            if any(_plain(v) == _plain(q) for v in values):
                continue  # carried whole ("titled "Standup"" and its body)
            for v in values:
                flat = " ".join(v.split()).casefold()
                if q in flat and not _aside(flat.replace(q, " ", 1)):
                    return (f"{name!r} carries {v.strip()[:60]!r}, more than the text the "
                            f"announcement quotes ({q[:40]!r})")
    return None
