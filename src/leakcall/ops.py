"""What an operator of ``leakcall serve`` needs around the repair proxy: configuration from
``LEAKCALL_*`` variables, the app factory, the API-key guard and upstream key, ``/leakcall/health``,
``/leakcall/ready`` and ``/leakcall/metrics`` (Prometheus text format; summed over worker processes
in multiprocess mode; guarded by the metrics key, else by the API key), one
``server``/``date``/``cache-control`` header each, the ``x-leakcall-reason`` header and one JSON
access line per request.

It wraps the proxy app (``proxy.create_app``) as an outer ASGI layer; the proxy itself is
unchanged but for the events it logs, which this layer watches (``proxy.set_observer``, set when
an ``Ops`` is built). It knows the command line only as the parser it is given (``env_defaults``,
``export_env``, ``app_from_env``): ``leakcall.serve`` sits on top of it.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextvars
import hashlib
import hmac
import json
import logging
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import proxy
from .wire import route_for

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["HEALTH_PATH", "METRICS_PATH", "READY_PATH", "Metrics", "Ops", "app_from_env",
           "build_app", "env_defaults", "env_name", "export_env", "setup_logging"]

HEALTH_PATH = "/leakcall/health"
READY_PATH = "/leakcall/ready"
METRICS_PATH = "/leakcall/metrics"
READY_TTL = 2.0
"""Seconds one upstream probe of ``/leakcall/ready`` answers for."""
_OPEN_PATHS = frozenset({HEALTH_PATH, READY_PATH})  # probes: answered without the API key

ENV_PREFIX = "LEAKCALL_"


# --- configuration -------------------------------------------------------------------------------


def env_name(option: str) -> str:
    """The variable that sets a flag: ``--max-body`` -> ``LEAKCALL_MAX_BODY``."""
    return ENV_PREFIX + option.lstrip("-").upper().replace("-", "_")


def _long_option(action: argparse.Action) -> str | None:
    return next((o for o in action.option_strings if o.startswith("--")), None)


def env_defaults(parser: argparse.ArgumentParser) -> None:
    """Every ``--flag`` of ``parser`` takes its default from ``LEAKCALL_FLAG`` when that is set (a
    flag given on the command line still wins). Values go through the flag's type; a bad one is a
    usage error naming the variable."""
    for action in parser._actions:
        opt = _long_option(action)
        if opt is None or opt == "--help":
            continue
        raw = os.environ.get(env_name(opt))
        if raw is None or raw == "":
            continue
        value: Any
        try:
            if isinstance(action, argparse.BooleanOptionalAction):
                value = _switch(raw)
            else:
                value = action.type(raw) if callable(action.type) else raw
        except (TypeError, ValueError):
            parser.error(f"{env_name(opt)}={raw!r}: not a valid value for {opt}")
        if action.choices is not None and value not in action.choices:
            parser.error(f"{env_name(opt)}={raw!r}: {opt} must be one of "
                         f"{', '.join(map(str, action.choices))}")
        action.default = value
        action.help = (action.help or "") + f" [set by {env_name(opt)}]"


_ON, _OFF = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def _switch(raw: str) -> bool:
    """An on/off variable (``1``/``true``/``yes``/``on`` or ``0``/``false``/``no``/``off``)."""
    word = raw.strip().lower()
    if word not in _ON + _OFF:
        raise ValueError(raw)
    return word in _ON


def export_env(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Put ``args`` (parsed by ``parser``, ``leakcall serve``'s) into the environment as
    ``LEAKCALL_*`` (for worker processes, which build their app with ``app_from_env``)."""
    for action in parser._actions:
        opt = _long_option(action)
        if opt is None or opt == "--help":
            continue
        value = getattr(args, action.dest, None)
        if value is None:
            os.environ.pop(env_name(opt), None)
        else:
            os.environ[env_name(opt)] = str(value)


