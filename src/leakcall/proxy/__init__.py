"""The repair proxy as an ASGI app: forward every request to the upstream, repair the replies
of the routes that advertise tools, within ``Limits``. It knows nothing of operations: keys,
probes, metrics and the access log wrap it from above (``leakcall.ops``), and the command line
and the ``leakcall.serve:app`` factory sit on top (``leakcall.serve``, whose docstring describes
what the proxy does).

Its rooms: ``app`` (``create_app``, ``warm_up``), ``forward`` (``Proxy``: forwarding, relaying,
the repair of each kind of reply), ``client`` (the HTTP/1.1 client to the upstream: asyncio
and httptools, pooled connections), ``rewriter`` (a Chat Completions stream, one batch of events at
a time), ``repair`` (what a request asks repaired; a non-streamed reply's repair), ``refusal``
(``--on-refusal``), ``limits`` (the bounds), ``http`` (URL, path and header rules), ``asgi``
(request bodies, disconnects, whole responses) and ``events`` (counters and the JSON log, with
the observer hook through which ``leakcall.ops`` counts metrics).
"""

from __future__ import annotations

from .app import STATS_PATH, create_app, warm_up
from .asgi import send_json, send_raw
from .events import JSONFormatter, Stats, log, log_event, set_observer
from .forward import Proxy
from .http import error_body, forward_headers, redact, response_headers, safe_path, upstream_url
from .limits import DEFAULT_TIMEOUT, Limits
from .refusal import MODES, OnRefusal
from .repair import Repair
from .rewriter import StreamRewriter

__all__ = ["DEFAULT_TIMEOUT", "MODES", "STATS_PATH", "JSONFormatter", "Limits", "OnRefusal",
           "Proxy", "Repair", "Stats", "StreamRewriter", "create_app", "error_body",
           "forward_headers", "log", "log_event", "redact", "response_headers", "safe_path",
           "send_json", "send_raw", "set_observer", "upstream_url", "warm_up"]
