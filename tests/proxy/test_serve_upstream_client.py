"""The proxy's upstream client (``leakcall.proxy.client``) against real sockets: raw HTTP/1.1
servers written here (asyncio, plain and TLS) that answer in the shapes a proxy meets, and the
proxy itself in front of a TLS upstream."""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import socket
import ssl
import subprocess
import threading
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httptools")
httpx = pytest.importorskip("httpx")

from leakcall.proxy import Proxy, Stats  # noqa: E402
from leakcall.proxy.client import (  # noqa: E402
    ConnectError,
    ReadTimeout,
    RemoteProtocolError,
    Upstream,
)
from leakcall.serve import create_app  # noqa: E402

from ..wire_replay import serving_app  # noqa: E402


class Server:
    """A raw HTTP server on a loopback port: ``answer(head, body)`` gives the bytes to write for
    each request read on a connection (None: close without answering)."""

    def __init__(self, answer: Callable[[bytes, bytes], bytes | None], tls: ssl.SSLContext | None
                 = None) -> None:
        self.answer = answer
        self.tls = tls
        self.connections = 0
        self.heads: list[bytes] = []
        self.port = 0
        self._server: asyncio.Server | None = None

    async def __aenter__(self) -> Server:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0, ssl=self.tls)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: Any) -> None:
        assert self._server is not None
        self._server.close()

    async def _handle(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                head = await r.readuntil(b"\r\n\r\n")
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                               if line.lower().startswith(b"content-length:")), 0)
                body = await r.readexactly(length) if length else b""
                self.heads.append(head)
                out = self.answer(head, body)
                if out is None:
                    break
                w.write(out)
                await w.drain()
                if b"connection: close" in out.lower() or out.startswith(b"HTTP/1.0"):
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            w.close()


def _client(**kw: Any) -> Upstream:
    return Upstream(timeout=kw.pop("timeout", 5.0), connect_timeout=5.0,
                    tls=kw.pop("tls", ssl.create_default_context()), **kw)


async def _read(up: Upstream, url: str, method: str = "POST", body: bytes = b"{}",
                headers: list[tuple[str, str]] | None = None, decoded: bool = False
                ) -> tuple[int, dict[str, str], bytes]:
    resp = await up.send(method, url, headers or [("content-type", "application/json")], body)
    try:
        parts = [p async for p in (resp.aiter_bytes() if decoded else resp.aiter_raw())]
    finally:
        await resp.aclose()
    return resp.status_code, dict(resp.headers.multi_items()), b"".join(parts)


def _chunked(*parts: bytes) -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts if p) + b"0\r\n\r\n"


OK_CHUNKED = (b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"
              b"transfer-encoding: chunked\r\n\r\n" + _chunked(b"data: 1\n\n", b"data: 2\n\n"))


def test_keep_alive_reuses_one_connection_and_sends_only_the_given_headers() -> None:
    async def main() -> None:
        async with Server(lambda head, body: OK_CHUNKED) as srv:
            up = _client()
            url = f"http://user:p%40ss@127.0.0.1:{srv.port}/v1/chat/completions?x=1"
            for _ in range(3):
                status, headers, body = await _read(up, url, body=b'{"a": 1}')
                assert (status, body) == (200, b"data: 1\n\ndata: 2\n\n")
                assert headers["content-type"] == "text/event-stream"
            assert srv.connections == 1  # kept alive, reused
            lines = srv.heads[0].split(b"\r\n")
            assert lines[0] == b"POST /v1/chat/completions?x=1 HTTP/1.1"
            names = [ln.split(b":")[0].lower() for ln in lines[1:] if ln]
            # Host, basic auth from the URL's userinfo, the caller's headers, the length: no
            # User-Agent, Accept or Accept-Encoding of the client's own
            assert names == [b"host", b"authorization", b"content-type", b"content-length"]
            assert b"authorization: Basic dXNlcjpwQHNz" in srv.heads[0]  # user:p@ss
            await up.aclose()

    asyncio.run(main())


