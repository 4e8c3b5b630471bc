"""OpenAI adapters: repair Chat Completions and Responses API replies whose tool calls leaked
into the text.

Each works on plain dicts (decoded JSON, or a ``model_dump()``) and on the ``openai`` SDK's own
objects (``ChatCompletion``, ``ChatCompletionChunk``, ``Response``, the Responses stream events):
what comes out is the same kind as what went in. The SDK is imported only when its objects are
given.

Chat Completions:

- ``repair_stream(chunks, tools)``: ``chat.completion.chunk`` objects in, the same stream out,
  except that ``delta.content`` of choice 0 never carries recovered markup. When calls are
  recovered they arrive as ``delta.tool_calls`` in the final chunks (one chunk per call, with
  ``index``, ``id``, ``type: "function"``, ``function.name`` and the whole ``function.arguments``
  JSON string), followed by a chunk whose ``finish_reason`` is ``"tool_calls"``.
- ``repair_stream_async``: the same for an async iterable.
- ``repair_completion(completion, tools)``: a non-streaming ``chat.completion``.

Rules (all three):

- Only choice 0 is repaired; other choices pass through untouched.
- A response that already carries structured ``tool_calls`` (or a legacy ``function_call``) is
  left alone.
- ``finish_reason`` ``"length"`` (or ``"content_filter"``) means the reply was cut: nothing is
  recovered; the reply is refused as ``truncated``. A stream that ends without a
  ``finish_reason`` for choice 0 is treated the same way.
- The recovered reply's remaining text (``Recovery.content``, byte-exact, possibly ``""``) is the
  content; ``finish_reason`` becomes ``"tool_calls"`` only when calls were recovered.
- Reasoning fields (``reasoning_content``, or ``reasoning``, in the message or the deltas) are
  read as a reasoning block before the content: ``recover`` sees
  ``"<think>" + reasoning + "</think>" + content`` and its own rules decide. With
  ``reasoning="ignore"`` (the default) calls found only there are refused as ``reasoning``; with
  ``"recover"`` they are examined like any others (the visible content is still read) and, when
  recovered, removed from the reasoning field. A reasoning field that itself holds a reasoning
  tag is not read (the content alone decides). In a stream, reasoning that arrives after the
  content began is not read as a block before it (decided as with ``"ignore"``).
- Everything else (ids, model, usage, logprobs, other delta fields, extra server fields) passes
  through unchanged. Inputs are never mutated. Note that ``logprobs`` are passed through as
  they come, so held-back markup tokens still appear there.

``id_salt`` defaults to the response's own ``id``, so the same call in two turns gets two ids (a
server that reuses one id for every response should be given a salt, as the proxy and the
transports do: a digest of the request's messages). ``reasoning`` and ``families`` are
``recover``'s options. ``on_recovery``, when given, is called once per response with the
``Recovery`` for choice 0 (recovered, refused, or refused as truncated); when a reasoning field
was read, that is the Recovery of the wrapped text above. It is not called when the response
carried structured tool calls or no text.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator, Sequence
from typing import Any

from ._wire import (
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
from .pipeline import ReasoningMode
from .recoverer import Recoverer
from .result import Recovery, ToolCall

__all__ = ["repair_completion", "repair_response", "repair_response_stream",
           "repair_response_stream_async", "repair_stream", "repair_stream_async"]

Chunk = dict[str, Any]

_CUT = ("length", "content_filter")
_THOUGHT_KEYS = ("reasoning_content", "reasoning")


def _truncated(text: str, finish: str | None) -> Recovery:
    return truncated(text, "the stream ended without a finish_reason" if finish is None
                     else f"finish_reason is {finish!r}: the reply was cut")


def _choice0(choices: object) -> int | None:
    """Position of the choice with index 0 in a ``choices`` list, if any."""
    if not isinstance(choices, list):
        return None
    for pos, ch in enumerate(choices):
        if isinstance(ch, dict) and ch.get("index", 0) == 0:
            return pos
    return None


def _structured(part: object) -> bool:
    return isinstance(part, dict) and bool(part.get("tool_calls") or part.get("function_call"))


def _thought(part: Chunk) -> tuple[str | None, str]:
    """The reasoning field of a message or delta: (its key, its text)."""
    for key in _THOUGHT_KEYS:
        value = part.get(key)
        if isinstance(value, str) and value:
            return key, value
    return None, ""


def _set_thought(part: Chunk, key: str | None, old: str, new: str) -> Chunk:
    """``part`` with its reasoning field (and a twin field holding the same text) set to ``new``."""
    if key is None or new == old:
        return part
    out = dict(part)
    for k in _THOUGHT_KEYS:
        if k == key or out.get(k) == old:
            out[k] = new
    return out


def _with_choice0(chunk: Chunk, pos: int, choice: Chunk) -> Chunk:
    choices = list(chunk["choices"])
    choices[pos] = choice
    out = dict(chunk)
    out["choices"] = choices
    return out


def _chunk_type() -> Any:
    from openai.types.chat import ChatCompletionChunk  # noqa: PLC0415 - typed input only

    return ChatCompletionChunk


class _StreamRepair:
    """The state machine behind ``repair_stream`` and ``repair_stream_async``."""

    def __init__(self, tools: Sequence[Any] | Recoverer, id_salt: str | None, reasoning: ReasoningMode | None,
                 families: Iterable[str] | None, on_recovery: OnRecovery | None) -> None:
        configured(tools, reasoning, families)  # misuse raises here, never inside a push
        self._args = (tools, reasoning, families)
        self._salt = id_salt
        self._held: Held | None = None
        self._on_recovery = on_recovery
        self._types = Retyper(_chunk_type)
        self._shown = 0  # characters of choice 0's content released so far
        self._shown_thought = 0  # and of its reasoning
        self._thought_key: str | None = None
        self._live = True  # still repairing (no structured calls, no finish seen)
        self._template: Chunk | None = None  # the last chunk that held choice 0

    def _state(self, chunk: Chunk) -> Held:
        if self._held is None:
            tools, reasoning, families = self._args
            self._held = Held(tools, salt_of(self._salt, chunk.get("id")), reasoning, families)
        return self._held

    def _synthetic(self, delta: Chunk, finish: str | None = None) -> Chunk:
        """A chunk like the last one seen for choice 0, holding only choice 0 with ``delta``."""
        t = self._template or {}
        pos = _choice0(t.get("choices"))
        base_delta = t["choices"][pos].get("delta") if pos is not None else None
        full: Chunk = dict.fromkeys(base_delta if isinstance(base_delta, dict) else ())
        full.update(delta)
        out = {k: v for k, v in t.items() if k != "choices"}
        if "usage" in out:
            out["usage"] = None
        out["choices"] = [{"index": 0, "delta": full, "logprobs": None,
                           "finish_reason": finish}]
        return out

    def _rest(self, text: str, thought: str) -> Chunk:
        """Delta fields releasing held text and reasoning."""
        out: Chunk = {}
        if text:
            out["content"] = text
        if thought:
            out[self._thought_key or "reasoning_content"] = thought
        return out

    def push(self, event: Any) -> list[Any]:
        chunk = self._types.view(event)
        if chunk is None:
            return [event]
        return [event if e is chunk else self._types.out(event, e) for e in self._push(chunk)]

    def _push(self, chunk: Chunk) -> list[Chunk]:
        if not self._live:
            return [chunk]
        pos = _choice0(chunk.get("choices"))
        if pos is None:
            return [chunk]
        held = self._state(chunk)
        choice: Chunk = chunk["choices"][pos]
        delta = choice.get("delta")
        delta = delta if isinstance(delta, dict) else {}
        self._template = chunk
        finish = choice.get("finish_reason")

        if _structured(delta):
            # Real tool calls: leave the response alone; release what was held, as it was.
            self._live = False
            rest = self._rest(held.text[self._shown :], held.thought[self._shown_thought :])
            return [self._synthetic(rest), chunk] if rest else [chunk]

        key, thought = _thought(delta)
        self._thought_key = self._thought_key or key
        content = delta.get("content")
        text = content if isinstance(content, str) else ""
        a_text, a_thought = held.feed_thought(thought)
        b_text, b_thought = held.feed_text(text)
        shown, shown_thought = a_text + b_text, a_thought + b_thought
        self._shown += len(shown)
        self._shown_thought += len(shown_thought)
        new_delta = _set_thought(delta, key, thought, shown_thought)
        if shown_thought and key is None:  # held reasoning released with content
            new_delta = {**new_delta, self._thought_key or "reasoning_content": shown_thought}
        if text or shown:
            new_delta = {**new_delta, "content": shown}
        if finish is None:
            return [chunk if new_delta == delta else
                    _with_choice0(chunk, pos, {**choice, "delta": new_delta})]

        self._live = False
        if not held.seen:
            return [chunk]
        cut = None if finish not in _CUT else _truncated("", finish).detail
        rest_text, rest_thought, rec = held.close(cut)
        self._report(rec)
        last_delta = {**new_delta, **self._merge(new_delta, rest_text, rest_thought)}
        if not rec.ok:
            if last_delta == delta:
                return [chunk]
            return [_with_choice0(chunk, pos, {**choice, "delta": last_delta})]

        # Recovered: this chunk (minus its finish) with the last text, one chunk per call, finish.
        head = _with_choice0(chunk, pos, {**choice, "delta": last_delta, "finish_reason": None})
        last = self._synthetic({}, "tool_calls")
        if "usage" in chunk:
            head["usage"] = None
            last["usage"] = chunk["usage"]
        calls = [self._synthetic({"tool_calls": [_stream_item(i, c)]})
                 for i, c in enumerate(rec.calls)]
        return [head, *calls, last]

    def plain(self, event: Any) -> Plain | None:
        """``("content", text, None)`` when ``event`` (a chunk just pushed, passed unchanged) is a
        plain content chunk: choice 0 alone, a non-empty content string, no finish reason, no
        reasoning, no calls (see ``Machine``)."""
        choices = event.get("choices") if self._live and isinstance(event, dict) else None
        if not isinstance(choices, list) or len(choices) != 1:
            return None
        choice = choices[0]
        if not isinstance(choice, dict) or choice.get("index", 0) != 0 or choice.get(
                "finish_reason") is not None:
            return None
        delta = choice.get("delta")
        if not isinstance(delta, dict) or _structured(delta) or _thought(delta)[0] is not None:
            return None
        content = delta.get("content")
        return ("content", content, None) if isinstance(content, str) and content else None

    def push_plain(self, texts: Sequence[str], counter: int | None = None) -> int:
        """Take the leading content deltas of chunks shaped like the last plain one that are
        shown as they came: how many were taken (those chunks pass unchanged, as ``push`` would
        return them; call ``push`` for the next one)."""
        if counter is not None or not self._live or self._held is None:
            return 0
        k = self._held.feed_plain(texts)
        self._shown += sum(map(len, texts[:k]))
        return k

    def received(self) -> int:
        """Characters of choice 0's content and reasoning received."""
        return self._held.received if self._held is not None else 0

    def _merge(self, delta: Chunk, text: str, thought: str) -> Chunk:
        """Delta fields adding released text and reasoning after what ``delta`` already shows."""
        out: Chunk = {}
        if text or isinstance(delta.get("content"), str):
            out["content"] = (delta.get("content") or "") + text
        if thought:
            k = self._thought_key or "reasoning_content"
            out[k] = (delta.get(k) or "") + thought
        return out

    def finish(self) -> list[Any]:
        """The source ended: a reply without a finish_reason for choice 0 was cut."""
        if not self._live:
            return []
        self._live = False
        if self._held is None or not self._held.seen:
            return []
        text, thought, rec = self._held.close("the stream ended without a finish_reason")
        self._report(rec)
        rest = self._rest(text, thought)
        return [self._types.out(None, self._synthetic(rest))] if rest else []

    def _report(self, rec: Recovery) -> None:
        if self._on_recovery is not None:
            self._on_recovery(rec)

    def abandon(self) -> list[Any]:
        """Stop repairing, with no decision: what is held, released as it came."""
        if not self._live:
            return []
        self._live = False
        if self._held is None:
            return []
        rest = self._rest(self._held.text[self._shown :], self._held.thought[self._shown_thought :])
        return [self._types.out(None, self._synthetic(rest))] if rest else []

    def held(self) -> int:
        """Characters received and not yet shown."""
        if not self._live or self._held is None:
            return 0
        return (len(self._held.text) - self._shown) + (len(self._held.thought) - self._shown_thought)

    def error(self, code: str, message: str) -> Any:
        """An error event in this API's shape (a chunk of its own: ``{"error": ...}``)."""
        return {"error": {"message": message, "type": code, "code": code, "param": None}}


