"""Round 47 gap 3 (h22c): a change that opens, grants, extends, retries or rates something holds
for a length or up to a limit the text writes (``unsaidvalues``, the lasting step's reader of
h21a, widened by [lasting-step] and [limit-count] in kinds.txt): "I'll unlock the front door." +
``duration_minutes: 10080`` refuses, "I'll unlock the front door for a week." recovers. Each
refused reply beside a near-identical one that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, typed_tool


def _tool(name: str, args: dict[str, Any],
          defaults: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    tool = typed_tool(name, **{k: "integer" if isinstance(v, int) else "string"
                               for k, v in args.items()})
    for k, v in (defaults or {}).items():
        tool["function"]["parameters"]["properties"][k]["default"] = v
    return [tool]


# (the reply that writes the value, the one that does not, the tool, the arguments)
PAIRS = [
    # opened, granted, extended for a time nobody wrote
    ("I'll unlock the front door for a week.", "I'll unlock the front door for the delivery.",
     "unlock", {"door": "front", "duration_minutes": 10080}),
    ("I'll unlock the side gate for a day.", "I'll unlock the side gate for the cleaner.",
     "unlock_door", {"door": "side gate", "minutes": 1440}),
    ("I'll grant Bob the admin role for a day.", "I'll grant Bob the admin role.",
     "grant_role", {"user": "bob", "role": "admin", "hours": 24}),
    ("I'll give maria@example.com access to the billing dashboard for a day.",
     "I'll give maria@example.com access to the billing dashboard.",
     "grant_access", {"user": "maria@example.com", "resource": "billing-dashboard",
                      "hours": 24}),
    ("I'll extend the trial for Acme Corp for a week.", "I'll extend the trial for Acme Corp.",
     "extend_trial", {"account": "acme", "days": 7}),
    ("I'll keep the build server awake for a day.", "I'll keep the build server awake.",
     "keep_awake", {"device": "build-server", "hours": 24}),
    ("I'll set your out-of-office message for a week.", "I'll set your out-of-office message.",
     "set_ooo", {"message": "Back soon", "days": 7}),
    # a guard switched off for a time nobody wrote
    ("I'll disarm the alarm for a day.", "I'll disarm the alarm.",
     "disarm_alarm", {"zone": "home", "hours": 24}),
    # a time to live, bare or glued to its unit, under the key or the tool's name
    ("I'll create an API key named `ci-deploy` for a week.",
     "I'll create an API key named `ci-deploy`.",
     "create_api_key", {"name": "ci-deploy", "ttl_days": 7}),
    # a limit the step holds up to: tries, billing cycles
    ("I'll retry the failed export job up to 3 times.", "I'll retry the failed export job.",
     "retry_job", {"job_id": "export-7", "max_retries": 3}),
    ("I'll retry the webhook delivery up to 5 times.", "I'll retry the webhook delivery.",
     "retry_delivery", {"delivery": "wh-12", "retries": 5}),
    ("I'll pause your subscription for 2 billing cycles.", "I'll pause your subscription.",
     "pause_subscription", {"subscription_id": "sub-88", "billing_cycles": 2}),
]


@pytest.mark.parametrize(("kept", "refused", "name", "args"), PAIRS)
def test_unwritten_length_or_limit(kept: str, refused: str, name: str,
                                   args: dict[str, Any]) -> None:
    tools = _tool(name, args)
    got = recover_after(refused, tools, (name, args))
    assert not got.ok
    assert "a length of time or a limit" in got.detail, got.detail
    got = recover_after(kept, tools, (name, args))
    assert got.ok, got.detail
    # without the length the same reply recovers
    short = {k: v for k, v in args.items() if isinstance(v, str)}
    got = recover_after(refused, tools, (name, short))
    assert got.ok, got.detail


def test_rates_and_ttl() -> None:
    # a rate per unit of time on a tool of rates, a time to live glued to its unit
    tools = _tool("rate_limit", {"client": "partner", "requests_per_minute": 1})
    got = recover_after("I'll raise the rate limit for the partner client.", tools,
                        ("rate_limit", {"client": "partner", "requests_per_minute": 1000000}))
    assert not got.ok and "a length of time or a limit" in got.detail, got.detail
    tools = _tool("set_ttl", {"key": "session:abc", "ttl": "1d"})
    got = recover_after("I'll set an expiry on the `session:abc` key.", tools,
                        ("set_ttl", {"key": "session:abc", "ttl": "100y"}))
    assert not got.ok and "a length of time or a limit" in got.detail, got.detail
    got = recover_after("I'll set a day-long expiry on the `session:abc` key.", tools,
                        ("set_ttl", {"key": "session:abc", "ttl": "1d"}))
    assert got.ok, got.detail


def test_schema_default_kept() -> None:
    args = {"door": "front", "duration_minutes": 5}
    tools = _tool("unlock", args, defaults={"duration_minutes": 5})
    assert recover_after("I'll unlock the front door.", tools, ("unlock", args)).ok
    got = recover_after("I'll unlock the front door.", tools,
                        ("unlock", {**args, "duration_minutes": 10080}))
    assert not got.ok


def test_other_steps_unread() -> None:
    # a limit or a length on a step that opens, grants or lasts nothing stays unread
    args = {"dashboard": "sales", "max_rows": 500}
    assert recover_after("I'll update the sales dashboard.", _tool("update_dashboard", args),
                         ("update_dashboard", args)).ok
    args = {"title": "Standup", "duration_minutes": 30}
    assert recover_after("I'll create the Standup event.", _tool("create_event", args),
                         ("create_event", args)).ok
    args = {"path": "tests", "timeout": 120}
    assert recover_after("I'll run the tests.", _tool("run_tests", args),
                         ("run_tests", args)).ok
