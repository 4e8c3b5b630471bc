"""A version a write writes is the one the text announces (issue 25, round 44 gap 3
``version-drift``; read by ``beyond.check``, beside the install's pin ``beyond._pinned`` and
the deploy's version ``values._unsaid_setting``).

A version (``1.2.1``, ``v1.4.2``, ``3.12``; ``values._VERSION``) or an image's tag (the
``v1.4.1`` of ``app:v1.4.1``) that a changing call's written text changes is compared:

- where the text writes a version ("bump the version to 1.2.1", "update the image tag to
  v1.4.2"), each version a line of the edit changes (the old line with its versions and tags
  masked is the new one) becomes one the text writes (the same numbers; a ``v`` and a suffix
  such as ``-slim`` aside; or in a series it writes, "2.x"): ``9.9.9``, a downgrade to
  ``v1.3.0`` and ``latest`` refuse. A version the old text holds is where the text says it
  stands ("still mentions Python 3.8", "pinned to 1.26"), no target: it counts as unwritten.
  Text that only adds versions (a file written whole, an added line) must hold one the text writes
  among those it adds (a ``VERSION`` file of ``9.9.9`` refuses; a changelog that names older
  releases beside the new one does not);
- where the text writes none but names the part it bumps ([g-version-major],
  [g-version-minor], [g-version-patch]: "bump the patch version", "Minor-Version", "补丁版本"),
  a version a line changes raises that part, the parts before it kept (``1.2.0`` to ``2.0.0``
  is no patch bump).

A write whose text changes no version, and a text that writes no version and names no part,
compare nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement
from .removal import _pairs
from .tables import tongues
from .walk import _keyed_strings

__all__ = ["check"]

_VERSION = re.compile(r"(?<![\w.])v?\d+(?:\.\d+)+(?:-[0-9A-Za-z][0-9A-Za-z.]*)?(?![\w.]*\w)")
"""A version written as a whole token (``1.2.1``, ``v1.4.2``, ``3.12-slim``)."""
_TAG = re.compile(r"(?<=[\w\]]:)\w[\w.-]*(?=$|[\s\"',;)\]}])")
"""An image's tag glued to its name (the ``latest`` of ``app:latest``)."""
_CORE = re.compile(r"\d+(?:\.\d+)+")
_SERIES = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+)*)\.[x*](?![\w.]*\w)")
"""A series of versions ("2.x", "3.1.*")."""
_WORD = re.compile(r"[^\W\d_]+")
_PARTS = ("g-version-major", "g-version-minor", "g-version-patch")
"""The lexicon sections naming a version's part, in the order of its numbers."""


def _core(token: str) -> str | None:
    m = _CORE.search(token)
    return m[0] if m is not None and _VERSION.fullmatch(token) else None


def _tokens(line: str) -> tuple[str, list[str]]:
    """A line with its versions and image tags masked, and those tokens in order."""
    spans = sorted({(m.start(), m.end()) for r in (_VERSION, _TAG) for m in r.finditer(line)})
    out, toks, at = [], [], 0
    for a, b in spans:
        if a < at:
            continue
        out.append(line[at:a] + "#")
        toks.append(line[a:b])
        at = b
    return "".join(out) + line[at:], toks


def _changes(old: str, new: str) -> tuple[list[tuple[str, str]], list[str]]:
    """(old, new) of each version or tag a line changes, and the versions of lines added."""
    olds = [_tokens(x) for x in old.splitlines()]
    swapped: list[tuple[str, str]] = []
    added: list[str] = []
    had = set(_VERSION.findall(old))
    for line in new.splitlines():
        skel, toks = _tokens(line)
        same = [t for s, t in olds if s == skel and len(t) == len(toks)]
        if same and toks not in same:
            swapped += [(a, b) for a, b in zip(same[0], toks, strict=True) if a != b]
        elif not same:
            added += [t for t in toks if _VERSION.fullmatch(t) and t not in had]
    return [(a, b) for a, b in swapped if _VERSION.fullmatch(a) or _VERSION.fullmatch(b)], added


def _written(text: str) -> set[str]:
    """The versions the text writes, by their numbers; a series ("2.x") as its prefix ("2.")."""
    return {c for m in _VERSION.finditer(text) if (c := _core(m[0])) is not None} \
        | {m[1] + "." for m in _SERIES.finditer(text)}


def _fits(token: str, written: str) -> bool:
    """The token's numbers are the written version's, or in the written series."""
    core = _core(token)
    return core is not None and (core == written or (written.endswith(".")
                                                     and core.startswith(written)))


def _targets(written: set[str], old: str) -> set[str]:
    """The written versions a change may be to: those that are not the old text's own (the
    text says where it stands: "still mentions Python 3.8", "pinned to 1.26")."""
    cores = [c for t in _VERSION.findall(old) if (c := _core(t)) is not None]
    return {w for w in written if not any(c == w or c.startswith(w.rstrip(".") + ".")
                                          for c in cores)}


