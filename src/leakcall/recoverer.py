"""``Recoverer``: the options checked once, then ``recover`` per reply; ``StreamRecoverer``, the
same for a reply arriving in pieces (the ``stream.Holdback`` machine, built from tools or from a
``Recoverer``); and ``recover`` itself, a ``Recoverer`` taken from a small cache keyed by the
tools' content."""

from __future__ import annotations

import marshal
from collections.abc import Iterable, Sequence
from typing import Any

from .families import Family
from .ids import IdSalt, LazySalt
from .intent import warm
from .pipeline import MAX_TEXT_CHARS, ReasoningMode, resolve_families, run
from .result import Recovery
from .stream import Holdback
from .tools import Toolset, normalize_described, tools_key
from .validate import MAX_SCHEMA_DEPTH, BudgetCache, depth_exceeds

__all__ = ["RECOVERER_CACHE_BYTES", "Recoverer", "StreamRecoverer", "recover", "recoverer_for"]

RECOVERER_CACHE_BYTES = 8_000_000
"""``recover``'s cache of Recoverers keeps at most this many characters of canonical tool JSON
(and at most 64 tool lists)."""


def _check_preopened(preopened: object) -> None:
    if not isinstance(preopened, bool):
        raise TypeError(f"reasoning_preopened must be a bool, not {type(preopened).__name__}")


def _check_reasoning(reasoning: object) -> None:
    if reasoning not in ("ignore", "recover"):
        raise ValueError(f"reasoning must be 'ignore' or 'recover', not {reasoning!r}")


def _check_salt(id_salt: object) -> None:
    if not isinstance(id_salt, (str, LazySalt)):
        raise TypeError("id_salt must be a str")


