"""The in-process repair transport, written once for httpx and httpx2 (same request/response
model): ``leakcall.httpx`` and ``leakcall.httpx2`` bind it to their library.

A transport wraps another one. The response of a ``POST`` to ``.../chat/completions``,
``.../responses``, ``.../messages`` or Ollama's ``.../api/chat`` whose JSON body advertises
``tools`` (and does not say ``tool_choice: "none"``) is repaired with those tools, streamed (SSE,
or NDJSON for Ollama) or not; everything else is passed on untouched, as are error statuses and
bodies that are not what the route sends.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from . import anthropic as _anthropic
from . import ollama as _ollama
from ._ndjson import NDJSONDecoder, encode_line
from ._plainrun import PlainRun
from ._sse import MAX_EVENT_BYTES, Lane, LaneSource, SSEDecoder, data_of, dumps, loads
from ._upstream import (
    Leaked,
    leaked_text,
    stand_in_chat,
    stand_in_messages,
    stand_in_ollama,
    stand_in_responses,
)
from ._wire import Machine, OnRecovery, lazy_request_salt, push_failed, push_safely
from .ids import IdSalt, salt_text
from .openai import chat as _chat
from .openai import responses as _responses
from .pipeline import ReasoningMode
from .recoverer import Recoverer, recoverer_for
from .result import Recovery

log = logging.getLogger("leakcall.transport")

Obj = dict[str, Any]


class HTTPKit(Protocol):
    """What the transport needs from httpx or httpx2 (both modules satisfy it)."""

    Response: Any
    SyncByteStream: Any
    AsyncByteStream: Any
    HTTPTransport: Any
    AsyncHTTPTransport: Any


# --- routes ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """One repaired API: the path it ends in, its one-shot repair, its stream state machine, the
    reply that stands in for an upstream error carrying the model's text (``stand_in(text,
    model, salt, stream)``: the reply's bytes, JSON or streamed), whether its SSE events carry an
    ``event:`` line, its stream framing (``"sse"``, or ``"ndjson"``: one JSON object per line)
    and whether a request that does not say ``stream`` is streamed."""

    name: str
    suffix: str
    one_shot: Callable[..., Any]
    machine: Callable[..., Any]
    stand_in: Callable[[str, str, str, bool], bytes]
    named_events: bool = False
    framing: str = "sse"
    stream_default: bool = False

    @property
    def stream_type(self) -> str:
        """The content type of the route's streamed reply."""
        return "text/event-stream" if self.framing == "sse" else "application/x-ndjson"

    def streams(self, payload: dict[str, Any]) -> bool:
        """Whether the request ``payload`` asks for a streamed reply."""
        flag = payload.get("stream")
        return flag is not False if self.stream_default else flag is True


ROUTES = (
    Route("chat_completions", "/chat/completions", _chat.repair_completion,
          _chat.ChatStreamRepair, stand_in_chat),
    Route("responses", "/responses", _responses.repair_response,
          _responses.ResponsesStreamRepair,
          stand_in_responses, named_events=True),
    Route("messages", "/messages", _anthropic.repair_message, _anthropic.MessagesStreamRepair,
          stand_in_messages, named_events=True),
    # Ollama's native API: NDJSON, streamed unless the request says "stream": false
    Route("ollama_chat", "/api/chat", _ollama.repair_chat, _ollama.OllamaChatStreamRepair, stand_in_ollama,
          framing="ndjson", stream_default=True),
)


def route_for(method: str, path: str) -> Route | None:
    """The repaired route of a request (``POST <anything>/chat/completions``, ``/responses``,
    ``/messages``, ``/api/chat``), or None."""
    if method != "POST":
        return None
    path = path.rstrip("/")
    return next((r for r in ROUTES if path.endswith(r.suffix)), None)


def route_named(name: str) -> Route:
    """The route of this name (``chat_completions``, ``responses``, ``messages``,
    ``ollama_chat``)."""
    return next(r for r in ROUTES if r.name == name)


