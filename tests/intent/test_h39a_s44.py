"""h39a (issue 25, real a+b recall): a code block an observation shows (``shownblock``).

"截断发生在 `tools/__init__.py:89`：\\n\\n```python ... ```\\n\\n让我看看谁在调用 `f`。" + a search
for ``f``: the fenced block the observation's colon introduces, between the observations and
the announcement, is read as what the observation shows, and the preamble without it. Its
twins: the same shape carrying a call the announcement does not take, a block an announcement
introduces ("Let me run this:"), a block closing the preamble, stay refused.
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.shownblock import unshown
from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("Grep", "Search file contents.", "pattern"),
         string_tool("Bash", "Run a shell command.", "command")]
CODE = "```python\nkey_argument = shorten_middle(key_argument, width=50)\nreturn key_argument\n```"
ZH = f"好问题。截断发生在 `tools/__init__.py:89`：\n\n{CODE}\n\n让我看看谁在调用 `extract_key_argument`。"
EN = (f"Good question. The truncation happens in `tools/__init__.py`:\n\n{CODE}\n\n"
      "Let me find who calls `extract_key_argument`.")
GREP = ("Grep", {"pattern": "extract_key_argument"})


def _ok(preamble: str, *calls: tuple[str, dict[str, Any]]) -> bool:
    return recover_after(preamble, TOOLS, *calls).reason == "ok"


@pytest.mark.parametrize("preamble", [ZH, EN])
def test_block_an_observation_shows_is_read_as_nothing(preamble: str) -> None:
    assert _ok(preamble, GREP)


@pytest.mark.parametrize("preamble", [ZH, EN])
def test_shown_block_grounds_no_other_step(preamble: str) -> None:
    assert not _ok(preamble, ("Bash", {"command": "rm -rf src"}))


def test_shown_command_grounds_nothing() -> None:
    pre = ("The cleanup step is:\n\n```\nrm -rf build\n```\n\n"
           "Let me find who calls `extract_key_argument`.")
    assert _ok(pre, GREP)
    assert not _ok(pre, ("Bash", {"command": "rm -rf build"}))


def test_block_an_announcement_introduces_stays_read() -> None:
    pre = "Let me search for this:\n\n```\nshorten_middle\n```\n\nThen I'll report what I find."
    assert unshown(pre) == pre
    assert not _ok(pre, ("Grep", {"pattern": "shorten_middle"}))
    assert not _ok("Let me run this:\n\n```\nrm -rf build\n```\n\nThen I'll search for `f`.",
                   ("Bash", {"command": "rm -rf build"}))


def test_block_closing_the_preamble_stays_read() -> None:
    pre = f"Let me find who calls `extract_key_argument`. It is used here:\n\n{CODE}"
    assert unshown(pre) == pre
    assert not _ok(pre, GREP)


def test_two_blocks_or_an_unclosed_one_stay_read() -> None:
    two = f"The truncation happens here:\n\n{CODE}\n\nand here:\n\n{CODE}\n\nLet me find who calls `f`."
    assert unshown(two) == two
    assert not _ok(two, ("Grep", {"pattern": "f"}))
    opened = "The truncation happens here:\n\n```python\nx = 1\n\nLet me find who calls `f`."
    assert unshown(opened) == opened


def test_block_after_no_colon_stays_read() -> None:
    pre = f"The truncation happens in `tools/__init__.py`.\n\n{CODE}\n\nLet me find who calls `f`."
    assert unshown(pre) == pre
    assert not _ok(pre, ("Grep", {"pattern": "f"}))
