"""The proxy's bounds: ``Limits`` (the ``leakcall serve`` flags of the same names), the upstream
timeout, and the sizes below which repair work stays on the event loop."""

from __future__ import annotations

from dataclasses import dataclass

from ..pipeline import MAX_TEXT_CHARS

__all__ = [
    "DEFAULT_TIMEOUT",
    "INLINE_BATCH_BYTES",
    "INLINE_REPLY_CHARS",
    "INLINE_REQUEST_BYTES",
    "PROCESS_REPLY_BYTES",
    "Limits",
]

DEFAULT_TIMEOUT = 600.0
"""Seconds the proxy waits for the upstream: per read (so between two streamed chunks), per write
and for a pooled connection. Connecting is bounded by ``min(10, timeout)``."""

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """The proxy's bounds (``leakcall serve`` flags of the same names; ``max_body_bytes`` is
    ``--max-body``)."""

    max_body_bytes: int = 32 * MiB
    """A request body larger than this is answered 413 and not forwarded."""
    body_timeout: float = 60.0
    """Seconds to receive a request body (after its headers); past it: 408, not forwarded."""
    max_response_bytes: int = 32 * MiB
    """A non-streamed reply larger than this is relayed unrepaired (it is not buffered)."""
    max_sse_event_bytes: int = 1 * MiB
    """An SSE event (its line included) longer than this ends repairing: relayed as received."""
    max_held_chars: int = MAX_TEXT_CHARS
    """Characters a stream repair may hold back; past it the held text is released unrepaired."""
    repair_deadline: float = 20.0
    """Seconds of repair work (request check and response repair, in worker threads) per
    request; past it the reply is relayed unrepaired."""
    repair_threads: int = 4
    """Worker threads for repairs and tool checks (the event loop never runs them)."""
    repair_processes: int = 2
    """Worker processes for non-streamed replies over 256 KiB (started on first use)."""

    def __post_init__(self) -> None:
        for name in ("max_body_bytes", "max_response_bytes", "max_sse_event_bytes", "max_held_chars",
                     "repair_threads", "repair_processes"):
            if not isinstance(getattr(self, name), int) or getattr(self, name) < 1:
                raise ValueError(f"{name} must be a positive integer")
        for name in ("body_timeout", "repair_deadline"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be positive")


# Below these, a stream's batch is handled on the event loop (a hop to a worker costs ~0.1 ms,
# more than the work, which is linear in the new data; the final decision on a reply this short
# is quick). A non-streamed reply past PROCESS_REPLY_BYTES is repaired in a worker process.
INLINE_REPLY_CHARS = 8 * 1024
INLINE_BATCH_BYTES = 32 * 1024
# A request body up to this size is checked on the event loop when its tool list was seen before
# (``prepare_known``: one JSON parse and one read of the tools); the hop to a worker thread cost
# more than that check (``benchmarks/RESULTS.md``, "Proxy CPU per request").
INLINE_REQUEST_BYTES = 32 * 1024
PROCESS_REPLY_BYTES = 256 * 1024
