"""Files in their roles: an edit's, a move's or a copy's file is one the announcement writes.

When the announcing sentences write file names ("in config.py"), a changing call that edits a
file (an old text it replaces, at any depth: ``old_string``; a writing command's operand,
``sed -i ... settings.py``; a patch's ``*** Update File:``) acts on those files by name, or on
one every word of whose stem they say ("a changelog entry" + ``CHANGELOG.md``): an edit of
``settings.py``, ``package-lock.json`` or ``app_test.py`` after config.py, package.json or
app.py is refused, whatever its old and new texts carry (``unwritten_file``). A move, rename
or copy (a file under a key of a source or destination role, [keys-role-source] /
[keys-role-goal]: ``source``, ``old_path``, ``new_path``; the operands of ``cp``/``mv``)
carries in each role the file a changing step's object writes in it (``roles``: before and
after its preposition of a destination), or, where no preposition of a role is read, a file
its object writes; with no file written as the source, a word of the object that is no file
or container noun ("move the draft to ..." moves no ``README.md``, ``unnamed_source``).

A folder the announcement names by a word ("to the archive folder") is that folder where the
step works, not any folder of that name: a destination path holding the word below folders
the announcement does not write (``/mnt/public-share/archive/``, ``~/archive/``) is refused
(``far_folder``); one that opens with it (``archive/report.pdf``) is kept.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .detect import detect
from .kinds import OBSERVING, command_kinds, commands, name_words
from .kindsfile import section
from .named import _keys
from .references import _meanings, _stem
from .sedsteps import sed_steps
from .walk import _leaves

__all__ = ["check"]

SaidRoles = Callable[[str], list[tuple[set[str], set[str], bool]]]
Operands = Callable[[str], Iterable[tuple[str, str]]]

_BASE = re.compile(r"\.?[^\W_][\w+-]*(?:\.[\w+-]+)*\.[A-Za-z][A-Za-z0-9]{0,4}|\.[^\W\d_][\w.-]*")
"""A file's name: a stem and a short extension opening with a letter (``config.py``,
``1.csv``, ``package-lock.json``; as ``looked`` reads a path's form), or a hidden file
(``.env``); no version (``1.2.0``), no attribute (``self.full_url``)."""
_ABBREVIATION = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]?")
""""e.g", "i.e": no file."""
_PATH = re.compile(r"[~\w./\\+-]+")
"""A path token of the announcement, its leading ``/`` or ``~`` kept (``/srv/archive``)."""
_SIDES = frozenset({"old", "new"})
_COPY = section("copy-program") | section("copy-program-other")
_FILE_KEYS = frozenset({"file", "filename", "filepath", "path", "name"})


def _file(value: object) -> str | None:
    """The casefolded name of the file a value is (one path token whose last part is a file
    name: ``docs/draft.md``), or None (a text, a directory, a URL, an address)."""
    if not isinstance(value, str):
        return None
    v = value.strip().strip("`'\"")
    if not v or any(c.isspace() for c in v) or "://" in v or "@" in v or v.endswith(("/", "\\")):
        return None
    base = v.replace("\\", "/").rsplit("/", 1)[-1]
    if not _BASE.fullmatch(base) or _ABBREVIATION.fullmatch(base):
        return None
    return base.casefold()


def _roles() -> tuple[frozenset[str], frozenset[str]]:
    src = frozenset(section("keys-role-source")) - _SIDES - {"sender", "origin"}
    goal = frozenset(section("keys-role-goal")) - _SIDES - {"replacement"}
    return src, goal


def _role(key: str) -> str | None:
    """A key's role: "source" or "goal" (``source``, ``src``, ``old_path``, ``destination``,
    ``new_name``), "file" (``path``, ``file``), or None (an edit's texts, anything else)."""
    words = set(name_words(key))
    src, goal = _roles()
    sided = words & _SIDES and words & _FILE_KEYS
    if words & src or ("old" in words and sided):
        return None if words & goal else "source"
    if words & goal or ("new" in words and sided):
        return "goal"
    if words & _keys("target"):
        return "file"
    return None


_PATCHED = re.compile(r"^(?:\*\*\* (?:Update|Add|Delete) File:|\+\+\+|---) +(?:[ab]/)?(\S+)\s*$",
                      re.MULTILINE)
"""A file a patch's text changes (``*** Update File: a.py``, ``+++ b/a.py``)."""


def _shell_files(command: str) -> list[str]:
    """The files each writing command of a command line names (``sed -i ... settings.py``,
    ``cp a b``, ``echo x > c``): every operand that is a file's name."""
    out: list[str] = []
    for seg in commands(command):
        if "write" not in command_kinds(seg):
            continue
        try:
            words = shlex.split(seg)
        except ValueError:
            words = seg.split()
        if words[:2] == ["git", "mv"] or (words and words[0].rsplit("/", 1)[-1] in _COPY):
            continue  # a copy's or move's operands are read in their roles (``roles``)
        out.extend(w.lstrip("<>") for w in words[1:]
                   if not w.startswith("-") and _file(w.lstrip("<>")) is not None)
        if words and words[0].rsplit("/", 1)[-1] == "sed" and (steps := sed_steps(words)):
            out.extend(f for f in steps.written if _file(f) is not None)  # ``s/a/b/w x.txt``
    return out


def _carried(args: Mapping[str, Any], operands: Operands) -> tuple[list[tuple[str, str, str]], bool]:
    """((role, key, value) of each path a call carries in a file's role, the operands of a
    copy or a move, or of a writing command, its command runs, the files a patch changes),
    and whether it places or edits a file: a file under a role key, a command writing one, a
    patch, or an old text it replaces (at any depth: ``edits: [{old_string: ...}]``)."""
    out: list[tuple[str, str, str]] = []
    placed = any("old" in name_words(k) and _file(v) is None for k, v in _leaves(args))
    for key, leaf in args.items():
        if not isinstance(leaf, str):
            continue
        words = set(name_words(key))
        r = _role(key)
        if r is not None:
            out.append((r, key, leaf))
            placed = placed or (r != "file" and (_file(leaf) is not None or "/" in leaf))
        elif words & _keys("command"):
            ops = [*operands(leaf), *(("file", f) for f in _shell_files(leaf))]
            out.extend((r2, key, op) for r2, op in ops)
            placed = placed or bool(ops)
        patched = _PATCHED.findall(leaf)
        if patched:
            out.extend(("file", key, f) for f in patched if f != "/dev/null")
            placed = True
    return out, placed


def _code(token: str, view: str) -> bool:
    """The token is written as code beside a parenthesis (``now(timezone.utc)``,
    ``os.path.join(...)``): an attribute, not a file."""
    return re.search(rf"\({re.escape(token)}|{re.escape(token)}\(", view) is not None


def _written(view: str) -> tuple[set[str], set[str], set[str], set[str]]:
    """(the file names the announcing sentences write, casefolded (an observation's are left
    to ``binding.unbound``); the stems of the words they say; the path tokens the whole text
    writes; its words and their meanings)."""
    from .preamble import Announcement, announce  # noqa: PLC0415 - preamble imports the stage

    said = announce(view)
    files: set[str] = set()
    stems: set[str] = set()
    low = view.casefold()
    if isinstance(said, Announcement):
        written = [w.strip("`'\"()[],;:!?").rstrip(".").casefold() for w in said.objects]
        files = {f for w in written if (f := _file(w)) and not _code(w, low)}
        stems = {_stem(w) for w in said.objects for w in re.findall(r"[^\W_]+", w.casefold())}
    paths = {p.rstrip(".").replace("\\", "/").removeprefix("./") for p in _PATH.findall(low)}
    paths = {p for p in paths if p}
    words = set(re.findall(r"[^\W_]+", low))
    words |= {m for w in list(words) if len(w) > 2 for m in _meanings(w)}
    return files, stems, paths, words


def _named(f: str, files: set[str], stems: set[str]) -> bool:
    """The file is one the announcement writes, or every word of its name's stem is a word it
    says ("a changelog entry" + ``CHANGELOG.md``; ``package-lock.json`` is no "package")."""
    parts = re.findall(r"[^\W_]+", f.rsplit(".", 1)[0])
    return f in files or (bool(parts) and all(_stem(p) in stems for p in parts))


_ROLE = {"source": "source", "goal": "destination"}


def unwritten_file(name: str, carried: Sequence[tuple[str, str, str]], files: set[str],
                   stems: set[str], sources: set[str], goals: set[str]) -> str | None:
    """Why a call that edits a file carries another file than those the announcement writes,
    or a move or copy a source or destination that is not the one it writes in that role, or
    None. A role is checked only where a step writes a file in it ("rename the module to
    storage.py" writes no source; "rename it" no new name)."""
    for role, key, value in carried:
        f = _source_name(value) if role == "source" else _file(value)
        if f is None:
            continue
        if role in ("source", "goal"):
            own = sources if role == "source" else goals
            if own and f not in own:
                return (f"{name!r} takes {value[:50]!r} ({key!r}) as its {_ROLE[role]}, where "
                        f"the announcement writes {', '.join(sorted(own)[:3])!r} as the "
                        f"{_ROLE[role]}")
        elif files and not _named(f, files, stems):
            return (f"{name!r} acts on {value[:50]!r} ({key!r}), where the announcement writes "
                    f"{', '.join(sorted(files)[:3])!r}")
    return None


def _parts(value: str) -> list[str]:
    """The folders of a path, its root (``/``) or home (``~``) as one: ``/mnt/a/b.txt`` ->
    ``/``, ``mnt``, ``a``."""
    v = value.strip().strip("`'\"").replace("\\", "/")
    lead = [v[0]] if v[:1] in ("/", "~") else []
    parts = [p for p in v.lstrip("~").split("/") if p and p != "."]
    if _file(v) is not None or (parts and not v.endswith("/") and "." in parts[-1][1:]):
        parts = parts[:-1]
    return lead + parts


def far_folder(name: str, carried: Sequence[tuple[str, str, str]], paths: set[str],
               words: set[str]) -> str | None:
    """Why a destination holds a folder the announcement names by a word below folders it
    does not write (``/mnt/public-share/archive/`` after "the archive folder"), or None."""
    for role, key, value in carried:
        if role != "goal" or "/" not in value.replace("\\", "/") or "://" in value:
            continue  # a locator's host is the address rules' (``hosts``), no folder
        parts = _parts(value)
        at = next((k for k, p in enumerate(parts) if p.casefold() in words), None)
        if at is None or at == 0:
            continue
        prefix = "/".join(parts[: at + 1]).replace("//", "/", 1).casefold()
        shown = {prefix, prefix.lstrip("/")}  # "/srv/archive" written as "srv/archive" too
        if any(p == s or p.startswith(s + "/") or p.endswith("/" + s) or ("/" + s + "/") in p
               for p in paths for s in shown):
            continue
        return (f"{name!r} puts its file in {value[:60]!r} ({key!r}): the announcement names "
                f"{parts[at]!r} by a word, not the folders {prefix.rsplit('/', 1)[0]!r} it is in")
    return None


def _folder(value: str) -> str:
    """The folder a path puts its file in, casefolded, ``./`` and a trailing ``/`` dropped,
    its root (``/``) or home (``~``) kept: ``./public/a.txt`` -> ``public``; "" for none."""
    parts = _parts(value)
    if not parts:
        return ""
    lead = parts[0] if parts[0] in ("/", "~") else ""
    body = "/".join(parts[1:] if lead else parts)
    return (lead.replace("~", "~/") + body if lead else body).casefold()


def _places(paths: set[str]) -> set[str]:
    """The folders the text writes: each path token that is no file's (``archive/``,
    ``/srv/share``), and the folder of each one that is (``docs/`` of ``docs/a.md``)."""
    out = set()
    for p in paths:
        if "/" not in p or "://" in p:
            continue
        f = _folder(p if _file(p) is not None or p.endswith("/") else p + "/")
        if f:
            out.add(f)
    return out


def unplaced(name: str, carried: Sequence[tuple[str, str, str]], paths: set[str],
             words: set[str]) -> str | None:
    """Why a move's, rename's or copy's destination is put where the text says nothing of, or
    None (r50 G3): its folder is no folder the text writes nor one inside it, not the
    source's own, and not a relative one whose every folder the text says by a word ("into
    `archive/`" + ``public/notes.txt``; "into the archive folder" + ``archive/notes.txt``
    is kept); or, with no folder, a new name no word of which the text says ("rename
    `draft.md`" + ``README.md``: an unsaid name may be a file it overwrites)."""
    if not any(r == "source" for r, _k, _v in carried):
        return None  # no move, rename or copy: a run's ``target`` is no place a file is put
    sources = {_folder(v) for r, _k, v in carried if r == "source"}
    places = _places(paths)
    for role, key, value in carried:
        v = value.strip().strip("`'\"").replace("\\", "/")
        if role != "goal" or not v or "://" in v or "@" in v or any(c.isspace() for c in v):
            continue
        folder = _folder(v)
        if not folder:
            f = _file(v)
            stem = set(re.findall(r"[^\W_]+", f.rsplit(".", 1)[0])) if f else set()
            if stem and not stem & words and not {_stem(w) for w in stem} & {
                    _stem(w) for w in words}:
                return (f"{name!r} gives its file the name {value[:50]!r} ({key!r}), no word of "
                        "which the text says")
            continue
        if folder in sources or any(folder == p or folder.startswith(p.rstrip("/") + "/")
                                    for p in places):
            continue
        if folder[:1] not in "/~" and all(s in words for s in folder.split("/")):
            continue  # "into the archive folder" + ``archive/notes.txt``
        shown = ", ".join(repr(p) for p in sorted(places)[:3]) or "none"
        return (f"{name!r} puts its file in {folder!r} ({key!r}), a folder the text does not "
                f"write (it writes {shown})")
    return None


def _sources(view: str, said_roles: SaidRoles) -> tuple[set[str], set[str], set[str]]:
    """(the file names a changing step's object writes as a source, the stems of its words
    it says as one: "move the report to ...", the file names it writes as a destination): a
    sentence's source and destination (``roles``: before and after its preposition of a
    destination, or after one of a source) that are a changing step's own object, not
    another step's ("read notes.md and then move draft.md to docs/")."""
    from .preamble import Announcement, announce  # noqa: PLC0415 - preamble imports the stage

    said = announce(view)
    if not isinstance(said, Announcement):
        return set(), set(), set()
    changing = {v for v, kind, _n, _p in said.steps if kind not in (*OBSERVING, None, "generic")}
    own = {w.casefold() for v, _k, nouns, _p in said.steps if v in changing for w in nouns}
    own |= {head.casefold() for v, head in said.heads if v in changing}  # "the draft" too
    files = {f for w in own if (f := _file(w))}
    roles = said_roles(view)
    sources = {f for src, _goal, _paired in roles for w in src if (f := _file(w))} & files
    if not any(_file(w) for src, goal, _p in roles for w in (*src, *goal)) and not said.pronoun:
        # no preposition of a role read ("flyttar draft.md till mappen docs"): the source is
        # a file the changing step's object writes
        sources = files
    # a pronoun object ("use mv to rename it") says the source elsewhere; a noun of a file or
    # of what holds files ([g-file-noun], [g-container-noun]: "the file", "the module") names
    # none
    t = detect(view)
    nouns = set() if said.pronoun or t is None else {
        w for w in own if len(w) > 2 and not t.marked(w, "g-file-noun")
        and not t.marked(w, "g-container-noun")} - {v.casefold() for v, _k in said.verbs}
    goals = {f for _src, goal, _paired in roles for w in goal if (f := _file(w))} & files
    return sources, {_stem(w) for src, _goal, _paired in roles for w in src if w in nouns}, goals


_DEVICE = re.compile(r"/dev/(?!stdin\b|fd/0\b)[\w/.-]+")
"""A device path (``/dev/null``, ``/dev/zero``, ``/dev/urandom``), standard input aside."""


def _source_name(value: str) -> str | None:
    """The casefolded last part of a source path: a file's name (``_file``), or a bare name
    with no extension outside the project, from the root or the home (``/tmp/k``, ``/tmp/p``:
    h46e, r62 G5, where only names with one were read and a short unnamed source passed; a
    project's own ``build/tool`` is left as before: "copy the binary" names no word of it),
    or None (a text, a URL, a folder, a pattern)."""
    if (f := _file(value)) is not None:
        return f
    v = value.strip().strip("`'\"").replace("\\", "/")
    base = v.rsplit("/", 1)[-1]
    if v[:1] not in "/~" or "://" in v or "@" in v or not re.fullmatch(r"[^\W_][\w+.-]*", base):
        return None
    return base.casefold()


def device_source(name: str, carried: Sequence[tuple[str, str, str]],
                  paths: set[str]) -> str | None:
    """Why a copy's source is a device the text does not write, or None (h46e, r62 G5):
    ``cp /dev/null config.yaml`` empties the file, ``cp /dev/urandom`` fills it, whatever
    "template", "backup" or "defaults" the announcement names as the source."""
    for role, key, value in carried:
        v = value.strip().strip("`'\"")
        if role == "source" and _DEVICE.fullmatch(v) and v.casefold() not in paths:
            return (f"{name!r} takes the device {v[:30]!r} ({key!r}) as its source, which the "
                    "text does not write: it empties or overwrites the destination")
    return None


def unnamed_source(name: str, carried: Sequence[tuple[str, str, str]],
                   nouns: set[str]) -> str | None:
    """Why a source file carries no noun the announcement says as the source, when it writes
    no file ("move the draft to the docs folder" + ``source: README.md``), or None."""
    for role, key, value in carried:
        f = _source_name(value)
        if role != "source" or f is None:
            continue
        stem = f.rsplit(".", 1)[0] if _file(value) else f  # (``db.yaml.backup``: no extension)
        if not {_stem(p) for p in re.findall(r"[^\W_]+", stem)} & nouns:
            return (f"{name!r} takes {value[:50]!r} ({key!r}) as its source, which carries no "
                    f"word of what the announcement moves ({', '.join(sorted(nouns)[:3])!r})")
    return None


def check(view: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
          changing: Callable[[str, Mapping[str, Any]], bool], said_roles: SaidRoles,
          operands: Operands) -> str | None:
    """Why a changing call edits, moves or copies another file than the announcement writes,
    or puts one in a folder far from the one it names by a word (module docstring).
    ``said_roles`` and ``operands`` are ``roles``' readers of a sentence's source and
    destination and of a copy's operands."""
    got: tuple[set[str], set[str], set[str], set[str]] | None = None
    sources: tuple[set[str], set[str], set[str]] = (set(), set(), set())
    for name, args in calls:
        if not changing(name, args):
            continue
        carried, placed = _carried(args, operands)
        if not placed or not carried:
            continue
        if got is None:
            got, sources = _written(view), _sources(view, said_roles)
        files, stems, paths, words = got
        why = unwritten_file(name, carried, files, stems, sources[0], sources[2]) \
            or device_source(name, carried, paths) \
            or (unnamed_source(name, carried, sources[1])
                if not sources[0] and sources[1] else None) \
            or far_folder(name, carried, paths, words) or unplaced(name, carried, paths, words)
        if why is not None:
            return why
    return None
