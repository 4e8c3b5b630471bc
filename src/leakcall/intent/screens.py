"""Stage 3, intent: is the markup the reply, or a quotation in it? A positive model, each rule named.

A leak has one of two shapes, judged over the whole visible reply (text outside real reasoning
blocks, see ``locate.segments``): the markup alone (``bare``), or the markup after a short
announcement of the assistant's own next step (``action-preamble``: "I'll check the config.",
"我来查看一下目录。", "まずファイルを確認します。"). After the markup only whitespace and
end-of-turn tokens may follow. Everything else is refused with the rule that recognised it, or
``unknown-preamble`` when nothing did: a block construct open before the markup, a question, an
offer, a negation, a recap, a quoted source, a display or example cue, a prose tail.

The preamble forms are data: ``grammar/lexicon/<lang>.txt`` (see its README). Cues are matched on
a normalised copy of the text (NFKC, curly quotes mapped, Markdown emphasis and format characters
removed, case folded); the arguments are never normalised.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..families import all_families, grammar_dir
from ..locate import REASONING_TAGS, Segment, preopened, trie_pattern
from ..reasons import Reason
from .tables import LazyPattern
from .words import Tongue, detect, fold, is_clock, is_section, tokenize

__all__ = [
    "CUE_ORDER",
    "END_TOKENS",
    "MAX_PREAMBLE_CHARS",
    "REASONING_WINDOW",
    "Lexicon",
    "judge",
    "lexicon",
    "normalize",
    "position",
    "preamble_verdict",
    "strip_end_tokens",
    "visible_context",
]

Verdict = tuple[Reason, str, str]
"""(reason, rule, detail): ``Reason.OK`` with rule ``bare``/``action-preamble``, or a refusal."""

MAX_PREAMBLE_CHARS = 600
"""Longest preamble, in characters of the visible text before the markup (whitespace and
end-of-turn tokens around it aside). Calibrated on the corpus (``leakcall calibrate``): the
longest real one has 160."""


END_TOKENS: tuple[str, ...] = (
    "<｜end▁of▁sentence｜>", "<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<|endoftext|>",
    "</s>", "<|end|>", "<|return|>", "<|call|>", "<|END_RESPONSE|>", "<|END_TEXT|>",
    "<|END_OF_TURN_TOKEN|>", "<|end_of_text|>", "<end_of_turn>", "<|close|>message<|sep|>",
)
"""End-of-turn tokens that may stand around a leaked call and are not prose."""
_END_START = re.compile("[" + "".join(sorted({re.escape(t[0]) for t in END_TOKENS})) + "]")

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
           "placeholder", "placeholder-field")
"""Sections of forms that frame no quotation (see ``_greeting_prefix`` and the functions
after it): read only by those functions."""
_CATEGORIES = frozenset({"lead", "exec", "not-to-run", "inquiry", "beneficiary", *_MODEL,
                         *_CLAUSE_CUES, *_RECALL}
                        | {c[0] for c in CUE_ORDER})


def strip_end_tokens(s: str) -> str:
    """``s`` without the end-of-turn tokens that may trail a call."""
    if _END_START.search(s) is None:
        return s
    for tok in END_TOKENS:
        if tok in s:
            s = s.replace(tok, "")
    return s


# -- normalisation (the classifier's view only) ----------------------------------------------

_QUOTE_MAP = str.maketrans({
    "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'", "`": "`",
    "“": '"', "”": '"', "„": '"', "‟": '"', "″": '"', "«": '"', "»": '"', "‹": "'", "›": "'",
})
_EMPHASIS = re.compile(r"(\*{1,3}|(?<!\w)_{1,3})(?=\S)(.+?)(?<=\S)\1(?!(?<=_)\w)")


_FORMAT_CHARS = re.compile(
    "[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    "\U000e0020-\U000e007f]")
"""Unicode format characters (category Cf: zero-width, soft hyphen, bidi controls, tags); a
test checks this class against ``unicodedata``."""


@cache
def simplified() -> dict[int, str]:
    """Traditional Chinese character -> Simplified (``grammar/lexicon/zh-hant.tsv``)."""
    out: dict[int, str] = {}
    path = grammar_dir() / "lexicon" / "zh-hant.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            t, s = line.split("\t")
            out[ord(t)] = s
    return out


_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u30ff\uff66-\uff9f]")


def normalize(s: str, han: bool = True) -> str:
    """The text as cues are matched: NFKC, curly quotes and apostrophes mapped to ASCII, format
    characters (zero-width, soft hyphen, bidi controls) and Markdown emphasis markers removed,
    case folded (Turkish dotted capital I to "i", not "i" with a combining dot); Chinese with
    no kana in Simplified characters (the zh lexicon's), one character for one, unless
    ``han`` is false (another language's lexicon entries: Japanese "資料" stays)."""
    if not s.isascii():
        s = _FORMAT_CHARS.sub("", unicodedata.normalize("NFKC", s)).translate(_QUOTE_MAP)
        s = s.replace("\u0130", "i")
        if han and _HAN.search(s) is not None and _KANA.search(s) is None:
            s = s.translate(simplified())
    if "*" in s or "_" in s:
        prev = None
        while prev != s:
            prev, s = s, _EMPHASIS.sub(r"\2", s)
    return s.casefold()


# -- the lexicon -----------------------------------------------------------------------------

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
    for path in sorted(directory.glob("*.txt")):
        if path.stem == "kinds":  # the tool side of grounding (intent.grounding)
            continue
        langs.append(path.stem)
        for cat, items in _read(path).items():
            entries[cat].extend(items)
    frozen = {k: tuple(v) for k, v in entries.items()}
    return Lexicon(
        languages=tuple(langs),
        entries=frozen,
        cues={c: _Cue(entries[c]) for c, _, _ in CUE_ORDER},
        clause_cues={c: _Cue(entries[c]) for c in _CLAUSE_CUES},
        not_to_run=_Finder(entries["not-to-run"]),
        negation=_Finder(entries["negation"]),
        execution=_Finder(entries["exec"]),
        long_cues={c: _Finder(entries[c]) for c in ("display", "example")},
        recall=_recall_sections(frozen),
    )


@cache
def lexicon() -> Lexicon:
    """The shipped lexicon (``grammar/lexicon/``), loaded the way the grammars are: the compiled
    tables when they are current (``intent.tables``), else built from the files."""
    from .tables import shipped  # noqa: PLC0415 - the tables module builds with this one

    built = shipped()
    return built.lexicon if built is not None else load_lexicon(grammar_dir() / "lexicon")


# -- the preamble ----------------------------------------------------------------------------

_LAST_SENTENCE = re.compile(r"(?<=[.!?;。！？\n])\s+")
"""Where a sentence ends, its end mark kept with it."""
_SENTENCE_END = re.compile(r"[!?;。\n]|\.(?=\s|$)|:(?!\d\d\b)")
"""A sentence's end: a full stop followed by a space or the end, any other stop, a line break.
(One character class first, so that ``re`` skips to its characters instead of trying an
alternation at every position; tests/intent/test_intent_gates.py checks it against the alternation.)"""
_RAW_SPLIT = re.compile(r"(?<=[.!?])(?=[^\W\d_a-z])")
"""A full stop directly followed by a letter that is not a lower-case ASCII one ("logs.This")
starts a sentence; "main.py" does not."""
_GLUED = re.compile(r"[.!?](?=[^\W\d_a-z])")
"""Where ``_RAW_SPLIT`` matches, as a search that consumes the full stop (``re`` scans for its
first character instead of trying a lookbehind at every position)."""
_EG = re.compile(r"\(\s*(?:e\.g\.|i\.e\.|eg|ie)[,:]?\s+(?:`[^`\s]+`|[\w./\\-]*\w[./_\\][\w./\\-]*)"
                 r"\s*\)")
"""An "(e.g. settings.json)" parenthetical: it names one file or code token of the task."""
_BREAK = re.compile(r"\s*(?:[,;，；、()（）]|\s[-–—]+\s|[–—])\s*")
"""Clause breaks inside a sentence: after one, only a connective and a further action may go on."""
_BREAK_MARK = re.compile(r"[,;，；、()（）\-–—]")
"""A character every ``_BREAK`` match holds: a text without one is not split (most are not)."""



_TERMINAL = frozenset(".。!:")
_ALLOWED_LAST = frozenset(".。!:)`")
_NON_PROSE = re.compile(
    r"<[A-Za-z/!?%]|&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z]\w*);|/\*|\*/|\{[#%{]|%\{|'''|\"\"\""
    r"|\\[A-Za-z]|\]\(|\w[*~]+\w|~~|[\u2028\u2029]")
"""Markup in what must be plain prose: a tag, an entity, a comment or template opener, a LaTeX
command, a Markdown link, emphasis inside a word, strikethrough, a line or paragraph separator."""
_NON_PROSE_MARK = re.compile(r"[<&/*{%\\\]~\u2028\u2029'\"](?:(?<!['\"])|(?<=')''|(?<=\")\"\")")
"""A character or triple quote every ``_NON_PROSE`` alternative holds (it cannot match without
one: replacing code spans by two backticks joins none). Written with one class first, as
``_SENTENCE_END``."""
_URL = re.compile(r"https?://\S+")
_URL_PATH = re.compile(r"https?://[^/\s]+(\S*)")
_CODE_SPAN = re.compile(r"`[^`\n]+`")
_SOUND = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "KATAKANA-HIRAGANA"})
"""Scripts written without spaces: a word may join them to Latin ("运行npm")."""


