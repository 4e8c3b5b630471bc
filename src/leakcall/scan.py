"""``leakcall scan``: run ``recover`` over a JSONL chat log and tally what it finds.

One JSON object per line, in any of these shapes (detected per line):

- a response object: OpenAI Chat Completions (``choices[i].message.content``), OpenAI Responses
  (``output[i]`` message items, ``output_text`` parts; its echoed ``tools`` are used), Anthropic
  Messages (``content`` text blocks);
- a request/response pair ``{"request": {..., "tools": [...]}, "response": {...}}``; the response
  is any of the shapes above, or an OpenAI Batch output ``{"status_code", "body": {...}}``, and
  ``request`` may be absent;
- ``{"text": ..., "tools": [...]}`` (the corpus and capture shape);
- ``{"messages": [...], "tools": [...]}``: every assistant message is a reply;
- OpenAI Chat Completions stream chunks (``chat.completion.chunk``, one a line, optionally as raw
  SSE ``data: {...}`` lines; ``data: [DONE]``, ``event:``, ``id:``, ``retry:`` and ``:`` comment
  lines are framing): the chunks of one ``id`` are joined per choice into one reply, numbered by
  the stream's first line and emitted when every choice has a ``finish_reason`` (else at the end
  of the log).

Tools come from the line when it carries them, else from ``default_tools`` (``--tools``). Hosted
tools that have no name (``{"type": "web_search"}``, ``{"type": "mcp", ...}``) cannot be named by a
leaked call and are dropped; that only narrows what is advertised.

The log is read one line at a time and nothing per line is kept beyond counters and at most
``EXAMPLES`` line numbers per outcome, so memory does not grow with the log (only with its longest
line). A line that is not JSON, not UTF-8, of no known shape, or whose tools are malformed is
counted as a bad line; scanning never stops on one.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

try:  # the ``pretty`` extra: a progress bar and boxed tables; plain text without it
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table
    _RICH = True
except ImportError:  # pragma: no cover - tested in a subprocess that hides rich
    from ._plain import Console, Table  # type: ignore[assignment]
    _RICH = False

from .pipeline import ReasoningMode
from .reasons import Reason
from .recoverer import Recoverer, recoverer_for
from .result import Recovery

__all__ = [
    "EXAMPLES",
    "NO_TOOLS",
    "BadLine",
    "Chunk",
    "Reader",
    "Reply",
    "ScanReport",
    "add_parser",
    "decide",
    "export_row",
    "iter_records",
    "iter_replies",
    "load_tools_file",
    "run",
    "scan_lines",
    "scan_paths",
]

EXAMPLES = 3
"""At most this many example line numbers are kept per reason code and per bad-line kind."""

BadKind = Literal["not_utf8", "not_json", "unknown_shape", "bad_tools", "error"]
BAD_KINDS: tuple[BadKind, ...] = ("not_utf8", "not_json", "unknown_shape", "bad_tools", "error")
"""``error`` means ``recover`` raised on a str reply: a leakcall bug worth reporting."""

NO_TOOLS = "no_tools"
"""The report's bucket for replies refused as ``unadvertised`` on lines that advertise no tool list
(neither the line nor ``--tools``): a hint to pass ``--tools``, not a reason code of ``recover``."""

MAX_OPEN_STREAMS = 256
"""At most this many streams are assembled at once; past it the oldest is emitted as it stands."""

_NO_MARKUP = frozenset({Reason.NO_TEXT, Reason.NO_TAGS})


@dataclass(frozen=True)
class Reply:
    """One reply found in a log line (1-based ``line``). ``tools_known`` is False when neither the
    line nor the defaults advertised any tool list. ``recoverer`` is configured with these tools
    (built once per distinct tool list)."""

    line: int
    text: str
    tools: Sequence[Any]
    tools_known: bool
    recoverer: Recoverer = field(compare=False, repr=False)
    model: str | None = None
    index: int = 0
    """The reply's position among the replies of its line (choice, assistant message)."""


@dataclass(frozen=True)
class BadLine:
    """A log line that yielded no reply to scan."""

    line: int
    kind: BadKind
    detail: str


class _Shape(ValueError):
    """The line is JSON but of no known shape."""


