"""The per-event shortcuts of the stream repair (issue 27: the repair's fixed cost per streamed
request), each checked against what it replaces:

- ``leakcall._sse.loads`` is ``json.loads`` of an event's data bytes (the same value, the same
  error class) without its encoding detection when the data opens an object;
- ``read_chunk`` decodes a str as ``json.loads`` does (a leading BOM refused);
- ``_lines_event``'s two-line case (a field, then the ``data`` line: a named event) frames as
  the general split does;
- ``Held.chars`` / ``Held.thought_chars`` (what each machine's ``held()`` reads after every
  event, instead of joining the text) are the lengths of the joined text and reasoning."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from leakcall import Recoverer
from leakcall._sse import _lines_event, field_of, loads, read_chunk
from leakcall._wire import Held

_PIECES = [b"{", b"}", b"[", b"]", b'"', b"\\", b"\\u0041", b"\\ud800", b"a", b"1", b":", b",",
           b" ", b"\n", b"\x00", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xc3\xa9", b"\xe9",
           b'"type"', b'"x": 1', b"null", b"true", b"1e5", b"-0", b"\xed\xa0\x80"]


def _outcome(f: Any, data: Any) -> tuple[str, Any]:
    try:
        return "ok", f(data)
    except ValueError as e:  # JSONDecodeError and UnicodeDecodeError alike
        return "ValueError", type(e).__name__
    except RecursionError:
        return "RecursionError", None


def _samples(rng: random.Random, n: int) -> list[bytes]:
    out = [b"{}", b"{\x00}", b'{"a": "\xed\xa0\x80"}', b"{" + "é".encode("utf-16-le"),
           '{"a": 1}'.encode("utf-16-le"), '{"a": 1}'.encode("utf-32-le"), b"\xef\xbb\xbf{}",
           b'{"a": [' * 3000 + b"]}" * 3000, b"[DONE]", b"{", b"{\n"]
    for _ in range(n):
        k = rng.randint(0, 12)
        body = b"".join(rng.choice(_PIECES) for _ in range(k))
        if rng.random() < 0.5:
            body = b'{"k": "' + body + b'"}'
        elif rng.random() < 0.5:
            body = b"{" + body
        out.append(body)
        good = json.dumps({"t": "".join(chr(rng.choice([0x41, 0xE9, 0x2028, 0xD800, 0x1F600, 0x22]))
                                            for _ in range(rng.randint(0, 6)))},
                          ensure_ascii=rng.random() < 0.5)
        out.append(good.encode("utf-8", "surrogatepass"))
    return out


def test_loads_is_json_loads() -> None:
    rng = random.Random(44)
    for data in _samples(rng, 4000):
        assert _outcome(loads, data) == _outcome(json.loads, data), data[:80]


def _old_read_chunk(data: bytes) -> Any:
    try:
        chunk = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return chunk if isinstance(chunk, dict) and isinstance(chunk.get("choices"), list) else None


def test_read_chunk_decodes_as_json_loads() -> None:
    rng = random.Random(45)
    cases = _samples(rng, 2000)
    cases += [b'{"choices": []}', b'\xef\xbb\xbf{"choices": []}', b'{"choices": [1], "a": "\\ud800"}',
              b'  {"choices": []}  ', b'{"choices": {}}']
    for data in cases:
        assert read_chunk(data) == _old_read_chunk(data), data[:80]


def _general(part: bytes) -> tuple[bytes, tuple[bytes, ...], bytes | None]:
    lines = tuple(part.split(b"\n"))
    data = [v for k, v in map(field_of, lines) if k == b"data"]
    return part + b"\n\n", lines, b"\n".join(data) if data else None


_LINES = [b"data: {}", b"data:{}", b"data", b"data:", b"datum: x", b"event: a", b"event:data",
          b": data: x", b":", b"id: 1", b"retry: 5", b"dat", b"data : x", b"x", b"data: a: b",
          b"data:  two spaces", b"DATA: x", b"event: response.completed"]


def test_two_line_events_frame_as_the_general_split() -> None:
    rng = random.Random(46)
    parts = [a + b"\n" + b for a in _LINES for b in _LINES]
    parts += [b"\n".join(rng.choice(_LINES) for _ in range(rng.randint(1, 4))) for _ in range(500)]
    for part in parts:
        ev = _lines_event(part)
        assert (ev.raw, ev.lines, ev.data) == _general(part), part


@pytest.mark.parametrize("mode", ["ignore", "recover"])
def test_held_counts_its_text(mode: str) -> None:
    rc = Recoverer([{"type": "function", "function": {"name": "f", "parameters": {}}}],
                   reasoning=mode)  # type: ignore[arg-type]
    rng = random.Random(47)
    words = ["", "a", "hé", "<think>", "</think>", "{", '{"name": "f"', "\n", "```", " ok "]
    for _ in range(200):
        held = Held(rc, "s", None, None)
        for _ in range(rng.randint(0, 12)):
            step = rng.random()
            if step < 0.3:
                held.feed_thought(rng.choice(words))
            elif step < 0.7:
                held.feed_text(rng.choice(words))
            elif step < 0.85:
                held.feed_plain([rng.choice(words) or "x" for _ in range(rng.randint(1, 3))])
            else:
                held.feed_plain_one(rng.choice(words) or "y")
            assert held.chars == len(held.text)
            assert held.thought_chars == len(held.thought)
