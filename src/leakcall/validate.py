"""Tool schemas compiled once: checked against their metaschema, every ``$ref`` resolved inside
the schema itself (nothing is ever retrieved), kept in a cache keyed by content.

A schema that cannot be used (not a valid JSON Schema, a ``$ref`` that points outside the schema
or nowhere, nesting deeper than ``MAX_SCHEMA_DEPTH``) compiles to a ``Compiled`` whose ``invalid``
says why: calls to that tool are refused, the other tools keep working.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # jsonschema and referencing are imported when a schema is first compiled:
    # a process that never sees a tool schema (tool-less calls) never loads them (~50 ms)
    import referencing
    from jsonschema.protocols import Validator

__all__ = ["MAX_SCHEMA_DEPTH", "SCHEMA_CACHE_BYTES", "BudgetCache", "Compiled", "canonical",
           "compile_schema"]

MAX_SCHEMA_DEPTH = 64
"""A tool schema nesting JSON objects and arrays deeper than this is an invalid tool schema.
jsonschema checks and validates by recursion: about 170 levels exhaust Python's default stack."""

SCHEMA_CACHE_BYTES = 8_000_000
"""The compiled-schema cache keeps at most this many characters of canonical schema JSON."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BudgetCache(Generic[K, V]):
    """A thread-safe LRU bounded by entry count and by the summed ``size`` of its entries; an
    entry larger than the whole budget is never kept."""

    def __init__(self, max_entries: int, max_size: int) -> None:
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._max_entries = max_entries
        self._max_size = max_size
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is None:
                return None
            self._items.move_to_end(key)
            return hit[0]

    def put(self, key: K, value: V, size: int) -> None:
        if size > self._max_size:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= old[1]
            self._items[key] = (value, size)
            self._size += size
            while len(self._items) > self._max_entries or self._size > self._max_size:
                _, (_, n) = self._items.popitem(last=False)
                self._size -= n

    def holds(self, key: K, value: V) -> bool:
        """Is ``value`` (this very object) the entry under ``key``? Touched like ``get`` when it is."""
        with self._lock:
            hit = self._items.get(key)
            if hit is None or hit[0] is not value:
                return False
            self._items.move_to_end(key)
            return True

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._size = 0

    @property
    def size(self) -> int:
        """The summed size of the entries held now."""
        return self._size

    def __len__(self) -> int:
        return len(self._items)


# json.dumps with options builds an encoder per call; this one is built once (same output)
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
_CANONICAL = _ENCODER.encode


def _c_canonical() -> Callable[[dict[Any, Any]], str] | None:
    """What ``_CANONICAL`` does with a dict, without its Python steps: the C encoder it builds per
    call (``JSONEncoder.iterencode``, one-shot), given the same arguments (a fresh ``markers``
    dict, as there: it finds circular references). None where there is no C encoder or it does
    not take these arguments (checked on a sample)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return None
    e = _ENCODER
    esc = json.encoder.encode_basestring  # what iterencode takes when ensure_ascii is off

    def encode(value: dict[Any, Any]) -> str:
        return "".join(make({}, e.default, esc, e.indent, e.key_separator, e.item_separator,
                            e.sort_keys, e.skipkeys, e.allow_nan)(value, 0))
    sample = {"b": [1, 2.5, None, True, "\u00e9\n\""], "a": {"z": {}, "y": []}}
    try:
        return encode if encode(sample) == _CANONICAL(sample) else None
    except Exception:  # another interpreter's encoder: keep the reference path
        return None


_C_CANONICAL = _c_canonical()


def canonical(value: object) -> str:
    """Canonical JSON text (sorted keys, no spaces): the cache key of a schema or a tool list.
    Raises TypeError/ValueError when ``value`` is not JSON data, RecursionError when too deep."""
    if type(value) is dict and _C_CANONICAL is not None:
        return _C_CANONICAL(value)
    return _CANONICAL(value)


@dataclass(frozen=True, eq=False)
class Compiled:
    """A tool schema, compiled once. ``schema`` is leakcall's own copy (never a caller's object);
    ``invalid`` is None, or why the schema cannot be used (then ``validator`` is None)."""

    schema: dict[str, Any]
    validator: Validator | None
    invalid: str | None
    # a predicate that is True only for instances jsonschema finds valid (None: no such predicate
    # for this schema); anything else goes to jsonschema, which also words every message
    valid: Callable[[Any], bool] | None = None

    def check(self, instance: Any) -> tuple[str, str] | None:
        """None when ``instance`` is valid; else (rule, message) for a ``schema`` refusal.
        Never raises: whatever goes wrong while validating is a refusal, never an exception."""
        if self.validator is None:
            return "invalid-tool-schema", f"the tool's schema is invalid: {self.invalid}"
        if self.valid is not None and self.valid(instance):
            return None
        import jsonschema.exceptions  # noqa: PLC0415 - loaded by _compile already (see imports)

        try:
            err = jsonschema.exceptions.best_match(self.validator.iter_errors(instance))
        except RecursionError:
            raise  # recover refuses it as markup nesting too deeply
        except Exception as e:  # a schema the checks let through but that cannot validate
            return "invalid-tool-schema", f"the tool's schema cannot be applied: {_one_line(e)}"
        if err is None:
            return None
        return "schema-validation", f"{err.json_path}: {err.message}"