@dataclass(frozen=True)
class Job:
    """The repair of one request."""

    route: Route
    tools: list[Any] | Recoverer  # a Recoverer: its own reasoning mode and families apply
    salt: IdSalt  # a LazySalt: computed when an id (or a stand-in's id) is made
    stream: bool


def job_for(method: str, path: str, body: bytes) -> Job | None:
    """The repair a request asks for, or None to pass it through."""
    route = route_for(method, path)
    if route is None:
        return None
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):  # not JSON, or nested past the parser: not ours to judge
        return None
    if not isinstance(payload, dict):
        return None
    tools = payload.get("tools")
    if not isinstance(tools, list) or not tools or payload.get("tool_choice") in ("none", {
            "type": "none"}):
        return None
    try:
        recoverer_for(tools)  # checks the tools once; cached by content
    except (TypeError, ValueError) as e:  # the server will judge them; we cannot repair
        log.info(json.dumps({"event": "passthrough", "reason": "bad_tools", "detail": str(e)}))
        return None
    return Job(route, tools, lazy_request_salt(payload), route.streams(payload))


# --- server-sent events ------------------------------------------------------------------------------


def _sse(ev: Obj, named: bool) -> bytes:
    # ``dumps``: a text may hold a lone surrogate (the JSON escape \ud800 decodes to one), which UTF-8
    # cannot carry; it is sent escaped, as the upstream wrote it
    head = f"event: {ev.get('type')}\n" if named and isinstance(ev.get("type"), str) else ""
    return head.encode() + b"data: " + dumps(ev) + b"\n\n"


_SINGLES = 8
"""Events of one read decoded one at a time (``StreamFixer.feed``) while a lane may form: a
stream's opening events and the one its lane is cut from; past them, the rest of the read is
decoded at once."""

_KEPT_BYTES = 1024 * 1024
"""Bytes of held events kept to send them as they came (past it, a held event is re-encoded
when it goes out: the same event, other bytes)."""