# --------------------------------------------------------------------------- reading shapes


def _parts_text(parts: object, kinds: tuple[str, ...]) -> str:
    """Concatenate the ``text`` of content parts whose ``type`` is one of ``kinds``."""
    if isinstance(parts, str):
        return parts
    if parts is None:
        return ""
    if not isinstance(parts, list):
        raise _Shape("content is neither a string nor a list of parts")
    out: list[str] = []
    for part in parts:
        if isinstance(part, Mapping) and part.get("type") in kinds:
            text = part.get("text")
            if not isinstance(text, str):
                raise _Shape("a text part has no string 'text'")
            out.append(text)
    return "".join(out)


def _chat_texts(choices: object) -> list[str]:
    if not isinstance(choices, list):
        raise _Shape("'choices' is not a list")
    texts: list[str] = []
    for choice in choices:
        if not isinstance(choice, Mapping):
            raise _Shape("a choice is not an object")
        if "delta" in choice:
            raise _Shape("a streaming chunk (choices[].delta), not a whole response")
        message = choice.get("message")
        if isinstance(message, Mapping):
            texts.append(_parts_text(message.get("content"), ("text",)))
        elif isinstance(choice.get("text"), str):  # legacy Completions
            texts.append(choice["text"])
        else:
            raise _Shape("a choice has neither 'message' nor 'text'")
    return texts


def _responses_texts(output: object) -> list[str]:
    if not isinstance(output, list):
        raise _Shape("'output' is not a list")
    return [
        _parts_text(item.get("content"), ("output_text",))
        for item in output
        if isinstance(item, Mapping) and item.get("type") == "message"
    ]


def _response_texts(obj: Mapping[str, Any]) -> list[str] | None:
    """The reply texts of a response object, or None when it is not a known response shape."""
    if "choices" in obj:
        return _chat_texts(obj["choices"])
    if "output" in obj:  # OpenAI Responses
        return _responses_texts(obj["output"])
    if obj.get("type") == "message" or (obj.get("role") == "assistant" and "content" in obj):
        return [_parts_text(obj.get("content"), ("text",))]  # Anthropic Messages
    return None


def _messages_texts(messages: object) -> list[str]:
    if not isinstance(messages, list):
        raise _Shape("'messages' is not a list")
    return [
        _parts_text(m.get("content"), ("text", "output_text"))
        for m in messages
        if isinstance(m, Mapping) and m.get("role") == "assistant"
    ]


def _line_tools(obj: Mapping[str, Any]) -> object | None:
    """The tool list a line carries (``tools``, else legacy ``functions``), or None."""
    for key in ("tools", "functions"):
        value: object = obj.get(key)
        if value is not None:
            return value
    return None


def _decode(obj: Mapping[str, Any]) -> tuple[list[str], object | None]:
    """(reply texts, the line's own tools or None) for one parsed line."""
    if isinstance(obj.get("text"), str):  # (a Responses object's own "text" is its format config)
        return [obj["text"]], _line_tools(obj)
    if "response" in obj or "request" in obj:
        request = obj.get("request")
        response = obj.get("response")
        if request is not None and not isinstance(request, Mapping):
            raise _Shape("'request' is not an object")
        if not isinstance(response, Mapping):
            raise _Shape("'response' is not an object")
        if isinstance(response.get("body"), Mapping):  # OpenAI Batch output
            response = response["body"]
        texts = _response_texts(response)
        if texts is None:
            raise _Shape("'response' is not a Chat Completions, Responses or Messages object")
        tools = _line_tools(request) if request is not None else None
        return texts, tools if tools is not None else _line_tools(response)
    if "messages" in obj:
        return _messages_texts(obj["messages"]), _line_tools(obj)
    texts = _response_texts(obj)
    if texts is None:
        raise _Shape("no 'text', 'request'/'response', 'messages', 'choices', 'output' or 'content'")
    return texts, _line_tools(obj)


def _callable_tools(tools: object) -> object:
    """Drop hosted tools that carry no name (they cannot be named by a leaked call)."""
    if not isinstance(tools, list):
        return tools
    return [
        t for t in tools
        if not (isinstance(t, Mapping) and "name" not in t and "function" not in t
                and isinstance(t.get("type"), str) and t["type"] != "function")
    ]


