"""Streaming recovery: show a reply as it arrives, hold back only what may be leaked markup.

``Holdback`` is the machine behind the public ``StreamRecoverer`` (``leakcall.recoverer``, which
adds the constructors from tools and from a ``Recoverer``). It takes its configuration, a
``Recoverer``, as an argument and imports nothing above ``pipeline``: ``Recoverer.stream`` builds
one, so the stream sits below the recoverer. ``feed`` returns the part of the text received so
far that is safe to display: it cannot belong to any family's envelope. ``close`` decides with
one call to ``recover`` on the whole reply and releases the rest (the reply minus the recovered
markup, or everything held on a refusal).

What is held back, and why it is enough: ``recover`` only ever chooses an envelope that starts at
an opening literal of some family (``Family.opens``) or, for a family with an anchored opener
(``Family.anchored_opens``), at the first non-whitespace character of a segment (the reply start,
a reasoning tag, the end of a reasoning closer). So

- text that cannot begin an opener is released at once;
- a suffix of the text received that is a proper prefix of an opener is held while it can still
  become one (and released as soon as it cannot);
- at a segment start, whitespace is released; a first non-whitespace character that is (the start
  of) an anchored opener is held the same way; once the anchored opener is complete, the text from
  it is held while it can still be the beginning of that family's envelope, asked of the family's
  own grammar (``parse.could_open``: "[1] First" or "{curly}" cannot, "[get_weather(" can), and
  released as soon as it cannot; after ``PROBE_CHARS`` characters that still can, it is held to
  the end;
- from the first complete opener on, everything is held until ``close``: only the whole reply
  decides.

Each ``feed`` looks at the new text plus an overlap of the longest literal's length - 1, so the
total work is linear in the reply's length; the text is kept as a list of chunks and joined once.
After a text with nothing to hold (``Holdback._clean``), a delta at least that long is looked at
alone: one ``in`` per rare character of the openers and closers, one ``endswith`` of the
openers' short prefixes.

Memory is bounded too. Once the reply received exceeds ``MAX_TEXT_CHARS`` (``recover`` would refuse
it as ``too_large`` unparsed), or the held part exceeds the ``max_hold`` option, nothing can be
recovered any more: ``feed`` releases everything held at once, keeps no text from then on and
returns every later delta as it is; ``close`` returns ``StreamEnd("", r)`` where ``r`` is the
``too_large`` refusal (rule ``too-large``, the detail ``recover`` would give, or ``hold-limit``)
with ``content == ""``: the reply is exactly what ``feed`` returned.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from ._plainrun import PlainRun, WholeTest
from .families import Family
from .ids import IdSalt, LazySalt
from .locate import REASONING_TAGS, trie_pattern
from .parse import could_open
from .pipeline import MAX_TEXT_CHARS
from .reasons import Reason
from .result import Recovery

__all__ = ["PROBE_CHARS", "Holdback", "Recovers", "StreamEnd"]

PROBE_CHARS = 32
"""Most characters from an anchored opener on that are asked whether they can still be an
envelope (each new delta asks again); past them, the rest is held to ``close``."""


_RUN = 64
"""Deltas ``feed_whole_many`` looks at in one scan (bounds the rescans after a delta that
needs the slow test)."""


@dataclass(frozen=True)
class StreamEnd:
    """What ``StreamRecoverer.close`` returns.

    ``text`` is the held-back text released now: appended to everything ``feed`` returned it gives
    ``recovery.content`` (the reply without the recovered markup, or the reply unchanged on a
    refusal). ``recovery`` is exactly ``recover(full_text, tools, ...)``, except past the size
    limits (module docstring): then ``text == recovery.content == ""`` and the reply is what
    ``feed`` returned.
    """

    text: str
    recovery: Recovery


def _proper_prefixes(literals: Iterable[str]) -> frozenset[str]:
    return frozenset(lit[:i] for lit in literals for i in range(1, len(lit)))


def _char_class(chars: Iterable[str]) -> re.Pattern[str]:
    """A regex matching any one of ``chars`` (matching nothing when there are none)."""
    body = "".join(sorted({re.escape(c) for c in chars}))
    return re.compile(f"[{body}]" if body else r"(?!x)x")


@dataclass(frozen=True)
class _Tables:
    """What a stream recoverer looks for, derived from its families (see ``_tables``)."""

    anchored: tuple[str, ...]
    anchored_len: int
    anchoring: tuple[Family, ...]  # the families with anchored openers
    # where a segment (so a region) may end: a reasoning tag, or the beginning of one ending
    # the text
    segment_end_re: re.Pattern[str]
    closers: tuple[str, ...]
    open_re: re.Pattern[str] | None
    open_prefixes: frozenset[str]
    open_first_re: re.Pattern[str]
    closer_at_re: re.Pattern[str] | None
    closer_first_re: re.Pattern[str]
    special_re: re.Pattern[str]
    special_first: str  # the characters a match of ``special_re`` starts with
    tail_re: re.Pattern[str] | None
    tail_len: int
    tail_short: tuple[str, ...]  # what ``tail_re`` finds: the text ends with one of them
    overlap: int


@lru_cache(maxsize=64)
def _tables(fams: tuple[Family, ...]) -> _Tables:
    anchored = tuple(sorted({a for f in fams for a in f.anchored_opens}))
    # A segment starts at 0, at a reasoning opener or after a reasoning closer. After a closer
    # the lead is in the new text, so it is watched; a reasoning segment's lead is its opener
    # tag, which could only be an anchored opener's start if the two share a prefix: then the
    # tag is simply held like an opener (never the case for the shipped tags).
    closers = tuple(c for _, c in REASONING_TAGS) if anchored else ()
    tag_openers = {o for o, _ in REASONING_TAGS
                   if any(a.startswith(o) or o.startswith(a) for a in anchored)}
    openers = sorted({lit for f in fams for lit in f.opens} | tag_openers, key=len, reverse=True)
    longest = max((len(x) for x in (*openers, *anchored, *closers)), default=1)
    special, first, tail, tail_len = _special_pattern(openers, closers)
    short = _short_prefixes(openers)
    return _Tables(
        anchored=anchored,
        anchored_len=max(map(len, anchored), default=0),
        anchoring=tuple(f for f in fams if f.anchored_opens),
        segment_end_re=_segment_end_pattern(),
        closers=closers,
        # trie-shaped: it finds the same leftmost opener as an alternation, without trying every
        # literal at every position
        open_re=re.compile(trie_pattern(openers)) if openers else None,
        open_prefixes=_proper_prefixes(openers),
        open_first_re=_char_class(lit[0] for lit in openers),
        closer_at_re=re.compile("(?=" + "|".join(re.escape(c) for c in closers) + ")")
        if closers else None,
        # A zero-width pattern is tried at every position: this class, which re scans for at C
        # speed, says first whether any closer can start in the window at all.
        closer_first_re=_char_class(c[0] for c in closers),
        # No match in the recent text: nothing to look at (the fast path; see _special_pattern)
        special_re=special,
        special_first=first,
        tail_re=tail,
        tail_len=tail_len,
        tail_short=tuple(short),
        overlap=longest - 1,
    )


def _segment_end_pattern() -> re.Pattern[str]:
    """Where a segment may end in a text that may still grow: the first reasoning tag, or the
    beginning of one ending the text."""
    tags = sorted({t for pair in REASONING_TAGS for t in pair}, key=len, reverse=True)
    starts = sorted(_proper_prefixes(tags), key=len, reverse=True)
    return re.compile(f"{trie_pattern(tags)}|(?:{trie_pattern(starts)})\\Z")


def _rare_at(literal: str) -> int:
    """Index of the literal's first character that is not a letter, digit, ``_`` or space (rare
    in prose, so a scan for it stops seldom); 0 when it has none."""
    for i, c in enumerate(literal):
        if not (c.isalnum() or c.isspace() or c == "_"):
            return i
    return 0


def _special_pattern(openers: Sequence[str], closers: Sequence[str]
                     ) -> tuple[re.Pattern[str], str, re.Pattern[str] | None, int]:
    """The fast path's test: where an opener, a closer or an opener's proper prefix ending the
    text may be. Returns ``(special, first, tail, tail_len)``: nothing may be there when
    ``special`` finds nothing in the window and ``tail`` (if any) finds nothing in its last
    ``tail_len`` characters. Every match of ``special`` starts with one of the characters of
    ``first`` (its leading class).

    Each literal is keyed on its first rare character (``_rare_at``, at index ``i``): a class of
    those characters (which ``re`` scans for at C speed), then, behind a lookbehind for the
    literal up to that character, the character after it, or the end of the text. So a whole
    literal in the window matches (it holds ``literal[:i + 2]``), and so does an opener's proper
    prefix ending the window if it reaches the rare character; a shorter prefix ending the
    window (``fu`` of ``functools[``) is what ``tail`` looks for.

    ``Holdback._clean`` relies on this shape: a match is a character of ``first``, a lookbehind
    ending at it, then the character after it or the end of the text. So when a text grows, a
    match in it is one that was there before or one that starts in the new characters: a
    character of ``first`` ending the text matched already (at the end of the text)."""
    follow: dict[str, set[str] | None] = {}  # lookbehind -> characters that may follow
    for x in (*openers, *closers):
        i = _rare_at(x)
        after = follow.setdefault(x[: i + 1], set())
        if after is not None:
            if i + 1 < len(x):
                after.add(x[i + 1])
            else:
                follow[x[: i + 1]] = None  # the literal ends at its rare character
    if not follow:
        return re.compile(r"(?!x)x"), "", None, 0
    branches = [f"(?<={re.escape(b)})" + ("" if s is None else _char_class(s).pattern)
                for b, s in sorted(follow.items())]
    first = "".join(sorted({b[-1] for b in follow}))
    special = re.compile(_char_class(first).pattern + "(?:" + "|".join(branches) + r"|\Z)")
    short = _short_prefixes(openers)
    if not short:
        return special, first, None, 0
    return special, first, re.compile(f"(?:{trie_pattern(short)})\\Z"), max(map(len, short))


def _short_prefixes(openers: Sequence[str]) -> list[str]:
    """The openers' prefixes that end before their rare character (``_rare_at``): what the
    ``tail`` of ``_special_pattern`` finds ending the text, longest first."""
    return sorted({x[:j] for x in openers for j in range(1, _rare_at(x) + 1)},
                  key=len, reverse=True)


class Recovers(Protocol):
    """What a stream asks of its configuration (a ``Recoverer`` is one): the families whose
    openers it holds back, and the one ``recover`` call at ``close``."""

    @property
    def families(self) -> tuple[Family, ...]: ...

    def recover(self, text: str, *, id_salt: IdSalt = "") -> Recovery: ...


class Holdback:
    """Hold back what may be leaked markup of a reply arriving in pieces; decide at ``close``.

    ``Holdback(recoverer, id_salt=..., max_hold=...)``: ``recoverer`` gives the families and the
    final ``recover`` call. The public face is ``StreamRecoverer`` (``leakcall.recoverer``), whose
    docstring states the invariants. Raises TypeError/ValueError for an ``id_salt`` that is not a
    str or a ``max_hold`` that is not a non-negative int, RuntimeError when fed or closed after
    ``close``.
    """

    def __init__(self, recoverer: Recovers, *, id_salt: IdSalt = "",
                 max_hold: int = MAX_TEXT_CHARS) -> None:
        self._setup(recoverer, id_salt, max_hold)

    def _setup(self, recoverer: Recovers, id_salt: IdSalt, max_hold: int) -> None:
        if not isinstance(id_salt, (str, LazySalt)):
            raise TypeError("id_salt must be a str")
        if not isinstance(max_hold, int) or isinstance(max_hold, bool):
            raise TypeError(f"max_hold must be an int, not {type(max_hold).__name__}")
        if max_hold < 0:
            raise ValueError(f"max_hold must be >= 0, not {max_hold}")
        self._max_hold = max_hold
        # Set once the limits are passed: the refusal's rule; nothing is kept from then on.
        self._over: str | None = None
        self._held_at_limit = 0
        self._rc = recoverer
        self._id_salt = id_salt
        t = _tables(recoverer.families)  # derived from the families alone: built once
        self._anchored = t.anchored
        self._anchored_len = t.anchored_len
        self._anchoring = t.anchoring
        self._segment_end_re = t.segment_end_re
        self._closers = t.closers
        self._open_re = t.open_re
        self._open_prefixes = t.open_prefixes
        self._open_first_re = t.open_first_re
        self._closer_at_re = t.closer_at_re
        self._closer_first_re = t.closer_first_re
        self._special_re = t.special_re
        self._special_first = t.special_first
        self._tail_re = t.tail_re
        self._tail_len = t.tail_len
        self._tail_short = t.tail_short
        self._overlap = t.overlap
        # a delta at least this long holds the end of the window the fast path looks at
        self._wide = max(1, t.overlap, t.tail_len)

        self._chunks: list[str] = []
        self._n = 0  # characters received
        self._shown = 0  # characters released by feed
        self._ctx = ""  # the last ``_overlap`` characters received
        self._holding = False  # a complete opener was seen: hold everything until close
        # Segment starts whose anchored-opener question is open: [next position to look at,
        # position of the first non-whitespace character or -1 while only whitespace was seen].
        self._leads: list[list[int]] = [[0, -1]] if self._anchored else []
        # Open, within the limits, nothing held, no segment start open, and the text received
        # so far released whole by the fast test, which found no match of ``_special_re`` in
        # its last window: then none starts in ``_ctx``, whatever follows
        # (``_special_pattern``), and the next test need only look at the new characters.
        # Set by the fast tests only; cleared wherever one of those conditions may change.
        self._clean = not self._leads
        # per open segment start whose anchored opener is complete: the text from it so far
        self._probes: dict[int, str] = {}
        self._closed = False

    @property
    def holding(self) -> bool:
        """True once a complete opener was seen: nothing more is shown before ``close``."""
        return self._holding

    @property
    def shown(self) -> int:
        """How many characters of the reply ``feed`` has released so far."""
        return self._shown

    def feed(self, delta: str) -> str:
        """Take the next piece of the reply; return the text that is safe to display now."""
        if self._clean and type(delta) is str and len(delta) >= self._wide:
            # The fastest path. Nothing is held, no match of ``_special_re`` is in the text
            # before (``_clean``) and the end of the window the fast path looks at lies in the
            # delta: a match would start at one of the delta's characters of ``_special_first``
            # (one memchr each), and what ``_tail_re`` finds would end it (``_tail_short``).
            for ch in self._special_first:
                if ch in delta:
                    break
            else:
                if not delta.endswith(self._tail_short):
                    self._chunks.append(delta)
                    self._n = self._shown = n = self._n + len(delta)
                    self._ctx = delta[-self._overlap :] if self._overlap else ""
                    if n > MAX_TEXT_CHARS:
                        return delta + self._release_all()
                    return delta
        if self._closed:
            raise RuntimeError("feed() after close()")
        if not isinstance(delta, str):
            raise TypeError(f"delta must be a str, not {type(delta).__name__}")
        if not delta:
            return ""
        if self._over is not None:
            self._n += len(delta)
            self._shown = self._n
            return delta
        if not (self._holding or self._leads):
            # The fast path: nothing an opener, a closer or an opener's prefix may start with is
            # in the recent text, so all of it is released (the held part, then the delta).
            # After a clean text only the new characters can start a match.
            ctx = self._ctx
            window = ctx + delta
            tail = self._tail_re
            # (a negative start is read as 0 by re)
            if self._special_re.search(window, len(ctx) if self._clean else 0) is None and (
                    tail is None or tail.search(window, len(window) - self._tail_len) is None):
                self._chunks.append(delta)
                n = self._n + len(delta)
                out = window[self._shown - self._n + len(ctx) :]
                self._n = self._shown = n
                self._ctx = window[-self._overlap :] if self._overlap else ""
                self._clean = True
                if n > MAX_TEXT_CHARS:
                    out += self._release_all()
                return out
        out = self._feed(delta)
        if self._n > MAX_TEXT_CHARS or self._n - self._shown > self._max_hold:
            out += self._release_all()
        return out

    def feed_whole(self, delta: str) -> bool:
        """Feed ``delta`` only if ``feed`` would return all of it now; True when fed.

        Judged before anything changes, so a False leaves the recoverer as it was (the caller
        then calls ``feed``): nothing held, no segment start open, ``delta`` non-empty and within
        the size limit, and the text received plus ``delta`` holds no opener, no proper prefix
        of one at its end and no reasoning closer (when anchored openers are configured).
        """
        if (self._clean and type(delta) is str and len(delta) >= self._wide
                and self._n + len(delta) <= MAX_TEXT_CHARS and self._clean_delta(delta)):
            self._chunks.append(delta)
            self._n = self._shown = self._n + len(delta)
            self._ctx = delta[-self._overlap :] if self._overlap else ""
            return True
        if (self._closed or self._over is not None or self._holding or self._leads or not delta
                or self._shown != self._n or self._n + len(delta) > MAX_TEXT_CHARS):
            return False
        window = self._ctx + delta
        tail = self._tail_re
        clean = self._special_re.search(window, len(self._ctx) if self._clean else 0) is None
        if not clean or (
                tail is not None and tail.search(window, len(window) - self._tail_len) is not None):
            if self._open_re is not None and (
                    self._open_re.search(window) is not None
                    or self._partial_opener(window, 0) != len(window)):
                return False
            if self._closer_at_re is not None and self._closer_at_re.search(window) is not None:
                return False
        self._clean = clean
        self._chunks.append(delta)
        self._n += len(delta)
        self._shown = self._n
        self._ctx = window[max(0, len(window) - self._overlap) :] if self._overlap else ""
        return True

    def whole_test(self) -> WholeTest | None:
        """The test ``feed_whole`` makes of a delta that follows, where it takes one whole
        without a regex call (``leakcall._plainrun``): None unless it may take one now (nothing
        held, no segment start open, every character received shown, within the limits)."""
        if (self._closed or self._over is not None or self._holding or self._leads
                or self._shown != self._n):
            return None
        return WholeTest(self._special_first, self._tail_short, self._overlap, self._ctx,
                         MAX_TEXT_CHARS - self._n)

    def _clean_delta(self, delta: str) -> bool:
        """The fast test of a delta after a clean text (``_clean``), the delta at least
        ``_wide`` long: no character of ``_special_first`` in it, and none of ``_tail_short``
        ending it. (``feed`` has it inline.)"""
        for ch in self._special_first:
            if ch in delta:
                return False
        return not delta.endswith(self._tail_short)

    def feed_whole_many(self, deltas: Sequence[str]) -> int:
        """Feed the leading ``deltas`` (consecutive pieces of the reply) that ``feed_whole``
        would take one after the other, and return how many were fed (the first one not fed,
        if any, was not: the caller feeds it with ``feed``).

        The deltas are looked at in runs (``_RUN`` at a time): one scan of the recent text and
        the run joined, then a look at where each delta ends. That test is conservative: a delta
        it does not pass goes through ``feed_whole`` itself. Every window ``feed_whole`` would
        scan for a delta is a substring of the joined one, so a match in it is a match in the
        joined window, except at its end (its last character, then the end of the text: a
        character that starts a literal's rare part, or a short prefix of an opener ending it),
        which is looked at where each delta ends."""
        if len(deltas) == 1:  # a paced stream: one delta per read
            return 1 if self.feed_whole(deltas[0]) else 0
        if type(deltas) is PlainRun and deltas.test == self.whole_test():
            # Tested already: the run offered each delta this recoverer's test (``whole_test``)
            # on the window it has now (``PlainRun.offer``), so every one is fed whole, and the
            # last window holds no match of ``_special_re`` (no character it starts with).
            self._chunks += deltas.texts
            self._n += deltas.chars
            self._shown = self._n
            self._ctx = deltas.window
            self._clean = True
            return len(deltas)
        fed = 0
        while fed < len(deltas):
            run = deltas[fed : fed + _RUN]
            k = self._whole_run(run)
            fed += k
            if k == len(run):
                continue
            # The run stopped at ``deltas[fed]``: a run from it would stop there again (the
            # text before its end, and what the joint test finds there, are the same), so
            # ``feed_whole`` decides it at once. The loop ends only where ``feed_whole`` refused
            # (the caller may rely on it: the first delta not fed is refused as things stand).
            if not self.feed_whole(deltas[fed]):
                break
            fed += 1
        return fed

    def _whole_run(self, deltas: Sequence[str]) -> int:
        """How many leading ``deltas`` the joint test passes; those are fed."""
        if (self._closed or self._over is not None or self._holding or self._leads
                or self._shown != self._n or len(deltas) < 2):
            return 0
        ctx = self._ctx
        window = ctx + "".join(deltas)
        m = self._special_re.search(window, len(ctx) if self._clean else 0)
        found = len(window) + 1 if m is None else m.start()
        # Where a delta ends: ``_special_re`` matches its last character alone (then the end
        # of the text) exactly when that character is one of ``_special_first`` (every match
        # starts with one, and ``\Z`` follows any), and ``_tail_re`` finds what ends there
        # exactly when the text up to there ends with one of ``_tail_short`` (its literals, none
        # longer than ``_tail_len``): two string tests, no regex call.
        first, short, tail_len = self._special_first, self._tail_short, self._tail_len
        end = len(ctx)
        k = 0
        limit = min(found, end + MAX_TEXT_CHARS - self._n)  # no delta may end past it
        for d in deltas:
            e = end + len(d)
            if e > limit or e == end or d[-1] in first or window.endswith(
                    short, e - tail_len if e > tail_len else 0, e):
                break
            end = e
            k += 1
        if k:
            # no match in the text fed (none before ``found``, none at its end): clean
            self._clean = True
            self._chunks.append(window[len(ctx) : end])
            self._n += end - len(ctx)
            self._shown = self._n
            self._ctx = window[max(0, end - self._overlap) : end] if self._overlap else ""
        return k

    def _release_all(self) -> str:
        """The limits are passed: release every held character and keep nothing from now on."""
        rest = "".join(self._chunks)[self._shown :]
        self._over = "too-large" if self._n > MAX_TEXT_CHARS else "hold-limit"
        self._clean = False
        self._held_at_limit = self._n - self._shown
        self._chunks = []
        self._ctx = ""
        self._leads = []
        self._probes = {}
        self._holding = False
        self._shown = self._n
        return rest

    def _feed(self, delta: str) -> str:
        self._clean = False
        self._chunks.append(delta)
        base = self._n
        self._n += len(delta)
        if self._holding:
            return ""
        window = self._ctx + delta
        w0 = base - len(self._ctx)
        n = self._n
        self._ctx = window[max(0, len(window) - self._overlap) :] if self._overlap else ""

        hold = n  # hold from here until close
        keep = n  # hold from here for now
        if self._open_re is not None:
            m = self._open_re.search(window)
            if m is not None:
                hold = w0 + m.start()
            keep = self._partial_opener(window, w0)
        if self._anchored:
            self._new_segment_starts(window, w0, base)
            for q in self._anchored_leads(window, w0, base):
                if q >= 0:
                    hold = min(hold, q)
                else:
                    keep = min(keep, -q - 1)
        if hold < n:
            self._holding = True
            keep = min(keep, hold)
        keep = max(keep, self._shown)  # never needed: released text cannot start a sentinel
        out = window[self._shown - w0 : keep - w0]
        self._shown = keep
        return out

    def close(self) -> StreamEnd:
        """End of the reply: decide with one ``recover`` call and release the held-back text."""
        if self._closed:
            raise RuntimeError("close() called twice")
        self._closed = True
        self._clean = False
        if self._over is not None:
            if self._over == "too-large":
                detail = f"the reply has {self._n} characters (limit {MAX_TEXT_CHARS})"
            else:
                detail = (f"{self._held_at_limit} characters held (max_hold {self._max_hold}): "
                          f"released unparsed")
            return StreamEnd("", Recovery(reason=Reason.TOO_LARGE, content="", detail=detail,
                                          rule=self._over))
        text = "".join(self._chunks)
        self._chunks = [text]
        rec = self._rc.recover(text, id_salt=self._id_salt)
        return StreamEnd(rec.content[self._shown :], rec)

    # -- scanning helpers -------------------------------------------------------------------

    def _partial_opener(self, window: str, w0: int) -> int:
        """Start of the longest suffix of ``window`` that is a proper prefix of an opener."""
        size = len(window)
        m = self._open_first_re.search(window, max(0, size - self._overlap))
        while m is not None:
            if window[m.start() :] in self._open_prefixes:
                return w0 + m.start()
            m = self._open_first_re.search(window, m.start() + 1)
        return w0 + size

    def _new_segment_starts(self, window: str, w0: int, base: int) -> None:
        """Record the segment starts made by reasoning tags that end in the new text."""
        if self._closer_at_re is None or self._closer_first_re.search(window) is None:
            return
        starts: set[int] = set()
        for m in self._closer_at_re.finditer(window):  # zero-width: overlapping ones too
            i = m.start()
            for tag in self._closers:
                if w0 + i + len(tag) > base and window.startswith(tag, i):  # ends in new text
                    starts.add(w0 + i + len(tag))
        self._leads.extend([s, -1] for s in sorted(starts))

    def _anchored_leads(self, window: str, w0: int, base: int) -> list[int]:
        """Decide open segment starts as far as the text allows.

        Returns, per start still relevant: ``q`` (>= 0) when the text from ``q`` is held to the
        end (an anchored opener begins there, and ``PROBE_CHARS`` characters from it can still be
        an envelope); ``-q - 1`` when it is held for now (a proper prefix of an anchored opener,
        or a complete one whose text can still be an envelope: ``parse.could_open``). Starts
        whose text cannot begin an envelope are dropped: released.
        """
        n = w0 + len(window)
        out: list[int] = []
        still: list[list[int]] = []
        # a text whose beginning cannot begin an envelope cannot either (nor can the beginning
        # read alone, which bounds the work); only ``limit + 1`` characters from a start are
        # kept: slices to the window's end per start would make a delta of many reasoning
        # closers quadratic
        limit = max(PROBE_CHARS, self._anchored_len)
        for lead in self._leads:
            pos, q = lead
            if q < 0:
                i = pos - w0
                while i < len(window) and window[i].isspace():
                    i += 1
                if i == len(window):
                    lead[0] = n
                    still.append(lead)
                    continue
                q = lead[1] = w0 + i
                text = window[i : i + limit + 1]
            else:
                # the text from q so far: what earlier feeds kept, and the new text
                kept = self._probes.pop(q, "")
                text = kept + window[base - w0 : base - w0 + limit + 1 - len(kept)]
            if self._held(text[:limit]):
                if len(text) > limit:
                    out.append(q)  # held to the end
                    continue
                self._probes[q] = text
                out.append(-q - 1)
                still.append(lead)
        self._leads = still
        return out

    def _held(self, text: str) -> bool:
        """May ``text``, from a segment start's first non-whitespace character, still begin an
        envelope: a proper prefix of an anchored opener, or a complete one that its family's
        grammar could still read on (``parse.could_open``, given what any region recover reads
        there begins with: ``_region_start``)?"""
        head = text[: self._anchored_len]
        if any(a.startswith(head) and len(a) > len(head) for a in self._anchored):
            return True
        return any(could_open(f, self._region_start(f, text)) for f in self._anchoring
                   if any(head.startswith(a) for a in f.anchored_opens))

    def _region_start(self, fam: Family, text: str) -> str:
        """What every region ``recover`` could read from the start of ``text`` begins with: the
        text cut where a segment may end (a reasoning tag, or the beginning of one ending the
        text), after the family's first closer when the end of the segment does not close its
        envelope (a region ends after its last closer), without trailing whitespace (trimmed)."""
        m = self._segment_end_re.search(text)
        cut = len(text) if m is None else m.start()
        if not fam.closed_by_end:
            for lit in fam.closes:
                i = text.find(lit)
                if i != -1:
                    cut = min(cut, i + len(lit))
        return text[:cut].rstrip()
