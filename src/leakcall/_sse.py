"""Server-sent events: conformant framing (bytes in, events out) and the encoding of rewritten
Chat Completions chunks."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_EVENT_BYTES", "SSEDecoder", "SSEEvent", "data_of", "dumps", "encode_chunk",
           "encode_like", "field_of", "read_chunk"]

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
        if (chunk.endswith(b"\n\n") and not self._line and not self._raw and not self._first
                and len(chunk) <= self.max_event_bytes and b"\r" not in chunk):
            # The usual read: whole events of one line each (LF line ends, nothing pending).
            parts = chunk[:-2].split(b"\n\n")
            if all(p and b"\n" not in p for p in parts):
                return [_one_line_event(p) for p in parts]
        out: list[SSEEvent] = []
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

    def take_raw(self) -> bytes:
        """The bytes of the unfinished event (the decoder is empty afterwards)."""
        raw = b"".join(self._raw) + bytes(self._line)
        self._raw, self._lines, self._line, self._size = [], [], bytearray(), 0
        return raw


def _one_line_event(line: bytes) -> SSEEvent:
    """The event of one non-empty line (no line end in it) and a blank line, both ended by LF."""
    name, value = field_of(line)
    return SSEEvent(line + b"\n\n", (line,), value if name == b"data" else None)


def dumps(obj: Any) -> bytes:
    """Compact JSON; escapes only when the text holds lone surrogates (not encodable as UTF-8)."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode()
    except UnicodeEncodeError:
        return json.dumps(obj, separators=(",", ":")).encode()


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
        chunk = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return chunk if isinstance(chunk, dict) and isinstance(chunk.get("choices"), list) else None

