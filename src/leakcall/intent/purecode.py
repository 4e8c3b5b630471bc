"""Code that only computes (``grammar/intent/pure-python.txt``): a closed model of Python.

A tool that runs code, or ``python -c CODE``, takes kind ``run``. Python code that parses whole
under this model only computes: it takes kind ``compute`` (observing: it changes nothing and
sends nothing), so "I'll calculate the square root of 42 using Python" grounds
``python_repl_tool(code="import math\\nprint(math.sqrt(42))")``. The model is a whitelist, read
by Python's own parser (``ast``), never by running the code:

- every node is of a listed type ([nodes]: literals, names, operators, comparisons,
  assignments, ``if``/``for``/``while``, ``def``/``lambda``, comprehensions, f-strings,
  imports); no ``class``, ``with``, ``try``, ``del``, ``global``, ``yield``, walrus;
- a name read is a listed builtin ([builtins]: ``print``, ``len``, ``sum``, ...; no ``open``,
  ``exec``, ``getattr``, ``__import__``), or one the code itself bound before (an assignment,
  a loop, a parameter, a ``def``, an import): a name it did not bind would be the
  interpreter's own state (a session's ``db``), whose methods may change anything. A name
  bound in one branch or in a loop's body is not bound after it (the branch may not run);
- a builtin or module name is never bound again (a session's ``print`` stays its own);
- a module is one of [modules], imported at the top level by ``import m`` / ``import m as x``
  / ``from m import a`` (no ``*``, no dotted or relative name), and read only as ``m.member``
  for its listed members (``statistics.sys`` is no member); a module name stands nowhere else;
- every other attribute read is of [attributes] (methods and fields of numbers, strings,
  containers, dates: ``append``, ``strftime``), never an underscore name (``__class__``) and
  never an attribute a value is assigned to; ``format`` only of a string literal whose fields
  are positions or keywords (``"{0.gi_frame}".format(g)`` reads attributes);
- an item assigned to is one of a value the code holds by name (``d[k] = v``);
- at most [limit] characters.

A closed, read-only part of pandas and numpy belongs to the model ([data-modules],
[data-attributes], merged into [modules] and [attributes]): no writer (``to_*``,
``np.save``), no code string (``query``, ``eval``), no plotting. A reader of [readers] is read
only as a call of one literal local path (no ``:``: no URL, no fsspec scheme) with keywords of
[reader-keywords]; code that reads takes kind ``read`` (its path grounded as a read call's
is), else ``compute``. A method that looks a function up by its name ([dispatching]:
``df.agg("sum")``) is given only literals, lambdas, builtins or module members, its strings
listed attributes (``df.agg("to_csv", "x")`` writes).

One kind of name the code did not bind is read: pandas' own name for a data frame
([session-frames]: ``df``, ``df2``, ``sales_df``), the session's frame an agent analyses
(``df.isna().sum()``), and only by code that changes no value in place ([mutators],
[mutating-keywords], no item stored, no augmented assignment) and never binds that name.

Anything outside the model keeps today's reading (a false refusal at worst). The code's
language must be Python: a ``language`` argument says so, or a tool's name word or the first
sentence of its description does and names no other language ([language],
[other-languages]); or the program of ``python -c`` ([interpreters]) has no flag before
``-c`` that runs a file or a module ([interpreter-flags]).
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from ..families import grammar_dir
from .kindsfile import _kinds_file, read_sections
from .named import name_words


@cache
def _model() -> dict[str, tuple[str, ...]]:
    """pure-python.txt read once: each section's entries ([data-modules] and
    [data-attributes], pandas and numpy, merged into [modules] and [attributes])."""
    m = read_sections(grammar_dir() / "intent" / "pure-python.txt")
    return {**m, "modules": (*m["modules"], *m.get("data-modules", ())),
            "attributes": (*m["attributes"], *m.get("data-attributes", ()))}


@cache
def _nodes() -> tuple[type, ...]:
    """[nodes]: the ast node types of a computation."""
    return tuple(getattr(ast, n) for n in _model()["nodes"] if hasattr(ast, n))


@cache
def _modules() -> dict[str, frozenset[str]]:
    """[modules]: module -> the members it may be read for."""
    return {line.split()[0]: frozenset(line.split()[1:]) for line in _model()["modules"]}


@cache
def _set(section: str) -> frozenset[str]:
    return frozenset(_model().get(section, ()))


class _Outside(Exception):
    """The code steps outside the model."""


class _Scope:
    """The names bound so far in one scope, with the scope around it (a ``def``'s or a
    lambda's: the names bound before it) and the module aliases the code imported."""

    def __init__(self, known: set[str], modules: dict[str, str]) -> None:
        self.known = known
        self.modules = modules


def _bind(target: ast.expr, scope: _Scope, check: _Checker) -> None:
    """An assignment's target: a plain name (never a builtin's or a module's), a tuple or list
    of targets, or an item of a value the code holds by name (``d[k] = v``, ``m[i][j] = 0``);
    no attribute."""
    if isinstance(target, ast.Name):
        if target.id in _set("builtins") or target.id in scope.modules or target.id.startswith("__"):
            raise _Outside(target.id)
        scope.known.add(target.id)
    elif isinstance(target, (ast.Tuple, ast.List)):
        for t in target.elts:
            _bind(t, scope, check)
    elif isinstance(target, ast.Starred):
        _bind(target.value, scope, check)
    elif isinstance(target, ast.Subscript):
        held = target.value
        while isinstance(held, ast.Subscript):
            held = held.value
        if not isinstance(held, ast.Name):
            raise _Outside("item of a module's member")  # ("calendar.month_name[0] = x")
        check.expr(target.value, scope)
        check.expr(target.slice, scope)
    else:
        raise _Outside(type(target).__name__)


_INNER_SCOPES = (ast.FunctionDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                 ast.GeneratorExp)


def _bound(stmts: list[ast.stmt]) -> set[str]:
    """The names a function's body binds by assignment, loop or ``def`` anywhere in it (its
    locals, Python's own scoping), not inside a function, lambda or comprehension of its own
    (whose names are theirs)."""
    out: set[str] = set()
    stack: list[ast.AST] = list(stmts)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        if isinstance(node, ast.FunctionDef):
            out.add(node.name)
        if not isinstance(node, _INNER_SCOPES):
            stack.extend(ast.iter_child_nodes(node))
    return out


_PLAIN_FIELD = re.compile(r"\d*|[A-Za-z]\w*")


def _plain_fields(template: str, depth: int = 0) -> bool:
    """Every replacement field of a ``str.format`` template is a position or a keyword, never
    an attribute or an item of one (``{0.real}``, ``{0[x]}``), nor in a nested format spec."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return False
    return depth < 2 and all(
        name is None or (_PLAIN_FIELD.fullmatch(name) is not None
                         and (not spec or _plain_fields(spec, depth + 1)))
        for _, name, spec, _ in fields)


_LOCAL_PATH = re.compile(r"[^\x00-\x1f:\\]+")
"""A reader's path naming a local file: no ``:`` (a URL, an fsspec scheme, ``s3://``,
``simplecache::``, a drive), no backslash (a UNC share), no control character."""


class _Checker:
    """Walks a parsed program in order, scope by scope, raising ``_Outside`` at the first node
    the model does not hold; ``reads`` gathers the paths its readers read."""

    def __init__(self) -> None:
        self.reads: list[str] = []
        self.session: set[str] = set()  # names of the session's frames it reads

    def block(self, stmts: list[ast.stmt], scope: _Scope, top: bool) -> None:
        for s in stmts:
            self.stmt(s, scope, top)

    def stmt(self, s: ast.stmt, scope: _Scope, top: bool) -> None:
        if isinstance(s, ast.Expr):
            self.expr(s.value, scope)
        elif isinstance(s, ast.Assign):
            self.expr(s.value, scope)
            for t in s.targets:
                _bind(t, scope, self)
        elif isinstance(s, ast.AugAssign):
            # ("n += 1": the name is the code's own, never a builtin it would rebind)
            if isinstance(s.target, ast.Name) and s.target.id not in scope.known:
                raise _Outside(s.target.id)
            _bind(s.target, scope, self)
            self.expr(s.value, scope)
        elif isinstance(s, ast.AnnAssign):
            if s.value is None or not isinstance(s.target, ast.Name):
                raise _Outside("annotation")
            self.expr(s.annotation, scope)
            self.expr(s.value, scope)
            _bind(s.target, scope, self)
        elif isinstance(s, (ast.For, ast.While)):
            self.loop(s, scope)
        elif isinstance(s, ast.If):
            self.expr(s.test, scope)
            body = _Scope(set(scope.known), scope.modules)
            self.block(s.body, body, False)
            other = _Scope(set(scope.known), scope.modules)
            self.block(s.orelse, other, False)
            # bound after the if only when both branches bind it
            scope.known |= body.known & other.known if s.orelse else set()
        elif isinstance(s, ast.FunctionDef):
            self.function(s, scope)
        elif isinstance(s, (ast.Import, ast.ImportFrom)):
            if not top:
                raise _Outside("import inside a block")
            self.imports(s, scope)
        elif isinstance(s, ast.Return):
            if s.value is not None:
                self.expr(s.value, scope)
        elif isinstance(s, ast.Assert):
            self.expr(s.test, scope)
            if s.msg is not None:
                self.expr(s.msg, scope)
        elif not isinstance(s, (ast.Pass, ast.Break, ast.Continue)):
            raise _Outside(type(s).__name__)

    def loop(self, s: ast.For | ast.While, scope: _Scope) -> None:
        """A loop's body binds for itself: it may run no time."""
        inner = _Scope(set(scope.known), scope.modules)
        if isinstance(s, ast.For):
            self.expr(s.iter, scope)
            _bind(s.target, inner, self)
        else:
            self.expr(s.test, scope)
        self.block(s.body, inner, False)
        self.block(s.orelse, _Scope(set(scope.known), scope.modules), False)

    def function(self, s: ast.FunctionDef, scope: _Scope) -> None:
        """A ``def``: its defaults and decorators read the scope around it; its body reads its
        parameters, the names bound before it and its own name."""
        if getattr(s, "type_params", None):
            raise _Outside("type parameters")
        for d in [*s.decorator_list, *s.args.defaults, *(x for x in s.args.kw_defaults if x),
                  *(x for x in (s.returns,) if x)]:
            self.expr(d, scope)
        _bind(ast.Name(id=s.name, ctx=ast.Store()), scope, self)
        self.body(s.args, s.body, scope)

    def body(self, args: ast.arguments, stmts: list[ast.stmt], scope: _Scope) -> None:
        inner = _Scope(set(scope.known), scope.modules)
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs,
                  *(x for x in (args.vararg, args.kwarg) if x)]:
            if a.annotation is not None:
                self.expr(a.annotation, scope)  # read where the def stands ("n: int")
            _bind(ast.Name(id=a.arg, ctx=ast.Store()), inner, self)
        # a function's locals are bound wherever it assigns them (Python's own scoping)
        inner.known |= {n for n in _bound(stmts) if n not in scope.modules}
        self.block(stmts, inner, False)

    def imports(self, s: ast.Import | ast.ImportFrom, scope: _Scope) -> None:
        mods = _modules()
        if isinstance(s, ast.Import):
            for a in s.names:
                if a.name not in mods:
                    raise _Outside(a.name)
                alias = a.asname or a.name
                if alias in scope.known or alias in _set("builtins"):
                    raise _Outside(alias)
                scope.modules[alias] = a.name
            return
        if s.level or s.module not in mods:
            raise _Outside(str(s.module))
        for a in s.names:
            if a.name not in mods[s.module]:
                raise _Outside(a.name)
            _bind(ast.Name(id=a.asname or a.name, ctx=ast.Store()), scope, self)

    def expr(self, e: ast.AST, scope: _Scope) -> None:
        """An expression: every node listed, every name read bound or a builtin, every
        attribute a module's member or a listed one."""
        if not isinstance(e, _nodes()):
            raise _Outside(type(e).__name__)
        if isinstance(e, ast.Call):
            if any(k.arg in _set("refused-keywords") for k in e.keywords):
                raise _Outside("refused keyword")  # ("usetex=True" runs LaTeX)
            if self.reader(e, scope):
                return
            self.dispatched(e)
        if isinstance(e, ast.Name):
            if e.id not in scope.known and e.id not in _set("builtins"):
                if e.id in scope.modules or not _session_frame(e.id):
                    raise _Outside(e.id)  # a module name alone, or a name the code did not bind
                self.session.add(e.id)  # ("df.isna().sum()": the session's data frame)
            return
        if isinstance(e, ast.Attribute):
            base = e.value
            if isinstance(base, ast.Name) and base.id in scope.modules:
                if e.attr not in _modules()[scope.modules[base.id]]:
                    raise _Outside(e.attr)
                return
            if e.attr not in _set("attributes") or not isinstance(e.ctx, ast.Load):
                raise _Outside(e.attr)
            if e.attr == "format" and not (isinstance(base, ast.Constant)
                                           and isinstance(base.value, str)
                                           and _plain_fields(base.value)):
                raise _Outside("format")  # "{0.gi_frame.f_globals}": a field reads attributes
            self.expr(base, scope)
            return
        if isinstance(e, ast.Lambda):
            for d in [*e.args.defaults, *(x for x in e.args.kw_defaults if x)]:
                self.expr(d, scope)
            self.body(e.args, [ast.Return(value=e.body)], scope)
            return
        if isinstance(e, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            self.comprehension(e, scope)
            return
        for child in ast.iter_child_nodes(e):
            self.expr(child, scope)

    def reader(self, e: ast.Call, scope: _Scope) -> bool:
        """A call of a reader of [readers] ("pd.read_csv('sales.csv', sep=';')"): one literal
        local path, every other keyword of [reader-keywords]; the path is gathered. False when
        the call is of no reader (a reader read otherwise is no listed member: outside)."""
        f = e.func
        if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                and f.value.id in scope.modules
                and f"{scope.modules[f.value.id]}.{f.attr}" in _set("readers")):
            return False
        paths = [*e.args, *(k.value for k in e.keywords if k.arg in _set("reader-path-keywords"))]
        path = paths[0] if len(paths) == 1 else None
        if not (isinstance(path, ast.Constant) and isinstance(path.value, str)
                and _LOCAL_PATH.fullmatch(path.value)):
            raise _Outside("reader path")  # a URL, a name's value, a buffer, two paths
        for k in e.keywords:
            if k.arg in _set("reader-path-keywords"):
                continue
            if k.arg not in _set("reader-keywords"):
                raise _Outside(k.arg or "**")  # storage_options, engine, converters, **kw
            self.expr(k.value, scope)
        self.reads.append(path.value)
        return True

    def dispatched(self, e: ast.Call) -> None:
        """The arguments of a method that looks functions up by name ([dispatching]) and the
        keywords that do ([dispatching-keywords]) are literals, lambdas, builtins or module
        members, and every string among them is a listed attribute ("df.agg('sum')", never
        "df.agg('to_csv', 'out.csv')" nor "f = 'to_csv'; df.agg(f)")."""
        every = isinstance(e.func, ast.Attribute) and e.func.attr in _set("dispatching")
        for v in [*(e.args if every else ()),
                  *(k.value for k in e.keywords
                    if every or k.arg is None or k.arg in _set("dispatching-keywords"))]:
            _named_function(v)

    def comprehension(self, e: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp,
                      scope: _Scope) -> None:
        inner = _Scope(set(scope.known), scope.modules)
        for k, gen in enumerate(e.generators):
            if gen.is_async:
                raise _Outside("async")
            self.expr(gen.iter, scope if k == 0 else inner)
            _bind(gen.target, inner, self)
            for cond in gen.ifs:
                self.expr(cond, inner)
        parts = [e.key, e.value] if isinstance(e, ast.DictComp) else [e.elt]
        for p in parts:
            self.expr(p, inner)


