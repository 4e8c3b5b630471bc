"""Reading chat logs: the JSONL shapes ``leakcall scan`` and the calibration tool read.

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

Tools come from the line when it carries them, else from the default tools. Hosted tools that
have no name (``{"type": "web_search"}``, ``{"type": "mcp", ...}``) cannot be named by a leaked
call and are dropped; that only narrows what is advertised. Each distinct tool list is checked
once per ``Reader`` (a ``Recoverer`` per content), not once per line.

A line that is not JSON, not UTF-8, of no known shape, or whose tools are malformed gives a
``BadLine``; reading never stops on one.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .pipeline import ReasoningMode
from .recoverer import Recoverer, recoverer_for
from .validate import BudgetCache

__all__ = [
    "BAD_KINDS",
    "ID_KEYS",
    "MAX_OPEN_STREAMS",
    "TIME_KEYS",
    "BadKind",
    "BadLine",
    "Chunk",
    "Reader",
    "Reply",
    "callable_tools",
    "checked_tools",
    "iter_records",
    "iter_replies",
    "record_meta",
]

BadKind = Literal["not_utf8", "not_json", "unknown_shape", "bad_tools", "error"]
BAD_KINDS: tuple[BadKind, ...] = ("not_utf8", "not_json", "unknown_shape", "bad_tools", "error")
"""``error`` means ``recover`` raised on a str reply: a leakcall bug worth reporting."""

TOOL_LISTS, TOOL_LISTS_BYTES = 256, 32_000_000
"""A ``Reader`` remembers the outcome of checking at most this many distinct tool lists (and this
many characters of their JSON), least recently used first out."""

MAX_OPEN_STREAMS = 256
"""At most this many streams are assembled at once; past it the oldest is emitted as it stands."""

_MAP = (dict, Mapping)
"""For ``isinstance``: parsed JSON objects are dicts, which this tells apart without the cost of
the ``Mapping`` ABC's check (a tenth of a scan's time); other mappings still pass."""

_Checked = tuple[Sequence[Any], Recoverer] | tuple[type[Exception], str]


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
    record_id: str | None = None
    """The log record's own id (``record_meta``), else None."""
    timestamp: str | None = None
    """The log record's own time as written (``record_meta``), else None."""


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
        if isinstance(part, _MAP) and part.get("type") in kinds:
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
        if not isinstance(choice, _MAP):
            raise _Shape("a choice is not an object")
        if "delta" in choice:
            raise _Shape("a streaming chunk (choices[].delta), not a whole response")
        message = choice.get("message")
        if isinstance(message, _MAP):
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
        if isinstance(item, _MAP) and item.get("type") == "message"
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
        if isinstance(m, _MAP) and m.get("role") == "assistant"
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
        if request is not None and not isinstance(request, _MAP):
            raise _Shape("'request' is not an object")
        if not isinstance(response, _MAP):
            raise _Shape("'response' is not an object")
        if isinstance(response.get("body"), _MAP):  # OpenAI Batch output
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


def callable_tools(tools: object) -> object:
    """Drop hosted tools that carry no name (they cannot be named by a leaked call)."""
    if not isinstance(tools, list):
        return tools
    return [
        t for t in tools
        if not (isinstance(t, _MAP) and "name" not in t and "function" not in t
                and isinstance(t.get("type"), str) and t["type"] != "function")
    ]


def _line_model(obj: Mapping[str, Any]) -> str | None:
    """The model a line names (the response's, else the request's, else the line's own)."""
    for holder in (obj.get("response"), obj.get("request"), obj):
        if isinstance(holder, _MAP):
            body = holder.get("body")
            for src in (body, holder) if isinstance(body, _MAP) else (holder,):
                model = src.get("model")
                if isinstance(model, str):
                    return model
    return None


ID_KEYS = ("custom_id", "id", "request_id", "requestId", "trace_id")
"""Where ``record_meta`` looks for a record's id, in this order."""

TIME_KEYS = ("timestamp", "time", "ts", "created_at", "createdAt", "created", "start_time",
             "startTime", "request_time")
"""Where ``record_meta`` looks for a record's time, in this order."""


