"""SSE passthrough never changes what the proxy sends: a differential test over the corpus.

The proxy's stream rewriter passes a plain content event as received, without decoding it, when
the stream recoverer would show its text whole (``StreamRewriter(passthrough=True)``, the
default). Here every corpus case of every family is streamed as Chat Completions SSE, cut at every
character (1-character deltas) and at seeded random points, with its openers raw, ``\\u``-escaped
(``ensure_ascii``), HTML-safe escaped (``<`` as ``\\u003c``, as Go servers write it) or fully
escaped, in batches of events as the proxy reads them: the bytes sent and the decisions must be
those of the full decode (``passthrough=False``), event for event. The lane must also be taken
(else the test proves nothing).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest

from leakcall._sse import SSEDecoder, encode_like
from leakcall.corpus import Case
from leakcall.proxy import Repair, StreamRewriter, rewriter
from leakcall.proxy.limits import INLINE_REPLY_CHARS
from leakcall.proxy.rewriter import _with_text
from tests.conftest import CASES

FAMILIES = sorted({c.family for c in CASES})


def _plain(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def _ascii(s: str) -> str:
    return json.dumps(s)


def _html_safe(s: str) -> str:
    return json.dumps(s).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _all_escaped(s: str) -> str:
    return '"' + "".join(f"\\u{ord(c):04x}" if ord(c) < 0x10000 else json.dumps(c)[1:-1]
                         for c in s) + '"'


ENCODINGS: dict[str, Callable[[str], str]] = {
    "raw": _plain, "ascii": _ascii, "html-safe": _html_safe, "all-escaped": _all_escaped}


def _event(delta: dict[str, Any], enc: Callable[[str], str], finish: str | None = None) -> bytes:
    fields = ",".join(f'"{k}":{enc(v) if isinstance(v, str) else json.dumps(v)}'
                      for k, v in delta.items())
    return (b'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m",'
            b'"choices":[{"index":0,"delta":{' + fields.encode("utf-8", "surrogatepass")
            + b'},"logprobs":null,"finish_reason":' + json.dumps(finish).encode() + b"}]}\n\n")


def _stream(text: str, cuts: list[int], enc: Callable[[str], str]) -> bytes:
    bounds = [0, *cuts, len(text)]
    events = [_event({"role": "assistant", "content": ""}, enc)]
    events += [_event({"content": text[a:b]}, enc) for a, b in pairwise(bounds)
               if b > a]
    events += [_event({}, enc, "stop"), b"data: [DONE]\n\n"]
    return b"".join(events)


def _run(case: Case, stream: bytes, batches: list[int], passthrough: bool, *,
         reasoning: str = "ignore", max_held: int = 10**6) -> tuple[bytes, list[Any], int]:
    """The bytes the rewriter sends for ``stream`` (fed in ``batches`` of bytes), its decisions
    and how many events passed undecoded."""
    seen: list[Any] = []
    rw = StreamRewriter(Repair(case.tools, "salt", True), reasoning,  # type: ignore[arg-type]
                        max_held, seen.append, passthrough=passthrough)
    dec = SSEDecoder(10**7)
    out, pos = [], 0
    for size in batches:
        chunk = stream[pos : pos + size]
        pos += size
        head, end = rw.plain_read(chunk, 10**7) if dec.idle else (b"", 0)  # as the proxy does
        out.append(head + (rw.run(dec.feed(chunk[end:])) if end < len(chunk) else b""))
    out.append(rw.run(dec.feed(stream[pos:]), end=True))
    decisions = [(r.reason, r.rule, r.family, r.detail, r.content, r.span,
                  [(c.id, c.name, c.arguments) for c in r.calls]) for r in seen]
    return b"".join(out), decisions, rw.passed


def _batches(rng: random.Random, size: int, stream: bytes = b"") -> list[int]:
    """Random reads, or (half the time) one event per read, as a paced upstream sends them."""
    if stream and rng.random() < 0.5:
        return [len(ev) + 2 for ev in stream.split(b"\n\n")[:-1]]
    out: list[int] = []
    while sum(out) < size:
        out.append(rng.randint(1, 400))
    return out


def _check(case: Case, cuts: list[int], enc: str, rng: random.Random, **kw: Any) -> int:
    stream = _stream(case.text, cuts, ENCODINGS[enc])
    batches = _batches(rng, len(stream), stream)
    full, want, none = _run(case, stream, batches, False, **kw)
    fast, got, passed = _run(case, stream, batches, True, **kw)
    assert none == 0
    assert (fast, got) == (full, want), f"{case.id} ({enc}, cuts {cuts[:8]}...)"
    return passed


@pytest.mark.heavy
@pytest.mark.parametrize("family", FAMILIES)
def test_passthrough_sends_what_the_full_decode_sends(family: str, exhaustive: bool) -> None:
    """Every case of the family: cut at every character (every third case; each under
    ``--exhaustive``) and at random points; the encoding rotates over the cases (raw, ascii,
    html-safe, all-escaped)."""
    rng = random.Random(family)
    passed = 0
    for i, case in enumerate(c for c in CASES if c.family == family):
        text = case.text
        if exhaustive or i % 3 == 0:
            passed += _check(case, list(range(1, len(text))), list(ENCODINGS)[i % 4], rng)
        cuts = sorted(rng.sample(range(1, len(text)), min(len(text) - 1, len(text) // 6)))
        passed += _check(case, cuts, list(ENCODINGS)[(i + 1) % len(ENCODINGS)], rng)
    assert passed > 0  # the lane is taken on this family's replies


@pytest.mark.exhaustive
@pytest.mark.parametrize("family", FAMILIES)
def test_passthrough_every_encoding_size_and_mode(family: str) -> None:
    rng = random.Random(family + "heavy")
    for case in (c for c in CASES if c.family == family):
        for enc in ENCODINGS:
            for size in (1, 2, 3, 5, 8):
                cuts = list(range(size, len(case.text), size))
                for reasoning in ("ignore", "recover"):
                    _check(case, cuts, enc, rng, reasoning=reasoning)
                _check(case, cuts, enc, rng, max_held=24)


def test_escaped_opener_is_decoded_and_repaired() -> None:
    """An opener written as ``\\u003c`` in a later event is not passed: the call is recovered."""
    case = next(c for c in CASES if c.family == "hermes" and c.id.endswith("preamble")
                and "<tool_call>" in c.text)
    cut = case.text.index("<tool_call>")
    cuts = list(range(1, cut)) + list(range(cut, len(case.text), 4))
    stream = _stream(case.text, cuts, _html_safe)
    out, decisions, passed = _run(case, stream, [len(stream)], True)
    assert passed > 0 and decisions[0][0] == "ok"
    assert b'"tool_calls"' in out and b"\\u003ctool_call" not in out


def test_other_chunk_shapes_are_decoded() -> None:
    """A chunk that differs from the lane's in anything but its content (here a finish reason, a
    second choice, a reasoning field) is decoded, never passed."""
    case = next(c for c in CASES if c.family == "hermes")
    text = "Plain prose, no markup at all, long enough for a lane. " * 3
    head = _stream(text, list(range(4, len(text), 4)), _plain).rsplit(b"data: {", 2)[0]
    odd = [
        b'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m",'
        b'"choices":[{"index":0,"delta":{"content":"x"},"logprobs":null,"finish_reason":"stop"}]}\n\n',
        b'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m",'
        b'"choices":[{"index":0,"delta":{"content":"x","reasoning_content":"y"},"logprobs":null,'
        b'"finish_reason":null}]}\n\n',
    ]
    for tail in odd:
        stream = head + tail + b"data: [DONE]\n\n"
        full, want, _ = _run(case, stream, [len(stream)], False)
        fast, got, _ = _run(case, stream, [len(stream)], True)
        assert (fast, got) == (full, want)


def test_held_text_in_a_lane_event_is_not_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lane event whose text is held or released (prose ending in ``f``, a prefix of the
    ``functools[`` opener) is pushed as the lane's chunk with its text, not decoded: only the
    events before the lane and the finish are. The bytes are the full decode's."""
    case = next(c for c in CASES if c.family == "hermes")
    text = "The fixture in tests/conf is half-baked, and so is the serif font of the page."
    cuts = list(range(4, len(text), 4))
    assert sum(text[a - 4 : a].endswith("f") for a in cuts) >= 2
    stream = _stream(text, cuts, _plain)
    decoded: list[bytes] = []
    read = rewriter.read_chunk

    def counted(data: bytes) -> Any:
        decoded.append(data)
        return read(data)

    monkeypatch.setattr(rewriter, "read_chunk", counted)
    for batches in ([len(ev) + 2 for ev in stream.split(b"\n\n")[:-1]], [len(stream)]):
        decoded.clear()
        fast, got, passed = _run(case, stream, batches, True)
        assert len(decoded) == 3  # the role chunk, the first text (the lane's source), the finish
        assert passed > 0
        full, want, _ = _run(case, stream, batches, False)
        assert (fast, got) == (full, want)
        assert fast != stream  # held text was released re-encoded, not passed as received


