"""The one wire path: what the repair proxy (``leakcall serve``), the in-process transports
(``leakcall.httpx``, ``leakcall.httpx2``) and the SDK stream adapters share, each written once.

- **Decoding**: ``SSEDecoder`` (the spec's: line ends CRLF, LF and CR only; bounded by
  ``max_event_bytes``; linear), ``SSEEvent``, ``data_of``; ``NDJSONDecoder`` (one event per
  line, the same interface and bound); and encoding: ``read_chunk``, ``encode_chunk``,
  ``encode_like``, ``encode_line``, ``dumps`` (JSON as the upstream wrote it).
- **Routes**: ``ROUTES`` (Chat Completions, Responses, Messages, Ollama's ``/api/chat``: each
  one's path, one-shot repair, stream machine and framing), ``route_for`` (a request's route),
  ``route_named``, ``Job``/``job_for`` (the repair a request asks for).
- **Ids**: ``request_salt`` (a digest of the request's conversation: the same ids through the
  proxy and the transports); ``lazy_request_salt``, the same salt computed only when an id is
  minted (``leakcall.ids.LazySalt``).
- **Streams**: ``StreamFixer`` (a streamed body, SSE or NDJSON, bytes in and repaired bytes
  out, one step per read, bounded by the event size, the held text and a deadline; events pass
  as the bytes they came in unless changed; ``abort`` releases what is held and adds the route's
  error event), ``fix_body`` (a JSON body), the machines ``ChatStreamRepair``,
  ``ResponsesStreamRepair``, ``MessagesStreamRepair``, ``OllamaChatStreamRepair`` and
  ``push_safely`` (an event a machine cannot read ends the repair, releasing what is held);
  ``Lane`` (a plain text delta's bytes around its text: a later event of that shape is read
  without decoding its JSON, ``Machine.plain``/``push_plain``).
- **Upstream errors**: ``leaked_text`` (the model's output an engine's error body carries:
  Ollama's and llama.cpp's tool-call parse failures), ``recover_error`` (the route's reply that
  stands in for such an error, with the calls recovered from it, when they are all it holds).
- **Reasoning**: ``ReasoningMode``, the one type of the ``reasoning`` option.
"""

from __future__ import annotations

from .._ndjson import NDJSONDecoder, encode_line
from .._sse import (
    MAX_EVENT_BYTES,
    Lane,
    LaneSource,
    SSEDecoder,
    SSEEvent,
    data_of,
    dumps,
    encode_chunk,
    encode_like,
    read_chunk,
)
from .._transport import (
    ROUTES,
    ErrorRecovery,
    Job,
    Route,
    StreamFixer,
    fix_body,
    job_for,
    recover_error,
    route_for,
    route_named,
)
from .._upstream import Leaked, leaked_text
from .._wire import Machine, drive, drive_async, lazy_request_salt, push_safely, request_salt
from ..anthropic import MessagesStreamRepair
from ..ollama import OllamaChatStreamRepair
from ..openai.chat import ChatStreamRepair
from ..openai.responses import ResponsesStreamRepair
from ..pipeline import ReasoningMode

__all__ = [
    "MAX_EVENT_BYTES",
    "ROUTES",
    "ChatStreamRepair",
    "ErrorRecovery",
    "Job",
    "Lane",
    "LaneSource",
    "Leaked",
    "Machine",
    "MessagesStreamRepair",
    "NDJSONDecoder",
    "OllamaChatStreamRepair",
    "ReasoningMode",
    "ResponsesStreamRepair",
    "Route",
    "SSEDecoder",
    "SSEEvent",
    "StreamFixer",
    "data_of",
    "drive",
    "drive_async",
    "dumps",
    "encode_chunk",
    "encode_like",
    "encode_line",
    "fix_body",
    "job_for",
    "lazy_request_salt",
    "leaked_text",
    "push_safely",
    "read_chunk",
    "recover_error",
    "request_salt",
    "route_for",
    "route_named",
]
