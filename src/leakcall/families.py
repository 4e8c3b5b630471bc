"""Family discovery: every ``grammar/<family>.lark`` is a family; its ``//`` header is its descriptor.

Header keys (one ``// key: value`` per line at the top of the file; repeatable keys marked *).
The header ends at the first bare ``//`` line or the first line that is not a comment: prose
after it is never read as keys. Inside the header every line is a key line, and an unknown key
or a line that is not ``// key: value`` is a ValueError at load time.

- ``family``  the file stem, repeated so a copied file cannot masquerade as another family
- ``title``   human name of the syntax
- ``models``  models known to emit it
- ``source``  where the format is defined / parsed (engine files, model docs)
- ``open`` *  a literal that starts an envelope; ``^`` prefix: only at the start of a segment
- ``close`` * a literal that ends an envelope (the envelope ends after its last occurrence);
              ``$`` means the end of the segment closes the envelope (formats ended by EOS)
- ``values``  (required) how a string value is written: ``text`` (verbatim), ``framed``
              (verbatim between a newline after the opening tag and one before the closing tag,
              removed by the generic decode step: ``leakcall.decode.unframe``), ``json``,
              ``python``
- ``spelling`` * ``NAME FROM=>TO [FROM=>TO ...]``: a tolerated sentinel spelling. It makes a
              second family, ``<family>_NAME``, whose grammar is this one with each FROM written
              TO (in order) in every literal, regex and open/close value; FROM is matched as the
              grammar source writes it (``\\"`` inside a string literal). A space in FROM or TO
              is written ``␣`` (U+2423, ``SPACE_SIGN``): the rules are separated by spaces. One
              spelling per envelope: a mixture parses as neither.
- ``result`` * a literal that opens a tool result in the family's template
- ``glitch`` * ``TOKEN SOURCES``: a token models of the family were seen writing right before
              the markup (Claude's ``court``), with where it was seen. Standing alone before the
              markup (glued to it or on its own line), with nothing visible before it, it reads
              as the bare markup (rule ``glitch-token``); anywhere else it is text as usual.

A value written as a JSON string (``"..."``) is decoded, for literals with edge whitespace.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Generic, TypeVar

import lark
from lark import Lark

__all__ = [
    "CACHE_ENV", "VALUES", "Family", "all_families", "cache_dir", "cached_lark", "get_family", "grammar_dir",
    "load_family",
    "markdown_table",
]

_HEADER = re.compile(r"^//\s*([a-z_-]+)\s*:\s?(.*)$")
_REQUIRED = ("family", "title", "models", "source", "open", "close", "values")
_SINGLE = ("family", "title", "values")
SPACE_SIGN = "\u2423"
"""``␣``: a space inside a ``spelling`` rule (``｜=>␣|␣`` writes each bar as `` | ``)."""

_KEYS = frozenset((*_REQUIRED, "spelling", "result", "glitch"))
_GLITCH_TOKEN = re.compile(r"[^\s<>]+")
VALUES = ("text", "framed", "json", "python")
"""The ``values`` header spellings: how the family writes a string value."""


@dataclass(frozen=True, eq=False)  # identity: families are loaded once and hashed per call
class Family:
    """A model family's syntax: its grammar file and the literals that locate its envelopes."""

    name: str
    path: Path
    title: str
    models: str
    source: str
    opens: tuple[str, ...]
    anchored_opens: tuple[str, ...]
    closes: tuple[str, ...]
    closed_by_end: bool
    values: str  # one of VALUES: how a string value is written (header ``values``)
    header: dict[str, list[str]] = field(compare=False, repr=False)
    spelling: tuple[tuple[str, str], ...] | None = None  # (FROM, TO) rewrites of a spelling
    results: tuple[str, ...] = ()  # literals that open a tool result in the template (``result``)
    glitches: tuple[str, ...] = ()  # tokens seen glued before the markup (header ``glitch``)

    @property
    def framed(self) -> bool:
        """Raw values carry a newline frame (header ``values: framed``)."""
        return self.values == "framed"

    def parser(self) -> Lark:
        """The family's LALR parser, built once."""
        return _parser(self.path, self.spelling)


