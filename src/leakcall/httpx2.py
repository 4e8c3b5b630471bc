"""``httpx2`` transports that repair leaked tool calls in place (the ``httpx2`` extra).

For clients built on httpx2 (the current ``openai`` and ``anthropic`` SDKs):

>>> import httpx2, leakcall.httpx2, openai
>>> client = openai.OpenAI(http_client=httpx2.Client(transport=leakcall.httpx2.RepairTransport()))

Each transport wraps another (default: a new ``httpx2.HTTPTransport``) and repairs the responses of
``POST .../chat/completions``, ``.../responses`` and ``.../messages`` that advertise ``tools``,
streamed and not, with the tools of that request; the call id salt is a digest of the request's
conversation. Everything else passes through. Decisions are logged (logger
``leakcall.transport``) and handed to ``on_recovery``. Same code as ``leakcall.httpx``.
"""

from __future__ import annotations

from collections.abc import Iterable

import httpx2

from ._transport import AsyncRepair, SyncRepair
from ._wire import OnRecovery
from .pipeline import ReasoningMode

__all__ = ["AsyncRepairTransport", "RepairTransport"]


class RepairTransport(SyncRepair, httpx2.BaseTransport):
    """A sync httpx2 transport that repairs leaked tool calls (see the module docstring)."""

    _http = httpx2

    def __init__(self, transport: httpx2.BaseTransport | None = None, *,
                 reasoning: ReasoningMode = "ignore", families: Iterable[str] | None = None,
                 on_recovery: OnRecovery | None = None) -> None:
        super().__init__(transport, reasoning, families, on_recovery)


class AsyncRepairTransport(AsyncRepair, httpx2.AsyncBaseTransport):
    """An async httpx2 transport that repairs leaked tool calls (see the module docstring)."""

    _http = httpx2

    def __init__(self, transport: httpx2.AsyncBaseTransport | None = None, *,
                 reasoning: ReasoningMode = "ignore", families: Iterable[str] | None = None,
                 on_recovery: OnRecovery | None = None) -> None:
        super().__init__(transport, reasoning, families, on_recovery)