class StreamFixer:
    """The streamed body of one response (SSE, or NDJSON lines for Ollama): bytes in, repaired
    bytes out, one read at a time.

    The events of a read go through one repair step. An event the repair passes unchanged goes
    out as the bytes it came in (so is an event it held and releases unchanged); only events it
    changes or adds are encoded. While nothing is held, a text delta shaped like the last plain
    one (the same bytes but its text and counter: ``Lane``) is not decoded: its text alone is
    read, and the event passes as received when the repair shows that text whole
    (``Machine.push_plain``). One whose text the repair holds or releases is not decoded either:
    it is pushed as the lane's source event with its text and counter (``LaneSource``), and an
    event the repair sends that is that source but its text and counter is encoded in the
    source's frame (``LaneSource.encode``: the bytes ``_sse`` gives it). Anything else is decoded
    as usual (``passthrough=False`` decodes every event: the same bytes go out either way).

    Bounded like every route's stream repair: an event longer than ``max_event`` bytes, more
    than ``max_held`` characters held back, or work past the monotonic time ``deadline`` (checked
    between events) end the repair: what is held is released as it came and the rest passes as
    received (``stopped`` names why). An event the repair cannot read ends it the same way."""

    def __init__(self, job: Job, reasoning: ReasoningMode | None, families: Iterable[str] | None,
                 report: OnRecovery, *, max_event: int = MAX_EVENT_BYTES,
                 max_held: int | None = None, deadline: float | None = None,
                 passthrough: bool = True) -> None:
        self._job = job
        # the proxy's decoder (leakcall._sse): line ends are CRLF, LF or CR only, so an event
        # holding U+2028 stays one event and its held markup reaches the decision
        self._sse = job.route.framing == "sse"
        self._decoder: SSEDecoder | NDJSONDecoder = (
            SSEDecoder(max_event) if self._sse else NDJSONDecoder(max_event))
        self._machine: Machine = job.route.machine(job.tools, job.salt, reasoning, families,
                                                   report)
        self._max_held = max_held
        self._deadline = deadline
        self._relay = False  # repair is over: the rest goes as received
        self._passthrough = passthrough
        self._lane: Lane | None = None
        self._lane_src: LaneSource | None = None  # the event the lane was cut from, decoded
        self._released = b""  # what a stop at the deadline released (``_plain``)
        self._raws: dict[int, tuple[Obj, bytes]] = {}  # events the machine held: their bytes
        self._kept = 0  # bytes in _raws
        self.passed = 0  # events passed through a lane, not decoded
        # the texts of one-event reads passed as received and not yet pushed (``_plain``)
        self._run: PlainRun | None = None
        self.stopped: str | None = None

    @property
    def received(self) -> int:
        """Characters of reply text the repair received (what its decision will read)."""
        run = self._run
        return self._machine.received() + (0 if run is None else run.chars)

    def feed(self, chunk: bytes) -> bytes:
        """The bytes to send for the next read of the stream (one repair step per read).

        While a lane can form or take events, the read is not decoded at once: the events the
        lane takes are read where they are (``_lane_read``), and the others go through the
        decoder one at a time (at most ``_SINGLES`` of them a read, then the rest of the read at
        once), so that the events after the one a lane is cut from are not decoded either. The
        decoder frames a stream the same however its reads are cut: the bytes out are the
        same."""
        if self._relay:
            return chunk
        lane = self._lane
        if lane is not None and self._decoder.idle and chunk.find(b"\n\n") == len(chunk) - 2 \
                and len(chunk) <= self._decoder.max_event_bytes:
            # one event, as a paced stream reads them: ``read_many``'s loop of one event
            got = lane.read(chunk)
            if got is not None:
                k = self._plain([got[0]], got[1])
                if self._relay:  # past the deadline: released, the event as received
                    return self._released + chunk
                return chunk if k else self._lane_event(chunk, *got)
        out: list[bytes] = []
        singles = _SINGLES if self._sse and self._passthrough else 0
        while chunk:
            if self._lane is not None and self._decoder.idle:
                pos, last = self._lane_read(chunk, out)
                if last:  # stopped, or the read was that one event: nothing more to read
                    return b"".join(out)
                chunk = chunk[pos:]
                if not chunk:
                    break
            cut = len(chunk)
            if singles:
                singles -= 1
                end = chunk.find(b"\n\n") + 2
                if 2 <= end < cut:
                    cut = end
            part, chunk = (chunk, b"") if cut == len(chunk) else (chunk[:cut], chunk[cut:])
            self._events(self._decoder.feed(part), out)  # once stopped, the rest as received
            if self._decoder.overflow and not self._relay:
                out.append(self._stop("sse_event_too_large"))
            if self._relay:
                out += [self._decoder.take_raw(), chunk]
                break
        return b"".join(out)

    def _lane_read(self, chunk: bytes, out: list[bytes]) -> tuple[int, bool]:
        """The text deltas of the lane's shape the read ``chunk`` begins with (the decoder is
        idle): their texts read without decoding, taken in runs; those that show whole pass as
        received, any other is pushed as the lane's source event (``_lane_event``). Their bytes
        out go to ``out``; returns (where they end in ``chunk``, True when the repair stopped:
        the rest of ``chunk`` went out as received)."""
        lane = self._lane
        assert lane is not None
        texts, counter, ends = lane.read_many(chunk, self._decoder.max_event_bytes)
        i = pos = 0
        while i < len(texts) and not self._relay:
            n = None if counter is None else counter + i
            k = self._plain(texts[i:], n)
            if self._relay:  # past the deadline: released, the rest as received
                out += [self._released, chunk[pos:]]
                return len(chunk), True
            if k:
                i += k
                out.append(chunk[pos : ends[i - 1]])
                pos = ends[i - 1]
                if i == len(texts):
                    break
                # the next one was not taken (``Machine.push_plain``): pushed at once, not
                # offered to ``push_plain`` again
                n = None if n is None else n + k
            out.append(self._lane_event(chunk[pos : ends[i]], texts[i], n))
            i += 1
            pos = ends[i - 1]
        if self._relay:  # stopped: the rest as received
            out.append(chunk[pos:])
            return len(chunk), True
        return pos, False

    def _events(self, events: list[Any], out: list[bytes]) -> None:
        """The decoded ``events`` of a read through the repair; their bytes out to ``out``."""
        i = 0
        while i < len(events):
            ev = events[i]
            i += 1
            if self._relay or ev.data is None:
                out.append(ev.raw)
                continue
            k = 0 if self._lane is None else self._lane.take_events(events, i - 1, self._plain)
            if k:
                if self._relay:
                    out.append(self._released)
                    i -= 1
                    continue
                out += [e.raw for e in events[i - 1 : i - 1 + k]]
                i += k - 1
                continue
            got = None if self._lane is None else self._lane.text_at(events, i - 1)
            out.append(self._handle(ev.data, ev.raw) if got is None
                       else self._lane_event(ev.raw, *got))

    def close(self) -> bytes:
        if self._relay:
            return self._decoder.take_raw()
        self._push_run()
        out = []
        raw = self._decoder.take_raw()  # an event the stream ended without a blank line
        if raw.strip():
            out.append(self._handle(data_of(raw) if self._sse else raw.strip(), raw))
        if not self._relay:
            out += [self._out(e) for e in self._machine.finish()]
        self._raws.clear()
        self._kept = 0
        return b"".join(out)

    def release(self) -> bytes:
        """The source failed: what is held, released as it came (no decision), and the event
        the stream was cut inside, as received; nothing is repaired after."""
        if self._relay:
            return b""
        self._relay = True
        self._run = None  # its texts were sent: nothing of them is held
        out = b"".join(self._out(e) for e in self._machine.abandon())
        self._raws.clear()
        self._kept = 0
        return out

    def abort(self, code: str, message: str) -> bytes:
        """``release``, then an error event in the route's shape (``code``, ``message``)."""
        out = self.release()
        return out + self._out(self._machine.error(code, message))

    def _stop(self, why: str) -> bytes:
        self.stopped = why
        log.warning(json.dumps({"event": "passthrough", "reason": why}))
        return self.release()

    def _handle(self, data: bytes | None, raw: bytes) -> bytes:
        if self._relay or data is None:
            return raw
        # Not taken through the lane (``Lane.take_events``); an event of its shape keeps it for
        # the next ones (``Lane.fits``), any other drops it.
        lane = self._lane if self._lane is not None and self._lane.fits(raw) else None
        self._lane = None
        try:
            ev = loads(data)
        except ValueError:
            return raw  # [DONE], or not JSON: as it came
        if not isinstance(ev, dict):
            return raw
        return self._push(ev, raw, data, lane)

    def _lane_event(self, raw: bytes, text: str, counter: int | None) -> bytes:
        """``_handle`` of an event of the lane's shape (its bytes ``raw``, its text and counter)
        that the lane did not take (its text held or released), without decoding it: the lane's
        source event with this text and counter is what ``json.loads`` of its data gives."""
        if self._relay:
            return raw
        return self._push(None, raw, None, self._lane, (text, counter))

    def _push(self, ev: Obj | None, raw: bytes, data: bytes | None, lane: Lane | None,
              short: tuple[str, int | None] | None = None) -> bytes:
        """An event decoded (``ev``, its bytes ``raw`` and data ``data``) through the machine,
        the lane ``lane`` kept; or (``ev`` None) the lane's source event with ``short``'s text
        and counter (``_lane_event``)."""
        if self._deadline is not None and time.monotonic() > self._deadline:
            return self._stop("repair_deadline") + raw  # before a decision it has no time for
        out = self._sent(ev, raw, data, lane, short)
        if self._max_held is not None and self._machine.held() > self._max_held:
            out += self._stop("hold_limit")
        return out

    def _sent(self, ev: Obj | None, raw: bytes, data: bytes | None, lane: Lane | None,
              short: tuple[str, int | None] | None) -> bytes:
        """What goes out for the event of ``_push`` (within its bounds). The lane's source event
        is pushed in short when the machine can (``Machine.push_lane``): what it sends is then
        the source with another text and counter, written in the source's frame."""
        self._push_run()
        if ev is None:
            src = self._lane_src
            assert src is not None and short is not None
            try:
                got = self._machine.push_lane(src.chunk, *short)
            except Exception:  # as ``push_safely``
                ev = src.with_text(*short)
                return self._outs(ev, raw, data, lane, push_failed(self._machine, ev))
            if got is None:  # not in short: pushed whole
                ev = src.with_text(*short)
            else:
                shown, sent = got
                if shown is None:  # held: nothing sent (its bytes kept, as for a whole push)
                    return self._outs(src.with_text(*short), raw, data, lane, [])
                if (shown, sent) == short:
                    return raw  # the event itself, unchanged
                framed = src.encode_text(shown, sent)
                return framed if framed is not None else _sse(src.with_text(shown, sent),
                                                              self._job.route.named_events)
        return self._outs(ev, raw, data, lane, push_safely(self._machine, ev))

    def _outs(self, ev: Obj, raw: bytes, data: bytes | None, lane: Lane | None,
              outs: list[Any]) -> bytes:
        """The bytes of what the machine sent (``outs``) for ``ev``, the lane ``lane`` kept."""
        self._lane = lane
        if len(outs) == 1 and outs[0] is ev:
            out = raw
            if lane is None and self._passthrough and data is not None:
                plain = self._machine.plain(ev)
                if plain is not None:
                    self._lane = Lane.of(raw, data, *plain)
                    src = None if self._lane is None or not self._sse else LaneSource.of(
                        ev, plain[0], None if plain[2] is None else plain[2][0], self._encoder)
                    self._lane, self._lane_src = (self._lane, src) if src else (None, None)
        else:
            if not outs and self._kept + len(raw) <= _KEPT_BYTES:  # held: its bytes for later
                self._raws[id(ev)] = (ev, raw)
                self._kept += len(raw)
            out = b"".join(raw if e is ev else self._out(e) for e in outs)
        return out

    def _plain(self, texts: list[str], counter: int | None) -> int:
        """Plain text deltas read through the lane: how many of them, from the first, the
        machine took (they pass as received; decode the next). Past the deadline, the repair
        stops instead (``_released`` holds what it released) and 1 is returned."""
        if self._deadline is not None and time.monotonic() > self._deadline:
            self._released = self._stop("repair_deadline")
            return 1
        run = self._run
        if run is not None and len(texts) == 1 and run.offer(texts[0], counter):
            self.passed += 1  # shown whole as things stand: pushed with the machine's next step
            return 1
        self._push_run()
        k = self._machine.push_plain(texts, counter)
        self._run = PlainRun.after(self._machine, texts, counter, k)
        self.passed += k
        return k

    def _push_run(self) -> None:
        """The texts ``_plain`` passed and did not push, to the machine, before any other step
        of it (it takes them all: ``PlainRun``)."""
        run = self._run
        if run is not None:
            self._run = None
            run.push(self._machine)

    def _out(self, ev: Any) -> bytes:
        """An event the machine sends: the bytes it came in when it passes unchanged."""
        kept = self._raws.pop(id(ev), None)
        if kept is not None:
            self._kept -= len(kept[1])
            if kept[0] is ev:
                return kept[1]
        if not self._sse:
            return encode_line(ev)
        # the lane's source but its text and counter (a held delta sent changed): its frame
        framed = None if self._lane_src is None else self._lane_src.encode(ev)
        return _sse(ev, self._job.route.named_events) if framed is None else framed

    def _encoder(self, ev: Obj) -> bytes:
        """``_sse`` of an event this route sends (the lane's source frame is cut from it)."""
        return _sse(ev, self._job.route.named_events)


