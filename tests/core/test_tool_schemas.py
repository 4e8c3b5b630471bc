"""Tool schemas: a bad schema refuses only the calls to its tool (rule ``invalid-tool-schema``);
``$ref`` resolves inside the schema only, and nothing is ever retrieved (no URL fetched, no file
read) by the library, the stream recoverer, ``scan`` or the proxy; no schema makes ``recover``
raise, however deep or large."""

from __future__ import annotations

import errno
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import leakcall
from leakcall import Reason, Recoverer, check_tools, recover
from leakcall.scan import scan_lines
from leakcall.validate import MAX_SCHEMA_DEPTH

GOOD: dict[str, Any] = {"type": "object", "properties": {"path": {"type": "string"}},
                        "required": ["path"]}


def leak(name: str, args: str = '{"path": "a"}') -> str:
    return f'<tool_call>\n{{"name": "{name}", "arguments": {args}}}\n</tool_call>'


def tools_with(bad: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"name": "read", "parameters": GOOD}, {"name": "bad", "parameters": bad}]


def refused_as_invalid(r: leakcall.Recovery) -> bool:
    return r.reason is Reason.SCHEMA and r.rule == "invalid-tool-schema"


# ----------------------------------------------------------------------- invalid tool schemas

INVALID: dict[str, dict[str, Any]] = {
    "unknown type": {"type": "float"},
    "required not a list": {"type": "object", "required": "path"},
    "bad regex": {"type": "object", "properties": {"path": {"type": "string", "pattern": "(["}}},
    "dangling local ref": {"type": "object", "properties": {"path": {"$ref": "#/$defs/missing"}}},
    "remote ref": {"type": "object", "properties": {"path": {"$ref": "https://example.com/s"}}},
    "relative ref to another document": {"$id": "https://example.com/root", "type": "object",
                                         "properties": {"path": {"$ref": "other.json"}}},
    "ref into data holding a remote ref": {
        "type": "object", "examples": [{"$ref": "https://example.com/s"}],
        "properties": {"path": {"$ref": "#/examples/0"}}},
}


@pytest.mark.parametrize("bad", INVALID.values(), ids=list(INVALID))
def test_a_bad_schema_refuses_its_calls_and_spares_the_others(bad: dict[str, Any]) -> None:
    tools = tools_with(bad)
    assert recover(leak("read"), tools).ok
    r = recover(leak("bad"), tools)
    assert refused_as_invalid(r), r
    assert r.detail.startswith("bad (offset 12): the tool's schema is invalid: ")
    with pytest.raises(ValueError, match="'bad'"):
        check_tools(tools)


def test_the_validators_message_is_in_the_detail() -> None:
    r = recover(leak("bad"), tools_with({"type": "float"}))
    assert "'float' is not valid under any of the given schemas" in r.detail
    r = recover(leak("bad"), tools_with(INVALID["dangling local ref"]))
    assert "'#/$defs/missing' does not resolve inside the schema" in r.detail


def test_a_call_to_a_bad_tool_is_refused_before_its_arguments_are_decoded() -> None:
    # Typed by the (invalid) schema the raw value would not decode; the schema is judged first.
    bad = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": "n"}
    text = "<tool_call>\n<function=bad>\n<parameter=n>\nabc\n</parameter>\n</function>\n</tool_call>"
    r = recover(text, tools_with(bad))
    assert refused_as_invalid(r), r


def test_one_bad_call_refuses_the_whole_reply() -> None:
    text = leak("read") + "\n" + leak("bad")
    assert refused_as_invalid(recover(text, tools_with({"type": "float"})))


def test_local_references_work() -> None:
    schema = {"$defs": {"p": {"type": "string", "minLength": 1}}, "type": "object",
              "properties": {"path": {"$ref": "#/$defs/p"}}, "required": ["path"]}
    assert recover(leak("read"), [{"name": "read", "parameters": schema}]).ok
    r = recover(leak("read", '{"path": ""}'), [{"name": "read", "parameters": schema}])
    assert (r.reason, r.rule) == (Reason.SCHEMA, "schema-validation")
    # Through the schema's own $id, an anchor, and draft-07 definitions.
    by_id = {"$id": "https://example.com/t", "$defs": {"p": {"$anchor": "P", "type": "string"}},
             "type": "object", "properties": {"path": {"$ref": "https://example.com/t#P"}}}
    draft7 = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
              "definitions": {"p": {"type": "string"}},
              "properties": {"path": {"$ref": "#/definitions/p"}}}
    for schema in (by_id, draft7):
        check_tools([{"name": "read", "parameters": schema}])
        assert recover(leak("read"), [{"name": "read", "parameters": schema}]).ok
        assert recover(leak("read", '{"path": 1}'),
                       [{"name": "read", "parameters": schema}]).reason is Reason.SCHEMA


