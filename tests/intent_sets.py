"""The intent v3 measurement sets (``tests/intent_v3_data/``), read the same way by the tests
and by ``scripts/intent_v3_eval.py``."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import leakcall

DATA = Path(__file__).resolve().parent / "intent_v3_data"

# the sets' relative days ("tomorrow", "next Monday") were written on this day: read them as
# on it, whenever the tests run (``reldays.reference_day``)
os.environ.setdefault("LEAKCALL_TODAY", "2026-12-05")


def load(name: str) -> list[dict[str, Any]]:
    """One data file's cases (a missing file is an error, not an empty set): a new list each
    call, of cases read once a process (six test modules and the sets test read the 11 MB of
    controls at import; each case is shared, so a test does not change one)."""
    return list(_parsed(name))


@functools.cache
def _parsed(name: str) -> tuple[dict[str, Any], ...]:
    # lines end at "\n" only: a case's text may hold U+2028 and the like (splitlines cuts there)
    return tuple(json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").split("\n")
                 if line.strip())


def hermes(calls: list[dict[str, Any]]) -> str:
    """The calls as Hermes markup (how the real preambles' structured calls are leaked)."""
    return "\n".join("<tool_call>\n" + json.dumps({"name": c["name"], "arguments": c["arguments"]},
                                                  ensure_ascii=False) + "\n</tool_call>"
                     for c in calls)


def hermes_call(name: str, /, **args: Any) -> str:
    """One call, ``name`` with ``args``, as Hermes markup (``hermes``)."""
    return hermes([{"name": name, "arguments": args}])


def string_tool(name: str, description: str, *keys: str) -> dict[str, Any]:
    """An OpenAI-style tool whose arguments are the given string keys, none required."""
    return {"type": "function", "function": {"name": name, "description": description,
                                             "parameters": {"type": "object", "properties": {
                                                 k: {"type": "string"} for k in keys}}}}


def keyed_tool(name: str, *keys: str, required: Sequence[str] | None = None) -> dict[str, Any]:
    """An OpenAI-style tool with no description whose arguments are the given string keys;
    the schema names the ``required`` ones when given (``required=()``: an empty list)."""
    return _schema_tool(name, {k: {"type": "string"} for k in keys}, required)


def typed_tool(name: str, /, *, required: Sequence[str] | None = None,
               **props: str) -> dict[str, Any]:
    """An OpenAI-style tool with no description whose arguments are ``props``, each key's JSON
    type by name (``typed_tool("f", city="string", days="integer")``); the schema names the
    ``required`` ones when given (``required=()``: an empty list)."""
    return _schema_tool(name, {k: {"type": t} for k, t in props.items()}, required)


def _schema_tool(name: str, properties: dict[str, Any],
                 required: Sequence[str] | None) -> dict[str, Any]:
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    if required is not None:
        parameters["required"] = list(required)
    return {"type": "function", "function": {"name": name, "parameters": parameters}}


def described_tool(name: str, props: dict[str, Any], description: str = "",
                   required: Sequence[str] | None = None) -> dict[str, Any]:
    """An OpenAI-style tool with a description (empty by default) whose arguments have the
    given schemas (``described_tool("f", {"on": {"type": "boolean"}}, "Turn it on")``); the
    schema names the ``required`` ones when given (``()``: an empty list)."""
    tool = _schema_tool(name, props, required)
    tool["function"] = {"name": name, "description": description,
                        "parameters": tool["function"]["parameters"]}
    return tool


def bare_tool(name: str, *keys: str) -> dict[str, Any]:
    """An OpenAI-style tool with no description whose arguments are the given keys, each with
    an empty schema (any value), none required."""
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {k: {} for k in keys}}}}


