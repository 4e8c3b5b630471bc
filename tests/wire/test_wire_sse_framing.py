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
from leakcall._transport import StreamFixer, fix_body, job_for

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


def test_reads_of_whole_events_and_a_cut_one_decode_as_line_by_line() -> None:
    """The decoder splits the whole events a read begins with at once (the first read of a
    stream too) and goes on line by line from the event the read cuts: with LF line ends,
    the events are the same however the stream is cut, and the same as fed a byte at a time."""
    import random

    rng = random.Random(27)
    lines = [b"data: {\"a\": 1}", b"event: x", b": comment", b"id: 7", b"data: [DONE]",
             b"retry: 5", b"data: two", b"data"]
    for _ in range(300):
        stream = b"".join(b"\n".join(rng.sample(lines, rng.randint(1, 3))) + b"\n\n"
                          for _ in range(rng.randint(1, 8)))
        stream += rng.choice([b"", b"data: cut", b"data: cut\n"])
        one = SSEDecoder(1 << 20)
        want = [e for i in range(len(stream)) for e in one.feed(stream[i : i + 1])]
        cuts = sorted(rng.sample(range(1, len(stream)), min(3, len(stream) - 1)))
        dec = SSEDecoder(1 << 20)
        got = [e for a, b in zip([0, *cuts], [*cuts, len(stream)], strict=True)
               for e in dec.feed(stream[a:b])]
        assert got == want
        assert dec.take_raw() == one.take_raw()
        whole = SSEDecoder(1 << 20)
        assert whole.feed(stream) == want


@pytest.mark.parametrize("text", ["pre \ud800 f", "\ud800 [TOOL_CALLS] x", "Hi \udfff f"])
def test_a_lone_surrogate_in_a_stream_goes_out_escaped(text: str) -> None:
    """A JSON escape of a lone surrogate (``\\ud800``) decodes to a character UTF-8 cannot
    carry: an event the fixer re-encodes (a held text, released) keeps it escaped, as the
    upstream wrote it, instead of raising out of the transport."""
    body = b"".join(f"event: {name}\ndata: {json.dumps(obj)}\n\n".encode()
                    for name, obj in messages_events("m", {"text": text, "step": 9}))
    events = _fixed(body, 7)
    sent = "".join(e["delta"]["text"] for e in events if e.get("type") == "content_block_delta"
                   and e["delta"].get("type") == "text_delta")
    assert sent == text


def test_a_lone_surrogate_in_a_repaired_body_goes_out_escaped() -> None:
    """A repaired body re-encodes every field: one holding a lone surrogate goes out escaped."""
    req = json.dumps({"model": "m", "tools": TOOLS, "max_tokens": 9,
                      "messages": [{"role": "user", "content": "go"}]}).encode()
    job = job_for("POST", "https://api.example/v1/messages", req)
    assert job is not None
    body = json.dumps({"id": "msg_1", "type": "message", "role": "assistant", "model": "m\ud800",
                       "content": [{"type": "text", "text": CALL}],
                       "stop_reason": "end_turn", "stop_sequence": None,
                       "usage": {"input_tokens": 1, "output_tokens": 1}}).encode()
    fixed = fix_body(job, body, None, None, lambda r: None)
    assert fixed is not None and b'"m\\ud800"' in fixed
    assert [b["name"] for b in json.loads(fixed)["content"]] == ["get_weather"]