def test_structural_misuse_still_raises() -> None:
    with pytest.raises(TypeError):
        recover(leak("read"), {"name": "read"})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"tools\[1\]"):
        recover(leak("read"), [{"name": "read"}, {"parameters": {}}])
    with pytest.raises(ValueError, match="twice"):
        recover(leak("read"), [{"name": "read"}, {"name": "read", "parameters": GOOD}])


def test_check_tools_lists_every_bad_entry() -> None:
    tools = [{"name": "a", "parameters": {"type": "float"}}, {"parameters": {}}, 7,
             {"name": "ok", "parameters": GOOD},
             {"name": "r", "parameters": {"$ref": "file:///etc/passwd"}}]
    with pytest.raises(ValueError) as info:
        check_tools(tools)
    msg = str(info.value)
    assert msg.startswith("4 bad tool definition(s):")
    for part in ("tool 'a'", "tools[1]", "tools[2]", "tool 'r'"):
        assert part in msg
    assert "'ok'" not in msg
    check_tools([{"name": "ok", "parameters": GOOD}, {"type": "web_search"}])  # passes
    with pytest.raises(TypeError):
        check_tools("read")


def test_an_exception_inside_jsonschema_is_a_refusal() -> None:
    # jsonschema's multipleOf divides as floats: a 400-digit integer raises OverflowError there.
    schema = {"type": "object", "properties": {"n": {"type": "integer", "multipleOf": 0.5}}}
    tools = [{"name": "read", "parameters": schema}]
    assert recover(leak("read", '{"n": 4}'), tools).ok
    r = recover(leak("read", '{"n": 1%s}' % ("0" * 400)), tools)
    assert refused_as_invalid(r), r
    assert "cannot be applied" in r.detail and "too large" in r.detail


# ----------------------------------------------------------------------- depth and size


def _nested(depth: int) -> dict[str, Any]:
    s: dict[str, Any] = {"type": "string"}
    for _ in range(depth):
        s = {"anyOf": [s]}  # two JSON levels per step
    return {"type": "object", "properties": {"path": s}}


@pytest.mark.heavy
@pytest.mark.parametrize("steps", [MAX_SCHEMA_DEPTH, 150, 100_000])
def test_a_schema_deeper_than_the_limit_is_invalid_not_an_error(steps: int) -> None:
    tools = tools_with(_nested(steps))
    assert recover(leak("read"), tools).ok
    r = recover(leak("bad"), tools)
    assert refused_as_invalid(r), r
    assert "nests" in r.detail
    with pytest.raises(ValueError, match="'bad'"):
        check_tools(tools)


def test_a_schema_within_the_limit_works() -> None:
    depth = (MAX_SCHEMA_DEPTH - 4) // 2
    assert recover(leak("read"), [{"name": "read", "parameters": _nested(depth)}]).ok


# ----------------------------------------------------------------------- nothing is ever retrieved


