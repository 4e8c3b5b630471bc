"""The import graph keeps its shape: every import goes down the layers, so there is no cycle.

The graph is read from the source (``ast``), never by importing. An edge ``a -> b`` is a
``from .b import ...`` / ``from . import b`` / ``import leakcall.b`` in module ``a`` (a module of a
subpackage counts as its top-level name). Every import counts, wherever it is:

- module-level (run at import, also inside a top-level ``try``/``if``);
- type-only (inside ``if TYPE_CHECKING:``) and function-level (inside a ``def``, run on call):
  they cannot make an import fail, but they are dependencies all the same. They go down the
  layers too; an exception would have to be listed in ``LATE`` with its reason, and ``LATE`` is
  empty (issue 30: no exception) and may hold no stale entry (``test_the_late_check_...`` shows
  the check catching both kinds of mistake on a made-up package).

Importing ``leakcall.x`` also runs ``leakcall/__init__``; that is Python's package semantics,
not an edge here.

Private names (``test_no_private_name_crosses_its_boundary``): a name is private when it starts
with one underscore (``_x``; a dunder such as ``__version__`` is not).

- A private name defined in a module belongs to that module: no other module imports it
  (``from m import _x``) or reads it off the module (``m._x``, ``m`` bound by an import),
  but the modules of the same subpackage below ``leakcall`` (``intent/``, ``proxy/``): a
  subpackage is one unit split by concern (issue 30: "outside a package's own modules").
- A private module (a dotted path with an ``_x`` component: ``leakcall._sse``) belongs to the
  package that holds it: only modules in that package's directory, or below it, import it or
  names from it. For ``leakcall._sse`` that is every module of ``leakcall``; for a
  ``leakcall.proxy._x`` it would be ``leakcall/proxy/`` only. (Which of leakcall's private
  modules the proxy may reach is narrower still: ``test_the_proxy_reaches_...``.)
- Other distributions' private modules and names (the standard library's, a dependency's) are
  not imported either, but for the entries of ``FOREIGN``, each with its reason (no stale one).

This is checked over ``src/leakcall``; the tests may reach into internals to test them.

Size (``test_no_module_is_over_800_lines``): no module of ``src/leakcall`` is over ``MAX_LINES``
lines, but for the entries of ``LONG`` (modules another change is splitting; no stale entry).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable
from pathlib import Path

import leakcall

PACKAGE = Path(leakcall.__file__).parent

# Lowest first; a module imports only modules of strictly lower layers. The order is the
# pipeline's stage order: locate, parse, (choose, closure in pipeline), calls (the tree reader),
# intent, decode, then the toolset (names, schema validators) that the pipeline's names and
# validate steps read; above them the pipeline, the stream's hold-back machine, the Recoverer
# (and StreamRecoverer), the log reader, the scan report, then the adapters and batch, the Ray
# scan, the scan command, the proxy app, its operations layer, ``leakcall serve`` and the command
# line.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("reasons", "corpus", "_plain", "_partial", "fast_patterns"),  # no leakcall import
    ("literals", "result", "budget", "validate"),  # read only reasons
    ("families", "ids"),  # ids reads a long value off its JSON text (literals.string_at)
    ("locate",),
    ("parse_outcome",),  # what a parse gives; the mention rules
    ("lalr",),  # the parse driven over Lark's tables
    ("parse",),
    ("siblings",),  # candidates sharing an opener: which fail on their first tokens
    ("calls",),
    ("intent",),
    ("decode",),
    ("tools",),
    ("valuemarkup",),  # markup inside a call's values, read by the pipeline's last step
    ("pipeline",),
    ("_plainrun",),  # plain text deltas passed at once, taken by the stream machine later
    ("stream",),  # the hold-back machine; takes its Recoverer as an argument
    ("recoverer",),  # Recoverer and StreamRecoverer (Recoverer.stream builds one)
    ("logs",),
    ("_wire", "report", "_sse"),
    ("_ndjson", "openai", "anthropic", "ollama", "batch"),
    ("_upstream",),
    ("_transport", "ray_scan"),
    ("scan",),  # the scan command and its --jobs workers; --ray's runner below it
    ("wire",),  # the one wire path's public names (decoder, routes, ids, stream repair)
    ("httpx", "httpx2", "proxy", "litellm", "vllm"),  # proxy: the repair proxy's ASGI app
    # operations around the proxy app (keys, probes, metrics, logging, env config); the file
    # vLLM loads, over leakcall.vllm
    ("ops", "_vllm_plugin"),
    ("serve",),  # ``leakcall serve``'s command line and the ``leakcall.serve:app`` factory
    ("_protocol", "maint"),  # uvicorn workers' protocol; the maintainer's commands
    ("cli",),
    ("__init__", "__main__"),
)
RANK = {m: i for i, layer in enumerate(LAYERS) for m in layer}

# Upward or sideways imports (run only on call, or only for the type checker), and why. Empty:
# issue 30 allows no exception (an entry would need the reason it cannot go down).
LATE: dict[tuple[str, str], str] = {}

# Private names of other distributions that leakcall imports (importer, module.name): why.
FOREIGN: dict[tuple[str, str], str] = {
    ("leakcall._partial", "re._parser"): "partial matching walks the regex's parse tree (sre); "
    "there is no public parser (sre_parse, its old name, warns since 3.11). Only _partial.",
    ("leakcall._partial", "re._constants"): "the opcodes of that parse tree (see re._parser)",
    ("leakcall.proxy.forward", "os._exit"): "public and documented despite its underscore: a "
    "worker process exits at once when the proxy is gone",
}

# Private names of leakcall imported across their boundary, until another change lands; each
# entry says which, and goes when it lands (no stale entry).
PENDING: dict[tuple[str, str], str] = {}


def _modules() -> dict[str, list[Path]]:
    out: dict[str, list[Path]] = {}
    for p in sorted(PACKAGE.rglob("*.py")):
        rel = p.relative_to(PACKAGE).with_suffix("").parts
        out.setdefault(rel[0], []).append(p)
    return out


MODULES = _modules()


def _targets(node: ast.Import | ast.ImportFrom, package: tuple[str, ...] = (),
             modules: Iterable[str] = MODULES) -> list[str]:
    """The top-level modules an import names; ``package``: the importing file's subpackage
    (``("proxy",)`` inside ``proxy/``), against which relative imports resolve."""
    if isinstance(node, ast.Import):
        return [a.name.split(".")[1] if "." in a.name else "__init__"
                for a in node.names if a.name.split(".")[0] == "leakcall"]
    if node.level == 0:
        parts = (node.module or "").split(".")
        if parts[0] != "leakcall":
            return []
        rest = parts[1:]
    else:
        base = package[: len(package) - (node.level - 1)]
        rest = [*base, *((node.module or "").split(".") if node.module else [])]
    if rest:
        return [rest[0]]
    return [a.name if a.name in modules else "__init__" for a in node.names]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _edges(sources: Iterable[tuple[str, tuple[str, ...], str]], modules: Iterable[str] = MODULES
           ) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(module-level edges, late edges: type-only or function-level) of ``sources``: (top-level
    module name, subpackage of the file, source text)."""
    top: set[tuple[str, str]] = set()
    late: set[tuple[str, str]] = set()
    names = set(modules)

    def walk(src: str, pkg: tuple[str, ...], body: list[ast.stmt], deferred: bool) -> None:
        for stmt in body:
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                (late if deferred else top).update(
                    (src, t) for t in _targets(stmt, pkg, names) if t != src)
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(src, pkg, stmt.body, True)
            elif isinstance(stmt, ast.If) and _is_type_checking(stmt.test):
                walk(src, pkg, stmt.body, True)
                walk(src, pkg, stmt.orelse, deferred)
            else:
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    for child in getattr(stmt, field, []) or []:
                        walk(src, pkg, child.body if isinstance(child, (ast.ExceptHandler,
                                                                        ast.match_case)) else [child],
                             deferred)

    for name, pkg, text in sources:
        walk(name, pkg, ast.parse(text).body, False)
    return top, late


