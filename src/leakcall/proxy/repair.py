"""What one request asks to be repaired (``Repair``, read by ``prepare`` in a worker thread), and
the repair of a non-streamed reply (``repair_body``, in a worker thread or process)."""

from __future__ import annotations

import json
import traceback
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ..ids import IdSalt, salt_text
from ..pipeline import ReasoningMode
from ..recoverer import Recoverer, known_recoverer, recoverer_for
from ..result import Recovery
from ..wire import dumps, lazy_request_salt, route_named

__all__ = ["Prepared", "Repair", "prepare", "prepare_known", "repair_body"]


@dataclass(frozen=True)
class Repair:
    """The repair settings of one request."""

    tools: list[Any]
    salt: IdSalt
    stream: bool
    route: str = "chat_completions"  # or "responses", "messages", "ollama_chat" (wire adapters)
    model: str = ""  # the request's "model" (for a reply that stands in for an upstream error)
    families: tuple[str, ...] | None = None  # --families: only these are recovered
    recoverer: Recoverer | None = field(default=None, compare=False, repr=False)
    """The Recoverer the request check built for ``tools`` (with the proxy's reasoning mode and
    ``families``): the reply's repair uses it instead of looking the tools up again. Not
    pickled (a worker process looks them up)."""

    def configured(self, reasoning: ReasoningMode) -> tuple[list[Any] | Recoverer,
                                                            ReasoningMode | None,
                                                            tuple[str, ...] | None]:
        """(tools, reasoning, families) to build the reply's repair from: the request check's
        Recoverer when there is one (its own mode and families), else the tools and options."""
        if self.recoverer is not None:
            return self.recoverer, None, None
        return self.tools, reasoning, self.families

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "recoverer": None, "salt": salt_text(self.salt)}


@dataclass(frozen=True)
class Prepared:
    """What the request check found: a repair, or why there is none (a 400, or a passthrough)."""

    repair: Repair | None = None
    bad_json: str | None = None  # the body is not JSON: answered 400
    passthrough: str | None = None  # forwarded unrepaired: request_unreadable, bad_tools
    detail: str = ""
    model: str | None = None  # the request's "model", for the logs


def _parse_int(digits: str) -> int | Decimal:
    # Python refuses to convert an integer string of more than 4300 digits (a guard against
    # quadratic conversion); such an integer is still valid JSON: kept exactly as a Decimal.
    return int(digits) if len(digits) <= 4000 else Decimal(digits)


_DECODER = json.JSONDecoder(parse_int=_parse_int)
"""The request body's decoder, built once (``json.loads`` with ``parse_int`` builds one per
call)."""


def _loads(body: bytes) -> Any:
    """``json.loads(body, parse_int=_parse_int)``: the same text decoded the same way (the
    encoding detected as ``json.loads`` does), by the one decoder."""
    return _DECODER.decode(body.decode(json.detect_encoding(body), "surrogatepass"))


def prepare(body: bytes, reasoning: ReasoningMode, route: str = "chat_completions",
             families: tuple[str, ...] | None = None) -> Prepared:
    """Parse a repairable request (``route``: a name in ``ROUTES``) and check its tools (in a
    worker thread: a large schema's check takes seconds). Never raises."""
    prep = _prepare(body, reasoning, route, families, known=False)
    assert prep is not None  # every tool list is checked
    return prep


def prepare_known(body: bytes, reasoning: ReasoningMode, route: str = "chat_completions",
                  families: tuple[str, ...] | None = None) -> Prepared | None:
    """``prepare``, when its tool check costs no more than reading the tools (a list seen
    before: ``known_recoverer``): cheap enough for the event loop when the body is small.
    None when the tools are new (nothing is built: run ``prepare`` in a worker). Never
    raises."""
    return _prepare(body, reasoning, route, families, known=True)


def _prepare(body: bytes, reasoning: ReasoningMode, route: str,
             families: tuple[str, ...] | None, known: bool) -> Prepared | None:
    try:
        payload = _loads(body)
    except RecursionError:  # valid or not, nested past the parser's limit: not ours to judge
        return Prepared(passthrough="request_unreadable", detail="nested too deep to parse")
    except ValueError as e:  # UnicodeDecodeError is a ValueError
        return Prepared(bad_json=str(e))
    if not isinstance(payload, dict):
        return Prepared()
    model = payload.get("model") if isinstance(payload.get("model"), str) else None
    tools = payload.get("tools")
    if not isinstance(tools, list) or not tools or payload.get("tool_choice") in (
            "none", {"type": "none"}):
        return Prepared(model=model)
    try:
        if known:
            found = known_recoverer(tools, reasoning=reasoning, families=families)
            if found is None:
                return None
            rc = found
        else:
            rc = recoverer_for(tools, reasoning=reasoning, families=families)  # checked once
        # one rule for every route and the transports; computed only when an id is minted
        salt = lazy_request_salt(payload)
    except Exception as e:  # malformed, too deep, not JSON: the upstream will judge; no repair
        return Prepared(passthrough="bad_tools", detail=f"{type(e).__name__}: {e}", model=model)
    return Prepared(repair=Repair(tools=tools, salt=salt,
                                   stream=route_named(route).streams(payload), route=route,
                                   model=model or "", families=families, recoverer=rc),
                    model=model)


def repair_body(raw: bytes, repair: Repair, reasoning: ReasoningMode
                 ) -> tuple[bytes | None, list[Recovery], str | None, str | None]:
    """Repair a non-streamed reply (in a worker thread or process). Returns the new body or None
    to send the upstream's bytes; the decisions; why it was not examined (or None); the
    traceback of a bug (the reply then goes out unrepaired)."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, too deep, an integer past the digit limit
        return None, [], "upstream_not_json", None
    if not isinstance(data, dict):
        return None, [], "upstream_not_json", None
    seen: list[Recovery] = []
    try:
        fixed = route_named(repair.route).one_shot(data, repair.tools, id_salt=salt_text(repair.salt),
                                                   reasoning=reasoning, families=repair.families,
                                                   on_recovery=seen.append)
        return (None if fixed is data else dumps(fixed)), seen, None, None
    except Exception as e:
        return None, [], "internal", "".join(traceback.format_exception(e))