def _asks(raw: str) -> bool:
    """A question mark of any script (by its Unicode name), outside URLs and code spans."""
    if raw.isascii():  # "?" is its only question mark, and URLs and code spans are ASCII too
        return "?" in raw and "?" in _CODE_SPAN.sub(" ", _URL.sub(" ", raw))
    s = _CODE_SPAN.sub(" ", _URL.sub(" ", raw))
    return any(ch in "?¿" or (not ch.isascii() and "QUESTION" in unicodedata.name(ch, ""))
               for ch in s)


_BRACKET = re.compile(r"[()\[\]{}]")


_UNIT_SIGNS = frozenset("°℃℉")
"""Symbols that write a measurement ("64°F", "22℃"), as "%" does: prose, not decoration."""


def _non_prose(raw: str) -> str | None:
    """What makes the raw preamble something other than plain prose, or None."""
    m = (_NON_PROSE.search(_CODE_SPAN.sub("``", raw))  # a glob in a code span is no comment
         if _NON_PROSE_MARK.search(raw) else None)
    if m is not None:
        return f"{m.group(0)!r} is markup"
    opened = closed = initial = final = 0
    # ASCII: no mark, symbol or quotation category below; its brackets are the only Ps/Pe
    chars = "" if raw.isascii() else unicodedata.normalize("NFC", raw)
    if not chars and _BRACKET.search(raw) is not None:  # else none is opened or closed
        opened = raw.count("(") + raw.count("[") + raw.count("{")
        closed = raw.count(")") + raw.count("]") + raw.count("}")
    for i, ch in enumerate(chars):
        cat = unicodedata.category(ch)
        if cat in ("Mn", "Mc", "Me") and i > 0 and (chars[i - 1].isalpha() or unicodedata.category(
                chars[i - 1]) in ("Mn", "Mc", "Me")):
            continue  # a combining mark inside a word is a letter (Hindi vowel signs, points)
        if not ch.isascii() and cat in ("Cf", "Mn", "Me", "So", "Sk", "Co", "Cn", "Cs") and \
                ch not in _UNIT_SIGNS:
            return f"U+{ord(ch):04X} ({cat}) is not plain prose"
        if cat == "Ps":
            opened += 1
        elif cat == "Pe":
            closed += 1
        elif cat == "Pi":
            initial += 1
        elif cat == "Pf" and not (ch == "’" and 0 < i < len(raw) - 1 and raw[i + 1].isalpha()):
            final += 1  # an apostrophe inside a word ("I’ll") closes nothing
    if opened != closed or initial != final or raw.count('"') % 2 or raw.count("`") % 2:
        return "a bracket or quotation mark is not balanced"
    return None


def _compat(raw: str) -> str:
    """``raw`` in Unicode compatibility form (NFKC): fullwidth and small-form punctuation and
    letters read as their ASCII forms, so a token is found in the same text it is removed from."""
    return raw if raw.isascii() else unicodedata.normalize("NFKC", raw)


