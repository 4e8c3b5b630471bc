"""Tokens around a leaked call that are no prose (``intent.END_TOKENS``): end-of-turn tokens,
and the marker some models write before the text of a turn that calls a function
(``<has_function_call>``). They are removed before the preamble is read; what is left is
judged as any preamble is."""

from __future__ import annotations

import json

import leakcall
from leakcall import Reason

TOOLS = [{"type": "function", "function": {"name": "dice_roll", "description": "Roll a die.",
                                           "parameters": {"type": "object", "properties": {}}}}]
MARKUP = "<tool_call>\n" + json.dumps({"name": "dice_roll", "arguments": {}}) + "\n</tool_call>"


def test_the_function_call_marker_is_no_prose() -> None:
    r = leakcall.recover("<has_function_call>I am rolling the dice for the first time.\n"
                         + MARKUP, TOOLS)
    assert r.ok and r.rule == "action-preamble", r.detail
    assert leakcall.recover("<has_function_call>" + MARKUP, TOOLS).rule == "bare"
    # what follows the marker is still read: it says nothing about the call
    r = leakcall.recover("<has_function_call>Here is an example call:\n" + MARKUP, TOOLS)
    assert not r.ok and r.reason is not Reason.OK, r.detail
    # another tag is markup
    r = leakcall.recover("<has_tool>I am rolling the dice for the first time.\n" + MARKUP, TOOLS)
    assert r.rule == "non-prose", r.detail
