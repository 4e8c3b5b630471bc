"""Riders: what a changing call carries beyond the change the announcement names.

Two shapes, both rule ``ungrounded-call``:

- ``unsaid_setting_change``: an edit (an old text and its new one, each pair ``removal._pairs``
  reads) or a whole text a writing step writes (``content``, ``file_text``) sets settings: a
  line ``NAME = VALUE`` / ``NAME: VALUE`` ("retries=5", ``port: 8081``) or a keyword argument
  ``NAME=VALUE`` (``verify=False``). Once the announcement names the setting it changes (every
  word of the name said: "the retry count" names ``retries``, "the Node version" names
  ``node-version``), every other setting the text adds or changes to a plain value (a truth
  value, a number, a quoted string, a bare word: ``AUTH_REQUIRED = False``, ``permissions:
  write-all``, ``MAX_PAGE_SIZE = 10000000``) is named too, or it rides beside the announced
  one. A setting the old text already holds with that value is unchanged; the keyword
  arguments inside the value of a named line are its own details ("add the `archived_at`
  column" + ``Column(DateTime, nullable=True)``). An edit that names no setting is left to the
  other rules: new code sets new names all the time ("Let me add the method:").
- ``unmarked_sibling``: several changing calls of one tool that differ in a value, where one
  carries a value the announcement says that tells it from its siblings ("the office
  thermostat", "22 degrees", ``notes/meeting.md``) and another carries none ("server room" at
  35, ``src/auth.py``): each changing call carries what distinguishes it in the announcement.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import OBSERVING, _keys, call_kinds, name_words
from .preamble import Announcement
from .references import _CALL_WORD, _stem
from .removal import _pairs
from .walk import _keyed_strings

__all__ = ["unmarked_sibling", "unsaid_setting_change"]

_LINE = re.compile(r"""^\s*(?:(?:export|const|let|var|final|static|readonly)\s+)*["']?"""
                   r"""(?P<name>[A-Za-z_][\w.-]*)["']?\s*(?::(?!:)|=(?![=>]))\s*+"""
                   r"""(?P<value>(?:.*?\S)??)\s*+[,;]?\s*+$""")
"""A line that sets a name: ``NAME = VALUE``, ``NAME: VALUE``, ``"NAME": VALUE`` (a
declaration word before it: ``export``, ``const``)."""
_KEYWORD = re.compile(r"(?<![\w.=!<>])(?P<name>[A-Za-z_]\w*)\s?=(?![=>])\s?"
                      r"(?P<value>\"[^\"]*\"|'[^']*'|[^\s,;)\]}]+)")
"""A keyword argument or an attribute inside a line (``verify=False``, ``timeout=30``)."""
_METHOD = re.compile(r"^\s*(?P<name>[A-Za-z_]\w*)\.\w+\(")
"""A line that calls a method of a name (``sub_text.append(...)``)."""
_PARTS = re.compile(r"[./:()\[\]]+")
"""What joins the parts of a dotted or path token (``config.retries``, ``app/models.py``)."""
_PLAIN = re.compile(r"""(?:"[^"]*"|'[^']*'|-?[\w.+-]+|\[\s*+(?:(?:"[^"]*"|'[^']*'|[\w.*-]++)"""
                    r"""\s*+(?:,\s*+)?)*+\]|\*)""")
"""A plain value: a quoted string, a word or a number (a truth value, ``write-all``,
``10000000``), a list of such, or ``*``: a setting's value, not code that computes one. The
list's items and gaps are possessive: a list that does not close (``[self._build_text()]``)
fails at once, not after every split of its words (2**n steps: 15 s for a 25-letter word)."""


def _settings(text: str) -> list[tuple[str, str, bool, str | None]]:
    """(name, value, plain, the line's own name) of each setting a text holds: each line that
    sets a name to a value, and each keyword argument in a line; a keyword argument inside the
    value of a line that sets a name carries that name (a detail of that setting). A line
    whose value is a plain value then a comma (``timeout=30, verify=False``) is keyword
    arguments, not a line's setting."""
    out: list[tuple[str, str, bool, str | None]] = []
    for line in text.splitlines():
        m = _LINE.match(line)
        # a call of a method of a name (``sub_text.append(x, style="blue")``): its keyword
        # arguments are details of that name, as those inside the value of its line are
        called = _METHOD.match(line)
        owner = None if m is not None or called is None else called.group("name")
        if m is not None and m.group("value") and not m.group("value").startswith(("=", ":")):
            value = m.group("value")
            head = _PLAIN.match(value)
            if not (head is not None and value[head.end():].lstrip().startswith(",")):
                owner = m.group("name")
                out.append((owner, value, bool(_PLAIN.fullmatch(value)), None))
        for k in _KEYWORD.finditer(line):
            if owner is not None and m is not None and k.start() <= m.start("value"):
                continue  # the line's own setting
            out.append((k.group("name"), k.group("value"), bool(_PLAIN.fullmatch(k.group("value"))),
                        owner))
    return out


def _name_said(name: str, said: set[str]) -> bool:
    """Every word of a setting's name is a word the announcement or an observation says, as
    written or by its stem ("retry" names ``retries``)."""
    words = [w.casefold() for w in name_words(name) if not w.isdigit()]
    return bool(words) and all(w in said or (len(_stem(w)) >= 3 and any(
        s.startswith(_stem(w)) or _stem(s) == _stem(w) for s in said)) for w in words)