def fix_body(job: Job, body: bytes, reasoning: ReasoningMode | None, families: Iterable[str] | None,
             report: OnRecovery) -> bytes | None:
    """The repaired JSON body, or None to send the original."""
    try:
        data = json.loads(body)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    try:
        fixed = job.route.one_shot(data, job.tools, id_salt=salt_text(job.salt), reasoning=reasoning,
                                   families=families, on_recovery=report)
    except Exception:  # a bug must not cost the client its reply
        log.exception(json.dumps({"event": "error", "reason": "internal"}))
        return None
    if fixed is data:
        return None
    return dumps(fixed)


@dataclass(frozen=True)
class ErrorRecovery:
    """What ``recover_error`` found in an upstream error: the model's text it carried (or None),
    the decision about that text (or None), and the reply to send in its place (or None: send
    the error as it came)."""

    leaked: Leaked | None = None
    decision: Recovery | None = None
    reply: bytes | None = None


def recover_error(job: Job, body: bytes, model: str, reasoning: ReasoningMode | None,
                  families: Iterable[str] | None) -> ErrorRecovery:
    """Read an upstream error body for the model's text (``leaked_text``) and decide about it
    with the route's own repair of the reply that stands in for the failed one
    (``Route.stand_in``, streamed when the request was). The reply is given only when calls are
    recovered and they are all the text holds: the error holds a piece of the reply (its
    beginning, or the function it was addressed to, is missing), so a reply with other text
    cannot be rebuilt, and an envelope with text around it in a piece is not known to be the
    reply's call."""
    leaked = leaked_text(body)
    if leaked is None:
        return ErrorRecovery()
    seen: list[Recovery] = []
    reply = job.route.stand_in(leaked.text, model, salt_text(job.salt), job.stream)
    if job.stream:
        fixer = StreamFixer(job, reasoning, families, seen.append,
                            max_event=max(MAX_EVENT_BYTES, len(reply)), passthrough=False)
        out: bytes | None = fixer.feed(reply) + fixer.close()
    else:
        out = fix_body(job, reply, reasoning, families, seen.append)
    decision = seen[0] if len(seen) == 1 else None
    if decision is None or not decision.ok or decision.content.strip():
        out = None
    return ErrorRecovery(leaked, decision, out)