def multiprocess_dir() -> str:
    """The directory where worker processes write their metrics (``PROMETHEUS_MULTIPROC_DIR``;
    a fresh temporary one unless it is set)."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not path:
        path = tempfile.mkdtemp(prefix="leakcall-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = path
        atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


SERVER_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access")


def setup_logging(level: str) -> None:
    """The JSON log (logger ``leakcall.serve``) on stderr, one line per event; the HTTP server's
    own loggers (uvicorn's) write the same JSON lines from now on (their handlers' format)."""
    log = proxy.log
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        log.propagate = False
    log.setLevel(level.upper())
    for name in SERVER_LOGGERS:
        for h in logging.getLogger(name).handlers:
            h.setFormatter(proxy.JSONFormatter())


def server_log_config(level: str) -> dict[str, Any]:
    """uvicorn's ``log_config`` for ``leakcall serve``: its loggers as uvicorn sets them up, each
    line in the proxy's JSON format (``JSONFormatter``), on stderr."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {"version": 1, "disable_existing_loggers": False,
            "formatters": {"json": {"()": "leakcall.proxy.events.JSONFormatter"}},
            "handlers": {"default": handler},
            "loggers": {"uvicorn": {"handlers": ["default"], "level": level.upper(),
                                    "propagate": False},
                        "uvicorn.error": {"level": level.upper()},
                        "uvicorn.access": {"handlers": ["default"], "level": level.upper(),
                                           "propagate": False}}}


_SUMMARIZED = "_LEAKCALL_SUMMARIZED"
"""Set by ``leakcall serve`` once it logged the summary: its worker processes log none."""


_SERVER_SETTINGS = ("host", "port", "workers", "limit_concurrency", "timeout_keep_alive",
                    "max_header_bytes", "header_timeout", "forwarded_allow_ips")
"""Settings of the HTTP server: not the app's when another server runs it (``app_from_env``)."""


def summary(args: argparse.Namespace, *, server: bool = True) -> dict[str, Any]:
    """The effective settings of ``leakcall serve`` for its ``start`` log line: the upstream
    (without userinfo), the repaired routes, families, modes and limits, and whether each key is
    set (never a key). ``server``: with the HTTP server's settings (``leakcall serve`` runs it)."""
    from .wire import ROUTES

    families = None if args.families is None else [
        f.strip() for f in args.families.split(",") if f.strip()]
    limits = {k: getattr(args, k) for k in (
        "max_body_bytes", "body_timeout", "max_response_bytes", "max_sse_event_bytes",
        "max_held_chars", "repair_deadline", "repair_threads", "limit_concurrency",
        "timeout_keep_alive", "max_header_bytes", "header_timeout") if hasattr(args, k)}
    out = {"upstream": proxy.redact(args.upstream or ""), "host": args.host, "port": args.port,
            "workers": args.workers, "routes": [r.name for r in ROUTES],
            "families": families or "all", "reasoning": args.reasoning, "shadow": args.shadow,
            "on_refusal": args.on_refusal, "recover_errors": args.recover_errors,
            "timeout": args.timeout, "limits": limits,
            "forwarded_allow_ips": args.forwarded_allow_ips, "log_level": args.log_level,
            "keys": {k: getattr(args, k) is not None
                     for k in ("api_key", "upstream_api_key", "metrics_key")}}
    if not server:
        out = {k: v for k, v in out.items() if k not in _SERVER_SETTINGS}
        out["limits"] = {k: v for k, v in limits.items() if k not in _SERVER_SETTINGS}
    return out


def log_summary(args: argparse.Namespace, *, server: bool = True) -> None:
    """Log the ``start`` line (``summary``), once per ``leakcall serve`` (its worker processes,
    which build their app with ``app_from_env``, log none)."""
    if os.environ.get(_SUMMARIZED):
        return
    os.environ[_SUMMARIZED] = "1"  # inherited by the worker processes
    proxy.log_event("start", pid=os.getpid(), **summary(args, server=server))