def _line_model(obj: Mapping[str, Any]) -> str | None:
    """The model a line names (the response's, else the request's, else the line's own)."""
    for holder in (obj.get("response"), obj.get("request"), obj):
        if isinstance(holder, Mapping):
            body = holder.get("body")
            for src in (body, holder) if isinstance(body, Mapping) else (holder,):
                model = src.get("model")
                if isinstance(model, str):
                    return model
    return None


def _checked(tools: object, reasoning: ReasoningMode) -> tuple[Sequence[Any], Recoverer]:
    """The tools typed, and their Recoverer; raises TypeError/ValueError as ``recover`` would
    (ValueError also for tools nested too deeply to check)."""
    try:
        rc = recoverer_for(tools, reasoning=reasoning)
    except RecursionError as e:
        raise ValueError("the tool list is nested too deeply to check") from e
    assert isinstance(tools, Sequence)
    return tools, rc


@dataclass(frozen=True)
class Chunk:
    """A stream chunk line, handed back unassembled (``Reader(streams=False)``)."""

    line: int
    obj: Mapping[str, Any]


def _is_chunk(obj: Mapping[str, Any]) -> bool:
    if obj.get("object") == "chat.completion.chunk":
        return True
    choices = obj.get("choices")
    return (isinstance(choices, list) and bool(choices)
            and all(isinstance(c, Mapping) and "delta" in c for c in choices))


class _Stream:
    __slots__ = ("choices", "finished", "line", "model")

    def __init__(self, line: int) -> None:
        self.line = line
        self.model: str | None = None
        self.choices: dict[int, list[str]] = {}
        self.finished: set[int] = set()


