"""What an upstream's failure may carry: the model's own output inside an error body (an engine's
tool-call parser failed on it and answered an error instead of the reply), and, per route, the
success reply that stands in for the failed one, holding that text, so that the route's own
repair decides about it.

The error shapes read (``leaked_text``), with where they come from:

- Ollama: ``{"error": "error parsing tool call: raw='<text>', err=<Go JSON error>"}`` (HTTP 500;
  in a stream that already began, the same object as an NDJSON line). ``harmony/harmonyparser.go``
  (``fmt.Errorf("error parsing tool call: raw='%s', err=%w", raw, err)``); ollama/ollama#12884,
  #17638. The text is what the model addressed to a function, not the whole reply.
- llama.cpp server (``llama-server``, and engines built on its chat parser):
  ``{"error": {"code": 500, "message": "Failed to parse input at pos <n>: <text>", "type":
  "server_error"}}``, where the text is the model's output from the position the parser stopped
  at to its end (``common/chat.cpp``, ``common_chat_peg_parse``, builds b8xxx to b9769;
  ggml-org/llama.cpp#23838, #24644, agentscope-ai/QwenPaw#2839). Builds after b9769 write
  "The model produced output that does not match the expected <format> format" without it.

Neither text is a whole reply (the reply's beginning, or the function it was addressed to, is
not in the error), so the proxy answers with the calls only when they are all the text holds.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from typing import Any

from ._ndjson import encode_line
from ._sse import dumps

__all__ = ["Leaked", "leaked_text", "stand_in_chat", "stand_in_messages", "stand_in_ollama",
           "stand_in_responses"]

Obj = dict[str, Any]


@dataclass(frozen=True)
class Leaked:
    """The model's output an error carried, and the engine whose error shape held it."""

    text: str
    engine: str


_SHAPES = (
    ("ollama", re.compile(r"error parsing tool call: raw='(.*)', err=", re.S)),
    ("llama.cpp", re.compile(r"Failed to parse input at pos \d+: (.*)\Z", re.S)),
)


def leaked_text(body: bytes) -> Leaked | None:
    """The model's output in an error body (``{"error": "<message>"}`` or ``{"error":
    {"message": "<message>", ...}}``) of a shape listed in the module docstring, or None."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return None
    error = data.get("error") if isinstance(data, dict) else None
    message = error.get("message") if isinstance(error, dict) else error
    if not isinstance(message, str):
        return None
    for engine, shape in _SHAPES:
        m = shape.match(message)
        if m is not None and m.group(1).strip():
            return Leaked(m.group(1), engine)
    return None


# --- the replies that stand in for a failed one -----------------------------------------------------


def _sse(events: list[Obj], named: bool, done: bool = False) -> bytes:
    out = [(f"event: {ev['type']}\n" if named else "").encode() + b"data: " + dumps(ev) + b"\n\n"
           for ev in events]
    return b"".join(out) + (b"data: [DONE]\n\n" if done else b"")


def stand_in_chat(text: str, model: str, salt: str, stream: bool) -> bytes:
    """A Chat Completions reply (JSON, or its SSE stream) whose content is ``text``."""
    rid, created = f"chatcmpl-{salt[:24]}", int(time.time())
    if not stream:
        return dumps({"id": rid, "object": "chat.completion", "created": created, "model": model,
                      "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                   "logprobs": None, "finish_reason": "stop"}]})

    def chunk(delta: Obj, finish: str | None = None) -> Obj:
        return {"id": rid, "object": "chat.completion.chunk", "created": created, "model": model,
                "choices": [{"index": 0, "delta": delta, "logprobs": None,
                             "finish_reason": finish}]}

    return _sse([chunk({"role": "assistant", "content": ""}), chunk({"content": text}),
                 chunk({}, "stop")], named=False, done=True)


def stand_in_responses(text: str, model: str, salt: str, stream: bool) -> bytes:
    """A Responses API reply (JSON, or its event stream) whose one text part is ``text``."""
    rid, mid = f"resp_{salt[:24]}", f"msg_{salt[:24]}"

    def response(status: str, output: list[Obj]) -> Obj:
        return {"id": rid, "object": "response", "created_at": int(time.time()), "model": model,
                "status": status, "output": output, "parallel_tool_calls": True,
                "tool_choice": "auto", "tools": [], "incomplete_details": None}

    part = {"type": "output_text", "text": text, "annotations": [], "logprobs": []}
    item = {"type": "message", "id": mid, "role": "assistant", "status": "completed",
            "content": [part]}
    if not stream:
        return dumps(response("completed", [item]))
    at: Obj = {"output_index": 0, "content_index": 0, "item_id": mid}
    events: list[Obj] = [
        {"type": "response.created", "response": response("in_progress", [])},
        {"type": "response.output_item.added", "output_index": 0,
         "item": {**item, "status": "in_progress", "content": []}},
        {"type": "response.content_part.added", **at, "part": {**part, "text": ""}},
        {"type": "response.output_text.delta", **at, "delta": text, "logprobs": []},
        {"type": "response.output_text.done", **at, "text": text, "logprobs": []},
        {"type": "response.content_part.done", **at, "part": part},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.completed", "response": response("completed", [item])},
    ]
    return _sse([{**ev, "sequence_number": n} for n, ev in enumerate(events)], named=True)


def stand_in_messages(text: str, model: str, salt: str, stream: bool) -> bytes:
    """An Anthropic Messages reply (JSON, or its event stream) whose one text block is
    ``text``."""
    usage = {"input_tokens": 0, "output_tokens": 0}
    message = {"id": f"msg_{salt[:24]}", "type": "message", "role": "assistant", "model": model,
               "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
               "stop_sequence": None, "usage": usage}
    if not stream:
        return dumps(message)
    return _sse([
        {"type": "message_start",
         "message": {**message, "content": [], "stop_reason": None}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
         "usage": {"output_tokens": 0}},
        {"type": "message_stop"},
    ], named=True)


def stand_in_ollama(text: str, model: str, salt: str, stream: bool) -> bytes:
    """An Ollama ``/api/chat`` reply (JSON, or its NDJSON lines) whose content is ``text``."""
    t = time.time()
    created = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1e6):06d}Z"
    done = {"model": model, "created_at": created,
            "message": {"role": "assistant", "content": "" if stream else text},
            "done": True, "done_reason": "stop"}
    if not stream:
        return dumps(done)
    first = {"model": model, "created_at": created,
             "message": {"role": "assistant", "content": text}, "done": False}
    return encode_line(first) + encode_line(done)