def app_from_env(parser: argparse.ArgumentParser) -> Ops:
    """The app configured by ``LEAKCALL_*`` variables alone, read through ``parser`` (``leakcall
    serve``'s, whose defaults come from them: ``env_defaults``); the factory behind
    ``leakcall.serve:app``. The log is set up here, so that a plain uvicorn or gunicorn logs too."""
    try:
        args = parser.parse_args([])
    except SystemExit:
        raise ValueError("leakcall: a LEAKCALL_* variable has a bad value (see above)") from None
    setup_logging(args.log_level)
    app = build_app(args)
    log_summary(args, server=False)  # under another server: its own host, port and limits
    return app


def build_app(args: argparse.Namespace, *, check_only: bool = False) -> Ops:
    """The proxy for the settings of ``leakcall serve`` (its flags, or their variables);
    ValueError names a setting that cannot work."""
    if not args.upstream:
        raise ValueError("--upstream (or LEAKCALL_UPSTREAM) is required")
    for key in ("api_key", "upstream_api_key", "metrics_key"):
        value = getattr(args, key)
        if value is not None and (not value or any(c in value for c in "\r\n")):
            raise ValueError(f"--{key.replace('_', '-')} must be a non-empty single line")
    limits = proxy.Limits(
        max_body_bytes=args.max_body_bytes, body_timeout=args.body_timeout,
        max_response_bytes=args.max_response_bytes,
        max_sse_event_bytes=args.max_sse_event_bytes, max_held_chars=args.max_held_chars,
        repair_deadline=args.repair_deadline, repair_threads=args.repair_threads)
    families = None
    if args.families is not None:
        families = [f.strip() for f in args.families.split(",") if f.strip()]
        if not families:
            raise ValueError("--families names no family")
    inner = proxy.create_app(args.upstream, reasoning=args.reasoning, timeout=args.timeout,
                             limits=limits, recover_errors=args.recover_errors, shadow=args.shadow,
                             families=families, on_refusal=args.on_refusal)
    if check_only:
        return Ops(inner, upstream=args.upstream, metrics=None)
    return Ops(inner, upstream=args.upstream, api_key=args.api_key,
               upstream_api_key=args.upstream_api_key, metrics_key=args.metrics_key,
               metrics=Metrics(), timeout=args.timeout, shadow=args.shadow,
               annotate=args.on_refusal == "annotate")


# --- metrics -------------------------------------------------------------------------------------

_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)


class Metrics:
    """The Prometheus metrics of one app. With ``PROMETHEUS_MULTIPROC_DIR`` set (``--workers`` >
    1 sets it) every worker writes its values there and the endpoint sums all workers."""

    def __init__(self) -> None:
        from prometheus_client import CollectorRegistry, Counter, Histogram

        self.multiprocess = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
        self.registry = CollectorRegistry()  # per app: several apps may live in one process
        r = self.registry
        self.requests = Counter("leakcall_requests", "Requests answered, by route and status.",
                                ["route", "status"], registry=r)
        self.decisions = Counter("leakcall_decisions", "Repair decisions (choice 0 of a reply), by "
                                 "reason code and family.", ["reason", "family"], registry=r)
        self.recovered = Counter("leakcall_recovered_calls", "Tool calls recovered.", registry=r)
        self.upstream_errors = Counter("leakcall_upstream_errors", "Upstream failures, by reason.",
                                       ["reason"], registry=r)
        self.passthrough = Counter("leakcall_passthrough", "Replies relayed unrepaired because "
                                   "repair was given up, by reason.", ["reason"], registry=r)
        self.latency = Histogram("leakcall_request_duration_seconds", "Time from the request to "
                                 "the end of its response, by route.", ["route"], buckets=_BUCKETS,
                                 registry=r)
        # the labelled children each request counts in, looked up once (``labels`` builds a
        # key and takes a lock per call); the routes and statuses are bounded sets
        self._answered: dict[tuple[str, int], Any] = {}
        self._took: dict[str, Any] = {}
        self._decided: dict[tuple[str, str], Any] = {}

    def decided(self, reason: str, family: str, calls: int) -> None:
        """One repair decision counted by reason code and family (its labelled child looked up
        once: both are bounded sets), and its recovered calls."""
        count = self._decided.get((reason, family))
        if count is None:
            count = self._decided[(reason, family)] = self.decisions.labels(reason, family)
        count.inc()
        if calls:
            self.recovered.inc(calls)

    def answered(self, route: str, status: int, took: float) -> None:
        """One request answered: counted by route and status, its duration observed."""
        count = self._answered.get((route, status))
        if count is None:
            count = self._answered[(route, status)] = self.requests.labels(route, str(status))
        hist = self._took.get(route)
        if hist is None:
            hist = self._took[route] = self.latency.labels(route)
        count.inc()
        hist.observe(took)

    def render(self) -> tuple[bytes, str]:
        from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

        if self.multiprocess:
            from prometheus_client import multiprocess

            summed = CollectorRegistry()
            multiprocess.MultiProcessCollector(summed)  # type: ignore[no-untyped-call]
            return generate_latest(summed), CONTENT_TYPE_LATEST
        return generate_latest(self.registry), CONTENT_TYPE_LATEST


