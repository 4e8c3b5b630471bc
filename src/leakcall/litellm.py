"""LiteLLM integration: a callback that repairs leaked tool calls in LiteLLM's chat completions,
in the LiteLLM proxy (streamed and not) and in the SDK.

LiteLLM proxy (``config.yaml``)::

    litellm_settings:
      callbacks: leakcall.litellm.handler

SDK::

    litellm.callbacks = [leakcall.litellm.handler]      # litellm.acompletion, litellm.Router
    stream = leakcall.litellm.repair_stream_async(await litellm.acompletion(..., stream=True),
                                                  tools)

``handler`` is a ``LeakcallCallback()`` (a ``litellm.integrations.custom_logger.CustomLogger``)
with the default options; build your own for others (``reasoning``, ``families``,
``on_recovery``). Its hooks, LiteLLM's points where a callback may change a reply:

- ``async_post_call_success_deployment_hook``: a whole reply of ``litellm.acompletion`` (and so of
  a ``Router`` and the proxy, which call it), repaired by ``repair_response``;
- ``async_post_call_success_hook`` (proxy): the same, for a reply that reaches it unrepaired;
- ``async_post_call_streaming_iterator_hook`` (proxy): a stream, by ``repair_stream_async``.

Only requests that advertise ``tools`` (and do not say ``tool_choice: "none"``) are repaired,
with those tools; the id salt is a digest of the conversation, as in the proxy. LiteLLM's SDK
calls no hook on each chunk of a stream (its streaming deployment hook sees the last chunk only)
and none on a synchronous call: wrap those with ``repair_stream_async``, ``repair_stream`` and
``repair_response``. A stream repaired here is one chunk out per chunk in: text that may be
markup goes out as ``content: None`` until the chunk with the finish reason, which then carries
the held text without the markup, the recovered ``tool_calls`` and ``finish_reason:
"tool_calls"`` (``leakcall.openai.repair_stream`` rules).

``litellm`` is imported only when ``LeakcallCallback`` (or ``handler``) is first used: this
module imports without it.
"""

from __future__ import annotations

import copy
from collections.abc import AsyncGenerator, AsyncIterator, Iterable, Iterator
from typing import Any

from ._wire import OnRecovery, request_salt
from .openai import chat as _openai
from .pipeline import ReasoningMode

__all__ = ["LeakcallCallback", "handler", "repair_response", "repair_stream",
           "repair_stream_async"]

LeakcallCallback: Any
"""The callback class (a ``CustomLogger``), built on first use."""
handler: Any
"""A ``LeakcallCallback()`` with the default options, built on first use."""


def _tools(data: Any) -> list[Any] | None:
    """The request's tools, when it asks for a repair."""
    if not isinstance(data, dict):
        return None
    params = data.get("optional_params")
    tools = data.get("tools")
    if tools is None and isinstance(params, dict):
        tools = params.get("tools")
        choice = params.get("tool_choice")
    else:
        choice = data.get("tool_choice")
    if not isinstance(tools, list) or not tools or choice in ("none", {"type": "none"}):
        return None
    return tools


def _salt(data: dict[str, Any]) -> str:
    return request_salt({"messages": data.get("messages")})


def _dump(obj: Any) -> dict[str, Any] | None:
    if isinstance(obj, dict):
        return obj
    dump = getattr(obj, "model_dump", None)
    d = dump() if callable(dump) else None
    return d if isinstance(d, dict) else None


def _set(obj: Any, key: str, value: Any) -> None:
    if isinstance(obj, dict):
        obj[key] = value
    else:
        setattr(obj, key, value)


def _get(obj: Any, key: str) -> Any:
    return obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None)