class _Counter(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []  # noqa: RUF012 - shared by design: every request is recorded

    def do_GET(self) -> None:
        _Counter.hits.append(self.path)
        body = json.dumps({"type": "string"}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def ref_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Counter)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class Fifo:
    """A named pipe watched from a thread. Whoever opens it to read blocks there until a writer
    comes, so the watcher's non-blocking open tells whether anyone tried (and then releases the
    reader, so that a regression fails the test instead of hanging it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.reads = 0
        self._stop = threading.Event()
        os.mkfifo(path)
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.is_set():
            self.reads += _opened_for_reading(self.path)
            time.sleep(0.02)

    def close(self) -> int:
        self._stop.set()
        self._thread.join(5)
        return self.reads + _opened_for_reading(self.path)


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Fifo]:
    f = Fifo(tmp_path / "schema.json")
    yield f
    f.close()


def _opened_for_reading(path: Path) -> bool:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as e:
        if e.errno == errno.ENXIO:  # no reader
            return False
        raise
    os.write(fd, b'{"type": "string"}')  # release the reader
    os.close(fd)
    return True


def _remote_tools(base: str, fifo: Fifo) -> list[dict[str, Any]]:
    def schema(ref: str) -> dict[str, Any]:
        return {"type": "object", "properties": {"path": {"$ref": ref}}, "required": ["path"]}

    return [{"type": "function", "function": {"name": "web", "parameters": schema(
                f"{base}/schema.json")}},
            {"type": "function", "function": {"name": "disk", "parameters": schema(
                fifo.path.as_uri())}},
            {"type": "function", "function": {"name": "rel", "parameters": {
                "$id": f"{base}/root.json", **schema("defs.json#/p")}}},
            {"type": "function", "function": {"name": "read", "parameters": GOOD}}]


REMOTE_NAMES = ("web", "disk", "rel")


def test_the_library_never_retrieves_a_reference(ref_server: str, fifo: Fifo) -> None:
    _Counter.hits.clear()
    tools = _remote_tools(ref_server, fifo)
    for name in REMOTE_NAMES:
        assert refused_as_invalid(recover(leak(name), tools))
        assert refused_as_invalid(Recoverer(tools, reasoning="recover").recover(leak(name)))
        s = leakcall.StreamRecoverer(tools, id_salt="x")
        s.feed(leak(name))
        assert refused_as_invalid(s.close().recovery)
    assert recover(leak("read"), tools).ok
    with pytest.raises(ValueError):
        check_tools(tools)
    # An unknown $schema is not fetched either: jsonschema's rule applies (the latest draft).
    dialect = {"name": "dialect", "parameters": {**GOOD, "$schema": f"{ref_server}/meta.json"}}
    assert recover(leak("dialect"), [dialect]).ok
    assert recover(leak("dialect", '{"path": 1}'), [dialect]).reason is Reason.SCHEMA
    assert _Counter.hits == [] and fifo.close() == 0


def test_scan_never_retrieves_a_reference(ref_server: str, fifo: Fifo) -> None:
    _Counter.hits.clear()
    tools = _remote_tools(ref_server, fifo)
    lines = [json.dumps({"text": leak(n), "tools": tools}) for n in (*REMOTE_NAMES, "read")]
    rep = scan_lines(lines)
    assert rep.reasons == {"schema": 3, "ok": 1} and rep.bad_lines == 0
    assert _Counter.hits == [] and fifo.close() == 0


class _Upstream(http.server.BaseHTTPRequestHandler):
    """A chat completions server whose reply is the last user message, leaked as text."""

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        text = body["messages"][-1]["content"]
        if body.get("stream"):
            chunks = [{"index": 0, "delta": {"content": text}, "finish_reason": None},
                      {"index": 0, "delta": {}, "finish_reason": "stop"}]
            out = b"".join(b"data: " + json.dumps({
                "id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
                "choices": [c]}).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"
            kind = "text/event-stream"
        else:
            out = json.dumps({"id": "c", "object": "chat.completion", "created": 1, "model": "m",
                              "choices": [{"index": 0, "finish_reason": "stop", "message": {
                                  "role": "assistant", "content": text}}]}).encode()
            kind = "application/json"
        self.send_response(200)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.mark.heavy
def test_the_proxy_never_retrieves_a_reference(ref_server: str, fifo: Fifo, tmp_path: Path) -> None:
    httpx = pytest.importorskip("httpx")
    pytest.importorskip("uvicorn")
    _Counter.hits.clear()
    upstream = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    log = tmp_path / "proxy.log"
    with log.open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "leakcall.serve", "--upstream",
             f"http://127.0.0.1:{upstream.server_address[1]}", "--port", "0"],
            stdout=subprocess.DEVNULL, stderr=err, stdin=subprocess.DEVNULL)
    try:
        port = _wait_for_port(log, proc)
        tools = _remote_tools(ref_server, fifo)
        with httpx.Client(timeout=30) as client:
            for name in (*REMOTE_NAMES, "read"):
                resp = client.post(f"http://127.0.0.1:{port}/v1/chat/completions", json={
                    "model": "m", "tools": tools,
                    "messages": [{"role": "user", "content": leak(name)}]})
                msg = resp.json()["choices"][0]["message"]
                if name == "read":
                    assert msg["tool_calls"][0]["function"]["name"] == "read"
                else:  # refused: the reply passes unchanged
                    assert msg["content"] == leak(name) and not msg.get("tool_calls")
                    streamed = client.post(
                        f"http://127.0.0.1:{port}/v1/chat/completions", json={
                            "model": "m", "tools": tools, "stream": True,
                            "messages": [{"role": "user", "content": leak(name)}]}).text
                    assert "tool_calls" not in streamed and json.dumps(leak(name))[1:-1] in streamed
    finally:
        proc.terminate()
        proc.wait(10)
        upstream.shutdown()
        upstream.server_close()
    logged = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    refusals = [r for r in logged if r["event"] == "refusal"]  # (access lines repeat the reason)
    assert sum(r.get("reason") == "schema" for r in refusals) == 2 * len(REMOTE_NAMES)
    assert _Counter.hits == [] and fifo.close() == 0


def _wait_for_port(log: Path, proc: subprocess.Popen[bytes]) -> int:
    deadline = time.monotonic() + 120  # start-up warms every family: slow on a loaded machine
    while time.monotonic() < deadline:
        m = re.search(r"Uvicorn running on http://127\.0\.0\.1:(\d+)", log.read_text(errors="replace"))
        if m:
            return int(m.group(1))
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    raise RuntimeError(f"proxy did not start:\n{log.read_text(errors='replace')}")
