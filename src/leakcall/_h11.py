"""uvicorn's h11 protocol with the first-request-head timeout, importable by name: uvicorn's
worker processes (``leakcall serve --workers N``) load the protocol by its import path."""

from __future__ import annotations

import os
from typing import Any

from .serve import DEFAULT_HEADER_TIMEOUT, h11_protocol

HeaderTimeoutH11: Any = h11_protocol(
    float(os.environ.get("LEAKCALL_HEADER_TIMEOUT") or DEFAULT_HEADER_TIMEOUT))
