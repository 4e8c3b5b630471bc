"""The Responses API: ``repair_response``, ``repair_response_stream`` and
``repair_response_stream_async`` (the same rules as Chat Completions, ``leakcall.openai``);
``ResponsesStreamRepair`` is the stream machine the wire path drives."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator, Sequence
from typing import Any

from .._plainrun import WholeTest
from .._wire import (
    Held,
    OnRecovery,
    Plain,
    Retyper,
    as_dict,
    configured,
    decide,
    drive,
    drive_async,
    like,
    salt_of,
    truncated,
)
from ..ids import IdSalt
from ..pipeline import ReasoningMode
from ..recoverer import Recoverer
from ..result import Recovery, ToolCall

Chunk = dict[str, Any]

__all__ = ["ResponsesStreamRepair", "repair_response", "repair_response_stream",
           "repair_response_stream_async"]

_RESPONSE_ITEMS = ("message", "reasoning")  # any other output item is a structured call or tool
_TERMINAL = ("response.completed", "response.incomplete", "response.failed", "error")


def _response_part(resp: Chunk) -> tuple[int, int] | bool | None:
    """Where the reply text is: (output position, content position) of the one ``output_text``
    part. False when the response must be left alone (structured or hosted tool items, several
    text parts); None when it holds no text."""
    output = resp.get("output")
    if not isinstance(output, list):
        return None
    found: list[tuple[int, int]] = []
    for i, item in enumerate(output):
        if not isinstance(item, dict) or item.get("type") not in _RESPONSE_ITEMS:
            return False
        if item.get("type") == "message" and isinstance(item.get("content"), list):
            found += [(i, j) for j, p in enumerate(item["content"])
                      if isinstance(p, dict) and p.get("type") == "output_text"]
    if len(found) > 1:
        return False
    return found[0] if found else None


def _response_cut(resp: Chunk) -> str | None:
    status = resp.get("status")
    if status in (None, "completed"):
        return None
    details = resp.get("incomplete_details")
    why = details.get("reason") if isinstance(details, dict) else None
    return f"status is {status!r}" + (f" ({why})" if why else "") + ": the reply was cut"


def _fc_item(call: ToolCall, status: str = "completed", arguments: str | None = None) -> Chunk:
    return {"type": "function_call", "id": "fc_" + call.id.removeprefix("call_"),
            "call_id": call.id, "name": call.name,
            "arguments": call.arguments_json() if arguments is None else arguments,
            "status": status}


def _drops(rec: Recovery, last: bool, parts: int) -> bool:
    """The reply's message item goes: its one part is left empty and it is the last item (the
    API sends a reply of calls alone with no message item)."""
    return last and parts == 1 and not rec.content


def _apply_response(resp: Chunk, rec: Recovery) -> Chunk:
    """``resp`` with its reply text replaced by ``rec.content`` and the calls appended as
    ``function_call`` items (a new dict; ``resp`` is not mutated); a message item left blank
    is dropped (``_drops``)."""
    out = dict(resp)
    output = list(resp["output"]) if isinstance(resp.get("output"), list) else None
    if output is None:
        return out
    where = _response_part(resp)
    if isinstance(where, tuple):
        i, j = where
        item = dict(output[i])
        content = list(item["content"])
        content[j] = {**content[j], "text": rec.content}
        item["content"] = content
        output[i] = item
        if _drops(rec, i == len(output) - 1, len(content)):
            del output[i]
    output += [_fc_item(c) for c in rec.calls]
    out["output"] = output
    return out


def repair_response(
    response: Any,
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Any:
    """Repair a non-streaming Responses API object (a dict, or the SDK's ``Response``).

    The reply text is the one ``output_text`` part of the ``message`` item. When calls are
    recovered from it, returns a new response (the same kind as given) whose text is the reply
    without the markup, followed by one ``function_call`` output item per call (``call_id`` the
    recovered id). Returns ``response`` itself otherwise: on a refusal; when the output holds any
    item other than ``message``/``reasoning`` (structured calls, hosted tools) or several text
    parts; when ``status`` is not ``"completed"`` (the reply was cut: refused as ``truncated``).
    ``id_salt`` defaults to the response's ``id``.
    """
    d, kind = as_dict(response)
    if d is None:
        return response
    where = _response_part(d)
    if not isinstance(where, tuple):
        return response
    i, j = where
    text = d["output"][i]["content"][j].get("text")
    if not isinstance(text, str) or not text:
        return response
    cut = _response_cut(d)
    if cut is not None:
        if on_recovery is not None:
            on_recovery(truncated(text, cut))
        return response
    _, _, rec = decide(text, "", tools, salt_of(id_salt, d.get("id")), reasoning, families)
    if on_recovery is not None:
        on_recovery(rec)
    if not rec.ok:
        return response
    return like(response, kind, _apply_response(d, rec))


def _response_events() -> Any:
    from openai.types.responses import ResponseStreamEvent  # noqa: PLC0415 - typed input only

    return ResponseStreamEvent


class ResponsesStreamRepair:
    """The state machine behind ``repair_response_stream`` (and its async variant)."""

    def __init__(self, tools: Sequence[Any] | Recoverer, id_salt: IdSalt | None,
                 reasoning: ReasoningMode | None,
                 families: Iterable[str] | None, on_recovery: OnRecovery | None) -> None:
        configured(tools, reasoning, families)  # misuse raises here, never inside a push
        self._args = (tools, reasoning, families)
        self._salt = id_salt
        self._on_recovery = on_recovery
        self._types = Retyper(_response_events)
        self._held: Held | None = None
        self._target: tuple[int, int] | None = None
        self._template: Chunk = {}  # the last text delta of the target part
        self._tail: list[tuple[Any, Chunk]] = []  # events held after the target's text was done
        self._live = True
        self._items = 0  # output items announced
        self._seq: int | None = None  # the next sequence number to emit
        self._shown = 0  # characters of the reply text released
        # The reply's message item is announced only once its text shows more than whitespace:
        # until then its events (and any after them) wait here, so that a reply that was only
        # markup drops the item, as the one-shot repair does.
        self._message: int | None = None  # its output index
        self._pending: list[tuple[Any, Chunk, bool]] = []  # (event, its view, changed)
        self._flushed = False

    def _emit(self, original: Any, d: Chunk | None, changed: bool = False) -> Any:
        """An event to send (``d``, a view of ``original``, possibly ``changed``): renumbered
        when events were inserted before it."""
        if d is None:
            return original
        seq = d.get("sequence_number")
        if isinstance(seq, int):
            if self._seq is None:
                self._seq = seq
            if seq != self._seq:
                d = {**d, "sequence_number": self._seq}
                changed = True
            self._seq += 1
        return self._types.out(original, d) if changed else original

    def _new(self, d: Chunk) -> Any:
        if self._seq is not None:
            d = {**d, "sequence_number": self._seq}
            self._seq += 1
        return self._types.out(None, d)

    def _text_delta(self, text: str) -> Chunk:
        t = self._template
        return {"type": "response.output_text.delta", "item_id": t.get("item_id", ""),
                "output_index": t.get("output_index", 0), "content_index": t.get("content_index", 0),
                "delta": text, "logprobs": [], "sequence_number": 0}

    def _flush(self) -> list[Any]:
        out = [self._emit(o, d, changed) for o, d, changed in self._pending]
        self._pending, self._flushed = [], True
        return out

    def _release(self, rest: str) -> list[Any]:
        out = self._flush()
        if rest:
            out.append(self._new(self._text_delta(rest)))
        out += [self._emit(o, d) for o, d in self._tail]
        self._tail = []
        return out

    def _report(self, rec: Recovery) -> None:
        if self._on_recovery is not None:
            self._on_recovery(rec)

    def _stop(self, cut: str | None) -> tuple[str, Recovery | None]:
        """Stop repairing; the held text, and the decision when there was text."""
        self._live = False
        if self._held is None or not self._held.seen:
            return "", None
        rest, _, rec = self._held.close(cut)
        self._report(rec)
        return rest, rec

    def _give_up(self) -> list[Any]:
        """Leave the response alone from here: release what was held, as it was."""
        self._live = False
        if self._held is None:
            return self._release("")
        return self._release(self._held.text[self._shown :])

    def push(self, event: Any) -> list[Any]:
        d = self._types.view(event)
        if d is None or not self._live:
            return [self._emit(event, d)]
        t = d.get("type")
        if self._held is None:
            resp = d.get("response")
            rid = resp.get("id") if isinstance(resp, dict) else None
            self._held = Held(self._args[0], salt_of(self._salt, rid), self._args[1], self._args[2])
        if t == "response.output_item.added":
            item = d.get("item")
            idx = d.get("output_index")
            self._items = max(self._items, (idx if isinstance(idx, int) else self._items) + 1)
            if not isinstance(item, dict) or item.get("type") not in _RESPONSE_ITEMS:
                return [*self._give_up(), self._emit(event, d)]
            if item.get("type") == "message" and self._message is None and isinstance(idx, int):
                self._message = idx
                self._pending = [(event, d, False)]
                return []
        elif t == "response.output_text.delta":
            key = (d.get("output_index"), d.get("content_index"))
            if self._target is None:
                self._target = key  # type: ignore[assignment]
            if key != self._target or self._tail:
                return [*self._give_up(), self._emit(event, d)]
            self._template = d
            delta = d.get("delta")
            if not isinstance(delta, str) or not delta:
                return [self._emit(event, d)]
            shown = self._held.feed_text(delta)[0]
            self._shown += len(shown)
            view = d if shown == delta else {**d, "delta": shown}
            if self._pending and not self._flushed:
                if shown:
                    self._pending.append((event, view, view is not d))
                return self._flush() if shown.strip() else []
            if shown == delta:
                return [self._emit(event, d)]
            return [self._emit(event, view, True)]
        elif t == "response.content_part.added" and self._target is not None and not self._tail:
            part = d.get("part")
            if isinstance(part, dict) and part.get("type") == "output_text":
                return [*self._give_up(), self._emit(event, d)]  # a second text part
        if t in _TERMINAL:
            return self._terminal(event, d, t)
        if self._tail or (t == "response.output_text.done" and self._target is not None
                          and (d.get("output_index"), d.get("content_index")) == self._target):
            self._tail.append((event, d))
            return []
        if self._pending and not self._flushed:
            self._pending.append((event, d, False))
            return []
        return [self._emit(event, d)]

    def _terminal(self, event: Any, d: Chunk, t: object) -> list[Any]:
        resp = d.get("response") if isinstance(d.get("response"), dict) else {}
        assert isinstance(resp, dict)
        cut = None
        if t != "response.completed":
            cut = f"the stream ended with {t!r}: the reply was cut"
        elif _response_cut(resp) is not None:
            cut = _response_cut(resp)
        rest, rec = self._stop(cut)
        if rec is None or not rec.ok:
            return [*self._release(rest), self._emit(event, d)]
        first = self._items
        if (not self._flushed and self._pending and self._message is not None
                and _drops(rec, self._message == self._items - 1, self._parts())):
            # only markup: the message item and its events go, the calls take its place
            self._pending, self._flushed, rest, first = [], True, "", self._message
            self._tail = [(o, e) for o, e in self._tail if e.get("output_index") != first]
        out = self._flush()
        if rest:
            out.append(self._new(self._text_delta(rest)))
        for o, e in self._tail:
            fixed_ev = _with_text(e, rec.content, self._target)
            out.append(self._emit(o, fixed_ev, fixed_ev is not e))
        self._tail = []
        for k, call in enumerate(rec.calls):
            idx = first + k
            item = _fc_item(call)
            args = item["arguments"]
            out += [
                self._new({"type": "response.output_item.added", "output_index": idx,
                           "item": {**item, "arguments": "", "status": "in_progress"}}),
                self._new({"type": "response.function_call_arguments.delta", "output_index": idx,
                           "item_id": item["id"], "delta": args}),
                self._new({"type": "response.function_call_arguments.done", "output_index": idx,
                           "item_id": item["id"], "arguments": args, "name": call.name}),
                self._new({"type": "response.output_item.done", "output_index": idx,
                           "item": item}),
            ]
        fixed = {**d, "response": _apply_response(resp, rec)} if resp else d
        out.append(self._emit(event, fixed, True))
        return out

    def _parts(self) -> int:
        """Content parts of the reply's message item announced (held with it)."""
        return sum(1 for e in [*(p[1] for p in self._pending), *(t[1] for t in self._tail)]
                   if e.get("type") == "response.content_part.added"
                   and e.get("output_index") == self._message)

    def finish(self) -> list[Any]:
        """The source ended without a terminal event: the reply was cut."""
        if not self._live:
            return []
        rest, _ = self._stop("the stream ended without response.completed")
        return self._release(rest)

    def abandon(self) -> list[Any]:
        """Stop repairing, with no decision: what is held, released as it came."""
        return self._give_up() if self._live else []

    def held(self) -> int:
        """Characters received and not yet shown."""
        return self._held.chars - self._shown if self._live and self._held is not None else 0

    def received(self) -> int:
        """Characters of the reply text received."""
        return self._held.received if self._held is not None else 0

    def _open(self) -> bool:
        """A text delta of the reply now passes as it came when all its text shows."""
        return self._live and self._held is not None and self._target is not None \
            and not self._tail and (self._flushed or not self._pending)

    def plain(self, event: Any) -> Plain | None:
        """``("delta", text, ("sequence_number", its number))`` when ``event`` (just pushed, passed
        unchanged) is a text delta of the reply's part, its message item announced and nothing
        after the part held (see ``Machine``)."""
        if not isinstance(event, dict) or event.get("type") != "response.output_text.delta" \
                or not self._open():
            return None
        if (event.get("output_index"), event.get("content_index")) != self._target:
            return None
        delta = event.get("delta")
        if not isinstance(delta, str) or not delta:
            return None
        seq = event.get("sequence_number")
        if seq is None:
            return "delta", delta, None
        if type(seq) is not int or self._seq != seq + 1:
            return None
        return "delta", delta, ("sequence_number", seq)

    def push_lane(self, source: Chunk, text: str, counter: int | None
                  ) -> tuple[str | None, int | None] | None:
        """``push`` of ``source`` (a text delta ``plain`` said is plain) with ``text`` and the
        sequence number ``counter``, in short (see ``Machine``): a delta of the reply's part while
        nothing before it is pending, which push sends with the text shown and renumbered, as
        ``_emit`` does; the template's fields read (``_text_delta``) are ``source``'s."""
        if not self._open() or self._held is None or self._types.typed or (
                source.get("output_index"), source.get("content_index")) != self._target:
            return None
        self._template = source
        shown = self._held.feed_text(text)[0]
        self._shown += len(shown)
        sent = None
        if counter is not None:
            if self._seq is None:
                self._seq = counter
            sent = self._seq
            self._seq += 1
        return shown, sent

    def whole_test(self) -> WholeTest | None:
        """``push_plain``'s test of the next texts (see ``Machine``)."""
        return None if not self._open() or self._held is None else self._held.whole_test()

    def push_plain(self, texts: Sequence[str], counter: int | None) -> int:
        """Take the leading texts of deltas shaped like the last plain one (numbered from
        ``counter``) that show as they came: how many (see ``Machine``)."""
        if not self._open() or self._held is None:
            return 0
        if counter is not None and counter != self._seq:
            return 0
        k = self._held.feed_plain(texts)
        self._shown += sum(map(len, texts[:k]))
        if counter is not None:
            self._seq = counter + k
        return k

    def error(self, code: str, message: str) -> Any:
        """An ``error`` event, numbered after the events sent, in both shapes the API is seen
        with: the fields flat, as its reference documents (``ResponseErrorEvent``), and nested
        in an ``error`` object, as the live API sends them (openai/openai-dotnet#881). The
        nested object is what makes the openai SDK raise ``APIError`` with this message (its
        ``Stream`` raises on an event whose data has an ``error`` object,
        openai/openai-python#2487), in ``responses.create(stream=True)`` and in the
        ``responses.stream()`` helper alike, instead of yielding the event and ending without
        ``response.completed``."""
        err = {"type": code, "code": code, "message": message, "param": None}
        return self._new({"type": "error", "code": code, "message": message, "param": None,
                          "error": err})


def _with_text(ev: Chunk, text: str, target: tuple[int, int] | None) -> Chunk:
    """A held ``done`` event of the reply's part with its text replaced."""
    t = ev.get("type")
    if target is None or ev.get("output_index") != target[0]:
        return ev
    if t == "response.output_text.done" and ev.get("content_index") == target[1]:
        return {**ev, "text": text}
    if t == "response.content_part.done" and ev.get("content_index") == target[1]:
        part = ev.get("part")
        return {**ev, "part": {**part, "text": text}} if isinstance(part, dict) else ev
    if t == "response.output_item.done":
        item = ev.get("item")
        if isinstance(item, dict) and isinstance(item.get("content"), list):
            content = list(item["content"])
            if target[1] < len(content) and isinstance(content[target[1]], dict):
                content[target[1]] = {**content[target[1]], "text": text}
                return {**ev, "item": {**item, "content": content}}
    return ev


def repair_response_stream(
    events: Iterable[Any],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Iterator[Any]:
    """Yield a Responses API event stream (dicts, or the SDK's event objects: the same kind comes
    out) with leaked tool-call markup repaired.

    ``response.output_text.delta`` text is shown as soon as it cannot be markup; a possible opener
    on is held. The part's ``done`` events and what follows them wait for the terminal event; on
    ``response.completed`` the decision is taken: on a refusal the held text is released
    unchanged; when calls are recovered, the rest of the text (without the markup) is released,
    the ``done`` events carry the repaired text, each call arrives as a ``function_call`` item
    (``output_item.added``, ``function_call_arguments.delta``/``done``, ``output_item.done``),
    and ``response.completed`` holds the response as ``repair_response`` would give it. Sequence
    numbers are renumbered after an inserted event. The reply's ``message`` item is announced
    once its text shows more than whitespace: a reply that was only markup has none, as
    ``repair_response`` gives it. ``response.incomplete``/``failed``, an
    ``error`` event, or the stream's end without a terminal event: refused as ``truncated``. A
    structured or hosted-tool item, or a second text part, ends the repair: held text is released.
    """
    yield from drive(ResponsesStreamRepair(tools, id_salt, reasoning, families, on_recovery), events)


async def repair_response_stream_async(
    events: AsyncIterable[Any],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> AsyncIterator[Any]:
    """``repair_response_stream`` for an async iterable of events."""
    async for out in drive_async(
            ResponsesStreamRepair(tools, id_salt, reasoning, families, on_recovery), events):
        yield out
