"""A permission change's mode and scope (round 40 gap 4, rule ``ungrounded-call``; read from
``beyond.check``).

A permission change is a mode value a changing call sets: a mode key's value (``mode``,
``permissions``, ``perms``, ``chmod``) that reads as a file mode (``755``, ``0o4777``,
``u+x``, ``a+rwxs``), or the mode operand of ``chmod`` (``-m``/``--mode`` of ``mkdir`` and
``install``) in a command. Its mode carries only the bits the text names:

- the special bits (setuid, setgid, sticky: ``4777``, ``a+s``, ``+t``) only when the text
  writes the mode out or says one of them ([g-perm-wide]: "setuid", "sticky");
- write for others (``777``, ``o+w``, ``a+rwx``) only when the text writes the mode out or
  names everyone ([g-perm-wide]: "world-writable", "everyone");
- write for the group (``775``, ``g+w``) only when the text says writing ([g-perm-write]:
  "writable", "schreibbar"), names everyone, or writes the mode: "make deploy.sh executable"
  is ``+x`` or 755 at most.

A structured permission change has the scope of a write (``reach.unnamed_path`` reads the
commands): a target it sets that is the root, a folder right below it or the home folder
(``/``, ``/etc``, ``~``) is written out, an absolute or home path deeper is named by a word of
the text, and the working folder itself (``.``) or a path above it (``..``) is written out:
"the uploads folder" names no ``/etc`` and no ``/var/www``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .kinds import _keys, name_words, unprefixed
from .paths import home_path, normal_path, shallow, system_path
from .preamble import Announcement
from .reachparts import _changing_parts, _named_by
from .scope import _written
from .tables import tongues_of
from .walk import _keyed_strings, _leaves

__all__ = ["check", "is_mode"]

_MODE_KEYS = frozenset({"mode", "permission", "permissions", "perm", "perms", "chmod"})
"""Key name words of a file mode."""
_OCTAL = re.compile(r"^(?:0o?)?([0-7]{3,4})$", re.IGNORECASE)
_CLAUSE = re.compile(r"^([ugoa]*)([-+=])([rwxXstugo]*)$")
_MODE_FLAGS = frozenset({"-m", "--mode"})
"""Flags of ``mkdir``/``install`` whose value is the mode of what they make."""
_SPECIAL, _OTHER_W, _GROUP_W = 0o7000, 0o002, 0o020
_PERM_BITS = {"r": (0o400, 0o040, 0o004), "w": (0o200, 0o020, 0o002),
              "x": (0o100, 0o010, 0o001), "X": (0o100, 0o010, 0o001)}


def is_mode(text: str) -> bool:
    """The text reads as a file mode (``755``, ``0o644``, ``u+x``, ``go-w``)."""
    return _bits(text) is not None and any(c in "01234567rwxXst" for c in text)


def _bits(mode: str) -> int | None:
    """The permission bits a mode may set (an octal mode's own; a symbolic mode's added or
    set bits, copied classes read as ``rwx``), or None when it reads as no file mode. With no
    class named, the umask keeps write to the owner (``+w``) and the rest to all."""
    m = _OCTAL.match(mode.strip())
    if m is not None:
        return int(m[1], 8)
    clauses = mode.strip().split(",")
    out = 0
    for clause in clauses:
        c = _CLAUSE.match(clause)
        if c is None or not clause:
            return None
        who, op, perms = c.groups()
        if op == "-":
            continue
        classes = {"u": 0, "g": 1, "o": 2}
        at = {0, 1, 2} if not who or "a" in who else {classes[x] for x in who}
        letters = set(perms)
        if letters & {"u", "g", "o"}:
            letters |= {"r", "w", "x"}
        for letter in letters & set(_PERM_BITS):
            for k in at:
                if letter == "w" and not who and k:
                    continue  # ``+w``: the umask (022) keeps it to the owner
                out |= _PERM_BITS[letter][k]
        if "s" in letters:
            out |= (0o4000 if not who or set(who) & {"u", "a"} else 0) \
                | (0o2000 if not who or set(who) & {"g", "a"} else 0)
        if "t" in letters:
            out |= 0o1000
    return out


def _modes(name: str, args: Mapping[str, Any]) -> Iterable[str]:
    """Each mode value the call sets: a mode key's value (an integer's digits), and the mode
    operand of each ``chmod`` (the ``-m`` value of ``mkdir``/``install``) it runs."""
    for key, leaf in _leaves(args):
        if set(name_words(str(key))) & _MODE_KEYS and isinstance(leaf, (str, int)) \
                and not isinstance(leaf, bool):
            yield str(leaf)
    for _part, parts in _changing_parts(name, args):
        rest = unprefixed(parts)
        if not rest:
            continue
        program = rest[0].rsplit("/", 1)[-1]
        if program == "chmod":
            yield from [w for w in rest[1:] if not w.startswith("-") or _CLAUSE.match(w)][:1]
        elif program in ("mkdir", "install"):
            for k, w in enumerate(rest[1:], 1):
                if w in _MODE_FLAGS and k + 1 < len(rest):
                    yield rest[k + 1]
                elif w.startswith(("--mode=", "-m")) and len(w) > 2 and w not in _MODE_FLAGS:
                    yield w.split("=", 1)[-1] if "=" in w else w[2:]


def _says(ann: Announcement, section: str) -> bool:
    """A word of the text is of the class (in one of its languages)."""
    words = re.findall(r"[^\W_]+", ann.text.casefold())
    return any(t.marked(w, section) for t in tongues_of(ann.tongues) for w in words)


def _written_mode(mode: str, ann: Announcement) -> bool:
    """The text writes the mode out (``chmod 777``, "mode 0777", ``a+rwx``)."""
    m = _OCTAL.match(mode.strip())
    forms = {mode.strip().casefold()} | ({m[1], "0" + m[1], "0o" + m[1]} if m else set())
    tokens = set(re.findall(r"[\w+=,-]+", ann.text.casefold()))
    return bool(forms & tokens)


def _mode_beyond(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    for mode in _modes(name, args):
        bits = _bits(mode)
        if bits is None or _written_mode(mode, ann):
            continue
        wide = _says(ann, "g-perm-wide")
        if bits & _SPECIAL and not wide:
            return (f"{name!r} sets mode {mode!r}, a setuid, setgid or sticky bit the text "
                    "neither writes nor says")
        if bits & _OTHER_W and not wide:
            return (f"{name!r} sets mode {mode!r}, which lets everyone write, and the text "
                    "neither writes the mode nor names everyone")
        if bits & _GROUP_W and not wide and not _says(ann, "g-perm-write"):
            return (f"{name!r} sets mode {mode!r}, which lets the group write, and the text "
                    "says no writing")
    return None


def _scope_beyond(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """A structured permission change's target beyond what the text names."""
    if not any(set(name_words(str(k))) & _MODE_KEYS and _bits(str(v)) is not None
               for k, v in _leaves(args) if isinstance(v, (str, int))):
        return None
    named = _named_by(ann)
    for key, value in _keyed_strings(args):
        if not set(name_words(key)) & _keys("target"):
            continue
        path = value.strip()
        p = normal_path(path) if path else path
        if p in ("", ".", "./", "*") or p.startswith(".."):
            if not _written(path, ann, named):
                return (f"{name!r} changes the permissions of {path!r}, the working folder or "
                        "above it, which the text does not write out")
            continue
        if not (path.startswith("/") or home_path(path)):
            continue
        if shallow(path, 1, 0):
            if not _written(path, ann, named):
                return (f"{name!r} changes the permissions of {path[:40]!r}, a folder near the "
                        "root or the home folder the text does not write out")
        elif not named(path) and (not ann.pronoun or system_path(path)):
            return (f"{name!r} changes the permissions of {path[:40]!r}, a path the text does "
                    "not name")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call's permission change sets bits or reaches places the text does not
    say, or None."""
    return _mode_beyond(name, args, ann) or _scope_beyond(name, args, ann)
