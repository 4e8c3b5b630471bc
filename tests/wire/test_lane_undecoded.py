"""Issue 27 item 3: a read of many events (an upstream flat out) is not decoded whole when it
does not begin with an event of the lane's shape. The events the lane cannot take go through the
decoder one at a time (``StreamFixer.feed``, the proxy's ``StreamJob._step``), each followed by
the lane again, so the text deltas after the one the lane is cut from pass as bytes, never
framed by the decoder; past ``_SINGLES`` / ``SINGLES`` events a read, the rest is decoded at once.

Pairs: the same stream with every event decoded (``passthrough=False``) sends the same bytes;
the decoder sees only the opening and closing events with the lane, every event without it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from leakcall._sse import SSEDecoder
from leakcall.proxy import Stats
from leakcall.proxy.forward import Proxy
from leakcall.proxy.repair import prepare
from leakcall.proxy.streamjob import SINGLES, Budget, StreamJob
from leakcall.wire import StreamFixer, job_for

from .test_wire_lane import CLEAN, ROUTES

LEAK = ("I'll look it up.\n<tool_call>\n"
        '{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>')


def _stream(route: str, text: str, step: int = 4) -> bytes:
    parts = [(f"event: {name}\n" if name else "") + f"data: {json.dumps(ev)}\n\n"
             for name, ev in ROUTES[route][2]("m", {"text": text, "step": step})]
    if route == "chat":
        parts.append("data: [DONE]\n\n")
    return "".join(parts).encode()


def _body(route: str) -> bytes:
    body = ROUTES[route][1]
    return json.dumps({**body, "stream": True, "model": "m"}).encode()


class _Counting(SSEDecoder):
    """The decoder, counting the events it frames."""

    framed = 0

    def feed(self, chunk: bytes) -> list[Any]:
        out = super().feed(chunk)
        self.framed += len(out)
        return out


def _fixer(route: str, passthrough: bool) -> tuple[StreamFixer, _Counting]:
    job = job_for("POST", ROUTES[route][0], _body(route))
    assert job is not None
    fixer = StreamFixer(job, None, None, lambda rec: None, passthrough=passthrough)
    counting = _Counting(fixer._decoder.max_event_bytes)
    fixer._decoder = counting
    return fixer, counting


def _job(passthrough: bool) -> tuple[StreamJob, _Counting]:
    repair = prepare(_body("chat"), "ignore").repair
    assert repair is not None
    job = StreamJob(Proxy("http://upstream", "ignore", 10.0, Stats()), repair,
                    None, "r", Budget(5.0))  # type: ignore[arg-type]
    job.rewriter._passthrough = passthrough
    job.decoder = counting = _Counting(job.decoder.max_event_bytes)
    return job, counting


def _chat(job: StreamJob, reads: list[bytes]) -> bytes:
    out = []
    for read in reads:
        data, events = job._step(read)
        assert events is None  # a short reply: every step on the loop
        out.append(data)
    if not job.relaying:
        out += [job._after(job.rewriter.run([], end=True)), job.decoder.take_raw()]
    return b"".join(out)


def _wire(fixer: StreamFixer, reads: list[bytes]) -> bytes:
    return b"".join([*map(fixer.feed, reads), fixer.close()])


def _cut(data: bytes, rng: random.Random) -> list[bytes]:
    cuts = sorted(rng.sample(range(1, len(data)), 3))
    return [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)], strict=True)]


@pytest.mark.parametrize("route", list(ROUTES))
def test_a_read_of_the_whole_stream_decodes_only_what_the_lane_cannot_take(route: str) -> None:
    data = _stream(route, CLEAN)
    events = data.count(b"\n\n")
    framed = {}
    for passthrough in (True, False):
        if route == "chat":
            job, counting = _job(passthrough)
            out = _chat(job, [data])
        else:
            fixer, counting = _fixer(route, passthrough)
            out = _wire(fixer, [data])
        assert out == data  # a clean reply: byte for byte, either way
        framed[passthrough] = counting.framed
    assert framed[False] == events
    # the opening events up to the first delta, and the closing ones; no text delta after it
    assert framed[True] <= 12 < events - 30, framed


@pytest.mark.parametrize("route", list(ROUTES))
@pytest.mark.parametrize("text", [CLEAN, LEAK, "of f<" * 30], ids=["clean", "leak", "held"])
def test_reads_cut_anywhere_send_what_the_full_decode_sends(route: str, text: str) -> None:
    rng = random.Random(f"{route}{len(text)}")
    data = _stream(route, text, step=3)
    for _ in range(40):
        reads = _cut(data, rng)
        if route == "chat":
            outs = [_chat(_job(p)[0], reads) for p in (True, False)]
        else:
            outs = [_wire(_fixer(route, p)[0], reads) for p in (True, False)]
        assert outs[0] == outs[1], reads


def test_past_the_singles_of_a_read_the_rest_is_decoded_at_once() -> None:
    """A Messages read of many events the lane never takes (pings): the first ``SINGLES`` one at
    a time, the rest in one feed; the bytes out are the bytes in."""
    data = _stream("messages", CLEAN)
    head = data.index(b"event: content_block_delta")
    pings = b"event: ping\ndata: {\"type\": \"ping\"}\n\n" * 30
    stream = data[:head] + pings + data[head:]
    fixer, counting = _fixer("messages", True)
    feeds: list[int] = []
    real = counting.feed

    def feed(chunk: bytes) -> list[Any]:
        out = real(chunk)
        feeds.append(len(out))
        return out

    counting.feed = feed  # type: ignore[method-assign]
    assert _wire(fixer, [stream]) == stream
    assert feeds[:SINGLES] == [1] * SINGLES and feeds[SINGLES] > 20, feeds