_DROP = ("content-length", "content-encoding", "transfer-encoding")


class _Base:
    """What the sync and async transports share: options, decisions, response building."""

    _http: HTTPKit

    def __init__(self, reasoning: ReasoningMode | None, families: Iterable[str] | None,
                 on_recovery: OnRecovery | None) -> None:
        self._reasoning: ReasoningMode = "ignore" if reasoning is None else reasoning
        recoverer_for([], reasoning=self._reasoning, families=families)  # misuse raises here
        self._families = None if families is None else tuple(families)
        self._on_recovery = on_recovery

    def _job(self, request: Any) -> Job | None:
        return job_for(request.method, request.url.path, bytes(request.content))

    def _reporter(self, job: Job) -> OnRecovery:
        def report(rec: Recovery) -> None:
            log.info(json.dumps({
                "event": "repair" if rec.ok else "refusal", "route": job.route.name,
                "reason": str(rec.reason), "rule": rec.rule, "family": rec.family,
                "calls": [c.name for c in rec.calls], "stream": job.stream}, ensure_ascii=False))
            if self._on_recovery is not None:
                self._on_recovery(rec)
        return report

    @staticmethod
    def _wanted(resp: Any, job: Job) -> bool:
        ctype = resp.headers.get("content-type", "")
        if resp.status_code != 200:
            return False
        return ctype.startswith(job.route.stream_type) if job.stream else "json" in ctype

    def _rebuilt(self, resp: Any, request: Any, *, content: bytes | None = None,
                 stream: Any = None) -> Any:
        headers = [(k, v) for k, v in resp.headers.multi_items() if k.lower() not in _DROP]
        kw: Obj = {"content": content} if stream is None else {"stream": stream}
        return self._http.Response(resp.status_code, headers=headers, request=request,
                                   extensions=resp.extensions, **kw)


