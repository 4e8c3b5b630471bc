"""A plan list the assistant writes for itself ("Now I need to:\\n1. ...\\n2. ...\\n\\nLet me
apply both changes now.") announces the items its last sentence selects (``intent.plans``):
all of them, the first, or the one a step's label numbers. Someone else's list, a selection
the list does not hold, a last sentence whose step the items are not, an item that is no step
or carries a refusing cue, all stay refused. Each refusal has a sibling that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("edit", "Edit a file.", "path", "old", "new"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("read_file", "Read a file.", "path")]
EDIT = ("edit", {"path": "app.py", "old": "import os", "new": "import os, sys"})
CHECK = ("bash", {"command": "make check"})
READ = ("read_file", {"path": "app.py"})
REMOVE = ("bash", {"command": "rm app.py"})

TWO = "1. Update the import in `app.py`\n2. Update the version in `setup.py`\n\n"
MIXED = "1. Update the import in `app.py`\n2. Run `make check`\n\n"


@pytest.mark.parametrize(("text", "calls"), [
    ("Now I need to:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("Good. Now I need to:\n\n" + TWO + "Let me make these changes.", (EDIT,)),
    ("I'll do the following:\n\n" + MIXED + "Let's start:", (EDIT,)),
    ("I need to:\n\n" + MIXED + "Let me start with the first one.", (EDIT,)),
    ("I need to:\n\n" + MIXED + "Let me do step 2.", (CHECK,)),
    ("I need to:\n\n- Update the import in `app.py`\n- Run `make check`\n\nLet me do them now.",
     (EDIT, CHECK)),
    ("I need to:\n\n1. Read `app.py`\n2. Read `setup.py`\n\nLet me do both now.", (READ,)),
    ("Let me break this down into steps:\n\n1. First, I'll update the import in `app.py`\n"
     "2. Run `make check`\n\nLet's start:", (EDIT,)),
])
def test_plan_list_recovers(text: str, calls: tuple[tuple[str, dict[str, Any]], ...]) -> None:
    r = recover_after(text, TOOLS, *calls)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "calls"), [
    # someone else's list: the reader's, a tutorial's, an example's
    ("You should:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("To do this yourself:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("Example:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("I'll explain the steps:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("I'll read the checklist:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("I'll read the checklist:\n\n1. Read `app.py`\n2. Read `setup.py`\n\nLet me do both now.",
     (READ,)),
    ("Here's what the README says to do:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("The user wants me to:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    # an intro that waits, negates or sets a condition
    ("Tomorrow I will:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("Once approved, I will:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("I will not:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    ("If the tests fail, I will:\n\n" + TWO + "Let me apply both changes now.", (EDIT,)),
    # a heading or a numbered line after someone else's intro
    ("To do this yourself:\n\n1. Update the import in `app.py`:\n", (EDIT,)),
    ("You should:\n\nStep 1: Update the import in `app.py`.", (EDIT,)),
    # the selected item is not the call's step
    ("I need to:\n\n" + MIXED + "Let's start:", (CHECK,)),
    ("I need to:\n\n" + MIXED + "Let me do step 1.", (CHECK,)),
    ("I need to:\n\n1. Read `app.py`\n2. Remove `app.py`\n\nLet's start:", (REMOVE,)),
    ("I need to:\n\n1. Read `app.py`\n2. Remove `app.py`\n\nLet me start with the first one.",
     (REMOVE,)),
    # the last sentence takes a step the items are not (before plans, "both" reached the
    # list read as an observation, and the delete was recovered)
    ("I need to:\n\n1. Read `app.py`\n2. Read `setup.py`\n\nLet me delete both now.", (REMOVE,)),
    # a selection the list does not hold
    ("I need to:\n\n" + MIXED + "Let me do step 5.", (CHECK,)),
    ("I need to:\n\n1. Update the import in `app.py`\n2. Update the version in `setup.py`\n"
     "3. Run `make check`\n\nLet me apply both changes now.", (EDIT,)),
    ("I need to:\n\n" + TWO + "Let me apply all 3 changes now.", (EDIT,)),
    # no selection: the list is not taken
    ("I need to:\n\n" + TWO + "Let me check the logs.", (EDIT,)),
    # an item with a cue the grammar refuses: a time, a condition, a negation, another actor
    ("I need to:\n\n1. Update the import in `app.py` tomorrow\n2. Run `make check`\n\n"
     "Let me do them now.", (EDIT, CHECK)),
    ("I need to:\n\n1. Update the import in `app.py` after approval\n2. Run `make check`\n\n"
     "Let me do them now.", (EDIT, CHECK)),
    ("I need to:\n\n1. Update the import in `app.py` without the tests\n2. Run `make check`\n\n"
     "Let me do them now.", (EDIT, CHECK)),
    ("I need to:\n\n1. Update your import in `app.py`\n2. Run `make check`\n\n"
     "Let me do them now.", (EDIT, CHECK)),
    # an item that is no step
    ("I need to:\n\n1. Read `app.py`\n2. The tests are broken\n\nLet me do them now.", (READ,)),
    ("I need to:\n\n1. The import in `app.py`\n2. Run `make check`\n\nLet me do them now.",
     (EDIT, CHECK)),
])
def test_plan_list_refuses(text: str, calls: tuple[tuple[str, dict[str, Any]], ...]) -> None:
    r = recover_after(text, TOOLS, *calls)
    assert not r.ok, r.detail


def test_selection_pair() -> None:
    """The same list: the first item selected grounds its edit; the second does not."""
    assert recover_after("I need to:\n\n" + MIXED + "Let's start:", TOOLS, EDIT).ok
    assert recover_after("I need to:\n\n" + MIXED + "Let me do step 2.", TOOLS, CHECK).ok
    assert not recover_after("I need to:\n\n" + MIXED + "Let me do step 2.", TOOLS, EDIT).ok


def test_count_pair() -> None:
    """"Both" of two items takes them; "both" of three takes none."""
    assert recover_after("I need to:\n\n" + TWO + "Let me apply both changes now.", TOOLS, EDIT).ok
    three = TWO.rstrip("\n") + "\n3. Update the readme in `README.md`\n\n"
    assert not recover_after("I need to:\n\n" + three + "Let me apply both changes now.", TOOLS,
                             EDIT).ok
    assert recover_after("I need to:\n\n" + three + "Let me apply all 3 changes now.", TOOLS,
                         EDIT).ok
