"""A fresh process loads only what its calls need (issue 27): jsonschema and referencing when a
tool schema is first compiled, never for a tool-less call; the proxy's stack never with
``import leakcall``; the intent tables from the shipped file, not from the lexicon files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

LEAK = ('Let me read the config file.\n<tool_call>\n{"name": "read_file", "arguments": '
        '{"path": "config.yml"}}\n</tool_call>')
TOOLS = [{"type": "function", "function": {"name": "read_file", "parameters": {
    "type": "object", "properties": {"path": {"type": "string"}}}}}]
HEAVY = ("jsonschema", "referencing", "starlette", "httpx", "uvicorn", "prometheus_client")

_CHILD = f"""
import json, sys
import leakcall
from leakcall.intent import cues, loading, tables
def no_build(*a):
    raise AssertionError("built from the lexicon files")
# the names the tables use, not only where they are defined
cues.load_lexicon = tables.load_lexicon = loading.build_tongues = tables.build_tongues = no_build
r = leakcall.recover(sys.argv[1], json.loads(sys.argv[2]))
print(json.dumps([r.reason, r.rule, sorted(m for m in {HEAVY!r} if m in sys.modules)]))
"""


def _fresh(text: str, tools: list[object]) -> list[object]:
    out = subprocess.run([sys.executable, "-c", _CHILD, text, json.dumps(tools)],
                         capture_output=True, text=True, check=True).stdout
    got: list[object] = json.loads(out)
    return got


@pytest.mark.heavy
def test_a_tool_less_call_loads_no_schema_library_and_builds_no_table() -> None:
    assert _fresh(LEAK, []) == ["unadvertised", "unadvertised-name", []]


@pytest.mark.heavy
def test_a_call_with_tools_loads_the_schema_library_then() -> None:
    assert _fresh(LEAK, TOOLS) == ["ok", "action-preamble", ["jsonschema", "referencing"]]