def _call_objects(calls: list[dict[str, Any]], delta: bool) -> list[Any]:
    """Recovered calls as LiteLLM's tool call objects (``ChatCompletionMessageToolCall``, or
    ``ChatCompletionDeltaToolCall`` in a stream)."""
    from litellm.types.utils import (  # noqa: PLC0415 - litellm only where it is used
        ChatCompletionDeltaToolCall,
        ChatCompletionMessageToolCall,
        Function,
    )

    out: list[Any] = []
    for c in calls:
        fn = Function(name=c["function"]["name"], arguments=c["function"]["arguments"])
        if delta:
            out.append(ChatCompletionDeltaToolCall(id=c["id"], type="function", function=fn,
                                                   index=c.get("index", len(out))))
        else:
            out.append(ChatCompletionMessageToolCall(id=c["id"], type="function", function=fn))
    return out


def repair_response(response: Any, tools: list[Any], *, id_salt: str | None = None,
                    reasoning: ReasoningMode | None = None, families: Iterable[str] | None = None,
                    on_recovery: OnRecovery | None = None) -> Any:
    """Repair a LiteLLM ``ModelResponse`` (or a dict) in place and return it: when calls are
    recovered from choice 0, its message's ``content`` loses the markup, ``tool_calls`` holds
    the calls and ``finish_reason`` is ``"tool_calls"`` (``leakcall.openai.repair_completion``)."""
    d = _dump(response)
    if d is None:
        return response
    fixed = _openai.repair_completion(d, tools, id_salt=id_salt, reasoning=reasoning,
                                      families=families, on_recovery=on_recovery)
    if fixed is d:
        return response
    new = next(c for c in fixed["choices"] if c.get("index", 0) == 0)
    choice = next(c for c in _get(response, "choices") if (_get(c, "index") or 0) == 0)
    message = _get(choice, "message")
    for key, value in new["message"].items():
        if key == "tool_calls":
            _set(message, key, value if isinstance(response, dict) else _call_objects(value, False))
        elif key == "content" or value != _get(message, key):
            _set(message, key, value)
    _set(choice, "finish_reason", "tool_calls")
    return response


class _ChunkRepair:
    """One stream, a chunk at a time: each chunk in gives one chunk out (changed in place)."""

    def __init__(self, tools: list[Any], salt: str, reasoning: ReasoningMode | None,
                 families: Iterable[str] | None, on_recovery: OnRecovery | None) -> None:
        self._machine = _openai.ChatStreamRepair(tools, salt, reasoning, families, on_recovery)
        self._last: Any = None  # the last chunk seen: the shape of one that ends a cut stream
        self.done = False

    def step(self, chunk: Any) -> Any:
        d = _dump(chunk)
        if d is None:
            return chunk
        self._last = chunk
        outs = self._machine.push(d)
        if len(outs) == 1 and outs[0] is d:
            return chunk
        return self._merge(chunk, d, outs)

    def _merge(self, chunk: Any, d: dict[str, Any], outs: list[Any]) -> Any:
        """``chunk`` carrying what ``outs`` (0, 1 or several chunks) say for choice 0: their
        text and reasoning joined, their calls, the last finish reason."""
        text: list[str] = []
        thought: list[str] = []
        calls: list[dict[str, Any]] = []
        finish = None
        for out in outs:
            for ch in out.get("choices") or ():
                if ch.get("index", 0) != 0:
                    continue
                delta = ch.get("delta") or {}
                text.append(delta.get("content") or "")
                thought.append(delta.get("reasoning_content") or delta.get("reasoning") or "")
                calls += delta.get("tool_calls") or []
                finish = ch.get("finish_reason") or finish
            if out.get("usage") and _get(chunk, "usage") is None:
                _set(chunk, "usage", out["usage"])
        choices = _get(chunk, "choices") or []
        choice = next((c for c in choices if (_get(c, "index") or 0) == 0), None)
        if choice is None:
            return chunk
        delta = _get(choice, "delta")
        _set(delta, "content", "".join(text) or None)
        if _get(delta, "reasoning_content") is not None or any(thought):
            _set(delta, "reasoning_content", "".join(thought) or None)
        if calls:
            _set(delta, "tool_calls", calls if isinstance(chunk, dict) else _call_objects(
                calls, True))
        if finish is not None or _get(choice, "finish_reason") is not None:
            _set(choice, "finish_reason", finish)
        if finish is not None:
            self.done = True
        return chunk

    def finish(self) -> Any:
        """The source ended without a finish reason: what is held, as one more chunk (or
        None)."""
        outs = self._machine.finish()
        if not outs or self._last is None:
            return None
        last = copy.deepcopy(self._last)
        return self._merge(last, {}, outs)