class SyncRepair(_Base):
    """``handle_request`` of ``leakcall.httpx(2).RepairTransport``."""

    def __init__(self, transport: Any, reasoning: ReasoningMode | None, families: Iterable[str] | None,
                 on_recovery: OnRecovery | None) -> None:
        super().__init__(reasoning, families, on_recovery)
        self._inner = transport if transport is not None else self._http.HTTPTransport()

    def handle_request(self, request: Any) -> Any:
        request.read()
        job = self._job(request)
        resp = self._inner.handle_request(request)
        if job is None or not self._wanted(resp, job):
            return resp
        if not job.stream:
            try:
                body = resp.read()
            finally:
                resp.close()
            fixed = fix_body(job, body, self._reasoning, self._families, self._reporter(job))
            return self._rebuilt(resp, request, content=body if fixed is None else fixed)
        fixer = StreamFixer(job, self._reasoning, self._families, self._reporter(job))
        kit = self._http

        class Body(kit.SyncByteStream):  # type: ignore[name-defined,misc]
            def __iter__(self) -> Iterator[bytes]:
                try:
                    for chunk in resp.iter_bytes():
                        out = fixer.feed(chunk)
                        if out:
                            yield out
                except Exception:  # the upstream broke: held text first, then the error
                    held = fixer.release()
                    if held:
                        yield held
                    raise
                rest = fixer.close()
                if rest:
                    yield rest

            def close(self) -> None:
                resp.close()

        return self._rebuilt(resp, request, stream=Body())

    def close(self) -> None:
        self._inner.close()