class Reader:
    """Turns log lines into Reply / BadLine records (the per-line half of a scan).

    ``streams=False`` hands stream chunks back as ``Chunk`` records instead of assembling them
    (a distributed scan assembles them in one place, in line order).
    """

    def __init__(self, default_tools: Sequence[Any] | None = None, *,
                 reasoning: ReasoningMode = "ignore", streams: bool = True) -> None:
        self.reasoning: ReasoningMode = reasoning
        self.default = _checked(default_tools, reasoning) if default_tools is not None else None
        self.no_tools = recoverer_for([], reasoning=reasoning)
        self.streams = streams
        self._open: dict[str, _Stream] = {}

    def line(self, lineno: int, raw: str | bytes, first: bool = False
             ) -> list[Reply | BadLine | Chunk]:
        """The records of one line (``first``: the first line of a file, where a BOM may sit)."""
        if isinstance(raw, bytes):
            if first:
                raw = raw.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte order mark
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                return [BadLine(lineno, "not_utf8", str(e))]
        else:
            line = raw
        if first:
            line = line.removeprefix("\ufeff")  # a UTF-8 byte order mark
        if not line.strip():
            return []
        sse = line.lstrip()
        if sse.startswith("data:"):
            line = sse[5:]
            if line.strip() == "[DONE]":
                return []
        elif sse.startswith(("event:", "id:", "retry:", ":")):  # SSE framing, never JSON
            return []
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as e:
            return [BadLine(lineno, "not_json", str(e))]
        return self.record(lineno, obj)

    def record(self, lineno: int, obj: object) -> list[Reply | BadLine | Chunk]:
        """The records of one parsed line."""
        try:
            if not isinstance(obj, Mapping):
                raise _Shape(f"a JSON {type(obj).__name__}, not an object")
            if _is_chunk(obj):
                if not self.streams:
                    return [Chunk(lineno, obj)]
                return self._chunk(lineno, obj)
            texts, own = _decode(obj)
        except _Shape as e:
            return [BadLine(lineno, "unknown_shape", str(e))]
        except RecursionError:
            return [BadLine(lineno, "unknown_shape", "nested too deeply")]
        try:
            tools, rc, known = self._tools(own)
        except (TypeError, ValueError) as e:
            return [BadLine(lineno, "bad_tools", str(e))]
        model = _line_model(obj)
        return [Reply(lineno, text, tools, known, rc, model, i) for i, text in enumerate(texts)]

    def _tools(self, own: object | None) -> tuple[Sequence[Any], Recoverer, bool]:
        if own is not None:
            tools, rc = _checked(_callable_tools(own), self.reasoning)
            return tools, rc, True
        if self.default is not None:
            return self.default[0], self.default[1], True
        return [], self.no_tools, False

    def _chunk(self, lineno: int, obj: Mapping[str, Any]) -> list[Reply | BadLine | Chunk]:
        sid = obj.get("id")
        key = sid if isinstance(sid, str) else ""
        choices = obj.get("choices")
        if not isinstance(choices, list):
            raise _Shape("a stream chunk whose 'choices' is not a list")
        stream = self._open.get(key)
        out: list[Reply | BadLine | Chunk] = []
        if stream is None:
            if not choices:  # a usage-only chunk after its stream ended
                return []
            if len(self._open) >= MAX_OPEN_STREAMS:
                oldest = next(iter(self._open))
                out += self._emit(oldest)
            stream = self._open[key] = _Stream(lineno)
        if stream.model is None and isinstance(obj.get("model"), str):
            stream.model = obj["model"]
        for choice in choices:
            if not isinstance(choice, Mapping):
                raise _Shape("a chunk choice is not an object")
            index = choice.get("index", 0)
            if not isinstance(index, int) or isinstance(index, bool):
                raise _Shape("a chunk choice has no integer 'index'")
            parts = stream.choices.setdefault(index, [])
            delta = choice.get("delta")
            content = delta.get("content") if isinstance(delta, Mapping) else None
            if isinstance(content, str):
                parts.append(content)
            elif content is not None:
                raise _Shape("a chunk's delta.content is not a string")
            if choice.get("finish_reason") is not None:
                stream.finished.add(index)
        if stream.choices and stream.finished >= stream.choices.keys():
            out += self._emit(key)
        return out

    def _emit(self, key: str) -> list[Reply | BadLine | Chunk]:
        stream = self._open.pop(key)
        tools, rc, known = self._tools(None)
        return [Reply(stream.line, "".join(stream.choices[i]), tools, known, rc, stream.model, i)
                for i in sorted(stream.choices)]

    def end(self) -> list[Reply | BadLine | Chunk]:
        """The streams still open at the end of the log, as they stand."""
        out: list[Reply | BadLine | Chunk] = []
        while self._open:
            out += self._emit(next(iter(self._open)))
        return out


def _numbered(lines: Iterable[str | bytes]) -> Iterator[tuple[int, str | bytes, bool]]:
    for lineno, raw in enumerate(lines, 1):
        yield lineno, raw, lineno == 1


def iter_records(
    lines: Iterable[str | bytes], default_tools: Sequence[Any] | None = None,
    *, reasoning: ReasoningMode = "ignore",
) -> Iterator[Reply | BadLine]:
    """A Reply for every reply in the log and a BadLine for every line that yields none.

    Lazy: one line is read per step (a stream's reply comes when the stream ends). Blank lines
    are skipped. ``default_tools`` is used for lines that carry no tools; it must be valid (raises
    like ``recover`` otherwise). A tool list is checked once per distinct content, not per line.
    """
    return _records(_numbered(lines), Reader(default_tools, reasoning=reasoning))


def _records(numbered: Iterable[tuple[int, str | bytes, bool]], reader: Reader
             ) -> Iterator[Reply | BadLine]:
    for lineno, raw, first in numbered:
        for rec in reader.line(lineno, raw, first):
            assert not isinstance(rec, Chunk)
            yield rec
    for rec in reader.end():
        assert not isinstance(rec, Chunk)
        yield rec


def iter_replies(
    lines: Iterable[str | bytes], default_tools: Sequence[Any] | None = None
) -> Iterator[tuple[str, Sequence[Any]]]:
    """(text, tools) for every reply in the log, bad lines skipped; lazy, like ``iter_records``."""
    for rec in iter_records(lines, default_tools):
        if isinstance(rec, Reply):
            yield rec.text, rec.tools


# --------------------------------------------------------------------------- tallies


