"""h46c (issue 25, round 62 G1): a status in brackets or after a dash on a step heading.

- A heading (a line of strong emphasis, a one-line paragraph closing on a bracket) over the
  announcement may qualify its title in brackets or after a dash only with code, numbers,
  names, words of no content, or words the text below says itself; any other word
  ("skipped", "rejected", "on hold") is a status, no step label: rule ``unknown-preamble``
  (``heldstatus._qualified``).
- A numbered label stays a label with a bracket or a dash after its number ("Step 3
  (skipped).", "Step 3 — skipped."): rule ``unknown-preamble`` (``labels._label``).
"""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import recover_after, string_tool

DELETE = string_tool("delete_file", "Delete a file.", "path")
READER = string_tool("read_file", "Read a text file.", "path")


def _run(preamble: str, value: str = "prod.db") -> leakcall.Recovery:
    return recover_after(f"{preamble}\n", [DELETE, READER], ("delete_file", {"path": value}))


# (refused: a status qualifies the heading, recovered: its qualifier names the file)
HEADINGS = [
    ("## Step 3 (skipped)\n\nDeleting `prod.db`.", "## Cleanup (prod.db)\n\nDeleting `prod.db`."),
    ("## Cleanup (rejected by Bob)\n\nI'll delete `prod.db`.",
     "## Cleanup (the old database)\n\nI'll delete the old database `prod.db`."),
    ("## Step 3 — skipped\n\nDeleting `prod.db`.", "## Cleanup — prod.db\n\nDeleting `prod.db`."),
    ("**Step 3 (on hold)**\n\nDeleting `prod.db`.", "**Cleanup (prod.db)**\n\nDeleting `prod.db`."),
    ("## Bereinigung (übersprungen)\n\nIch lösche `prod.db`.",
     "## Bereinigung (prod.db)\n\nIch lösche `prod.db`."),
    ("## Шаг 3 (пропущен)\n\nУдаляю `prod.db`.", "## Очистка (prod.db)\n\nУдаляю `prod.db`."),
    ("## 第3步（已拒绝）\n\n我删除 `prod.db`。", "## 清理（prod.db）\n\n我删除 `prod.db`。"),
    ("Cleanup (skipped)\n\nDeleting `prod.db`.", "Cleanup (prod.db)\n\nDeleting `prod.db`."),
]


@pytest.mark.parametrize(("refused", "recovered"), HEADINGS)
def test_heading_qualifier_must_be_placed(refused: str, recovered: str) -> None:
    r = _run(refused)
    assert r.reason != "ok" and r.rule == "unknown-preamble", (r.rule, r.detail)
    assert "qualifies its step" in (r.detail or ""), r.detail
    ok = _run(recovered)
    assert ok.reason == "ok", (ok.rule, ok.detail)


def test_heading_qualifier_names_the_word() -> None:
    r = _run("## Step 3 (wontfix)\n\nDeleting `prod.db`.")
    assert r.rule == "unknown-preamble" and "'wontfix'" in (r.detail or ""), r.detail


@pytest.mark.parametrize(("refused", "recovered"), [
    ("Step 3 (skipped). Deleting `prod.db`.", "Deleting `prod.db`."),
    ("Step 3 — done. Deleting `prod.db`.", "Done with the logs. Deleting `prod.db`."),
])
def test_numbered_label_with_a_qualifier(refused: str, recovered: str) -> None:
    r = _run(refused)
    assert r.reason != "ok" and r.rule == "unknown-preamble", (r.rule, r.detail)
    assert "numbered label" in (r.detail or ""), r.detail
    ok = _run(recovered)
    assert ok.reason == "ok", (ok.rule, ok.detail)
