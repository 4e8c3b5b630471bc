"""The import graph keeps its shape: stages import only lower stages, and no cycle.

The graph is read from the source (``ast``), never by importing. An edge ``a -> b`` is a
``from .b import ...`` / ``from . import b`` / ``import leakcall.b`` in module ``a`` (a module of a
subpackage counts as its top-level name). Three kinds of edges:

- module-level (run at import, also inside a top-level ``try``/``if``): these must go strictly
  down the layers below, so they can hold no cycle (checked separately too, for a clear message);
- type-only (inside ``if TYPE_CHECKING:``) and function-level (inside a ``def``, run on call):
  they do not run at import, so they cannot make an import cycle. Going down is free; going up
  or sideways is allowed only when listed in ``LATE`` with the reason, and ``LATE`` holds no
  stale entry. ``Recoverer.stream`` importing ``stream`` is the example: a ``StreamRecoverer``
  holds a ``Recoverer``, so the stream module sits above ``recoverer`` and is reached lazily.

Importing ``leakcall.x`` also runs ``leakcall/__init__``; that is Python's package semantics,
not an edge here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import leakcall

PACKAGE = Path(leakcall.__file__).parent

# Lowest first; a module imports (at module level) only modules of strictly lower layers. The
# order is the pipeline's stage order: locate, parse, (choose, closure in pipeline), calls (the
# tree reader), intent, decode, then the toolset (names, schema validators) that the pipeline's
# names and validate steps read; above them the pipeline, the Recoverer, the stream and the log
# reader, the scan report, then the adapters and batch, the Ray scan, the scan command, the proxy
# and the command line.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("reasons", "ids", "corpus", "_plain", "_partial"),  # ground floor: no leakcall import
    ("literals", "result", "budget", "validate"),  # read only reasons
    ("families",),
    ("locate",),
    ("parse",),
    ("calls",),
    ("intent",),
    ("decode",),
    ("tools",),
    ("pipeline",),
    ("recoverer",),
    ("stream", "logs"),
    ("_wire", "report", "_sse"),
    ("_ndjson", "openai", "anthropic", "ollama", "batch"),
    ("_upstream",),
    ("_transport", "ray_scan"),
    ("scan",),  # the scan command and its --jobs workers; --ray's runner below it
    ("wire",),  # the one wire path's public names (decoder, routes, ids, stream repair)
    ("httpx", "httpx2", "serve", "litellm", "vllm"),
    ("ops", "_h11", "_vllm_plugin"),  # _vllm_plugin: the file vLLM loads, over leakcall.vllm
    ("cli", "maint"),
    ("__init__", "__main__"),
)
RANK = {m: i for i, layer in enumerate(LAYERS) for m in layer}

# Upward or sideways imports that run only on call (or only for the type checker), and why.
LATE: dict[tuple[str, str], str] = {
    ("recoverer", "stream"): "Recoverer.stream() builds a StreamRecoverer, which holds a Recoverer",
    ("serve", "ops"): "serve's entry points start the app that ops builds around the proxy",
    ("cli", "maint"): "leakcall calibrate runs the maintainer's calibration, loaded when asked",
}


def _modules() -> dict[str, list[Path]]:
    out: dict[str, list[Path]] = {}
    for p in sorted(PACKAGE.rglob("*.py")):
        rel = p.relative_to(PACKAGE).with_suffix("").parts
        out.setdefault(rel[0], []).append(p)
    return out


MODULES = _modules()


def _targets(node: ast.Import | ast.ImportFrom, package: tuple[str, ...] = ()) -> list[str]:
    """The top-level modules an import names; ``package``: the importing file's subpackage
    (``("serve",)`` inside ``serve/``), against which relative imports resolve."""
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
    return [a.name if a.name in MODULES else "__init__" for a in node.names]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _edges() -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(module-level edges, late edges: type-only or function-level)."""
    top: set[tuple[str, str]] = set()
    late: set[tuple[str, str]] = set()

    def walk(src: str, pkg: tuple[str, ...], body: list[ast.stmt], deferred: bool) -> None:
        for stmt in body:
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                (late if deferred else top).update(
                    (src, t) for t in _targets(stmt, pkg) if t != src)
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

    for name, paths in MODULES.items():
        for path in paths:
            pkg = path.relative_to(PACKAGE).parent.parts
            walk(name, pkg, ast.parse(path.read_text(encoding="utf-8")).body, False)
    return top, late


TOP, LATE_EDGES = _edges()


def test_every_module_has_a_layer() -> None:
    assert set(MODULES) == set(RANK), (
        f"place new modules in LAYERS: {sorted(set(MODULES) - set(RANK))}; "
        f"remove gone ones: {sorted(set(RANK) - set(MODULES))}")


def test_no_cycle_among_module_level_imports() -> None:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for a, b in TOP:
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


def test_module_level_imports_go_down_the_layers() -> None:
    up = sorted(f"{a} (layer {RANK[a]}) imports {b} (layer {RANK[b]})"
                for a, b in TOP if RANK[b] >= RANK[a])
    assert not up


def test_late_imports_up_are_listed_with_a_reason() -> None:
    up = {(a, b) for a, b in LATE_EDGES if RANK[b] >= RANK[a]}
    assert up == set(LATE), (f"unlisted: {sorted(up - set(LATE))}; "
                             f"stale: {sorted(set(LATE) - up)}")


def test_the_reader_sees_each_kind_of_edge() -> None:
    assert ("pipeline", "parse") in TOP and ("calls", "literals") in TOP
    assert ("recoverer", "stream") in LATE_EDGES and ("recoverer", "stream") not in TOP
    assert ("scan", "_plain") in TOP  # inside a module-level try
    assert ("serve", "openai") in TOP and ("serve", "ops") in LATE_EDGES  # from inside serve/


def test_the_proxy_reaches_the_wire_path_only_through_leakcall_wire() -> None:
    """Issue 26: the decoder, the route table, the id salt and the stream repair the proxy
    shares with the transports are public names of ``leakcall.wire``; ``serve`` and ``ops``
    import none of the private modules behind it."""
    private = {"_sse", "_ndjson", "_upstream", "_wire", "_transport"}
    reached = {(a, b) for a, b in TOP | LATE_EDGES if a in ("serve", "ops") and b in private}
    assert reached == set()
    assert ("serve", "wire") in TOP and ("ops", "wire") in TOP
