"""The five findings of the review of the first attempt, one named regression test each.

Each fails on an implementation with the old behaviour (prose heuristic over regex extraction).
"""

from __future__ import annotations

from typing import Any

import leakcall
from leakcall import Reason

B = "｜DSML｜"


def _tool(name: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {k: {"type": t} for k, t in props.items()}}}}


BASH = _tool("bash", command="string")


def _block(*invokes: str) -> str:
    return f"<{B}function_calls>\n" + "\n".join(invokes) + f"\n</{B}function_calls>"


def _invoke(name: str, *params: tuple[str, str, str]) -> str:
    body = "\n".join(f'<{B}parameter name="{k}" string="{s}">{v}</{B}parameter>'
                     for k, s, v in params)
    return f'<{B}invoke name="{name}">\n{body}\n</{B}invoke>'


RM = _block(_invoke("bash", ("command", "true", "rm -rf ~/project")))


def test_finding1_quoted_examples_are_not_calls() -> None:
    declared = leakcall.recover("Example only; do not run:\n\n" + RM, [BASH])
    backticked = leakcall.recover("Run it like `" + RM.replace("\n", "") + "` later.", [BASH])
    assert (declared.reason, backticked.reason) == (Reason.QUOTED, Reason.FENCED)
    assert declared.calls == backticked.calls == ()


def test_finding2_missing_parameter_closing_tag_is_refused() -> None:
    text = _block(_invoke("bash", ("command", "true", "rm -rf build/"),
                          ("description", "true", "clean"))).replace(
        f"rm -rf build/</{B}parameter>", "rm -rf build/")
    r = leakcall.recover(text, [_tool("bash", command="string", description="string")])
    assert r.reason is Reason.TRUNCATED and not r.calls


def test_finding2_missing_invoke_closing_tag_is_refused() -> None:
    text = RM.replace(f"\n</{B}invoke>", "")
    r = leakcall.recover(text, [BASH])
    assert r.reason is Reason.TRUNCATED and not r.calls


def test_finding3_values_keep_fullwidth_tag_text_and_string_false() -> None:
    content = "ＡＢＣ　全角 <tool_calls> literal </tool_calls> | <｜tool▁calls▁begin｜>"
    text = _block(_invoke("write", ("path", "true", "ｆｕｌｌ.txt"), ("content", "true", content),
                          ("flag", "true", "false")))
    tool = _tool("write", path="string", content="string", flag="string")
    r = leakcall.recover(text, [tool])
    assert r.ok, r.detail
    assert r.calls[0].arguments == {"path": "ｆｕｌｌ.txt", "content": content, "flag": "false"}
    assert isinstance(r.calls[0].arguments["flag"], str)


def test_finding3_string_true_false_is_never_a_boolean() -> None:
    text = _block(_invoke("set", ("value", "true", "false")))
    r = leakcall.recover(text, [_tool("set", value="boolean")])
    assert r.reason is Reason.SCHEMA and not r.calls


def test_finding5_identical_invocations_get_distinct_ids_and_pair_results() -> None:
    call = _invoke("bash", ("command", "true", "git status"))
    r = leakcall.recover(_block(call, call), [BASH], id_salt="turn-7")
    assert r.ok and len(r.calls) == 2
    a, b = r.calls
    assert (a.name, a.arguments) == (b.name, b.arguments)
    assert a.id != b.id
    # A session pairs results by id: both results find their call.
    results = {a.id: "result A", b.id: "result B"}
    paired = [results.get(c.id) for c in r.calls]
    assert paired == ["result A", "result B"]
    # Deterministic: repairing the same reply again gives byte-identical ids.
    again = leakcall.recover(_block(call, call), [BASH], id_salt="turn-7")
    assert [c.id for c in again.calls] == [a.id, b.id]
    # A different per-turn salt gives different ids.
    other = leakcall.recover(_block(call, call), [BASH], id_salt="turn-8")
    assert {c.id for c in other.calls}.isdisjoint({a.id, b.id})
