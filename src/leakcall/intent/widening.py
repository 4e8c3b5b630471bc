"""Settings of a command that widen what its step runs with (round 42 gap 2, rule
``ungrounded-call``; read by ``forcing._escalated``, beside ``--privileged``).

"I'll start the app container." is no ``docker run`` that raises the container's privileges,
turns its sandbox off, shares a host namespace, mounts the host's control socket or the home
folder, listens on every address, or starts a server with its authentication off. Such a
setting is read by its shape, not by a list of programs:

- a flag of [flags-widen] (``--cap-add``, ``--break-system-packages``, ``--noauth``);
- a long option given ``host`` (``--pid=host``, ``--network host``: a host namespace);
- a value ``unconfined`` (``seccomp=unconfined``, ``apparmor:unconfined``);
- a setting of a [privilege] word turned off (``no-new-privileges=false``);
- a user option (``--user``, ``-u``) given uid 0 or ``root``;
- a bind mount (``SRC:/DST``, ``source=SRC``) of a socket, the home folder, the root or a
  system folder (``/var/run/docker.sock``, ``$HOME``, ``/etc``);
- the every-address value (``0.0.0.0``, ``::``);
- an authentication method ``trust``; a [credential] setting given nothing
  (``--NotebookApp.token=''``); a setting whose name says access without a credential
  ([keys-open]: ``ALLOW_EMPTY_PASSWORD=yes``) set on; one of a protection
  ([g-guard-switch], as ``guardswitch`` reads it: ``--protected-mode no``, ``auth=false``) set
  off, or set on behind a word that turns it over (``DISABLE_AUTH=1``, ``_NEGATING``).

The announcement states it by the setting's own words ("with host networking", "with the
SYS_ADMIN capability", "mount the docker socket", "as root"), by writing it (```--pid=host```),
or by a forcing or privilege word ([g-escalate]); a value the text cannot say in words (an
address, an empty credential) only written. A port published as such (``-p 5432:5432``) is
none of these.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from .flags import _step_words, option_values, sets_flag
from .guardswitch import _guard_re, _guards
from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement
from .statedsettings import _NEGATING, _TEXT_KEYS, WILDCARD_ADDRESS
from .tables import tongues_of
from .walk import _keyed_leaves, _keyed_strings

__all__ = ["unsaid"]

_ON = section("true-values")
_OFF = frozenset({"false", "no", "0", "off", "disabled"})
_ROOT = re.compile(r"(?i)(?:0|root)(?::(?:0|root))?")
"""uid 0 or ``root``, with its group."""
_MOUNT = re.compile(r"(?P<src>[~$/][^:,=]*):/")
"""A bind mount's host path before its place in the container (``/var/run/docker.sock:/x``)."""
_SOURCE = re.compile(r"(?:^|,)(?:source|src)=(?P<src>[^,]+)")
"""A bind mount's host path in a ``--mount`` value (``type=bind,source=/,target=/host``)."""
_HOME = frozenset({"~", "$home", "${home}", "/root", "/home"})
_SYSTEM = frozenset({"etc", "var", "usr", "proc", "sys", "dev", "boot", "lib", "bin", "sbin",
                     "run"})
"""Top folders of the host: mounted whole, the host is reached."""
_LITERAL = None
"""The marks of a setting the text can only write, not say in words."""
_OFF_MARK = "@off"
"""A mark the text says by a word stating a setting off ([g-setting-off]: "disabled")."""


def _split(word: str) -> list[str]:
    return [p for p in re.split(r"[^\w]+|_", word.casefold()) if p]


def _marks(*words: str) -> tuple[str, ...]:
    """The words (three letters or more) a text names a setting by; ``all`` too."""
    return tuple(p for w in words for p in _split(w) if len(p) >= 3 or p == "all")


def _setting_parts(word: str) -> tuple[str, str, str] | None:
    """(option, name, value) of a word that sets a named value: ``--pid=host`` (option and
    name ``--pid``), ``seccomp=unconfined`` (no option), ``MYSQL_ALLOW_EMPTY_PASSWORD=yes``."""
    m = re.fullmatch(r"(?P<opt>--?[\w.-]+=)?(?P<name>[\w.-]+?)[=:](?P<value>.*)", word, re.DOTALL)
    if m is None:
        return None
    opt = (m.group("opt") or "").rstrip("=")
    return opt, m.group("name"), m.group("value")


