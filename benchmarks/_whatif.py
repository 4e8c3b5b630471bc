"""What-if: core changes simulated by patching leakcall in this process only (never shipped code).

Each change is checked to give the very same ``Recovery`` on every input before it is timed, so
the figures are evidence for a change that keeps behaviour, not a different pipeline.

- ``families-cached``: ``pipeline._families(None)`` stops calling ``all_families()`` (which runs
  ``grammar_dir()`` + ``Path.resolve()``: several stat/lstat syscalls) on every call;
(A fourth, ``intent._nonspace`` counting in C instead of a per-character generator, was measured
here first and has since landed in the core: commit 14b1250.)
- ``trie-scanner``: the opener scan regex is prefix-factored (a trie) instead of a flat
  alternation, so each ``<`` in the text tries one branch instead of every literal;
- ``family-id-hash``: ``Family`` hashes by identity, so the ``@cache`` lookups keyed on the tuple
  of all families stop hashing every field of every family on each call.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import re
from collections.abc import Callable, Iterator

from _timing import Settings, compare, fmt_ratio, fmt_us

import leakcall
import leakcall.locate
import leakcall.pipeline
from leakcall.families import Family

__all__ = ["CHANGES", "patched", "scan_variants_table", "trie_regex", "what_if_table"]

CHANGES = ("families-cached", "trie-scanner", "family-id-hash")


def trie_regex(literals: list[str]) -> str:
    """A regex matching exactly ``literals``, prefix-factored, longest match preferred."""
    trie: dict[str, dict] = {}  # type: ignore[type-arg]
    for lit in literals:
        node = trie
        for ch in lit:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:  # type: ignore[type-arg]
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(trie) or r"(?!x)x"


@functools.cache
def _cached_all_families() -> tuple[Family, ...]:
    return leakcall.all_families()


_shipped_scanner = leakcall.locate._scanner


@functools.cache
def _trie_scanner(families: tuple[Family, ...]) -> leakcall.locate._Scanner:
    # Same literals, same longest-first match at each position: only the regex's shape differs.
    sc = _shipped_scanner(families)
    lits = sorted({lit for f in families for lit in f.opens}, key=len, reverse=True)
    return dataclasses.replace(sc, regex=re.compile(trie_regex(lits)))


def _swap(module: object, name: str, value: object) -> object:
    old = getattr(module, name)
    setattr(module, name, value)
    return old


@contextlib.contextmanager
def patched(changes: tuple[str, ...]) -> Iterator[None]:
    """Apply the named changes for the duration of the block."""
    table: dict[str, tuple[object, str, object]] = {
        "families-cached": (leakcall.pipeline, "all_families", _cached_all_families),
        "trie-scanner": (leakcall.locate, "_scanner", _trie_scanner),
        "family-id-hash": (Family, "__hash__", object.__hash__),
    }
    undo: list[tuple[object, str, object]] = []
    try:
        for change in changes:
            module, name, value = table[change]
            undo.append((module, name, _swap(module, name, value)))
        yield
    finally:
        for module, name, old in reversed(undo):
            setattr(module, name, old)


def _under(changes: tuple[str, ...], fn: Callable[[], object]) -> Callable[[], object]:
    def run() -> object:
        with patched(changes):
            return fn()
    return run


def what_if_table(inputs: list[tuple[str, Callable[[], object]]], s: Settings) -> list[str]:
    """Shipped ``recover`` vs each change alone vs all of them, per input."""
    variants: dict[str, tuple[str, ...]] = {c: (c,) for c in CHANGES}
    variants["all three"] = CHANGES
    head = " | ".join(f"{v} µs (speed-up)" for v in variants)
    out = [f"| input | shipped µs | {head} |", "|---|---:|" + "---:|" * len(variants)]
    for label, fn in inputs:
        want = repr(fn())
        for name, ch in variants.items():
            got = repr(_under(ch, fn)())
            if got != want:
                raise AssertionError(f"what-if {name} changes the result on {label}")
        t = compare({"shipped": fn} | {n: _under(ch, fn) for n, ch in variants.items()}, s,
                    warmup=1)
        base = t["shipped"]
        cells = [f"{fmt_us(t[n].median)} ({fmt_ratio(base.median, t[n].median)})"
                 for n in variants]
        out.append(f"| {label} | {fmt_us(base.median)} | " + " | ".join(cells) + " |")
    return out


def scan_variants_table(texts: list[tuple[str, str]], s: Settings) -> list[str]:
    """Ways to answer "does any opener occur?" over the same texts (the fast path's question)."""
    lits = sorted({lit for f in leakcall.all_families() for lit in f.opens}, key=len, reverse=True)
    alt = re.compile("|".join(re.escape(lit) for lit in lits))
    trie = re.compile(trie_regex(lits))
    groups: dict[str, list[str]] = {}
    for lit in lits:
        groups.setdefault(lit[0], []).append(lit)
    per_char = [re.compile(trie_regex(g)) for g in groups.values()]
    firsts = "".join(sorted(groups))
    out = [f"{len(lits)} opener literals, first characters {firsts!r}.", "",
           "| text | flat alternation µs (shipped shape) | trie regex µs | one trie regex per first "
           "character µs | `any(lit in text)` µs |", "|---|---:|---:|---:|---:|"]
    for label, text in texts:
        want = alt.search(text) is not None
        variants: dict[str, Callable[[], object]] = {
            "alt": lambda text=text: alt.search(text) is not None,  # type: ignore[misc]
            "trie": lambda text=text: trie.search(text) is not None,  # type: ignore[misc]
            "per_char": lambda text=text: any(  # type: ignore[misc]
                r.search(text) is not None for r in per_char),
            "in": lambda text=text: any(lit in text for lit in lits),  # type: ignore[misc]
        }
        if any(fn() != want for fn in variants.values()):
            raise AssertionError(f"scan variants disagree on {label}")
        t = compare(variants, s, warmup=1)
        base = t["alt"].median
        out.append(f"| {label} | {fmt_us(base)} | " + " | ".join(
            f"{fmt_us(t[n].median)} ({fmt_ratio(base, t[n].median)})"
            for n in ("trie", "per_char", "in")) + " |")
    return out
