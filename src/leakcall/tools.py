"""Advertised tools: accept the common definition shapes, keep name -> parameter schema."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["normalize_tools"]

_EMPTY_OBJECT: dict[str, Any] = {"type": "object"}


def _entry(i: int, tool: object) -> tuple[str, dict[str, Any]]:
    if not isinstance(tool, Mapping):
        raise ValueError(f"tools[{i}] is not an object: {type(tool).__name__}")
    if tool.get("type") == "function" and isinstance(tool.get("function"), Mapping):
        body: Mapping[str, Any] = tool["function"]  # OpenAI Chat Completions
        schema_key = "parameters"
    elif "input_schema" in tool:
        body, schema_key = tool, "input_schema"  # Anthropic
    elif "inputSchema" in tool:
        body, schema_key = tool, "inputSchema"  # MCP tools/list
    else:
        body, schema_key = tool, "parameters"  # OpenAI Responses, bare {"name", "parameters"}
    name = body.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"tools[{i}] has no string 'name'")
    schema = body.get(schema_key, _EMPTY_OBJECT)
    if schema is None:
        schema = _EMPTY_OBJECT
    if not isinstance(schema, Mapping):
        raise ValueError(f"tools[{i}] ({name!r}): {schema_key} is not an object")
    return name, dict(schema)


def normalize_tools(tools: object) -> dict[str, dict[str, Any]]:
    """Map each advertised tool name to its JSON schema.

    Raises TypeError when ``tools`` is not a list, ValueError for a malformed entry or a name
    advertised twice with different schemas (both are misuse of the API, not model output).
    """
    if isinstance(tools, (str, bytes)) or not isinstance(tools, Sequence):
        raise TypeError(f"tools must be a list of tool definitions, not {type(tools).__name__}")
    out: dict[str, dict[str, Any]] = {}
    for i, tool in enumerate(tools):
        name, schema = _entry(i, tool)
        if name in out and out[name] != schema:
            raise ValueError(f"tools[{i}]: {name!r} is advertised twice with different schemas")
        out[name] = schema
    return out
