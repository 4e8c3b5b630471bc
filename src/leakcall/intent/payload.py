"""Payloads: what the text an edit adds, or a whole file a call writes, carries beside the
change the announcement names (rule ``ungrounded-call``).

A change announced as a small step ("add the missing import", "add a guard", "create the
setup script") writes code; the lines it adds (the new text's lines the old text lacks, every
line of a whole text) may hold a step of their own that running the code takes. Three shapes
of such a step are read, each refused unless the announcement says it:

- a command a string of the code holds (``os.system('rm -rf /var/lib/app')``), or a line of a
  shell script (a ``#!`` shell line or a ``.sh`` path) that takes a step of a kind
  ([payload-kinds]) no announced verb covers: "add the import" deletes nothing;
- a function called whose name raises privileges ([privilege] words beside a changing kind:
  ``grant_admin(request)``), where the announcement says neither that word nor forcing
  ([g-escalate]);
- a check turned off: a keyword argument or setting whose name's words hold a check's word
  ([keys-check]: ``verify``, ``check_hostname``) set to an off value (``False``, ``0``),
  which the old text does not hold, where the announcement says neither its name nor a
  check's word ("add the missing await" is no ``verify=False``; "skip SSL verification" is).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .cargo import paid_order
from .drift import drifted
from .kinds import command_kinds, name_words
from .kindsfile import section
from .preamble import Announcement
from .riders import _KEYWORD, _LINE, _name_said, _said_words, _written
from .tables import tongues_of
from .toolkinds import tool_kinds
from .words import covers

__all__ = ["carried_step"]

_STRING = re.compile(r"'([^'\\\n]*)'|\"([^\"\\\n]*)\"")
"""A quoted string of code, on one line."""
_CALLED = re.compile(r"(?<![\w.])([A-Za-z_][\w.]*)\s*\(")
"""A function called (its dotted name: ``os.system``)."""
_SHELL = re.compile(r"^#!\S*/(?:env\s+)?(?:ba|z|da|k)?sh\b")
"""A shell script's first line."""
_OFF = frozenset({"false", "0", "no", "off"})
"""Values that turn a setting off."""
_GRANTS = re.compile(
    r"(?:(?<![=!<>])=|[\[:])\s*(?P<q>['\"])(?P<star>\*)(?P=q)\s*(?=[\]),;}]|$)"  # ['*'], = "*"
    r"|,\s*(?P<p>['\"])(?P<item>\*)(?P=p)\s*(?=[\],;}]|$)"  # ['a', '*']
    r"|(?:[:=]\s*|\s)(?P<bare>\*)\s*;\s*$|[:=]\s*(?P<yaml>\*)\s*$"  # Origin *;  Principal: *
    r"|(?<![\w.:])(?P<any>0\.0\.0\.0(?:/0)?|::/0)(?![\w.]|/[1-9])"  # every address
    r"|(?:^|[{;])\s*(?:root|alias|DocumentRoot)\s+(?P<root>['\"]?/['\"]?)\s*(?:;|$)"  # root /;
    r"|(?<![\w.])(?P<mode>0o?777)(?!\w)"  # a mode open to everyone
    r"|^\s*(?P<users>ALL\s+ALL)\s*=",  # sudoers: every user, every command
    re.IGNORECASE)
"""A value granting everything, on one line of code or configuration."""


def _added(old: str, new: str) -> list[str]:
    """The lines of the new text the old one lacks (compared stripped)."""
    before = {x.strip() for x in old.splitlines()}
    return [x for x in new.splitlines() if x.strip() and x.strip() not in before]


def _script(args: Mapping[str, Any], new: str) -> bool:
    """The text is a shell script: its first line says so, or the call's path ends ``.sh``."""
    paths = [v for k, v in args.items() if isinstance(v, str) and len(v) < 300
             and set(name_words(k)) & {"path", "file", "filename", "target"}]
    return bool(_SHELL.match(new.lstrip())) or any(
        p.strip().endswith((".sh", ".bash")) for p in paths)


def _commands(lines: list[str], script: bool) -> list[str]:
    """The command lines the added text holds: each line of a script, else each string."""
    if script:
        return [x for x in lines if not x.lstrip().startswith("#")]
    return [a or b for x in lines for a, b in _STRING.findall(x) if " " in (a or b).strip()]


def carried_step(name: str, args: Mapping[str, Any], kinds: frozenset[str],
                 ann: Announcement) -> str | None:
    """Why the text a writing call adds takes a step the announcement does not say, or None
    (module docstring)."""
    if not kinds & {"write", "create"}:
        return paid_order(name, args, kinds, ann)
    verb_kinds = {k for _v, k in ann.verbs if k}
    said = _said_words(ann)
    ts = tongues_of(ann.tongues)
    escalates = any(t.has(w.casefold(), "g-escalate") for t in ts
                    for w in (*(v for v, _ in ann.verbs), *ann.objects))
    for old, new in _written(args, one_line=True):
        why = _granted(name, _added(old, new), ann)
        if why is not None:
            return why
    for old, new in _written(args):
        lines = _added(old, new)
        for command in _commands(lines, _script(args, new)):
            step = next((k for k in sorted(command_kinds(command) & section("payload-kinds"))
                         if not covers(verb_kinds, k)), None)
            if step is not None:
                return (f"{name!r} writes {command.strip()[:40]!r}, a step of kind {step!r} "
                        "the announcement does not say")
        for line in lines:
            for f in _CALLED.findall(line):
                words = {w.casefold() for w in name_words(f.rsplit(".", 1)[-1])}
                raised = words & section("privilege")
                if raised and tool_kinds(f.rsplit(".", 1)[-1]) & {"write", "create"} \
                        and not escalates and not any(w in said for w in raised):
                    return (f"{name!r} adds a call of {f!r}, which raises privileges, and "
                            "the announcement says no such thing")
            for n, v in _switches(line):
                if set(name_words(n)) & section("keys-check") and v.strip("\"'").casefold() \
                        in _OFF and not _name_said(n, said) and not escalates \
                        and not said & section("keys-check"):
                    return (f"{name!r} adds {n}={v}, which turns a check off, and the "
                            "announcement says no such thing")
    return drifted(name, args, ann)


def _granted(name: str, lines: list[str], ann: Announcement) -> str | None:
    """Why the added lines grant everything the announcement does not say, or None."""
    if ann.universal:
        return None
    written = {w.strip("`'\"").casefold() for w in ann.objects}
    for line in lines:
        for m in _GRANTS.finditer(line):
            value = next(v for k, v in m.groupdict().items() if v and k not in ("q", "p"))
            if value.strip("'\"").casefold() not in written:
                return (f"{name!r} writes {line.strip()[:50]!r}, which grants everything, and "
                        "the announcement says no 'all' nor that value")
    return None


def _switches(line: str) -> list[tuple[str, str]]:
    """(name, value) of the setting a line makes and of each keyword argument in it."""
    out = [(k.group("name"), k.group("value")) for k in _KEYWORD.finditer(line)]
    m = _LINE.match(line)
    if m is not None and m.group("value"):
        out.append((m.group("name"), m.group("value")))
    return out
