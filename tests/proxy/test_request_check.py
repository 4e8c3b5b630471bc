"""The request check (``prepare``): a small request whose tool list was checked before is checked
on the event loop (``prepare_known``); a new tool list, or a large body, goes to a worker thread
(``Proxy._work``, within the request's repair budget). Either way the repair is the same."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import pytest

from leakcall.proxy.events import Stats
from leakcall.proxy.forward import Proxy
from leakcall.proxy.limits import INLINE_REQUEST_BYTES
from leakcall.proxy.repair import Repair, prepare, prepare_known
from leakcall.recoverer import known_recoverer

pytest.importorskip("httptools")


def _request(content: str = "go") -> tuple[list[Any], bytes]:
    """A streamed chat request advertising a tool list no other test uses."""
    tools = [{"type": "function", "function": {"name": f"t_{uuid.uuid4().hex[:12]}", "parameters": {
        "type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}}]
    body = {"model": "m", "stream": True, "tools": tools,
            "messages": [{"role": "user", "content": content}]}
    return tools, json.dumps(body).encode()


def test_prepare_known_only_for_a_tool_list_checked_before() -> None:
    _, body = _request()
    assert prepare_known(body, "ignore") is None  # new tools: nothing built here
    assert known_recoverer(json.loads(body)["tools"]) is None
    full = prepare(body, "ignore")
    again = prepare_known(body, "ignore")
    assert full.repair is not None and again is not None and again.repair is not None
    assert again == full and again.repair.recoverer is full.repair.recoverer
    assert known_recoverer(json.loads(body)["tools"]) is full.repair.recoverer
    assert prepare_known(body, "recover") is None  # another mode: another Recoverer, not built
    # answers that need no tool check are prepare's
    for other in (b"{", b"[]", b'{"model": "m"}', json.dumps({"tools": []}).encode()):
        assert prepare_known(other, "ignore") == prepare(other, "ignore")


def test_small_request_with_known_tools_is_checked_on_the_event_loop() -> None:
    proxy = Proxy("http://127.0.0.1:9", "ignore", 5.0, Stats())
    in_worker: list[Any] = []
    repairs: list[Repair | None] = []

    async def work(budget: Any, fn: Any, *args: Any, **kw: Any) -> Any:
        in_worker.append(fn)
        return fn(*args)

    async def forward(method: str, url: str, *, repair: Repair | None, **kw: Any) -> None:
        repairs.append(repair)

    async def send(message: Any) -> None:  # pragma: no cover - nothing is answered here
        raise AssertionError(message)

    proxy._work = work  # type: ignore[method-assign]
    proxy._forward = forward  # type: ignore[method-assign]
    scope = {"type": "http", "method": "POST", "path": "/v1/chat/completions",
             "raw_path": b"/v1/chat/completions", "query_string": b"",
             "headers": [(b"content-type", b"application/json")]}
    _, body = _request()
    _, large = _request("x" * INLINE_REQUEST_BYTES)
    assert len(body) <= INLINE_REQUEST_BYTES < len(large)

    async def handle(*bodies: bytes) -> None:
        for b in bodies:
            await proxy._handle(scope, b, send, "rid")

    asyncio.run(handle(body, body, large, large))
    # the first sight of each tool list and every large body in a worker; the repeat inline
    assert in_worker == [prepare, prepare, prepare]
    assert all(r is not None for r in repairs)
    assert repairs[0] == repairs[1] and repairs[0].recoverer is repairs[1].recoverer  # type: ignore[union-attr]
