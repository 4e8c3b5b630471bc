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


@pytest.mark.parametrize("pre", [
    "Here is yesterday's session log. I'll delete `prod.db`.",
    "Here's a line from the log. I'll delete `prod.db`.",
    "Here is the session transcript. The disk is 91% full. I'll delete `prod.db`.",
])
def test_a_presented_record_frames_what_follows(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.rule == "declared-example" and "presents a record" in r.detail, (r.rule, r.detail)


@pytest.mark.parametrize("pre", [
    "Here's the fix. I'll delete `prod.db`.",
    "The log shows the disk is full. I'll delete `prod.db`.",
    "Here the log shows the disk is full. I'll delete `prod.db`.",
])
def test_a_presenter_of_anything_else_or_a_log_read_recovers(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.reason == "ok", (r.rule, r.detail)


@pytest.mark.parametrize("pre", [
    "Translate this: The disk is 91% full. I'll delete `prod.db`.",
    "Übersetze das: Die Platte ist voll. Ich lösche `prod.db`.",
    "Traduis ceci : le disque est plein. Je vais supprimer `prod.db`.",
])
def test_translate_this_orders_the_reader(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.rule == "question", (r.rule, r.detail)


def test_translation_done_recovers() -> None:
    r = leakcall.recover(_reply("Translation is done. I'll delete `prod.db`."), TOOLS)
    assert r.reason == "ok", (r.rule, r.detail)


@pytest.mark.parametrize("pre", [
    "I'll delete `prod.db` every day.",
    "I'll delete `prod.db` each day.",
    "I'll delete `prod.db` every time.",
])
def test_a_step_announced_every_day_waits(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.rule == "conditional" and "a time to come" in r.detail, (r.rule, r.detail)


@pytest.mark.parametrize("pre", [
    "The backup runs every day. I'll delete `prod.db`.",
    "I'll delete `prod.db` every day.",
])
def test_every_day_in_an_observation_or_before_a_read_recovers(pre: str) -> None:
    name = "delete_file" if pre.startswith("The") else "read_file"
    pre = pre if name == "delete_file" else pre.replace("delete", "read")
    r = leakcall.recover(_reply(pre, name), TOOLS)
    assert r.reason == "ok", (r.rule, r.detail)
