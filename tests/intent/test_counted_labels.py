"""A counted step label before the last sentence ("Two changes needed: add the import and
update the title."): a count of two or more and a word of [g-step-count] ("steps", "changes",
"fixes", "edits"), at most with a word of [g-step-need] after it ("needed", "required"), heads
the last sentence as "Two steps:" does (``intent.headings``). A label with another word, a
count of one, someone else's changes, a reader, an observation before it, or a step that
cannot be taken back stays refused. Each refusal has a twin that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("edit", "Edit a file.", "path", "old", "new"),
         string_tool("bash", "Run a shell command.", "command")]
EDIT = ("edit", {"path": "tool.tsx", "old": "import a", "new": "import a\nimport b"})
PUSH = ("bash", {"command": "git push --force origin main"})
STEPS = " add the import in `tool.tsx` and update the title."
Call = tuple[str, dict[str, Any]]


def _ok(text: str, call: Call = EDIT) -> bool:
    return recover_after(text + "\n", TOOLS, call).ok


@pytest.mark.parametrize(("recovered", "refused"), [
    ("Two changes needed:" + STEPS, "Two scenes needed:" + STEPS),
    ("Two changes needed:" + STEPS, "One change needed:" + STEPS),
    ("Two changes needed:" + STEPS, "Two changes needed tomorrow:" + STEPS),
    ("Two changes needed:" + STEPS, "Two changes you need:" + STEPS),
    ("Two changes needed:" + STEPS, "You have two changes needed:" + STEPS),
    ("Two changes needed:" + STEPS, "Example - two changes needed:" + STEPS),
    ("Two fixes required:" + STEPS, "Two fixes suggested:" + STEPS),
    ("Two edits:" + STEPS, "Two edits needed:" + STEPS.rstrip(".") + "?"),
    ("Two changes needed:" + STEPS,
     "The README lists two changes.\n\nTwo changes needed:" + STEPS),
    ("Two changes needed:" + STEPS, "Two changes needed: you" + STEPS),
    ("Two changes needed:" + STEPS, "Two changes needed:" + STEPS.rstrip(".") + " once you approve."),
    ("Two changes needed:" + STEPS, "Two changes needed: don't" + STEPS),
])
def test_counted_label_pair(recovered: str, refused: str) -> None:
    """The first text recovers the edit its last sentence announces; its twin is refused."""
    assert _ok(recovered), recovered
    assert not _ok(refused), refused


def test_step_that_cannot_be_taken_back() -> None:
    """A heading's step that cannot be taken back is refused (``headings``), counted or not."""
    assert _ok("Two changes needed: add the import in `tool.tsx` and update the title.")
    assert not _ok("Two changes needed: force-push `main` to origin and update the title.", PUSH)
