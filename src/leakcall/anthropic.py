"""Anthropic Messages adapter: repair messages whose tool calls leaked into a text block.

Works on plain dicts (decoded JSON, or a ``model_dump()``) and on the ``anthropic`` SDK's own
objects (``Message``, the raw stream events): what comes out is the same kind as what went in.
The SDK is imported only when its objects are given.

- ``repair_message(message, tools)``: a non-streaming ``Message``.
- ``repair_message_stream(events, tools)``: the SSE events (``message_start``,
  ``content_block_start``/``delta``/``stop``, ``message_delta``, ``message_stop``, ``ping``).
- ``repair_message_stream_async``: the same for an async iterable.

Rules:

- The reply text is the message's one ``text`` block (``thinking`` blocks beside it are fine). A
  message that already holds a ``tool_use`` (or any other non-text) block, or several text blocks,
  is left alone.
- ``stop_reason`` ``"max_tokens"``, ``"model_context_window_exceeded"`` or ``"refusal"`` (or
  none at all) means the reply was cut: nothing is recovered; the reply is refused as
  ``truncated``, as ``finish_reason: "length"`` is in Chat Completions.
- When calls are recovered, the text block holds the reply without the markup (it is dropped
  when only whitespace is left and it is the last block: the API refuses empty text blocks sent
  back), each call follows as a ``tool_use`` block (``input`` the arguments, ``id`` the recovered
  id) and ``stop_reason`` becomes ``"tool_use"``. Otherwise ``stop_reason`` is unchanged.
- ``id_salt`` defaults to the message's ``id``; ``reasoning``/``families`` are ``recover``'s
  options; ``on_recovery`` gets the ``Recovery`` once per message that had text.
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
from .result import Recovery, ToolCall

__all__ = ["repair_message", "repair_message_stream", "repair_message_stream_async"]

Obj = dict[str, Any]

_CUT = (None, "max_tokens", "model_context_window_exceeded", "refusal")
_BESIDE = ("text", "thinking", "redacted_thinking")  # any other block is a structured call or tool


def _cut_why(stop: object) -> str:
    return ("the message has no stop_reason" if stop is None
            else f"stop_reason is {stop!r}: the reply was cut")


def _text_block(msg: Obj) -> int | bool | None:
    """Position of the one text block; False to leave the message alone; None without text."""
    content = msg.get("content")
    if not isinstance(content, list):
        return None
    found: list[int] = []
    for i, block in enumerate(content):
        if not isinstance(block, dict) or block.get("type") not in _BESIDE:
            return False
        if block.get("type") == "text":
            found.append(i)
    if len(found) > 1:
        return False
    return found[0] if found else None


def _drop(content: str, last: bool) -> bool:
    return last and not content.strip()


def _apply_message(msg: Obj, rec: Recovery) -> Obj:
    out = dict(msg)
    content = list(msg["content"]) if isinstance(msg.get("content"), list) else []
    where = _text_block(msg)
    if isinstance(where, int) and not isinstance(where, bool):
        if _drop(rec.content, where == len(content) - 1):
            del content[where]
        else:
            content[where] = {**content[where], "text": rec.content}
    content += [c.to_anthropic() for c in rec.calls]
    out["content"] = content
    out["stop_reason"] = "tool_use"
    out["stop_sequence"] = None
    return out


def repair_message(
    message: Any,
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Any:
    """Repair a non-streaming Messages response (a dict or the SDK's ``Message``).

    Returns a new message of the same kind when calls are recovered (see the module docstring),
    else ``message`` itself.
    """
    d, kind = as_dict(message)
    if d is None:
        return message
    where = _text_block(d)
    if where is None or isinstance(where, bool):
        return message
    text = d["content"][where].get("text")
    if not isinstance(text, str) or not text:
        return message
    stop = d.get("stop_reason")
    if stop in _CUT:
        if on_recovery is not None:
            on_recovery(truncated(text, _cut_why(stop)))
        return message
    _, _, rec = decide(text, "", tools, salt_of(id_salt, d.get("id")), reasoning, families)
    if on_recovery is not None:
        on_recovery(rec)
    if not rec.ok:
        return message
    return like(message, kind, _apply_message(d, rec))


def _events() -> Any:
    from anthropic.types import RawMessageStreamEvent  # noqa: PLC0415 - typed input only

    return RawMessageStreamEvent


def _tool_events(index: int, call: ToolCall) -> list[Obj]:
    return [
        {"type": "content_block_start", "index": index,
         "content_block": {"type": "tool_use", "id": call.anthropic_id, "name": call.name,
                           "input": {}}},
        {"type": "content_block_delta", "index": index,
         "delta": {"type": "input_json_delta", "partial_json": call.arguments_json()}},
        {"type": "content_block_stop", "index": index},
    ]


class MessagesStreamRepair:
    """The state machine behind ``repair_message_stream`` (and its async variant)."""

    def __init__(self, tools: Sequence[Any] | Recoverer, id_salt: IdSalt | None,
                 reasoning: ReasoningMode | None,
                 families: Iterable[str] | None, on_recovery: OnRecovery | None) -> None:
        configured(tools, reasoning, families)  # misuse raises here, never inside a push
        self._args = (tools, reasoning, families)
        self._salt = id_salt
        self._on_recovery = on_recovery
        self._types = Retyper(_events)
        self._held: Held | None = None
        self._target: int | None = None  # index of the text block
        self._pending: list[Any] = []  # the text block's start and deltas while only whitespace
        self._flushed = False  # the text block's start was sent
        self._tail: list[Any] = []  # events held after the text block stopped
        self._live = True
        self._blocks = 0  # content blocks announced
        self._last_is_text = False
        self._shown = 0

    def _delta(self, text: str) -> Obj:
        return {"type": "content_block_delta", "index": self._target,
                "delta": {"type": "text_delta", "text": text}}

    def _out(self, d: Obj) -> Any:
        return self._types.out(None, d)

    def _report(self, rec: Recovery) -> None:
        if self._on_recovery is not None:
            self._on_recovery(rec)

    def _release(self, rest: str) -> list[Any]:
        """Everything held, as it came (plus the held text), in order."""
        self._live = False
        out = self._pending
        self._pending = []
        if rest:
            out.append(self._out(self._delta(rest)))
        out += self._tail
        self._tail = []
        return out

    def _give_up(self) -> list[Any]:
        held = self._held.text[self._shown :] if self._held is not None else ""
        return self._release(held)

    def push(self, event: Any) -> list[Any]:
        d = self._types.view(event)
        if d is None or not self._live:
            return [event]
        t = d.get("type")
        if t == "message_start":
            msg = d.get("message")
            mid = msg.get("id") if isinstance(msg, dict) else None
            self._held = Held(self._args[0], salt_of(self._salt, mid), self._args[1], self._args[2])
            return [event]
        if self._held is None:
            self._held = Held(self._args[0], salt_of(self._salt, None), self._args[1], self._args[2])
        if t == "content_block_start":
            block = d.get("content_block")
            btype = block.get("type") if isinstance(block, dict) else None
            idx = d.get("index")
            self._blocks = max(self._blocks, (idx if isinstance(idx, int) else self._blocks) + 1)
            self._last_is_text = btype == "text"
            if btype not in _BESIDE or (btype == "text" and self._target is not None):
                return [*self._give_up(), event]
            if btype == "text":
                self._target = idx if isinstance(idx, int) else 0
                self._pending = [event]
                return []
        elif t == "content_block_delta" and d.get("index") == self._target and not self._tail:
            delta = d.get("delta")
            text = delta.get("text") if isinstance(delta, dict) else None
            if not isinstance(delta, dict) or delta.get("type") != "text_delta" \
                    or not isinstance(text, str):
                return [*self._give_up(), event]
            shown = self._held.feed_text(text)[0]
            self._shown += len(shown)
            ev = event if shown == text else self._types.out(
                event, {**d, "delta": {**delta, "text": shown}})
            if self._flushed:
                return [ev] if shown or not text else []
            if shown:
                self._pending.append(ev)
            if shown.strip():
                self._flushed = True
                out, self._pending = self._pending, []
                return out
            return []
        elif t == "content_block_stop" and d.get("index") == self._target and not self._tail:
            self._tail.append(event)
            return []
        elif t == "message_delta":
            return self._decide(event, d)
        elif t in ("message_stop", "error"):
            rest = self._stop(f"the stream ended with {t!r} before a message_delta")
            return [*self._release(rest), event]
        if self._tail or (not self._flushed and self._pending):
            (self._tail if self._tail else self._pending).append(event)
            return []
        return [event]

    def _stop(self, cut: str | None) -> str:
        return self._close(cut)[0]

    def _close(self, cut: str | None) -> tuple[str, str, Recovery | None]:
        self._live = False
        if self._held is None or not self._held.text:
            return "", "", None
        rest, thought, rec = self._held.close(cut)
        self._report(rec)
        return rest, thought, rec

    def _decide(self, event: Any, d: Obj) -> list[Any]:
        delta = d.get("delta")
        stop = delta.get("stop_reason") if isinstance(delta, dict) else None
        rest, _, rec = self._close(_cut_why(stop) if stop in _CUT else None)
        if rec is None or not rec.ok:
            return [*self._release(rest), event]
        first = self._blocks
        if not self._flushed and self._last_is_text and _drop(rec.content, True):
            self._pending = []
            self._tail = self._tail[1:]  # the text block's stop
            first = self._target if self._target is not None else self._blocks
            rest = ""
        out = self._release(rest)
        for k, call in enumerate(rec.calls):
            out += [self._out(e) for e in _tool_events(first + k, call)]
        fixed = {**d, "delta": {**(delta if isinstance(delta, dict) else {}),
                                "stop_reason": "tool_use", "stop_sequence": None}}
        out.append(self._types.out(event, fixed))
        return out

    def finish(self) -> list[Any]:
        """The source ended before a ``message_delta``: the reply was cut."""
        if not self._live:
            return []
        return self._release(self._stop("the stream ended without a message_delta"))

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
        return self._live and self._held is not None and self._flushed and not self._tail

    def plain(self, event: Any) -> Plain | None:
        """``("text", text, None)`` when ``event`` (just pushed, passed unchanged) is a text
        delta of the reply's block once the block started (see ``Machine``)."""
        if not isinstance(event, dict) or event.get("type") != "content_block_delta" \
                or event.get("index") != self._target or not self._open():
            return None
        delta = event.get("delta")
        text = delta.get("text") if isinstance(delta, dict) else None
        if not isinstance(delta, dict) or delta.get("type") != "text_delta" \
                or not isinstance(text, str) or not text:
            return None
        return "text", text, None

    def push_lane(self, source: Obj, text: str, counter: int | None
                  ) -> tuple[str | None, int | None] | None:
        """``push`` of ``source`` (a text delta ``plain`` said is plain) with ``text``, in short
        (see ``Machine``): a delta of the reply's block once its start was sent, which push
        sends with the text shown, or not at all when none shows."""
        if counter is not None or not self._open() or self._held is None or self._types.typed \
                or source.get("index") != self._target:
            return None
        shown = self._held.feed_text(text)[0]
        self._shown += len(shown)
        return (shown or None), None

    def whole_test(self) -> WholeTest | None:
        """``push_plain``'s test of the next texts (see ``Machine``)."""
        return None if not self._open() or self._held is None else self._held.whole_test()

    def push_plain(self, texts: Sequence[str], counter: int | None) -> int:
        """Take the leading texts of deltas shaped like the last plain one that show as they
        came: how many (see ``Machine``)."""
        if counter is not None or not self._open() or self._held is None:
            return 0
        k = self._held.feed_plain(texts)
        self._shown += sum(map(len, texts[:k]))
        return k

    def error(self, code: str, message: str) -> Any:
        """An ``error`` event in this API's shape."""
        return self._out({"type": "error", "error": {"type": code, "message": message}})


def repair_message_stream(
    events: Iterable[Any],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Iterator[Any]:
    """Yield a Messages event stream (dicts or the SDK's raw events: the same kind comes out) with
    leaked tool-call markup repaired.

    Text deltas are shown as soon as they cannot be markup (the text block starts once it shows
    more than whitespace); from a possible opener on the text is held. The text block's stop and
    what follows it wait for ``message_delta``, where the decision is taken: on a refusal the held
    text is released unchanged; when calls are recovered the rest of the text (without the
    markup) is released, each call follows as a ``tool_use`` block (``content_block_start``, one
    ``input_json_delta`` with the whole arguments JSON, ``content_block_stop``) and the
    ``message_delta`` says ``stop_reason: "tool_use"``. A cut ``stop_reason``, or a stream that
    ends without ``message_delta``, is refused as ``truncated``.
    """
    yield from drive(MessagesStreamRepair(tools, id_salt, reasoning, families, on_recovery), events)


async def repair_message_stream_async(
    events: AsyncIterable[Any],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str | None = None,
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> AsyncIterator[Any]:
    """``repair_message_stream`` for an async iterable of events."""
    async for out in drive_async(
            MessagesStreamRepair(tools, id_salt, reasoning, families, on_recovery), events):
        yield out
