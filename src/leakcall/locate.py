"""Stage 1, locate: split off reasoning blocks, then find candidate envelopes by literal scan."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter

from .families import Family, LastFamilies

__all__ = ["REASONING_TAGS", "Candidate", "Scanned", "Segment", "candidates", "preopened",
           "segments", "trie_pattern", "trim_end"]

# (opener, closer) of reasoning blocks across families; matched literally.
REASONING_TAGS: tuple[tuple[str, str], ...] = (
    ("<think>", "</think>"),
    ("<seed:think>", "</seed:think>"),
    ("<thinking>", "</thinking>"),
    ("[THINK]", "[/THINK]"),
    ("<|START_THINKING|>", "<|END_THINKING|>"),
    ("<|inner_prefix|>", "<|inner_suffix|>"),
    # Gemma 4: the thought channel, closed by the channel closer (then the call follows)
    ("<|channel>thought", "<channel|>"),
    # Kimi K3 XTML: the response channel always follows the think channel, so its opener ends
    # the reasoning too (the longer closer wins where both occur).
    ("<|open|>think<|sep|>", "<|close|>think<|sep|>"),
    ("<|open|>think<|sep|>", "<|close|>think<|sep|><|open|>response<|sep|>"),
)
# Templates that pre-open the block make the reply start inside it: a leading closer counts.
_PREOPENED = ("</think>", "</seed:think>", "<|close|>think<|sep|>",
              "<|close|>think<|sep|><|open|>response<|sep|>")


@dataclass(frozen=True)
class Segment:
    """A stretch of the reply: reasoning (inside a think block, tags included) or visible."""

    start: int
    end: int
    reasoning: bool


@dataclass(frozen=True)
class Candidate:
    """Where a family's envelope would be: from its first opener to after its last closer.

    ``end`` is None when an opener occurs but no closer follows it in the segment.
    """

    family: Family
    segment: Segment
    start: int
    end: int | None


def _at_line_start(text: str, i: int) -> bool:
    """Only spaces or tabs stand between the previous line break (or the reply start) and ``i``."""
    j = i
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    return j == 0 or text[j - 1] in "\r\n"


def _ends_line(text: str, e: int) -> bool:
    """What follows a closer ending at ``e``: the end of its line (spaces aside), the end of the
    reply, or directly a sentinel or markup (``<``, ``[``, ``{``), as templates emit it."""
    if e < len(text) and text[e] in "<[{":
        return True
    while e < len(text) and text[e] in " \t":
        e += 1
    return e == len(text) or text[e] in "\r\n"


_SENTENCE_STOP = ".!。！"


def _after_full_stop(text: str, i: int, e: int) -> bool:
    """A closer at ``text[i:e]`` glued to the full stop of the reasoning's last sentence and
    followed by the end of its line or the visible reply's first sentence (a letter that is not
    lower case: "...get_weather.</think>I'll look that up."), as templates without a line break
    emit it; a closer named in prose ("with </think>, it", ".</think> then") is not."""
    return i > 0 and text[i - 1] in _SENTENCE_STOP and (
        _ends_line(text, e) or (text[e].isalpha() and not text[e].islower()))


def _find(text: str, tag: str, pos: int, *, opens: bool = False, closes: bool = False) -> int:
    """The first occurrence of ``tag`` at or after ``pos`` standing at a line start (``opens``)
    and/or ending its line or glued to a full stop (``closes``), else -1."""
    i = text.find(tag, pos)
    while i != -1 and not ((not opens or _at_line_start(text, i))
                           and (not closes or _ends_line(text, i + len(tag))
                                or _after_full_stop(text, i, i + len(tag)))):
        i = text.find(tag, i + 1)
    return i


def _preopened_closer(text: str, closer: str) -> int:
    """Where a pre-opened block's closer is: on a line of its own, right after the reasoning's
    last word with the markup glued to it (``...in Celsius.</think><|tool_calls_section_begin|>``,
    as Kimi K2.6 writes it), glued to the full stop that ends the reasoning's last sentence and
    followed by the end of its line or by the visible reply's first sentence (``...I'll call
    get_weather.</think>\n\n``, ``...call the tool.</think>I'll look that up.``, as GLM 4.7 and
    DeepSeek write it), or anywhere when the closer is a special-token sequence (Kimi K3's
    ``<|close|>think<|sep|>``, which no prose spells); else -1. A closer such as ``</think>``
    inside a sentence ("closes its reasoning with </think>, it emits") is prose. Either way the
    reasoning it closes is screened by intent."""
    i = text.find(closer)
    while i != -1:
        e = i + len(closer)
        if ((_at_line_start(text, i) and _ends_line(text, e)) or (e < len(text) and text[e] in "<[")
                or closer.startswith("<|") or _after_full_stop(text, i, e)):
            return i
        i = text.find(closer, i + 1)
    return -1


def _tag_keys(tags: set[str], keys: tuple[str, ...]) -> tuple[str, ...]:
    """``keys`` and every tag that holds none of them: a text that holds none of the result
    holds no tag."""
    return keys + tuple(sorted(t for t in tags if not any(k in t for k in keys)))


# Pieces of the reasoning tags: a reply that holds none of them (most do not) has no reasoning
# block, which four substring tests tell faster than a search for each of the 17 tags.
_TAG_KEYS = _tag_keys({t for pair in REASONING_TAGS for t in pair},
                      ("hink", "HINK", "inner_", "channel"))


def _guarded(keys: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each key with its rarest character (``_rarity``): a text without that character holds
    no occurrence of the key, and a one-character search is several times faster."""
    return tuple((min(k, key=_rarity), k) for k in keys)