def preamble_verdict(preamble: str) -> Verdict:
    """The verdict on the text before the markup (whitespace and end tokens already trimmed,
    non-empty): ``action-preamble`` or the refusal rule that recognised something else."""
    if len(preamble) > MAX_PREAMBLE_CHARS:
        return (Reason.PROSE, "long-preamble", f"rule long-preamble: {len(preamble)} characters "
                f"before the markup (an action preamble has at most {MAX_PREAMBLE_CHARS})")
    preamble, greeted = _greeted(preamble)
    if greeted is not None:
        return greeted
    if _asks(preamble):
        return Reason.QUOTED, "question", "rule question: the text before the markup asks"
    odd = _non_prose(preamble)
    if odd is not None:
        return Reason.PROSE, "non-prose", f"rule non-prose: {odd} before the markup"
    # The preamble grammar (intent.preamble) reads the normalised view; a URL is one token.
    from .preamble import Refused, announce  # noqa: PLC0415 - preamble loads after screens

    said = announce(normalize(_compat(preamble)))
    if isinstance(said, Refused):
        reason = Reason.PROSE if said.rule in _PROSE_RULES else Reason.QUOTED
        return reason, said.rule, said.detail
    return Reason.OK, "action-preamble", "an announcement of the next step precedes the markup"


_PROSE_RULES = frozenset({"unknown-preamble", "non-prose", "long-preamble", "unknown-language"})



_NEVER = r"(?!x)x"



# -- structure ---------------------------------------------------------------------------------

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_QUOTE_LINE = re.compile(r"^ {0,3}>")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,9}[.)])\s")
_TABLE = re.compile(r"^\s*\|")
_LAZY_MARK = re.compile(r"[>\-*+•\d]")
_INDENTED = re.compile(r"^(?: {4}|\t)\s*$")
_HTML_CODE = ("code", "pre", "samp", "kbd", "tt", "textarea", "xmp", "listing", "plaintext",
              "script", "template", "noscript", "style")
_HTML_QUOTE = ("blockquote", "q", "example", "cite", "details", "summary", "figure", "iframe")
_BACKTICKS = re.compile(r"`+")