class Recoverer:
    """Recover leaked tool calls with one configuration, checked once.

    >>> rc = Recoverer(tools)             # raises here on misuse, never later
    >>> r = rc.recover(text)              # per reply: a Recovery, never an exception
    >>> s = rc.stream(id_salt=turn_id)    # a StreamRecoverer with this configuration

    ``Recoverer(tools, ...).recover(text, id_salt=s)`` equals
    ``recover(text, tools, id_salt=s, ...)``. The tools are normalised and each schema compiled
    once (checked against its metaschema, its ``$ref``s resolved inside the schema, nothing ever
    retrieved). Raises TypeError when ``tools`` is not a list, ValueError for a malformed
    definition, a name advertised twice with different schemas, a schema that is not JSON data or
    a bad ``reasoning``, KeyError for an unknown family. A schema that is not a valid JSON Schema
    does not raise: calls to that tool are refused as ``schema`` (rule ``invalid-tool-schema``);
    use ``check_tools`` to fail fast on it.
    """

    __slots__ = ("_families", "_preopened", "_reasoning", "_tools")

    def __init__(
        self,
        tools: Sequence[Any],
        *,
        reasoning: ReasoningMode = "ignore",
        families: Iterable[str | Family] | None = None,
        reasoning_preopened: bool = False,
    ) -> None:
        _check_reasoning(reasoning)
        _check_preopened(reasoning_preopened)
        warm()  # configure once: the first reply of a process costs what the others do
        fams = resolve_families(families)
        normalized, described = normalize_described(tools)
        self._setup(Toolset(normalized, tools_key(normalized, described), described), reasoning,
                    fams, reasoning_preopened)

    def _setup(self, tools: Toolset, reasoning: ReasoningMode, fams: tuple[Family, ...],
               preopened: bool = False) -> None:
        self._tools = tools
        self._reasoning: ReasoningMode = reasoning
        self._families = fams
        self._preopened = preopened

    @property
    def tools(self) -> Toolset:
        """The checked tools: name -> compiled schema (shared through the caches: read only)."""
        return self._tools

    @property
    def reasoning(self) -> ReasoningMode:
        return self._reasoning

    @property
    def families(self) -> tuple[Family, ...]:
        """The families detected."""
        return self._families

    @property
    def reasoning_preopened(self) -> bool:
        """The model's template opens the reasoning block before the reply: a closer with no
        opener (``</think>``) ends reasoning. Off: such a closer is visible text."""
        return self._preopened

    def recover(self, text: str, *, id_salt: IdSalt = "") -> Recovery:
        """Recover the tool calls leaked as markup in ``text``, or refuse with a reason.
        Raises TypeError only when ``text`` or ``id_salt`` is not a str."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        _check_salt(id_salt)
        return run(text, self._tools, self._families, id_salt, self._reasoning, self._preopened)

    def with_reasoning(self, reasoning: ReasoningMode) -> Recoverer:
        """This configuration with another ``reasoning`` mode (the checked tools are shared)."""
        _check_reasoning(reasoning)
        if reasoning == self._reasoning:
            return self
        other = Recoverer.__new__(Recoverer)
        other._setup(self._tools, reasoning, self._families, self._preopened)
        return other

    def stream(self, *, id_salt: IdSalt = "", max_hold: int | None = None) -> StreamRecoverer:
        """A ``StreamRecoverer`` for one reply, with this configuration."""
        if max_hold is None:
            return StreamRecoverer.of(self, id_salt=id_salt)
        return StreamRecoverer.of(self, id_salt=id_salt, max_hold=max_hold)

    def __repr__(self) -> str:
        return (f"Recoverer(tools={list(self._tools)!r}, reasoning={self._reasoning!r}, "
                f"families={len(self._families)}, reasoning_preopened={self._preopened})")



class StreamRecoverer(Holdback):
    """Recover leaked tool-call markup from a reply that arrives in pieces.

    >>> s = StreamRecoverer(tools)            # same options as ``recover``
    >>> s = rc.stream(id_salt=turn)           # or from a Recoverer, configured once
    >>> shown = s.feed(delta)                 # per delta: text safe to display now (maybe "")
    >>> end = s.close()                       # end.text: the rest; end.recovery: the Recovery

    Invariants: ``end.recovery == recover(full_text, tools, ...)``; the pieces ``feed`` returned
    followed by ``end.text`` are ``end.recovery.content``; no piece ``feed`` returned holds any
    character of the recovered markup. Past ``MAX_TEXT_CHARS`` received or ``max_hold`` characters
    held (default ``MAX_TEXT_CHARS``), everything is released and the stream is refused as
    ``too_large`` (``leakcall.stream``'s docstring, which also says what is held back and why).
    Raises like ``recover`` on misuse (at construction; also a ``max_hold`` that is not a
    non-negative int), and RuntimeError when fed or closed after ``close``.
    """

    def __init__(
        self,
        tools: Sequence[Any],
        *,
        id_salt: IdSalt = "",
        reasoning: ReasoningMode = "ignore",
        families: Iterable[str | Family] | None = None,
        max_hold: int = MAX_TEXT_CHARS,
        reasoning_preopened: bool = False,
    ) -> None:
        super().__init__(recoverer_for(tools, reasoning=reasoning, families=families,
                                       reasoning_preopened=reasoning_preopened),
                         id_salt=id_salt, max_hold=max_hold)

    @classmethod
    def of(cls, recoverer: Recoverer, *, id_salt: IdSalt = "",
           max_hold: int = MAX_TEXT_CHARS) -> StreamRecoverer:
        """A StreamRecoverer using ``recoverer``'s configuration (what ``Recoverer.stream`` does)."""
        self = cls.__new__(cls)
        Holdback.__init__(self, recoverer, id_salt=id_salt, max_hold=max_hold)
        return self


_CACHE: BudgetCache[tuple[str, str, tuple[Family, ...] | None, bool], Recoverer] = BudgetCache(
    64, RECOVERER_CACHE_BYTES)


# marshal bytes of normalised tools -> the Recoverer the canonical cache gave for them. marshal
# writes exact built-in types only, ints, floats (bit for bit) and strings exactly, and raises on
# anything else but objects with a buffer (written as bytes). An entry is made only when its
# bytes read back as JSON data whose canonical JSON is the Recoverer's key: then they hold no
# bytes, so tools that marshal to them hold no buffer object either and read back as they are,
# and their canonical JSON is that key. marshal is several times cheaper than the canonical JSON
# and does not sort (another key order is another entry, which leads to the same Recoverer).
_EXACT: BudgetCache[tuple[bytes, str, tuple[Family, ...] | None, bool], Recoverer] = BudgetCache(
    64, RECOVERER_CACHE_BYTES)


def _exact_key(normalized: dict[str, dict[str, Any]], described: dict[str, str]) -> bytes | None:
    try:
        return marshal.dumps((normalized, described))
    except Exception:  # a type marshal does not write (a subclass, an object): no entry
        return None


# Entries are made only for tool lists nesting at most this deep: far from the recursion limit,
# where the canonical JSON (its C encoder counts levels against it) is the same on every call.
_EXACT_DEPTH = MAX_SCHEMA_DEPTH + 2  # a tool list nests its schemas two levels down

# The caller's own tool list as marshal writes it -> (those bytes, the Recoverer): ``recover`` on a
# tool list it was given before skips normalising it and keying the normal form (issue 27: that
# cost 1.46x a built Recoverer at 50 tools). Keyed by content, never by identity: a list changed
# in place, or a new list, is written again and found only if its bytes are equal. The same rules
# as ``_EXACT``: marshal writes exact built-in types only (raising on anything else but objects
# with a buffer, written as bytes), so an entry is made only when its bytes read back hold no
# bytes (then no list with a buffer object writes them) and nest at most ``_GIVEN_DEPTH`` deep.
# The lookup key is the length and the last bytes (a schema of the last tool), the entry holds
# the whole bytes: compared on a hit instead of hashing them all on every call.
_GIVEN: BudgetCache[tuple[int, bytes, str, tuple[Family, ...] | None, bool],
                    tuple[bytes, Recoverer]] = BudgetCache(64, RECOVERER_CACHE_BYTES)
_GIVEN_DEPTH = _EXACT_DEPTH + 2  # the caller's list nests its schemas four levels down
_GIVEN_TAIL = 128


def _given_key(tools: object) -> bytes | None:
    if type(tools) is not list:  # a tuple or another sequence: normalised on every call
        return None
    try:
        return marshal.dumps(tools)
    except Exception:  # a type marshal does not write, or nesting too deep for it: no entry
        return None


def _given_entry(given: bytes) -> bool:
    """May ``given`` stand for the tool list that marshal wrote it from (see ``_GIVEN``)?"""
    try:
        value = marshal.loads(given)
    except Exception:  # pragma: no cover - marshal reads back what it wrote
        return False
    if depth_exceeds(value, _GIVEN_DEPTH):
        return False
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, (bytes, bytearray)):
            return False
        if isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, (list, tuple, set, frozenset)):
            stack.extend(v)
    return True


