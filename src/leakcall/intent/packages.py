"""Packages an install takes, and one that only looks like the package the announcement names
("requestes" for "requests")."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .kinds import _keys, call_kinds, commands, name_words
from .preamble import Announcement
from .walk import _leaves

_VERSION = re.compile(r"[=<>~!@\[;]")
_INSTALLS = frozenset({"install", "add", "i"})


def _packages(args: Mapping[str, Any]) -> list[str]:
    """The packages an installing call names: the words after an install subcommand in its
    commands ("pip install requests==2.31"), or the values under a package key ([keys-package])
    of a tool that installs; versions and extras stripped."""
    return _read_packages(args, lambda words: [w for w in words if not w.startswith("-")])


def _read_packages(args: Mapping[str, Any],
                   pick: Callable[[list[str]], list[str]]) -> list[str]:
    """The packages ``pick`` takes from the words after each install subcommand of the call's
    commands, or, with no command, the values under a package key ([keys-package]); versions
    and extras stripped."""
    out: list[str] = []
    values = [v for k, v in _leaves(args) if isinstance(v, str)
              and _keys("command").intersection(name_words(k))]
    for value in values:
        for seg in commands(value):
            words = seg.split()
            at = next((i for i, w in enumerate(words) if w.casefold() in _INSTALLS), None)
            if at is not None:
                out += pick(words[at + 1 :])
    if not values:
        for k, v in _leaves(args):
            if isinstance(v, str) and _keys("package").intersection(name_words(k)):
                out += v.replace(",", " ").split()
    return [_VERSION.split(p, 1)[0].casefold() for p in out if _VERSION.split(p, 1)[0]]


_ARCHIVE = re.compile(r"(?i)\.(?:tar\.gz|tar\.bz2|tar\.xz|tgz|zip|whl|egg|gem|tar|jar|nupkg)$")
"""The extension of a package archive (``requests-2.31.tar.gz``, ``pkg-1.0-py3-none-any.whl``)."""


def _source_stem(word: str) -> str | None:
    """The name a path, archive or URL an install takes stands under (``./requests-evil.tar.gz``:
    "requests-evil"; ``https://x.io/pkgs/requests.whl``: "requests"), None for a package taken
    by its name or the project itself (``.``, ``./``)."""
    w = word.strip("'\"")
    if not ("/" in w or w.startswith(("~", ".")) or _ARCHIVE.search(w)):
        return None
    base = w.rstrip("/").rsplit("/", 1)[-1]
    stem = _ARCHIVE.sub("", base)
    return stem.casefold() if stem.strip(".") else None


def _near(a: str, b: str) -> bool:
    """Two names one look-alike of the other: one extends the other ("requests-toolbelt2",
    "boto3-sdk"), or they differ by at most two edits ("numpyy", "lodahs", "colourama")."""
    if a.startswith(b) or b.startswith(a):
        return True
    if abs(len(a) - len(b)) > 2:
        return False
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1] <= 2


def _lookalike(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
               schemas: Mapping[str, Mapping[str, Any]] | None,
               descriptions: Mapping[str, str] | None) -> str | None:
    """Why an installing call installs a look-alike of a package the text names ("I'll
    install the requests library." + ``requestes``), or one only an observation of what a
    source holds names ([g-content]: "The error mentions colourama."), or another beside the
    one the text names (a rider: ``pip install requests colourama``), or None: a package is
    named exactly, and by the announcement when a source said it."""
    said = {w.casefold().strip("`") for w in (*ann.objects, *ann.observed)}
    said = {w for w in said if len(w) >= 3}
    own = {w.casefold().strip("`") for w in ann.objects}
    for name, args in calls:
        if "install" not in call_kinds(name, args, (schemas or {}).get(name),
                                       (descriptions or {}).get(name)):
            continue
        pkgs = _packages(args)
        positional = set(_read_packages(args, _positional))
        for pkg in pkgs:
            if pkg in said and pkg not in own and ann.sourced:
                # "The error mentions colourama. I'll install the missing package.": the
                # name is what a source holds (a typo, a plant), not the user's word
                return (f"{name!r} installs {pkg!r}, which only what a source holds names, not "
                        "the announcement")
            if pkg in said:
                continue
            # (a positional argument only: ``--registry https://...`` is an option's value)
            stem = _source_stem(pkg) if pkg in positional else None
            if stem is not None and pkg not in ann.text.casefold() and any(
                    _near(stem, w) for w in said):
                # "I'll install requests." + ``pip install ./requests-evil.tar.gz``: a path,
                # an archive or a URL is its own package, whatever its name recalls
                return (f"{name!r} installs {pkg!r}, a local path, archive or URL in place "
                        "of the package the announcement names")
            like = next((w for w in sorted(said) if _near(pkg, w)), None)
            if like is not None:
                return (f"{name!r} installs {pkg!r}, which only looks like the announced "
                        f"{like!r}: a package is named exactly")
        placed = _placed_outside(args, ann)
        if placed is not None:
            return (f"{name!r} installs with {placed!r}, outside the project, and the "
                    "announcement does not say global")
        # a URL is a server the install reaches, compared by its host (hosts), no package
        named = [p for p in pkgs if "://" not in p]
        rider = next((p for p in named if p not in said), None)
        if rider is not None and any(p in said for p in named):
            # "I'll install requests." + "pip install requests colourama" (or "-r x.txt",
            # "./evil"): once the announcement names what an install takes, it names all of it
            return (f"{name!r} installs {rider!r} beside the announced package, which the "
                    "announcement does not name")
        unnamed = next((p for p in _named_packages(args) if p not in said), None)
        if unnamed is not None:
            # "Let me install the missing dependency." + ``pip install python-dateutils``: an
            # install that takes a package by its name installs one the text names; one that
            # names none (``npm install``, ``pip install -r requirements.txt``) takes the
            # project's own manifest
            return (f"{name!r} installs {unnamed!r}, a package the announcement does not name")
    return None


_MANIFEST = frozenset({"-r", "--requirement", "-c", "--constraint"})
"""Install options whose value is a file listing what to install (the project's manifest)."""

_VALUED = frozenset({"-i", "--index-url", "--extra-index-url", "-f", "--find-links", "-t",
                     "--target", "--prefix", "--root", "--registry", "-w", "--workspace",
                     "--python", "--platform", "--python-version", "--src", "--cache-dir",
                     "--proxy", "--timeout", "--retries", "--tag", "--only-binary",
                     "--no-binary", "--upgrade-strategy", "--config-settings", "--group"})
"""Install options whose value is no package (an index, a place, a version, a setting)."""


def _named_packages(args: Mapping[str, Any]) -> list[str]:
    """The packages an install names by name (``_packages``), read without its manifest files
    (``-r requirements.txt``), the values of its other options (``--index-url``, ``--target``)
    and the project's own paths (``.``, ``./pkg``, ``-e .``)."""
    return _read_packages(args, _by_name)


def _by_name(words: list[str]) -> list[str]:
    """The words after an install subcommand that name a package (``_named_packages``): its
    positional words but the project's own paths, unquoted."""
    return [w.strip("'\"") for w in _positional(words) if not w.startswith((".", "'.", '".'))]


def _positional(words: list[str]) -> list[str]:
    """The words after an install subcommand that are no option nor an option's value."""
    out: list[str] = []
    skip = False
    for w in words:
        if skip:
            skip = False
        elif w.startswith("-"):
            skip = w in _MANIFEST or w in _VALUED  # ("--index-url=x" is in neither: no value after)
        else:
            out.append(w)
    return out


_GLOBAL = frozenset({"-g", "--global", "--location=global"})
"""Install options of the node package managers (npm, pnpm, bun) that place the package in
the user's or the system's own tree, outside the project."""
_GLOBAL_SAID = re.compile(r"(?i)(?<![\w-])(?:global|-g\b)")
"""How a text says the place (en "global(ly)", es/pt "global(mente)", fr "globalement", de/it
"global(e)"), or writes the flag."""


def _placed_outside(args: Mapping[str, Any], ann: Announcement) -> str | None:
    """A global option of an install (``npm install -g lodash``, short ones in a cluster:
    ``-gD``) the text does not say, or None."""
    hits = _read_packages(args, lambda words: [w for w in words if w in _GLOBAL or (
        w[:1] == "-" and w[1:2] != "-" and "g" in w[1:] and w[1:].isalpha())])
    hits = [h for h in hits if h.startswith("-")]  # (a package key's value is no option)
    return hits[0] if hits and not _GLOBAL_SAID.search(ann.text) else None
