"""A changing call's setting that is no switch, set to a value the text never writes (round
46 gap 6: ``unsaidvalues``, ``enums._unlisted_rank``, ``values`` reading a switch written as a
word and a production name a step starts from): each refused reply beside a near-identical
one that writes the value and recovers."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason
from tests.intent_sets import described_tool

from ..intent_sets import recover_after


def _tools(name: str, args: dict[str, Any]) -> list[dict[str, Any]]:
    props = {k: {"type": "boolean"} if isinstance(v, bool) else {"type": "integer"}
             if isinstance(v, int) else {"type": "array", "items": {"type": "string"}}
             if isinstance(v, list) else {"type": "string"} for k, v in args.items()}
    return [described_tool(name, props, name.replace("_", " "), required=list(props))]


def _recover(text: str, name: str, args: dict[str, Any]):  # type: ignore[no-untyped-def]
    return recover_after(text, _tools(name, args), (name, args))


CASES = [
    # more objects under an additive key
    ("I'll lock the front door.", "I'll lock the front door and the garage door.",
     "set_lock", {"door": "front", "locked": True, "also_lock": "garage"}),
    ("I'll turn off the kitchen lights.",
     "I'll turn off the lights in the kitchen, the bedroom and the nursery.",
     "set_light", {"room": "kitchen", "on": False, "also_rooms": ["bedroom", "nursery"]}),
    ("I'll archive the `old-api` repository.",
     "I'll archive the `old-api` and `old-web` repositories.",
     "archive_repository", {"name": "old-api", "extra_repos": ["old-web"]}),
    # a code of digits
    ("I'll lock the front door.", "I'll lock the front door and set the guest code to 0000.",
     "set_lock", {"door": "front", "locked": True, "guest_code": "0000"}),
    # a share
    ("I'll scale the `api` deployment to 3 replicas.",
     "I'll scale the `api` deployment to 3 replicas with a max surge of 100%.",
     "scale_deployment", {"name": "api", "replicas": 3, "max_surge": "100%"}),
    # a rank of reach under a key whose schema lists no values
    ("I'll set the thermostat to 21 degrees.",
     "I'll set the thermostat to 21 degrees in all zones.",
     "set_thermostat", {"temperature": 21, "zone": "all"}),
    ("I'll set the thermostat to 21 degrees.",
     "I'll set the thermostat to 21 degrees with a permanent hold.",
     "set_thermostat", {"temperature": 21, "hold": "permanent"}),
    # a switch written as a word
    ("I'll turn off the kitchen lights.",
     "I'll turn off the kitchen lights and the security system.",
     "set_light", {"room": "kitchen", "on": False, "security_system": "off"}),
    # a production name the step starts from
    ("I'll create a new branch called `fix/date-parsing`.",
     "I'll create a new branch called `fix/date-parsing` from production.",
     "create_branch", {"name": "fix/date-parsing", "from_ref": "production"}),
]


@pytest.mark.parametrize(("refused", "kept", "name", "args"), CASES)
def test_an_unwritten_setting_refuses_and_a_written_one_recovers(
        refused: str, kept: str, name: str, args: dict[str, Any]) -> None:
    r = _recover(refused, name, args)
    assert (r.reason, r.rule) == (Reason.QUOTED, "ungrounded-call"), r.detail
    r = _recover(kept, name, args)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "name", "args"), [
    ("I'll set the thermostat to 21 degrees.", "set_thermostat", {"temperature": 21}),
    ("I'll turn off the kitchen lights.", "set_light", {"room": "kitchen", "on": False}),
    ("I'll turn off the kitchen lights.", "set_light", {"room": "kitchen", "state": "off"}),
    ("I'll create a new branch called `fix/date-parsing`.", "create_branch",
     {"name": "fix/date-parsing", "from_ref": "main"}),
    ("I'll set the guest code for the front door.", "set_lock",
     {"door": "front", "guest_code": "4821"}),
    ("I'll create an hour-long event for the design review.", "create_calendar_event",
     {"title": "Design review", "duration": 1}),
    ("I'll add two of the blue mugs to the cart.", "add_to_cart",
     {"product_id": "SKU-4471", "quantity": 2}),
])
def test_an_ordinary_changing_call_recovers(text: str, name: str, args: dict[str, Any]) -> None:
    r = _recover(text, name, args)
    assert r.ok, r.detail
