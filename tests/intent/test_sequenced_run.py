"""A run of narrated steps ending the preamble, each sentence opened by a sequencing adverb
([g-sequence]: "Now modify `visualize.py`. First, update the import:"), is narrated sentence by
sentence on the terms of the last one (``intent.imperatives.place``): the earlier step is no
observation setting up the last, and every one of them is checked as the last one is (no verb
of a step that cannot be taken back, no reader addressed). A sentence that does not open with a
sequencing adverb breaks the run. Each refusal has a near-identical sibling that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("edit", "Edit a file.", "path", "old", "new"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("update_settings", "Update a setting.", "api_key")]
EDIT = ("edit", {"path": "visualize.py", "old": "import os", "new": "import os, sys"})
CHECK = ("bash", {"command": "make check"})
CLEAN = ("bash", {"command": "rm -rf build"})

PAIRS: list[tuple[str, str, tuple[str, dict[str, Any]]]] = [
    # an observation inside the run sets up a how-to's step
    ("Now modify `visualize.py`. First, update the import:",
     "Now modify `visualize.py`. The import is old. First, update the import:", EDIT),
    # a sentence with no sequencing adverb is no narrated step
    ("Now run `make check`. Then update the import in `visualize.py`:",
     "To fix it, run `make check`. Then update the import in `visualize.py`:", EDIT),
    # an earlier step that cannot be taken back, as the last one's would
    ("Now run `make check`. Then update the import in `visualize.py`:",
     "Now push the fix. Then update the import in `visualize.py`:", EDIT),
    ("Now open `visualize.py`. Then update the import:",
     "Now delete the old import. Then update the import in `visualize.py`:", EDIT),
    # the reader addressed in the earlier step
    ("Now open the editor. Then update the import in `visualize.py`:",
     "Now open your editor. Then update the import in `visualize.py`:", EDIT),
    # a declarative after the adverb is an observation
    ("Now run `make check`. Next, update the import in `visualize.py`:",
     "Next, the tests run. Now update the import in `visualize.py`:", EDIT),
    # the run's steps ground no call that cannot be taken back
    ("Now modify `visualize.py`. First, run `make check`.",
     "Now modify `visualize.py`. First, run the cleanup.", CLEAN),
]


@pytest.mark.parametrize(("kept", "refused", "call"), PAIRS)
def test_run_of_narrated_steps(kept: str, refused: str, call: tuple[str, dict[str, Any]]) -> None:
    ok = recover_after(kept, TOOLS, call if call is not CLEAN else CHECK)
    assert ok.ok, ok.detail
    r = recover_after(refused, TOOLS, call)
    assert not r.ok, r.detail


def test_earlier_step_grounds_its_own_object() -> None:
    """The file the earlier step names grounds the edit the run takes."""
    r = recover_after("Now modify `visualize.py`. First, update the import:", TOOLS, EDIT)
    assert r.ok, r.detail
    other = ("edit", {"path": "settings.py", "old": "import os", "new": "import os, sys"})
    assert not recover_after("Now modify `visualize.py`. First, update the import:",
                             TOOLS, other).ok
