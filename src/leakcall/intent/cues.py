"""The cue lexicon: every language's refusing cues merged into one searchable table, and the
normalised view the cues are searched in.

``normalize`` gives the classifier's view of a text (quotes, emphasis and format characters
folded, Han simplified); ``Lexicon`` holds each category's cues (``CUE_ORDER``) compiled to one
alternation per category, found by their first characters; ``lexicon()`` is the shipped one."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..locate import trie_pattern
from ..reasons import Reason
from .patterns import LazyPattern
from .view import normalize
from .words import is_section

CUE_ORDER: tuple[tuple[str, str, Reason], ...] = (
    ("question", "question", Reason.QUOTED),
    ("offer", "offer", Reason.QUOTED),
    ("negation", "negation", Reason.QUOTED),
    ("display", "display-verb", Reason.QUOTED),
    ("example", "declared-example", Reason.QUOTED),
    ("hypothetical", "hypothetical", Reason.QUOTED),
    ("recap", "recap", Reason.QUOTED),
    ("source", "quoted-source", Reason.QUOTED),
)
"""(lexicon category, rule, reason) of the cues that refuse a preamble, in the order tried."""

_MODEL = ("opener", "opener-final", "acting", "ending", "action", "adverb", "connective")
"""Per-language sections of the positive model (see grammar/lexicon/README.md)."""
_CLAUSE_CUES = ("conditional", "actor", "deictic", "meta", "relay", "content", "owner",
                "particle", "adjunct", "relative", "sent", "publication")
_RECALL = ("greeting", "wait", "no-arguments", "thinking", "manner", "store", "specimen",
           "placeholder", "placeholder-field", "metasyntactic", "slot-word")
"""Sections of forms that frame no quotation (see ``_greeting_prefix`` and the functions
after it): read only by those functions."""
_CATEGORIES = frozenset({"lead", "exec", "not-to-run", "forbidding", "draft", "inquiry",
                         "beneficiary", *_MODEL,
                         *_CLAUSE_CUES, *_RECALL}
                        | {c[0] for c in CUE_ORDER})


def _unspaced(ch: str) -> bool:
    """A character of a script written without spaces between words (no word boundaries)."""
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF
            or 0x3130 <= o <= 0x318F or 0xF900 <= o <= 0xFAFF or 0xFF66 <= o <= 0xFF9F)


def _entry_pattern(entry: str) -> str:
    """One lexicon entry as a regex: ``*`` stands for word characters; an edge that is a letter
    of a spaced script must be a word boundary."""
    core = entry.strip("*")
    # an inner "*" (zh "在*时": "at ... when") stands for a few word characters
    body = re.escape(core).replace(r"\ ", r"\s+").replace(r"\*", r"\w{0,16}?")
    head = r"\w*" if entry.startswith("*") else ""
    tail = r"\w*" if entry.endswith("*") else ""
    post = r"(?!\w)" if (tail or (core[-1].isalnum() and not _unspaced(core[-1]))) else ""
    if head:
        return r"(?<!\w)" + head + body + tail + post
    if core[0].isalnum() and not _unspaced(core[0]):
        # the same word boundary, tested after the first letter: re then rejects an entry on
        # its first character instead of running a lookbehind at every position
        return body[0] + r"(?<!\w.)" + body[1:] + tail + post
    return body + tail + post


def _alternation(entries: Sequence[str]) -> LazyPattern:
    pats = [_entry_pattern(e) for e in sorted(set(entries), key=len, reverse=True)]
    return LazyPattern("|".join(pats) if pats else r"(?!x)x")


def _by_first_char(entries: Sequence[str], *, ordered: bool = False) -> LazyPattern | None:
    """``_alternation(entries)`` with its entries grouped under their first character
    (``a(?:fter|nd)|b(?:...)``): at a position only the group of that character is tried, in
    the same order, so every search finds the same match; consecutive entries that test a word
    boundary after it share one test. An entry that starts with ``*`` can start at any word
    character: it joins every group in its place (its first character read as the ``*`` or as
    its core's) and, whole, a last branch for the other characters. ``ordered``: the entries
    are already in the alternation's order (longest first), a subset of a category's."""
    order = list(entries) if ordered else sorted(set(entries), key=len, reverse=True)
    if not order:
        return None
    groups: dict[str, list[tuple[bool, str]]] = {
        re.escape(e[0]): [] for e in order if not e.startswith("*")}
    wild = []
    for e in order:
        pat = _entry_pattern(e)
        if not e.startswith("*"):
            head = re.escape(e[0])
            if not pat.startswith(head):
                return None
            rest = pat[len(head):]
            bounded = rest.startswith(_AFTER_FIRST)
            groups[head].append((bounded, rest.removeprefix(_AFTER_FIRST)))
            continue
        wild.append(pat)
        rest = pat.removeprefix(r"(?<!\w)\w*")  # the core, its tail and its boundary
        for head, rests in groups.items():
            # after the group's character: the same boundary before it, then "*" (it took that
            # character: longest first, as "\w*" backtracks) or the core starting with it
            alts = [r"\w*" + rest] if re.fullmatch(r"\w", re.sub(r"\\(.)", r"\1", head)) else []
            if rest.startswith(head):
                alts.append(rest[len(head):])
            if alts:
                rests.append((True, "(?:" + "|".join(alts) + ")"))

    def group(rests: list[tuple[bool, str]]) -> str:
        runs: list[tuple[bool, list[str]]] = []
        for bounded, rest in rests:
            if runs and runs[-1][0] == bounded:
                runs[-1][1].append(rest)
            else:
                runs.append((bounded, [rest]))
        return "|".join((_AFTER_FIRST if b else "") + "(?:" + "|".join(rs) + ")" for b, rs in runs)

    pattern = "|".join(h + "(?:" + group(rests) + ")" for h, rests in groups.items() if rests)
    return LazyPattern("|".join([pattern, *wild]) if pattern else "|".join(wild))


_AFTER_FIRST = r"(?<!\w.)"
"""The word boundary before an entry, tested after its first character (``_entry_pattern``)."""


def _prefilter(entries: Sequence[str], *, boundary: bool = False) -> str:
    """A trie-shaped regex that every match of an entry contains: its whole core with spaces as
    runs of whitespace (as ``_entry_pattern`` reads them), or for a core with an inner ``*`` its
    longest literal piece. ``boundary``: after a word boundary (``\\b``) when the entry tests
    one before that literal, so "he" (an actor) does not pass "check the weather" on to the
    alternation (it pays on Latin, Greek and Cyrillic text; with the scripts written without
    spaces the two tries cost more than it saves)."""
    bounded: set[str] = set()
    free: set[str] = set()
    for e in set(entries):
        core = e.strip("*")
        lit = core if "*" not in core else max((p for p in re.split(r"[ *]", core) if p), key=len)
        left = (boundary and not e.startswith("*") and core.startswith(lit) and core[0].isalnum()
                and not _unspaced(core[0]))
        (bounded if left else free).add(lit)
    tries = [(r"\b(?:" if lits is bounded else "(?:")
             + trie_pattern(sorted(lits, key=len, reverse=True)) + ")"
             for lits in (bounded, free) if lits]
    return "|".join(tries).replace(r"\ ", r"\s+") if tries else _NEVER


class _Cue:
    """A category's alternation (``_alternation``) behind an exact prefilter: every match of an
    entry contains the longest literal piece of its core (the text between spaces and ``*``), so
    when one trie-shaped scan of those pieces finds none in the searched range, no entry can
    match there. ``re`` otherwise tries every entry at every position, which costs several times
    the scan on the short sentences judged here.

    A text whose characters are all below U+0530 (Latin, Greek, Cyrillic) is searched with the
    entries written in those characters only (the others hold one it cannot contain), in the
    same order: ``re`` tries every first character of a trie at every position, and the
    scripts written without spaces bring hundreds."""

    __slots__ = ("_pre", "_rx", "_spaced", "pattern")

    def __init__(self, entries: Sequence[str]) -> None:
        order = sorted(set(entries), key=len, reverse=True)
        # the pattern _alternation compiles (not compiled here: the grouped one is searched)
        self.pattern = "|".join(map(_entry_pattern, order)) or _NEVER
        self._rx = _by_first_char(order, ordered=True) or LazyPattern(self.pattern)
        self._pre = LazyPattern(_prefilter(entries))
        self._spaced = _subset([e for e in order if max(e) < _SPACED_LIMIT])

    def _pair(self, s: str) -> tuple[LazyPattern, LazyPattern]:
        if s.isascii() or max(s) < _SPACED_LIMIT:
            return self._spaced
        return self._pre, self._rx

    def search(self, s: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        pre, rx = self._pair(s)
        if pre.search(s, pos, endpos) is None:
            return None
        return rx.search(s, pos, endpos)

    def finditer(self, s: str) -> Iterator[re.Match[str]]:
        pre, rx = self._pair(s)
        if pre.search(s) is None:
            return iter(())
        return rx.finditer(s)

    def match(self, s: str) -> re.Match[str] | None:
        return self._pair(s)[1].match(s)


_SPACED_LIMIT = "\u0530"
"""Below it: Latin, IPA, Greek and Cyrillic, scripts written with spaces between words."""


def _subset(order: list[str]) -> tuple[LazyPattern, LazyPattern]:
    """(prefilter, alternation) of some of a category's entries, kept in the category's order."""
    return (LazyPattern(_prefilter(order, boundary=True)),
            _by_first_char(order, ordered=True)
            or LazyPattern("|".join(map(_entry_pattern, order)) or _NEVER))


class _Finder:
    """Every occurrence of a category's entries in a long text, in linear time.

    One trie-shaped regex of the entries' literal cores finds the candidate positions (a regex
    with a word-boundary assertion per entry would try every entry at every position); the
    boundaries and ``*`` extensions are then checked per candidate."""

    def __init__(self, entries: Sequence[str]) -> None:
        self._by_first: dict[str, list[tuple[str, bool, bool]]] = {}
        for e in sorted(set(entries), key=len, reverse=True):
            core = e.strip("*")
            left = not e.startswith("*") and core[0].isalnum() and not _unspaced(core[0])
            right = not e.endswith("*") and core[-1].isalnum() and not _unspaced(core[-1])
            self._by_first.setdefault(core[0], []).append((core, left, right))
        cores = sorted({c for v in self._by_first.values() for c, _, _ in v}, key=len, reverse=True)
        self._any = LazyPattern(trie_pattern(cores) or r"(?!x)x")

    def spans(self, view: str) -> list[tuple[int, int]]:
        """(start, end) of every entry occurrence (start of its core, end of its core)."""
        out = []
        m = self._any.search(view)
        while m is not None:
            i = m.start()
            for core, left, right in self._by_first[view[i]]:
                j = i + len(core)
                if (view.startswith(core, i)
                        and not (left and i > 0 and _word(view[i - 1]))
                        and not (right and j < len(view) and _word(view[j]))):
                    out.append((i, j))
                    m = self._any.search(view, j)
                    break
            else:
                # A shorter core may still start inside the one that failed its boundaries.
                m = self._any.search(view, i + 1)
        return out


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


@dataclass(frozen=True)
class Lexicon:
    """The cue sections of every language, merged and compiled once (the screens of reasoning,
    observations, tails and sample arguments read them)."""

    languages: tuple[str, ...]
    entries: dict[str, tuple[str, ...]]
    cues: dict[str, _Cue]
    clause_cues: dict[str, _Cue]
    not_to_run: _Finder
    negation: _Finder
    execution: _Finder
    long_cues: dict[str, _Finder]
    recall: _Recall
    """The recall sections (greeting, wait, no-arguments, thinking, manner, store, specimen,
    placeholder)."""
    source_tongues: dict[str, frozenset[str]] = field(default_factory=dict)
    """Each [source] entry with no wildcard and the languages whose lexicon has it."""


def _read(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    section: str | None = None
    skip = False
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]") and len(line) > 2:
            section = line[1:-1]
            if is_section(section):  # the preamble grammar's classes (intent.words)
                section = None
                skip = True
                continue
            skip = False
            if section not in _CATEGORIES:
                raise ValueError(f"{path}:{n}: unknown lexicon section {section!r}")
            continue
        if section is None:
            if skip:
                continue
            raise ValueError(f"{path}:{n}: entry before any [section]")
        entry = normalize(line, han=path.stem == "zh")
        if not entry.strip("*"):
            raise ValueError(f"{path}:{n}: empty entry")
        out.setdefault(section, []).append(entry)
    return out


@cache
def load_lexicon(directory: Path) -> Lexicon:
    """Every ``<lang>.txt`` under ``directory`` merged into one compiled Lexicon."""
    entries: dict[str, list[str]] = {c: [] for c in _CATEGORIES}
    langs = []
    sources: dict[str, set[str]] = {}
    for path in sorted(directory.glob("*.txt")):
        if path.stem == "kinds":  # the tool side of grounding (intent.grounding)
            continue
        langs.append(path.stem)
        for cat, items in _read(path).items():
            entries[cat].extend(items)
            for e in items if cat == "source" else ():
                sources.setdefault(e, set()).add(path.stem)
    frozen = {k: tuple(v) for k, v in entries.items()}
    return Lexicon(
        languages=tuple(langs),
        entries=frozen,
        cues={c: _Cue(entries[c]) for c, _, _ in CUE_ORDER},
        clause_cues={c: _Cue(entries[c]) for c in _CLAUSE_CUES},
        not_to_run=_Finder(entries["not-to-run"]),
        negation=_Finder(entries["negation"]),
        execution=_Finder(entries["exec"]),
        long_cues={c: _Finder(entries[c]) for c in ("display", "example", "forbidding", "draft")},
        recall=_recall_sections(frozen),
        source_tongues={e: frozenset(v) for e, v in sources.items() if "*" not in e},
    )


_NEVER = r"(?!x)x"


def _entries_pattern(entries: Sequence[str], tail: str = "") -> LazyPattern:
    """The entries as one alternation, followed by ``tail`` (matched as a whole by the caller)."""
    grouped = _by_first_char(entries)
    return LazyPattern("(?:" + (grouped or _alternation(entries)).pattern + ")" + tail)


def _suffix(entry: str) -> str:
    """The last two characters of an entry (one when a space precedes it: it matches any
    whitespace)."""
    e = entry.rstrip("*")
    return e[-1] if e[-2:-1].isspace() else e[-2:]


@dataclass(frozen=True)
class _Recall:
    """The recall sections of a lexicon, compiled once."""

    greeting: LazyPattern
    greeting_firsts: frozenset[str]
    wait: LazyPattern
    wait_ends: tuple[str, ...]
    no_arguments: LazyPattern
    thinking: LazyPattern
    manner: LazyPattern
    store: LazyPattern
    specimen: LazyPattern
    placeholder: LazyPattern
    """Placeholder forms found anywhere in an argument value ("/pfad/zur/")."""
    placeholder_field: LazyPattern
    """Placeholder forms found in a field that holds a name, path or id ("你的仓库")."""
    metasyntactic: frozenset[str]
    """Words standing for any name by convention ("foo", "hoge", "toto"), casefolded."""
    slot_words: frozenset[str]
    """Nouns naming what a text field holds ("title", "Titel", "текст"), casefolded."""


def _recall_sections(e: dict[str, tuple[str, ...]]) -> _Recall:
    """The recall sections of a lexicon's entries, compiled (once, by ``load_lexicon``)."""
    return _Recall(
        greeting=_entries_pattern(e["greeting"]),
        greeting_firsts=frozenset(x[0] for x in e["greeting"]),
        wait=_entries_pattern(e["wait"], r"[\s.!。！]*$"),
        wait_ends=tuple({_suffix(x) for x in e["wait"]}),
        no_arguments=_entries_pattern(e["no-arguments"], _CLAUSE_END),
        thinking=_entries_pattern(e["thinking"], r"[\s.…]*"),
        manner=_entries_pattern(e["manner"]),
        store=_entries_pattern(e["store"]),
        specimen=_entries_pattern(e["specimen"]),
        placeholder=_literal(e["placeholder"]),
        placeholder_field=_literal(e["placeholder-field"]),
        metasyntactic=frozenset(x.casefold() for x in e["metasyntactic"]),
        slot_words=frozenset(x.casefold() for x in e["slot-word"]))


def _literal(entries: Sequence[str]) -> LazyPattern:
    """Entries found as written, anywhere (longest first)."""
    return LazyPattern("|".join(re.escape(x) for x in sorted(entries, key=len, reverse=True))
                       or r"(?!x)x")


_CLAUSE_END = r"(?=\s*(?:[.!;:,。！；：，、\n]|$))"
