"""Newline-delimited JSON (Ollama's streamed replies): bytes in, one event per line out, and
the encoding of a rewritten line."""

from __future__ import annotations

from typing import Any

from ._sse import SSEEvent, dumps

__all__ = ["NDJSONDecoder", "encode_line"]


class NDJSONDecoder:
    """Incremental NDJSON framing with the ``SSEDecoder`` interface: each line ended by LF is
    one event (``raw`` the line and its LF, ``data`` the line without its line end, None for a
    blank line). A line longer than ``max_event_bytes`` sets ``overflow``: the caller stops
    decoding and relays ``take_raw()`` (that line on) and the rest as received. Linear in the
    bytes received, however they are cut."""

    def __init__(self, max_event_bytes: int) -> None:
        self.max_event_bytes = max_event_bytes
        self.overflow = False
        self._buf = bytearray()  # the current line, not yet ended (after overflow: all unread)

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        if self.overflow:
            raise RuntimeError("feed() after overflow")
        out: list[SSEEvent] = []
        start = 0
        if self._buf:
            end = chunk.find(b"\n")
            if end < 0:
                self._buf += chunk
                self.overflow = len(self._buf) > self.max_event_bytes
                return out
            self._buf += chunk[: end + 1]
            line, self._buf = bytes(self._buf), bytearray()
            if not self._line(line, out):
                self._buf = bytearray(line + chunk[end + 1 :])
                return out
            start = end + 1
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                break
            if not self._line(chunk[start : end + 1], out):
                self._buf = bytearray(chunk[start:])
                return out
            start = end + 1
        self._buf = bytearray(chunk[start:])
        self.overflow = len(self._buf) > self.max_event_bytes
        return out

    def _line(self, raw: bytes, out: list[SSEEvent]) -> bool:
        """Add the event of one ended line; False (and ``overflow``) when it is too long."""
        if len(raw) > self.max_event_bytes:
            self.overflow = True
            return False
        text = raw.rstrip(b"\r\n")
        out.append(SSEEvent(raw, (text,), text if text.strip() else None))
        return True

    @property
    def idle(self) -> bool:
        """Nothing pending: the next byte starts a line."""
        return not self._buf and not self.overflow

    def take_raw(self) -> bytes:
        """The bytes not yet given out as events (the decoder is empty afterwards)."""
        raw, self._buf = bytes(self._buf), bytearray()
        return raw


def encode_line(obj: Any) -> bytes:
    """One NDJSON line: compact JSON and its LF."""
    return dumps(obj) + b"\n"
