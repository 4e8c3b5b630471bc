"""A numbered step heading the preamble's last sentence ("**Step 2: Call `lookup` for
order-123.**", "3. Update the import in `app.py`:") is the agent's narrated next step
(``intent.headings``), on the terms of a sequencing adverb (``imperatives.sequenced``): no verb
of it takes a step that cannot be taken back, it follows no observation, no sentence addresses
the reader, and no call of a step that cannot be taken back is grounded after it. A label of
another noun, a heading with no verb and an item of a list stay refused. Each refusal has a
sibling that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("edit", "Edit a file.", "path", "old", "new"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("lookup_refund_policy", "Look up the refund policy of an order.", "order_id"),
         string_tool("dice_roll", "Roll a six-sided die."),
         string_tool("update_settings", "Update a setting.", "api_key")]
EDIT = ("edit", {"path": "app.py", "old": "import os", "new": "import os, sys"})
CHECK = ("bash", {"command": "make check"})
LOOKUP = ("lookup_refund_policy", {"order_id": "order-123"})
CLEAN = ("bash", {"command": "rm -rf build"})


@pytest.mark.parametrize(("text", "call"), [
    ("**Step 2: Call `lookup_refund_policy` for order-123.**", LOOKUP),
    ("Step 2: call `lookup_refund_policy` for order-123.", LOOKUP),
    ("**Step 3**: Update the import in `app.py`.", EDIT),
    ("**3. Update the import in `app.py` to add `sys`:**", EDIT),
    ("2. Update the import in `app.py`:\n", EDIT),
    ("I'll follow these steps in order.\n\nStep 1: Run `make check`.", CHECK),
    ("Step 1: Running `make check`.", CHECK),
])
def test_step_heading_recovers(text: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "call"), [
    # a how-to's step that cannot be taken back, in its purpose or its status form too
    ("**Step 3: Delete the build directory.**", CLEAN),
    ("3. Delete the build directory:\n", CLEAN),
    ("Step 3: Run `make check` to delete the build.", CHECK),
    ("Step 3: Deleting the build directory.", CLEAN),
    ("Step 3: Running `make check` to delete the build.", CHECK),
    ("Step 4: Push the fix.", ("bash", {"command": "git push origin fix"})),
    # a reversible heading, a call that cannot be taken back
    ("Step 2: Run the cleanup script.", CLEAN),
    # after an observation: a how-to's setting, then its step
    ("The setup happens in the browser.\n\nStep 2: Update the API key in the settings.",
     ("update_settings", {"api_key": "settings"})),
    # the reader addressed
    ("Step 2: Update your import in `app.py`.", EDIT),
    # a finite form recaps
    ("Step 2: Updated the import in `app.py`.", EDIT),
    # a label of another noun names a section, an option, a case
    ("Scene 3: Update the import in `app.py`.", EDIT),
    ("Option 2: Update the import in `app.py`.", EDIT),
    # a heading with no verb announces nothing
    ("Second roll:", ("dice_roll", {})),
    ("Step 2: the second roll.", ("dice_roll", {})),
    # the heading is not the last sentence
    ("Step 2: Update the import in `app.py`. It adds `sys`.", EDIT),
    # an item of a list is no heading
    ("1. Run `make check`\n2. Update the import in `app.py`:\n", EDIT),
    ("You should:\n\n1. Run `make check`.\n2. Update the import in `app.py`.\n", EDIT),
    # a step number with no number, a number with no step word
    ("Step: Update the import in `app.py`.", EDIT),
    ("2: Update the import in `app.py`.", EDIT),
])
def test_step_heading_refuses(text: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(text, TOOLS, call)
    assert not r.ok, r.detail


def test_heading_grounds_its_own_step() -> None:
    """The heading's step grounds only calls it names: "look up" is no edit."""
    assert recover_after("Step 2: Call `lookup_refund_policy` for order-123.", TOOLS, LOOKUP).ok
    r = recover_after("Step 2: Call `lookup_refund_policy` for order-123.", TOOLS, EDIT)
    assert not r.ok


def test_status_form_heading_pair() -> None:
    """A heading's status form is narrated: its purpose may not take a step that cannot be
    taken back, as without the heading ("Running ... to delete" is announced so)."""
    assert recover_after("Step 3: Running `make check`.", TOOLS,
                         CHECK).ok
    assert not recover_after("Step 3: Running `make check` to delete the build.", TOOLS,
                             CHECK).ok


def test_irreversible_heading_pair() -> None:
    """The same heading recovers a step that can be taken back and refuses a delete."""
    assert recover_after("Step 3: Update the import in `app.py`.", TOOLS, EDIT).ok
    r = recover_after("Step 3: Delete the import in `app.py`.", TOOLS,
                      ("bash", {"command": "rm app.py"}))
    assert not r.ok
