"""ASGI plumbing of the proxy: reading a request body under a cap, noticing a client that hangs
up (and cancelling the work for it), sending a whole response, and the server's direct body
writer when it offers one (``body_writer``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the serve extra
    from starlette.types import Message, Receive, Scope, Send

__all__ = ["BODY_READY", "BODY_WRITER", "ON_DISCONNECT", "BodyWriter", "DisconnectHook",
           "Disconnected", "SendTracker", "body_ready", "body_writer", "cancel_on_disconnect",
           "disconnect_hook", "read_body", "send_json", "send_raw"]

BODY_WRITER = "leakcall.body_writer"
"""The ASGI scope extension (``scope["extensions"]``) by which the server of ``leakcall serve``
(``leakcall.serve.http_protocol``) offers the request's response body writer: a function of the
bytes that writes them as the next part of the started response, at once, and returns True;
or writes nothing and returns False when it cannot (the response not started, or complete, or
not chunked, the client gone, its connection's buffer full): send them as an ASGI message then.
``write(b"")`` says whether a write would be taken now. Another ASGI server offers none: every
part goes as an ASGI message."""

BodyWriter = Callable[[bytes], bool]

ON_DISCONNECT = "leakcall.on_disconnect"
"""The ASGI scope extension by which the server of ``leakcall serve`` offers to tell the app that
the client's connection was lost before its response was complete: a function of a callback
(called once, from the connection's ``connection_lost``; at once when the connection is already
lost) that returns a function withdrawing it. ``cancel_on_disconnect`` uses it instead of a
task waiting on ``receive``; another ASGI server offers none."""

DisconnectHook = Callable[[Callable[[], None]], Callable[[], None]]

BODY_READY = "leakcall.body_ready"
"""The ASGI scope extension by which the server of ``leakcall serve`` says whether the request's
body has arrived whole (a function of nothing, True once it has): ``receive`` then returns it
without waiting, and the body is read without a timer (``Proxy._body``)."""


def body_writer(scope: Scope) -> BodyWriter | None:
    """The server's direct body writer for this request (``BODY_WRITER``), or None."""
    ext = scope.get("extensions")
    writer = ext.get(BODY_WRITER) if isinstance(ext, dict) else None
    return writer if callable(writer) else None


def body_ready(scope: Scope) -> bool:
    """The server says the request's body has arrived whole (``BODY_READY``)."""
    ext = scope.get("extensions")
    ready = ext.get(BODY_READY) if isinstance(ext, dict) else None
    return callable(ready) and ready() is True


def disconnect_hook(scope: Scope) -> DisconnectHook | None:
    """The server's disconnect hook for this request (``ON_DISCONNECT``), or None."""
    ext = scope.get("extensions")
    hook = ext.get(ON_DISCONNECT) if isinstance(ext, dict) else None
    return hook if callable(hook) else None


class SendTracker:
    """``send`` that remembers whether the response has started, and finished."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self.started = False
        self.finished = False

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = True
        elif message["type"] == "http.response.body" and not message.get("more_body", False):
            self.finished = True
        await self._send(message)


class Disconnected(Exception):
    """The client went away before or while its request was handled."""


async def read_body(receive: Receive, cap: int) -> bytes | None:
    """The request body; None as soon as it passes ``cap`` bytes."""
    parts: list[bytes] = []
    size = 0
    while True:
        msg = await receive()
        if msg["type"] == "http.disconnect":
            raise Disconnected
        part = msg.get("body", b"")
        size += len(part)
        if size > cap:
            return None
        parts.append(part)
        if not msg.get("more_body", False):
            return b"".join(parts)


async def _wait_disconnect(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def cancel_on_disconnect(receive: Receive, work: Coroutine[Any, Any, None],
                                sent: SendTracker, hook: DisconnectHook | None = None) -> None:
    """Run ``work`` in this task; cancel it (and so its upstream request) when the client
    disconnects before the response is complete (then raise ``Disconnected``). The work runs
    where the server's request runs; the disconnect is noticed by the server's ``hook``
    (``ON_DISCONNECT``) when it offers one, else by one task beside the work, the watch,
    waiting on ``receive``. A disconnect once the response is complete lets the work finish."""
    task = asyncio.current_task()
    assert task is not None
    left = False

    def lost() -> None:
        nonlocal left
        if not sent.finished:  # the response is not out: cancel the work for it
            left = True
            task.cancel()

    async def watch() -> None:
        with contextlib.suppress(Exception):  # a receive that fails: the client is gone
            await _wait_disconnect(receive)
        lost()

    withdraw = hook(lost) if hook is not None else None
    watcher = asyncio.ensure_future(watch()) if withdraw is None else None
    try:
        await work
        if left:  # the work took the cancel and finished anyway: the task is not cancelled
            task.uncancel()
    except asyncio.CancelledError:
        if not left:  # cancelled from outside (the server shutting down): not ours
            raise
        task.uncancel()
        raise Disconnected from None
    finally:
        if watcher is not None:
            watcher.cancel()
        elif withdraw is not None:
            withdraw()


async def send_raw(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [*headers, (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def send_json(send: Send, status: int, body: bytes) -> None:
    await send_raw(send, status, [(b"content-type", b"application/json")], body)
