"""The proxy as an ASGI app: ``create_app`` (Starlette: ``GET /leakcall/stats``, every other
request to ``Proxy``) and ``warm_up``, which its startup runs so that a first request builds
nothing. Operations (keys, probes, metrics, the access log) wrap it from above (``leakcall.ops``);
the command line and the ``leakcall.serve:app`` factory sit on top (``leakcall.serve``)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .. import parse
from ..families import all_families
from ..intent import lexicon, warm
from ..intent.tables import compile_all
from ..pipeline import ReasoningMode
from ..recoverer import recoverer_for
from .events import Stats
from .forward import Proxy
from .http import redact
from .limits import DEFAULT_TIMEOUT, Limits
from .refusal import MODES, OnRefusal

if TYPE_CHECKING:  # the serve extra; imported at run time only where used
    from starlette.applications import Starlette
    from starlette.types import Receive, Scope, Send

__all__ = ["STATS_PATH", "create_app", "freeze_heap", "warm_up"]

STATS_PATH = "/leakcall/stats"
"""``GET`` here returns the proxy's counters as JSON (this process's); it is not forwarded, nor
are ``/leakcall/health``, ``/leakcall/ready`` and ``/leakcall/metrics`` (``leakcall.ops``)."""


_SAMPLE_TOOLS: list[Any] = [
    {"type": "function", "function": {"name": "read_file", "description": "Read a file",
     "parameters": {"type": "object", "properties": {
         "path": {"type": "string"}, "limit": {"type": "integer", "minimum": 1},
         "mode": {"type": "string", "enum": ["text", "bytes"]}}, "required": ["path"]}}},
    {"type": "function", "function": {"name": "bash", "parameters": {
        "type": "object", "properties": {"command": {"type": "string"}},
        "required": ["command"]}}},
]
_SAMPLE_REPLY = ("Let me read the config file first.\n<tool_call>\n{\"name\": \"read_file\", "
                 "\"arguments\": {\"path\": \"config.yml\", \"limit\": 20}}\n</tool_call>")
"""A request's tool list and a reply leaking a call after a preamble: what ``warm_up`` recovers
once, one-shot and streamed, so that a first request builds nothing."""


def warm_up(reasoning: ReasoningMode = "ignore") -> None:
    """Build now everything a first request would otherwise build: the intent tables and every
    regex of the cue lexicon, every family's parser and parse tables, and the tool validators,
    the opener scanner and the stream tables of a sample request (recovered one-shot and
    streamed). ``create_app``'s startup runs it before the server accepts a connection, so
    ``/leakcall/ready`` never says ready before it is done."""
    warm()
    compile_all(lexicon())
    fams = all_families()
    for fam in fams:
        parse.warm(fam)
    rc = recoverer_for(_SAMPLE_TOOLS, reasoning=reasoning)
    if not rc.recover(_SAMPLE_REPLY).ok:  # pragma: no cover - the sample is a known leak
        raise RuntimeError("leakcall serve: the warm-up sample was not recovered")
    s = rc.stream()
    for i in range(0, len(_SAMPLE_REPLY), 16):
        s.feed(_SAMPLE_REPLY[i : i + 16])
    s.close()


def freeze_heap() -> bool:
    """Collect once, then move every object alive now (the warmed parsers, lexicons and tables,
    the server's modules) out of the garbage collector's sight (``gc.freeze``), once per
    process (not when objects were frozen before); True when it did. Without it each full
    collection walks them all again, and a server whose requests keep objects alive across
    young collections (every streamed request does) runs one every so many requests. Objects
    made later are collected as before; a frozen one is still freed when nothing refers to
    it."""
    if gc.get_freeze_count():
        return False
    gc.collect()
    gc.freeze()
    return True


def create_app(upstream: str, *, reasoning: ReasoningMode = "ignore",
               timeout: float = DEFAULT_TIMEOUT, limits: Limits | None = None,
               recover_errors: bool = True, shadow: bool = False,
               families: Iterable[str] | None = None, on_refusal: OnRefusal = "pass") -> Starlette:
    """The proxy as an ASGI app (Starlette): ``GET /leakcall/stats``, everything else forwarded to
    ``upstream`` (the server's root, e.g. ``http://localhost:8000``; a trailing ``/v1`` is fine).
    ``limits``: the proxy's bounds (``Limits()`` by default). ``recover_errors``: answer an
    upstream error that carries the model's leaked calls with a reply holding them. ``shadow``:
    examine and record every reply, change none. ``families``: recover only these families
    (ValueError names an unknown one). ``on_refusal``: ``pass``, ``annotate`` or ``error``
    (``leakcall.proxy.refusal``; not with ``shadow``, which changes no reply)."""
    # The serve extra is imported here, not at module level: ``leakcall`` works without it.
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    if reasoning not in ("ignore", "recover"):
        raise ValueError(f"reasoning must be 'ignore' or 'recover', not {reasoning!r}")
    parts = urlsplit(upstream)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"upstream must be an http(s) URL, not {redact(upstream)!r}")
    if timeout <= 0:
        raise ValueError("timeout must be positive")
    if on_refusal not in MODES:
        raise ValueError(f"on_refusal must be one of {', '.join(MODES)}, not {on_refusal!r}")
    if shadow and on_refusal != "pass":
        raise ValueError("--on-refusal changes replies: it cannot be used with --shadow")
    fams = None if families is None else tuple(families)
    if fams is not None:
        try:
            recoverer_for([], families=fams)
        except KeyError as e:
            raise ValueError(f"families: {e.args[0]}") from None
    stats = Stats()
    proxy = Proxy(upstream, reasoning, float(timeout), stats, limits, recover_errors=recover_errors,
                  shadow=shadow, families=fams, on_refusal=on_refusal)

    async def stats_endpoint(request: Request) -> JSONResponse:
        return JSONResponse(stats.to_dict())

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # everything a first request would build is built before the server accepts one
        await asyncio.to_thread(warm_up, reasoning)
        freeze_heap()  # what the warm-up built stays: no full collection walks it again
        await proxy.open()
        try:
            yield
        finally:
            await proxy.close()

    class App(Starlette):
        """Starlette for the stats route and the lifespan; every other HTTP request goes straight
        to the proxy, which answers its own errors (no per-message middleware on the hot path)."""

        async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == "http" and scope["path"] != STATS_PATH:
                await proxy(scope, receive, send)
            else:
                await super().__call__(scope, receive, send)

    app = App(routes=[Route(STATS_PATH, stats_endpoint, methods=["GET"])], lifespan=lifespan)
    app.state.stats = stats
    return app
