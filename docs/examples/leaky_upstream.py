"""A stand-in for a model server whose tool parser failed, to try ``leakcall serve`` without one.

Every ``POST /v1/chat/completions`` is answered with a shipped real capture as the reply's text:
a DeepSeek V4 leak (``corpus/dsml/opencode-read-offset-limit.txt``, from anomalyco/opencode#24566),
the way a server that did not parse it sends it; with ``"stream": true`` as server-sent events,
eight characters per chunk, as most agent tools ask for it. From the root of a clone::

    python docs/examples/leaky_upstream.py      # listens on http://127.0.0.1:8000

Standard library only. Not for production: it answers every request with the same reply.
"""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPLY = (ROOT / "corpus" / "dsml" / "opencode-read-offset-limit.txt").read_text(encoding="utf-8")


CHUNK = 8
"""Characters of the reply per streamed chunk."""


def chunks(model: str) -> list[dict[str, object]]:
    """The streamed answer: the role, the leak in pieces, then the finish reason."""
    def chunk(delta: dict[str, str], finish: str | None = None) -> dict[str, object]:
        return {"id": "chatcmpl-leaky", "object": "chat.completion.chunk", "created": 0,
                "model": model, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    pieces = [REPLY[i : i + CHUNK] for i in range(0, len(REPLY), CHUNK)]
    return [chunk({"role": "assistant"}), *(chunk({"content": p}) for p in pieces),
            chunk({}, "stop")]


def completion(model: str) -> dict[str, object]:
    """The chat completion the stand-in answers: the leak as plain content."""
    return {"id": "chatcmpl-leaky", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": REPLY}}]}


class Handler(BaseHTTPRequestHandler):
    def _send(self, status: int, body: dict[str, object]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        if self.path == "/v1/models":
            self._send(200, {"object": "list", "data": [{"id": "leaky", "object": "model"}]})
        else:
            self._send(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
        if self.path != "/v1/chat/completions":
            self._send(400, {"error": {"message": "this stand-in answers only "
                                                  "POST /v1/chat/completions"}})
            return
        model = str(body.get("model", "leaky"))
        if not body.get("stream"):
            self._send(200, completion(model))
            return
        # HTTP/1.0 (the handler's default): the body ends when the connection closes
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.end_headers()
        for event in chunks(model):
            self.wfile.write(b"data: " + json.dumps(event).encode() + b"\n\n")
            self.wfile.flush()
        self.wfile.write(b"data: [DONE]\n\n")


def main(port: int = 8000) -> None:
    with ThreadingHTTPServer(("127.0.0.1", port), Handler) as server:
        print(f"leaky upstream on http://127.0.0.1:{port}", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8000)