_CONSTRUCTS: tuple[tuple[str, Reason, re.Pattern[str]], ...] = (
    ("heredoc", Reason.FENCED, re.compile(r"<<[-~]?\s*['\"]?[A-Za-z_][\w.-]*|<<<")),
    ("cdata", Reason.FENCED, re.compile(r"<!\[CDATA\[", re.IGNORECASE)),
    ("rst-literal", Reason.FENCED, re.compile(
        r"^\s*\.\.\s+[\w-]+::|::[ \t]*$", re.MULTILINE)),
    ("yaml-block", Reason.FENCED, re.compile(r":[ \t]*[|>][-+0-9]*[ \t]*$", re.MULTILINE)),
    ("org-block", Reason.FENCED, re.compile(r"^\s*#\+begin_", re.MULTILINE | re.IGNORECASE)),
    ("asciidoc-block", Reason.FENCED, re.compile(
        r"^(?:-{4,}|\.{4,}|={4,}|\+{4,}|_{4,}|\*{4,})[ \t]*$", re.MULTILINE)),
    ("latex-env", Reason.FENCED, re.compile(r"\\begin\s*\{", re.IGNORECASE)),
    ("bbcode", Reason.FENCED, re.compile(
        r"\[(?:code|quote|pre|noparse|php|html|source|sql|xml)\b[^\]\n]*\]", re.IGNORECASE)),
    ("diff-line", Reason.QUOTED, re.compile(r"^(?:[+\-](?![\s\-])|@@ |\+\+\+ |--- )",
                                            re.MULTILINE)),
    ("repl-prompt", Reason.QUOTED, re.compile(
        r"^\s*(?:>>>|\.\.\.|\$|%|In \[\d*\]:|irb\(\w*\)|PS [A-Z]:\\)(?:\s|$)", re.MULTILINE)),
    ("comment-line", Reason.QUOTED, re.compile(r"^\s*(?:#+|//|--|;+|REM\b|%+)(?:\s|$)",
                                               re.MULTILINE | re.IGNORECASE)),
    ("table-row", Reason.QUOTED, re.compile(
        r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{1,}:?\s*)+\|?\s*$|^[^|\n]+\|[^|\n]+$", re.MULTILINE)),
    ("line-continuation", Reason.FENCED, re.compile(r"\\[ \t]*$")),
)
"""Block constructs of other syntaxes that enclose what follows (named for the refusal)."""

_CONSTRUCT_MARK = re.compile(r"[<#\-=+_*\\\[@>$%(/;|.:rR](?:(?<=[<#\-=+_*\\\[@>$%(/;|])"
                             r"|(?<=\.)\.|(?<=:):|(?<=[rR])[eE][mM]\b)")
"""What every construct above holds somewhere (a "." or ":" only doubled, else with a "|" or
">" or "[" or "\\" beside it; "REM" anywhere, where a construct has it first on a line): a text
without any is not searched once per construct. One character class first, as
``_SENTENCE_END``."""

_DQUOTES = re.compile(r"[\"＂〃]")
_CJK_QUOTES = (("「", "」"), ("『", "』"), ("《", "》"), ("〈", "〉"), ("【", "】"))
# the quote first, its left context as a lookbehind: ``re`` skips to the quote
_SQUOTE_OPEN = re.compile(r"'(?:(?<=^')|(?<=[\s(\[{:=]'))(?=\S)")
_SQUOTE_CLOSE = re.compile(r"'(?<=\S')(?=[\s.,;:!?)\]}]|$)")


def _open_fence(prefix: str) -> bool:
    if "```" not in prefix and "~~~" not in prefix:
        return False
    fence: str | None = None
    for line in prefix.splitlines():
        m = _FENCE.match(line)
        if m is None:
            continue
        run = m.group(1)
        if fence is None:
            fence = run
        elif run[0] == fence[0] and len(run) >= len(fence) and not line[m.end():].strip():
            fence = None
    return fence is not None


def _open_inline_code(prefix: str) -> bool:
    if "`" not in prefix:
        return False
    para = re.split(r"\n[ \t]*\n", prefix)[-1]
    open_len: int | None = None
    for m in _BACKTICKS.finditer(para):
        n = len(m.group(0))
        if open_len is None:
            open_len = n
        elif n == open_len:
            open_len = None
    return open_len is not None


def _unclosed_tag(low: str, tag: str) -> bool:
    opened = max(low.rfind(f"<{tag}>"), low.rfind(f"<{tag} "))
    return opened > low.rfind(f"</{tag}>")


def position(before: str) -> Verdict | None:
    """The rules that need only the text before the markup: fence, inline code, block quote,
    list item, table row, indented code, HTML code/quote elements and comments. Also applied to
    markup that failed to parse, for a clearer reason."""
    line_start = before.rfind("\n") + 1
    line_prefix = before[line_start:]
    if _open_fence(before):
        return (Reason.FENCED, "code-fence",
                "rule code-fence: the markup is inside a fenced code block")
    if _open_inline_code(before):
        return (Reason.FENCED, "inline-code",
                "rule inline-code: the markup is inside an inline code span")
    if line_prefix:  # the markup starts its line (the usual case): none of these can match
        if _QUOTE_LINE.match(line_prefix):
            return (Reason.QUOTED, "block-quote",
                    "rule block-quote: the markup's line is a block quote")
        if _LIST_ITEM.match(line_prefix):
            return Reason.QUOTED, "list-item", "rule list-item: the markup is an item of a list"
        if _TABLE.match(line_prefix):
            return (Reason.QUOTED, "table-cell",
                    "rule table-cell: the markup is inside a table row")
        if _INDENTED.match(line_prefix):
            return (Reason.FENCED, "indented-code",
                    "rule indented-code: the markup's line is an indented code block")
    if "<" not in before:  # no tag and no comment can be open
        return None
    low = before.lower()
    for tag in _HTML_CODE:
        if _unclosed_tag(low, tag):
            return Reason.FENCED, "html-code", f"rule html-code: the markup is inside <{tag}>"
    for tag in _HTML_QUOTE:
        if _unclosed_tag(low, tag):
            return Reason.QUOTED, "html-quote", f"rule html-quote: the markup is inside <{tag}>"
    if low.rfind("<!--") > low.rfind("-->"):
        return (Reason.QUOTED, "html-comment",
                "rule html-comment: the markup is inside an HTML comment")
    return None


def _structure(before: str) -> Verdict | None:
    """Block constructs of any syntax and open quotation marks in the (short) text before."""
    para = _PARAGRAPH.split(before)[-1] if before.count("\n") > 1 else before  # a break holds two
    # a quote line needs a ">", a list item one of "-*+•" or a digit
    for line in para.splitlines() if _LAZY_MARK.search(para) else ():
        if _QUOTE_LINE.match(line) or _LIST_ITEM.match(line):
            return (Reason.QUOTED, "lazy-continuation", "rule lazy-continuation: the markup "
                    "continues a block quote or list item above it")
    for rule, reason, pat in _CONSTRUCTS if _CONSTRUCT_MARK.search(before) else ():
        m = pat.search(before)
        if m is not None:
            return reason, rule, f"rule {rule}: {m.group(0).strip()!r} before the markup opens a block"
    if before.isascii() and '"' not in before and "'" not in before:
        return None  # normalising ASCII adds no quotation mark: the test below passes it
    view = normalize(before)
    if view.isascii() and '"' not in view and ("'" not in view or _SQUOTE_OPEN.search(view) is None):
        return None  # the other quotation marks below are not ASCII; no single quote opens
    if len(_DQUOTES.findall(view)) % 2 or any(
            view.count(o) > view.count(c) for o, c in _CJK_QUOTES) or (
            len(_SQUOTE_OPEN.findall(view)) > len(_SQUOTE_CLOSE.findall(view))):
        return (Reason.QUOTED, "quotation-marks",
                "rule quotation-marks: a quotation opened before the markup is not closed")
    return None


def _line_position(text: str, seg: Segment, start: int, bare: bool) -> Verdict | None:
    """The markup starts a line (or directly follows a reasoning block, or the terminal
    punctuation of the preamble on its line)."""
    line0 = max(text.rfind("\n", seg.start, start) + 1, seg.start)
    prefix = strip_end_tokens(text[line0:start])
    if not prefix or (bare and not prefix.strip()):
        return None
    if not prefix.strip():
        return (Reason.FENCED, "indented-code",
                "rule indented-code: the markup's line is indented after a preamble")
    last = normalize(prefix.rstrip(" \t"))[-1:]
    if last in _TERMINAL or _greeting_only(prefix):
        return None
    return (Reason.QUOTED, "mid-line",
            f"rule mid-line: the markup does not start a line (it follows {prefix[-20:]!r})")


# -- reasoning ---------------------------------------------------------------------------------

_CLAUSE_BREAK = re.compile(r"[\n.!?;:,。、]")
_NEG_THEN_VERB = 12
"""Characters that may separate a negation from the execution verb it governs ("must not run",
"don't actually run", "不要运行")."""
_VERB_THEN_NEG = 6
"""Characters that may separate an execution verb from a negation after it ("実行しないで",
"실행하지 않")."""


def _negated_execution(view: str, lex: Lexicon) -> str | None:
    """A negation and an execution verb in one clause, a few characters apart: linear in the
    text (two scans, then a merge of the sorted positions)."""
    negs = lex.negation.spans(view)
    if not negs:
        return None
    verbs = lex.execution.spans(view)
    starts = [s for s, _ in verbs]
    for a, b in negs:
        k = bisect_left(starts, b)
        if k < len(starts) and starts[k] - b <= _NEG_THEN_VERB and not _CLAUSE_BREAK.search(
                view, b, starts[k]):
            return view[a : verbs[k][1]]
    for a, b in negs:
        # one word saying both ("çalıştırmamalıyım": must not run)
        k = bisect_left(starts, a)
        if k < len(starts) and starts[k] < b:
            return view[a:b]
    nstarts = [s for s, _ in negs]
    for a, b in verbs:
        k = bisect_left(nstarts, b)
        if k < len(nstarts) and nstarts[k] - b <= _VERB_THEN_NEG and not _CLAUSE_BREAK.search(
                view, b, nstarts[k]):
            return view[a : negs[k][1]]
    return None


REASONING_WINDOW = 2000
"""Characters of a reasoning block read for ``reasoning-negation``: those next to the markup
(before it, and after it when it is inside the block). A statement that the markup is not to be
run stands next to it; text that only wants a call dispatched can leave such statements out
anyway, so a longer window would buy nothing but cost."""


def _reasoning_windows(segs: Sequence[Segment], start: int, end: int) -> list[tuple[Segment, int, int]]:
    out = []
    for s in segs:
        if not s.reasoning:
            continue
        if s.start <= start < s.end:
            out.append((s, max(s.start, start - REASONING_WINDOW), start))
            out.append((s, end, min(s.end, end + REASONING_WINDOW)))
        elif s.end <= start:
            out.append((s, max(s.start, s.end - REASONING_WINDOW), s.end))
        else:
            out.append((s, s.start, min(s.end, s.start + REASONING_WINDOW)))
    return out


def _reasoning_verdict(text: str, seg: Segment, lo: int, hi: int) -> Verdict | None:
    """A reasoning block that says the markup is not to be run refuses it. A pre-opened block
    (no opener in the reply: it may be visible prose before a stray closer) is also read for
    display and example cues."""
    lex = lexicon()
    view = fold(normalize(text[lo:hi]))
    said = next((view[a:b] for a, b in lex.not_to_run.spans(view)), None)
    if said is None:
        said = _negated_execution(view, lex)
    if said is not None:
        return (Reason.QUOTED, "reasoning-negation",
                f"rule reasoning-negation: the reasoning says {said!r}")
    if preopened(text, seg):
        for cat in ("display", "example"):
            found = [(a, b) for a, b in lex.long_cues[cat].spans(view)
                     if cat != "display" or not _manner_of_storing(view, a, b, lex)]
            if found:
                a, b = found[0]
                return (Reason.QUOTED, "reasoning-negation", "rule reasoning-negation: the "
                        f"reasoning before a pre-opened block's closer says {view[a:b]!r}")
    return None


# -- the whole reply ---------------------------------------------------------------------------

def visible_context(text: str, segs: Sequence[Segment], start: int, end: int) -> tuple[str, str]:
    """The visible text before and after the markup at ``text[start:end]``, reasoning blocks
    left out; markup inside a reasoning block stands for the whole block."""
    if len(segs) == 1 and not segs[0].reasoning:  # a reply without reasoning: one slice each
        s = segs[0]
        if s.start <= start < s.end or s.start == start:
            return text[s.start : start], text[end : s.end]
    seg = next(s for s in segs if s.start <= start < s.end or s.start == start)
    lo, hi = (seg.start, seg.end) if seg.reasoning else (start, end)
    before = "".join(text[s.start : min(s.end, lo)] for s in segs
                     if not s.reasoning and s.start < lo)
    after = "".join(text[max(s.start, hi) : s.end] for s in segs if not s.reasoning and s.end > hi)
    return before, after


_TAIL_CUES = frozenset({"negation", "example", "hypothetical"})


@cache
def result_openers() -> tuple[str, ...]:
    """The literals that open a tool result in the families' templates (header ``result``)."""
    return tuple(sorted({r for f in all_families() for r in f.results}))


def _tail_verdict(tail: str) -> Verdict:
    """Text after the markup is refused; a cue in its first sentences names a clearer rule."""
    opener = next((r for r in result_openers() if tail.startswith(r)), None)
    if opener is not None:
        return (Reason.PROSE, "fabricated-result", f"rule fabricated-result: a tool result "
                f"({opener!r}) follows the markup: the reply writes the result of its own call")
    view = normalize(tail[:MAX_PREAMBLE_CHARS])
    if "?" in view or "¿" in view:
        return Reason.QUOTED, "question", "rule question: the text after the markup asks"
    lex = lexicon()
    # Narration after a call ("I will summarise it", "you should see") is prose; only cues that
    # say the markup was not a call get their own rule.
    for cat, rule, reason in CUE_ORDER:
        cue = lex.cues[cat].search(view) if cat in _TAIL_CUES else None
        if cue is not None:
            return reason, rule, f"rule {rule}: the text after the markup says {cue.group(0)!r}"
    return (Reason.PROSE, "prose-tail", f"rule prose-tail: {tail[:40]!r} follows the markup "
            "(only end-of-turn tokens may)")


_OBJECT_WORD = re.compile(r"\w[\w.\-/]*\w|\w")



def judge(text: str, segs: Sequence[Segment], start: int, end: int,
          inner: Sequence[str] = (), markup: Sequence[tuple[int, int]] = ()) -> Verdict:
    """The intent verdict on markup at ``text[start:end]``: OK with rule ``bare`` or
    ``action-preamble``, or the refusal (reason, rule, detail). ``inner``: text the family's
    grammar admitted inside the envelope that is no argument (rule ``reasoning_text``: Harmony's
    analysis messages); it is screened like a reasoning block before the markup. ``markup``:
    spans of the other envelopes that parsed (in reasoning blocks): markup, not prose, so the
    reasoning screens do not read them."""
    shown = _masked(text, markup)
    s0 = segs[0]  # most replies are one segment: the first that holds the markup, found at once
    seg = (s0 if s0.start <= start < s0.end or s0.start == start
           else next(s for s in segs if s.start <= start < s.end or s.start == start))
    # the reasoning blocks, read by every loop below (most replies have none)
    thought = [s for s in segs if s.reasoning]
    before, after = visible_context(text, segs, start, end)
    lead = strip_end_tokens(before)
    # Rejected by length first: a preamble is short, so a long text is not scanned.
    if len(lead) > MAX_PREAMBLE_CHARS and len(lead.strip()) > MAX_PREAMBLE_CHARS:
        where = position(before)
        if where is not None:
            return where
        return (Reason.PROSE, "long-preamble", f"rule long-preamble: {len(lead.strip())} "
                f"characters before the markup (an action preamble has at most {MAX_PREAMBLE_CHARS})")
    preamble = lead.strip()
    where = position(before)
    if where is None and seg.reasoning:
        where = position(text[seg.start : start])
    if where is None and any(s.start < start for s in thought):
        # a construct opened in (or before) reasoning and still open encloses the markup
        where = position(shown[:start]) or _structure(_reasoning_tail(shown, segs, start))
    if where is None and preamble:
        where = _structure(before)
    if where is None and not seg.reasoning:
        where = _line_position(text, seg, start, not preamble)
    if where is not None:
        return where
    tail = strip_end_tokens(after)
    if tail.strip():
        return _tail_verdict(tail.strip())
    for s in thought:
        if s.start >= (seg.end if seg.reasoning else end) and _inner(text, s).strip():
            return (Reason.PROSE, "prose-tail", "rule prose-tail: a reasoning block follows the "
                    "markup (only end-of-turn tokens may)")
    for s, lo, hi in _reasoning_windows(thought, start, end) if thought else ():
        r = _reasoning_verdict(text, s, lo, hi)
        if r is not None:
            return r
    if seg.reasoning:
        r = _inside_verdict(text, seg, start, end)
        if r is not None:
            return r
    for s in thought:
        if s.end <= start:
            r = _screen(_inner(shown, s))
            if r is not None:
                return r
    for body in inner:
        r = _screen(body)
        if r is not None:
            return r
    if not preamble:
        return Reason.OK, "bare", "the markup is the whole visible reply"
    return preamble_verdict(preamble)


def _masked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with the given spans blanked (same length), in one pass."""
    if not spans:
        return text
    out, pos = [], 0
    for a, b in sorted(spans):
        lo = max(a, pos)
        if b > lo:
            out += [text[pos:lo], " " * (b - lo)]
            pos = b
    out.append(text[pos:])
    return "".join(out)


SCREEN_CHARS = 600
"""Characters of a reasoning block's final paragraph screened as if it were visible (the text
that introduces the markup stands next to it)."""


def _inner(text: str, s: Segment) -> str:
    """A reasoning block's text without its tags."""
    body = text[s.start : s.end]
    for tag in _TAGS_LONGEST_FIRST:  # a tag that extends another is removed whole
        body = body.replace(tag, "\n")
    return body


