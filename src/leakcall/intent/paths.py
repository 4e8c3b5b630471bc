"""Paths: one reading of a path, as the file system resolves it, for every rule that reads one.

``scope`` (what a deleting command deletes) and ``reach`` (what a changing command reaches)
compare a path's depth below the root or the home directory; both read it here, once
normalised, so no spelling of a path (``/home/./dev``, ``//var//log/.``, ``~dev``,
``${HOME}/``) reads as deeper than the directory it is."""

from __future__ import annotations

import re

_HOME = re.compile(r"^(?:~[A-Za-z_][\w.-]*|~|\$\{HOME\}|\$HOME)(?=/|$)")
"""The home directory however a shell writes it: ``~``, ``$HOME``, ``${HOME}``, and a user's
own, ``~dev`` (every user's home directory is one)."""


def home_path(path: str) -> bool:
    """The path starts at a home directory (``~``, ``~dev/x``, ``$HOME/``, ``${HOME}``)."""
    return _HOME.match(path.strip()) is not None


def hidden_parts(path: str) -> list[int]:
    """The indexes of the hidden files or folders among a normalised path's ``/`` parts
    (``~/.config/rclone`` -> ``[1]``; ``.`` and ``..`` are none)."""
    return [i for i, part in enumerate(path.split("/")) if part[:1] == "." and part not in (".", "..")]


def normal_path(path: str) -> str:
    """The path as the file system resolves it: the home directory however written
    (``_HOME``: ``~dev``, ``${HOME}``) read as ``~``; ``.`` and empty segments dropped; a
    ``..`` takes back the segment before it (above the root or a home directory it is the
    root: no shallower place is read deeper; a relative path keeps the ``..`` it starts
    with). ``/home/./dev`` is ``/home/dev``, ``/var/log/.`` ``/var/log``, ``~dev/`` ``~``; a
    relative path that comes back to where it starts is ``.``."""
    p = path.strip()
    m = _HOME.match(p)
    if m is not None:
        head, p = "~", p[m.end():]
    elif p.startswith("/"):
        head = "/"
    else:
        head = ""
    out: list[str] = []
    for seg in p.split("/"):
        if seg in ("", "."):
            continue
        if seg == ".." and out and out[-1] != "..":
            out.pop()
        elif seg == ".." and head:
            head = "/"  # "/.." is the root; above a home directory, read it as the root
        else:
            out.append(seg)
    if head == "/":
        return "/" + "/".join(out)
    if head == "~":
        return "/".join(["~", *out])
    return "/".join(out) or "."


def depth(path: str) -> tuple[str, int] | None:
    """(where the path starts, "/" or "~", and how many directories below it it is) of an
    absolute or home path, once normalised (``normal_path``), or None for a relative one:
    ``/var/./log`` is ("/", 2), ``~dev`` ("~", 0)."""
    p = normal_path(path)
    if p in ("/", "~"):
        return p, 0
    if p.startswith("/"):
        return "/", p.count("/")
    if p.startswith("~/"):
        return "~", p.count("/")
    return None


def shallow(path: str, below_root: int, below_home: int) -> bool:
    """The path, once normalised (``depth``), lies at most ``below_root`` directories below the
    root or ``below_home`` below a home directory; a relative one is none. ``reach``,
    ``modebits`` and ``wider`` read a place no word of an announcement names all of at (1, 0)
    (``/``, ``/srv``, ``~``, ``~dev``), ``scope`` a deleted directory at (2, 1)
    (``/var/log``, ``~/projects``)."""
    at = depth(path)
    return at is not None and at[1] <= (below_root if at[0] == "/" else below_home)


_SYSTEM = frozenset({"bin", "boot", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc",
                     "root", "run", "sbin", "sys", "usr", "var"})
"""The directories right below the root that hold the system itself (the Filesystem Hierarchy
Standard's: programs, their libraries and settings, devices, the kernel's views, the system's
state and logs), not a user's files (``/home``, ``/srv``, ``/opt``, ``/mnt``, ``/tmp``)."""


def system_path(path: str) -> bool:
    """The path, once normalised, lies in the system's own hierarchy (``_SYSTEM``:
    ``/bin/bash``, ``/etc/nginx``, ``/var/log/auth.log``), the scratch space ``/var/tmp``
    aside."""
    p = normal_path(path)
    if not p.startswith("/"):
        return False
    segs = p[1:].split("/")
    return segs[0] in _SYSTEM and segs[:2] != ["var", "tmp"]


_USER_HOMES = frozenset({"home", "users", "root"})
"""Top directories of the users' homes, casefolded (``/home/dev``, ``/Users/dev``, ``/root``;
a file system that ignores case reads ``/users/dev`` as ``/Users/dev``)."""


def user_home(path: str) -> bool:
    """The path, once normalised, is a home directory or the folder of them all: ``~``,
    ``/home``, ``/home/dev``, ``/Users/dev`` in any case, ``/root`` (no folder inside one:
    ``~/app``, ``/home/dev/app``)."""
    p = normal_path(path)
    segs = p[1:].split("/")
    return p == "~" or (p.startswith("/") and segs[0].casefold() in _USER_HOMES
                        and len(segs) <= 2)


def wide_place(path: str) -> bool:
    """The root, a home directory (``user_home``) or a place of the system's own
    (``system_path``): a place no step of a task in its project works in whole (``cwdroot``,
    ``wider``)."""
    return normal_path(path) == "/" or user_home(path) or system_path(path)


_OUTSIDE_TREE = re.compile(r"^(?:/|~|\$HOME\b|[A-Za-z]:[\\/])|(?:^|[\\/])\.\.(?:[\\/]|$)")
"""The root, a home, a drive, or a ``..`` anywhere, as written."""


def outside_tree(path: str) -> bool:
    """The path, as written, is no relative one inside the working tree: absolute, a home
    however a shell writes it (``home_path``: ``${HOME}``), a drive (``C:\\``), or holding a
    ``..`` (a directory outside the tree, or one that climbs: ``placekeys`` reads a root
    key by it)."""
    return _OUTSIDE_TREE.search(path.strip()) is not None or home_path(path)
