"""``leakcall scan``: run ``recover`` over a JSONL chat log and tally what it finds.

One JSON object per line, in any of these shapes (detected per line):

- a response object: OpenAI Chat Completions (``choices[i].message.content``), OpenAI Responses
  (``output[i]`` message items, ``output_text`` parts; its echoed ``tools`` are used), Anthropic
  Messages (``content`` text blocks);
- a request/response pair ``{"request": {..., "tools": [...]}, "response": {...}}``; the response
  is any of the shapes above, or an OpenAI Batch output ``{"status_code", "body": {...}}``, and
  ``request`` may be absent;
- ``{"text": ..., "tools": [...]}`` (the corpus and capture shape);
- ``{"messages": [...], "tools": [...]}``: every assistant message is a reply.

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

from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .pipeline import ReasoningMode
from .reasons import Reason
from .recoverer import Recoverer, recoverer_for

__all__ = [
    "EXAMPLES",
    "BadLine",
    "Reply",
    "ScanReport",
    "add_parser",
    "iter_records",
    "iter_replies",
    "run",
    "scan_lines",
]

EXAMPLES = 3
"""At most this many example line numbers are kept per reason code and per bad-line kind."""

BadKind = Literal["not_utf8", "not_json", "unknown_shape", "bad_tools", "error"]
BAD_KINDS: tuple[BadKind, ...] = ("not_utf8", "not_json", "unknown_shape", "bad_tools", "error")
"""``error`` means ``recover`` raised on a str reply: a leakcall bug worth reporting."""

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


def _checked(tools: object, reasoning: ReasoningMode) -> tuple[Sequence[Any], Recoverer]:
    """The tools typed, and their Recoverer; raises TypeError/ValueError as ``recover`` would."""
    rc = recoverer_for(tools, reasoning=reasoning)
    assert isinstance(tools, Sequence)
    return tools, rc


def iter_records(
    lines: Iterable[str | bytes], default_tools: Sequence[Any] | None = None,
    *, reasoning: ReasoningMode = "ignore",
) -> Iterator[Reply | BadLine]:
    """A Reply for every reply in the log and a BadLine for every line that yields none.

    Lazy: one line is read per step. Blank lines are skipped. ``default_tools`` is used for lines
    that carry no tools; it must be valid (raises like ``recover`` otherwise). A tool list is
    checked once per distinct content, not once per line.
    """
    default = _checked(default_tools, reasoning) if default_tools is not None else None
    no_tools = recoverer_for([], reasoning=reasoning)
    for lineno, raw in enumerate(lines, 1):
        if isinstance(raw, bytes):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                yield BadLine(lineno, "not_utf8", str(e))
                continue
        else:
            line = raw
        if lineno == 1:
            line = line.removeprefix("\ufeff")  # a UTF-8 byte order mark
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as e:
            yield BadLine(lineno, "not_json", str(e))
            continue
        try:
            if not isinstance(obj, Mapping):
                raise _Shape(f"a JSON {type(obj).__name__}, not an object")
            texts, own = _decode(obj)
        except _Shape as e:
            yield BadLine(lineno, "unknown_shape", str(e))
            continue
        if own is None:
            (tools, rc), known = (default, True) if default is not None else (([], no_tools), False)
        else:
            try:
                (tools, rc), known = _checked(_callable_tools(own), reasoning), True
            except (TypeError, ValueError) as e:
                yield BadLine(lineno, "bad_tools", str(e))
                continue
        for text in texts:
            yield Reply(lineno, text, tools, known, rc)


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


@dataclass
class ScanReport:
    """What a scan found. ``reasons`` counts every reply by outcome (``ok`` included);
    ``examples`` / ``bad_examples`` keep the first ``EXAMPLES`` line numbers of each."""

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

    @property
    def refused(self) -> dict[str, int]:
        """Replies with markup that were refused, per reason code."""
        return {k: n for k, n in self.reasons.items() if k != Reason.OK and k not in _NO_MARKUP}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view (what ``--json`` prints); reasons in ``Reason`` order."""
        order = [str(r) for r in Reason]
        return {
            "lines": self.lines,
            "replies": self.replies,
            "with_markup": self.with_markup,
            "recovered": self.recovered,
            "calls": self.calls,
            "without_tools": self.without_tools,
            "refused": sum(self.refused.values()),
            "reasons": {r: {"count": self.reasons[r], "lines": self.examples[r]}
                        for r in order if r in self.reasons},
            "families": dict(sorted(self.families.items())),
            "bad_lines": self.bad_lines,
            "bad": {k: {"count": self.bad[k], "lines": self.bad_examples[k]}
                    for k in BAD_KINDS if k in self.bad},
        }


