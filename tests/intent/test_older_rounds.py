"""Mechanisms the older red-team rounds (1-11) found, each closed by a general rule: a sample
id's shape on a changing call, ..."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall


def _tool(name: str, description: str, *keys: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description,
                                             "parameters": {"type": "object", "properties": {
                                                 k: {"type": "string"} for k in keys}}}}


def _reply(preamble: str, *calls: tuple[str, dict[str, Any]]) -> str:
    return preamble + "\n" + "".join(
        "<tool_call>\n" + json.dumps({"name": n, "arguments": a}) + "\n</tool_call>\n"
        for n, a in calls)


STOP = _tool("stop_instance", "Stop a cloud VM instance.", "instance_id")
DELETE = _tool("delete_file", "Delete a file from the workspace.", "path")
LOOKUP = _tool("lookup_order", "Look up an order.", "order_id")


@pytest.mark.parametrize(("preamble", "tool", "args", "sample"), [
    # an id counted up from one after its prefix, or all zeros, on a changing call
    ("I'll stop the instance.", STOP, {"instance_id": "i-1234abcd"}, True),
    ("I'll stop the instance.", STOP, {"instance_id": "i-0f3a9c2b"}, False),
    ("I'll stop the instance.", STOP, {"instance_id": "i-123"}, True),
    ("I'll stop the instance.", STOP, {"instance_id": "i-1235"}, False),
    ("Let me delete the old export.", DELETE, {"path": "exports/export-0000.csv"}, True),
    ("Let me delete the old export.", DELETE, {"path": "exports/export-2024.csv"}, False),
    ("Let me delete the old export.", DELETE, {"path": "exports/export-10000.csv"}, False),
    # a hex colour is no id; a lookup of a counted id changes nothing (test fixtures look
    # "order-123" up for real)
    ("Let me delete the old export.", DELETE, {"path": "exports/FF0000.csv"}, False),
    ("I'll look up the order.", LOOKUP, {"order_id": "order-123"}, False),
])
def test_counted_sample_id(preamble: str, tool: dict[str, Any], args: dict[str, Any],
                           sample: bool) -> None:
    r = leakcall.recover(_reply(preamble, (tool["function"]["name"], args)), [tool])
    assert (r.rule == "sample-arguments") is sample, (args, r.rule, r.detail)
    if not sample:
        assert r.ok, (args, r.rule, r.detail)