_TAGS_LONGEST_FIRST = tuple(sorted({t for pair in REASONING_TAGS for t in pair}, key=len,
                                   reverse=True))


def _last_paragraph(body: str) -> str:
    return re.split(r"\n[ \t]*\n", body.strip())[-1][-SCREEN_CHARS:]


def _reasoning_tail(text: str, segs: Sequence[Segment], start: int) -> str:
    """The final paragraph of the last reasoning block before ``start``, and what follows it."""
    s = max((s for s in segs if s.reasoning and s.start < start), key=lambda s: s.start)
    body = _inner(text, s) if s.end <= start else text[s.start : start]
    return _last_paragraph(body) + (text[s.end : start] if s.end <= start else "")


_PARAGRAPH = re.compile(r"\n[ \t]*\n")
_EARLIER_CUES = ("display", "example", "hypothetical", "source")
"""Cue categories read in the paragraph before the screened one: what the reasoning says the
markup is for stands there as often as next to it."""


PADDING_CHARS = 40
"""A final paragraph this short and of one sentence ("Okay.", "I'll write it.", "Proceeding.")
is padding: the screen also reads the paragraph before it."""


def _substantive(paras: list[str]) -> int:
    """The index of the last paragraph that is more than padding: a statement followed by
    "Okay." is still the statement next to the markup."""
    k = len(paras) - 1
    while k > 0:
        p = paras[k].strip()
        if len(p) <= PADDING_CHARS and len(_SENTENCE_END.split(p.rstrip(".。!:"))) == 1:
            k -= 1
            continue
        break
    return k