def tag_free(text: str) -> bool:
    """No reasoning tag (opener or closer) occurs in ``text``: none of the tag keys does, or,
    in a long text, none starts at any of its few "<" and "[" (every tag starts with one, and
    one memchr finds each, where a key test is a pass of its own over the text)."""
    if len(text) >= _LONG_TEXT:
        seen = 0
        for mark in _TAG_FIRSTS:
            i = text.find(mark)
            while i != -1:
                if text.startswith(_TAGS, i):
                    return False
                seen += 1
                if seen > _MARKS_READ:  # many: the key tests
                    return not any(g in text and k in text for g, k in _TAG_GUARDS)
                i = text.find(mark, i + 1)
        return True
    return not any(g in text and k in text for g, k in _TAG_GUARDS)


def segments(text: str, tagless: bool | None = None, preopened: bool = False
             ) -> tuple[Segment, ...]:
    """The reply cut into visible and reasoning segments, in order, covering all of it.

    Only real reasoning blocks count, where templates put them: an opener standing at a line
    start, closed by the next closer that ends its line (or is followed directly by markup), or
    running to the end when none does; and, only when the caller says the template pre-opens
    the block (``preopened``), a closer before any opener (the reply starts inside the block).
    Otherwise a lone closer is visible text like any other. A tag inside a
    sentence is prose and never moves the visible/reasoning boundary. ``tagless``: the
    caller's ``tag_free(text)``, when it has it.
    """
    if tag_free(text) if tagless is None else tagless:
        return (Segment(0, len(text), False),)
    spans: list[tuple[int, int]] = []
    for opener, closer in REASONING_TAGS:
        pos = 0
        if preopened and closer in _PREOPENED:
            c = _preopened_closer(text, closer)
            o = _find(text, opener, 0, opens=True)
            if c != -1 and (o == -1 or c < o):
                spans.append((0, c + len(closer)))
                pos = c + len(closer)
        while True:
            o = _find(text, opener, pos, opens=True)
            if o == -1:
                break
            c = _find(text, closer, o + len(opener), closes=True)
            end = len(text) if c == -1 else c + len(closer)
            spans.append((o, end))
            pos = end
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and s < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    out: list[Segment] = []
    pos = 0
    for s, e in merged:
        if s > pos:
            out.append(Segment(pos, s, False))
        out.append(Segment(s, e, True))
        pos = e
    if pos < len(text) or not out:
        out.append(Segment(pos, len(text), False))
    return tuple(out)


def preopened(text: str, seg: Segment) -> bool:
    """A reasoning segment the template opened before the reply: it starts at 0 without a tag."""
    return seg.reasoning and seg.start == 0 and not any(
        text.startswith(o) for o, _ in REASONING_TAGS)


