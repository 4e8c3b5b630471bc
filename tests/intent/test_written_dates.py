"""A date written as three digit groups ("18.12.2026") after a preposition of time is a time,
as a number there is ("by 17"): a changing step taken "by 18.12.2026" waits
(``words._WRITTEN_DATE``). Anywhere else it is a name the call may carry."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after


def _tool(tool_name: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": tool_name, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in props.items()},
        "required": list(props)}}}


TOOLS = [_tool("delete_branch", branch="string")]


@pytest.mark.parametrize("date", ["18.12.2026", "2026-12-18", "12/18/26", "2026.12.18"])
def test_a_written_date_after_a_preposition_of_time_waits(date: str) -> None:
    r = recover_after(f"I'll delete the branch by {date}.", TOOLS,
                      ("delete_branch", {"branch": date}))
    assert r.reason != Reason.OK and r.rule == "conditional", (date, r.rule, r.detail)


@pytest.mark.parametrize("preamble", [
    "I'll delete the branch 18.12.2026.",  # the branch's name
    "I'll delete the branch release-18.12.2026.",
])
def test_a_date_shaped_name_is_a_name(preamble: str) -> None:
    name = preamble.removeprefix("I'll delete the branch ").rstrip(".")
    r = recover_after(preamble, TOOLS, ("delete_branch", {"branch": name}))
    assert r.reason == Reason.OK, (preamble, r.detail)