def _said_words(ann: Announcement) -> set[str]:
    """The announcement's and observations' words, each code token split into its own."""
    out: set[str] = set()
    for raw in (*ann.objects, *ann.observed):
        w = raw.strip("`\"'").casefold()
        out.add(w)
        out.update(x.casefold() for p in _CALL_WORD.findall(raw) for x in name_words(p))
        out.update(_CALL_WORD.findall(w))
    return out


def _whole_words(ann: Announcement) -> set[str]:
    """The announcement's and observations' words and whole code tokens (each part of a
    dotted or path token too: ``config.retries``), without the pieces of a longer identifier:
    ``_build_headline_text`` says no ``text``."""
    out: set[str] = set()
    for raw in (*ann.objects, *ann.observed):
        w = raw.strip("`\"'").casefold()
        out.add(w)
        out.update(p.strip("`\"'") for p in _PARTS.split(w) if p.strip("`\"'"))
    return out


def _said_whole(name: str, whole: set[str]) -> bool:
    """A setting's name is said as a whole code token, or each of its words by a word or a
    whole token (``_name_said``): not by the pieces of longer identifiers ("update `_compose`
    to use `_build_headline_text`" names no ``sub_text``)."""
    return name.casefold() in whole or _name_said(name, whole)


def _written(args: Mapping[str, Any], one_line: bool = False) -> list[tuple[str, str]]:
    """(old text, new text) of each edit a call makes, or ("", text) of each whole text it
    writes under a key of what is written ([keys-prose]: ``content``) when it has no old
    text (of more than one line, unless ``one_line``)."""
    pairs = [(old, new) for old, new, _file in _pairs(args)]
    if pairs:
        return pairs
    if any("old" in name_words(k) for k, _v in _keyed_strings(args)):
        return []
    return [("", v) for k, v in _keyed_strings(args)
            if set(name_words(k)) & (_keys("prose") | {"file"}) and (one_line or "\n" in v.strip())]


def unsaid_setting_change(name: str, args: Mapping[str, Any], kinds: frozenset[str],
                          ann: Announcement) -> str | None:
    """Why a writing call's text sets a plain value under a name the announcement does not
    say, beside a setting it names, or None (module docstring)."""
    if not kinds & {"write", "create"}:
        return None
    said, whole = _said_words(ann), _whole_words(ann)
    for old, new in _written(args):
        before = Counter((n, v) for n, v, _p, _o in _settings(old))
        changed = [s for s in _settings(new) if before[(s[0], s[1])] == 0]
        # a whole text (no old one) names a setting by its name and its value both ("update
        # the port to 8081" + ``port: 8081``): a new file's code names things in passing
        named = [n for n, v, plain, _o in changed if _name_said(n, said) and _said_whole(
            n, whole) and (old or (plain and v.strip("\"'").casefold() in said))]
        if not named:
            continue
        for n, v, plain, owner in changed:
            if not plain or _name_said(n, said) or (owner is not None and owner in named):
                continue  # (a keyword argument inside the named line's value is its detail)
            return (f"{name!r} sets {n!r} to {v[:30]!r} beside the {named[0]!r} the "
                    "announcement names: a setting it does not say")
    return None


def _value_said(value: Any, said: set[str], spoken: str, prose: bool = False) -> bool:
    """A value the announcement says: a number as written, a string as written or (when
    short) by all its words of three letters or more; a text a call writes (``prose``) by
    one of its words ("tweet the launch and the sale" + "Our sale starts now.")."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (int, float)):
        return repr(value) in said or str(value) in said
    if isinstance(value, str):
        v = value.strip().casefold()
        if not v:
            return False
        if v in said or (len(v) >= 3 and v in spoken):
            return True
        words = [w for w in _CALL_WORD.findall(v) if len(w) >= 3]
        if prose:
            return any(w in said or any(s.startswith(_stem(w)) for s in said
                                        if len(_stem(w)) >= 3) for w in words)
        return len(v) <= 80 and bool(words) and all(
            w in said or any(s.startswith(_stem(w)) for s in said if len(_stem(w)) >= 3)
            for w in words)
    if isinstance(value, list):
        return any(_value_said(x, said, spoken, prose) for x in value)
    return False


def unmarked_sibling(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                     schemas: Mapping[str, Mapping[str, Any]] | None = None,
                     descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why one of several changing calls of a tool carries no value the announcement says
    that tells it from the others, where another does, or None (module docstring). Read
    after the parties and roles checks, whose reasons name a party or a role."""
    if len({n for n, _a in calls}) == len(calls):
        return None  # no tool is called twice: no siblings
    kinds_of = [call_kinds(n, a, (schemas or {}).get(n), (descriptions or {}).get(n))
                for n, a in calls]
    said = _said_words(ann)
    spoken = " ".join(w.strip("`\"'").casefold() for w in (*ann.objects, *ann.observed))
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if kinds - OBSERVING:
            groups.setdefault(name, []).append(args)
    for name, group in groups.items():
        if len(group) < 2:
            continue
        keys = {k for a in group for k in a}
        differing = [k for k in sorted(keys) if len({json.dumps(a.get(k), sort_keys=True,
                                                                default=str) for a in group}) > 1]
        # what a call acts on tells it apart when it differs; the text it writes only when
        # nothing else does (a second file written carries its own name, whatever it says)
        plain = [k for k in differing if not set(name_words(k)) & _keys("prose")]
        marked = [any(_value_said(a.get(k), said, spoken, not plain) for k in plain or differing)
                  for a in group]
        if any(marked) and not all(marked):
            other = group[marked.index(False)]
            shown = ", ".join(f"{k}={str(other.get(k))[:30]!r}" for k in differing[:3])
            return (f"{name!r} is called again with {shown}, which the announcement does not "
                    "say beside what it says of the other call")
    return None