_GOVERNING_CUES = ("offer", "example", "hypothetical", "source")
"""Cue categories read in the paragraph next to the markup: what the reasoning says the call
is for (an example, a pretence) or where it was copied from."""


def _screen(body: str) -> Verdict | None:
    """Reasoning before the markup is screened, not trusted, each paragraph in its own
    language (``intent.words.detect``): a paragraph no lexicon reads is unreadable
    (``unreadable-reasoning``). The whole block may hold no cue that governs the call's
    execution: a framing word (an example, a demo, a story, a test fixture: ``[g-framing]``),
    a deferral (a time, an approval: ``[g-deferral]``), another actor beside an execution verb
    (``[g-actor]``), a negated execution, a not-to-run phrase. The paragraph next to the markup
    is also read for the example, hypothetical and source cues, and a final sentence ending with
    a colon must itself announce an action. Task narration ("the user didn't specify", "if
    there is an error", "describe what I received") is no cue."""
    paras = [p for p in _PARAGRAPH.split(body.strip()) if p.strip()]
    if not paras:
        return None

    lex = lexicon()
    for para in paras:
        view = fold(normalize(para))
        for sentence in (part for whole in _SENTENCE_END.split(view) for part in _asides(whole)):
            if not any(ch.isalpha() for ch in sentence):
                continue
            t = detect(sentence.strip())
            if t is None:
                return (Reason.QUOTED, "unreadable-reasoning", "rule unreadable-reasoning: the "
                        f"reasoning says {sentence.strip()[:60]!r}, in no language leakcall has "
                        "a lexicon for: what it says about the call cannot be read")
            toks = tokenize(sentence.strip(), t)
            for x in toks:
                # a supposition ("suppose the tool returns ...", 假设) is how reasoning plans
                # past the call, and "for example" illustrates its own point: both are read
                # only in the paragraph next to the markup (below)
                if x.kind == "!declared-example" and (lex.cues["hypothetical"].search(x.text)
                                                     or t.has(x.text, "g-for-instance")):
                    continue
                if x.kind in ("!declared-example", "!conditional") and (
                        x.kind == "!declared-example" or _deferral(x.text, t)
                        or is_clock(x.text)):
                    rule = "declared-example" if x.kind == "!declared-example" else "conditional"
                    return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning "
                            f"says {x.text!r} ({rule})")
            src = _relayed(toks, t)
            if src is not None:
                return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning "
                        f"relays another party's instruction ({src!r})")
            actor = _actor_of_step(toks, t)
            if actor is not None:
                return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning "
                        f"names another actor ({actor!r}) as the one taking the step")
        neg = _negated_execution(view, lex)
        if neg is not None:
            return (Reason.QUOTED, "reasoning-negation", f"rule reasoning-negation: the reasoning "
                    f"says {neg!r}")
        nrun = lex.not_to_run.spans(view)
        if nrun:
            a, b = nrun[0]
            return (Reason.QUOTED, "reasoning-negation", f"rule reasoning-negation: the reasoning "
                    f"says {view[a:b]!r}")
    k = _substantive(paras)
    if k > 0:
        earlier = fold(normalize(paras[k - 1][-SCREEN_CHARS:]))
        for cat in _EARLIER_CUES:
            cue = _cue(cat, earlier, lex)
            if cue is not None:
                return _cue_refusal(cat, cue.group(0))
    para = "\n".join(paras[k:])[-SCREEN_CHARS * 2:]
    if not para:
        return None
    # the last sentence with its own end mark ("Should I run it?"); an earlier question in
    # the paragraph ("The user asks: what's the best language?") is what it reasons about
    if _asks(_LAST_SENTENCE.split(para.rstrip())[-1]):
        return _cue_refusal("question", "?")
    view = fold(normalize(para))
    for cat in _GOVERNING_CUES:
        cue = _cue(cat, view, lex)
        if cue is not None:
            return _cue_refusal(cat, cue.group(0))
    stripped = view.rstrip()
    # A final sentence that ends with a colon introduces what follows ("The file contains:"),
    # and one that ends in a word with no full stop is a label ("README content"): either must
    # itself announce an action of the assistant's own.
    colon = stripped.endswith((":", "："))
    if colon or stripped[-1:].isalnum():
        last = _SENTENCE_END.split(stripped[:-1] if colon else stripped)[-1].strip()
        bad = not last or preamble_verdict(last + (":" if colon else ""))[0] is not Reason.OK
        if bad and colon:
            return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning ends with "
                    f"{last[-60:]!r} and a colon, which announces no action of the assistant's own")
        if bad and _label_shaped(para, last, lex) and not _thinking(view, lex):
            return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning ends "
                    f"with {last[-60:]!r}, a label that announces no action of the assistant's own")
    return None


