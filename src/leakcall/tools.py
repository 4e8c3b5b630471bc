"""Advertised tools: accept the common definition shapes, keep name -> parameter schema."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["NO_PARAMETERS", "normalize_tools"]

# OpenAI: "Omitting parameters defines a function with an empty parameter list."
NO_PARAMETERS: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


def _entry(i: int, tool: object) -> tuple[str, dict[str, Any]] | None:
    if not isinstance(tool, Mapping):
        raise ValueError(f"tools[{i}] is not an object: {type(tool).__name__}")
    if tool.get("type") == "function" and isinstance(tool.get("function"), Mapping):
        body: Mapping[str, Any] = tool["function"]  # OpenAI Chat Completions
        schema_key = "parameters"
        if "parameters" in tool:
            raise ValueError(f"tools[{i}] has 'parameters' beside 'function': which one is meant?")
    elif "input_schema" in tool:
        body, schema_key = tool, "input_schema"  # Anthropic
    elif "inputSchema" in tool:
        body, schema_key = tool, "inputSchema"  # MCP tools/list
    elif "name" not in tool and tool.get("type") not in (None, "function"):
        return None  # a hosted tool (web_search, code_interpreter, ...): no markup names it
    else:
        body, schema_key = tool, "parameters"  # OpenAI Responses, bare {"name", "parameters"}
    name = body.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"tools[{i}] has no string 'name'")
    if schema_key not in body:
        if schema_key != "parameters":
            raise ValueError(f"tools[{i}] ({name!r}) has no {schema_key}")
        return name, dict(NO_PARAMETERS)
    schema = body[schema_key]
    if not isinstance(schema, Mapping):
        raise ValueError(f"tools[{i}] ({name!r}): {schema_key} is not an object")
    # The caller's own dict is kept (not copied) so that validate can recognise it next call.
    return name, schema if isinstance(schema, dict) else dict(schema)


def normalize_tools(tools: object) -> dict[str, dict[str, Any]]:
    """Map each advertised tool name to its JSON schema.

    A function without ``parameters`` takes no arguments (OpenAI's rule); hosted tools without a
    name (``{"type": "web_search"}``) are skipped, since no markup can call them. Raises
    TypeError when ``tools`` is not a list, ValueError for a malformed entry or a name advertised
    twice with different schemas (both are misuse of the API, not model output).
    """
    if isinstance(tools, (str, bytes)) or not isinstance(tools, Sequence):
        raise TypeError(f"tools must be a list of tool definitions, not {type(tools).__name__}")
    out: dict[str, dict[str, Any]] = {}
    for i, tool in enumerate(tools):
        entry = _entry(i, tool)
        if entry is None:
            continue
        name, schema = entry
        if name in out and out[name] != schema:
            raise ValueError(f"tools[{i}]: {name!r} is advertised twice with different schemas")
        out[name] = schema
    return out
