"""``httpx`` transports that repair leaked tool calls in place (the ``httpx`` extra).

For clients built on httpx (LangChain's ``ChatOpenAI``, LiteLLM, older openai/anthropic SDKs):

>>> import httpx, leakcall.httpx
>>> client = httpx.Client(transport=leakcall.httpx.RepairTransport())

Each transport wraps another (default: a new ``httpx.HTTPTransport``) and repairs the responses of
``POST .../chat/completions``, ``.../responses`` and ``.../messages`` that advertise ``tools``,
streamed and not, with the tools of that request; the call id salt is a digest of the request's
conversation. Everything else passes through. Decisions are logged (logger
``leakcall.transport``) and handed to ``on_recovery``. Same code as ``leakcall.httpx2``.
"""

from __future__ import annotations

from collections.abc import Iterable

import httpx

from ._transport import AsyncRepair, SyncRepair
from ._wire import OnRecovery
from .pipeline import ReasoningMode

__all__ = ["AsyncRepairTransport", "RepairTransport"]


class RepairTransport(SyncRepair, httpx.BaseTransport):
    """A sync httpx transport that repairs leaked tool calls (see the module docstring)."""

    _http = httpx

    def __init__(self, transport: httpx.BaseTransport | None = None, *,
                 reasoning: ReasoningMode = "ignore", families: Iterable[str] | None = None,
                 on_recovery: OnRecovery | None = None) -> None:
        super().__init__(transport, reasoning, families, on_recovery)


class AsyncRepairTransport(AsyncRepair, httpx.AsyncBaseTransport):
    """An async httpx transport that repairs leaked tool calls (see the module docstring)."""

    _http = httpx

    def __init__(self, transport: httpx.AsyncBaseTransport | None = None, *,
                 reasoning: ReasoningMode = "ignore", families: Iterable[str] | None = None,
                 on_recovery: OnRecovery | None = None) -> None:
        super().__init__(transport, reasoning, families, on_recovery)
