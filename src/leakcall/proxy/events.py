"""The proxy's counters (``GET /leakcall/stats``) and its JSON decision log (logger
``leakcall.serve``), with the one observer hook through which ``leakcall.ops`` counts metrics."""

from __future__ import annotations

import json
import logging
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .http import redact

__all__ = ["JSONFormatter", "Stats", "describe", "log", "log_event", "log_exception",
           "set_observer"]

log = logging.getLogger("leakcall.serve")


@dataclass
class Stats:
    """Counters behind ``GET /leakcall/stats``."""

    started: float = field(default_factory=time.time)
    requests: Counter[str] = field(default_factory=Counter)
    """total, chat_completions, repairable (tools advertised), passthrough."""
    reasons: Counter[str] = field(default_factory=Counter)
    """One count per decision: a reason code of ``leakcall.Reason``, or ``not_examined``."""
    recovered_calls: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    """bad_request_json, bad_tools, bad_path, body_too_large, body_timeout, upstream_unreachable,
    upstream_no_answer (closed without answering; never replayed),
    upstream_timeout, upstream_broken, upstream_status_<code>, client_disconnect, internal."""
    passthrough: Counter[str] = field(default_factory=Counter)
    """Repairs given up, per reason: request_unreadable, upstream_not_json, response_too_large,
    repair_deadline, sse_not_a_chunk, sse_event_too_large, hold_limit, too_large, internal,
    upstream_error_text (an upstream error's text held calls and more)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "uptime_s": round(time.time() - self.started, 3),
            "requests": dict(self.requests),
            "reasons": dict(self.reasons),
            "recovered_calls": self.recovered_calls,
            "errors": dict(self.errors),
            "passthrough": dict(self.passthrough),
        }


def describe(e: BaseException) -> str:
    """An exception and its causes, for a log line (httpx errors often have an empty message)."""
    parts: list[str] = []
    seen: BaseException | None = e
    while seen is not None and len(parts) < 4:
        parts.append(repr(seen))
        seen = seen.__cause__ or seen.__context__
    return " <- ".join(parts)


_observer: Callable[[str, dict[str, Any]], None] | None = None
"""Sees every event logged (whatever the level): ``leakcall.ops`` counts metrics with it."""


def set_observer(observer: Callable[[str, dict[str, Any]], None] | None) -> None:
    """Have ``observer(event, fields)`` see every event logged from now on (None: nobody)."""
    global _observer  # noqa: PLW0603 - one hook per process, set by leakcall.ops.Ops
    _observer = observer


def _now(t: float | None = None) -> str:
    """UTC time stamp of a log line (ISO 8601, milliseconds): now, or at ``t``."""
    t = time.time() if t is None else t
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"


def log_event(event: str, *, level: int = logging.INFO, **fields: Any) -> None:
    """One JSON line with a time stamp; URLs in it lose their userinfo."""
    if _observer is not None:
        _observer(event, fields)
    if log.isEnabledFor(level):
        log.log(level, redact(json.dumps({"ts": _now(), "event": event, **fields}, ensure_ascii=False,
                                         default=str)))


def log_exception(rid: str, e: BaseException) -> None:
    log_event("error", level=logging.ERROR, reason="internal", request=rid, detail=describe(e),
              traceback="".join(traceback.format_exception(e)))




class JSONFormatter(logging.Formatter):
    """Another logger's records (the HTTP server's, uvicorn's) as the proxy's JSON lines:
    ``ts``, ``event: "server"``, ``level``, ``logger`` and ``message`` (with ``traceback`` when
    the record has one)."""

    def format(self, record: logging.LogRecord) -> str:
        fields: dict[str, Any] = {"ts": _now(record.created), "event": "server",
                                  "level": record.levelname.lower(), "logger": record.name,
                                  "message": record.getMessage()}
        if record.exc_info:
            fields["traceback"] = self.formatException(record.exc_info)
        return redact(json.dumps(fields, ensure_ascii=False, default=str))
