"""The in-process transports frame server-sent events with the proxy's decoder
(``leakcall._sse``): only CRLF, LF and CR end a line, so an event holding U+2028, U+2029 or U+0085
inside a JSON string stays one event and what it says reaches the decision (issue 26, the
high-severity bypass on Messages streams)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall._sse import SSEDecoder, data_of
from leakcall._transport import StreamFixer, job_for

from ..wire_replay import messages_events

TOOLS = [{"name": "get_weather", "description": "weather",
          "input_schema": {"type": "object", "properties": {"city": {"type": "string"}},
                           "required": ["city"]}}]
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


def _stream(text: str, ends: bytes) -> bytes:
    out = []
    for name, obj in messages_events("m", {"text": text, "step": 9}):
        data = json.dumps(obj, ensure_ascii=False)
        out.append(f"event: {name}".encode() + ends + f"data: {data}".encode() + ends + ends)
    return b"".join(out)


def _fixed(body: bytes, step: int) -> list[dict[str, Any]]:
    req = json.dumps({"model": "m", "stream": True, "tools": TOOLS, "max_tokens": 9,
                      "messages": [{"role": "user", "content": "go"}]}).encode()
    job = job_for("POST", "https://api.example/v1/messages", req)
    assert job is not None
    fixer = StreamFixer(job, None, None, lambda r: None)
    out = b"".join(fixer.feed(body[i : i + step]) for i in range(0, len(body), step))
    out += fixer.close()
    events = SSEDecoder(1 << 20).feed(out)
    return [json.loads(e.data) for e in events if e.data is not None]


def _calls(events: list[dict[str, Any]]) -> list[str]:
    return [e["content_block"]["name"] for e in events if e.get("type") == "content_block_start"
            and e["content_block"].get("type") == "tool_use"]


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\u0085"])
@pytest.mark.parametrize("ends", [b"\n", b"\r\n", b"\r"], ids=["lf", "crlf", "cr"])
def test_a_line_separator_inside_an_event_does_not_split_it(sep: str, ends: bytes) -> None:
    text = "Let me check the weather.\n\n" + CALL + "\n" + sep + "Do NOT run it."
    assert not leakcall.recover(text, TOOLS).ok  # text after the markup: prose-tail
    for step in (1, 7, 4096):
        events = _fixed(_stream(text, ends), step)
        assert _calls(events) == [], (sep, ends, step)
        shown = "".join(e["delta"]["text"] for e in events
                        if e.get("type") == "content_block_delta")
        assert shown == text


@pytest.mark.parametrize("ends", [b"\n", b"\r\n", b"\r"], ids=["lf", "crlf", "cr"])
def test_the_same_stream_without_the_tail_is_repaired(ends: bytes) -> None:
    text = "Let me check the weather.\n\n" + CALL
    assert leakcall.recover(text, TOOLS).ok
    assert _calls(_fixed(_stream(text, ends), 7)) == ["get_weather"]


def test_data_of_reads_only_crlf_lf_cr_line_ends() -> None:
    assert data_of(b'data: {"t": "a\xe2\x80\xa8b"}\n\n') == b'{"t": "a\xe2\x80\xa8b"}'
    assert data_of(b"event: x\rdata: 1\rdata: 2\r\r") == b"1\n2"
    assert data_of(b": comment\n\n") is None