def scan_lines(
    lines: Iterable[str | bytes],
    default_tools: Sequence[Any] | None = None,
    *,
    reasoning: Literal["ignore", "recover"] = "ignore",
) -> ScanReport:
    """Run ``recover`` on every reply of a JSONL log and tally the outcomes.

    ``lines`` is consumed lazily (a file object or any iterator works); memory stays constant.
    Never raises on log content; raises TypeError/ValueError when ``default_tools`` is malformed.
    """
    rep = ScanReport()
    counter = _Counting(lines)
    for rec in iter_records(counter, default_tools, reasoning=reasoning):
        if isinstance(rec, BadLine):
            rep.bad_lines += 1
            rep.bad[rec.kind] = rep.bad.get(rec.kind, 0) + 1
            _note(rep.bad_examples, rec.kind, rec.line)
            continue
        try:
            r = rec.recoverer.recover(rec.text)
        except Exception:  # a bug in leakcall (recover raised on a str): count it, keep scanning
            rep.bad_lines += 1
            rep.bad["error"] = rep.bad.get("error", 0) + 1
            _note(rep.bad_examples, "error", rec.line)
            continue
        rep.replies += 1
        rep.without_tools += not rec.tools_known
        key = str(r.reason)
        rep.reasons[key] = rep.reasons.get(key, 0) + 1
        _note(rep.examples, key, rec.line)
        if r.reason not in _NO_MARKUP:
            rep.with_markup += 1
            fam = r.family or "?"
            rep.families[fam] = rep.families.get(fam, 0) + 1
        if r.ok:
            rep.recovered += 1
            rep.calls += len(r.calls)
    rep.lines = counter.count
    return rep


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


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add ``scan LOG.jsonl [--tools TOOLS.json] [--json]`` to a ``leakcall`` subparser set."""
    p = subparsers.add_parser("scan", help="tally leaked tool calls over a JSONL chat log")
    p.add_argument("log", help="JSONL log, one response / request+response / {text, tools} a line; "
                               "- for stdin")
    p.add_argument("--tools", help="JSON file with the tools for lines that carry none (a list, "
                                   "or an object with 'tools')")
    p.add_argument("--json", action="store_true", help="print the tallies as JSON")
    p.add_argument("--reasoning", choices=["ignore", "recover"], default="ignore")
    p.set_defaults(fn=run)
    return p


def _load_tools(path: str) -> Sequence[Any]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(data, Mapping) and "tools" in data:
        data = data["tools"]
    return _checked(_callable_tools(data), "ignore")[0]


def _lines_with_progress(fh: IO[bytes], total: int | None) -> Iterator[bytes]:
    columns = (TextColumn("scanning"), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("scan", total=total)
        for line in fh:
            bar.advance(task, len(line))
            yield line


def _print_table(rep: ScanReport, title: str) -> None:
    console = Console()
    console.print(title, markup=False, highlight=False)
    summary = Table(show_header=False)
    summary.add_column("what")
    summary.add_column("count", justify="right")
    rows = [("lines read", rep.lines), ("replies", rep.replies),
            ("replies with markup", rep.with_markup), ("recovered", rep.recovered),
            ("calls recovered", rep.calls), ("refused (markup found)", sum(rep.refused.values())),
            ("replies with no tools known", rep.without_tools), ("bad lines", rep.bad_lines)]
    for what, n in rows:
        summary.add_row(what, str(n))
    console.print(summary)

    def lines(xs: list[int]) -> str:
        return ", ".join(map(str, xs))

    if rep.reasons:
        t = Table(title="outcomes per reply")
        t.add_column("reason")
        t.add_column("replies", justify="right")
        t.add_column("first lines")
        for r in Reason:
            if str(r) in rep.reasons:
                t.add_row(str(r), str(rep.reasons[r]), lines(rep.examples[r]))
        console.print(t)
    if rep.families:
        t = Table(title="markup family (replies with markup)")
        t.add_column("family")
        t.add_column("replies", justify="right")
        for fam, n in sorted(rep.families.items()):
            t.add_row(fam, str(n))
        console.print(t)
    if rep.bad:
        t = Table(title="bad lines")
        t.add_column("kind")
        t.add_column("lines", justify="right")
        t.add_column("first lines")
        for k in BAD_KINDS:
            if k in rep.bad:
                t.add_row(k, str(rep.bad[k]), lines(rep.bad_examples[k]))
        console.print(t)


def run(args: argparse.Namespace) -> int:
    """Run ``leakcall scan``: 0 after a scan (whatever it found), 2 when the log or the tools
    file cannot be read."""
    try:
        default = _load_tools(args.tools) if args.tools else None
    except (OSError, ValueError, TypeError) as e:
        print(f"leakcall scan: --tools {args.tools}: {e}", file=sys.stderr)
        return 2
    interactive = not args.json and sys.stdout.isatty()
    try:
        with contextlib.ExitStack() as stack:
            if args.log == "-":
                fh: IO[bytes] = sys.stdin.buffer
                total = None
            else:
                fh = stack.enter_context(open(args.log, "rb"))
                total = os.fstat(fh.fileno()).st_size
            source: Iterable[bytes] = _lines_with_progress(fh, total) if interactive else fh
            rep = scan_lines(source, default, reasoning=args.reasoning)
    except OSError as e:
        print(f"leakcall scan: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rep.to_dict(), ensure_ascii=False, indent=2))
    else:
        _print_table(rep, f"leakcall scan {args.log}")
    return 0