_PID: list[int] = []


def _pid() -> int:
    """This process's id, asked of the system once per process (a system call each time
    otherwise; reset in a forked child)."""
    if not _PID:
        _PID.append(os.getpid())
    return _PID[0]


os.register_at_fork(after_in_child=_PID.clear)


def route_of(method: str, path: str) -> str:
    """A bounded label for a request path."""
    if path.startswith("/leakcall/"):
        return path.removeprefix("/leakcall/") if path in (
            HEALTH_PATH, READY_PATH, METRICS_PATH, proxy.STATS_PATH) else "other"
    repaired = route_for("POST", path)  # the wire path's one route table
    if repaired is not None:
        return repaired.name
    tail = path.rstrip("/")
    for suffix, name in (("/completions", "completions"), ("/models", "models"),
                         ("/embeddings", "embeddings")):
        if tail.endswith(suffix):
            return name
    return "other"


# --- one request ---------------------------------------------------------------------------------


@dataclass
class _Request:
    """What the access line and metrics say about one request (filled by the proxy's events)."""

    rid: str
    metrics: Metrics | None
    model: str | None = None
    reason: str | None = None
    family: str | None = None
    rule: str | None = None
    calls: list[str] = field(default_factory=list)
    decided: bool = False

    def note(self, event: str, fields: dict[str, Any]) -> None:
        m = self.metrics
        reason = fields.get("reason")
        if event == "received":
            self.model = fields.get("model")
        elif event in ("repair", "refusal"):
            if not self.decided:  # the first decision names the reply (choice 0)
                self.decided = True
                self.reason, self.family, self.rule = reason, fields.get("family"), fields.get("rule")
                self.calls = list(fields.get("calls") or [])
            if m is not None:
                m.decided(str(reason), str(fields.get("family") or ""),
                          len(fields.get("calls") or ()))
        elif event in ("passthrough", "error", "client_disconnect"):
            if self.reason is None:
                self.reason = str(reason or event)
            if m is not None and event == "passthrough":
                m.passthrough.labels(str(reason)).inc()
            if m is not None and event == "error" and str(reason).startswith("upstream_"):
                m.upstream_errors.labels(str(reason)).inc()


_CURRENT: contextvars.ContextVar[_Request] = contextvars.ContextVar("leakcall_request")


def _observe(event: str, fields: dict[str, Any]) -> None:
    req = _CURRENT.get(None)
    if req is not None and fields.get("request") in (None, req.rid):
        req.note(event, fields)


# --- the outer app -------------------------------------------------------------------------------

_ONE_EACH = (b"server", b"date", b"cache-control")


def _header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope["headers"]:
        if k.lower() == name:
            return str(v.decode("latin-1"))
    return None


