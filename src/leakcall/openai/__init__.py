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

from .chat import repair_completion, repair_stream, repair_stream_async
from .responses import repair_response, repair_response_stream, repair_response_stream_async

__all__ = ["repair_completion", "repair_response", "repair_response_stream",
           "repair_response_stream_async", "repair_stream", "repair_stream_async"]
