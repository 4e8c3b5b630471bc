"""A plan list that ends the preamble ("I need to:\\n\\n1. ...\\n2. ...", "Let me break this down
into steps:\\n\\n1. First, I'll ...", "Here's the plan:\\n\\n1. ...") announces every item, as the
steps spelled out after an announcement's colon are (``intent.plans``, ``itemized._planned``).
Someone else's list, an intro that waits, negates or sets a condition, an item that is no step
or carries a refusing cue, a last item whose colon introduces what follows, and "the plan"
after an observation (it may be another's) stay refused. Each refusal has a twin that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, refusal_detail
from .test_plan_lists import CHECK, EDIT, READ, REMOVE, TOOLS  # the plan tests' own tools

MIXED = "1. Update the import in `app.py`\n2. Run `make check`\n"
Call = tuple[str, dict[str, Any]]


def _ok(text: str, *calls: Call) -> bool:
    return recover_after(text + "\n", TOOLS, *calls).ok


@pytest.mark.parametrize(("recovered", "refused", "call"), [
    # the assistant's own intro beside someone else's, one that waits, negates or sets a condition
    ("I need to:\n\n" + MIXED, "You need to:\n\n" + MIXED, CHECK),
    ("I need to:\n\n" + MIXED, "You should:\n\n" + MIXED, EDIT),
    ("I need to:\n\n" + MIXED, "The user wants me to:\n\n" + MIXED, EDIT),
    ("I need to:\n\n" + MIXED, "Example:\n\n" + MIXED, EDIT),
    ("I need to:\n\n" + MIXED, "Steps:\n\n" + MIXED, EDIT),
    ("I will:\n\n" + MIXED, "Tomorrow I will:\n\n" + MIXED, EDIT),
    ("I will:\n\n" + MIXED, "I will not:\n\n" + MIXED, EDIT),
    ("I will:\n\n" + MIXED, "If the tests fail, I will:\n\n" + MIXED, EDIT),
    ("I will:\n\n" + MIXED, "Bob will:\n\n" + MIXED, EDIT),
    ("I'll do the following:\n\n" + MIXED, "I'll explain the following:\n\n" + MIXED, EDIT),
    ("I'll do the following:\n\n" + MIXED, "I'll read the checklist:\n\n" + MIXED, EDIT),
    ("Let me break this down into steps:\n\n" + MIXED,
     "Here's what the README says to do:\n\n" + MIXED, EDIT),
    # an item that defers, sets a condition, negates, hands off or asks
    ("I need to:\n\n" + MIXED, "I need to:\n\n1. Update the import in `app.py` tomorrow\n"
     "2. Run `make check`\n", EDIT),
    ("I need to:\n\n" + MIXED, "I need to:\n\n1. Update the import in `app.py` once you approve\n"
     "2. Run `make check`\n", EDIT),
    ("I need to:\n\n" + MIXED, "I need to:\n\n1. Not update the import in `app.py`\n"
     "2. Run `make check`\n", EDIT),
    ("I need to:\n\n" + MIXED, "I need to:\n\n1. Ask Bob to update the import in `app.py`\n"
     "2. Run `make check`\n", EDIT),
    ("I need to:\n\n" + MIXED, "I need to:\n\n1. Update the import in `app.py`\n"
     "2. Run `make check`?\n", EDIT),
    # an item that is no step
    ("I need to:\n\n" + MIXED, "I need to:\n\n1. Update the import in `app.py`\n"
     "2. The tests are broken\n", EDIT),
    # a last item whose colon introduces what follows (a command shown)
    ("I need to:\n\n" + MIXED, "I need to:\n\n1. Update the import in `app.py`\n"
     "2. Run the following command:\n", CHECK),
    # "the plan" is the assistant's own after its announcements only; another noun is no plan
    ("Here's the plan:\n\n" + MIXED, "Here's the plan from the README:\n\n" + MIXED, EDIT),
    ("Here's my plan:\n\n" + MIXED, "Here's your plan:\n\n" + MIXED, EDIT),
    ("Here's the plan:\n\n" + MIXED, "Here's an example plan:\n\n" + MIXED, EDIT),
    ("Here's the plan:\n\n" + MIXED, "Here's the plan you wrote:\n\n" + MIXED, EDIT),
    ("I'll fix the import first.\n\nHere's the plan:\n\n" + MIXED,
     "You shared the rollout plan.\n\nHere's the plan:\n\n" + MIXED, EDIT),
])
def test_plan_ending_pair(recovered: str, refused: str, call: Call) -> None:
    """The first text recovers the call (an item of its plan); its twin is refused."""
    assert _ok(recovered, call), recovered
    assert not _ok(refused, call), refused


@pytest.mark.parametrize("text", [
    "I need to:\n\n1. Read `app.py`\n2. Run `make check`\n",
    "Let me break this down into steps:\n\n1. First, I'll read `app.py`\n2. Run `make check`\n",
])
def test_call_of_no_item_pair(text: str) -> None:
    """The plan grounds the call of its item's step, not a removal none of them names."""
    assert _ok(text, READ)
    assert not _ok(text, REMOVE)


def test_every_item_announced() -> None:
    """A plan that ends the preamble announces each of its items, in their order."""
    assert _ok("I need to:\n\n" + MIXED, EDIT)
    assert _ok("I need to:\n\n" + MIXED, CHECK)
    assert _ok("I need to:\n\n" + MIXED, EDIT, CHECK)
    assert _ok("I need to:\n\n- Update the import in `app.py`\n- Run `make check`\n", EDIT)


def test_status_form_selects() -> None:
    """"Starting with step 1." selects the first item as "Let's start with step 1." does
    ([g-plan-begin]); the step it selects is the one grounded."""
    plan = "Here's my plan:\n\n" + MIXED + "\nStarting with step 1."
    assert _ok(plan, EDIT)
    assert not _ok(plan, CHECK)
    assert _ok(plan.replace("step 1", "step 2"), CHECK)


def test_selection_still_read() -> None:
    """A selecting sentence after the list still selects (``test_plan_lists``): the ending
    reading is only for a list with nothing after it."""
    assert _ok("I need to:\n\n" + MIXED + "\nLet me do step 2.", CHECK)
    assert not _ok("I need to:\n\n" + MIXED + "\nLet me do step 2.", EDIT)


@pytest.mark.parametrize("text", [
    "The user wants me to:\n\n- Read `app.py`\n- Run `make check`\n",
    "The file to read is:\n\n- `app.py`\n",
])
def test_other_list_read_as_before(text: str) -> None:
    """A list that ends the preamble after an intro of no plan is not joined: it introduces
    what follows, refused for that colon as before (``itemized._planned``)."""
    detail = refusal_detail(recover_after(text + "\n", TOOLS, READ))
    assert detail is not None and "an observation ends with a colon" in detail, detail
