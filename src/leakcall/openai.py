"""OpenAI Chat Completions adapter: repair responses whose tool calls leaked into the content.

Works on plain dicts (what the ``openai`` SDK's ``model_dump()`` gives, or decoded JSON from any
compatible server); it does not import the SDK.

- ``repair_stream(chunks, tools)``: an iterable of ``chat.completion.chunk`` dicts in, the same
  stream out, except that ``delta.content`` of choice 0 never carries recovered markup. When calls
  are recovered they arrive as ``delta.tool_calls`` in the final chunks (one chunk per call, with
  ``index``, ``id``, ``type: "function"``, ``function.name`` and the whole ``function.arguments``
  JSON string), followed by a chunk whose ``finish_reason`` is ``"tool_calls"``.
- ``repair_stream_async``: the same for an async iterable.
- ``repair_completion(completion, tools)``: a non-streaming ``chat.completion`` dict.

Rules (all three):

- Only choice 0 is repaired; other choices pass through untouched.
- A response that already carries structured ``tool_calls`` (or a legacy ``function_call``) is
  left alone.
- ``finish_reason`` ``"length"`` (or ``"content_filter"``) means the reply was cut: nothing is
  recovered; the reply is refused as ``truncated``. A stream that ends without a
  ``finish_reason`` for choice 0 is treated the same way.
- The recovered reply's remaining text (``Recovery.content``, byte-exact, possibly ``""``) is the
  content; ``finish_reason`` becomes ``"tool_calls"`` only when calls were recovered.
- Everything else (ids, model, usage, logprobs, other delta fields, extra server fields) passes
  through unchanged. Input dicts are never mutated. Note that ``logprobs`` are passed through as
  they come, so held-back markup tokens still appear there.

``tools`` is the advertised tool list, or a ``Recoverer`` (then its own ``reasoning`` and
``families`` apply, and passing them again is an error). ``id_salt``, ``reasoning`` and
``families`` are ``recover``'s options. ``on_recovery``, when
given, is called once per response with the ``Recovery`` for choice 0 (recovered, refused, or
refused as truncated); it is not called when the response carried structured tool calls or no text.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator, Sequence
from typing import Any

from .pipeline import ReasoningMode
from .reasons import Reason
from .recoverer import Recoverer, recoverer_for
from .result import Recovery, ToolCall

__all__ = ["repair_completion", "repair_stream", "repair_stream_async"]

OnRecovery = Callable[[Recovery], None]
Chunk = dict[str, Any]

_CUT = ("length", "content_filter")


def _recoverer(tools: Sequence[Any] | Recoverer, reasoning: ReasoningMode | None,
               families: Iterable[str] | None) -> Recoverer:
    if not isinstance(tools, Recoverer):
        return recoverer_for(tools, reasoning="ignore" if reasoning is None else reasoning,
                             families=families)
    if families is not None or reasoning not in (None, tools.reasoning):
        raise ValueError("tools is a Recoverer: set reasoning and families on the Recoverer")
    return tools


def _truncated(text: str, finish: str | None) -> Recovery:
    why = ("the stream ended without a finish_reason" if finish is None
           else f"finish_reason is {finish!r}: the reply was cut")
    return Recovery(reason=Reason.TRUNCATED, content=text, detail=why)


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


def _with_choice0(chunk: Chunk, pos: int, choice: Chunk) -> Chunk:
    choices = list(chunk["choices"])
    choices[pos] = choice
    out = dict(chunk)
    out["choices"] = choices
    return out


class _StreamRepair:
    """The state machine behind ``repair_stream`` and ``repair_stream_async``."""

    def __init__(self, rc: Recoverer, id_salt: str, on_recovery: OnRecovery | None) -> None:
        self._rec = rc.stream(id_salt=id_salt)
        self._on_recovery = on_recovery
        self._pieces: list[str] = []  # choice 0's content as received
        self._shown = 0  # characters of it released so far
        self._live = True  # still repairing (no structured calls, no finish seen)
        self._template: Chunk | None = None  # the last chunk that held choice 0

    def _held(self) -> str:
        return "".join(self._pieces)[self._shown :]

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

    def push(self, chunk: Chunk) -> list[Chunk]:
        if not self._live or not isinstance(chunk, dict):
            return [chunk]
        pos = _choice0(chunk.get("choices"))
        if pos is None:
            return [chunk]
        choice: Chunk = chunk["choices"][pos]
        delta = choice.get("delta")
        delta = delta if isinstance(delta, dict) else {}
        self._template = chunk
        finish = choice.get("finish_reason")

        if _structured(delta):
            # Real tool calls: leave the response alone; release what was held, as it was.
            self._live = False
            held = self._held()
            return [self._synthetic({"content": held}), chunk] if held else [chunk]

        content = delta.get("content")
        shown = ""
        if isinstance(content, str) and content:
            self._pieces.append(content)
            shown = self._rec.feed(content)
            self._shown += len(shown)
        if finish is None:
            if not (isinstance(content, str) and content):
                return [chunk]
            return [_with_choice0(chunk, pos, {**choice, "delta": {**delta, "content": shown}})]

        self._live = False
        if finish in _CUT:
            text = "".join(self._pieces)
            if text:
                self._report(_truncated(text, finish))
            rest = shown + text[self._shown :]
            if not rest and not content:
                return [chunk]
            return [_with_choice0(chunk, pos, {**choice, "delta": {**delta, "content": rest}})]

        end = self._rec.close()
        if self._pieces:
            self._report(end.recovery)
        rest = shown + end.text
        if not end.recovery.ok:
            if not rest and not content:
                return [chunk]
            return [_with_choice0(chunk, pos, {**choice, "delta": {**delta, "content": rest}})]

        # Recovered: this chunk (minus its finish) with the last text, one chunk per call, finish.
        head = _with_choice0(chunk, pos, {**choice, "delta": {**delta, "content": rest},
                                          "finish_reason": None})
        last = self._synthetic({}, "tool_calls")
        if "usage" in chunk:
            head["usage"] = None
            last["usage"] = chunk["usage"]
        calls = [self._synthetic({"tool_calls": [_stream_item(i, c)]})
                 for i, c in enumerate(end.recovery.calls)]
        return [head, *calls, last]

    def finish(self) -> list[Chunk]:
        """The source ended: a reply without a finish_reason for choice 0 was cut."""
        if not self._live:
            return []
        self._live = False
        text = "".join(self._pieces)
        if not text:
            return []
        self._report(_truncated(text, None))
        held = text[self._shown :]
        return [self._synthetic({"content": held})] if held else []

    def _report(self, rec: Recovery) -> None:
        if self._on_recovery is not None:
            self._on_recovery(rec)


def _stream_item(index: int, call: ToolCall) -> Chunk:
    return {"index": index, **call.to_openai()}


def repair_stream(
    chunks: Iterable[Chunk],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str = "",
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Iterator[Chunk]:
    """Yield ``chunks`` (Chat Completions chunk dicts) with leaked tool-call markup repaired.

    Content of choice 0 is shown as soon as it cannot be markup; from a possible opener on it is
    held until the finish chunk, then either released unchanged (refusal) or released without the
    markup, followed by the recovered ``tool_calls`` and ``finish_reason: "tool_calls"``. See the
    module docstring for the rules (``"length"`` means truncated: nothing is recovered).
    For an async source use ``repair_stream_async``.
    """
    state = _StreamRepair(_recoverer(tools, reasoning, families), id_salt, on_recovery)
    for chunk in chunks:
        yield from state.push(chunk)
    yield from state.finish()


async def repair_stream_async(
    chunks: AsyncIterable[Chunk],
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str = "",
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> AsyncIterator[Chunk]:
    """``repair_stream`` for an async iterable of chunk dicts."""
    state = _StreamRepair(_recoverer(tools, reasoning, families), id_salt, on_recovery)
    async for chunk in chunks:
        for out in state.push(chunk):
            yield out
    for out in state.finish():
        yield out


def repair_completion(
    completion: Chunk,
    tools: Sequence[Any] | Recoverer,
    *,
    id_salt: str = "",
    reasoning: ReasoningMode | None = None,
    families: Iterable[str] | None = None,
    on_recovery: OnRecovery | None = None,
) -> Chunk:
    """Repair a non-streaming ``chat.completion`` dict.

    When calls are recovered from choice 0's ``message.content``, returns a new dict whose
    ``message.content`` is the reply without the markup, ``message.tool_calls`` the recovered
    calls and ``finish_reason`` ``"tool_calls"``. Otherwise returns ``completion`` itself: on a
    refusal, when the message already has ``tool_calls``, or when ``finish_reason`` is
    ``"length"``/``"content_filter"`` (the reply was cut: refused as truncated).
    """
    rc = _recoverer(tools, reasoning, families)
    pos = _choice0(completion.get("choices"))
    if pos is None:
        return completion
    choice: Chunk = completion["choices"][pos]
    message = choice.get("message")
    if not isinstance(message, dict) or _structured(message):
        return completion
    content = message.get("content")
    if not isinstance(content, str) or not content:
        return completion
    finish = choice.get("finish_reason")
    if finish in _CUT:
        if on_recovery is not None:
            on_recovery(_truncated(content, finish))
        return completion
    rec = rc.recover(content, id_salt=id_salt)
    if on_recovery is not None:
        on_recovery(rec)
    if not rec.ok:
        return completion
    new_message = {**message, "content": rec.content,
                   "tool_calls": [c.to_openai() for c in rec.calls]}
    return _with_choice0(completion, pos, {**choice, "message": new_message,
                                           "finish_reason": "tool_calls"})
