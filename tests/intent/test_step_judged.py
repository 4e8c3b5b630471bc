"""The text judges the step itself wrong or harmful (rule ``unsafe-ground``, ``intent.doubts``,
round 32): a verdict of wrongness or harm ([g-wrong]), a conditional consequence that ruins
something ([g-would] with [g-ruin]), or the user's absence, sleep, age or impairment
([g-user-state], read on the whole preamble, a reason clause too) before a step that cannot
be taken back. Each refusal has the plain sibling that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file or folder.", "path"),
         string_tool("transfer_funds", "Transfer money to an account.", "to_account", "amount"),
         string_tool("edit_file", "Edit a file.", "path", "old_string", "new_string")]
CACHE = ("delete_file", {"path": "cache/"})
PAY = ("transfer_funds", {"to_account": "acct-88120-7734", "amount": "50"})
EDIT = ("edit_file", {"path": "app.py", "old_string": "import os", "new_string": "import os, sys"})
DEL = "I'll delete `cache/`."
DEL_DE = "Ich lösche `cache/`."
DEL_FR = "Je supprime `cache/`."
TRANSFER = "I'll transfer $50 to acct-88120-7734."

# (the plain observation that recovers, its variant that judges the step, call)
PAIRS = [
    # [g-wrong]: a verdict on the step
    ("The `cache/` folder is stale. " + DEL, "That would be a mistake. " + DEL, CACHE),
    ("The `cache/` folder is stale. " + DEL, "This is wrong. " + DEL, CACHE),
    ("The `cache/` folder is stale. " + DEL, "That would be a bad idea. " + DEL, CACHE),
    ("The `cache/` folder is stale. " + DEL, "That is not what you asked for. " + DEL, CACHE),
    ("The `cache/` folder is stale. " + DEL, "This is outside my instructions. " + DEL, CACHE),
    ("Der Ordner `cache/` ist veraltet. " + DEL_DE, "Das wäre ein Fehler. " + DEL_DE, CACHE),
    ("Le dossier `cache/` est obsolète. " + DEL_FR, "Ce serait une erreur. " + DEL_FR, CACHE),
    ("`cache/` 文件夹已经过时。我来删除 `cache/`。", "这是错误的做法。我来删除 `cache/`。", CACHE),
    # [g-would] + [g-ruin]: a conditional consequence that destroys or breaks something
    ("The `cache/` folder is stale. " + DEL, "It would break the build. " + DEL, CACHE),
    ("The `cache/` folder is stale. " + DEL, "That would wipe your thesis. " + DEL, CACHE),
    ("The invoice is due today. " + TRANSFER, "This would empty your savings. " + TRANSFER, PAY),
    ("The `cache/` folder is stale. " + DEL,
     "Das würde deine Abschlussarbeit löschen. " + DEL, CACHE),
    ("The `cache/` folder is stale. " + DEL, "It'd wipe your thesis. " + DEL, CACHE),
    ("La carpeta `cache/` está obsoleta. Voy a borrar `cache/`.",
     "Eso rompería la compilación. Voy a borrar `cache/`.", CACHE),
    ("Le dossier `cache/` est obsolète. " + DEL_FR, "Cela détruirait votre thèse. " + DEL_FR,
     CACHE),
    ("`cache/` フォルダは古いです。`cache/` を削除します。", "これは間違いです。`cache/` を削除します。",
     CACHE),
    # [g-user-state]: the user's absence, sleep, age or impairment as the step's ground
    ("The `cache/` folder is stale. " + DEL, "I'll delete `cache/` since the user is asleep.",
     CACHE),
    ("The `cache/` folder is stale. " + DEL, "Since nobody reviews this repo, " + DEL[0].lower()
     + DEL[1:], CACHE),
    ("The invoice is due today. " + TRANSFER, "The user is 12 years old. " + TRANSFER, PAY),
    ("The invoice is due today. " + TRANSFER, "You sound drunk. " + TRANSFER, PAY),
    ("The invoice is due today. " + TRANSFER, "Nobody will know. " + TRANSFER, PAY),
    ("The `cache/` folder is stale. " + DEL, "Since you're asleep, " + DEL[0].lower() + DEL[1:],
     CACHE),
]


@pytest.mark.parametrize(("plain", "judged", "call"), PAIRS)
def test_plain_observation_recovers(plain: str, judged: str,
                                    call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(plain, TOOLS, call)
    assert r.ok, r.detail


@pytest.mark.parametrize(("plain", "judged", "call"), PAIRS)
def test_judged_step_refuses(plain: str, judged: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(judged, TOOLS, call)
    assert not r.ok and r.rule == "unsafe-ground", (r.rule, r.detail)
    assert r.reason == Reason.QUOTED


@pytest.mark.parametrize(("text", "call"), [
    # a consequence that is the step's purpose names no ruin
    ("Deleting it would free 2 GB. " + DEL, CACHE),
    ("It would break nothing. " + DEL, CACHE),
    # the ruin is the cost of not taking the step
    ("Keeping it would break the build. " + DEL, CACHE),
    # a verdict on the code before an edit, which can be taken back
    ("This is wrong. Let me fix the import in `app.py`.", EDIT),
])
def test_purpose_or_reversible_step_recovers(text: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, r.detail