class _Group:
    """Opener literals that share their first character: one trie pattern (it has that
    character as a literal prefix, which ``re`` skips to with a plain character search), the
    literals' longest common prefix, and a few characters that every one of them holds, rarest
    first (``_present``)."""

    __slots__ = ("need", "prefix", "rx")

    def __init__(self, literals: list[str]) -> None:
        self.rx = re.compile(trie_pattern(literals))
        self.prefix = literals[0][: next((i for i in range(min(map(len, literals)))
                                          if len({lit[i] for lit in literals}) > 1),
                                         min(map(len, literals)))]
        self.need = "".join(sorted(set.intersection(*(set(lit) for lit in literals)),
                                   key=_rarity)[:3])

    def search(self, text: str, pos: int, end: int) -> re.Match[str] | None:
        """``self.rx.search(text, pos, end)``. A prefix of three characters or more is looked
        for with ``str.find``, faster than ``re``'s own prefix search, and the pattern is
        matched where it occurs: every match starts with it, so the first occurrence where the
        pattern matches is where its search finds it."""
        if len(self.prefix) < 3:
            return self.rx.search(text, pos, end)
        i = text.find(self.prefix, pos, end)
        while i != -1:
            m = self.rx.match(text, i, end)
            if m is not None:
                return m
            i = text.find(self.prefix, i + 1, end)
        return None


@dataclass(frozen=True)
class _Scanner:
    regex: re.Pattern[str]
    # the literals grouped by first character (``_scan``)
    groups: tuple[_Group, ...]
    # a reasoning closer followed by an anchored opener (None: no family has one)
    anchored: re.Pattern[str] | None
    anchored_literals: tuple[str, ...]
    # literal the regex matched -> every literal that also starts there (it and its prefixes),
    # each with the families it opens
    at_match: dict[str, tuple[tuple[str, tuple[Family, ...]], ...]]
    by_name: dict[str, Family]
    # the families with anchored openers, each with them
    anchoring: tuple[tuple[Family, tuple[str, ...]], ...]
    longest: int  # the longest opener literal's length
    families: int  # how many families were given
    shortest: int  # the shortest opener literal's length


def trie_pattern(literals: list[str]) -> str:
    """One regex for a set of literals, shaped as a trie so that each character of the text is
    tried against one branch per distinct next character, not against every literal. Longer
    literals win over their prefixes, like a longest-first alternation."""
    trie: dict[str, dict] = {}  # type: ignore[type-arg]
    for lit in literals:
        node = trie
        for ch in lit:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:  # type: ignore[type-arg]
        branches = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(trie)



# ASCII characters from the rarest to the most common in prose and code (a rough order: it
# only decides which characters ``_Scanner.needs`` tests first); any other character is rarer.
_BY_RARITY = ("QZXJKVYUWGPFHBNDMOLRCIEAST" "qzjxkv~^`@$%&!?#+*\\{}|"
              "bpygfw;[]<>=_/-0123456789mucldrhsnioate\"'(),.:\t\n ")


def _rarity(ch: str) -> int:
    return _BY_RARITY.find(ch)  # -1 (rarest) for a character not listed


_TAG_GUARDS = _guarded(_TAG_KEYS)
_TAGS = tuple(sorted({t for pair in REASONING_TAGS for t in pair}))
_TAG_FIRSTS = tuple(sorted({t[0] for t in _TAGS}))  # "<", "["
_LONG_TEXT = 4096  # from about this length the key tests cost more than a few marks' reading
_MARKS_READ = 64
_CLOSER_FIRSTS = tuple(sorted({closer[0] for _, closer in REASONING_TAGS}))  # "<", "["