# A Lark regex literal (/.../flags) or string literal ("..."), for spelling substitution.
_LITERAL = re.compile(r'/(?:\\.|[^/\\\n])+/[imslux]*|"(?:\\.|[^"\\\n])*"')


def _respell(grammar: str, rewrites: tuple[tuple[str, str], ...]) -> str:
    """The grammar with each ``frm`` written ``to`` (in order) in its literals (escaped inside
    regexes); comment lines are left as they are."""
    for frm, to in rewrites:
        def sub(m: re.Match[str], frm: str = frm, to: str = to) -> str:
            lit = m.group(0)
            return lit.replace(frm, re.escape(to) if lit.startswith("/") else to)
        grammar = "".join(line if line.lstrip().startswith("//") else _LITERAL.sub(sub, line)
                          for line in grammar.splitlines(keepends=True))
    return grammar


CACHE_ENV = "LEAKCALL_CACHE_DIR"
"""Where built parsers are kept between processes (default ``$XDG_CACHE_HOME/leakcall`` or
``~/.cache/leakcall``); set it empty to build every parser in every process."""


def cache_dir() -> Path | None:
    """The parser cache directory, made if need be; None when it cannot be made, is not
    writable, or is not private to this user (a cached parser is a pickle: only files this user
    wrote are ever loaded)."""
    env = os.environ.get(CACHE_ENV)
    if env is not None and not env.strip():
        return None
    try:
        base = Path(env) if env else Path(
            os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "leakcall"
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = base.stat()
        if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
            return None
        if not os.access(base, os.W_OK | os.X_OK):
            return None
    except (OSError, RuntimeError):  # no home directory, read-only file system, ...
        return None
    return base


def _cache_key(text: str, options: dict[str, object], import_paths: list[str]) -> str:
    """The digest of everything the built parser depends on: the grammar text, the Lark options,
    the Lark and Python versions, and every grammar file it could import."""
    h = hashlib.sha256()
    h.update(json.dumps([lark.__version__, list(sys.version_info[:2]), text,
                         sorted((k, repr(v)) for k, v in options.items())]).encode())
    for d in import_paths:
        h.update(_dir_digest(d).encode())
    return h.hexdigest()


@cache  # read once per process, like the parsers themselves
def _dir_digest(directory: str) -> str:
    h = hashlib.sha256()
    for f in sorted(Path(directory).glob("*.lark")):
        h.update(f"\0{f.name}\0".encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def _load_cached(path: Path) -> Lark | None:
    try:
        if hasattr(os, "getuid") and path.stat().st_uid != os.getuid():
            return None
        with path.open("rb") as f:
            return Lark.load(f)
    except Exception:  # missing, truncated, written by another Lark: build it instead
        return None


def _store_cached(path: Path, parser: Lark) -> None:
    """Written to a temporary file and renamed, so that a concurrent reader never sees half."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".lark-cache")
        try:
            with os.fdopen(fd, "wb") as f:
                parser.save(f)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except Exception:  # a full disk or a vanished directory only costs the next build
        return


@cache
def _parser(path: Path, spelling: tuple[tuple[str, str], ...] | None = None) -> Lark:
    text = path.read_text(encoding="utf-8")
    if spelling is not None:
        text = _respell(text, spelling)
    return cached_lark(text, [str(path.parent), str(grammar_dir())], parser="lalr",
                       lexer="contextual", start="start", maybe_placeholders=False)


def cached_lark(text: str, import_paths: list[str], **options: object) -> Lark:
    """``Lark(text, import_paths=import_paths, **options)``, read from the parser cache
    (``cache_dir``) when it holds that parser, else built and stored there."""
    where = cache_dir()
    cached = where / f"{_cache_key(text, options, import_paths)}.lark-cache" if where else None
    if cached is not None:
        hit = _load_cached(cached)
        if hit is not None:
            return hit
    built = Lark(text, import_paths=import_paths, **options)
    if cached is not None:
        _store_cached(cached, built)
    return built


@cache
def grammar_dir() -> Path:
    """Where the grammars are: inside the installed package, else the source tree's ``grammar/``."""
    packaged = resources.files("leakcall") / "grammar"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "grammar"


def _value(raw: str) -> str:
    raw = raw.rstrip("\n")
    if raw.startswith('"'):
        decoded = json.loads(raw)
        if not isinstance(decoded, str):
            raise ValueError(f"header value {raw!r} is not a JSON string")
        return decoded
    return raw.strip()


def read_header(path: Path) -> dict[str, list[str]]:
    """The ``// key: value`` lines at the top of a grammar file, up to the first bare ``//``
    line or non-comment line; ValueError on an unknown key or a line that is not a key line."""
    header: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("//") or line.rstrip() == "//":
            break
        m = _HEADER.match(line)
        if not m:
            raise ValueError(f"{path.name}: header line {line!r} is not '// key: value' "
                             "(end the header with a bare '//' line before prose)")
        if m.group(1) not in _KEYS:
            raise ValueError(f"{path.name}: unknown header key {m.group(1)!r} "
                             f"(known: {', '.join(sorted(_KEYS))})")
        header.setdefault(m.group(1), []).append(_value(m.group(2)))
    return header


def load_family(path: Path) -> Family:
    """Build a Family from a grammar file's header (raises ValueError when incomplete)."""
    h = read_header(path)
    missing = [k for k in _REQUIRED if not h.get(k)]
    if missing:
        raise ValueError(f"{path.name}: grammar header lacks {', '.join(missing)}")
    repeated = [k for k in _SINGLE if len(h[k]) > 1]
    if repeated:
        raise ValueError(f"{path.name}: header key {repeated[0]!r} given more than once")
    if h["values"][0] not in VALUES:
        raise ValueError(f"{path.name}: header values {h['values'][0]!r} is not one of "
                         f"{', '.join(VALUES)}")
    if h["family"] != [path.stem]:
        raise ValueError(f"{path.name}: header family {h['family']} is not the file stem")
    opens = tuple(o for o in h["open"] if not o.startswith("^"))
    anchored = tuple(o[1:] for o in h["open"] if o.startswith("^"))
    closes = tuple(c for c in h["close"] if c != "$")
    if any(not o for o in opens + anchored + closes):
        raise ValueError(f"{path.name}: empty open/close literal")
    glitches = []
    for decl in h.get("glitch", []):
        token, _, sources = decl.partition(" ")
        if not (_GLITCH_TOKEN.fullmatch(token) and sources.strip()):
            raise ValueError(f"{path.name}: bad glitch declaration {decl!r} (want: TOKEN SOURCES, "
                             "the token without spaces or angle brackets, then where it was seen)")
        glitches.append(token)
    return Family(
        name=path.stem,
        path=path,
        title=h["title"][0],
        models=", ".join(h["models"]),
        source=" ".join(h["source"]),
        opens=opens,
        anchored_opens=anchored,
        closes=closes,
        closed_by_end="$" in h["close"],
        values=h["values"][0],
        header=h,
        results=tuple(h.get("result", ())),
        glitches=tuple(glitches),
    )


def _rewrite(text: str, rewrites: tuple[tuple[str, str], ...]) -> str:
    """An open/close literal respelled: FROM as the grammar source writes it, so ``\\"`` there
    is a plain quote here."""
    for frm, to in rewrites:
        text = text.replace(frm.replace('\\"', '"'), to)
    return text


def _spellings(base: Family) -> list[Family]:
    out = []
    for decl in base.header.get("spelling", []):
        name, *rules = decl.split()
        rewrites = []
        for rule in rules:
            frm, sep, to = (part.replace(SPACE_SIGN, " ") for part in rule.partition("=>"))
            if not (sep and frm and to and frm != to):
                raise ValueError(f"{base.path.name}: bad spelling declaration {decl!r}")
            rewrites.append((frm, to))
        if not (name.isidentifier() and rewrites):
            raise ValueError(f"{base.path.name}: bad spelling declaration {decl!r}")
        pairs = tuple(rewrites)
        shown = "; ".join(f"{f} written {t!r}" if " " in t else f"{f} written {t}"
                          for f, t in pairs)
        out.append(Family(
            name=f"{base.name}_{name}",
            path=base.path,
            title=f"{base.title}, {name} spelling ({shown})",
            models=base.models,
            source=base.source,
            opens=tuple(_rewrite(o, pairs) for o in base.opens),
            anchored_opens=tuple(_rewrite(o, pairs) for o in base.anchored_opens),
            closes=tuple(_rewrite(c, pairs) for c in base.closes),
            closed_by_end=base.closed_by_end,
            values=base.values,
            header=base.header,
            spelling=pairs,
            results=base.results,
            glitches=base.glitches,
        ))
    return out


@cache
def _discover(directory: Path) -> tuple[Family, ...]:
    paths = sorted(p for p in directory.glob("*.lark") if not p.name.startswith("_"))
    found = [f for p in paths for base in (load_family(p),) for f in (base, *_spellings(base))]
    return tuple(sorted(found, key=lambda f: f.name))


@cache
def _shipped() -> tuple[Family, ...]:
    return _discover(grammar_dir().resolve())


def all_families(directory: Path | None = None) -> tuple[Family, ...]:
    """Every family found in ``directory`` (default: the shipped grammars), sorted by name."""
    if directory is None:
        return _shipped()
    return _discover(directory.resolve())


def get_family(name: str, directory: Path | None = None) -> Family:
    """The family called ``name``; KeyError naming the known ones otherwise."""
    for f in all_families(directory):
        if f.name == name:
            return f
    known = ", ".join(f.name for f in all_families(directory))
    raise KeyError(f"unknown family {name!r} (known: {known})")


def _cell(text: str, code: bool = False) -> str:
    """A table cell: ``|`` escaped and no raw line break (one would end the row): written
    ``\\n`` / ``\\r`` in a code cell, a space in prose."""
    text = text.replace("|", "\\|")
    if code:
        return "`" + text.replace("\r", "\\r").replace("\n", "\\n") + "`"
    text = " ".join(text.splitlines())
    return text.replace("<", "&lt;").replace(">", "&gt;")


def markdown_table(families: tuple[Family, ...] | None = None) -> str:
    """The supported-families table of docs/families.md, generated from the grammar headers."""
    rows = ["| family | syntax | models | opens with |", "|---|---|---|---|"]
    for f in families or all_families():
        opens = [_cell(o, code=True) for o in f.opens]
        opens += [_cell(a, code=True) + " (whole reply)" for a in f.anchored_opens]
        rows.append(f"| `{f.name}` | {_cell(f.title)} | {_cell(f.models)} | {', '.join(opens)} |")
    return "\n".join(rows) + "\n"


_T = TypeVar("_T")


class LastFamilies(Generic[_T]):
    """``fn(fams)``, the last tuple asked for recognised by identity before ``fn``'s own cache
    hashes it: the pipeline passes the same tuple of ~40 families for every reply."""

    __slots__ = ("_fn", "_last")

    def __init__(self, fn: Callable[[tuple[Family, ...]], _T]) -> None:
        self._fn = fn
        self._last: tuple[tuple[Family, ...], _T] | None = None

    def __call__(self, fams: tuple[Family, ...]) -> _T:
        last = self._last
        if last is not None and last[0] is fams:
            return last[1]
        out = self._fn(fams)
        self._last = (fams, out)  # one assignment: a thread reads the old pair or the new one
        return out
