"""Result values returned by ``recover``: a Recovery holding zero or more ToolCalls."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from .reasons import Reason

__all__ = ["Recovery", "ToolCall"]


@dataclass(frozen=True)
class ToolCall:
    """One recovered invocation. ``arguments`` is the decoded, schema-valid argument object."""

    id: str
    name: str
    arguments: dict[str, Any]

    # Written out rather than generated: a frozen dataclass's __init__ sets each field through
    # object.__setattr__, one call per field; one dict update stores the same instance dict in
    # about half the time. tests/core/test_core_fast.py holds both to the generated ones.
    def __init__(self, id: str, name: str, arguments: dict[str, Any]) -> None:
        self.__dict__.update(id=id, name=name, arguments=arguments)

    def arguments_json(self) -> str:
        """The arguments as a JSON string, non-ASCII kept as is."""
        return json.dumps(self.arguments, ensure_ascii=False)

    def to_openai(self) -> dict[str, Any]:
        """OpenAI Chat Completions ``tool_calls`` item."""
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": self.arguments_json()},
        }

    def to_responses(self) -> dict[str, Any]:
        """OpenAI Responses ``function_call`` output item."""
        return {
            "type": "function_call",
            "call_id": self.id,
            "name": self.name,
            "arguments": self.arguments_json(),
        }

    @property
    def anthropic_id(self) -> str:
        """The id in Anthropic's convention: ``toolu_`` and the same digest as ``id``."""
        return "toolu_" + self.id.removeprefix("call_")

    def to_anthropic(self) -> dict[str, Any]:
        """Anthropic Messages ``tool_use`` content block (``id``: ``anthropic_id``)."""
        return {"type": "tool_use", "id": self.anthropic_id, "name": self.name,
                "input": copy.deepcopy(self.arguments)}

    def to_ollama(self, index: int = 0) -> dict[str, Any]:
        """Ollama ``/api/chat`` ``message.tool_calls`` item (``index``: the call's position)."""
        return {"id": self.id, "function": {"index": index, "name": self.name,
                                            "arguments": copy.deepcopy(self.arguments)}}


@dataclass(frozen=True)
class Recovery:
    """What ``recover`` decided about one reply.

    ``content`` is the reply with the recovered markup removed when ``ok`` (visible text the
    envelope held, such as a Harmony preamble message, stays in its place); otherwise the reply
    unchanged. ``span`` is the envelope's extent in the reply. ``family`` names the markup
    family found (also on most refusals), else None.
    ``rule`` names the rule that decided (a refusal rule, or the accepted shape when ``ok``).
    """

    reason: Reason
    content: str
    calls: tuple[ToolCall, ...] = ()
    family: str | None = None
    detail: str = ""
    span: tuple[int, int] | None = field(default=None, compare=True)
    rule: str = ""

    def __init__(self, reason: Reason, content: str, calls: tuple[ToolCall, ...] = (),
                 family: str | None = None, detail: str = "",
                 span: tuple[int, int] | None = None, rule: str = "") -> None:
        # see ToolCall.__init__: the generated one's dict, in one update
        self.__dict__.update(reason=reason, content=content, calls=calls, family=family,
                             detail=detail, span=span, rule=rule)

    @property
    def ok(self) -> bool:
        """True iff calls were recovered."""
        return self.reason is Reason.OK

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the whole result (what snapshots hold)."""
        return {
            "reason": str(self.reason),
            "rule": self.rule,
            "family": self.family,
            "detail": self.detail,
            "span": list(self.span) if self.span is not None else None,
            "calls": [c.to_openai() for c in self.calls],
            "content": self.content,
        }
