"""Server-sent events: conformant framing (bytes in, events out) and the encoding of rewritten
Chat Completions chunks."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from operator import add
from typing import Any

__all__ = ["MAX_EVENT_BYTES", "Lane", "LaneSource", "SSEDecoder", "SSEEvent", "data_of", "dumps",
           "encode_chunk", "encode_like", "field_of", "loads", "read_chunk", "string_body"]

MAX_EVENT_BYTES = 1024 * 1024
"""Largest event decoded (the proxy's ``--max-sse-event-bytes`` default): past it the stream is
relayed as received."""


@dataclass(frozen=True)
class SSEEvent:
    """One event as the SSE spec frames it (WHATWG HTML, "Parsing an event stream").

    ``raw`` is every byte received for it, up to and including its terminating blank line, so that
    the events of a stream joined give back the stream. ``lines`` are its lines without their line
    ends (a leading BOM removed); ``data`` the ``data:`` values joined with LF, or None when it has
    no ``data`` field (a client dispatches nothing for it: comments, ``id:``/``retry:`` only).
    """

    raw: bytes
    lines: tuple[bytes, ...]
    data: bytes | None


_EOL = re.compile(rb"\r\n|\r|\n")
_BOM = b"\xef\xbb\xbf"


def field_of(line: bytes) -> tuple[bytes, bytes]:
    """(field name, value) of a line; a comment's name is empty."""
    if line.startswith(b":"):
        return b"", line[1:]
    name, colon, value = line.partition(b":")
    return name, (value[1:] if colon and value.startswith(b" ") else value)


def data_of(raw: bytes) -> bytes | None:
    """The ``data`` of an event's raw bytes (lines ended by CRLF, LF or CR; no other character
    ends a line: U+2028 inside a JSON string is data), or None when it has none."""
    lines = [ln for ln in _EOL.split(raw) if ln]
    if lines and lines[0].startswith(_BOM):
        lines[0] = lines[0][len(_BOM) :]
    data = [v for k, v in map(field_of, lines) if k == b"data"]
    return b"\n".join(data) if data else None


class SSEDecoder:
    """Incremental, conformant SSE framing: bytes in, complete events out.

    Lines end in CRLF, LF or CR (a CRLF cut between two reads is one line end). An event ends at
    a blank line; a stream that ends without one leaves its unfinished event undispatched (as the
    spec says), available with ``take_raw``. Linear in the bytes received, however they are cut.
    An unfinished event longer than ``max_event_bytes`` sets ``overflow``: the caller stops
    decoding and relays ``take_raw()`` and the rest of the stream as received.
    """

    def __init__(self, max_event_bytes: int) -> None:
        self.max_event_bytes = max_event_bytes
        self.overflow = False
        self._line = bytearray()  # the current line, not yet ended
        self._raw: list[bytes] = []  # raw bytes of the current event's ended lines
        self._size = 0  # len of the above joined
        self._lines: list[bytes] = []
        self._cr = False  # the last line ended in a CR that ended the data: an LF may follow
        self._first = True  # no line ended yet (a BOM may open the stream)

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        if self.overflow:
            raise RuntimeError("feed() after overflow")
        if self._cr and chunk:
            self._cr = False
            if chunk.startswith(b"\n"):  # the second half of a CRLF: no line of its own
                self._raw.append(b"\n")  # kept in order (it may open the next event's bytes)
                self._size += 1
                chunk = chunk[1:]
        out: list[SSEEvent] = []
        if not (self._line or self._raw) and b"\r" not in chunk and not chunk.startswith(b"\n") \
                and not (self._first and chunk.startswith(_BOM[:1])):
            # The usual read: whole events first, LF line ends, nothing pending, no empty event
            # (every line of every event is non-empty): split, no line-by-line state; what
            # follows the last whole event (an event cut by the read) goes on below.
            cut = chunk.rfind(b"\n\n")
            head = chunk[:cut]
            if 0 < cut <= self.max_event_bytes - 2 and b"\n\n\n" not in chunk[: cut + 3]:
                self._first = False
                out = [_one_line_event(p) if b"\n" not in p else _lines_event(p)
                       for p in head.split(b"\n\n")]
                chunk = chunk[cut + 2 :]
                if not chunk:
                    return out
        if b"\n" not in chunk and b"\r" not in chunk:
            self._line += chunk
        else:
            data = bytes(self._line) + chunk if self._line else chunk
            self._line = bytearray()
            pos = 0
            for m in _EOL.finditer(data):
                self._end_line(data[pos : m.start()], data[pos : m.end()], out)
                pos = m.end()
                if self._size > self.max_event_bytes:  # even when it arrived whole
                    break
            self._cr = pos == len(data) and data.endswith(b"\r")
            self._line += data[pos:]
        if self._size + len(self._line) > self.max_event_bytes:
            self.overflow = True
        return out

    def _end_line(self, line: bytes, raw: bytes, out: list[SSEEvent]) -> None:
        if self._first:
            self._first = False
            if line.startswith(_BOM):
                line = line[len(_BOM) :]
        self._raw.append(raw)
        self._size += len(raw)
        if line:
            self._lines.append(line)
            return
        lines = tuple(self._lines)
        data = [v for k, v in map(field_of, lines) if k == b"data"]
        out.append(SSEEvent(b"".join(self._raw), lines, b"\n".join(data) if data else None))
        self._raw, self._lines, self._size = [], [], 0

    @property
    def idle(self) -> bool:
        """Nothing pending: the next byte starts an event (a read that is one whole event
        decodes to just that event)."""
        return not (self._line or self._raw or self._cr or self._first or self.overflow)

    def take_raw(self) -> bytes:
        """The bytes of the unfinished event (the decoder is empty afterwards)."""
        raw = b"".join(self._raw) + bytes(self._line)
        self._raw, self._lines, self._line, self._size = [], [], bytearray(), 0
        return raw


def _one_line_event(line: bytes) -> SSEEvent:
    """The event of one non-empty line (no line end in it) and a blank line, both ended by LF."""
    name, value = field_of(line)
    return SSEEvent(line + b"\n\n", (line,), value if name == b"data" else None)


_DECODE = json.JSONDecoder().decode  # ``json.loads``' own decoder: the same settings


def loads(data: bytes) -> Any:
    """``json.loads(data)`` (the same value, the same error), without its encoding detection
    when ``data`` opens an object: a ``{`` not followed by a NUL byte is UTF-8 to
    ``json.detect_encoding``, which ``json.loads`` then decodes with ``surrogatepass``."""
    if data[:1] == b"{" and data[1:2] != b"\x00":
        return _DECODE(data.decode("utf-8", "surrogatepass"))
    return json.loads(data)


def _lines_event(part: bytes) -> SSEEvent:
    """The event of ``part``: non-empty lines ended by LF (the last one's LF and the blank
    line's are not in it)."""
    lines = tuple(part.split(b"\n"))
    if len(lines) == 2 and not lines[0].startswith(b"data"):
        # a field, then one line (as named events come): only the second can be ``data``
        name, value = field_of(lines[1])
        return SSEEvent(part + b"\n\n", lines, value if name == b"data" else None)
    data = [v for k, v in map(field_of, lines) if k == b"data"]
    return SSEEvent(part + b"\n\n", lines, b"\n".join(data) if data else None)


_NOT_PLAIN = re.compile(rb'["\\\x00-\x1f]')  # a JSON string body holding these needs json.loads
_STRING_END = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*')  # a JSON string body, up to its quote
_COUNT = re.compile(rb"0|[1-9][0-9]{0,17}")  # a JSON integer >= 0, as json.dumps writes it


def string_body(body: bytes) -> str | None:
    """The text a JSON string body (the bytes between its quotes) decodes to, as ``json.loads``
    reads it inside a document; None when it is not one (an unescaped quote, a bad escape or
    control character, not UTF-8)."""
    try:
        if _NOT_PLAIN.search(body) is None:
            return body.decode("utf-8")
        text = json.loads(b'"' + body + b'"')
    except (ValueError, RecursionError):
        return None
    return text if isinstance(text, str) else None


def _plain_bodies(bodies: list[bytes]) -> list[str] | None:
    """``string_body`` of each of ``bodies`` when every one is a non-empty plain body (no
    quote, backslash or control character: its text is its UTF-8); None when one is not."""
    if not bodies or b"" in bodies or _NOT_PLAIN.search(b"".join(bodies)) is not None:
        return None
    try:
        return [b.decode("utf-8") for b in bodies]
    except UnicodeDecodeError:
        return None


def _ends(pieces: list[bytes], frame: int, start: int) -> list[int]:
    """Where each of the consecutive events ``pieces`` (each framed by ``frame`` more bytes)
    ends, the first starting at ``start``."""
    ends = list(accumulate(map(len, pieces), initial=start))
    del ends[0]
    return list(map(add, ends, range(frame, frame * len(pieces) + 1, frame)))


_COUNT_MAX = 10**18 - 1
"""The largest counter ``_COUNT`` matches."""

Take = Callable[[list[str], "int | None"], int]
"""A repair's step over the texts a lane read: how many of them, from the first, it took."""

LANE_RUN = 64
"""Events a lane takes in one step from decoded events (``Lane.read_events``)."""


class Lane:
    """One event cut around its text string and, optionally, a counter (an integer that the next
    event carries plus one, as the Responses API's ``sequence_number``): a later event of the
    same bytes but another string and counter there is the same event with another text, read
    without decoding its JSON.

    ``Lane.of`` makes one from an event the repair read in full (its bytes: fields, one
    ``data`` line, the blank line); ``read`` gives (text, counter) of a later event's bytes, or
    None when they are not exactly that shape (decode it). Bytes that ``read`` takes are one
    whole event (its text cannot hold a line end), so a read of the stream that is exactly such
    an event need not go through the decoder. A lane is only made when the bytes around the
    holes hold no backslash (so no escaped key can hide a second text key) and the text key
    occurs once in the data, so that what ``read`` returns is what ``json.loads`` of the data
    would give at that key.
    """

    __slots__ = ("_ahead", "_count_first", "_counter", "_csep", "_head", "_mid", "_sep", "_tail")

    def __init__(self, head: bytes, mid: bytes, tail: bytes, counter: bool, count_first: bool
                 ) -> None:
        self._head, self._mid, self._tail = head, mid, tail
        self._counter, self._count_first = counter, count_first
        # one event's tail and the next one's head, where a run of LF-framed events of this
        # shape with no counter is split in one C pass (``read_many``): the tail's one blank
        # line is its end and the head (up to the text's opening quote) holds none
        self._sep = (tail + head if not counter and tail.find(b"\n\n") == len(tail) - 2 >= 0
                     and b"\n\n" not in head and head.endswith(b'"') else None)
        # the same for a lane whose counter comes first (the head ends at its digits): between
        # two separators, the counter, ``mid`` and the text's string body (``_counted_run``)
        self._csep = (tail + head if counter and count_first
                      and tail.find(b"\n\n") == len(tail) - 2 >= 0 and b"\n\n" not in head
                      and b"\n\n" not in mid else None)
        # what ``take_events`` read last: (the events, the index of the first, their texts, the
        # first one's counter), so that a step after a delta it did not take (decoded, the lane
        # kept: ``fits``) reads no event twice
        self._ahead: tuple[Sequence[SSEEvent], int, list[str], int | None] | None = None

    @classmethod
    def of(cls, raw: bytes, data: bytes, key: str, text: str,
           counter: tuple[str, int] | None = None) -> Lane | None:
        """The lane of the event ``raw`` (whose data is ``data``) around the string at ``key``
        (which decodes to ``text``, a non-empty string) and the integer at ``counter[0]``
        (which is ``counter[1]``); None when the bytes do not allow one."""
        frame = _frame(raw, data)
        s = _hole(data, key, _STRING)
        if frame is None or s is None or not text or string_body(data[s[0] : s[1]]) != text:
            return None
        at = len(frame)
        if counter is None:
            head, tail = raw[: at + s[0]], raw[at + s[1] :]
            return None if b"\\" in head or b"\\" in tail else cls(head, b"", tail, False, False)
        c = _hole(data, counter[0], _INTEGER)
        if c is None or data[c[0] : c[1]] != str(counter[1]).encode():
            return None
        a, b = (c, s) if c[0] < s[0] else (s, c)
        head, mid, tail = raw[: at + a[0]], data[a[1] : b[0]], raw[at + b[1] :]
        if b"\\" in head or b"\\" in mid or b"\\" in tail:
            return None
        return cls(head, mid, tail, True, a is c)

    def read(self, data: bytes) -> tuple[str, int | None] | None:
        """(the text, the counter or None) of an event (its bytes) of this lane's shape."""
        return self._read(data, 0, len(data))

    def fits(self, raw: bytes) -> bool:
        """Is the event ``raw`` of this lane's shape (the same event but its text and counter)?
        A repair that decodes such an event (it held or released text) keeps the lane for the
        next ones: the bytes outside the holes are the lane's, so the machine's own checks in
        ``push_plain`` are all that can differ."""
        return self._read(raw, 0, len(raw)) is not None

    def read_many(self, data: bytes, max_event: int, start: int = 0
                  ) -> tuple[list[str], int | None, list[int]]:
        """The events of this lane's shape, each at most ``max_event`` bytes, that ``data`` (a
        read of the stream, at an event from ``start``) begins with, their counters consecutive:
        (their texts, the first one's counter or None, where each ends in ``data``). A read of
        whole LF-framed events splits at its blank lines, as the decoder splits it (an event of
        a lane holds no blank line, no CR, and no line end in its text)."""
        texts: list[str] = []
        ends: list[int] = []
        first: int | None = None
        pos, size = start, len(data)
        sep = self._sep
        if self._csep is not None and data.startswith(self._head, start):
            run = self._counted_run(data, max_event, start)
            if run is not None:
                texts, first, ends = run
                pos = ends[-1]
        elif sep is not None and data.startswith(self._head, start):
            # the events followed by the next one's head, split at once: a text between two
            # separators is one event's exactly when it is a JSON string body (no line end,
            # no bare quote: no separator or blank line inside it), as ``_read`` reads it
            lh, lt = len(self._head), len(self._tail)
            bodies = data[start + lh :].split(sep)
            bodies.pop()  # the last event, or what follows the run: read one by one below
            for body in bodies:
                text = string_body(body)
                end = pos + lh + len(body) + lt
                if not text or end - pos > max_event:
                    break
                texts.append(text)
                ends.append(end)
                pos = end
        while pos < size:
            end = data.find(b"\n\n", pos) + 2
            if end < 2 or end - pos > max_event:
                break
            got = self._read(data, pos, end)
            if got is None:
                break
            text, count = got
            if not texts:
                first = count
            elif count is not None and first is not None and count != first + len(texts):
                break
            texts.append(text)
            ends.append(end)
            pos = end
        return texts, first, ends

    def _counted_run(self, data: bytes, max_event: int, start: int
                     ) -> tuple[list[str], int, list[int]] | None:
        """``read_many``'s leading events of a lane whose counter comes first (``_csep``), split
        at once: each piece between two separators the counter after the last one's (the first
        piece's plus one each), ``mid``, then a text (plain ones read together:
        ``_plain_bodies``); None unless every piece has that lead and the first a text (they
        are read one by one). As for ``_sep``, a piece of that form holds no separator and no
        blank line: the pieces are the events the decoder would cut."""
        assert self._csep is not None
        lh, lt, mid = len(self._head), len(self._tail), self._mid
        pieces = data[start + lh :].split(self._csep)
        pieces.pop()  # the last event, or what follows the run: read one by one
        m = _COUNT.match(pieces[0]) if pieces else None
        if m is None or (first := int(m.group())) + len(pieces) > _COUNT_MAX:
            return None
        # each piece begins with its counter (the first one's plus its place), as ``json.dumps``
        # and ``_COUNT`` write it, then ``mid``
        leads = [b"%d" % n + mid for n in range(first, first + len(pieces))]
        if not all(map(bytes.startswith, pieces, leads)):
            return None
        bodies = [p[len(lead) :] for p, lead in zip(pieces, leads, strict=True)]
        texts = _plain_bodies(bodies)
        if texts is None:  # an escaped text, or none: up to the first that is no string body
            texts = []
            for body in bodies:
                text = string_body(body)
                if not text:
                    break
                texts.append(text)
            del pieces[len(texts) :]
        if not texts or max(map(len, pieces)) + lh + lt > max_event:
            return None
        return texts, first, _ends(pieces, lh + lt, start)

    def read_events(self, events: Sequence[SSEEvent], i: int) -> tuple[list[str], int | None]:
        """``read_many`` of decoded events from ``events[i]`` on, at most ``LANE_RUN`` of them
        (which bounds the bytes joined for one step): their texts and the first counter."""
        group = b"".join(ev.raw for ev in events[i : i + LANE_RUN])
        texts, counter, _ = self.read_many(group, len(group))
        return texts, counter

    def take_read(self, data: bytes, max_event: int, take: Take) -> int:
        """Where the whole events of this shape that ``data`` begins with, and that ``take``
        took, end in ``data`` (0: none taken; decode from the start). ``take(texts, first
        counter)`` is the repair's step over their texts: how many of them, from the first, it
        took (those pass as received)."""
        texts, counter, ends = self.read_many(data, max_event)
        k = take(texts, counter) if texts else 0
        return ends[k - 1] if k else 0

    def take_events(self, events: Sequence[SSEEvent], i: int, take: Take) -> int:
        """How many decoded events from ``events[i]`` on (at most ``LANE_RUN``) ``take`` took
        through this lane in one step (they pass as received); 0 when ``events[i]`` is not of
        its shape or was not taken (decode it). Events read in an earlier step of the same
        ``events`` are not read again: a read whose text is held here and there costs one
        reading of its events, not one per hold."""
        ahead = self._ahead
        if ahead is not None and ahead[0] is events and ahead[1] <= i < ahead[1] + len(ahead[2]):
            at = i - ahead[1]
            texts, counter = ahead[2][at:], None if ahead[3] is None else ahead[3] + at
        else:
            texts, counter = self.read_events(events, i)
            self._ahead = (events, i, texts, counter)
        return take(texts, counter) if texts else 0

    def text_at(self, events: Sequence[SSEEvent], i: int) -> tuple[str, int | None] | None:
        """(the text, the counter or None) of ``events[i]`` when the last ``take_events`` over
        ``events`` read it as an event of this shape (it was not taken), else None."""
        ahead = self._ahead
        if ahead is not None and ahead[0] is events and ahead[1] <= i < ahead[1] + len(ahead[2]):
            at = i - ahead[1]
            return ahead[2][at], None if ahead[3] is None else ahead[3] + at
        return None

    def _read(self, data: bytes, start: int, stop: int) -> tuple[str, int | None] | None:
        """``read`` of ``data[start:stop]``."""
        head, tail = self._head, self._tail
        if not data.startswith(head, start, stop) or not data.endswith(tail, start, stop):
            return None
        end = stop - len(tail)
        begin = start + len(head)
        if not self._counter:
            text = string_body(data[begin:end]) if begin <= end else None
            return (text, None) if text else None
        if self._count_first:
            m = _COUNT.match(data, begin, end)
            if m is None or not data.startswith(self._mid, m.end(), end):
                return None
            body = data[m.end() + len(self._mid) : end]
        else:
            m = _STRING_END.match(data, begin, end)
            if m is None or not data.startswith(self._mid, m.end(), end):
                return None
            body = data[begin : m.end()]
            m = _COUNT.match(data, m.end() + len(self._mid), end)
            if m is None or m.end() != end:
                return None
        text = string_body(body)
        return (text, int(m.group())) if text else None


_MARK = "\x00leakcall\x01" + '\u00e9 "q" \\ \n\u2713'
"""A text no lane's other bytes hold (they hold no backslash; its JSON has several), with what
the frame is checked on: non-ASCII, a quote, a backslash, a line end."""
_COUNT_MARK = 918273645546372819
"""A counter the other bytes of a source's encoding are checked not to hold."""

Path = tuple["str | int", ...]


class LaneSource:
    """The chunk a lane was cut from (the repair decoded it), standing for a later event of the
    lane's shape that is not decoded: ``with_text`` is that chunk with the event's text and
    counter, which is what ``json.loads`` of the event's data gives (its bytes outside the
    holes are the source's and hold no escape, the text key occurs once: ``Lane.of``).

    ``encode`` gives ``encoder``'s bytes for a chunk that is the source but its text and
    counter (every other value the source's own object, the keys in the source's order, so
    that a JSON encoder writes every other byte as it does for the source): the encoder's
    bytes for the source around marks, cut there, with the new values' JSON between. None for
    any other chunk, or when that frame is not exact (a mark's bytes, as ``encode`` writes
    them, not once in the one encoding the frame is cut from: the text mark holds non-ASCII
    characters, a quote, a backslash and control characters, so the encoder is seen writing a
    text as ``encode`` does), or for a text that is not encodable as UTF-8 (a lone
    surrogate): encode it with the encoder."""

    __slots__ = ("_chunk", "_counter", "_encoder", "_frame", "_key", "_path")

    def __init__(self, chunk: dict[str, Any], path: Path, key: str, counter: str | None,
                 encoder: Callable[[dict[str, Any]], bytes]) -> None:
        self._chunk, self._path, self._key, self._counter = chunk, path, key, counter
        self._encoder = encoder
        self._frame: tuple[bytes, bytes, bytes, bool] | bool | None = False  # False: not yet

    @classmethod
    def of(cls, chunk: dict[str, Any], key: str, counter: str | None,
           encoder: Callable[[dict[str, Any]], bytes]) -> LaneSource | None:
        """The source ``chunk`` around its one string at ``key`` (and its integer at
        ``counter``, a key of the same object); None when the key is not found once."""
        paths: list[Path] = []
        _find(chunk, key, (), paths)
        if len(paths) != 1:
            return None
        at: Any = chunk
        for step in paths[0]:
            at = at[step]
        if not isinstance(at.get(key), str) or (counter is not None and type(
                at.get(counter)) is not int):
            return None
        return cls(chunk, paths[0], key, counter, encoder)

    def with_text(self, text: str, counter: int | None = None) -> dict[str, Any]:
        """The source chunk with ``text`` (and ``counter``); every other value shared."""
        values: dict[str, Any] = {self._key: text}
        if self._counter is not None:
            values[self._counter] = counter
        out: dict[str, Any] = _put(self._chunk, self._path, 0, values)
        return out

    def encode(self, chunk: Any) -> bytes | None:
        """``encoder(chunk)`` when ``chunk`` is the source but its text and counter, by the
        source's frame; else None."""
        leaf = self._leaf(chunk)
        if leaf is None:
            return None
        text = leaf[self._key]
        count = None if self._counter is None else leaf[self._counter]
        if type(text) is not str or (self._counter is not None and type(count) is not int):
            return None
        return self.encode_text(text, count)

    @property
    def chunk(self) -> dict[str, Any]:
        """The source chunk itself (not to be changed)."""
        return self._chunk

    def encode_text(self, text: str, count: int | None = None) -> bytes | None:
        """``encode(self.with_text(text, count))`` for a str ``text`` (and an int ``count`` when
        the source has a counter), without building or walking that chunk: the frame with the
        text's JSON; None when there is no exact frame or the text is not encodable as UTF-8."""
        frame = self._framed()
        if not isinstance(frame, tuple):
            return None
        try:
            body = _TEXT(text).encode()
        except UnicodeEncodeError:  # a lone surrogate: the encoder escapes the whole chunk
            return None
        return _fill(frame, body, count)

    def _leaf(self, chunk: Any) -> dict[str, Any] | None:
        """The object holding the text in ``chunk``, when ``chunk`` is the source's objects but
        along the path to it (the same keys in order, every other value the source's)."""
        a: Any = chunk
        b: Any = self._chunk
        for step in (*self._path, None):
            if type(a) is not type(b):
                return None
            if type(b) is dict:
                if list(a) != list(b):
                    return None
                for k, v in b.items():
                    if a[k] is not v and k != step and (step is not None or k not in (
                            self._key, self._counter)):
                        return None
            elif len(a) != len(b) or any(x is not y for j, (x, y) in enumerate(zip(a, b, strict=True))
                                         if j != step):
                return None
            if step is None:
                return a if type(a) is dict else None
            a, b = a[step], b[step]
        return None  # pragma: no cover - the loop ends at step None

    def _framed(self) -> tuple[bytes, bytes, bytes, bool] | bool | None:
        """The encoder's bytes for the source around the marks, cut there (computed once):
        (before the first hole, between, after, the counter first); None when not exact."""
        if self._frame is False:
            self._frame = None
            try:
                whole = self._encoder(self.with_text(_MARK, _COUNT_MARK))
            except Exception:  # an encoder that cannot write the source: no frame
                return None
            # the mark's JSON as ``encode`` writes a text: found once, it shows where a text
            # goes and that the encoder writes texts so (the mark is non-ASCII, quoted, escaped)
            mark = _TEXT(_MARK).encode()
            count = str(_COUNT_MARK).encode()
            if whole.count(mark) != 1 or (self._counter is not None) != (whole.count(count) == 1):
                return None
            t = whole.index(mark)
            if self._counter is None:
                frame = (whole[:t], b"", whole[t + len(mark) :], False)
            else:
                c = whole.index(count)
                first, second = (c, len(count)), (t, len(mark))
                if t < c:
                    first, second = second, first
                frame = (whole[: first[0]], whole[first[0] + first[1] : second[0]],
                         whole[second[0] + second[1] :], t > c)
            self._frame = frame
        return self._frame


def _fill(frame: tuple[bytes, bytes, bytes, bool], text: bytes, count: int | None) -> bytes:
    """A source's frame with the text's JSON ``text`` and the counter ``count`` in place."""
    if count is None:
        return frame[0] + text + frame[2]
    n = str(count).encode()
    return frame[0] + n + frame[1] + text + frame[2] if frame[3] else \
        frame[0] + text + frame[1] + n + frame[2]


def _find(obj: Any, key: str, path: Path, found: list[Path]) -> None:
    """The paths to the objects in ``obj`` (dicts and lists) that hold ``key``."""
    if type(obj) is dict:
        if key in obj:
            found.append(path)
        for k, v in obj.items():
            if type(v) in (dict, list):
                _find(v, key, (*path, k), found)
    elif type(obj) is list:
        for j, v in enumerate(obj):
            if type(v) in (dict, list):
                _find(v, key, (*path, j), found)


def _put(obj: Any, path: Path, i: int, values: dict[str, Any]) -> Any:
    """``obj`` with ``values`` set in the object at ``path[i:]`` (copies along the path)."""
    if i == len(path):
        return {**obj, **values}
    step = path[i]
    if type(obj) is dict:
        return {**obj, step: _put(obj[step], path, i + 1, values)}
    out = list(obj)
    out[step] = _put(obj[step], path, i + 1, values)  # type: ignore[index]
    return out


def _frame(raw: bytes, data: bytes) -> bytes | None:
    """The bytes of the event ``raw`` before its data, when they are fields of their own (no
    other ``data`` line) and one ``data`` line whose value is ``data``, all ended by LF."""
    if b"\r" in raw or raw.startswith(_BOM) or b"\n" in data or not raw.endswith(b"\n\n") \
            or raw[len(raw) - len(data) - 2 : len(raw) - 2] != data:
        return None
    frame = raw[: len(raw) - len(data) - 2]
    lines = frame.split(b"\n")
    if lines[-1] not in (b"data: ", b"data:") or (lines[-1] == b"data:" and data.startswith(b" ")):
        return None
    if any(not ln or field_of(ln)[0] == b"data" for ln in lines[:-1]):
        return None
    return frame


_STRING = rb'"([^"\\]*(?:\\.[^"\\]*)*)"'
_INTEGER = rb"(0|[1-9][0-9]{0,17})[ \t\r\n]*[,}]"
_HOLES: dict[tuple[str, bytes], re.Pattern[bytes]] = {}


def _hole(data: bytes, key: str, value: bytes) -> tuple[int, int] | None:
    """Where the value of ``key`` (a pattern with one group) is in ``data``, when the key occurs
    once in its bytes."""
    quoted = json.dumps(key).encode()
    if data.count(quoted) != 1:
        return None
    pattern = _HOLES.get((key, value))
    if pattern is None:
        pattern = _HOLES[(key, value)] = re.compile(
            re.escape(quoted) + rb"[ \t\r\n]*:[ \t\r\n]*" + value, re.DOTALL)
    m = pattern.search(data)
    return None if m is None else m.span(1)


# ``json.dumps`` with arguments builds an encoder per call; these are built once (the same
# encoders, so the same bytes).
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_COMPACT_ASCII = json.JSONEncoder(separators=(",", ":")).encode
_TEXT = json.JSONEncoder(ensure_ascii=False).encode


def dumps(obj: Any) -> bytes:
    """Compact JSON; escapes only when the text holds lone surrogates (not encodable as UTF-8)."""
    text = _COMPACT(obj)
    try:
        return text.encode()
    except UnicodeEncodeError:
        return _COMPACT_ASCII(obj).encode()


def encode_chunk(chunk: Mapping[str, Any]) -> bytes:
    return b"data: " + dumps(chunk) + b"\n\n"


def encode_like(ev: SSEEvent, chunks: list[dict[str, Any]]) -> bytes:
    """``chunks`` (what one event's chunk became) as events keeping the event's other fields: its
    ``event:`` type on each, comments, ``retry:`` and unknown fields on the first, ``id:`` on the
    last (the last event id is that of the last event sent for it)."""
    named = [ln for ln in ev.lines if field_of(ln)[0] == b"event"]
    ids = [ln for ln in ev.lines if field_of(ln)[0] == b"id"]
    others = [ln for ln in ev.lines if field_of(ln)[0] not in (b"event", b"id", b"data")]
    out: list[bytes] = []
    for i, chunk in enumerate(chunks):
        lines = [*(others if i == 0 else ()), *named, *(ids if i == len(chunks) - 1 else ())]
        out += [ln + b"\n" for ln in lines]
        out.append(encode_chunk(chunk))
    return b"".join(out)


def read_chunk(data: bytes) -> dict[str, Any] | None:
    """The Chat Completions chunk an event's data holds, or None when it holds none (not UTF-8,
    not JSON, nested past the parser's depth limit, an integer past its digit limit, not an
    object with a ``choices`` list)."""
    try:
        text = data.decode("utf-8")
        # ``json.loads`` of a str: a leading BOM is an error, else its decoder's ``decode``
        chunk = None if text.startswith("\ufeff") else _DECODE(text)
    except (ValueError, RecursionError):
        return None
    return chunk if isinstance(chunk, dict) and isinstance(chunk.get("choices"), list) else None

