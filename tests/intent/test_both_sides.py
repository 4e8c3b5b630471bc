"""Both sides of an event (h90a, ``intent.sides``): "pre-fit and post-fit scenarios" names
every case around the event, no time the step waits for; each beside the nearest form where a
deferral compound still waits (rule ``conditional``): alone, on two bases, twice the same side,
or with no noun after the pair."""

from __future__ import annotations

import json

import pytest

import leakcall

TOOLS = [{"type": "function", "function": {"name": "Edit", "parameters": {
    "type": "object", "properties": {k: {"type": "string"} for k in (
        "file_path", "old_string", "new_string")}}}}]
EDIT = {"file_path": "src/fit.py", "old_string": "return self",
        "new_string": "self._fitted = True\n        return self"}


def _recover(preamble: str) -> leakcall.Recovery:
    body = json.dumps({"name": "Edit", "arguments": EDIT})
    return leakcall.recover(f"{preamble}\n<tool_call>\n{body}\n</tool_call>", TOOLS)


RECOVERED = [
    "Let me update src/fit.py for the pre-fit and post-fit cases.",
    "Let me update src/fit.py to handle both pre-fit and post-fit scenarios:",
    "Let me update src/fit.py for the post-fit and pre-fit cases.",
]

STILL_WAITING = [
    "Let me update src/fit.py for post-fit cases.",
    "Let me update src/fit.py post-fit.",
    "Let me update src/fit.py for the pre-fit and post-merge cases.",
    "Let me update src/fit.py for the post-fit and post-fit cases.",
    "Let me update src/fit.py pre-fit and post-fit.",
    "Let me update src/fit.py pre-fit and post-fit too.",
    "Let me update src/fit.py pre-fit and post-fit in src/fit.py.",
]


@pytest.mark.parametrize("pre", RECOVERED)
def test_both_sides_recover(pre: str) -> None:
    r = _recover(pre)
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (pre, r.rule, r.detail)


@pytest.mark.parametrize("pre", STILL_WAITING)
def test_one_side_still_waits(pre: str) -> None:
    r = _recover(pre)
    assert r.reason != "ok" and r.rule == "conditional", (pre, r.reason, r.rule, r.detail)
