"""Issue 26, item 7: the one SSE decoder under every framing a server may use (hypothesis,
80 examples a run).

Each route's stream (Chat Completions, Responses, Messages) is written with a random line end
per line (CRLF, LF, CR), a BOM, comment lines, ``id:``/``retry:``/``event:`` fields, text that
holds U+2028, U+2029 and U+0085, and cut at random byte offsets (inside a CRLF pair or a UTF-8
sequence too). What the transport's stream repair gives must carry the same events as the
repair of the plain LF stream, and the decision must be one-shot ``recover``'s: nothing lost,
nothing split."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import leakcall
from leakcall._transport import StreamFixer, job_for

from ..conftest import examples
from ..wire_replay import chat_events, messages_events, responses_events

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
FN = {"name": "get_weather", "parameters": SCHEMA}
ROUTES: dict[str, tuple[str, dict[str, Any], Any]] = {
    "chat": ("/v1/chat/completions", {"tools": [{"type": "function", "function": FN}]},
             chat_events),
    "responses": ("/v1/responses", {"tools": [{"type": "function", **FN}]}, responses_events),
    "messages": ("/v1/messages", {"tools": [{"name": "get_weather", "input_schema": SCHEMA}]},
                 messages_events),
}
TEXTS = [
    "Let me check the weather.\n\n" + CALL,
    "Checking.\u2028Done.\n" + CALL,
    "Do not run this:\u2029\n" + CALL,
    "Here is the weather\u0085 in Paris: sunny.",
    CALL + "\n\nDo NOT run it.\u2028",
]
ENDS = [b"\r\n", b"\n", b"\r"]


def _write(route: str, text: str, draw: Any) -> tuple[bytes, bytes]:
    """(the stream as a plain LF server writes it, the same stream in random framing)."""
    _, _, events = ROUTES[route]
    plain, varied = [], [b"\xef\xbb\xbf"] if draw(st.booleans()) else []
    for name, ev in events("m", {"text": text, "step": draw(st.integers(1, 12))}):
        data = json.dumps(ev, ensure_ascii=False).encode()
        lines = [b"event: " + name.encode()] if name else []
        plain.append(b"\n".join([*lines, b"data: " + data]) + b"\n\n")
        extra = draw(st.lists(st.sampled_from([b": ping", b"id: 7", b"retry: 1000"]),
                              max_size=2))
        for x in [*extra, *lines, b"data: " + data, b""]:
            varied += [x, _end(draw, varied)]
    if route == "chat":
        for x in [b"data: [DONE]", b""]:
            varied += [x, _end(draw, varied)]
    return b"".join(plain), b"".join(varied)


def _end(draw: Any, written: list[bytes]) -> bytes:
    """A random line end; after a CR that ended the line before (an empty line follows), never
    LF: CR LF is one line end, and the writer means two."""
    prev = next((x for x in reversed(written) if x), b"")
    return draw(st.sampled_from(ENDS[:1] + ENDS[2:] if prev.endswith(b"\r") else ENDS))


def _data(body: bytes) -> list[Any]:
    """The data of each event, by the spec's rules written out here (line ends CRLF, LF or CR;
    comments and other fields skipped; a leading BOM dropped)."""
    text = body.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    out = []
    for block in text.split(b"\n\n"):
        data = [line[5:].removeprefix(b" ") for line in block.split(b"\n")
                if line.startswith(b"data:")]
        if data and data != [b"[DONE]"]:
            out.append(json.loads(b"\n".join(data)))
    return out


def _fix(route: str, body: bytes, cuts: list[int]) -> bytes:
    path, extra, _ = ROUTES[route]
    request = {"model": "m", "stream": True, "messages": [{"role": "user", "content": "go"}],
               **extra}
    job = job_for("POST", path, json.dumps(request).encode())
    assert job is not None
    fixer = StreamFixer(job, None, None, lambda rec: None)
    bounds = [0, *sorted(set(cuts)), len(body)]
    return b"".join(fixer.feed(body[a:b]) for a, b in pairwise(bounds)) + fixer.close()


def _calls(events: list[Any]) -> list[tuple[str, Any]]:
    out = []
    for e in events:
        for tc in (e.get("choices") or [{}])[0].get("delta", {}).get("tool_calls") or []:
            out.append((tc["function"]["name"], json.loads(tc["function"]["arguments"])))
        item = e.get("item") if e.get("type") == "response.output_item.done" else None
        if item and item.get("type") == "function_call":
            out.append((item["name"], json.loads(item["arguments"])))
        block = e.get("content_block") if e.get("type") == "content_block_start" else None
        if block and block.get("type") == "tool_use":
            out.append((block["name"], None))
    return out


@pytest.mark.heavy
@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), route=st.sampled_from(sorted(ROUTES)), text=st.sampled_from(TEXTS))
def test_any_framing_and_any_split_give_the_plain_streams_repair(
        data: st.DataObject, route: str, text: str) -> None:
    plain, varied = _write(route, text, data.draw)
    cuts = data.draw(st.lists(st.integers(0, len(varied)), max_size=10))
    want = _data(_fix(route, plain, []))
    got = _data(_fix(route, varied, cuts))
    assert got == want
    ref = leakcall.recover(text, ROUTES["chat"][1]["tools"])
    names = [name for name, _ in _calls(got)]
    assert names == [c.name for c in ref.calls], (ref.reason, ref.rule)
