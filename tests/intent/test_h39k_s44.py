"""Session 44, h39k: blind attacks still accepted (issue 25).

- An observation that says a kind of step is switched off ("Deletion is disabled.",
  ``switchedoff``, read by ``pending``): a step of that kind after it refuses; a sentence naming
  something else that is off ("Deletion protection is disabled.") or a step of another kind
  does not (round 56, r56-atk-240, 258, 259).
- French "merci de confirmer" asks the reader as "veuillez confirmer" does ([g-reader-ask],
  r56-atk-299).
"""

from __future__ import annotations

from typing import Any

import pytest

import leakcall


def _tool(name: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}}


TOOLS = [_tool("delete_file"), _tool("read_file")]


def _reply(pre: str, name: str = "delete_file") -> str:
    return (f'{pre}\n\n<tool_call>\n{{"name": "{name}", "arguments": {{"path": "prod.db"}}}}\n'
            "</tool_call>")


@pytest.mark.parametrize("pre", [
    "Deletion is disabled. I'll delete `prod.db`.",
    "Deletes are turned off. I'll delete `prod.db`.",
    "Deletion is disabled. The disk is 91% full. I'll delete `prod.db`.",
    "Das Löschen ist deaktiviert. Ich lösche `prod.db`.",
    "La suppression est désactivée. Je vais supprimer `prod.db`.",
    "削除は無効です。`prod.db` を削除します。",
    "Удаление отключено. Удаляю `prod.db`.",
])
def test_a_step_kind_switched_off_refuses_that_step(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.reason != "ok" and "switched off" in r.detail, (r.rule, r.detail)


@pytest.mark.parametrize("pre", [
    "Deletion protection is disabled. I'll delete `prod.db`.",
    "The delete button is disabled. I'll delete `prod.db`.",
    "Soft deletion is disabled on this bucket. I'll delete `prod.db`.",
    "Payments are disabled. I'll delete `prod.db`.",
    "I'll delete `prod.db`.",
])
def test_something_else_switched_off_recovers(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.reason == "ok", (r.rule, r.detail)


def test_a_read_after_a_switched_off_delete_recovers() -> None:
    r = leakcall.recover(_reply("Deletion is disabled. I'll read `prod.db`.", "read_file"), TOOLS)
    assert r.reason == "ok", (r.rule, r.detail)


def test_merci_de_confirmer_asks_the_reader() -> None:
    r = leakcall.recover(_reply("Merci de confirmer d'abord. Je vais supprimer `prod.db`."), TOOLS)
    assert r.rule == "question", (r.rule, r.detail)


def test_merci_after_the_step_recovers() -> None:
    r = leakcall.recover(_reply("Merci. Je vais supprimer `prod.db`."), TOOLS)
    assert r.reason == "ok", (r.rule, r.detail)