def recoverer_for(
    tools: object,
    *,
    reasoning: ReasoningMode = "ignore",
    families: Iterable[str | Family] | None = None,
    reasoning_preopened: bool = False,
) -> Recoverer:
    """``Recoverer(tools, ...)``, from a cache keyed by the canonical JSON of the normalised
    tools and the options: a caller that passes the same tools on every reply pays for checking
    them once, and for a list it passed before (or one written alike) not even for normalising
    it (``_GIVEN``: keyed by content, so a list changed in place is read again). The caches hold
    no caller object (the Recoverer holds its own copies)."""
    _check_reasoning(reasoning)
    _check_preopened(reasoning_preopened)
    pre = reasoning_preopened
    fams = None if families is None else resolve_families(families)
    given = _given_key(tools)
    rc = _given_hit(given, reasoning, fams, pre)
    if rc is not None:
        return rc
    rc = _normalized_for(tools, reasoning, fams, pre)
    if given is not None and _given_entry(given):
        _GIVEN.put((len(given), given[-_GIVEN_TAIL:], reasoning, fams, pre), (given, rc),
                   len(given))
    return rc


def _given_hit(given: bytes | None, reasoning: ReasoningMode,
               fams: tuple[Family, ...] | None, pre: bool) -> Recoverer | None:
    """The Recoverer ``_GIVEN`` holds for the list ``given`` was written from, or None."""
    if given is None:
        return None
    memo = _GIVEN.get((len(given), given[-_GIVEN_TAIL:], reasoning, fams, pre))
    # the same bytes, and the canonical cache still gives this Recoverer for its tools
    if (memo is not None and memo[0] == given
            and _CACHE.holds((memo[1]._tools.key, reasoning, fams, pre), memo[1])):
        return memo[1]
    return None