def _one_line(e: BaseException) -> str:
    text = str(getattr(e, "message", None) or e) or type(e).__name__
    return " ".join(text.split())[:300]


def depth_exceeds(value: object, limit: int) -> bool:
    """True when ``value`` nests objects/arrays more than ``limit`` deep (iterative: no stack)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            children: Any = v.values()
        elif isinstance(v, list):
            children = v
        else:
            continue
        if d > limit:
            return True
        stack.extend((c, d + 1) for c in children if isinstance(c, (dict, list)))
    return False


def _no_retrieval(uri: str) -> referencing.Resource[Any]:
    # Retrieving would let a schema make leakcall fetch a URL or read a file: never.
    import referencing.exceptions  # noqa: PLC0415 - see the imports

    raise referencing.exceptions.NoSuchResource(ref=uri)  # type: ignore[call-arg]


class _Dangling(Exception):
    """A reference that does not resolve inside the schema."""

    def __init__(self, ref: str) -> None:
        super().__init__(ref)
        self.ref = ref


def _check_refs(resource: referencing.Resource[Any], resolver: Any,
                spec: referencing.Specification[Any]) -> None:
    """Resolve every ``$ref`` / ``$dynamicRef`` / ``$recursiveRef`` of the schema and of what they
    point to; raises ``_Dangling`` at the first that does not resolve."""
    import referencing.exceptions  # noqa: PLC0415 - see the imports

    seen: set[int] = set()
    stack = [(resource, resolver)]
    while stack:
        res, rsv = stack.pop()
        contents = res.contents
        if id(contents) in seen:
            continue
        seen.add(id(contents))
        if isinstance(contents, dict):
            for keyword in ("$ref", "$dynamicRef", "$recursiveRef"):
                ref = contents.get(keyword)
                if isinstance(ref, str):
                    try:
                        found = rsv.lookup(ref)
                    except referencing.exceptions.Unresolvable:
                        raise _Dangling(ref) from None
                    target = referencing.Resource.from_contents(
                        found.contents, default_specification=spec)
                    stack.append((target, found.resolver))
        stack.extend((sub, rsv.in_subresource(sub)) for sub in res.subresources())


def _compile(schema: dict[str, Any]) -> Compiled:
    if depth_exceeds(schema, MAX_SCHEMA_DEPTH):
        return Compiled(schema, None, f"it nests deeper than {MAX_SCHEMA_DEPTH} levels")
    import jsonschema  # noqa: PLC0415 - see the imports
    import referencing  # noqa: PLC0415
    import referencing.jsonschema  # noqa: PLC0415

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as e:
        where = e.json_path if e.path else ""
        return Compiled(schema, None, _one_line(e) + (f" (at {where})" if where else ""))
    dialect = cls.META_SCHEMA.get("$id") or cls.META_SCHEMA.get("id") or "urn:unknown-dialect"
    spec = referencing.jsonschema.specification_with(dialect, default=referencing.Specification.OPAQUE)
    resource = spec.create_resource(schema)
    own: referencing.Registry[Any] = referencing.Registry(retrieve=_no_retrieval)  # type: ignore[call-arg]
    own = own.with_resource(resource.id() or "", resource).crawl()
    try:
        # Only the schema itself: a reference to anything else (even a bundled metaschema) fails.
        _check_refs(resource, own.resolver_with_root(resource), spec)
    except _Dangling as e:
        return Compiled(schema, None, f"$ref {e.ref!r} does not resolve inside the schema "
                        "(references are never retrieved)")
    return Compiled(schema, cls(schema, registry=own), None, _fast_path(schema, cls))


# -- the fast valid path ------------------------------------------------------------------------
# jsonschema's iter_errors costs about 10-20 µs on a two-property tool schema, most of it walking
# its keyword dispatch. Schemas made only of the keywords below (what tool definitions use) get a
# predicate compiled once that says "valid" only where jsonschema would, by the same Python
# operations (type tests, ``in``, ``len``, comparisons); where it is not sure (a float for
# "integer", an enum of non-strings, anything it does not read) it says "not sure", and
# jsonschema decides and words the message. tests/core/test_tool_schemas.py holds it to jsonschema.

_ANNOTATIONS = frozenset({"title", "description", "default", "examples", "$comment", "format",
                          "deprecated", "readOnly", "writeOnly"})
_FAST_KEYWORDS = _ANNOTATIONS | {"type", "properties", "required", "additionalProperties", "enum",
                                 "items", "minLength", "maxLength", "minItems", "maxItems",
                                 "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}
_FAST_DIALECTS = ("Draft6Validator", "Draft7Validator", "Draft201909Validator",
                  "Draft202012Validator")
# JSON type -> the Python types that certainly are it (decoded JSON holds no subclasses);
# "integer" leaves out floats such as 1.0, which jsonschema also counts: not sure, so jsonschema.
_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
    "null": (type(None),), "object": (dict,), "array": (list,)}

_Check = Callable[[Any], bool]


def _fast_path(schema: dict[str, Any], cls: type) -> _Check | None:
    import jsonschema  # noqa: PLC0415 - see the imports

    if cls.__name__ not in _FAST_DIALECTS or getattr(jsonschema, cls.__name__, None) is not cls:
        return None
    top = {k: v for k, v in schema.items() if k not in ("$schema", "$id")}
    return _fast(top)


def _number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _count(v: object) -> bool:
    return type(v) is int and v >= 0


def _fast(schema: object) -> _Check | None:
    """The predicate for one (sub)schema, or None when it uses anything not read here."""
    if schema is True:
        return lambda v: True
    if not isinstance(schema, dict) or not set(schema) <= _FAST_KEYWORDS:
        return None
    checks: list[_Check] = []
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not names or not all(isinstance(n, str) and n in _TYPES for n in names):
            return None
        kinds = frozenset(t for n in names for t in _TYPES[n])
        checks.append(lambda v: type(v) in kinds)
    if "enum" in schema:
        enum = schema["enum"]
        if not isinstance(enum, list) or not enum or not all(type(e) is str for e in enum):
            return None
        allowed = frozenset(enum)
        checks.append(lambda v: type(v) is str and v in allowed)
    for key, kind, least in (("minLength", str, True), ("maxLength", str, False),
                             ("minItems", list, True), ("maxItems", list, False)):
        if key in schema:
            n = schema[key]
            if not _count(n):
                return None
            checks.append(_length(kind, n, least))
    for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        if key in schema:
            b = schema[key]
            if not _number(b):
                return None
            checks.append(_bound(key, b))
    if "items" in schema:
        item = _fast(schema["items"])
        if item is None:
            return None
        checks.append(lambda v: type(v) is not list or all(item(x) for x in v))
    obj = _object(schema)
    if obj is None:
        return None
    checks.extend(obj)
    return _all(checks)


def _all(checks: list[_Check]) -> _Check:
    """True when every check is (the same answer as ``all(c(v) for c in checks)``; the usual
    two or three checks without a generator)."""
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        a, b = checks
        return lambda v: bool(a(v) and b(v))
    if len(checks) == 3:
        a, b, c = checks
        return lambda v: bool(a(v) and b(v) and c(v))
    return lambda v: all(c(v) for c in checks)


def _length(kind: type[str] | type[list[Any]], n: int, least: bool) -> _Check:
    if least:
        return lambda v: type(v) is not kind or len(v) >= n
    return lambda v: type(v) is not kind or len(v) <= n


def _bound(key: str, b: float) -> _Check:
    if key == "minimum":
        return lambda v: not _number(v) or v >= b
    if key == "maximum":
        return lambda v: not _number(v) or v <= b
    if key == "exclusiveMinimum":
        return lambda v: not _number(v) or v > b
    return lambda v: not _number(v) or v < b


def _object(schema: dict[str, Any]) -> list[_Check] | None:
    """The object keywords' checks (they apply to objects only), or None."""
    out: list[_Check] = []
    props = schema.get("properties", {})
    if not isinstance(props, dict):
        return None
    subs: dict[str, _Check] = {}
    for k, sub in props.items():
        c = _fast(sub)
        if c is None:
            return None
        subs[k] = c
    if subs:
        pairs = tuple(subs.items())

        def each_property(v: Any) -> bool:
            if type(v) is not dict:
                return True
            for k, c in pairs:  # noqa: SIM110 - a loop: all() over a generator is slower
                if k in v and not c(v[k]):
                    return False
            return True

        out.append(each_property)
    if "required" in schema:
        req = schema["required"]
        if not isinstance(req, list) or not all(type(r) is str for r in req):
            return None
        need = tuple(req)
        out.append(lambda v: type(v) is not dict or all(r in v for r in need))
    if "additionalProperties" in schema:
        extra = schema["additionalProperties"]
        known = frozenset(subs)
        if extra is False:
            out.append(lambda v: type(v) is not dict or all(k in known for k in v))
        elif extra is not True:
            c = _fast(extra)
            if c is None:
                return None
            out.append(lambda v: type(v) is not dict or all(
                c(x) for k, x in v.items() if k not in known))
    return out


_COMPILED: BudgetCache[str, Compiled] = BudgetCache(512, SCHEMA_CACHE_BYTES)


def compile_schema(schema_json: str) -> Compiled:
    """The compiled form of the schema with this canonical JSON text (cached by content)."""
    hit = _COMPILED.get(schema_json)
    if hit is not None:
        return hit
    schema: dict[str, Any] = {}
    try:
        schema = json.loads(schema_json)
        out = _compile(schema)
    except RecursionError:
        out = Compiled(schema, None, "it nests too deeply to check")
    except Exception as e:  # a checker bug must not make the whole tool list unusable
        out = Compiled(schema, None, f"it cannot be checked: {_one_line(e)}")
    _COMPILED.put(schema_json, out, len(schema_json))
    return out


def compiled_cache() -> BudgetCache[str, Compiled]:
    """The process-wide compiled-schema cache (for tests and benchmarks)."""
    return _COMPILED

