"""``leakcall serve``: a repair proxy in front of any OpenAI-compatible endpoint, or Ollama.

Point a client at ``http://127.0.0.1:8089/v1`` instead of the model server. Every request is
forwarded to ``--upstream`` as it came (path, query, headers, body bytes). Only the response of a
``POST .../chat/completions`` that advertises ``tools`` (and does not say ``tool_choice: "none"``)
is repaired, with the ``tools`` of that very request: a tool call that leaked into the content as
markup arrives as ``tool_calls``, only when ``leakcall.recover`` proves it safe; every refusal
leaves the reply unchanged. Everything else passes through untouched: other paths and methods,
requests without tools, upstream errors (their own status and body).

The responses of ``POST .../responses`` (OpenAI Responses API), ``POST .../messages``
(Anthropic Messages) and Ollama's ``POST .../api/chat`` (NDJSON when streamed) that advertise
``tools`` are repaired the same way, by the wire adapters (``leakcall.openai.repair_response*``,
``leakcall.anthropic.repair_message*``, ``leakcall.ollama.repair_chat*``); their id salt is a
digest of the request's conversation. An upstream error whose body carries the model's leaked
calls and nothing else (Ollama's and llama.cpp's tool-call parse errors) is answered with a
success reply of the request's API holding them (``recover_errors``, on by default).

Failures of the proxy itself are JSON errors in the OpenAI shape: 400 for a request body that is
not JSON or a path with a dot segment, 408 for a body that arrives too slowly, 413 for one that is
too large, 502 when the upstream cannot be reached, 504 when it times out. A client that
disconnects cancels its upstream request; a request is never sent upstream twice. Every repair
and refusal is logged as one JSON line (logger ``leakcall.serve``, on stderr) with its reason
code; ``GET /leakcall/stats`` returns the counts. Keys, probes, metrics and the access log are
the outer layer in ``leakcall.ops``; the app factory (``leakcall.serve:app``) builds both.

Bounded (``Limits``): JSON parsing, tool checks and repairs run in worker threads (large
non-streamed replies in worker processes), never on the event loop for long, within a
per-request deadline; a reply that cannot be read (not JSON, too deep, too large) or repaired in
time is relayed as the upstream sent it. SSE is decoded as the spec says (CR, LF, CRLF; ``id:``,
``event:``, ``retry:``, comments; multi-line ``data:``); when a stream cannot be repaired any more,
the text held back is released unrepaired first, then the rest passes as received.

Starlette, uvicorn, httptools and httpx (the ``serve`` extra) are imported only when the app is
built or run, so ``import leakcall`` and the other commands work without them. The server runs
uvicorn's httptools protocol with a bound on request heads (``http_protocol``); the upstream is
reached through the proxy's own HTTP/1.1 client (``leakcall.proxy.client``).

The proxy app itself is ``leakcall.proxy``; operations wrap it (``leakcall.ops``); this package
is the top: the command line and the app factory (``factory``), and the proxy's public names
re-exported here.
"""

from __future__ import annotations

from ..proxy import (
    DEFAULT_TIMEOUT,
    STATS_PATH,
    JSONFormatter,
    Limits,
    Stats,
    create_app,
    error_body,
    forward_headers,
    log,
    log_event,
    redact,
    response_headers,
    safe_path,
    send_json,
    send_raw,
    set_observer,
    upstream_url,
)
from ..wire import SSEDecoder, SSEEvent
from .factory import (
    DEFAULT_HEADER_TIMEOUT,
    DEFAULT_MAX_HEADER_BYTES,
    add_arguments,
    add_parser,
    app,
    argument_parser,
    h11_protocol,
    http_protocol,
    main,
    run,
)

__all__ = ["DEFAULT_HEADER_TIMEOUT", "DEFAULT_MAX_HEADER_BYTES", "DEFAULT_TIMEOUT", "STATS_PATH",
           "JSONFormatter", "Limits", "SSEDecoder",
           "SSEEvent", "Stats", "add_arguments", "add_parser", "app", "argument_parser",
           "create_app", "error_body", "forward_headers", "h11_protocol", "http_protocol", "log", "log_event",
           "main", "redact", "response_headers", "run", "safe_path", "send_json", "send_raw",
           "set_observer", "upstream_url"]
