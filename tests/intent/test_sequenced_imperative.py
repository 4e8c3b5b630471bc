"""An imperative after a sequencing adverb ([g-sequence]: "Now update the import:", "First, add
the function:") opening the preamble's last sentence is the agent's narrated next step
(``intent.imperatives.sequenced``), narrowly: no verb of it takes a step that cannot be taken
back, it follows no observation, no sentence addresses the reader, its verb is no finite form
("updated"), no "how to" stands in it; and no call of a step that cannot be taken back is
grounded after it (``grounding.joint``). Each refusal has a sibling that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("edit", "Edit a file.", "path", "old", "new"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("update_settings", "Update a setting.", "api_key")]
EDIT = ("edit", {"path": "app.py", "old": "import os", "new": "import os, sys"})
CHECK = ("bash", {"command": "make check"})


@pytest.mark.parametrize(("text", "call"), [
    ("Now update the import in `app.py`:", EDIT),
    ("First, update the import in `app.py`:", EDIT),
    ("Next, update the import in `app.py` to add `sys`:", EDIT),
    ("Let me make the edits. Then update the import in `app.py`:", EDIT),
    ("Sure! Finally, run `make check`.", CHECK),
    ("First of all, run `make check`.", CHECK),
])
def test_narrated_step_recovers(text: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "call", "rule"), [
    # a how-to's step that cannot be taken back (its purpose too)
    ("Now delete the build directory:", ("bash", {"command": "rm -rf build"}), "unknown-preamble"),
    # (a commit's verb is left to its call, which must only record locally: h36c)
    ("First, push the fix:", ("bash", {"command": "git push origin fix"}), "other-actor"),
    ("Now commit the import change.", ("bash", {"command": "git commit -am import && git push"}),
     "other-actor"),
    ("Now run `make clean` to delete the build.", ("bash", {"command": "make clean"}),
     "unknown-preamble"),
    # after an observation: a how-to's setting, then its step
    ("The setup happens in the browser.\nNow paste the API key into the settings page.",
     ("update_settings", {"api_key": "settings page"}), "unknown-preamble"),
    ("Doing it by hand is easy. Next, run `make check`.", CHECK, "unknown-preamble"),
    # the reader addressed, here or in a sentence before
    ("Now update your import in `app.py`:", EDIT, "unknown-preamble"),
    ("I'll help you fix it. Now run `make check`.", CHECK, "unknown-preamble"),
    # a way to do something, a recap, no sequencing adverb, a purpose leading
    ("Now, how to run `make check`:", CHECK, "unknown-preamble"),
    ("Now updated the import in `app.py`.", EDIT, "unknown-preamble"),
    ("Run `make check` to verify the build:", CHECK, "unknown-preamble"),
    ("Now, to verify the build, run `make check`.", CHECK, "unknown-preamble"),
    # a call that cannot be taken back after a reversible narrated step
    ("Now run the cleanup script:", ("bash", {"command": "rm -rf build"}), "other-actor"),
])
def test_how_to_imperative_refuses(text: str, call: tuple[str, dict[str, Any]],
                                   rule: str) -> None:
    r = recover_after(text, TOOLS, call)
    assert not r.ok and r.rule == rule, (r.rule, r.detail)
    assert r.reason in (Reason.PROSE, Reason.QUOTED)


def test_narrated_step_is_the_last_sentence() -> None:
    """A colon followed by more prose: the step is no longer the last sentence."""
    r = recover_after("Now run `make check`: it prints the result.", TOOLS, CHECK)
    assert not r.ok
    assert recover_after("Now run `make check`:", TOOLS, CHECK).ok