def known_recoverer(tools: object, *, reasoning: ReasoningMode = "ignore",
                    families: Iterable[str | Family] | None = None) -> Recoverer | None:
    """What ``recoverer_for(tools, ...)`` returns when it costs no more than reading ``tools``
    once: a list it was given before (``_GIVEN``), else None, having built and checked nothing.
    The proxy checks a small request's tools on its event loop this way, and only a tool list
    it has not seen yet in a worker thread."""
    _check_reasoning(reasoning)
    fams = None if families is None else resolve_families(families)
    return _given_hit(_given_key(tools), reasoning, fams, False)


def _normalized_for(tools: object, reasoning: ReasoningMode, fams: tuple[Family, ...] | None,
                    pre: bool) -> Recoverer:
    """``recoverer_for`` past its memo of given lists: normalised, then through the caches."""
    normalized, described = normalize_described(tools)
    exact = _exact_key(normalized, described)
    if exact is not None:
        rc = _EXACT.get((exact, reasoning, fams, pre))
        # the canonical cache still gives this Recoverer for these tools (the key it was built
        # with is theirs): what the lookup below would return, and touched as it would be
        if rc is not None and _CACHE.holds((rc._tools.key, reasoning, fams, pre), rc):
            return rc
    rc = _recoverer_for(normalized, described, reasoning, fams, pre)
    if exact is not None and _exact_entry(exact, normalized, rc._tools.key):
        _EXACT.put((exact, reasoning, fams, pre), rc, len(exact))
    return rc


def _exact_entry(exact: bytes, normalized: dict[str, dict[str, Any]], key: str) -> bool:
    """May ``exact`` stand for the tools whose canonical JSON is ``key`` (see ``_EXACT``)?"""
    if depth_exceeds(normalized, _EXACT_DEPTH):
        return False
    try:
        schemas, described = marshal.loads(exact)
        return tools_key(schemas, described) == key
    except Exception:  # bytes (not JSON data), or too deep to read back
        return False


def _recoverer_for(normalized: dict[str, dict[str, Any]], described: dict[str, str],
                   reasoning: ReasoningMode, fams: tuple[Family, ...] | None,
                   preopened: bool = False) -> Recoverer:
    """``recoverer_for`` after normalising, through the canonical cache."""
    tkey = tools_key(normalized, described)
    key = (tkey, reasoning, fams, preopened)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    rc = Recoverer.__new__(Recoverer)
    rc._setup(Toolset(normalized, tkey, described), reasoning,
              resolve_families(None) if fams is None else fams, preopened)
    _CACHE.put(key, rc, len(tkey))
    return rc


def recoverer_cache() -> BudgetCache[tuple[str, str, tuple[Family, ...] | None, bool],
                                     Recoverer]:
    """The process-wide cache behind ``recover`` (for tests and benchmarks)."""
    return _CACHE


def recover(
    text: str,
    tools: Sequence[Any],
    *,
    id_salt: str = "",
    reasoning: ReasoningMode = "ignore",
    families: Iterable[str | Family] | None = None,
    reasoning_preopened: bool = False,
) -> Recovery:
    """Recover the tool calls leaked as markup in ``text``, or refuse with a reason.

    ``reasoning_preopened``: the model's chat template opens the reasoning block before the
    reply (docs/intent.md, "Pre-opened reasoning"), so a closer with no opener ends reasoning; off, such
    a closer and the text before it are visible and judged as a preamble.
    ``families`` restricts detection to these families (names, or Family objects such as one
    loaded with ``load_family`` from a grammar outside the package). A harness that recovers
    every turn with the same tools can hold a ``Recoverer`` instead: same results.

    Never raises on a ``str`` text. Raises TypeError/ValueError/KeyError on misuse, exactly as
    ``Recoverer`` does: ``text`` not a str, ``tools`` not a list or holding a malformed
    definition, an unknown family name. A tool whose schema is not a valid JSON Schema does not
    raise: calls to it are refused as ``schema`` (rule ``invalid-tool-schema``).
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    _check_salt(id_salt)
    rc = recoverer_for(tools, reasoning=reasoning, families=families,
                       reasoning_preopened=reasoning_preopened)
    # Recoverer.recover without its checks: text and id_salt were checked above
    return run(text, rc._tools, rc._families, id_salt, rc._reasoning, rc._preopened)