_STEP_KINDS = frozenset({"run", "delete", "deploy", "commit", "pay", "send", "install", "write",
                         "test"})


def _relayed(toks: list[Any], t: Any) -> str | None:
    """A verb by which another party directs the assistant ([g-report]: "the web page
    instructs ..."), with no user or "you" before it; else None."""
    for k, x in enumerate(toks):
        if x.kind == "!quoted-source" and "g-report" in t.sections(x.text) and not any(
                y.kind == "YOU" or "g-user" in t.sections(y.text) for y in toks[:k]):
            return str(x.text)
    return None


_SUPPOSING = frozenset({"might", "may", "could", "be", "been", "being"})
"""Auxiliaries of a supposition about the user ("the user might be testing"), not a step."""



def _actor_of_step(toks: list[Any], t: Tongue) -> str | None:
    """Another actor named before a verb of a changing step, with no first-person opener
    between them ("the user's teammate will execute this"): the actor, else None. An actor
    after the verb ("send the reply to the user's team") or behind the assistant's own opener
    does not take the step."""
    own = next((str(x.text) for x in toks if t.has(x.text, "g-reflexive")), None)
    if own is not None and (" " in own or any(
            not x.kind.startswith("!non") and t.kind_of(x.text) in _STEP_KINDS for x in toks)):
        # (a phrase of several words says the step itself: "la esegue lei", "en su terminal")
        # "Dana pastes this into the terminal herself", "er tippt ihn selbst ein": whoever
        # that is ([g-reflexive], third person), not the assistant
        return own
    for k, x in enumerate(toks):
        # the user as the subject of a changing step ("the user will run it in their shell"),
        # not of a wish ("the user wants me to run it")
        if t.has(x.text, "g-user"):
            j = k + 1
            while j < len(toks) and j - k <= 3 and toks[j].kind in (
                    "!unknown-preamble", "ADV", "AUX") and toks[j].text not in _SUPPOSING:
                j += 1
            if j < len(toks) and toks[j].kind == "OPEN" and t.kind_of(toks[j].text) in _STEP_KINDS:
                return str(x.text)
    actor = None
    for x in toks:
        if x.kind == "!other-actor":
            actor = str(x.text)
        elif x.kind in ("OPENER", "HELP", "ACTING"):
            actor = None
        elif actor is not None and x.kind == "OPEN" and t.kind_of(x.text) in _STEP_KINDS:
            return actor
    return None


_ASIDE = re.compile(r"\(([^()]*)\)|\"([^\"]*)\"|“([^”]*)”|「([^」]*)」")


def _asides(sentence: str) -> list[str]:
    """A sentence whose letters no one language writes, cut into its bracketed or quoted
    asides and the rest, each read in its own language ("Translate the greeting (日本語,
    العربية)"); any other sentence whole."""
    if detect(sentence.strip()) is not None or not _ASIDE.search(sentence):
        return [sentence]
    inner = [next(g for g in m.groups() if g is not None) for m in _ASIDE.finditer(sentence)]
    parts = [_ASIDE.sub(" ", sentence)]
    for a in inner:
        parts.extend(x for x in re.split(r"[,，、;]", a) if x.strip())
    return parts


def _deferral(word: str, t: Tongue) -> bool:
    """A refusing condition word that defers (a time, an approval), not a subordinator."""
    return t.has(word, "g-deferral")


def _label_shaped(para: str, last: str, lex: Lexicon) -> bool:
    """The reasoning's last line, with no full stop, has the shape of a label: it starts like a
    heading (a capital, or a letter of a script without case) or names the markup, a content
    artefact or a pronoun for it ("the call", "readme content"). A lower-case fragment
    ("thinking", "need to check the weather") is running reasoning: with a full stop it would
    not be read as a label either."""
    raw = _SENTENCE_END.split(para.rstrip())[-1]
    first = next((ch for ch in raw if ch.isalpha()), "")
    if not first.islower():
        return True
    cc = lex.clause_cues
    return any(cc[c].search(last) is not None for c in ("meta", "content", "deictic"))



def _cue_refusal(cat: str, said: str) -> Verdict:
    return (Reason.QUOTED, "reasoning-cue",
            f"rule reasoning-cue: the reasoning next to the markup says {said!r} ({cat})")


def _inside_verdict(text: str, seg: Segment, start: int, end: int) -> Verdict | None:
    """Markup inside a reasoning block (reasoning="recover"): the block's text before it, from
    the previous blank line, must itself be bare or an action preamble, and nothing but
    end-of-turn tokens may follow it up to the closer."""
    body = text[seg.start : start]
    for o, _c in REASONING_TAGS:
        if body.startswith(o):
            body = body[len(o):]
            break
    paras = re.split(r"\n[ \t]*\n", body)
    intro = strip_end_tokens(paras[-1]).strip()
    # the block's text before the intro is reasoning about the markup: screened as such
    r = _screen("\n\n".join(paras[:-1]) if intro else body)
    if r is not None:
        return r
    if intro:
        v = preamble_verdict(intro)
        if v[0] is not Reason.OK:
            return v[0], v[1], v[2].replace("before the markup", "before the markup in the reasoning")
    rest = text[end : seg.end]
    for _o, c in REASONING_TAGS:
        if rest.endswith(c):
            rest = rest[: -len(c)]
            break
    if strip_end_tokens(rest).strip():
        return (Reason.PROSE, "prose-tail", f"rule prose-tail: {rest.strip()[:40]!r} follows the "
                "markup inside the reasoning block")
    return None