@cache
def _scanner(families: tuple[Family, ...]) -> _Scanner:
    owners: dict[str, list[Family]] = {}
    for f in families:
        for lit in f.opens:
            owners.setdefault(lit, []).append(f)
    lits = sorted(owners, key=len, reverse=True)
    regex = re.compile(trie_pattern(lits) or r"(?!x)x")
    by_first: dict[str, list[str]] = {}
    for lit in lits:
        by_first.setdefault(lit[0], []).append(lit)
    groups = tuple(_Group(g) for _, g in sorted(by_first.items()))
    at_match = {
        lit: tuple((p, tuple(owners[p])) for p in lits if lit.startswith(p)) for lit in lits
    }
    anchored_literals = tuple(a for f in families for a in f.anchored_opens)
    anchored = re.compile(
        "(?:" + "|".join(re.escape(c) for _, c in REASONING_TAGS) + r")\s*(?:"
        + "|".join(re.escape(a) for a in anchored_literals) + ")") if anchored_literals else None
    return _Scanner(regex, groups, anchored, anchored_literals, at_match,
                    {f.name: f for f in families},
                    tuple((f, f.anchored_opens) for f in families if f.anchored_opens),
                    max(map(len, lits), default=0), len(families), min(map(len, lits), default=0))


# the pipeline passes the same tuple for every reply and every argument value: hashing its
# families costs more than the rest of a short value's check
_scanner_of = LastFamilies(_scanner)


def has_opener(text: str, families: tuple[Family, ...], *, no_literal: bool = False,
               no_tag: bool = False) -> bool:
    """The fast path: does any opener occur at all (one regex scan)? ``no_literal``: the caller
    knows that no opener literal occurs in ``text`` (``Scanned.free``); only anchored openers
    are then looked for. ``no_tag``: the caller knows ``tag_free(text)``."""
    sc = _scanner_of(families)
    if not no_literal and len(text) >= sc.shortest:  # else no literal fits in it
        for g in sc.groups:
            for ch in g.need:
                if ch not in text:
                    break
            else:
                if g.search(text, 0, len(text)) is not None:
                    return True
    if sc.anchored is None:
        return False
    head = text.lstrip()
    if head.startswith(sc.anchored_literals):
        return True
    # An anchored opener may also start the segment after a reasoning block. Plain substring
    # tests first: they are much faster than the regex on clean text (a closer holds its first
    # character, which one memchr looks for; every closer holds one of the few tag keys, so
    # text without a key holds no closer).
    if no_tag or not any(map(text.__contains__, _CLOSER_FIRSTS)) or tag_free(text) or not any(
            closer in text for _, closer in REASONING_TAGS):
        return False
    return sc.anchored.search(text) is not None


def _present(sc: _Scanner, text: str, a: int, b: int) -> list[_Group]:
    """The groups that may match in ``text[a:b]``: an occurrence of a literal there holds every
    character of it, so a group with a character that all its literals hold and that is missing
    from the range has none (a character search is much faster than a pattern's)."""
    whole = a == 0 and b == len(text)
    out = []
    for g in sc.groups:
        for ch in g.need:
            if (ch not in text) if whole else text.find(ch, a, b) == -1:
                break
        else:
            out.append(g)
    return out


_FIND_CHARS = 4096
"""A range at least this long is searched for a one-group scan's prefix by ``find`` (``_scan``)."""
_FIND_MISSES = 16
"""Prefixes without a match ``_scan`` looks at with ``find`` before leaving the rest to ``re``."""


def _scan(sc: _Scanner, text: str, a: int, b: int) -> Iterator[re.Match[str]]:
    """The matches of ``sc.regex.finditer(text, a, b)``, found one group of literals at a
    time (``_Group``): the one pattern tests a set of first characters at every position,
    several times slower than a search for one character or prefix on markup-dense text.

    The same matches, in order: at a position at or after the previous match's end, the one
    pattern matches the longest literal starting there, and only the group of that position's
    character has literals starting with it; so the next match is the earliest one any group
    finds from the previous end (a group's pending match that starts before that end lies
    inside it and is searched for again from there)."""
    groups = _present(sc, text, a, b)
    if len(groups) == 1 and len(groups[0].prefix) < 3:
        rx = groups[0].rx
        if b - a >= _FIND_CHARS:
            # re walks to its prefix a character at a time; ``find`` (a memchr) is several
            # times faster on a long text with few of them. Every match starts with the prefix,
            # so the next match from ``a`` is the first prefix where the pattern matches, as
            # finditer finds it; after ``_FIND_MISSES`` prefixes that start none (markup-dense
            # text), finditer goes on from there.
            prefix, misses = groups[0].prefix, 0
            i = text.find(prefix, a, b)
            while i != -1:
                m = rx.match(text, i, b)
                if m is None:
                    misses += 1
                    if misses > _FIND_MISSES:
                        a = i
                        break
                    i = text.find(prefix, i + 1, b)
                    continue
                yield m
                i = text.find(prefix, m.end(), b)  # (a match is never empty: it holds the prefix)
            else:
                return
        yield from rx.finditer(text, a, b)
        return
    pending = [g.search(text, a, b) for g in groups]
    pos = a
    while True:
        best: re.Match[str] | None = None
        for k, found in enumerate(pending):
            m = found
            if m is not None and m.start() < pos:
                m = pending[k] = groups[k].search(text, pos, b)
            if m is not None and (best is None or m.start() < best.start()):
                best = m
        if best is None:
            return
        yield best
        pos = best.end()


