"""``--on-refusal``: what the proxy does with a reply whose tool-call markup it refused.

``pass`` (the default) relays the reply as the upstream sent it. ``annotate`` adds the decision
to it: the ``leakcall`` extension field ``{"reason", "rule", "family"}`` at the top level of the
body (non-streamed) or of the event that ends the reply (streamed: the Chat chunk with the
finish reason, Responses' terminal ``response.*`` event, Messages' ``message_delta``, Ollama's
``done`` line), and ``x-leakcall-rule`` beside ``x-leakcall-reason`` on a non-streamed reply
(``leakcall.ops``). ``error`` answers, in place of a reply whose markup fails (``fails``), the
API's own error carrying the reason: HTTP 502 and the API's error body when not streamed; when
streamed, the held markup is never sent: the API's error event takes its place and ends the
stream (the text before the markup was already shown, and the status was already 200).

A reply "holds refused markup" when its decision is a refusal other than ``no_text`` and
``no_tags``; a reply cut by the server (rule ``cut-by-server``) holds markup when its text alone
does (read by ``recover`` with the request's tools). It fails when that markup was refused for
a reason that is not the model writing about a call (``quoted``, ``fenced``, ``prose``), a call
in the reasoning that ``--reasoning ignore`` set aside (``reasoning``), or a reply too large to
look at (``too_large``): ``FAILING``."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

from .._plainrun import WholeTest
from ..reasons import Reason
from ..recoverer import Recoverer, recoverer_for
from ..result import Recovery
from .http import error_body

__all__ = ["CODE", "FAILING", "FIELD", "MODES", "STATUS", "Gate", "OnRefusal", "annotated",
           "error_reply", "extension", "gated", "verdict"]

OnRefusal = Literal["pass", "annotate", "error"]
MODES: tuple[OnRefusal, ...] = ("pass", "annotate", "error")

FIELD = "leakcall"
"""The extension field that carries the decision (in an annotated reply and in every error)."""
CODE = "leakcall_refused"
"""The error code of an ``error`` answer (the reason is in the message and in ``FIELD``)."""
STATUS = 502
"""The status of a non-streamed ``error`` answer: the upstream's reply could not be used."""

FAILING = frozenset({Reason.TRUNCATED, Reason.SHAPE, Reason.AMBIGUOUS, Reason.UNADVERTISED,
                     Reason.BAD_ARGUMENTS, Reason.SCHEMA, Reason.TOO_COMPLEX})
"""Reasons whose markup ``--on-refusal error`` answers with an error: a call that was meant and
is broken (cut, unclosed, malformed, naming a tool not offered, invalid arguments)."""

_NO_MARKUP = frozenset({Reason.OK, Reason.NO_TEXT, Reason.NO_TAGS})
_CUT_RULE = "cut-by-server"


def verdict(rec: Recovery, tools: list[Any] | Recoverer, reasoning: Any,
            families: Iterable[str] | None) -> Reason | None:
    """The reason the markup of a refused reply was refused, or None when the reply holds no
    refused markup (recovered, empty, no opener). A reply the server cut is read by its text
    alone: its markup's reason then (a call complete before the cut counts as ``truncated``)."""
    if rec.reason in _NO_MARKUP:
        return None
    if rec.rule != _CUT_RULE:
        return Reason(rec.reason)
    rc = tools if isinstance(tools, Recoverer) else recoverer_for(
        tools, reasoning=reasoning, families=families)  # a Recoverer: its own options apply
    own = rc.recover(rec.content)
    if own.reason in (Reason.NO_TEXT, Reason.NO_TAGS):
        return None
    return Reason.TRUNCATED if own.ok else Reason(own.reason)


def extension(rec: Recovery) -> dict[str, Any]:
    """The ``leakcall`` field's value for a decision."""
    return {"reason": str(rec.reason), "rule": rec.rule, "family": rec.family}


def _message(rec: Recovery) -> str:
    fam = f" ({rec.family})" if rec.family else ""
    return (f"leakcall: the reply holds tool-call markup{fam} that was not recovered: "
            f"{rec.reason} (rule {rec.rule}); --on-refusal error")