def recover_after(preamble: str, tools: list[dict[str, Any]],
                  *calls: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    """``recover`` of a preamble followed by the calls, each ``(name, arguments)``, as Hermes
    markup (``hermes``): the reply the intent tests build around a preamble."""
    markup = hermes([{"name": n, "arguments": a} for n, a in calls])
    return leakcall.recover(f"{preamble}\n{markup}", tools)


def recover_calls(preamble: str, *calls: tuple[str, dict[str, Any]],
                  tools: list[dict[str, Any]]) -> leakcall.Recovery:
    """``recover_after`` with ``tools`` keyword only, so that
    ``functools.partial(recover_calls, tools=TOOLS)`` is a file's ``_recover``."""
    return recover_after(preamble, tools, *calls)


def recover_command(preamble: str, command: str, *,
                    tools: list[dict[str, Any]]) -> leakcall.Recovery:
    """``recover_after`` of one ``shell_call`` running ``command``; ``tools`` keyword only, for
    ``functools.partial``."""
    return recover_after(preamble, tools, shell_call(command))


def recover_with_tool(preamble: str, tool: dict[str, Any],
                      args: dict[str, Any]) -> leakcall.Recovery:
    """``recover_after`` of one call to ``tool`` with ``args``, the tool offered alone."""
    return recover_after(preamble, [tool], (tool["function"]["name"], args))


def edit_call(path: str, old: str, new: str) -> tuple[str, dict[str, Any]]:
    """An ``edit_file`` call replacing ``old`` with ``new`` in ``path`` (``recover_after``)."""
    return ("edit_file", {"path": path, "old_string": old, "new_string": new})


def write_call(path: str, content: str) -> tuple[str, dict[str, Any]]:
    """A ``write_file`` call writing ``content`` to ``path`` (``recover_after``)."""
    return ("write_file", {"path": path, "content": content})


def shell_call(command: str) -> tuple[str, dict[str, Any]]:
    """A ``bash`` call running ``command`` (``recover_after``)."""
    return ("bash", {"command": command})


def recover_call(preamble: str, name: str, args: dict[str, Any], *,
                 tools: list[dict[str, Any]]) -> leakcall.Recovery:
    """``recover_after`` with its one call given as name and arguments; ``tools`` is keyword
    only, so ``functools.partial(recover_call, tools=TOOLS)`` is a file's ``_recover``."""
    return recover_after(preamble, tools, (name, args))


def expect_recovered(r: leakcall.Recovery, what: object, rule: str | None = None) -> None:
    """The reply is recovered (``what`` names the case in the failure), by ``rule`` when one
    is given."""
    assert r.ok, (what, r.rule, r.detail)
    if rule is not None:
        assert r.rule == rule, (what, r.rule, r.detail)


def refusal_detail(r: leakcall.Recovery) -> str | None:
    """The refusal's detail, None when the reply is recovered."""
    return None if r.ok else r.detail


def expect_refused(r: leakcall.Recovery, what: object, rule: str | None = None) -> None:
    """The reply is refused, by ``rule`` when one is given."""
    assert not r.ok, what
    if rule is not None:
        assert r.rule == rule, (what, r.rule, r.detail)


def call_recovered(preamble: str, name: str, args: dict[str, Any], *,
                   tools: list[dict[str, Any]]) -> None:
    """``recover_call`` recovers the reply; ``functools.partial(call_recovered, tools=TOOLS)``
    is a file's ``_ok``."""
    expect_recovered(recover_call(preamble, name, args, tools=tools), (preamble, name, args))


def call_refused(preamble: str, name: str, args: dict[str, Any], rule: str | None = None, *,
                 tools: list[dict[str, Any]]) -> None:
    """``recover_call`` refuses the reply, by ``rule`` when one is given; a file's
    ``_refused`` as ``functools.partial(call_refused, tools=TOOLS)``."""
    expect_refused(recover_call(preamble, name, args, tools=tools), (preamble, name, args), rule)


Calls = list[tuple[str, dict[str, Any]]]
"""Calls as ``(name, arguments)`` pairs (``recover_after``)."""
RealPair = tuple[tuple[str, Calls], tuple[str, Calls]]
"""A real preamble with its calls, and the nearest attack with its calls."""


def expect_real_pair(tools: list[dict[str, Any]], pair: RealPair) -> None:
    """The real form recovers; its attack is refused."""
    (pre, calls), (attack, attack_calls) = pair
    r = recover_after(pre, tools, *calls)
    assert r.reason == "ok", (pre, r.rule, r.detail)
    r = recover_after(attack, tools, *attack_calls)
    assert r.reason != "ok", (attack, attack_calls)


def expect_attack_refused(tools: list[dict[str, Any]], pre: str, calls: Calls) -> None:
    """The preamble with its calls is refused."""
    assert recover_after(pre, tools, *calls).reason != "ok", pre


Stepped = tuple[str, str, dict[str, Any]]
"""A preamble with the one call after it: (preamble, tool name, arguments)."""


def expect_pair(tools: list[dict[str, Any]], recovered: Stepped, refused: Stepped) -> None:
    """The first preamble recovers exactly its call; its twin is refused."""
    preamble, name, args = recovered
    got = recover_after(preamble, tools, (name, args))
    assert got.ok and [c.name for c in got.calls] == [name], (preamble, got.detail)
    preamble, name, args = refused
    assert not recover_after(preamble, tools, (name, args)).ok, (preamble, name)
