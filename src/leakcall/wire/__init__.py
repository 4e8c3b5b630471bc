"""The one wire path: what the repair proxy (``leakcall serve``), the in-process transports
(``leakcall.httpx``, ``leakcall.httpx2``) and the SDK stream adapters share, each written once.

- **Decoding**: ``SSEDecoder`` (the spec's: line ends CRLF, LF and CR only; bounded by
  ``max_event_bytes``; linear), ``SSEEvent``, ``data_of``; and encoding: ``read_chunk``,
  ``encode_chunk``, ``encode_like``, ``dumps`` (JSON as the upstream wrote it).
- **Routes**: ``ROUTES`` (Chat Completions, Responses, Messages: each one's one-shot repair,
  stream machine and event framing), ``route_for`` (a request's route), ``route_named``,
  ``Job``/``job_for`` (the repair a request asks for).
- **Ids**: ``request_salt`` (a digest of the request's conversation: the same ids through the
  proxy and the transports).
- **Streams**: ``StreamFixer`` (an SSE body, bytes in and repaired bytes out, one step per
  read, bounded by the event size, the held text and a deadline; events pass as the bytes they
  came in unless changed; ``abort`` releases what is held and adds the route's error event),
  ``fix_body`` (a JSON body), the machines ``ChatStreamRepair``, ``ResponsesStreamRepair``,
  ``MessagesStreamRepair`` and ``push_safely`` (an event a machine cannot read ends the repair,
  releasing what is held); ``Lane`` (a plain text delta's bytes around its text: a later event
  of that shape is read without decoding its JSON, ``Machine.plain``/``push_plain``).
- **Reasoning**: ``ReasoningMode``, the one type of the ``reasoning`` option.
"""

from __future__ import annotations

from .._sse import (
    MAX_EVENT_BYTES,
    Lane,
    SSEDecoder,
    SSEEvent,
    data_of,
    dumps,
    encode_chunk,
    encode_like,
    read_chunk,
)
from .._transport import ROUTES, Job, Route, StreamFixer, fix_body, job_for, route_for, route_named
from .._wire import Machine, drive, drive_async, push_safely, request_salt
from ..anthropic import _MessagesRepair as MessagesStreamRepair
from ..openai import _ResponsesRepair as ResponsesStreamRepair
from ..openai import _StreamRepair as ChatStreamRepair
from ..pipeline import ReasoningMode

__all__ = [
    "MAX_EVENT_BYTES",
    "ROUTES",
    "ChatStreamRepair",
    "Job",
    "Lane",
    "Machine",
    "MessagesStreamRepair",
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
    "fix_body",
    "job_for",
    "push_safely",
    "read_chunk",
    "request_salt",
    "route_for",
    "route_named",
]