def annotated(body: bytes, rec: Recovery) -> bytes:
    """A JSON object's bytes with the ``leakcall`` field added last (the other bytes as they
    came); ``body`` unchanged when it does not end an object."""
    end = body.rstrip()
    if not end.endswith(b"}"):
        return body
    inner = end[:-1].rstrip()
    sep = b"" if inner.endswith(b"{") else b","
    field = json.dumps({FIELD: extension(rec)}, ensure_ascii=False).encode()[1:-1]
    return inner + sep + field + b"}" + body[len(end):]


def error_reply(route: str, rec: Recovery) -> bytes:
    """The body of a non-streamed ``error`` answer in the route's API shape, with the field."""
    message = _message(rec)
    if route == "messages":
        err: dict[str, Any] = {"type": "error", "error": {"type": CODE, "message": message}}
    elif route == "ollama_chat":
        err = {"error": message, "code": CODE}
    else:  # Chat Completions and Responses: OpenAI's error object
        err = json.loads(error_body(STATUS, message, CODE))
    return json.dumps({**err, FIELD: extension(rec)}, ensure_ascii=False).encode()


# --- streams ----------------------------------------------------------------------------------------


class Gate:
    """A route's stream machine (``leakcall.wire.Machine``) under ``annotate`` or ``error``:
    events pass through it; the push (or finish) that brings the decision is changed. Annotate:
    its last event gains the ``leakcall`` field. Error, on a failing decision: its events (the
    held text released, the reply's end) are replaced by the API's error event, and every later
    event is dropped (``closed``)."""

    def __init__(self, mode: OnRefusal, tools: list[Any] | Recoverer, reasoning: Any,
                 families: Iterable[str] | None, report: Callable[[Recovery], None] | None
                 ) -> None:
        self.mode = mode
        self._tools, self._reasoning, self._families = tools, reasoning, families
        self._report = report
        self._new: Recovery | None = None  # a decision the current push brought
        self.inner: Any = None
        self.closed = False

    def note(self, rec: Recovery) -> None:
        """The inner machine's report: remembered for the push under way, then passed on."""
        self._new = rec
        if self._report is not None:
            self._report(rec)

    def _after(self, outs: list[Any]) -> list[Any]:
        rec, self._new = self._new, None
        if rec is None:
            return outs
        why = verdict(rec, self._tools, self._reasoning, self._families)
        if why is None:
            return outs
        if self.mode == "error" and why in FAILING:
            self.closed = True
            ev = self.inner.error(CODE, _message(rec))
            return [{**ev, FIELD: extension(rec)} if isinstance(ev, dict) else ev]
        if self.mode == "annotate" and outs and isinstance(outs[-1], dict):
            return [*outs[:-1], {**outs[-1], FIELD: extension(rec)}]
        return outs

    def push(self, event: Any) -> list[Any]:
        if self.closed:
            return []
        return self._after(self.inner.push(event))

    def push_plain(self, texts: Sequence[str], counter: int | None) -> int:
        return 0 if self.closed else int(self.inner.push_plain(texts, counter))

    def whole_test(self) -> WholeTest | None:
        return None if self.closed else self.inner.whole_test()

    def plain(self, event: Any) -> Any:
        return None if self.closed else self.inner.plain(event)

    def push_lane(self, source: Any, text: str, counter: int | None
                  ) -> tuple[str | None, int | None] | None:
        """Never in short (``Machine.push_lane``): every push goes through ``push``, where the
        decision it may bring is changed."""
        return None

    def finish(self) -> list[Any]:
        return [] if self.closed else self._after(self.inner.finish())

    def abandon(self) -> list[Any]:
        return [] if self.closed else list(self.inner.abandon())

    def held(self) -> int:
        return 0 if self.closed else int(self.inner.held())

    def received(self) -> int:
        return int(self.inner.received())

    def error(self, code: str, message: str) -> Any:
        return self.inner.error(code, message)


def gated(mode: OnRefusal, make: Callable[..., Any]) -> Callable[..., Any]:
    """A stream machine factory like ``make`` (``(tools, salt, reasoning, families, report)``),
    its machines under ``mode`` (``make`` itself for ``pass``)."""
    if mode == "pass":
        return make

    def build(tools: Any, salt: Any, reasoning: Any, families: Any, report: Any) -> Gate:
        gate = Gate(mode, tools, reasoning, families, report)
        gate.inner = make(tools, salt, reasoning, families, gate.note)
        return gate

    return build