def _note(examples: dict[str, list[int]], key: str, line: int) -> None:
    seen = examples.setdefault(key, [])
    if len(seen) < EXAMPLES and (not seen or seen[-1] != line):
        seen.append(line)


def _bump(counts: dict[str, int], key: str, n: int = 1) -> None:
    counts[key] = counts.get(key, 0) + n


def _rate(part: int, whole: int) -> float:
    return round(part / whole, 6) if whole else 0.0


@dataclass
class ScanReport:
    """What a scan found. ``reasons`` counts every reply by outcome (``ok`` included; replies
    refused as ``unadvertised`` on lines with no tool list go to ``no_tools``); ``examples`` /
    ``bad_examples`` keep the first ``EXAMPLES`` line numbers of each, ``bad_details`` the
    matching messages. ``models`` holds per model [replies, with markup, recovered];
    ``family_reasons`` the outcomes of the replies with markup per family."""

    lines: int = 0
    replies: int = 0
    with_markup: int = 0
    recovered: int = 0
    calls: int = 0
    without_tools: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[int]] = field(default_factory=dict)
    families: dict[str, int] = field(default_factory=dict)
    bad_lines: int = 0
    bad: dict[str, int] = field(default_factory=dict)
    bad_examples: dict[str, list[int]] = field(default_factory=dict)
    bad_details: dict[str, list[str]] = field(default_factory=dict)
    models: dict[str, list[int]] = field(default_factory=dict)
    family_reasons: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def refused(self) -> dict[str, int]:
        """Replies with markup that were refused, per reason code (and ``no_tools``)."""
        return {k: n for k, n in self.reasons.items() if k != Reason.OK and k not in _NO_MARKUP}

    def add(self, line: int, reason: str, family: str | None, calls: int, tools_known: bool,
            model: str | None) -> None:
        """Tally one decided reply."""
        self.replies += 1
        self.without_tools += not tools_known
        key = NO_TOOLS if reason == Reason.UNADVERTISED and not tools_known else str(reason)
        _bump(self.reasons, key)
        _note(self.examples, key, line)
        markup = reason not in _NO_MARKUP
        per_model = self.models.setdefault(model or "?", [0, 0, 0])
        per_model[0] += 1
        if markup:
            self.with_markup += 1
            per_model[1] += 1
            fam = family or "?"
            _bump(self.families, fam)
            _bump(self.family_reasons.setdefault(fam, {}), key)
        if reason == Reason.OK:
            self.recovered += 1
            self.calls += calls
            per_model[2] += 1

    def add_bad(self, bad: BadLine) -> None:
        """Tally one bad line."""
        self.bad_lines += 1
        _bump(self.bad, bad.kind)
        seen = self.bad_examples.get(bad.kind, [])
        if len(seen) < EXAMPLES and (not seen or seen[-1] != bad.line):
            self.bad_details.setdefault(bad.kind, []).append(bad.detail[:200])
        _note(self.bad_examples, bad.kind, bad.line)

    def count(self, key: str) -> int:
        """Replies tallied under ``key`` (a reason code or ``no_tools``), bad lines of kind
        ``key``, or every bad line for ``bad``."""
        if key == "bad":
            return self.bad_lines
        return self.reasons.get(key, 0) + self.bad.get(key, 0)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view (what ``--json`` prints); reasons in ``Reason`` order."""
        order = [*(str(r) for r in Reason), NO_TOOLS]
        return {
            "lines": self.lines,
            "replies": self.replies,
            "with_markup": self.with_markup,
            "leak_rate": _rate(self.with_markup, self.replies),
            "recovered": self.recovered,
            "calls": self.calls,
            "without_tools": self.without_tools,
            "refused": sum(self.refused.values()),
            "reasons": {r: {"count": self.reasons[r], "lines": self.examples[r]}
                        for r in order if r in self.reasons},
            "families": dict(sorted(self.families.items())),
            "family_reasons": {f: {r: rs[r] for r in order if r in rs}
                               for f, rs in sorted(self.family_reasons.items())},
            "models": {m: {"replies": n, "with_markup": k, "recovered": ok,
                           "leak_rate": _rate(k, n)}
                       for m, (n, k, ok) in sorted(self.models.items())},
            "bad_lines": self.bad_lines,
            "bad": {k: {"count": self.bad[k], "lines": self.bad_examples[k],
                        "details": self.bad_details[k]}
                    for k in BAD_KINDS if k in self.bad},
        }


def export_row(rec: Reply, r: Recovery) -> dict[str, Any]:
    """The ``--export`` line of one decided reply."""
    return {"line": rec.line, "reply": rec.index, "model": rec.model,
            "tools_known": rec.tools_known, "reason": str(r.reason), "rule": r.rule,
            "family": r.family, "span": list(r.span) if r.span is not None else None,
            "calls": [c.to_openai() for c in r.calls]}


def decide(rec: Reply) -> Recovery | BadLine:
    """``recover`` on one reply; a BadLine of kind ``error`` if it raised (a leakcall bug)."""
    try:
        return rec.recoverer.recover(rec.text)
    except Exception as e:  # a bug in leakcall (recover raised on a str): count it, keep scanning
        return BadLine(rec.line, "error", f"{type(e).__name__}: {e}")


def scan_lines(
    lines: Iterable[str | bytes],
    default_tools: Sequence[Any] | None = None,
    *,
    reasoning: Literal["ignore", "recover"] = "ignore",
    export: IO[str] | None = None,
) -> ScanReport:
    """Run ``recover`` on every reply of a JSONL log and tally the outcomes.

    ``lines`` is consumed lazily (a file object or any iterator works); memory stays constant.
    ``export`` receives one JSON line per reply with markup (``export_row``). Never raises on
    log content; raises TypeError/ValueError when ``default_tools`` is malformed.
    """
    rep = ScanReport()
    counter = _Counting(lines)
    _tally(iter_records(counter, default_tools, reasoning=reasoning), rep, export)
    rep.lines = counter.count
    return rep


def _tally(records: Iterable[Reply | BadLine], rep: ScanReport, export: IO[str] | None) -> None:
    for rec in records:
        if isinstance(rec, BadLine):
            rep.add_bad(rec)
            continue
        r = decide(rec)
        if isinstance(r, BadLine):
            rep.add_bad(r)
            continue
        rep.add(rec.line, r.reason, r.family, len(r.calls), rec.tools_known, rec.model)
        if export is not None and r.reason not in _NO_MARKUP:
            try:
                row = json.dumps(export_row(rec, r), ensure_ascii=False)
            except (ValueError, RecursionError) as e:
                row = json.dumps({"line": rec.line, "reply": rec.index, "reason": str(r.reason),
                                  "error": f"not exportable: {e}"})
            export.write(row + "\n")


class _Counting:
    """Pass lines through, counting them (blank and bad lines included)."""

    def __init__(self, lines: Iterable[str | bytes]) -> None:
        self._lines = lines
        self.count = 0

    def __iter__(self) -> Iterator[str | bytes]:
        for line in self._lines:
            self.count += 1
            yield line


# --------------------------------------------------------------------------- command line


def _fail_keys(value: str) -> list[str]:
    keys = [k.strip() for k in value.split(",") if k.strip()]
    known = {*(str(r) for r in Reason), NO_TOOLS, *BAD_KINDS, "bad"}
    unknown = [k for k in keys if k not in known]
    if unknown or not keys:
        raise argparse.ArgumentTypeError(
            f"unknown key {', '.join(unknown) or '(none)'}: use reason codes, {NO_TOOLS}, "
            f"bad or a bad-line kind ({', '.join(BAD_KINDS)})")
    return keys


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add ``scan LOG.jsonl... [options]`` to a ``leakcall`` subparser set."""
    p = subparsers.add_parser(
        "scan", help="tally leaked tool calls over JSONL chat logs",
        description="Run recover on every reply of JSONL logs and tally the outcomes. Exit status: "
                    "0 scanned; 1 a --fail-on key occurred; 2 misuse, an unreadable input, or a "
                    "log of which no line could be read (only bad lines).")
    p.add_argument("log", nargs="+", metavar="LOG",
                   help="JSONL log, one response / request+response / {text, tools} / stream chunk "
                        "a line; - for stdin. Several logs are numbered as one (as if joined)")
    p.add_argument("--tools", help="JSON file with the tools for lines that carry none (a list, "
                                   "or an object with 'tools')")
    p.add_argument("--json", action="store_true", help="print the tallies as JSON")
    p.add_argument("--reasoning", choices=["ignore", "recover"], default="ignore",
                   help="recover markup found only inside a reasoning block (default: refuse it)")
    p.add_argument("--export", metavar="FILE",
                   help="write one JSON line per reply with markup (line, reply, model, reason, "
                        "rule, family, span, calls); with --ray a directory of Parquet files when "
                        "FILE ends in .parquet, else of JSONL files")
    p.add_argument("--fail-on", type=_fail_keys, default=[], metavar="KEY[,KEY...]",
                   help="exit 1 when any reply has one of these reason codes (or no_tools), or "
                        "a bad line of one of these kinds (bad: any)")
    p.add_argument("--ray", action="store_true",
                   help="scan on Ray Data (needs leakcall[ray]); RAY_ADDRESS or --address picks "
                        "the cluster, else a local Ray starts")
    p.add_argument("--address", help="Ray cluster address (with --ray; default RAY_ADDRESS)")
    p.set_defaults(fn=run)
    return p


