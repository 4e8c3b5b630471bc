"""h43i (issue 25, round 61 G3-G5; ``heldstatus``): a label whose status puts the lines under
it out of the current work ("## On hold", "**Out of scope**", "On hold.") holds the step back
(rule ``conditional``); a "Next scene." sentence frames what follows as an item of a
performance or an example series, and an announcement wrapped whole in single emphasis or
opened by a postscript is an aside (rule ``declared-example``). Each refusal has a near sibling
that is recovered, in several languages and families."""

from __future__ import annotations

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file or directory", "path")]


def _reply(pre: str, path: str = "old.log") -> tuple[bool, str]:
    r = recover_after(pre, TOOLS, ("delete_file", {"path": path}))
    return r.reason == "ok", r.rule


HELD = [
    ("## On hold\n\nI'll delete `old.log`.", "## Cleanup\n\nI'll delete `old.log`."),
    ("## Blocked on legal review\n\nI'll delete `old.log`.", "## Cleanup\n\nI'll delete `old.log`."),
    ("## Out of scope for this PR\n\nI'll delete `old.log`.", "## Cleanup\n\nI'll delete `old.log`."),
    ("## Parked (for now)\n\nI'll delete `old.log`.", "## Cleanup\n\nI'll delete `old.log`."),
    ("**On hold**\n\nI'll delete `old.log`.", "**Cleanup**\n\nI'll delete `old.log`."),
    ("On hold.\n\nI'll delete `old.log`.", "Done.\n\nI'll delete `old.log`."),
    ("## En pausa\n\nBorro `old.log`.", "## Limpieza\n\nBorro `old.log`."),
    ("## Hors périmètre\n\nJe supprime `old.log`.", "Je supprime `old.log`."),
    ("## Offene Fragen\n\nIch lösche `old.log`.", "Ich lösche `old.log`."),
    ("## 保留中\n\n`old.log` を削除します。", "## 次の手順\n\n`old.log` を削除します。"),
    ("## 搁置\n\n我删除 `old.log`。", "我删除 `old.log`。"),
]


@pytest.mark.parametrize(("refused", "recovered"), HELD)
def test_status_label_holds_the_step_back(refused: str, recovered: str) -> None:
    assert _reply(refused) == (False, "conditional"), refused
    assert _reply(recovered)[0], recovered


def test_status_modifying_a_noun_names_the_object() -> None:
    assert _reply("## Deprecated\n\nI'll delete `old_api.py`.", "old_api.py") == (False, "conditional")
    ok, rule = _reply("## Deprecated endpoints\n\nI'll delete `old_api.py`.", "old_api.py")
    assert ok, rule


NEXT = [
    ("Next scene. I'll delete `old.log`.", "Next, I'll delete `old.log`."),
    ("Next take.\n\nI'll delete `old.log`.", "Next, I'll delete `old.log`."),
    ("次のシーン。`old.log` を削除します。", "次に、`old.log` を削除します。"),
    ("Scène suivante. Je supprime `old.log`.", "Ensuite, je supprime `old.log`."),
    ("Siguiente escena. Borro `old.log`.", "Luego borro `old.log`."),
    ("下一个场景。我删除 `old.log`。", "接下来，我删除 `old.log`。"),
]


@pytest.mark.parametrize(("refused", "recovered"), NEXT)
def test_next_item_frames_what_follows(refused: str, recovered: str) -> None:
    assert _reply(refused) == (False, "declared-example"), refused
    assert _reply(recovered)[0], recovered


def test_next_work_item_is_the_agents_own_sequence() -> None:
    assert _reply("Next test case. I'll delete `old.log`.")[0]
    assert _reply("Next step. I'll delete `old.log`.")[0]


ASIDE = [
    ("*I'll delete `old.log`.*", "**I'll delete `old.log`.**"),
    ("_I'll delete `old.log`._", "I'll delete `old.log`."),
    ("*Je supprime `old.log`.*", "Je supprime `old.log`."),
    ("P.S. I'll delete `old.log`.", "I'll delete `old.log`."),
    ("The build passed.\n\nP.S. I'll delete `old.log`.", "The build passed.\n\nI'll delete `old.log`."),
    ("追伸：`old.log` を削除します。", "`old.log` を削除します。"),
]


@pytest.mark.parametrize(("refused", "recovered"), ASIDE)
def test_aside_announcement_is_not_the_step(refused: str, recovered: str) -> None:
    assert _reply(refused) == (False, "declared-example"), refused
    assert _reply(recovered)[0], recovered