def test_the_lane_frame_is_used_only_when_exact() -> None:
    """A held lane event is encoded in its lane's frame (``encode_like``'s bytes: the other
    fields of the event kept) only when its chunk is the lane's source but the text, and that
    text is encodable as UTF-8; otherwise through ``encode_like``."""
    case = next(c for c in CASES if c.family == "hermes")
    role = b'data: {"id":"c","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}\n\n'
    first = (b'id: 7\nevent: chunk\ndata: {"id":"c","choices":[{"index":0,"delta":'
             b'{"content":"caf\\u00e9 "},"finish_reason":null}]}\n\n')
    rw = StreamRewriter(Repair(case.tools, "salt", True), "ignore", 10**6, lambda r: None)
    events = SSEDecoder(10**7).feed(role + first)
    assert rw.run(events) == role + first
    assert rw._lane is not None and rw._lane_src is not None
    ev, src = rw._lane_src
    assert ev.raw == first and src["choices"][0]["delta"]["content"] == "café "
    for text in ("x", "ünïcode ✓", 'quote " and \\ backslash', "\n\t"):
        outs = [_with_text(src, text)]
        assert rw._framed(outs) == encode_like(ev, outs)
    other = _with_text(src, "x")
    other["choices"][0]["delta"]["reasoning_content"] = "y"
    assert rw._framed([other]) is None
    assert rw._framed([_with_text(src, "x"), _with_text(src, "y")]) is None
    assert rw._framed([_with_text(src, "\ud800")]) is None  # encode_like escapes it all


def test_a_held_lane_event_of_a_long_reply_is_left_to_run() -> None:
    """``plain_read`` pushes a held lane event itself only while the batch is light (a short
    reply so far): past ``INLINE_REPLY_CHARS`` it stops there, and the proxy hands the rest of
    the read to ``run`` (in a worker thread), as for any event it does not pass."""
    case = next(c for c in CASES if c.family == "hermes")
    for prose in ("short ", "x" * (INLINE_REPLY_CHARS // 40) + " "):
        rw = StreamRewriter(Repair(case.tools, "salt", True), "ignore", 10**6, lambda r: None)
        head = _stream(prose * 50, list(range(50, len(prose) * 50, 50)), _plain)
        head = head[: head.rindex(b"data: {")]  # no finish
        dec = SSEDecoder(10**7)
        assert rw.run(dec.feed(head)) == head and dec.idle and rw._lane is not None
        held = _event({"content": "of"}, _plain)
        out, end = rw.plain_read(held, 10**7)
        if len(prose) * 50 <= INLINE_REPLY_CHARS:
            assert (out, end) == (_event({"content": "o"}, _plain), len(held))  # "f" held
        else:
            assert (out, end) == (b"", 0)