class AsyncRepair(_Base):
    """``handle_async_request`` of ``leakcall.httpx(2).AsyncRepairTransport``."""

    def __init__(self, transport: Any, reasoning: ReasoningMode | None, families: Iterable[str] | None,
                 on_recovery: OnRecovery | None) -> None:
        super().__init__(reasoning, families, on_recovery)
        self._inner = transport if transport is not None else self._http.AsyncHTTPTransport()

    async def handle_async_request(self, request: Any) -> Any:
        await request.aread()
        job = self._job(request)
        resp = await self._inner.handle_async_request(request)
        if job is None or not self._wanted(resp, job):
            return resp
        if not job.stream:
            try:
                body = await resp.aread()
            finally:
                await resp.aclose()
            fixed = fix_body(job, body, self._reasoning, self._families, self._reporter(job))
            return self._rebuilt(resp, request, content=body if fixed is None else fixed)
        fixer = StreamFixer(job, self._reasoning, self._families, self._reporter(job))
        kit = self._http

        class Body(kit.AsyncByteStream):  # type: ignore[name-defined,misc]
            async def __aiter__(self) -> AsyncIterator[bytes]:
                try:
                    async for chunk in resp.aiter_bytes():
                        out = fixer.feed(chunk)
                        if out:
                            yield out
                except Exception:  # the upstream broke: held text first, then the error
                    held = fixer.release()
                    if held:
                        yield held
                    raise
                rest = fixer.close()
                if rest:
                    yield rest

            async def aclose(self) -> None:
                await resp.aclose()

        return self._rebuilt(resp, request, stream=Body())

    async def aclose(self) -> None:
        await self._inner.aclose()