def _scalar(holder: Mapping[str, Any], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        value = holder.get(key)
        if isinstance(value, str) and value:
            return value
        if isinstance(value, int | float) and not isinstance(value, bool):
            return json.dumps(value)
    return None


def record_meta(obj: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(id, time) of a log record, each as text (a number as JSON writes it) or None: looked up
    under ``ID_KEYS`` / ``TIME_KEYS`` on the line itself first, then on its response (an OpenAI
    Batch output's ``body`` included), then on its request. So a logger's own record id and time
    win over the response's (``chatcmpl-...``, ``created``), and a Batch output line gives its
    ``custom_id``."""
    holders: list[Mapping[str, Any]] = [obj]
    for key in ("response", "request"):
        holder = obj.get(key)
        if isinstance(holder, _MAP):
            holders.append(holder)
            body = holder.get("body")
            if isinstance(body, _MAP):
                holders.append(body)
    rid = when = None
    for holder in holders:
        rid = rid or _scalar(holder, ID_KEYS)
        when = when or _scalar(holder, TIME_KEYS)
        if rid and when:
            break
    return rid, when


def checked_tools(tools: object, reasoning: ReasoningMode) -> tuple[Sequence[Any], Recoverer]:
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
            and all(isinstance(c, _MAP) and "delta" in c for c in choices))


class _Stream:
    __slots__ = ("choices", "finished", "line", "model", "record_id", "timestamp")

    def __init__(self, line: int, record_id: str | None, timestamp: str | None) -> None:
        self.line = line
        self.record_id = record_id
        self.timestamp = timestamp
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
        self.default = checked_tools(default_tools, reasoning) if default_tools is not None else None
        self.no_tools = recoverer_for([], reasoning=reasoning)
        self._seen: BudgetCache[bytes, _Checked] = BudgetCache(TOOL_LISTS, TOOL_LISTS_BYTES)
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
        sse = line.lstrip()  # (no copy when nothing leads; strip() would copy every line)
        if not sse:
            return []
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
            if not isinstance(obj, _MAP):
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
        rid, when = record_meta(obj)
        return [Reply(lineno, text, tools, known, rc, model, i, rid, when)
                for i, text in enumerate(texts)]

    def _tools(self, own: object | None) -> tuple[Sequence[Any], Recoverer, bool]:
        if own is not None:
            tools, rc = self._own(own)
            return tools, rc, True
        if self.default is not None:
            return self.default[0], self.default[1], True
        return [], self.no_tools, False

    def _own(self, own: Any) -> tuple[Sequence[Any], Recoverer]:
        """A line's own tools, checked once per distinct content. The key is their ``marshal``
        bytes: a few microseconds where JSON text costs as much as parsing the line, and exact
        (equal bytes load back to equal values of the same types, unlike ``==``, which takes
        ``1``, ``1.0`` and ``true`` for one value). Equal tools may marshal differently (object
        sharing): that only costs a check."""
        try:
            key = marshal.dumps(own)
        except (TypeError, ValueError, RecursionError):
            return checked_tools(callable_tools(own), self.reasoning)
        hit = self._seen.get(key)
        if hit is None:
            try:
                hit = checked_tools(callable_tools(own), self.reasoning)
            except (TypeError, ValueError) as e:  # the same bad list on every line: one check
                hit = (type(e), str(e))
            self._seen.put(key, hit, len(key))
        if isinstance(hit[0], type):
            raise hit[0](hit[1])
        return hit

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
            stream = self._open[key] = _Stream(lineno, *record_meta(obj))
        if stream.model is None and isinstance(obj.get("model"), str):
            stream.model = obj["model"]
        for choice in choices:
            if not isinstance(choice, _MAP):
                raise _Shape("a chunk choice is not an object")
            index = choice.get("index", 0)
            if not isinstance(index, int) or isinstance(index, bool):
                raise _Shape("a chunk choice has no integer 'index'")
            parts = stream.choices.setdefault(index, [])
            delta = choice.get("delta")
            content = delta.get("content") if isinstance(delta, _MAP) else None
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
        return [Reply(stream.line, "".join(stream.choices[i]), tools, known, rc, stream.model, i,
                      stream.record_id, stream.timestamp)
                for i in sorted(stream.choices)]

    def records(self, numbered: Iterable[tuple[int, str | bytes, bool]]
                ) -> Iterator[Reply | BadLine]:
        """The records of ``(line number, raw line, first line of a file)`` items, then those of
        the streams still open at the end (streams assembled: ``streams=True``)."""
        for lineno, raw, first in numbered:
            for rec in self.line(lineno, raw, first):
                assert not isinstance(rec, Chunk)
                yield rec
        for rec in self.end():
            assert not isinstance(rec, Chunk)
            yield rec

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
    return Reader(default_tools, reasoning=reasoning).records(_numbered(lines))


def iter_replies(
    lines: Iterable[str | bytes], default_tools: Sequence[Any] | None = None
) -> Iterator[tuple[str, Sequence[Any]]]:
    """(text, tools) for every reply in the log, bad lines skipped; lazy, like ``iter_records``."""
    for rec in iter_records(lines, default_tools):
        if isinstance(rec, Reply):
            yield rec.text, rec.tools
