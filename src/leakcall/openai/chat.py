"""Chat Completions: ``repair_stream``, ``repair_stream_async`` and ``repair_completion`` (the
rules are in ``leakcall.openai``'s docstring); ``ChatStreamRepair`` is the stream machine the
wire path drives."""

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

__all__ = ["ChatStreamRepair", "choice0", "repair_completion", "repair_stream", "repair_stream_async",
           "structured"]

Chunk = dict[str, Any]

_CUT = ("length", "content_filter")
_THOUGHT_KEYS = ("reasoning_content", "reasoning")


def _truncated(text: str, finish: str | None) -> Recovery:
    return truncated(text, "the stream ended without a finish_reason" if finish is None
                     else f"finish_reason is {finish!r}: the reply was cut")


def choice0(choices: object) -> int | None:
    """Position of the choice with index 0 in a ``choices`` list, if any."""
    if not isinstance(choices, list):
        return None
    for pos, ch in enumerate(choices):
        if isinstance(ch, dict) and ch.get("index", 0) == 0:
            return pos
    return None


def structured(part: object) -> bool:
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


class ChatStreamRepair:
    """The state machine behind ``repair_stream`` and ``repair_stream_async``."""

    def __init__(self, tools: Sequence[Any] | Recoverer, id_salt: IdSalt | None,
                 reasoning: ReasoningMode | None,
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
        pos = choice0(t.get("choices"))
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
        pos = choice0(chunk.get("choices"))
        if pos is None:
            return [chunk]
        held = self._state(chunk)
        choice: Chunk = chunk["choices"][pos]
        delta = choice.get("delta")
        delta = delta if isinstance(delta, dict) else {}
        self._template = chunk
        finish = choice.get("finish_reason")

        if structured(delta):
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
        if not isinstance(delta, dict) or structured(delta) or _thought(delta)[0] is not None:
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
        if k:
            self._shown += len(texts[0]) if k == 1 else sum(map(len, texts[:k]))
        return k

    def whole_test(self) -> WholeTest | None:
        """``push_plain``'s test of the next texts (see ``Machine``)."""
        return None if not self._live or self._held is None else self._held.whole_test()

    def push_lane(self, source: Chunk, text: str, counter: int | None = None
                  ) -> tuple[str | None, int | None] | None:
        """``push`` of ``source`` (a chunk ``plain`` said is plain) with ``text`` (non-empty) as
        its content, in short (see ``Machine``): (the content of the chunk push sends, which is
        ``source``'s with that content, None), the pushed chunk itself when that is ``text``;
        None, having done nothing, where push differs (not live, no text yet, reasoning routed
        with the text, a counter). Such a chunk differs from ``source`` in its content only, so
        every other step of ``_push`` is the same for both: no finish, no calls, no reasoning;
        the template's fields but its choices, and its delta's keys, are ``source``'s."""
        held = self._held
        if counter is not None or not self._live or held is None or held.wrapped or self._types.typed:
            return None
        self._template = source
        shown = held.feed_text(text)[0]
        self._shown += len(shown)
        return shown, None

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
        return (self._held.chars - self._shown) + (self._held.thought_chars - self._shown_thought)

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
    yield from drive(ChatStreamRepair(tools, id_salt, reasoning, families, on_recovery), chunks)


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
            ChatStreamRepair(tools, id_salt, reasoning, families, on_recovery), chunks):
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
    pos = choice0(d.get("choices"))
    if pos is None:
        return completion
    choice: Chunk = d["choices"][pos]
    message = choice.get("message")
    if not isinstance(message, dict) or structured(message):
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