@dataclass
class Scanned:
    """Where ``candidates``' scan of the reply matched an opener literal (match starts, in
    order), so that a later step can tell a stretch of the reply holds none without scanning it
    again (``free``). ``tagless``: the reply holds no tag key (``tag_free``), so no stretch of
    it holds a reasoning tag either."""

    longest: int = 0
    starts: list[int] = field(default_factory=list)
    complete: bool = True
    tagless: bool = False

    def free(self, a: int, b: int) -> bool:
        """No opener literal lies wholly inside ``text[a:b]``, a stretch of one scanned segment.
        The scan's matches do not overlap, so an occurrence hidden inside an earlier match
        still has a match start less than the longest literal before it."""
        i = bisect_left(self.starts, a - self.longest)
        return self.complete and (i == len(self.starts) or self.starts[i] >= b)


def _first_openers(text: str, sc: _Scanner, seg: Segment,
                   scanned: Scanned | None = None) -> dict[str, int]:
    first: dict[str, int] = {}
    for m in _scan(sc, text, seg.start, seg.end):
        if scanned is not None:
            scanned.starts.append(m.start())
        for _lit, owners in sc.at_match[m.group()]:
            for f in owners:
                first.setdefault(f.name, m.start())
        if len(first) == sc.families:
            if scanned is not None:
                scanned.complete = False  # the rest of the segment is not scanned
            break
    if not sc.anchoring:
        return first
    lead = seg.start
    while lead < seg.end and text[lead].isspace():
        lead += 1
    for f, anchored_opens in sc.anchoring:
        # An anchored opener at the segment's start precedes any opener found later in it.
        if first.get(f.name, seg.end) > lead:
            for a in anchored_opens:
                if lead + len(a) <= seg.end and text.startswith(a, lead):
                    first[f.name] = lead
                    break
    return first


def _close_end(text: str, fam: Family, seg: Segment, start: int) -> int | None:
    if fam.closed_by_end:
        return trim_end(text, start, seg.end)
    best = -1
    for lit in fam.closes:
        c = text.rfind(lit, start, seg.end)
        if c != -1 and c + len(lit) > best:
            best = c + len(lit)
    if best == -1:
        return None
    # An opener after the last closer: the reply was cut inside a later envelope.
    for lit in fam.opens:
        if text.find(lit, best, seg.end) != -1:
            return None
    return best


def trim_end(text: str, start: int, end: int) -> int:
    """``end`` moved back over trailing whitespace, not before ``start``."""
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


_start = itemgetter(1)


def candidates(text: str, families: tuple[Family, ...], segs: tuple[Segment, ...],
               scanned: Scanned | None = None) -> list[Candidate]:
    """One candidate per (family, segment) in which the family's opener occurs; ``scanned``
    records where the scan matched (segments passed in order)."""
    sc = _scanner_of(families)
    by_name = sc.by_name
    if scanned is not None:
        scanned.longest = sc.longest
    out: list[Candidate] = []
    for seg in segs:
        first = _first_openers(text, sc, seg, scanned)
        # (most segments hold one family's opener: nothing to order)
        for name, start in sorted(first.items(), key=_start) if len(first) > 1 else first.items():
            fam = by_name[name]
            out.append(Candidate(fam, seg, start, _close_end(text, fam, seg, start)))
    return out
