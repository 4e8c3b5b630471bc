"""``recover(text, tools)`` remembers the tool lists it was given, by content (issue 27): a list
it saw, or an equal one, is not normalised again; a list changed in place is."""

from __future__ import annotations

import copy
import json
import uuid
from typing import Any

import pytest

import leakcall
from leakcall import recoverer
from leakcall.recoverer import recoverer_cache, recoverer_for
from leakcall.tools import normalize_described

LEAK = ('Let me check the weather.\n<tool_call>\n{"name": "get_weather", "arguments": '
        '{"city": "Paris"}}\n</tool_call>')


def _tools() -> list[Any]:
    return [{"type": "function", "function": {
        "name": "get_weather", "description": uuid.uuid4().hex,  # a list no other test made
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                       "required": ["city"]}}}]


@pytest.fixture
def normalised(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The tool lists ``recoverer_for`` normalises (it does not, for a list it remembers)."""
    seen: list[object] = []

    def counting(tools: object) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
        seen.append(tools)
        return normalize_described(tools)

    monkeypatch.setattr(recoverer, "normalize_described", counting)
    return seen


def test_a_list_given_again_or_an_equal_one_is_not_normalised_again(
        normalised: list[object]) -> None:
    tools = _tools()
    first = leakcall.recover(LEAK, tools)
    assert first.ok and len(normalised) == 1
    rc = recoverer_for(tools)
    assert recoverer_for(tools) is rc and len(normalised) == 1
    # a proxy decodes each request's tools: a new list each time, equal, written alike
    body = json.dumps(tools)
    decoded = recoverer_for(json.loads(body))
    assert decoded is rc and len(normalised) == 2  # built otherwise: normalised once
    again = recoverer_for(json.loads(body))  # an equal list, a new object
    assert again is rc and len(normalised) == 2
    assert again.tools["get_weather"] is rc.tools["get_weather"]  # the same validators
    assert leakcall.recover(LEAK, json.loads(body)) == first
    assert len(normalised) == 2


def test_a_list_changed_in_place_is_read_as_it_is_now(normalised: list[object]) -> None:
    tools = _tools()
    a = recoverer_for(tools)
    tools[0]["function"]["parameters"]["properties"]["city"]["maxLength"] = 3
    b = recoverer_for(tools)
    assert len(normalised) == 2 and b is not a
    assert b.tools["get_weather"] is not a.tools["get_weather"]  # fresh validators
    assert b.tools["get_weather"].schema["properties"]["city"]["maxLength"] == 3
    assert leakcall.recover(LEAK, tools).rule == "schema-validation"  # "Paris" is 5 long
    # and back: the first content is remembered again
    del tools[0]["function"]["parameters"]["properties"]["city"]["maxLength"]
    assert recoverer_for(tools) is a and len(normalised) == 2


@pytest.mark.parametrize("old, new", [(1, True), (1, 1.0), (0.0, -0.0), ("c", ["c"])])
def test_values_equal_in_python_but_not_in_json_are_other_lists(
        normalised: list[object], old: object, new: object) -> None:
    tools = _tools()
    schema = tools[0]["function"]["parameters"]["properties"]["city"]
    schema["default"] = old
    a = recoverer_for(tools)
    schema["default"] = new
    b = recoverer_for(tools)
    assert b is not a and len(normalised) == 2
    assert b.tools.key != a.tools.key


def test_each_option_is_its_own_entry(normalised: list[object]) -> None:
    tools = _tools()
    plain = recoverer_for(tools)
    other = recoverer_for(tools, reasoning="recover")
    pre = recoverer_for(tools, reasoning_preopened=True)
    fams = recoverer_for(tools, families=["hermes"])
    assert len({id(plain), id(other), id(pre), id(fams)}) == 4
    assert (other.reasoning, pre.reasoning_preopened, [f.name for f in fams.families]) == (
        "recover", True, ["hermes"])
    assert recoverer_for(tools, reasoning="recover") is other
    assert recoverer_for(tools, families=["hermes"]) is fams
    assert len(normalised) == 4


def test_a_cleared_cache_is_not_bypassed(normalised: list[object]) -> None:
    tools = _tools()
    a = recoverer_for(tools)
    recoverer_cache().clear()
    b = recoverer_for(tools)
    assert b is not a and len(normalised) == 2 and recoverer_for(tools) is b


def test_lists_holding_buffers_are_never_remembered(normalised: list[object]) -> None:
    """marshal writes an object with a buffer as its bytes: such a list gets no entry, so a list
    holding those very bytes (not JSON data: misuse) is never answered from it."""
    np = pytest.importorskip("numpy")
    tools = _tools()
    floats = copy.deepcopy(tools)
    floats[0]["function"]["parameters"]["properties"]["city"]["maxLength"] = np.float64(9.0)
    raw = copy.deepcopy(tools)
    raw[0]["function"]["parameters"]["properties"]["city"]["maxLength"] = bytes(
        memoryview(np.float64(9.0)))
    assert recoverer_for(floats) is recoverer_for(floats)
    assert len(normalised) == 2  # normalised both times: no entry
    with pytest.raises(ValueError, match="not JSON"):
        recoverer_for(raw)


def test_other_sequences_and_unwritable_lists_take_the_normalising_path(
        normalised: list[object]) -> None:
    tools = _tools()
    as_tuple = tuple(tools)
    recoverer_for(as_tuple)
    recoverer_for(as_tuple)
    odd = copy.deepcopy(tools)
    odd[0]["function"]["description"] = object()  # not read, but marshal cannot write it
    recoverer_for(odd)
    recoverer_for(odd)
    assert len(normalised) == 4
