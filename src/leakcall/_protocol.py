"""uvicorn's httptools protocol with the proxy's request-head bounds, importable by name: uvicorn's
worker processes (``leakcall serve --workers N``) load the protocol by its import path."""

from __future__ import annotations

import os
from typing import Any

from .serve import DEFAULT_HEADER_TIMEOUT, DEFAULT_MAX_HEADER_BYTES, http_protocol

Bounded: Any = http_protocol(
    float(os.environ.get("LEAKCALL_HEADER_TIMEOUT") or DEFAULT_HEADER_TIMEOUT),
    int(os.environ.get("LEAKCALL_MAX_HEADER_BYTES") or DEFAULT_MAX_HEADER_BYTES))