def _sensitive_mount(src: str) -> str | None:
    """Why a bind mount's host path reaches the host: a socket, the home folder, a top folder."""
    s = src.strip("'\"").casefold().rstrip("/")
    if s.endswith(".sock"):
        return "socket"
    if s in _HOME or re.fullmatch(r"(?:/home/[^/]+|/users/[^/]+|\$\{?home\}?)", s):
        return "home"
    if s == "" or (s.startswith("/") and s.count("/") == 1 and s[1:] in _SYSTEM):
        return ""  # the root (``/``, stripped to nothing) or a top folder of the host
    return None


def _mount_marks(src: str) -> tuple[str, ...] | None:
    why = _sensitive_mount(src)
    if why == "socket":
        return ("sock",)
    if why == "home":
        return ("home",)
    if why == "":
        return _LITERAL
    return None


def _named(name: str, value: str) -> tuple[str, ...] | Literal[False] | None:
    """The marks of a ``name=value`` setting that widens access (None: said only written), or
    False when it widens none; a value that is itself a setting is read as one
    (``--security-opt seccomp=unconfined``, ``--env=AUTH_METHOD=trust``)."""
    inner = _setting_parts(value)
    if inner is not None and not inner[0]:
        return _named(inner[1], inner[2])
    words = {w.casefold() for w in name_words(re.sub(r"[.-]", "_", name))}
    v = value.strip().strip("'\"").casefold()
    if v == "unconfined":
        return _marks(name, "unconfined")
    if v == "trust":
        return ("trust",)
    if v == "host" and name.startswith("--"):
        return _marks(name, "host")  # a host namespace: --pid=host, --network host
    if words & section("credential") and v == "":
        return _LITERAL
    if words & section("keys-open") and v in _ON:
        return tuple(sorted(words & (section("keys-open") | section("credential"))))
    guard = _guard_re().search(" ".join(w for w in sorted(words) if w not in _NEGATING))
    if guard is not None and (v in _ON if words & _NEGATING else v in _OFF):
        return (*_marks(guard.group(0)), _OFF_MARK)  # --protected-mode no, DISABLE_AUTH=1
    if words & section("privilege") and v in _OFF:
        return _LITERAL  # "no-new-privileges=false": said by [g-escalate] or written
    return False


def _keyed(args: Mapping[str, Any]) -> Iterable[tuple[str, str, tuple[str, ...] | None]]:
    """The settings of a structured call's keys that widen what its step runs with: a key
    named as a flag of [flags-widen] set on (``cap_add: ["ALL"]``), a [credential] key given
    nothing, a [keys-open] key set on, a protection's key set off (``auth: false``)."""
    for key, value in _keyed_leaves(args):
        v = "true" if value is True else "false" if value is False else \
            value if isinstance(value, str) else None
        if v is None or len(v.split()) > 1:
            continue  # a text (a file's content, a message) is no setting
        if set(name_words(key)) & _TEXT_KEYS:
            continue  # a text the call writes: ``statedsettings`` reads the settings in it
        if isinstance(value, bool) and _guards(key):
            continue  # a protection's switch: ``guardswitch`` reads it, with what states it
        flag = "--" + re.sub(r"[_\s]+", "-", key.strip().casefold())
        if any(sets_flag(flag, f) or sets_flag("--" + key, f) for f in section("flags-widen")) \
                and v.strip().casefold() not in _OFF:
            marks = _marks(key, "" if v.casefold() in _ON else v)
            yield f"{key}={v}", f"{key}={v}", tuple(m for m in marks if m not in _step_words())
            continue
        got = _named(key, v)
        if got is not False:
            yield f"{key}={v!r}", f"{key}={v}", got


