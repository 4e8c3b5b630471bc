"""The upstream client's body chunks (``leakcall.proxy.client``): llhttp hands each chunk of a
chunked body to ``on_body``, which is the connection's chunk list's own ``append``; the read's
new chunks are counted, paused on and handed on once per read (``_Conn._got``). Checked here on
a connection fed by hand: a read of many chunks reaches the sink, or the waiting reader, whole
and once; the byte count pauses reading past the buffer bound and a take resumes it; a second
request on the same connection collects its chunks in its own list."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

httptools = pytest.importorskip("httptools")

from leakcall.proxy.client import _BUFFERED, Response  # noqa: E402

from .test_serve_direct import _chunk, _conn, _Transport  # noqa: E402


class _Counting(_Transport):
    def __init__(self) -> None:
        super().__init__()
        self.paused = 0
        self.resumed = 0

    def pause_reading(self) -> None:
        self.paused += 1

    def resume_reading(self) -> None:
        self.resumed += 1


def test_a_read_of_many_chunks_reaches_the_sink_once_and_whole() -> None:
    async def main() -> list[bytes]:
        conn, resp = _conn(5.0)
        taken: list[bytes] = []
        resp.pipe(lambda data: taken.append(data) is None)

        async def reader() -> None:
            async for _ in resp.aiter_raw():
                raise AssertionError("every read went to the sink")

        task = asyncio.ensure_future(reader())
        await asyncio.sleep(0)  # the reader waits
        conn.data_received(b"".join(_chunk(b"data: %d\n\n" % i) for i in range(5)))
        conn.data_received(_chunk(b"data: 5\n\n"))
        conn.data_received(b"0\r\n\r\n")
        await asyncio.wait_for(task, 5)
        return taken

    taken = asyncio.run(main())
    assert taken == [b"".join(b"data: %d\n\n" % i for i in range(5)), b"data: 5\n\n"]


def test_a_read_of_chunks_wakes_the_reader_without_a_sink() -> None:
    async def main() -> list[bytes]:
        conn, resp = _conn(5.0)
        got: list[bytes] = []

        async def reader() -> None:
            async for part in resp.aiter_raw():
                got.append(part)

        task = asyncio.ensure_future(reader())
        await asyncio.sleep(0)  # the reader waits
        conn.data_received(_chunk(b"a") + _chunk(b"b"))
        await asyncio.sleep(0.01)  # woken by the chunks alone (the body has not ended)
        assert got == [b"ab"]
        conn.data_received(b"0\r\n\r\n")
        await asyncio.wait_for(task, 5)
        return got

    assert asyncio.run(main()) == [b"ab"]


def test_the_chunks_of_one_read_are_counted_toward_the_buffer_bound() -> None:
    async def main() -> tuple[int, int, int]:
        conn, _ = _conn(5.0)
        transport = _Counting()
        conn.transport = transport  # type: ignore[assignment]
        piece = b"x" * 4096
        n = _BUFFERED // len(piece) + 1  # past the bound in one read, no chunk past it alone
        conn.data_received(b"".join(_chunk(piece) for _ in range(n)))
        paused = transport.paused
        data = conn.take()
        return paused, transport.resumed, len(data)

    paused, resumed, size = asyncio.run(main())
    assert (paused, resumed) == (1, 1)
    assert size == (_BUFFERED // 4096 + 1) * 4096


def test_a_second_request_on_the_connection_collects_its_own_chunks() -> None:
    async def main() -> bytes:
        conn, _ = _conn(5.0)
        conn.data_received(_chunk(b"first") + b"0\r\n\r\n")
        assert conn.complete and conn.take() == b"first"
        conn.start(httptools.HttpResponseParser)  # the connection reused
        conn.data_received(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"
                           + _chunk(b"second") + b"0\r\n\r\n")
        pool = SimpleNamespace(timeout=5.0, release=lambda c: None)
        again = Response(pool, conn, head_only=False)  # type: ignore[arg-type]
        return b"".join([p async for p in again.aiter_raw()])

    assert asyncio.run(main()) == b"second"
