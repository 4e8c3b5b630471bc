"""The repair of one Chat Completions SSE response, one batch of events at a time
(``StreamRewriter``; the other routes' streams go through the wire path's ``StreamFixer``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .._plainrun import PlainRun
from ..openai.chat import choice0, structured
from ..pipeline import MAX_TEXT_CHARS, ReasoningMode
from ..result import Recovery
from ..wire import (
    ChatStreamRepair,
    Lane,
    LaneSource,
    SSEDecoder,
    SSEEvent,
    encode_chunk,
    encode_like,
    read_chunk,
)
from .limits import INLINE_BATCH_BYTES, INLINE_REPLY_CHARS
from .refusal import OnRefusal, gated
from .repair import Repair

__all__ = ["Held", "StreamRewriter"]


@dataclass(frozen=True)
class Held:
    """What a stream repair holds back, as of the end of its last batch (immutable: the event
    loop may release it while a worker thread goes on with the next batch)."""

    pieces: list[str]  # append-only while live; replaced, never cleared
    count: int  # how many of ``pieces`` had been received
    released: int  # characters of them already sent
    template: dict[str, Any] | None  # the last chunk that held choice 0

    def release(self) -> bytes:
        """The held text as one content chunk (b"" when nothing is held)."""
        text = "".join(self.pieces[: self.count])[self.released :]
        if not text:
            return b""
        t = self.template or {}
        chunk = {k: (None if k == "usage" else v) for k, v in t.items() if k != "choices"}
        chunk["choices"] = [{"index": 0, "delta": {"content": text}, "logprobs": None,
                             "finish_reason": None}]
        return encode_chunk(chunk)


_NOTHING_HELD = Held([], 0, 0, None)


class StreamRewriter:
    """The repair of one SSE response, one batch of events at a time (``run``: synchronous, meant
    for a worker thread; never raises).

    Events that carry a chunk go through the OpenAI stream adapter, whatever other fields they
    have. With ``passthrough`` (the default), an event whose data is, byte for byte, the last
    decoded plain content chunk (choice 0 alone, no finish reason, no reasoning, no calls:
    ``ChatStreamRepair.plain``) with another content string is not decoded: only its content
    string is read (``Lane``, as the other routes' ``StreamFixer`` does), and the event passes
    as received when the stream recoverer shows that text whole (no opener, raw or escaped, nor
    the start of one, can be in it: ``StreamRecoverer.feed_whole``). One whose text it holds or
    releases (the text may be markup) is still not decoded: it is pushed as the lane's chunk
    with its text (``_lane_event``) and, when only its text changed, encoded in the lane's
    frame. Anything else (a finish reason, ``tool_calls``, another field) is decoded as before.
    The output is the same either way (``tests/proxy/test_serve_passthrough.py`` checks it over
    the corpus). Events without data pass as received. Repairing stops for good (``stopped`` names why),
    after the held text is released as one unrepaired content chunk, when an event holds data
    that is not a chunk, when the text held back passes ``max_held`` characters or the reply
    passes ``MAX_TEXT_CHARS`` (it cannot be recovered any more), or on an internal error; every
    later event passes as received. ``snapshot()`` is what would be released now (taken before a
    batch goes to a worker thread, for a caller that gives up waiting on it).
    """

    def __init__(self, repair: Repair, reasoning: ReasoningMode, max_held: int,
                 on_recovery: Callable[[Recovery], None], *, passthrough: bool = True,
                 on_refusal: OnRefusal = "pass") -> None:
        tools, reasoning_, families = repair.configured(reasoning)
        self._state: Any = gated(on_refusal, ChatStreamRepair)(
            tools, repair.salt, reasoning_, families, on_recovery)
        self._gate = self._state if on_refusal != "pass" else None
        self._passthrough = passthrough
        self._lane: Lane | None = None  # the last plain chunk around its content
        # the chunk the lane was cut from, encoded like its event (``_lane_event``)
        self._lane_src: LaneSource | None = None
        self.passed = 0  # events passed as received without decoding their chunk
        # the texts of one-event reads passed as received and not yet pushed (``_take_one``)
        self._run: PlainRun | None = None
        self._max_held = max_held
        self._pieces: list[str] = []  # choice 0's content received while live
        self._received = 0
        self._released = 0
        self._template: dict[str, Any] | None = None
        self.finished = False  # choice 0 ended (finish_reason, structured calls or [DONE])
        self.stopped: str | None = None
        self.error: BaseException | None = None

    @property
    def done(self) -> bool:
        """Nothing more to repair: every later event passes as received."""
        return self.finished or self.stopped is not None

    @property
    def failed(self) -> bool:
        """``--on-refusal error`` ended the stream with an error event: nothing more is sent."""
        return self._gate is not None and self._gate.closed

    def light(self, size: int) -> bool:
        """True when a batch of ``size`` bytes is cheaper on the event loop than a hop to a worker
        thread: a short reply so far and little new data (the work is linear in the new data,
        and a finish then decides on a short text)."""
        return self._received <= INLINE_REPLY_CHARS and size <= INLINE_BATCH_BYTES

    def light_after(self, size: int) -> bool:
        """``light`` now and after any read of ``size`` bytes (its text is at most ``size``
        characters): its whole step, ``plain_read`` and ``run``, runs on the event loop."""
        return self._received + size <= INLINE_REPLY_CHARS and size <= INLINE_BATCH_BYTES

    def run(self, events: list[SSEEvent], end: bool = False) -> bytes:
        """The bytes to send for ``events``; with ``end``, the source ended (or broke) after them
        without ``[DONE]``: a reply still live was cut, its held text is released. Consecutive
        events of the lane's shape go through one step (``Lane.take_events``)."""
        out: list[bytes] = []
        i = 0
        while i < len(events):
            ev = events[i]
            i += 1
            if self.done or ev.data is None:
                if not self.failed:
                    out.append(ev.raw)
                continue
            try:
                lane = self._lane
                k = 0 if lane is None else lane.take_events(events, i - 1, self._take)
                if k:
                    out += [e.raw for e in events[i - 1 : i - 1 + k]]
                    out.append(self._limits())
                    i += k - 1
                    continue
                got = None if lane is None else lane.text_at(events, i - 1)
                out.append(self._event(ev) if got is None else self._lane_event(ev.raw, got[0], ev))
            except Exception as e:  # a bug must not cost the client its reply
                self.error = e
                out += [self._stop("internal"), ev.raw]
        if end and not self.done:
            try:
                out.append(self._finish())
            except Exception as e:
                self.error = e
                out.append(self._stop("internal"))
        return b"".join(out)

    def stop(self, why: str) -> bytes:
        """Stop repairing now (the caller relays the rest as received); the held text."""
        return b"" if self.done else self._stop(why)

    def snapshot(self) -> Held:
        """The held text as of now (immutable: call it while no batch runs)."""
        if self.done:
            return _NOTHING_HELD
        return Held(self._pieces, len(self._pieces), self._released, self._template)

    def _finish(self) -> bytes:
        assert self._state is not None
        self._push_run()
        outs = self._state.finish()
        self.finished, self._pieces = True, []
        return b"".join(map(encode_chunk, outs))

    def plain_read(self, raw: bytes, max_event: int) -> tuple[bytes, int]:
        """The whole events of the lane's shape (each at most ``max_event`` bytes, the decoder's
        bound) that a read begins with (the decoder was idle), taken without decoding them:
        (the bytes to send for them; where they end in ``raw``). Those whose texts show as they
        came pass as received, in runs (``_take``); any other goes through ``_lane_event`` while
        the batch is ``light`` (else it is left to ``run``). ``(b"", 0)`` when none is taken;
        the rest of ``raw`` is decoded and ``run``."""
        if self.done or self._lane is None:
            return b"", 0
        try:
            if raw.find(b"\n\n") == len(raw) - 2 and len(raw) <= max_event:
                # one event, as a paced stream reads them: ``read_many``'s loop of one event
                got = self._lane.read(raw)
                if got is None:
                    return b"", 0
                text, counter = got
                if counter is None and self._take_one(text):
                    return raw + self._limits(), len(raw)
                if counter is not None or not self.light(len(raw)):
                    return b"", 0
                return self._lane_event(raw, text, None), len(raw)
            texts, counter, ends = self._lane.read_many(raw, max_event)
            out: list[bytes] = []
            i = pos = 0
            while i < len(texts) and not self.done:
                k = self._take(texts[i:], counter)
                if k:
                    i += k
                    out += [raw[pos : ends[i - 1]], self._limits()]
                    pos = ends[i - 1]
                    if i == len(texts) or self.done:
                        break
                    # the text at ``i`` was refused by the same step (``feed_whole_many``
                    # stops only there): asked again, it would take none
                if counter is not None or not self.light(len(raw)):
                    # decoded: a counted lane is not the chat's, and past a light batch the
                    # held text is pushed where ``run`` is (a worker thread)
                    break
                out.append(self._lane_event(raw[pos : ends[i]], texts[i], None))
                pos = ends[i]
                i += 1
            return b"".join(out), pos
        except Exception as e:  # a bug must not cost the client its reply
            self.error = e
            return self._stop("internal") + raw, len(raw)

    def _take(self, texts: list[str], counter: int | None) -> int:
        """What push() would do with the lane's chunks, one after the other, while their texts
        show whole: the leading ones taken pass as received; how many."""
        assert self._state is not None
        self._push_run()
        k: int = self._state.push_plain(texts, counter)
        self._run = PlainRun.after(self._state, texts, counter, k)
        if k:
            taken = texts[:k]
            self._pieces += taken
            n = sum(map(len, taken))
            self._received += n
            self._released += n
            self.passed += k
        return k

    def _take_one(self, text: str) -> bool:
        """``_take([text], None) == 1``, in one step (a paced stream's one event per read): after
        texts the machine took whole, a text its stream recoverer shows whole as things stand
        (``PlainRun.offer``) is not pushed now but with the next step of the machine."""
        assert self._state is not None
        run = self._run
        if run is None or not run.offer(text, None):
            self._push_run()
            if not self._state.push_plain((text,), None):
                return False
            self._run = PlainRun.after(self._state, (text,), None, 1)
        self._pieces.append(text)
        n = len(text)
        self._received += n
        self._released += n
        self.passed += 1
        return True

    def _push_run(self) -> None:
        """The texts passed by ``_take_one`` and not yet pushed, to the machine, before any other
        step of it (it takes them all: ``PlainRun``)."""
        run = self._run
        if run is not None:
            self._run = None
            run.push(self._state)

    def _lane_event(self, raw: bytes, text: str, ev: SSEEvent | None) -> bytes:
        """An event of the lane's shape (its bytes ``raw``, the text it holds ``text``) that the
        lane did not take whole (text held or released): pushed as the chunk it holds, the
        lane's source chunk with this text (the bytes outside the text are the lane's, so
        ``json.loads`` of its data would give that chunk), without decoding it; when only the
        text changed, encoded in the lane's frame (``encode_like``'s bytes for it)."""
        assert self._state is not None and self._lane_src is not None
        self._push_run()
        src = self._lane_src
        got = self._state.push_lane(src.chunk, text, None)
        if got is not None:  # ``push`` in short: the source chunk with the content shown
            shown = got[0]
            assert shown is not None  # the chat machine sends a chunk for every content delta
            if shown == text:
                encoded = raw  # unchanged: the upstream's bytes
            else:
                framed = src.encode_text(shown)
                if framed is None:
                    if ev is None:
                        ev = SSEDecoder(len(raw) + 1).feed(raw)[0]
                    framed = encode_like(ev, [src.with_text(shown)])
                encoded = framed
            # ``_account`` of that chunk: its content in, ``shown`` out
            self._pieces.append(text)
            self._received += len(text)
            self._released += len(shown)
            self._template = src.chunk
            return encoded + self._limits()
        chunk = src.with_text(text)
        outs = self._state.push(chunk)
        if len(outs) == 1 and (outs[0] is chunk or outs[0] == chunk):
            encoded = raw  # unchanged: the upstream's bytes
        else:
            framed = self._framed(outs)
            if framed is not None:
                encoded = framed
            else:
                if ev is None:
                    ev = SSEDecoder(len(raw) + 1).feed(raw)[0]
                encoded = encode_like(ev, outs)
        return encoded + self._account(chunk, outs)

    def _framed(self, outs: list[dict[str, Any]]) -> bytes | None:
        """``encode_like(event of the lane, outs)`` when ``outs`` is one chunk that is the
        lane's source chunk but its text (a str encodable as UTF-8): the lane's frame around the
        text's JSON (``LaneSource.encode``); None otherwise."""
        if len(outs) != 1 or self._lane_src is None:
            return None
        return self._lane_src.encode(outs[0])

    def _event(self, ev: SSEEvent) -> bytes:
        assert ev.data is not None and self._state is not None
        self._push_run()
        # Not taken through the lane (``Lane.take_events``); an event of its shape keeps it for
        # the next ones (``Lane.fits``), any other drops it.
        lane = self._lane if self._lane is not None and self._lane.fits(ev.raw) else None
        self._lane = None
        if ev.data.strip() == b"[DONE]":
            return self._finish() + ev.raw
        chunk = read_chunk(ev.data)
        if chunk is None:
            return self._stop("sse_not_a_chunk") + ev.raw
        outs = self._state.push(chunk)
        unchanged = len(outs) == 1 and (outs[0] is chunk or outs[0] == chunk)
        encoded = ev.raw if unchanged else encode_like(ev, outs)  # unchanged: the upstream's bytes
        out = encoded + self._account(chunk, outs)
        if lane is not None:
            self._lane = lane
        elif self._passthrough and unchanged and not self.done:
            plain = self._state.plain(chunk)
            self._lane = None if plain is None else Lane.of(ev.raw, ev.data, *plain)
            if self._lane is not None and plain is not None:
                self._lane_src = LaneSource.of(chunk, plain[0], None, _encoder_like(ev))
                if self._lane_src is None:
                    self._lane = None
        return out

    def _account(self, chunk: dict[str, Any], outs: list[dict[str, Any]]) -> bytes:
        """Follow choice 0's text in and out (as the adapter does); stop past the limits."""
        pos = choice0(chunk["choices"])
        if pos is None:
            return b""
        choice = chunk["choices"][pos]
        delta = choice.get("delta")
        delta = delta if isinstance(delta, dict) else {}
        if structured(delta) or choice.get("finish_reason") is not None:
            self.finished, self._pieces = True, []
            return b""
        content = delta.get("content")
        if isinstance(content, str) and content:
            self._pieces.append(content)
            self._received += len(content)
        self._template = chunk
        for out in outs:
            i = choice0(out.get("choices"))
            d = out["choices"][i].get("delta") if i is not None else None
            if isinstance(d, dict) and isinstance(d.get("content"), str):
                self._released += len(d["content"])
        return self._limits()

    def _limits(self) -> bytes:
        if self._received > MAX_TEXT_CHARS:
            return self._stop("too_large")
        if self._received - self._released > self._max_held:
            return self._stop("hold_limit")
        return b""

    def _stop(self, why: str) -> bytes:
        out = self.snapshot().release()
        self.stopped, self._state, self._pieces, self._run = why, None, [], None
        return out


def _encoder_like(ev: SSEEvent) -> Callable[[dict[str, Any]], bytes]:
    """``encode_like(ev, [chunk])`` as a function of the chunk."""
    return lambda chunk: encode_like(ev, [chunk])