def _stream_item(index: int, call: ToolCall) -> Chunk:
    return {"index": index, **call.to_openai()}


def repair_stream(
    chunks: Iterable[Any],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Iterator[Any]:
    """Yield ``chunks`` (Chat Completions chunk dicts or ``ChatCompletionChunk`` objects) with
    leaked tool-call markup repaired.

    Content of choice 0 is shown as soon as it cannot be markup; from a possible opener on it is
    held until the finish chunk, then either released unchanged (refusal) or released without the
    markup, followed by the recovered ``tool_calls`` and ``finish_reason: "tool_calls"``. See the
    module docstring for the rules (``"length"`` means truncated: nothing is recovered).
    For an async source use ``repair_stream_async``.
    """
    yield from drive(_StreamRepair(tools, id_salt, reasoning, families, on_recovery), chunks)


async def repair_stream_async(
    chunks: AsyncIterable[Any],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> AsyncIterator[Any]:
    """``repair_stream`` for an async iterable of chunks."""
    async for out in drive_async(
            _StreamRepair(tools, id_salt, reasoning, families, on_recovery), chunks):
        yield out


def repair_completion(
    completion: Any,
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Any:
    """Repair a non-streaming ``chat.completion`` (a dict or the SDK's ``ChatCompletion``).

    When calls are recovered from choice 0's ``message.content`` (or its reasoning field, with
    ``reasoning="recover"``), returns a new completion of the same kind whose ``message.content``
    is the reply without the markup, ``message.tool_calls`` the recovered calls and
    ``finish_reason`` ``"tool_calls"``. Otherwise returns ``completion`` itself: on a refusal,
    when the message already has ``tool_calls``, or when ``finish_reason`` is
    ``"length"``/``"content_filter"`` (the reply was cut: refused as truncated).
    """
    d, kind = as_dict(completion)
    if d is None:
        return completion
    pos = _choice0(d.get("choices"))
    if pos is None:
        return completion
    choice: Chunk = d["choices"][pos]
    message = choice.get("message")
    if not isinstance(message, dict) or _structured(message):
        return completion
    content = message.get("content")
    text = content if isinstance(content, str) else ""
    key, thought = _thought(message)
    if not text and not thought:
        return completion
    finish = choice.get("finish_reason")
    if finish in _CUT:
        if on_recovery is not None:
            on_recovery(_truncated(text, finish))
        return completion
    tools_, salt = tools, salt_of(id_salt, d.get("id"))
    new_text, new_thought, rec = decide(text, thought, tools_, salt, reasoning, families)
    if on_recovery is not None:
        on_recovery(rec)
    if not rec.ok:
        return completion
    new_message = {**_set_thought(message, key, thought, new_thought),
                   "content": new_text or None,  # only markup: null, as the API sends it
                   "tool_calls": [c.to_openai() for c in rec.calls]}
    return like(completion, kind, _with_choice0(d, pos, {**choice, "message": new_message,
                                                         "finish_reason": "tool_calls"}))


# --- Responses API ---------------------------------------------------------------------------------

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


class _ResponsesRepair:
    """The state machine behind ``repair_response_stream`` (and its async variant)."""

    def __init__(self, tools: Sequence[Any] | Recoverer, id_salt: str | None, reasoning: ReasoningMode | None,
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
        return len(self._held.text) - self._shown if self._live and self._held is not None else 0

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
        """An ``error`` event in this API's shape, numbered after the events sent."""
        return self._new({"type": "error", "code": code, "message": message, "param": None})


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
    yield from drive(_ResponsesRepair(tools, id_salt, reasoning, families, on_recovery), events)


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
            _ResponsesRepair(tools, id_salt, reasoning, families, on_recovery), events):
        yield out