def test_a_connection_the_upstream_closes_is_not_reused() -> None:
    answer = (b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok")

    async def main() -> None:
        async with Server(lambda head, body: answer) as srv:
            up = _client()
            for _ in range(2):
                assert (await _read(up, f"http://127.0.0.1:{srv.port}/x"))[2] == b"ok"
            assert srv.connections == 2

    asyncio.run(main())


def test_a_body_delimited_by_the_close_is_read_whole() -> None:
    async def main() -> None:
        async with Server(lambda head, body: b"HTTP/1.0 200 OK\r\n\r\nuntil the end") as srv:
            up = _client()
            assert (await _read(up, f"http://127.0.0.1:{srv.port}/x"))[2] == b"until the end"

    asyncio.run(main())


def test_head_and_no_content_answers_end_at_their_head() -> None:
    head_answer = b"HTTP/1.1 200 OK\r\ncontent-length: 1234\r\n\r\n"
    no_content = b"HTTP/1.1 204 No Content\r\n\r\n"

    async def main() -> None:
        async with Server(lambda head, body: head_answer if head.startswith(b"HEAD")
                          else no_content) as srv:
            up = _client()
            url = f"http://127.0.0.1:{srv.port}/x"
            status, headers, body = await asyncio.wait_for(_read(up, url, "HEAD", b""), 5)
            assert (status, headers["content-length"], body) == (200, "1234", b"")
            assert (await asyncio.wait_for(_read(up, url, "DELETE", b""), 5))[:1] == (204,)
            assert b"content-length" not in srv.heads[-1].lower()  # no body, no length

    asyncio.run(main())


def test_an_informational_answer_is_skipped() -> None:
    answer = (b"HTTP/1.1 100 Continue\r\n\r\n"
              b"HTTP/1.1 201 Created\r\ncontent-length: 4\r\n\r\ndone")

    async def main() -> None:
        async with Server(lambda head, body: answer) as srv:
            status, _, body = await _read(_client(), f"http://127.0.0.1:{srv.port}/x")
            assert (status, body) == (201, b"done")

    asyncio.run(main())


def test_a_body_cut_short_raises_and_an_unanswered_request_too() -> None:
    # the server writes part of a chunked body, then closes the connection (connection: close)
    cut = (b"HTTP/1.1 200 OK\r\nconnection: close\r\ntransfer-encoding: chunked\r\n\r\n"
           b"9\r\ndata: 1\n\n\r\n")

    async def main() -> None:
        async with Server(lambda head, body: None if b"/silent" in head else cut) as srv:
            up = _client()
            resp = await up.send("POST", f"http://127.0.0.1:{srv.port}/x", [], b"{}")
            got: list[bytes] = []
            with pytest.raises(RemoteProtocolError, match="complete message body"):
                async for part in resp.aiter_raw():
                    got.append(part)
            assert got == [b"data: 1\n\n"]
            await resp.aclose()
            assert not any(up._idle.values())  # a broken connection is not kept
            with pytest.raises(RemoteProtocolError, match="without sending a response"):
                await up.send("POST", f"http://127.0.0.1:{srv.port}/silent", [], b"{}")

    asyncio.run(main())


def test_timeouts_and_refused_connections() -> None:
    async def main() -> None:
        async with Server(lambda head, body: b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked"
                          b"\r\n\r\n5\r\nhello\r\n") as srv:  # never ends
            up = _client(timeout=0.3)
            resp = await up.send("POST", f"http://127.0.0.1:{srv.port}/x", [], b"{}")
            stream = resp.aiter_raw()
            assert await stream.__anext__() == b"hello"
            with pytest.raises(ReadTimeout):
                await stream.__anext__()
            await resp.aclose()
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        with pytest.raises(ConnectError):
            await _client().send("GET", f"http://127.0.0.1:{port}/x", [], b"")

    asyncio.run(main())


@pytest.mark.heavy  # waits on timeouts for seconds
def test_the_read_timeout_is_per_read_not_per_response() -> None:
    """Reads that keep coming within the timeout never time out, however long the body takes
    (the connection's one timer is armed again while reads come); a silence past it after some
    reads does."""
    async def drip(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        head = await r.readuntil(b"\r\n\r\n")
        length = next(int(ln.split(b":")[1]) for ln in head.split(b"\r\n")
                      if ln.lower().startswith(b"content-length:"))
        await r.readexactly(length)
        silent = b"silent" in head
        w.write(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n")
        try:
            for i in range(3 if silent else 14):
                w.write(_chunked(b"%d;" % i)[:-5])  # one chunk, not the last one
                await w.drain()
                await asyncio.sleep(0.15)
            await asyncio.sleep(3.0 if silent else 0)
            w.write(b"0\r\n\r\n")
            await w.drain()
        except ConnectionError:
            pass
        finally:
            w.close()

    async def main() -> None:
        server = await asyncio.start_server(drip, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            up = _client(timeout=1.0)  # the body takes 2.1 s, a read at most ~0.15 s
            _, _, body = await _read(up, f"http://127.0.0.1:{port}/steady")
            assert body == b"".join(b"%d;" % i for i in range(14))
            with pytest.raises(ReadTimeout):
                await _read(up, f"http://127.0.0.1:{port}/silent")
        finally:
            server.close()

    asyncio.run(main())


@pytest.mark.parametrize("coding", ["gzip", "deflate", "raw-deflate"])
def test_content_encoded_bodies_are_decoded_on_request(coding: str) -> None:
    text = b"data: " + b"x" * 5000 + b"\n\n"
    if coding == "gzip":
        packed = gzip.compress(text)
    elif coding == "deflate":
        packed = zlib.compress(text)
    else:
        c = zlib.compressobj(wbits=-zlib.MAX_WBITS)
        packed = c.compress(text) + c.flush()
    name = b"gzip" if coding == "gzip" else b"deflate"
    answer = (b"HTTP/1.1 200 OK\r\ncontent-encoding: " + name + b"\r\ntransfer-encoding: chunked"
              b"\r\n\r\n" + _chunked(packed[:40], packed[40:]))

    async def main() -> None:
        async with Server(lambda head, body: answer) as srv:
            up = _client()
            url = f"http://127.0.0.1:{srv.port}/x"
            assert (await _read(up, url, decoded=True))[2] == text
            assert (await _read(up, url))[2] == packed  # as received

    asyncio.run(main())


# --- TLS ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cert(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (openssl), and its key."""
    d = tmp_path_factory.mktemp("tls")
    crt, key = d / "cert.pem", d / "key.pem"
    try:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-keyout", str(key), "-out", str(crt)], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as e:
        pytest.skip(f"openssl cannot make a certificate here: {e}")
    return crt, key


def _server_tls(cert: tuple[Path, Path]) -> ssl.SSLContext:
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(str(cert[0]), str(cert[1]))
    return ctx


def test_a_tls_upstream_is_verified(cert: tuple[Path, Path]) -> None:
    async def main() -> None:
        async with Server(lambda head, body: OK_CHUNKED, tls=_server_tls(cert)) as srv:
            url = f"https://127.0.0.1:{srv.port}/v1/x"
            trusting = _client(tls=ssl.create_default_context(cafile=str(cert[0])))
            for _ in range(2):
                assert (await _read(trusting, url))[2] == b"data: 1\n\ndata: 2\n\n"
            assert srv.connections == 1
            with pytest.raises(ConnectError, match=r"CERTIFICATE_VERIFY_FAILED|certificate"):
                await _client().send("POST", url, [], b"{}")  # the default trust store

    asyncio.run(main())


def test_the_proxy_repairs_a_stream_from_a_tls_upstream(cert: tuple[Path, Path],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end: ``create_app`` in front of an HTTPS upstream that SSL_CERT_FILE trusts; the
    leaked call in its Chat Completions stream arrives as tool_calls."""
    leak = ('Let me check the weather.\n\n<tool_call>\n{"name": "get_weather", "arguments": '
            '{"city": "Paris"}}\n</tool_call>')
    events = [{"choices": [{"index": 0, "delta": {"content": leak[i : i + 7]},
                            "finish_reason": None}]} for i in range(0, len(leak), 7)]
    events.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    sse = b"".join(b"data: " + json.dumps({"id": "c", "object": "chat.completion.chunk",
                                          **ev}).encode() + b"\n\n" for ev in events)
    sse += b"data: [DONE]\n\n"
    answer = (b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked"
              b"\r\n\r\n" + _chunked(*(sse[i : i + 90] for i in range(0, len(sse), 90))))
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}}}}]
    monkeypatch.setenv("SSL_CERT_FILE", str(cert[0]))
    loop = asyncio.new_event_loop()
    srv = Server(lambda head, body: answer, tls=_server_tls(cert))
    loop.run_until_complete(srv.__aenter__())
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        with serving_app(create_app(f"https://127.0.0.1:{srv.port}")) as proxy, \
                httpx.Client(timeout=30) as c:
            got = c.post(proxy + "/v1/chat/completions", json={
                "model": "m", "stream": True, "tools": tools,
                "messages": [{"role": "user", "content": "weather?"}]}).content
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
    assert b'"tool_calls"' in got and b"get_weather" in got and b"<tool_call>" not in got
    assert srv.heads and srv.heads[0].startswith(b"POST /v1/chat/completions HTTP/1.1")
    assert os.environ["SSL_CERT_FILE"] == str(cert[0])


def test_an_outbound_proxy_variable_is_named_in_a_warning(monkeypatch: pytest.MonkeyPatch,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    """The upstream is reached directly: a proxy variable that would apply to it is not used,
    and the start says so (one warning line); NO_PROXY that covers it silences it."""
    async def opened(upstream: str) -> None:
        p = Proxy(upstream, "ignore", 5.0, Stats())
        await p.open()
        await p.close()

    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "http_proxy",
                 "https_proxy", "all_proxy", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.example:3128")
    with caplog.at_level("WARNING", logger="leakcall.serve"):
        asyncio.run(opened("https://api.example/v1"))
        asyncio.run(opened("http://127.0.0.1:9"))  # no http proxy set
    lines = [r.getMessage() for r in caplog.records if "proxy_variable_ignored" in r.getMessage()]
    assert len(lines) == 1 and "HTTPS_PROXY" in lines[0]
    monkeypatch.setenv("NO_PROXY", "api.example")
    caplog.clear()
    with caplog.at_level("WARNING", logger="leakcall.serve"):
        asyncio.run(opened("https://api.example/v1"))
    assert not [r for r in caplog.records if "proxy_variable_ignored" in r.getMessage()]