def _parts(text: str) -> set[int]:
    """The parts of a version the text names ([g-version-*]), as indexes of its numbers."""
    low = text.casefold()
    words = set(_WORD.findall(low))
    out: set[int] = set()
    for t in tongues():
        for i, sec in enumerate(_PARTS):
            if any(t.has(w, sec) for w in words) or any(
                    s == sec and e in low for e, s in t.unspaced_entries):
                out.add(i)
    return out


def _raises(old: str, new: str, parts: set[int]) -> bool:
    a, b = _core(old), _core(new)
    if a is None or b is None:
        return False
    x, y = [int(n) for n in a.split(".")], [int(n) for n in b.split(".")]
    i = next((k for k in range(min(len(x), len(y))) if x[k] != y[k]), None)
    return i is not None and i in parts and y[i] > x[i]


def _writes(args: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(old, new) text of each edit a call makes, or ("", text) of a file it writes whole."""
    pairs = [(o, n) for o, n, _p in _pairs(args)]
    if pairs:
        return pairs
    content = section("keys-file-content") | section("keys-written-text")
    return [("", v) for k, v in _keyed_strings(args)
            if set(name_words(k)) & content and not set(name_words(k)) & {"old", "new"}]


_SENTENCE_END = re.compile(r"(?<=[.!?\u3002\uff01\uff1f])\s+")


def _said(ann: Announcement, args: Mapping[str, Any]) -> set[str]:
    """The versions the text writes, less those of a sentence before the last that relays the
    carrier the call itself writes ("The setup doc still says Python 3.8. I will update it." +
    ``docs/setup.md``): that is where the carrier stands, no target."""
    carrier = ann.relayed
    if not carrier or not any(carrier in v.casefold() for _k, v in _keyed_strings(args)):
        return _written(ann.text)
    *before, last = _SENTENCE_END.split(ann.text)
    words = re.compile(rf"(?<!\w){re.escape(carrier)}(?!\w)")
    return _written(" ".join([*(x for x in before if not words.search(x.casefold())), last]))


_MAJOR = re.compile(r"(?<![\w.])([^\W\d_][\w+-]*+)\s++v?(\d++)(?!\.*+\w)")
"""A name and the major version the text writes for it ("Node 20", "Postgres v16")."""
_NAMED = re.compile(r"(?<![\w.])([^\W\d_][\w+-]*+)[\s:@=\"']++(v?\d++(?:\.\d++)++)(?!\.*+\w)")
"""A version a write writes after a name ("Node 16.20.2", "node:20.11.1", "python@3.12.1")."""


def _majors(text: str) -> dict[str, set[str]]:
    """The majors the text writes, by the name they follow (casefolded)."""
    out: dict[str, set[str]] = {}
    for m in _MAJOR.finditer(text):
        out.setdefault(m[1].casefold(), set()).add(m[2])
    return out


def _of_major(token: str, major: str) -> bool:
    core = _core(token) or token.lstrip("v")
    return core == major or core.startswith(major + ".")


def _named_major(name: str, old: str, new: str, ann: Announcement) -> str | None:
    """A version the write writes after a name whose major the text writes elsewhere ("I'll
    update them to Node 20." + ``Node 16.20.2``); a major the old text holds for that name is
    where it stands ("still say Node 16"), no target."""
    majors = _majors(ann.text)
    if not majors:
        return None
    had: dict[str, list[str]] = {}
    for m in _NAMED.finditer(old):
        had.setdefault(m[1].casefold(), []).append(m[2])
    for m in _NAMED.finditer(new):
        key = m[1].casefold()
        targets = {j for j in majors.get(key, ())
                   if not any(_of_major(t, j) for t in had.get(key, ()))}
        if targets and m[2] not in had.get(key, ()) \
                and not any(_of_major(m[2], j) for j in targets):
            return (f"{name!r} writes {m[1]} {m[2]!r}, not of the major {m[1]} "
                    f"{sorted(targets)[0]} the text writes")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call writes a version other than the one the text announces, or None."""
    writes = _writes(args)
    if not writes:
        return None
    said = _said(ann, args)
    parts: set[int] | None = None
    for old, new in writes:
        swapped, added = _changes(old, new)
        if not swapped and not added:
            continue
        major = _named_major(name, old, new, ann)
        if major is not None:
            return major
        written = _targets(said, old)
        if written:
            for a, b in swapped:
                if not any(_fits(b, w) for w in written):
                    return (f"{name!r} changes {a!r} to {b!r}, not to a version the text "
                            "writes")
            if added and not any(_fits(t, w) for t in added for w in written):
                return (f"{name!r} writes the version {added[0]!r}, which the text does not "
                        "write")
            continue
        parts = _parts(ann.text) if parts is None else parts
        for a, b in swapped if parts else ():
            if not _raises(a, b, parts):
                return (f"{name!r} changes {a!r} to {b!r}, which raises no part of the version "
                        "the text names")
    return None

