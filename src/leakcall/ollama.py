"""Ollama adapter: repair ``/api/chat`` replies whose tool calls leaked into ``message.content``.

Works on plain dicts (decoded JSON lines) and on the ``ollama`` package's ``ChatResponse``
objects: what comes out is the same kind as what went in. The package is imported only when its
objects are given.

- ``repair_chat(response, tools)``: a non-streamed reply (``stream: false``).
- ``repair_chat_stream(chunks, tools)``: the streamed reply, one chunk per NDJSON line, the last
  one ``done: true`` with the stats. ``repair_chat_stream_async`` for an async iterable.

Rules:

- The reply text is ``message.content``; ``message.thinking`` is read as a reasoning block before
  it, as Chat Completions' ``reasoning_content`` is (``reasoning="ignore"`` refuses a call found
  only there as ``reasoning``; ``"recover"`` examines it and removes the recovered markup).
- A reply that already carries ``message.tool_calls`` is left alone. ``done_reason: "length"``,
  or a stream that ends without its ``done: true`` line (or with an ``error`` line), means the
  reply was cut: refused as ``truncated``.
- When calls are recovered, ``message.content`` is the reply without the markup (``""`` when it
  was only markup, as Ollama sends a reply of calls alone) and ``message.tool_calls`` holds each
  call as Ollama writes one: ``{"id", "function": {"index", "name", "arguments": {...}}}``.
  ``done_reason`` stays ``"stop"``, as Ollama's own is for a reply with calls.
- In a stream, text is shown as soon as it cannot be markup; from a possible opener on it is
  held. At the ``done`` line the held text is released (without the markup when calls are
  recovered) in one chunk, the calls follow in one chunk, then the ``done`` line, its stats as
  they came (its own text, if any, moves into the chunk before it).
- ``id_salt`` defaults to the reply's ``created_at`` (Ollama replies carry no id), so the same
  call in two turns gets two ids and repairing the same reply twice gives the same ids.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator, Sequence
from typing import Any

from ._plainrun import WholeTest
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
from .ids import IdSalt
from .pipeline import ReasoningMode
from .recoverer import Recoverer
from .result import Recovery

__all__ = ["repair_chat", "repair_chat_stream", "repair_chat_stream_async"]

Obj = dict[str, Any]

_CUT = ("length",)


def _cut_why(done_reason: object) -> str:
    return f"done_reason is {done_reason!r}: the reply was cut"


def _text(message: Obj, key: str) -> str:
    value = message.get(key)
    return value if isinstance(value, str) else ""


def _with_thinking(message: Obj, thinking: str) -> Obj:
    """``message`` with ``thinking`` set, or without the key when it is empty (Ollama omits it)."""
    out = {k: v for k, v in message.items() if k != "thinking"}
    if thinking:
        out["thinking"] = thinking
    return out


def repair_chat(
    response: Any,
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Any:
    """Repair a non-streamed ``/api/chat`` reply (a dict or ``ollama.ChatResponse``).

    Returns a new reply of the same kind when calls are recovered (see the module docstring),
    else ``response`` itself.
    """
    d, kind = as_dict(response)
    if d is None:
        return response
    message = d.get("message")
    if not isinstance(message, dict) or message.get("tool_calls"):
        return response
    text, thought = _text(message, "content"), _text(message, "thinking")
    if not text and not thought:
        return response
    if d.get("done_reason") in _CUT:
        if on_recovery is not None:
            on_recovery(truncated(text, _cut_why(d.get("done_reason"))))
        return response
    new_text, new_thought, rec = decide(text, thought, tools, salt_of(id_salt, d.get("created_at")),
                                        reasoning, families)
    if on_recovery is not None:
        on_recovery(rec)
    if not rec.ok:
        return response
    kept = _with_thinking(message, new_thought) if new_thought != thought else message
    new_message = {**kept, "content": new_text,
                   "tool_calls": [c.to_ollama(i) for i, c in enumerate(rec.calls)]}
    return like(response, kind, {**d, "message": new_message})


def _chunk_type() -> Any:
    from ollama import ChatResponse  # noqa: PLC0415 - typed input only

    return ChatResponse


class OllamaChatStreamRepair:
    """The state machine behind ``repair_chat_stream`` (and the proxy's ``/api/chat`` route)."""

    def __init__(self, tools: Sequence[Any] | Recoverer, id_salt: IdSalt | None,
                 reasoning: ReasoningMode | None, families: Iterable[str] | None,
                 on_recovery: OnRecovery | None) -> None:
        configured(tools, reasoning, families)  # misuse raises here, never inside a push
        self._args = (tools, reasoning, families)
        self._salt = id_salt
        self._on_recovery = on_recovery
        self._types = Retyper(_chunk_type)
        self._held: Held | None = None
        self._shown = 0  # characters of the content released so far
        self._shown_thought = 0  # and of the thinking
        self._live = True  # still repairing (no structured calls, no done line seen)
        self._template: Obj = {}  # the last chunk seen

    def _chunk(self, message: Obj) -> Obj:
        """A chunk like the last one seen, holding ``message`` (``done: false``)."""
        t = self._template
        return {"model": t.get("model", ""), "created_at": t.get("created_at", ""),
                "message": {"role": "assistant", **message}, "done": False}

    def _rest(self, text: str, thought: str) -> list[Obj]:
        """One chunk releasing ``text`` and ``thought``, or none."""
        if not text and not thought:
            return []
        return [self._chunk(_with_thinking({"content": text}, thought))]

    def _report(self, rec: Recovery) -> None:
        if self._on_recovery is not None:
            self._on_recovery(rec)

    def push(self, event: Any) -> list[Any]:
        d = self._types.view(event)
        if d is None:
            return [event]
        return [event if e is d else self._types.out(None, e) for e in self._push(d)]

    def _push(self, d: Obj) -> list[Obj]:
        if not self._live:
            return [d]
        message = d.get("message")
        if not isinstance(message, dict):
            if "error" in d:  # the upstream failed mid-reply: it was cut
                return [*self._close("the stream ended with an error"), d]
            return [d]
        if self._held is None:
            tools, reasoning, families = self._args
            self._held = Held(tools, salt_of(self._salt, d.get("created_at")), reasoning, families)
        held = self._held
        self._template = d
        if message.get("tool_calls"):  # real calls: leave the reply alone, release what is held
            self._live = False
            return [*self._rest(held.text[self._shown :], held.thought[self._shown_thought :]), d]
        text, thought = _text(message, "content"), _text(message, "thinking")
        a_text, a_thought = held.feed_thought(thought)
        b_text, b_thought = held.feed_text(text)
        shown, shown_thought = a_text + b_text, a_thought + b_thought
        self._shown += len(shown)
        self._shown_thought += len(shown_thought)
        if d.get("done") is not True:
            if shown == text and shown_thought == thought:
                return [d]
            return [{**d, "message": {**_with_thinking(message, shown_thought), "content": shown}}]
        self._live = False
        if not held.seen:
            return [d]
        cut = _cut_why(d.get("done_reason")) if d.get("done_reason") in _CUT else None
        rest, rest_thought, rec = held.close(cut)
        self._report(rec)
        out = self._rest(shown + rest, shown_thought + rest_thought)
        if rec.ok:
            out.append(self._chunk({"content": "",
                                    "tool_calls": [c.to_ollama(i) for i, c in enumerate(rec.calls)]}))
        if text or thought:  # its own text went into the chunk before it
            d = {**d, "message": {**_with_thinking(message, ""), "content": ""}}
        return [*out, d]

    def _close(self, cut: str) -> list[Obj]:
        """The reply ended without its ``done`` line: decided as cut, what is held released."""
        self._live = False
        if self._held is None or not self._held.seen:
            return []
        text, thought, rec = self._held.close(cut)
        self._report(rec)
        return self._rest(text, thought)

    def finish(self) -> list[Any]:
        """The source ended: a reply without its ``done`` line was cut."""
        if not self._live:
            return []
        return [self._types.out(None, e) for e in self._close("the stream ended without done")]

    def abandon(self) -> list[Any]:
        """Stop repairing, with no decision: what is held, released as it came."""
        if not self._live:
            return []
        self._live = False
        if self._held is None:
            return []
        rest = self._rest(self._held.text[self._shown :], self._held.thought[self._shown_thought :])
        return [self._types.out(None, e) for e in rest]

    def held(self) -> int:
        """Characters received and not yet shown."""
        if not self._live or self._held is None:
            return 0
        return (self._held.chars - self._shown) + (self._held.thought_chars - self._shown_thought)

    def received(self) -> int:
        """Characters of the content and thinking received."""
        return self._held.received if self._held is not None else 0

    def plain(self, event: Any) -> Plain | None:
        """Never: NDJSON lines are always decoded (see ``Machine``)."""
        return None

    def push_plain(self, texts: Sequence[str], counter: int | None) -> int:
        return 0

    def whole_test(self) -> WholeTest | None:
        return None  # no lanes on NDJSON

    def push_lane(self, source: Any, text: str, counter: int | None
                  ) -> tuple[str | None, int | None] | None:
        return None  # no lanes on NDJSON

    def error(self, code: str, message: str) -> Any:
        """An error line in Ollama's shape (``{"error": message}``; ``code`` beside it)."""
        return {"error": message, "code": code}


def repair_chat_stream(
    chunks: Iterable[Any],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Iterator[Any]:
    """Yield a streamed ``/api/chat`` reply (dicts, or ``ollama.ChatResponse`` objects: the same
    kind comes out) with leaked tool-call markup repaired (see the module docstring)."""
    yield from drive(OllamaChatStreamRepair(tools, id_salt, reasoning, families, on_recovery), chunks)


async def repair_chat_stream_async(
    chunks: AsyncIterable[Any],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> AsyncIterator[Any]:
    """``repair_chat_stream`` for an async iterable of chunks."""
    async for out in drive_async(
            OllamaChatStreamRepair(tools, id_salt, reasoning, families, on_recovery), chunks):
        yield out