# -- recall: forms that frame no quotation -----------------------------------------------------
# Each allowance below is narrow and positive: a form is read out of the text only when the
# whole sentence (or the whole cue) is that form, and every other rule still reads the rest.

def _whole(entries: Sequence[str], tail: str = "") -> LazyPattern:
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


def _recall_sections(e: dict[str, tuple[str, ...]]) -> _Recall:
    """The recall sections of a lexicon's entries, compiled (once, by ``load_lexicon``)."""
    return _Recall(
        greeting=_whole(e["greeting"]),
        greeting_firsts=frozenset(x[0] for x in e["greeting"]),
        wait=_whole(e["wait"], r"[\s.!。！]*$"),
        wait_ends=tuple({_suffix(x) for x in e["wait"]}),
        no_arguments=_whole(e["no-arguments"], _CLAUSE_END),
        thinking=_whole(e["thinking"], r"[\s.…]*"),
        manner=_whole(e["manner"]),
        store=_whole(e["store"]),
        specimen=_whole(e["specimen"]),
        placeholder=_literal(e["placeholder"]),
        placeholder_field=_literal(e["placeholder-field"]))


def _literal(entries: Sequence[str]) -> LazyPattern:
    """Entries found as written, anywhere (longest first)."""
    return LazyPattern("|".join(re.escape(x) for x in sorted(entries, key=len, reverse=True))
                       or r"(?!x)x")


_GREETING_PIECE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*|\n")
_GREETING_TRIM = " \t.!?¡¿。！？~"


def _greeting_prefix(raw: str, lex: Lexicon) -> int:
    """Characters of ``raw`` taken by the greeting sentences it opens with ("Hello!", "Hi there,",
    "What's up?", "你好！"): each whole sentence, commas aside, is a ``[greeting]`` entry."""
    rc = lex.recall
    pat = rc.greeting
    # most preambles start with no greeting's first letter: no sentence is normalised then
    if normalize(raw.lstrip(_GREETING_TRIM)[:1])[:1] not in rc.greeting_firsts:
        return 0
    pos = 0
    for m in _GREETING_PIECE.finditer(raw):
        if m.start() != pos:
            break
        said = re.sub(r"[\s,，、]+", " ", normalize(m.group(0)).strip(_GREETING_TRIM)).strip()
        if said and pat.fullmatch(said) is None:
            break
        pos = m.end()
    return pos


def _greeting_only(raw: str) -> bool:
    """``raw`` (a line before glued markup) is greetings and nothing else."""
    raw = raw.strip()
    return bool(raw) and _greeting_prefix(raw, lexicon()) == len(raw)


def _greeted(preamble: str) -> tuple[str, Verdict | None]:
    """The preamble without its opening greetings, and the verdict when nothing else is left:
    a greeting frames no quotation ("Hello! Here's an example:" is refused by what follows it,
    "Sure!" alone is refused as an acknowledgement)."""
    cut = _greeting_prefix(preamble, lexicon())
    if not cut:
        return preamble, None
    odd = _non_prose(preamble[:cut])
    if odd is not None:
        return preamble, (Reason.PROSE, "non-prose", f"rule non-prose: {odd} before the markup")
    rest = preamble[cut:].strip()
    if rest:
        return rest, None
    return rest, (Reason.OK, "greeting", "a greeting alone precedes the markup")



_CLAUSE_END = r"(?=\s*(?:[.!;:,。！；：，、\n]|$))"


def _argument_shape(view: str, lo: int, hi: int, lex: Lexicon) -> bool:
    """The negation at ``view[lo:hi]`` is inside "no arguments" (``[no-arguments]``) ending its clause: a
    statement about the call's shape ("get_time takes no arguments."), not about the act."""
    return any(a.start() <= lo and hi <= a.end() for a in lex.recall.no_arguments.finditer(view))


def _manner_of_storing(view: str, lo: int, hi: int, lex: Lexicon) -> bool:
    """The display cue at ``view[lo:hi]`` is a manner adverb (``[manner]``: "verbatim") in a sentence that
    stores content ("Save the note verbatim."): a ``[store]`` verb, and no other display or
    relay cue, no pronoun, no word for the markup and no ``[specimen]`` ("the example") in the
    sentence, and nothing that makes the content another party's (an actor, an owner, sent
    content, a source: "the user's message")."""
    manner = next((a for a in lex.recall.manner.finditer(view)
                   if a.start() <= lo and hi <= a.end()), None)
    if manner is None:
        return False
    first = max((e.end() for e in _SENTENCE_END.finditer(view, 0, manner.start())), default=0)
    stop = _SENTENCE_END.search(view, manner.end())
    last = len(view) if stop is None else stop.start()
    sentence = view[first : manner.start()] + " " + view[manner.end() : last]
    rc = lex.recall
    if rc.store.search(sentence) is None or rc.specimen.search(sentence) is not None:
        return False
    cc = lex.clause_cues
    return not any(p.search(sentence) is not None for p in (
        lex.cues["display"], cc["relay"], cc["deictic"], cc["meta"], *_others(lex)))


def _others(lex: Lexicon) -> tuple[_Cue, ...]:
    """The cues that make content another party's: an actor, an owner, sent content, a source."""
    cc = lex.clause_cues
    return cc["actor"], cc["owner"], cc["sent"], lex.cues["source"]


def _cue(cat: str, view: str, lex: Lexicon) -> re.Match[str] | None:
    """The first ``cat`` cue in ``view`` that is not one of the forms above: "no arguments"
    (negation) and "verbatim" qualifying a storing verb (display)."""
    keep = _ALLOWED_CUES.get(cat)
    if keep is None:
        return lex.cues[cat].search(view)
    return next((m for m in lex.cues[cat].finditer(view)
                 if not keep(view, m.start(), m.end(), lex)), None)


_ALLOWED_CUES: dict[str, Callable[[str, int, int, Lexicon], bool]] = {
    "negation": _argument_shape, "display": _manner_of_storing}
"""Per cue category, the test of a match that is no cue of that kind."""


def _thinking(view: str, lex: Lexicon) -> bool:
    """Screened reasoning that only says the assistant is thinking ("Thinking", "分析中"): a
    status, not a label introducing the markup. Only the whole screened text counts, so a label
    before it ("Example call", then "Thinking") is still read as one."""
    return lex.recall.thinking.fullmatch(view.strip()) is not None
