"""Advertised tools: accept the common definition shapes, keep name -> parameter schema, and
compile each schema once (a ``Toolset``)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .validate import Compiled, canonical, compile_schema

__all__ = ["NO_PARAMETERS", "Toolset", "check_tools", "normalize_described", "normalize_tools",
           "toolset"]

# OpenAI: "Omitting parameters defines a function with an empty parameter list."
NO_PARAMETERS: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


def _description(body: Mapping[str, Any]) -> str | None:
    text = body.get("description")
    return text if type(text) is str and text.strip() else None


def _entry(i: int, tool: object) -> tuple[str, dict[str, Any], str | None] | None:
    if type(tool) is not dict and not isinstance(tool, Mapping):  # a dict is one: asked first
        raise ValueError(f"tools[{i}] is not an object: {type(tool).__name__}")
    if tool.get("type") == "function" and (type(function := tool.get("function")) is dict
                                           or isinstance(function, Mapping)):
        body: Mapping[str, Any] = function  # OpenAI Chat Completions
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
        return name, dict(NO_PARAMETERS), _description(body)
    schema = body[schema_key]
    if type(schema) is not dict and not isinstance(schema, Mapping):
        raise ValueError(f"tools[{i}] ({name!r}): {schema_key} is not an object")
    return name, schema if isinstance(schema, dict) else dict(schema), _description(body)


def _normalize(tools: object) -> tuple[dict[str, dict[str, Any]], list[str], dict[str, str]]:
    if type(tools) is not list and (isinstance(tools, (str, bytes))
                                    or not isinstance(tools, Sequence)):
        raise TypeError(f"tools must be a list of tool definitions, not {type(tools).__name__}")
    out: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    described: dict[str, str] = {}
    for i, tool in enumerate(tools):
        try:
            entry = _entry(i, tool)
        except ValueError as e:
            problems.append(str(e))
            continue
        if entry is None:
            continue
        name, schema, description = entry
        if name in out and not _same(out[name], schema):
            problems.append(f"tools[{i}]: {name!r} is advertised twice with different schemas")
            continue
        out[name] = schema
        if description is not None and described.setdefault(name, description) != description:
            described[name] = ""  # two descriptions of one tool: neither is trusted
    return out, problems, {n: d for n, d in described.items() if d}


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    try:
        return a is b or a == b
    except RecursionError:
        return False


def normalize_tools(tools: object) -> dict[str, dict[str, Any]]:
    """Map each advertised tool name to its JSON schema.

    A function without ``parameters`` takes no arguments (OpenAI's rule); hosted tools without a
    name (``{"type": "web_search"}``) are skipped, since no markup can call them. Raises
    TypeError when ``tools`` is not a list, ValueError for a malformed entry or a name advertised
    twice with different schemas (both are misuse of the API, not model output). Whether each
    schema is a valid JSON Schema is not checked here (see ``Toolset``).
    """
    return normalize_described(tools)[0]


def normalize_described(tools: object) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """``normalize_tools``, and each tool's description where it has one (name -> text): what
    grounding reads a tool's kind of step from when its name says none."""
    out, problems, described = _normalize(tools)
    if problems:
        raise ValueError("; ".join(problems))
    return out, described


_TOO_DEEP = "\u0000too-deep"  # stands in the key for a schema too deep to serialise


def _schema_json(name: str, schema: dict[str, Any]) -> str:
    try:
        return canonical(schema)
    except RecursionError:
        return _TOO_DEEP
    except (TypeError, ValueError) as e:
        raise ValueError(f"tool {name!r}: schema is not JSON: {e}") from None


def tools_key(normalized: dict[str, dict[str, Any]],
              described: Mapping[str, str] | None = None) -> str:
    """Canonical JSON of a normalised tool list (and of its descriptions, when there are any):
    equal for equal tool lists, whatever the order of keys or entries. Raises ValueError when a
    schema is not JSON data (misuse)."""
    try:
        key = canonical(normalized)
    except (RecursionError, TypeError, ValueError):
        # Name the culprit; a schema too deep to serialise is only an invalid schema.
        key = canonical({n: _schema_json(n, s) for n, s in normalized.items()})
    # descriptions are strings: their canonical JSON never fails
    return key + "\n" + canonical(dict(described)) if described else key


class Toolset(Mapping[str, Compiled]):
    """The advertised tools, checked once: name -> compiled schema (leakcall's own copy of it).

    A tool whose schema cannot be used stays advertised (its name is matched as usual) with
    ``invalid`` set, so calls to it are refused and calls to the other tools are not affected.
    """

    __slots__ = ("_tools", "descriptions", "key")

    def __init__(self, normalized: dict[str, dict[str, Any]], key: str,
                 described: Mapping[str, str] | None = None) -> None:
        self.key = key  # canonical JSON of the tool list: the cache key
        # leakcall's own copies, like the schemas: holding the caller's strings would change
        # how marshal writes the caller's list (it marks objects referenced more than once)
        self.descriptions: dict[str, str] = json.loads(canonical(dict(described))) \
            if described else {}
        """Tool name -> its description, for the tools that have one."""
        tools: dict[str, Compiled] = {}
        for name, schema in normalized.items():
            text = _schema_json(name, schema)
            tools[name] = (Compiled({}, None, "it nests too deeply to serialise")
                           if text == _TOO_DEEP else compile_schema(text))
        self._tools = tools

    def __getitem__(self, name: str) -> Compiled:
        return self._tools[name]

    def __contains__(self, name: object) -> bool:
        # Mapping's own asks __getitem__ and catches KeyError: the same answer, slower
        return name in self._tools

    def __iter__(self) -> Iterator[str]:
        return iter(self._tools)

    def __len__(self) -> int:
        return len(self._tools)

    def invalid(self) -> dict[str, str]:
        """Tool name -> why its schema cannot be used, for every such tool."""
        return {n: c.invalid for n, c in self._tools.items() if c.invalid is not None}


def toolset(tools: object) -> Toolset:
    """Normalise and compile ``tools``; raises like ``normalize_tools`` on structural misuse."""
    normalized, described = normalize_described(tools)
    return Toolset(normalized, tools_key(normalized, described), described)


def check_tools(tools: object) -> None:
    """Fail fast: raise ValueError listing every bad entry of ``tools`` (malformed definitions,
    names advertised twice, schemas that are not valid JSON Schema or whose ``$ref`` does not
    resolve inside the schema); TypeError when ``tools`` is not a list.

    ``recover`` itself only raises on structural misuse: a tool with an invalid schema stays
    advertised and calls to it are refused as ``schema`` (rule ``invalid-tool-schema``).
    """
    normalized, problems, _described = _normalize(tools)
    try:
        key = tools_key(normalized)
    except ValueError as e:
        problems.append(str(e))
    else:
        problems += [f"tool {name!r}: invalid JSON schema: {why}"
                     for name, why in Toolset(normalized, key).invalid().items()]
    if problems:
        raise ValueError(f"{len(problems)} bad tool definition(s):\n" + "\n".join(
            f"- {p}" for p in problems))