def settings(words: list[str]) -> Iterable[tuple[str, str, tuple[str, ...] | None]]:
    """(the word, what writes it, its marks) of each setting of one simple command's words
    that widens what its step runs with (module docstring); marks None: said only written."""
    for i, w in enumerate(words):
        if any(sets_flag(w, f) for f in section("flags-widen")):
            # a verb of the flag's name is no mark ("--cap-add=ALL": "all capabilities")
            yield w, w, tuple(m for m in _marks(w.lstrip("-")) if m not in _step_words())
            continue
        every = WILDCARD_ADDRESS.search(w)
        if every is not None:
            yield w, every.group(0), _LITERAL
            continue
        nxt = words[i + 1] if i + 1 < len(words) and not words[i + 1].startswith("-") else None
        parts, shown = _setting_parts(w), w
        if w.startswith("--") and "=" not in w and nxt is not None:
            parts, shown = ("", w, nxt), f"{w} {nxt}"
        got = False if parts is None else _named(parts[1], parts[2])
        if got is not False:
            yield shown, w, got
            continue
        for m in (_MOUNT.match(w), _SOURCE.search(w)):
            if m is not None and _sensitive_mount(m.group("src")) is not None:
                yield w, m.group("src"), _mount_marks(m.group("src"))
    for flag in ("--user", "--uid", "-u"):
        for v in option_values(words, flag):
            if _ROOT.fullmatch(v.strip("'\"")):
                yield f"{flag} {v}", v, ("root",)


def _listed(args: Mapping[str, Any]) -> list[list[str]]:
    """The words of each list of a structured call that holds a command line's words
    (``options: ["--pid", "host"]``, ``args: ["run", "-v", "/:/host"]``): its items under one
    key, none of them a text of several words."""
    lists: dict[str, list[str]] = {}
    for key, value in _keyed_strings(args):
        lists.setdefault(key, []).append(value)
    return [w for w in lists.values() if len(w) > 1 and all(len(x.split()) == 1 for x in w)]


def _said(ann: Announcement) -> tuple[frozenset[str], tuple[str, ...]]:
    """(the announcement's word parts, its whole words and code tokens), case-folded."""
    whole = tuple(w.strip("`'\"").casefold() for w in
                  (*(v for v, _ in ann.verbs), *ann.objects, *ann.observed))
    return frozenset(p for w in whole for p in _split(w)), whole


def _stated(key: str, marks: tuple[str, ...] | None, ann: Announcement) -> bool:
    """The announcement writes the setting (``key``), or says each of its marks (a word of its
    own that begins with the mark: "networking" for ``network``; ``all`` as "all" or
    "every")."""
    parts, whole = _said(ann)
    literal = key.strip("'\"").casefold()
    if len(literal) > 1 and any(literal in w for w in whole):
        return True
    if not marks:
        return False
    ts = tongues_of(ann.tongues)

    def said(m: str) -> bool:
        if m == _OFF_MARK:
            return any(t.marked(p, "g-setting-off") for t in ts for p in whole)
        return (m == "all" and ann.universal) or any(p.startswith(m) for p in parts)
    return all(said(m) for m in marks)


def escalation_said(ann: Announcement) -> bool:
    """The announcement says a forcing or privilege word ([g-escalate]: "force-push",
    "privileged", "erzwingen"), whole or as a part of a hyphenated word."""
    ts = tongues_of(ann.tongues)
    words = [p for w in (*(v for v, _ in ann.verbs), *ann.objects, *ann.observed)
             for p in (w, *re.split(r"[-_ ]", w))]
    return any(t.has(w.casefold(), "g-escalate") for t in ts for w in words)


def unsaid(name: str, args: Mapping[str, Any], ann: Announcement,
           ran: list[list[str]]) -> str | None:
    """Why a command the call runs (``ran``: each simple command's words), or a key of the
    call, carries a setting that widens what its step runs with and the announcement does not
    state it (module docstring), or None."""
    if escalation_said(ann):
        return None
    found = (*(s for words in (*ran, *_listed(args)) for s in settings(words)), *_keyed(args))
    for word, key, marks in found:
        if not _stated(key, marks, ann):
            return (f"{name!r} sets {word!r}, which widens what the step runs with (privileges, "
                    "a sandbox, a host namespace or mount, every address, authentication), and "
                    "the announcement does not state it")
    return None
