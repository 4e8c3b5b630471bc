"""The event-loop side of one Chat Completions SSE repair (``StreamJob``): decode what the lane
cannot take, hand batches of events to the rewriter (in a worker unless light), send what comes
back; relay bytes as received once repair is over. And the request's repair budget."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..result import Recovery
from ..wire import SSEDecoder, SSEEvent
from .asgi import BodyWriter
from .events import log_exception
from .limits import INLINE_BATCH_BYTES
from .repair import Repair
from .rewriter import StreamRewriter

if TYPE_CHECKING:
    from starlette.types import Send

__all__ = ["SINGLES", "Budget", "Deadline", "StreamJob", "written"]

SINGLES = 8
"""Events of one read decoded one at a time (``StreamJob._step``) while the lane may take the
ones after them: a stream's opening events, the one its lane is cut from, its finish."""


@dataclass
class Budget:
    """Seconds of worker time a request may still wait for."""

    left: float


class Deadline(Exception):
    """A request's repair budget ran out."""


class StreamJob:
    """The event-loop side of one SSE repair: decode, hand batches of events to the rewriter (in a
    worker unless light), send what comes back; relay bytes as received once repair is over."""

    def __init__(self, proxy: Any, repair: Repair, send: Send, rid: str, budget: Budget) -> None:
        # ``proxy``: the ``leakcall.proxy.forward.Proxy`` it works for (not imported: forward
        # imports this module)
        self.proxy, self.send, self.rid, self.budget = proxy, send, rid, budget
        self.decoder = SSEDecoder(proxy.limits.max_sse_event_bytes)
        self.seen: list[Recovery] = []
        self.rewriter = StreamRewriter(repair, proxy.reasoning, proxy.limits.max_held_chars,
                                       self.seen.append, on_refusal=proxy.on_refusal)
        self.relaying = False  # repair is over (done, stopped or given up): bytes pass as received
        self.gave_up = False  # stopped early or past the deadline: no decision to record
        self.recorded = False
        self._corked: list[bytes] | None = None  # parts kept for the last message (``cork``)

    def cork(self) -> None:
        """The upstream's body is complete: every part from now on is kept and sent with the
        response's end, in one message (one write to the client, not one more for the end)."""
        if not self.proxy.shadow and self._corked is None:
            self._corked = []

    async def body(self, data: bytes, more: bool = True) -> None:
        if self.proxy.shadow:  # the client got the upstream's bytes (feed): the repair's go nowhere
            data = b""
        corked = self._corked
        if corked is not None:
            if more:
                if data:
                    corked.append(data)
                return
            self._corked = None
            data = b"".join([*corked, data])
        if data or not more:
            await self.send({"type": "http.response.body", "body": data, "more_body": more})

    def _give_up(self, why: str, **fields: Any) -> None:
        self.relaying = self.gave_up = True
        self.proxy._gave_up(why, self.rid, stream=True, **fields)

    async def feed(self, raw: bytes) -> None:
        if self.proxy.shadow:
            await self.send({"type": "http.response.body", "body": raw, "more_body": True})
        out, events = self._step(raw)
        if events is not None:  # past a light batch: in a worker thread
            out += await self._rewrite(events) + self._checked()
        await self.body(out)

    def now(self, raw: bytes, write: BodyWriter) -> bool:
        """``feed(raw)`` in the upstream's read callback, written with ``write``, when no step
        of it can need a worker (``light_after``) and the client takes bytes; else False."""
        rw = self.rewriter
        if not (self.relaying or rw.done or rw.light_after(len(raw))) or not write(b""):
            return False
        out, events = self._step(raw)
        if events is not None:  # pragma: no cover - ruled out by light_after
            out += self._after(rw.run(events)) + self._checked()
        written(write, out)
        return True

    def _step(self, raw: bytes) -> tuple[bytes, list[SSEEvent] | None]:
        """A read's step up to a worker: (the bytes to send, the events left for it or None).

        The plain content events at the read's start (the decoder idle) are taken by the lane
        without decoding them (``plain_read``). While the batch is light, the events the lane
        does not take go through the decoder one at a time (at most ``SINGLES`` a read), each
        followed by the lane again: the events after the one a lane is cut from, or after a
        finish the lane stops at, are not decoded either. The decoder frames a stream the same
        however its reads are cut, so the bytes out are the same."""
        if self.relaying:
            return (b"" if self.rewriter.failed else raw), None
        rw = self.rewriter
        if self.decoder.idle and len(raw) <= INLINE_BATCH_BYTES \
                and raw.find(b"\n\n") == len(raw) - 2:  # one event: a paced stream's read
            head, end = rw.plain_read(raw, self.decoder.max_event_bytes)
            if end:
                return self._after(head) + raw[end:], None
        out: list[bytes] = []
        singles = SINGLES
        while True:
            if self.decoder.idle and len(raw) <= INLINE_BATCH_BYTES:
                # the plain content events the read begins with: one step, not decoded
                head, end = rw.plain_read(raw, self.decoder.max_event_bytes)
                if end:
                    out.append(self._after(head))
                    if end == len(raw) or self.relaying:
                        out.append(raw[end:])
                        return b"".join(out), None
                    raw = raw[end:]
            if not singles or rw.done or not rw.light(len(raw)):
                break
            singles -= 1
            cut = raw.find(b"\n\n") + 2
            if not 2 <= cut < len(raw):
                break
            out.append(self._after(rw.run(self.decoder.feed(raw[:cut]))) + self._checked())
            raw = raw[cut:]
            if self.relaying:  # done or stopped: the rest as received
                out.append(b"" if rw.failed else raw)
                return b"".join(out), None
        events = self.decoder.feed(raw)
        if rw.done or rw.light(len(raw)):  # no coroutine of its own: this runs once per read
            return b"".join(out) + self._after(rw.run(events)) + self._checked(), None
        return b"".join(out), events

    def _checked(self) -> bytes:
        """After a batch: the decoder's overflow stops the repair; once relaying, its tail."""
        out = b""
        if not self.relaying and self.decoder.overflow:
            self._give_up("sse_event_too_large", limit=self.decoder.max_event_bytes)
            out += self.rewriter.stop("sse_event_too_large")
        if self.relaying:
            tail = self.decoder.take_raw()
            out += b"" if self.rewriter.failed else tail
        return out

    async def end(self, error: str | None) -> None:
        """The upstream's stream ended (``error``: broke): release what is held first."""
        if not self.relaying:
            await self.body(await self._rewrite([], end=True))
            # An unfinished last event is not dispatched by a client (the spec): it is passed on
            # as it came, unless an error event follows (it would join that event's lines).
            tail = self.decoder.take_raw()
            await self.body(b"" if error is not None else tail)
        self.settle()

    def settle(self) -> None:
        """Record the decision once: at the end, or when the client left after it was made."""
        if not self.recorded and not self.gave_up and (self.seen or self.rewriter.done):
            self.recorded = True
            self.proxy._record(self.seen, self.rid, stream=True, **self.proxy._mode)

    async def _rewrite(self, events: list[SSEEvent], end: bool = False) -> bytes:
        rw = self.rewriter
        if rw.done or rw.light(sum(len(ev.raw) for ev in events)):  # the end too: a short text
            return self._after(rw.run(events, end))
        held = rw.snapshot()
        try:
            out = await self.proxy._work(self.budget, rw.run, events, end)
        except Deadline:  # what was held, these events as received, and relay the rest
            self._give_up("repair_deadline")
            return held.release() + b"".join(ev.raw for ev in events)
        return self._after(out)

    def _after(self, out: bytes) -> bytes:
        """``out`` of a batch, once its errors are logged and the end of repair is noted."""
        rw = self.rewriter
        if rw.error is not None:
            self.proxy.stats.errors["internal"] += 1
            log_exception(self.rid, rw.error)
            rw.error = None
        if rw.done:
            self.relaying = True
            if rw.stopped is not None:
                self._give_up(rw.stopped)
        return out


def written(write: BodyWriter, data: bytes) -> None:
    """``write(data)`` right after ``write(b"")`` said it takes it (nothing ran between)."""
    if data and not write(data):  # pragma: no cover - ruled out by the check before the step
        raise RuntimeError("leakcall: the client's connection refused a part it said it takes")