def _named_function(v: ast.expr) -> None:
    """A value handed to a method that may look a function up by its name (``dispatched``)."""
    if isinstance(v, ast.Constant):
        if isinstance(v.value, str) and v.value not in _set("attributes"):
            raise _Outside(v.value)  # ("to_csv"): a method the model does not list
    elif isinstance(v, (ast.List, ast.Tuple)):
        for x in v.elts:
            _named_function(x)
    elif isinstance(v, ast.Dict):
        for x in v.values:
            _named_function(x)  # (its keys are labels: columns, names of results)
    elif not (isinstance(v, ast.Lambda) or (isinstance(v, ast.Name) and v.id in _set("builtins"))
              or (isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name))):
        raise _Outside("dispatched value")  # a name or a call may hold any string


def _session_frame(name: str) -> bool:
    """A name of [session-frames]: pandas' own name for a data frame (``df``, ``df2``,
    ``sales_df``), read from the session the code runs in."""
    return name[:1] != "_" and any(re.fullmatch(p, name) for p in _set("session-frames"))


def _leaves_session(tree: ast.AST, names: set[str]) -> None:
    """Code that reads a session's frame changes no value in place: no method, function or
    keyword of [mutators] / [mutating-keywords] (``df.pop("x")``, ``a.sort()`` of its values,
    ``fillna(0, inplace=True)``, ``np.sqrt(a, out=a)``), no item stored or augmented
    (``df["x"] = 0``, ``a += 1`` of a view), and the frame's name never bound again."""
    for n in ast.walk(tree):
        if (isinstance(n, ast.Attribute) and n.attr in _set("mutators")) \
                or (isinstance(n, ast.Name) and n.id in _set("mutators")) \
                or (isinstance(n, ast.alias) and n.name in _set("mutators")):
            raise _Outside("changes a value in place")
        if isinstance(n, ast.keyword) and (n.arg is None or n.arg in _set("mutating-keywords")):
            raise _Outside("changes a value in place")
        if isinstance(n, ast.AugAssign) or (isinstance(n, ast.Subscript)
                                            and isinstance(n.ctx, ast.Store)):
            raise _Outside("stores into a value")
        if isinstance(n, (ast.Name, ast.arg)) and getattr(n, "id", getattr(n, "arg", None)) in \
                names and not isinstance(getattr(n, "ctx", None), ast.Load):
            raise _Outside("binds the session's frame")


