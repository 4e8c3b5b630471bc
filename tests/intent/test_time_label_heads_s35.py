"""A time that labels a noun but whose first word was not read as a time ("the 3 pm shift",
where the time read is "pm") raised ``ValueError`` out of ``recover`` (found by h25a, session
35): bad input must return a refusal or a recovery, never raise."""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("log_shift", "Log a work shift.", "time"),
         string_tool("delete_file", "Delete a file.", "path")]


@pytest.mark.parametrize("preamble", [
    "I'll log the 3 pm shift.", "I'll log the 3 PM shift now.", "Let me log the 11 am shift.",
    "I'll delete the 3 pm backup.",
])
def test_a_label_whose_head_is_no_time_word_does_not_raise(preamble: str) -> None:
    for call in (("log_shift", {"time": "15:00"}), ("delete_file", {"path": "backup-3pm.tar"})):
        r = recover_after(preamble, TOOLS, call)
        assert isinstance(r, leakcall.Recovery)
        assert r.reason == "ok" or r.rule, (preamble, r.detail)