class Ops:
    """The outer ASGI layer of ``leakcall serve`` (see the module's doc)."""

    def __init__(self, inner: ASGIApp, *, upstream: str, api_key: str | None = None,
                 upstream_api_key: str | None = None, metrics_key: str | None = None,
                 metrics: Metrics | None, timeout: float = proxy.DEFAULT_TIMEOUT,
                 shadow: bool = False, annotate: bool = False) -> None:
        self.inner = inner
        self._annotate = annotate  # --on-refusal annotate: x-leakcall-rule beside the reason
        # shadow mode: the decision is what would have happened (x-leakcall-shadow)
        self._decision_header = b"x-leakcall-shadow" if shadow else b"x-leakcall-reason"
        self.upstream = upstream
        self._key = api_key.encode() if api_key else None
        self._upstream_key = upstream_api_key
        # GET /leakcall/metrics needs this key when it is set (the API key then does not open it),
        # else the API key like every other guarded path.
        self._metrics_key = metrics_key.encode() if metrics_key else None
        self.metrics = metrics
        self.timeout = timeout
        self.state = getattr(inner, "state", None)
        self._probe: tuple[float, bool, str] | None = None  # (when, ok, detail)
        self._probe_lock: asyncio.Lock | None = None
        # The proxy's events reach this layer's current request (``_observe``): set once an Ops
        # exists, not when this module is imported.
        proxy.set_observer(_observe)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # lifespan: the proxy's clients and pools
            await self.inner(scope, receive, send)
            return
        t0 = time.perf_counter()
        pid = _pid()
        rid = f"{time.time_ns():x}{pid & 0xFFFF:04x}{id(scope) & 0xFFFF:04x}"
        req = _Request(rid, self.metrics)
        token = _CURRENT.set(req)
        method, path = scope["method"], scope["path"]
        status = 0

        async def send_fixed(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {**message, "headers": self._headers(message.get("headers", []), req)}
            await send(message)

        # Only a scrape the metrics endpoint answers takes the metrics key: any other request to
        # that path is forwarded, so it needs the API key like the rest.
        scrape = method == "GET" and path == METRICS_PATH and self.metrics is not None
        need = (self._metrics_key or self._key) if scrape else (
            None if path in _OPEN_PATHS else self._key)
        try:
            if need is not None and not self._authorized(scope, need):
                which = "metrics key" if scrape and self._metrics_key is not None else "API key"
                await self._json(send_fixed, 401, proxy.error_body(
                    401, f"leakcall: missing or wrong {which} (send Authorization: Bearer KEY or "
                    "x-api-key: KEY)", "leakcall_unauthorized"),
                    [(b"www-authenticate", b'Bearer realm="leakcall"')])
                req.reason = "unauthorized"
            elif method == "GET" and path == HEALTH_PATH:
                await self._json(send_fixed, 200, json.dumps(
                    {"status": "ok", "pid": os.getpid()}).encode())
            elif method == "GET" and path == READY_PATH:
                await self._ready(send_fixed, self._key is None or self._authorized(scope))
            elif scrape and self.metrics is not None:
                body, ctype = self.metrics.render()
                await proxy.send_raw(send_fixed, 200, [(b"content-type", ctype.encode())], body)
            else:
                scope = {**scope, "headers": self._upstream_headers(scope),
                         "leakcall.request_id": rid}
                await self.inner(scope, receive, send_fixed)
        finally:
            _CURRENT.reset(token)
            took = time.perf_counter() - t0
            route = route_of(method, path)
            if self.metrics is not None:
                self.metrics.answered(route, status, took)
            proxy.log_event("request", request=rid, pid=pid, method=method, path=path,
                            route=route, model=req.model, status=status, reason=req.reason,
                            family=req.family, rule=req.rule, calls=req.calls,
                            duration_ms=round(took * 1000, 3))

    def _authorized(self, scope: Scope, key: bytes | None = None) -> bool:
        """Whether the request sends ``key`` (the API key by default)."""
        key = key if key is not None else self._key
        assert key is not None
        given: list[str] = []
        auth = _header(scope, b"authorization")
        if auth is not None and auth[:7].lower() == "bearer ":
            given.append(auth[7:].strip())
        xkey = _header(scope, b"x-api-key")
        if xkey is not None:
            given.append(xkey.strip())
        # Digests compared in constant time (not even the key's length shows), every candidate
        # compared, not only up to the first that matches.
        want = hashlib.sha256(key).digest()
        ok = False
        for g in given:
            ok |= hmac.compare_digest(hashlib.sha256(g.encode("latin-1", "replace")).digest(), want)
        return ok

    def _upstream_headers(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        """The client's headers, without its key for this proxy and with the upstream's key."""
        headers: list[tuple[bytes, bytes]] = list(scope["headers"])
        if self._key is None and self._upstream_key is None:
            return headers
        had_xkey = any(k.lower() == b"x-api-key" for k, _ in headers)
        headers = [(k, v) for k, v in headers if k.lower() not in (b"authorization", b"x-api-key")]
        if self._upstream_key is not None:
            key = self._upstream_key.encode("latin-1")
            headers.append((b"authorization", b"Bearer " + key))
            if had_xkey:  # Anthropic-style clients: the upstream reads the same header
                headers.append((b"x-api-key", key))
        return headers

    def _headers(self, headers: Any, req: _Request) -> list[tuple[bytes, bytes]]:
        """One ``cache-control`` (the last set: the proxy's own), none of the upstream's
        ``server``/``date`` (the HTTP server adds its own one each); the request id and the
        decision are the proxy's own: the upstream's ``x-request-id`` moves to
        ``x-upstream-request-id`` and any ``x-leakcall-*`` it sent is dropped."""
        out: list[tuple[bytes, bytes]] = []
        last: dict[bytes, bytes] = {}
        for k, v in headers:
            name = bytes(k).lower()
            if name.startswith(b"x-leakcall-"):
                continue
            if name == b"x-request-id":
                out.append((b"x-upstream-request-id", bytes(v)))
            elif name in _ONE_EACH:
                last[name] = bytes(v)
            else:
                out.append((name, bytes(v)))
        if b"cache-control" in last:
            out.append((b"cache-control", last[b"cache-control"]))
        out.append((b"x-request-id", req.rid.encode()))
        if req.decided and req.reason:
            out.append((self._decision_header, req.reason.encode("latin-1", "replace")))
            if self._annotate and req.rule:
                out.append((b"x-leakcall-rule", req.rule.encode("latin-1", "replace")))
        return out

    async def _json(self, send: Send, status: int, body: bytes,
                    extra: list[tuple[bytes, bytes]] | None = None) -> None:
        await proxy.send_raw(send, status, [(b"content-type", b"application/json"),
                                             (b"cache-control", b"no-store"), *(extra or [])], body)

    async def _ready(self, send: Send, authorized: bool) -> None:
        """200 when the upstream answers ``GET /v1/models`` with a status below 500, else 503.
        One probe per ``READY_TTL`` seconds serves every caller of that time (a flood of probes
        never reaches the upstream); the upstream's address is shown only to a caller with the
        API key when one is set."""
        if self._probe_lock is None:
            self._probe_lock = asyncio.Lock()
        async with self._probe_lock:
            if self._probe is None or time.monotonic() - self._probe[0] >= READY_TTL:
                ok, detail = await self._probe_upstream()
                self._probe = (time.monotonic(), ok, detail)
            _, ok, detail = self._probe
        shown: dict[str, str] = {"status": "ready" if ok else "unavailable"}
        if authorized:
            shown["upstream"] = proxy.redact(self.upstream)
        shown["detail"] = proxy.redact(detail)
        await self._json(send, 200 if ok else 503, json.dumps(shown).encode())

    async def _probe_upstream(self) -> tuple[bool, str]:
        import httpx

        url = proxy.upstream_url(self.upstream, "/v1/models")
        headers = {}
        if self._upstream_key is not None:
            headers["authorization"] = f"Bearer {self._upstream_key}"
        try:
            async with httpx.AsyncClient(timeout=min(5.0, self.timeout)) as client:
                resp = await client.get(url, headers=headers)
            ok = resp.status_code < 500
            detail = f"GET /v1/models answered {resp.status_code}"
        except httpx.HTTPError as e:
            ok, detail = False, f"{type(e).__name__}: {e or 'no detail'}"
        return ok, detail