def pure_python(code: str) -> bool:
    """The code parses whole under the model of a computation (module docstring)."""
    return code_reads(code) is not None


def code_reads(code: str) -> tuple[str, ...] | None:
    """The paths pure code reads (its readers' literal paths; none when it only computes), or
    None when the code steps outside the model."""
    limit = int(_model()["limit"][0])
    return _pure(code) if len(code) <= limit else None


@lru_cache(maxsize=256)
def _pure(code: str) -> tuple[str, ...] | None:
    try:
        tree = ast.parse(code)
        if not all(isinstance(n, (*_nodes(), ast.expr_context)) for n in ast.walk(tree)):
            return None
        check = _Checker()
        check.block(tree.body, _Scope(set(), {}), True)
        if check.session:
            _leaves_session(tree, check.session)
    except (_Outside, SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return tuple(check.reads)


def _steps(codes: list[str]) -> frozenset[str]:
    """``read`` when pure code reads a file, else ``compute``."""
    return frozenset({"read"}) if any(code_reads(c) for c in codes) else frozenset({"compute"})


def _words(name: str) -> set[str]:
    return set(name_words(name))


@cache
def _key_words(role: str) -> frozenset[str]:
    return frozenset(x.casefold() for x in _kinds_file().get(f"keys-{role}", ()))


def computes(name: str, arguments: Mapping[str, Any], description: str | None = None) -> bool:
    """A call of a tool that runs code (its kinds only ``run``) only computes: the tool runs
    Python (a language argument, or its name's words or its description's first sentence say
    so, [language], and no other language, [other-languages]), every argument is code under a
    command key ([keys-command] in kinds.txt), a language or a note ([keys-note]), and every
    code string is pure (``pure_python``)."""
    said = _set("language")
    first = re.split(r"(?<=[.!?])\s|\n", (description or "").strip(), maxsplit=1)[0]
    named = _words(name) | {w.casefold() for w in re.findall(r"[A-Za-z0-9]+", first)}
    # ("Runs bash or Python code": the language is the call's, unsaid)
    python = bool(named & said) and not named & _set("other-languages")
    code = []
    for key, value in arguments.items():
        words = _words(key) if isinstance(key, str) else set()
        if not isinstance(value, str):
            return False
        if words & _key_words("command"):
            code.append(value)
        elif words & _set("keys-language"):
            if value.strip().casefold() not in said:
                return False
            python = True
        elif not words & _key_words("note"):
            return False
    return python and bool(code) and all(pure_python(c) for c in code)


def computed_steps(name: str, arguments: Mapping[str, Any],
                   description: str | None = None) -> frozenset[str]:
    """What a call ``computes`` takes: ``read`` when its code reads a file by a reader of
    [readers], else ``compute``; empty when it does not only compute."""
    if not computes(name, arguments, description):
        return frozenset()
    return _steps([v for k, v in arguments.items()
                   if isinstance(k, str) and _words(k) & _key_words("command")])


def pure(name: str, arguments: Mapping[str, Any],
         descriptions: Mapping[str, str | None] | None) -> bool:
    """The call's code only computes or reads (``computed_steps``): code that runs no command,
    whose lines are no shell commands to name."""
    return bool(computed_steps(name, arguments, (descriptions or {}).get(name)))


def inline_python(words: list[str], code: str) -> frozenset[str]:
    """``{"compute"}`` (``{"read"}`` when it reads a file) when a simple command (its words
    from the program on) is a Python interpreter ([interpreters]) given only flags of
    [interpreter-flags] before ``-c`` and pure code after it (``python3 -c "print(2**10)"``);
    else empty (``python3 evil.py -c x`` runs a file)."""
    if not words or words[0].rsplit("/", 1)[-1].casefold() not in _set("interpreters"):
        return frozenset()
    k = 1
    while k < len(words) and words[k] in _set("interpreter-flags"):
        k += 1
    if k + 1 >= len(words) or words[k] != "-c" or words[k + 1] != code:
        return frozenset()
    return _steps([code]) if pure_python(code) else frozenset()