def _sources() -> list[tuple[str, tuple[str, ...], str]]:
    return [(name, path.relative_to(PACKAGE).parent.parts, path.read_text(encoding="utf-8"))
            for name, paths in MODULES.items() for path in paths]


@functools.cache
def _graph() -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(module-level edges, late edges) of the package, parsed on first use, not at collection."""
    return _edges(_sources())


def _late_check(late_edges: set[tuple[str, str]], rank: dict[str, int],
                listed: dict[tuple[str, str], str]) -> tuple[list[tuple[str, str]],
                                                             list[tuple[str, str]]]:
    """(late edges going up or sideways that ``listed`` lacks, entries of ``listed`` that are no
    such edge: stale)."""
    up = {(a, b) for a, b in late_edges if rank[b] >= rank[a]}
    return sorted(up - set(listed)), sorted(set(listed) - up)


def test_every_module_has_a_layer() -> None:
    assert set(MODULES) == set(RANK), (
        f"place new modules in LAYERS: {sorted(set(MODULES) - set(RANK))}; "
        f"remove gone ones: {sorted(set(RANK) - set(MODULES))}")


def test_no_cycle_among_imports() -> None:
    """Every import counts, lazy and type-only ones included."""
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    top, late = _graph()
    for a, b in top | late:
        graph[a].add(b)
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            assert state.get(n) != 1, "import cycle: " + " -> ".join([*path, m, n])
            if n not in state:
                visit(n, [*path, m])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])


def _module_graph(root: Path) -> dict[str, set[str]]:
    """Every module under ``root`` (dotted, relative to it; a package by its directory) and the
    modules it imports, wherever the import stands: ``from .b import c`` is an edge to ``b.c``
    when that is a module, else to ``b``."""
    mods = {".".join(p.relative_to(root).with_suffix("").parts).removesuffix("__init__")
            .rstrip("."): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        pkg = m.split(".") if p.name == "__init__.py" and m else m.split(".")[:-1]
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = pkg[: len(pkg) - (node.level - 1)]
                mod = ".".join([*base, *([node.module] if node.module else [])])
                for a in node.names:
                    full = f"{mod}.{a.name}".lstrip(".")
                    target = full if full in mods else mod
                    if target in mods and target != m:
                        graph[m].add(target)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(m: str, path: list[str]) -> list[str] | None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return [*path, m, n]
            if n not in state and (found := visit(n, [*path, m])) is not None:
                return found
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m, [])) is not None:
            return found
    return None


def test_no_cycle_among_the_modules_of_a_subpackage() -> None:
    """The layers above order top-level units; inside a subpackage (``intent/``, ``proxy/``)
    every module counts too, lazy imports included."""
    assert _cycle(_module_graph(PACKAGE)) is None


def test_the_module_cycle_check_sees_a_lazy_import(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for rel, text in {"sub/__init__.py": "", "sub/a.py": "from .b import x\n",
                      "sub/b.py": "x = 1\ndef f():\n    from . import a\n"}.items():
        (tmp_path / rel).write_text(text, encoding="utf-8")
    assert _cycle(_module_graph(tmp_path)) == ["sub.a", "sub.b", "sub.a"]
    (tmp_path / "sub" / "b.py").write_text("x = 1\n", encoding="utf-8")
    assert _cycle(_module_graph(tmp_path)) is None


def test_module_level_imports_go_down_the_layers() -> None:
    up = sorted(f"{a} (layer {RANK[a]}) imports {b} (layer {RANK[b]})"
                for a, b in _graph()[0] if RANK[b] >= RANK[a])
    assert not up


def test_late_imports_go_down_the_layers_too() -> None:
    assert LATE == {}, "issue 30: the architecture allows no exception"
    unlisted, stale = _late_check(_graph()[1], RANK, LATE)
    assert (unlisted, stale) == ([], []), f"unlisted: {unlisted}; stale: {stale}"


def test_the_late_check_reports_unlisted_and_stale_entries() -> None:
    """On a made-up package: ``low`` imports ``high`` inside a function and for the type checker
    only; ``LATE`` lists neither, but another edge that does not exist."""
    low = ("from typing import TYPE_CHECKING\n"
           "if TYPE_CHECKING:\n    from .mid import M\n"
           "def f():\n    from . import high\n    return high\n")
    sources = [("low", (), low), ("mid", (), "from .low import f\n"), ("high", (), "")]
    top, late = _edges(sources, ["low", "mid", "high"])
    assert top == {("mid", "low")} and late == {("low", "mid"), ("low", "high")}
    rank = {"low": 0, "mid": 1, "high": 2}
    unlisted, stale = _late_check(late, rank, {("mid", "high"): "gone"})
    assert unlisted == [("low", "high"), ("low", "mid")] and stale == [("mid", "high")]


def test_the_reader_sees_each_kind_of_edge() -> None:
    top, late = _graph()
    assert ("pipeline", "parse") in top and ("calls", "literals") in top
    assert ("recoverer", "stream") in top and ("stream", "recoverer") not in top | late
    assert ("cli", "maint") in late and ("cli", "maint") not in top  # on call only
    assert ("scan", "_plain") in top  # inside a module-level try
    assert ("proxy", "openai") in top and ("serve", "ops") in top  # from inside a subpackage
    assert not {(a, b) for a, b in top | late if a in ("proxy", "ops") and b == "serve"}
    assert ("proxy", "ops") not in top | late  # the proxy app knows nothing of operations


def test_the_proxy_reaches_the_wire_path_only_through_leakcall_wire() -> None:
    """Issue 26: the decoder, the route table, the id salt and the stream repair the proxy
    shares with the transports are public names of ``leakcall.wire``; the proxy app, ``ops``
    and ``serve`` import none of the private modules behind it."""
    private = {"_sse", "_ndjson", "_upstream", "_wire", "_transport"}
    reached = {(a, b) for a, b in _graph()[0] | _graph()[1]
               if a in ("proxy", "ops", "serve") and b in private}
    assert reached == set()
    assert ("proxy", "wire") in _graph()[0] and ("ops", "wire") in _graph()[0]


# --- private names -------------------------------------------------------------------------------


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _dotted(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _private_crossings(root: Path) -> dict[tuple[str, str], int]:
    """Every private name or module imported across its boundary (module docstring) by the
    modules under ``root`` (a package directory): (importer, module.name) -> line."""
    files = {_dotted(p, root): p for p in sorted(root.rglob("*.py"))}
    out: dict[tuple[str, str], int] = {}

    def check(importer: str, dotted: list[str], line: int, module: str | None) -> None:
        """``dotted``: the imported path (``module`` + ``.name``); ``module``: the module a
        ``from`` import reads a name off, None when every component is a module path."""
        for i, part in enumerate(dotted):
            if not _private(part):
                continue
            owner = ".".join(dotted[:i])
            full = ".".join(dotted)
            is_name = module is not None and i == len(dotted) - 1 and full not in files
            if is_name:  # a module's private name: that module's, and its subpackage's
                if importer != module and not _same_subpackage(importer, module):
                    out[(importer, full)] = line
            elif not (importer == owner or importer.startswith(owner + ".")):
                out[(importer, ".".join(dotted[: i + 1]))] = line  # its package's alone
            return

    for name, path in files.items():
        pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bound: dict[str, str] = {}  # local name -> the module an import bound it to
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    check(name, a.name.split("."), node.lineno, None)
                    bound[a.asname or a.name.split(".")[0]] = a.name if a.asname else \
                        a.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = pkg.split(".")[: len(pkg.split(".")) - (node.level - 1)]
                    module = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    module = node.module or ""
                for a in node.names:
                    full = f"{module}.{a.name}"
                    check(name, full.split("."), node.lineno,
                          None if full in files else module)
                    if full in files or not module.startswith("leakcall"):
                        bound[a.asname or a.name] = full
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in bound and _private(node.attr)):
                target = bound[node.value.id]
                if target != name:
                    out[(name, f"{target}.{node.attr}")] = node.lineno
    return out


def _same_subpackage(a: str, b: str) -> bool:
    """Two modules of one subpackage below ``leakcall`` (``leakcall.intent.kinds`` and
    ``leakcall.intent.grounding``): a subpackage is one unit split by concern, so its modules
    share their private names; the top-level modules are separate units."""
    pa, pb = a.rpartition(".")[0], b.rpartition(".")[0]
    return pa == pb and pa.count(".") >= 1


def test_no_private_name_crosses_its_boundary() -> None:
    found = _private_crossings(PACKAGE)
    allowed = set(FOREIGN) | set(PENDING)
    assert sorted(set(found) - allowed) == [], "private names imported across their boundary"
    assert sorted(allowed - set(found)) == [], "stale FOREIGN/PENDING entries"


def test_the_private_name_check_sees_each_kind(tmp_path: Path) -> None:
    """On a made-up package: a module's private name imported by a sibling, read off a module,
    a private module imported from outside its package, and what stays allowed."""
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    for rel, text in {
        "__init__.py": "",
        "a.py": "_x = 1\ny = 2\n",
        "b.py": "from .a import _x, y\n",
        "f.py": "from . import a\nz = a._x + a.y\n",
        "_hidden.py": "w = 1\n",
        "c.py": "from ._hidden import w\nimport re._parser\n",
        "sub/__init__.py": "",
        "sub/_inner.py": "v = 1\n",
        "sub/d.py": "from ._inner import v\nfrom .. import _hidden\n",
        "e.py": "from .sub._inner import v\nfrom .sub import _inner\n",
    }.items():
        (root / rel).write_text(text, encoding="utf-8")
    assert set(_private_crossings(root)) == {
        ("pkg.b", "pkg.a._x"),  # a module's private name, imported
        ("pkg.c", "re._parser"),  # another distribution's private module
        ("pkg.e", "pkg.sub._inner"),  # a subpackage's private module, from outside it (twice)
        ("pkg.f", "pkg.a._x"),  # a module's private name, read off the module
    }  # c, d: pkg's private modules from inside pkg, sub's from inside sub


# --- module size ---------------------------------------------------------------------------------

MAX_LINES = 800
"""A module past this many lines holds more than one room: split it by what its parts do."""

# Modules still past it, until the change that splits them lands (no stale entry).
LONG: dict[str, str] = {}


def test_no_module_is_over_800_lines() -> None:
    sizes = {p.relative_to(PACKAGE).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for paths in MODULES.values() for p in paths}
    long = {name for name, n in sizes.items() if n > MAX_LINES}
    assert sorted(long - set(LONG)) == [], {n: sizes[n] for n in long - set(LONG)}
    assert sorted(set(LONG) - long) == [], "stale LONG entries"