def repair_stream(chunks: Iterable[Any], tools: list[Any], *, id_salt: str | None = None,
                  reasoning: ReasoningMode | None = None, families: Iterable[str] | None = None,
                  on_recovery: OnRecovery | None = None) -> Iterator[Any]:
    """Yield a LiteLLM stream's chunks (``ModelResponseStream`` or dicts) repaired, one chunk
    out per chunk in (see the module's doc)."""
    state = _ChunkRepair(tools, id_salt or "", reasoning, families, on_recovery)
    for chunk in chunks:
        yield state.step(chunk)
    rest = state.finish()
    if rest is not None:
        yield rest


async def repair_stream_async(chunks: Any, tools: list[Any], *, id_salt: str | None = None,
                              reasoning: ReasoningMode | None = None,
                              families: Iterable[str] | None = None,
                              on_recovery: OnRecovery | None = None) -> AsyncIterator[Any]:
    """``repair_stream`` for an async iterable of chunks."""
    state = _ChunkRepair(tools, id_salt or "", reasoning, families, on_recovery)
    async for chunk in chunks:
        yield state.step(chunk)
    rest = state.finish()
    if rest is not None:
        yield rest


_CLASS: Any = None


def _callback_class() -> Any:
    """``LeakcallCallback``, built on first use (LiteLLM is imported then)."""
    global _CLASS  # noqa: PLW0603 - built once, on first use
    if _CLASS is not None:
        return _CLASS
    from litellm.integrations.custom_logger import CustomLogger  # noqa: PLC0415 - lazy

    class LeakcallCallback(CustomLogger):
        """Repairs leaked tool calls in LiteLLM's chat completion replies (module doc)."""

        def __init__(self, *, reasoning: ReasoningMode | None = None,
                     families: Iterable[str] | None = None,
                     on_recovery: OnRecovery | None = None, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            _openai.ChatStreamRepair([], None, reasoning, families, None)  # misuse raises here
            self.reasoning = reasoning
            self.families = None if families is None else tuple(families)
            self.on_recovery = on_recovery

        def _repair(self, data: Any, response: Any) -> Any:
            tools = _tools(data)
            if tools is None or type(response).__name__ != "ModelResponse":
                return None
            try:
                return repair_response(response, tools, id_salt=_salt(data),
                                       reasoning=self.reasoning, families=self.families,
                                       on_recovery=self.on_recovery)
            except Exception:  # a bug must not cost the caller its reply
                return None

        async def async_post_call_success_deployment_hook(
                self, request_data: dict[str, Any], response: Any, call_type: Any) -> Any:
            return self._repair(request_data, response)

        async def async_post_call_success_hook(self, data: dict[str, Any],
                                               user_api_key_dict: Any, response: Any) -> Any:
            return self._repair(data, response)

        async def async_post_call_streaming_iterator_hook(
                self, user_api_key_dict: Any, response: Any, request_data: dict[str, Any]
                ) -> AsyncGenerator[Any, None]:
            tools = _tools(request_data)
            if tools is None:
                async for chunk in response:
                    yield chunk
                return
            async for chunk in repair_stream_async(
                    response, tools, id_salt=_salt(request_data), reasoning=self.reasoning,
                    families=self.families, on_recovery=self.on_recovery):
                yield chunk

    LeakcallCallback.__module__ = __name__
    _CLASS = LeakcallCallback
    return _CLASS


_HANDLER: Any = None


def __getattr__(name: str) -> Any:
    """``LeakcallCallback`` and ``handler``, built on first use."""
    global _HANDLER  # noqa: PLW0603 - one default instance
    if name == "LeakcallCallback":
        return _callback_class()
    if name == "handler":
        if _HANDLER is None:
            _HANDLER = _callback_class()()
        return _HANDLER
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
