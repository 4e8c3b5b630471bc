"""What the wire adapters share: typed SDK objects in and out, the held-back reply text, the
reasoning channel, the default id salt, and the sync/async stream drivers."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol

from ._plainrun import WholeTest
from .ids import IdSalt, LazySalt
from .locate import REASONING_TAGS
from .pipeline import ReasoningMode
from .reasons import Reason
from .recoverer import Recoverer, recoverer_for
from .result import Recovery

_log = logging.getLogger("leakcall.wire")

OnRecovery = Callable[[Recovery], None]
Obj = dict[str, Any]

THINK_OPEN, THINK_CLOSE = "<think>", "</think>"
_TAG_LITERALS = tuple(t for pair in REASONING_TAGS for t in pair)


# --- typed objects ------------------------------------------------------------------------------


def as_dict(obj: Any) -> tuple[Obj | None, type[Any] | None]:
    """A dict view of a dict or of an SDK (pydantic) object, and the object's class (None for a
    dict). ``(None, None)`` for anything else."""
    if isinstance(obj, dict):
        return obj, None
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        d = dump(mode="json", by_alias=True, exclude_unset=True)
        return (d, type(obj)) if isinstance(d, dict) else (None, None)
    return None, None


def like(original: Any, kind: type[Any] | None, d: Obj) -> Any:
    """``d`` as the same kind of object ``original`` was: itself when unchanged."""
    if kind is None:
        return d
    return kind.model_validate(d)


_ADAPTERS: dict[int, Any] = {}  # the SDK event unions' pydantic adapters, built once


class Retyper:
    """Turns the dicts a stream adapter emits back into the SDK's event objects, when the input
    was typed (``union`` gives the SDK's event union, looked up lazily)."""

    def __init__(self, union: Callable[[], Any]) -> None:
        self._union = union
        self.typed: bool | None = None

    def view(self, event: Any) -> Obj | None:
        d, kind = as_dict(event)
        if self.typed is None and d is not None:
            self.typed = kind is not None
        return d

    def out(self, like_event: Any, d: Obj) -> Any:
        """``d`` as an event object: of ``like_event``'s class when given, else of the class
        its ``type`` names in the union."""
        if not self.typed:
            return d
        if like_event is not None and hasattr(like_event, "model_validate"):
            return type(like_event).model_validate(d)
        union = self._union()
        adapter = _ADAPTERS.get(id(union))
        if adapter is None:
            from pydantic import TypeAdapter  # noqa: PLC0415 - only when SDK objects are given

            adapter = _ADAPTERS[id(union)] = TypeAdapter(union)
        return adapter.validate_python(d)


# --- ids ----------------------------------------------------------------------------------------


def salt_of(id_salt: IdSalt | None, response_id: object) -> IdSalt:
    """The id salt: the caller's, else the response's own id (so turns differ), else ``""``."""
    if id_salt is not None:
        return id_salt
    return response_id if isinstance(response_id, str) else ""


def request_salt(body: Any) -> str:
    """A digest of a request's conversation (``messages``, or ``input`` and ``instructions`` for
    the Responses API, ``system`` for Messages): the same context gives the same call ids, another
    turn other ids."""
    if not isinstance(body, dict):
        return ""
    return context_salt(salt_context(body))


def lazy_request_salt(body: dict[str, Any]) -> LazySalt:
    """``request_salt(body)``, computed when an id is first minted with it (a reply without a
    recovered call never computes it: its cost grows with the conversation). It keeps the
    conversation (``salt_context``) until then, and nothing once computed."""
    return LazySalt(context_salt, salt_context(body))


def salt_context(body: dict[str, Any]) -> list[Any]:
    """What ``request_salt`` digests of a request: its conversation."""
    return [body.get(k) for k in ("system", "instructions", "messages", "input")]


def context_salt(ctx: list[Any]) -> str:
    """``request_salt`` of the request whose ``salt_context`` is ``ctx``."""
    canon = json.dumps(ctx, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(canon.encode("utf-8", "surrogatepass")).hexdigest()[:32]


# --- the reply text, one-shot -----------------------------------------------------------------------


def wrappable(reasoning_text: str) -> bool:
    """A reasoning field can be read as one reasoning block only when it holds no reasoning tag
    of its own (otherwise the block would end early and reasoning read as visible text)."""
    return not any(t in reasoning_text for t in _TAG_LITERALS)


def configured(tools: Sequence[Any] | Recoverer, reasoning: ReasoningMode | None,
               families: Iterable[str] | None) -> Recoverer:
    """The Recoverer an adapter uses: ``tools`` itself when it is one (its own ``reasoning`` and
    ``families`` apply: giving different ones is a ValueError), else one for these options
    (``reasoning`` None meaning "ignore")."""
    if isinstance(tools, Recoverer):
        if families is not None or reasoning not in (None, tools.reasoning):
            raise ValueError("tools is a Recoverer: set reasoning and families on the Recoverer")
        return tools
    return recoverer_for(tools, reasoning="ignore" if reasoning is None else reasoning,
                         families=families)


def decide(content: str, thought: str, tools: Sequence[Any] | Recoverer, salt: IdSalt,
           reasoning: ReasoningMode | None, families: Iterable[str] | None
           ) -> tuple[str, str, Recovery]:
    """Recover from a reply whose reasoning came in a separate field (``thought``, maybe "").

    The reasoning is read as a block before the content (``<think>`` + thought + ``</think>`` +
    content), so ``recover``'s own rules decide: with ``"ignore"`` calls found only there are
    refused as ``reasoning``; with ``"recover"`` they are examined like any others while the
    visible content is still read. Returns (new content, new reasoning, the Recovery).
    """
    rc = configured(tools, reasoning, families)
    if not thought or not wrappable(thought):
        rec = rc.recover(content, id_salt=salt)
        return rec.content, thought, rec
    head = THINK_OPEN + thought + THINK_CLOSE
    rec = rc.recover(head + content, id_salt=salt)
    if not rec.ok:
        return content, thought, rec
    return split_back(rec, len(head), content, thought)


def split_back(rec: Recovery, head: int, content: str, thought: str) -> tuple[str, str, Recovery]:
    """Map a recovery of the wrapped text back onto the two fields."""
    assert rec.span is not None
    s, e = rec.span
    if s >= head:
        return content[: s - head] + content[e - head :], thought, rec
    o = len(THINK_OPEN)
    return content, thought[: s - o] + thought[e - o :], rec


def truncated(text: str, why: str) -> Recovery:
    return Recovery(reason=Reason.TRUNCATED, content=text, detail=why, rule="cut-by-server")


# --- the reply text, streamed -----------------------------------------------------------------------


class Held:
    """One reply as it streams (visible text, and optionally reasoning deltas): what may be shown
    now, and at the end the decision with what is left to show.

    With ``reasoning="recover"`` the reasoning deltas are fed first, wrapped as one block, so a
    call written there is held like one in the text; with ``"ignore"`` they are shown as they come
    and only the decision reads them. In ``"recover"`` mode, reasoning that arrives after the text
    began is held to the end and the decision is taken as with ``"ignore"`` (the reasoning was not
    one block before the text).
    """

    def __init__(self, tools: Sequence[Any] | Recoverer, salt: IdSalt, reasoning: ReasoningMode | None,
                 families: Iterable[str] | None) -> None:
        rc = configured(tools, reasoning, families)
        reasoning = rc.reasoning
        self._rc, self._salt = rc, salt
        self._mode: ReasoningMode = reasoning
        self._text: list[str] = []
        self._thought: list[str] = []
        self._chars = 0  # len(self.text), kept as it grows (``held`` asks it after every event)
        self._thought_chars = 0  # len(self.thought)
        self._late = False  # reasoning came after the text had begun
        # "recover" mode: one recoverer over <think>thought</think>text; else over the text only.
        self._rec = rc.stream(id_salt=salt)
        self._wrapped = reasoning == "recover"
        self._fed = 0  # characters fed to the recoverer
        self._shown = 0  # characters it released
        self._head = 0  # where the text starts in what was fed (once it began)
        self._began = False
        self._early = 0  # reasoning characters fed before the text began

    @property
    def text(self) -> str:
        return "".join(self._text)

    @property
    def thought(self) -> str:
        return "".join(self._thought)

    @property
    def chars(self) -> int:
        """``len(self.text)``, without joining the text."""
        return self._chars

    @property
    def thought_chars(self) -> int:
        """``len(self.thought)``, without joining the reasoning."""
        return self._thought_chars

    @property
    def seen(self) -> bool:
        return bool(self._text) or bool(self._thought)

    @property
    def wrapped(self) -> bool:
        """``reasoning="recover"``: a text delta may release reasoning (``feed_text``'s second
        part); otherwise that part is always empty."""
        return self._wrapped

    @property
    def received(self) -> int:
        """Characters fed to the recoverer so far (the text and the reasoning read with it)."""
        return self._fed

    def feed_thought(self, delta: str) -> tuple[str, str]:
        """A reasoning delta; returns (text, reasoning) to show now."""
        if not delta:
            return "", ""
        self._thought.append(delta)
        self._thought_chars += len(delta)
        if not self._wrapped:
            return "", delta
        if self._began:
            self._late = True
            return "", ""
        before = self._shown
        if len(self._thought) == 1:
            self._push(THINK_OPEN)
        self._early += len(delta)
        self._push(delta)
        return self._route(before)

    def feed_text(self, delta: str) -> tuple[str, str]:
        """A text delta; returns (text, reasoning) to show now."""
        if not delta:
            return "", ""
        before = self._shown
        if not self._began:
            self._began = True
            if self._wrapped and self._thought:
                self._push(THINK_CLOSE)
            self._head = self._fed
        self._text.append(delta)
        self._chars += len(delta)
        self._push(delta)
        if not self._wrapped:
            # Released: characters [before, shown) of the text; most often none, or within this
            # delta (the whole text is joined only when older text is released).
            if self._shown == before:
                return "", ""
            start = self._fed - len(delta)
            if before >= start:
                return delta[before - start : self._shown - start], ""
            return self.text[before : self._shown], ""
        return self._route(before)

    def feed_plain(self, deltas: Sequence[str]) -> int:
        """Feed the leading text deltas (consecutive, once the text began) that are shown whole
        as they come (nothing held before or by any of them: ``feed_text`` would have returned
        ``(delta, "")`` for each); how many were fed."""
        if not self._began:
            return 0
        if len(deltas) == 1:  # a paced stream: one delta per read
            return 1 if self.feed_plain_one(deltas[0]) else 0
        k = self._rec.feed_whole_many(deltas)
        if k:
            taken = deltas[:k]
            self._text += taken
            n = sum(map(len, taken))
            self._chars += n
            self._fed += n
            self._shown += n
        return k

    def whole_test(self) -> WholeTest | None:
        """The test ``feed_plain`` makes of the deltas that follow (``Holdback.whole_test``):
        None before the text began, or while the recoverer may not take one whole."""
        return self._rec.whole_test() if self._began else None

    def feed_plain_one(self, delta: str) -> bool:
        """``feed_plain([delta]) == 1``, without the sequence's steps (one delta a read)."""
        if not self._began or not self._rec.feed_whole(delta):
            return False
        self._text.append(delta)
        n = len(delta)
        self._fed += n
        self._chars += n
        self._shown += n
        return True

    def _push(self, s: str) -> None:
        self._fed += len(s)
        self._shown += len(self._rec.feed(s))

    def _released(self) -> tuple[int, int]:
        """How many characters of (text, reasoning) were shown."""
        if not self._wrapped:
            return self._shown, len(self.thought)
        o = len(THINK_OPEN) if self._early else 0
        thought = min(max(self._shown - o, 0), self._early)
        text = max(self._shown - self._head, 0) if self._began else 0
        return text, thought

    def _route(self, before: int) -> tuple[str, str]:
        """The characters released since ``before`` (in what was fed), split into the two fields
        without the wrapper tags."""
        t1, r1 = self._released()
        saved, self._shown = self._shown, before
        t0, r0 = self._released()
        self._shown = saved
        return self.text[t0:t1], self.thought[r0:r1]

    def close(self, cut: str | None) -> tuple[str, str, Recovery]:
        """The reply ended (``cut``: why it is known to be cut, else None). Returns (text left to
        show, reasoning left to show, the decision)."""
        text, thought = self.text, self.thought
        shown_text, shown_thought = self._released()
        if cut is not None:
            return text[shown_text:], thought[shown_thought:], truncated(text, cut)
        mode: ReasoningMode = "ignore" if self._late else self._mode
        new_text, new_thought, rec = decide(text, thought, self._rc.with_reasoning(mode),
                                            self._salt, None, None)
        return new_text[shown_text:], new_thought[shown_thought:], rec


# --- drivers -------------------------------------------------------------------------------------------


Plain = tuple[str, str, "tuple[str, int] | None"]
"""A plain text delta event: (the key of its text, the text, the key and value of its counter
or None), the shape a byte lane (``leakcall._sse.Lane``) is cut from."""


class Machine(Protocol):
    """A stream repair of one API: events in, events out.

    ``plain(event)``, asked about a dict event that ``push`` just passed unchanged, says whether
    it is a plain text delta of the reply while nothing is held (``Plain``), so that later
    events of the same bytes but their text (and counter) can go through ``push_plain(texts,
    counter)`` without being decoded: ``texts`` are consecutive events' texts (the events of
    one read), numbered ``counter``, ``counter + 1``, ... when counted. It returns how many of
    them, from the first, were taken: each of those passes as received, as ``push`` would pass
    it, one after the other; the next one (if any) was not taken (decode it and call
    ``push``).

    ``push_lane(source, text, counter)`` is ``push`` of such an event that was not taken (its
    text held or released), given as ``source`` (the plain event, a dict) with its ``text``
    (non-empty) and ``counter``, in short: every event push would send for it is ``source``
    with another text and counter, so it returns (that text, that counter), or (None, None)
    when it sends none; the event is the pushed one itself when both are the given ones.
    None, having changed nothing, where push may do anything else: call ``push``.

    ``whole_test()``, asked right after ``push_plain`` took every text it was offered, is the
    test by which the next deltas' texts are known to be taken too (``leakcall._plainrun``:
    the stream recoverer's, when ``push_plain`` would hand them to it), or None."""

    def push(self, event: Any) -> list[Any]: ...
    def push_plain(self, texts: Sequence[str], counter: int | None) -> int: ...
    def whole_test(self) -> WholeTest | None: ...
    def push_lane(self, source: Any, text: str, counter: int | None
                  ) -> tuple[str | None, int | None] | None: ...
    def plain(self, event: Any) -> Plain | None: ...
    def finish(self) -> list[Any]: ...
    def abandon(self) -> list[Any]: ...
    def held(self) -> int: ...
    def received(self) -> int: ...
    def error(self, code: str, message: str) -> Any: ...


def push_safely(state: Machine, event: Any) -> list[Any]:
    """``state.push(event)``; an event the machine cannot read (a field of the wrong type, a
    bug) ends the repair instead of the stream: what is held is released as it came, then the
    event, and every later event passes as it comes."""
    try:
        return state.push(event)
    except Exception:
        return push_failed(state, event)


def push_failed(state: Machine, event: Any) -> list[Any]:
    """What ``push_safely`` sends when pushing ``event`` raised (inside ``except``): what is held,
    released as it came, then the event."""
    _log.exception(json.dumps({"event": "error", "reason": "internal",
                               "detail": "a stream event the repair cannot read"}))
    try:
        return [*state.abandon(), event]
    except Exception:  # pragma: no cover - abandon reads only what push kept
        return [event]


def drive(state: Machine, events: Iterable[Any]) -> Iterator[Any]:
    for ev in events:
        yield from push_safely(state, ev)
    yield from state.finish()


async def drive_async(state: Machine, events: AsyncIterable[Any]) -> AsyncIterator[Any]:
    async for ev in events:
        for out in push_safely(state, ev):
            yield out
    for out in state.finish():
        yield out