def load_tools_file(path: str) -> Sequence[Any]:
    """The tools of a ``--tools`` file (a list, or an object with ``tools``), checked."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(data, Mapping) and "tools" in data:
        data = data["tools"]
    return _checked(_callable_tools(data), "ignore")[0]


def _lines_with_progress(fh: IO[bytes], total: int | None) -> Iterator[bytes]:
    if not _RICH:
        yield from fh
        return
    columns = (TextColumn("scanning"), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("scan", total=total)
        for line in fh:
            bar.advance(task, len(line))
            yield line


def _lines(a: list[int]) -> str:
    return ", ".join(map(str, a))


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f} %" if whole else "-"


def _print_table(rep: ScanReport, title: str) -> None:
    console = Console()
    console.print(title, markup=False, highlight=False)
    summary = Table(show_header=False)
    summary.add_column("what")
    summary.add_column("count", justify="right")
    rows = [("lines read", rep.lines), ("replies", rep.replies),
            ("replies with markup", rep.with_markup), ("leak rate", _pct(rep.with_markup, rep.replies)),
            ("recovered", rep.recovered),
            ("calls recovered", rep.calls), ("refused (markup found)", sum(rep.refused.values())),
            ("replies with no tools known", rep.without_tools), ("bad lines", rep.bad_lines)]
    for what, n in rows:
        summary.add_row(what, str(n))
    console.print(summary)
    order = [*(str(r) for r in Reason), NO_TOOLS]
    if rep.reasons:
        t = Table(title="outcomes per reply")
        t.add_column("reason")
        t.add_column("replies", justify="right")
        t.add_column("first lines")
        for r in order:
            if r in rep.reasons:
                t.add_row(r, str(rep.reasons[r]), _lines(rep.examples[r]))
        console.print(t)
    if rep.reasons.get(NO_TOOLS):
        console.print(f"{rep.reasons[NO_TOOLS]} replies with markup come from lines that advertise "
                      "no tools: pass --tools TOOLS.json to judge them.", markup=False)
    if rep.models:
        t = Table(title="per model")
        for col in ("model", "replies", "with markup", "leak rate", "recovered"):
            t.add_column(col, justify="left" if col == "model" else "right")
        for m, (n, marked, ok) in sorted(rep.models.items()):
            t.add_row(m, str(n), str(marked), _pct(marked, n), str(ok))
        console.print(t)
    if rep.family_reasons:
        used = [r for r in order if any(r in rs for rs in rep.family_reasons.values())]
        t = Table(title="family x outcome (replies with markup)")
        t.add_column("family")
        for r in used:
            t.add_column(r, justify="right")
        t.add_column("total", justify="right")
        for fam, rs in sorted(rep.family_reasons.items()):
            t.add_row(fam, *(str(rs.get(r, "")) for r in used), str(rep.families[fam]))
        console.print(t)
    if rep.bad:
        t = Table(title="bad lines")
        t.add_column("kind")
        t.add_column("lines", justify="right")
        t.add_column("first lines: why")
        for k in BAD_KINDS:
            if k in rep.bad:
                why = "\n".join(f"{n}: {d}" for n, d in zip(rep.bad_examples[k], rep.bad_details[k],
                                                             strict=True))
                t.add_row(k, str(rep.bad[k]), why)
        console.print(t)


def _open_lines(paths: list[str], stack: contextlib.ExitStack, interactive: bool
                ) -> Iterator[tuple[int, bytes, bool]]:
    lineno = 0
    for path in paths:
        if path == "-":
            fh: IO[bytes] = sys.stdin.buffer
            total = None
        else:
            if os.path.isdir(path):
                raise IsADirectoryError(f"{path}: is a directory")
            fh = stack.enter_context(open(path, "rb"))  # noqa: SIM115
            total = os.fstat(fh.fileno()).st_size
        source: Iterable[bytes] = _lines_with_progress(fh, total) if interactive else fh
        for n, raw in enumerate(source):
            lineno += 1
            yield lineno, raw, n == 0


def scan_paths(paths: list[str], default: Sequence[Any] | None, reasoning: ReasoningMode,
               export: IO[str] | None = None, interactive: bool = False) -> ScanReport:
    """Scan the logs at ``paths`` in one process, numbered as one log. Raises OSError."""
    rep = ScanReport()
    with contextlib.ExitStack() as stack:
        numbered = _open_lines(paths, stack, interactive)
        counted = _Counted(numbered)
        _tally(_records(counted, Reader(default, reasoning=reasoning)), rep, export)
        rep.lines = counted.count
    return rep


class _Counted:
    def __init__(self, it: Iterable[tuple[int, bytes, bool]]) -> None:
        self._it = it
        self.count = 0

    def __iter__(self) -> Iterator[tuple[int, str | bytes, bool]]:
        for item in self._it:
            self.count += 1
            yield item


def run(args: argparse.Namespace) -> int:
    """Run ``leakcall scan``: 0 after a scan, 1 when a ``--fail-on`` key occurred, 2 on misuse,
    an unreadable input or a log of nothing but bad lines. Never prints a traceback."""
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("leakcall scan: interrupted", file=sys.stderr)
        return 2
    except Exception as e:  # a bug in leakcall or in an engine: one line, never a traceback
        first = (str(e).strip().splitlines() or [""])[0]  # engine errors carry their own trace
        print(f"leakcall scan: internal error ({type(e).__name__}: {first})", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    try:
        default = load_tools_file(args.tools) if args.tools else None
    except (OSError, ValueError, TypeError) as e:
        print(f"leakcall scan: --tools {args.tools}: {e}", file=sys.stderr)
        return 2
    if args.address and not args.ray:
        print("leakcall scan: --address needs --ray", file=sys.stderr)
        return 2
    if args.ray:
        from . import ray_scan  # noqa: PLC0415 - ray is an optional extra

        try:
            rep = ray_scan.scan(args.log, default, reasoning=args.reasoning, export=args.export,
                                address=args.address)
        except ray_scan.RayUnavailable as e:
            print(f"leakcall scan: {e}", file=sys.stderr)
            return 2
        except OSError as e:
            print(f"leakcall scan: {e}", file=sys.stderr)
            return 2
    else:
        interactive = not args.json and sys.stdout.isatty()
        try:
            with contextlib.ExitStack() as stack:
                out = (stack.enter_context(open(args.export, "w", encoding="utf-8"))
                       if args.export else None)
                rep = scan_paths(args.log, default, args.reasoning, out, interactive)
        except OSError as e:
            print(f"leakcall scan: {e}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(rep.to_dict(), ensure_ascii=False, indent=2))
    else:
        _print_table(rep, f"leakcall scan {' '.join(args.log)}")
    if rep.bad_lines and not rep.replies:
        print(f"leakcall scan: no line could be read ({rep.bad_lines} bad lines)", file=sys.stderr)
        return 2
    hit = [k for k in args.fail_on if rep.count(k)]
    if hit:
        print(f"leakcall scan: --fail-on: {', '.join(f'{k} ({rep.count(k)})' for k in hit)}",
              file=sys.stderr)
        return 1
    return 0
