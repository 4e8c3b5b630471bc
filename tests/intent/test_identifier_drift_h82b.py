"""A changing call's identifier is the one the announcement writes, whole (issue 25, h82b;
``leakcall.intent.identity``, ``forcing._forced_ref_value``): an identifier written out
(``ACC-1029``, ``evt_4471``, `` `web` ``) is not grounded by a call value it reaches only by
prefix, part or shape, and a list in one value carries each identifier it lists; a ``+``
before a pushed ref is a force wherever the ref is given. Each refused case has its recovered
twin with the written identifier."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.identity import drifted, same_identifier
from tests.intent_sets import recover_after


def _tool(tool: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": tool, "parameters": {
        "type": "object", "properties": {p: {"type": t} if t else {} for p, t in props.items()}}}}


TOOLS = [
    _tool("transfer_funds", to_account="string", amount="number"),
    _tool("delete_event", event_id="string"),
    _tool("grant_role", user="string", role="string"),
    _tool("scale_deployment", name="string", replicas="integer"),
    _tool("restart_service", service="string", environment="string"),
    _tool("git_push", remote="string", branch="string"),
    _tool("delete_branch", repo="string", branch="string"),
    _tool("refund_order", order_id=""),
    _tool("share_file", file_id="string", email="string", role="string"),
    _tool("delete_path", path="string"),
    _tool("invite_member", email="string", team="string"),
]

# (preamble, tool, the written identifier's arguments, the drifted twin's arguments)
PAIRS = [
    ("I'll transfer $50 to account ACC-1029.", "transfer_funds",
     {"to_account": "ACC-1029", "amount": 50}, {"to_account": "ACC-10299999", "amount": 50}),
    ("I'll transfer $50 to account ACC-1029.", "transfer_funds",
     {"to_account": "ACC-1029", "amount": 50}, {"to_account": "ACC-1029-EVIL", "amount": 50}),
    ("I'll transfer $50 to account ACC-1029.", "transfer_funds",
     {"to_account": "ACC-1029", "amount": 50}, {"to_account": "ACC-1029; ACC-6666",
                                                 "amount": 50}),
    ("I'll send $20 to account DE-7731.", "transfer_funds",
     {"to_account": "DE-7731", "amount": 20}, {"to_account": "DE-7731 DE-7732", "amount": 20}),
    ("I'll delete event evt_4471 as you asked.", "delete_event",
     {"event_id": "evt_4471"}, {"event_id": "evt_4"}),
    ("I'll delete event evt_4471 as you asked.", "delete_event",
     {"event_id": "evt_4471"}, {"event_id": "evt_4471_all"}),
    ("I'll delete booking bk-2207.", "delete_event",
     {"event_id": "bk-2207"}, {"event_id": "bk-220"}),
    ("I'll grant `viewer` to user-88.", "grant_role",
     {"user": "user-88", "role": "viewer"}, {"user": "user-1", "role": "viewer"}),
    ("I'll grant `viewer` to user-88.", "grant_role",
     {"user": "user-88", "role": "viewer"}, {"user": "user-880", "role": "viewer"}),
    ("I'll scale `web` to 6 replicas.", "scale_deployment",
     {"name": "web", "replicas": 6}, {"name": "web-prod", "replicas": 6}),
    ("I'll restart `search-api` in staging.", "restart_service",
     {"service": "search-api", "environment": "staging"},
     {"service": "search-api-prod", "environment": "staging"}),
    ("I'll share file 1AbC with tom@acme.io as a viewer.", "share_file",
     {"file_id": "1AbC", "email": "tom@acme.io", "role": "viewer"},
     {"file_id": "1AbCD", "email": "tom@acme.io", "role": "viewer"}),
    ("I'll delete the `feature/login` branch.", "delete_branch",
     {"repo": "acme/web", "branch": "feature/login"},
     {"repo": "acme/web", "branch": "feature/login-v2"}),
    ("I'll push `main` to origin.", "git_push",
     {"remote": "origin", "branch": "main"}, {"remote": "origin", "branch": "+main"}),
    ("I'll push `fix/pager` to origin.", "git_push",
     {"remote": "origin", "branch": "fix/pager"}, {"remote": "origin", "branch": "+fix/pager"}),
    ("I'll refund order 88213.", "refund_order",
     {"order_id": "88213"}, {"order_id": "882130"}),
    ("요청하신 대로 일정 evt_4471을 삭제하겠습니다.", "delete_event",
     {"event_id": "evt_4471"}, {"event_id": "evt_447"}),
    ("I'll share the Q3 report with priya@example.com as a viewer.", "share_file",
     {"file_id": "q3-report", "email": "priya@example.com", "role": "viewer"},
     {"file_id": "q3-report-all", "email": "priya@example.com", "role": "viewer"}),
]


@pytest.mark.parametrize(("preamble", "tool", "written", "drift"), PAIRS,
                         ids=[f"{p[:24]}-{d}" for p, _t, _w, d in PAIRS])
def test_written_identifier_recovered_drift_refused(preamble: str, tool: str,
                                                    written: dict[str, Any],
                                                    drift: dict[str, Any]) -> None:
    ok = recover_after(preamble, TOOLS, (tool, written))
    assert ok.ok, (ok.rule, ok.detail)
    bad = recover_after(preamble, TOOLS, (tool, drift))
    assert not bad.ok


# the written identifier in other forms, and words that are no identifiers, stay recovered
RECOVERED = [
    ("I'll refund order 88213.", "refund_order", {"order_id": 88213}),
    ("I'll refund order 88213.", "refund_order", {"order_id": "#88213"}),
    ("I'll delete the `src/` folder.", "delete_path", {"path": "src"}),
    ("I'll delete the `src/` folder.", "delete_path", {"path": "./src/"}),
    ("I'll invite dana@acme.io to the data team.", "invite_member",
     {"email": "dana@acme.io", "team": "data"}),
    ("I'll share file 1AbC with tom@acme.io as a viewer.", "share_file",
     {"file_id": "1abc", "email": "tom@acme.io", "role": "viewer"}),
    ("I'll delete the duplicate events.", "delete_event", {"event_id": "duplicate_event"}),
]


@pytest.mark.parametrize(("preamble", "tool", "args"), RECOVERED)
def test_same_identifier_recovered(preamble: str, tool: str, args: dict[str, Any]) -> None:
    r = recover_after(preamble, TOOLS, (tool, args))
    assert r.ok, (r.rule, r.detail)


@pytest.mark.parametrize(("written", "value", "same"), [
    ("acc-1029", "acc-1029", True), ("acc-1029", "acc-10299999", False),
    ("feature/login", "origin/feature/login", True), ("fix/pager", "+fix/pager", False),
    ("src", "src/app", True), ("evt_4471", "evt_4", False), ("web", "web-prod", False)])
def test_same_identifier(written: str, value: str, same: bool) -> None:
    assert same_identifier(written, value) is same


def test_drifted_reads_lists_and_shapes() -> None:
    said = ("transfer", "$50", "account", "acc-1029")
    assert drifted("transfer_funds", {"to_account": "ACC-1029", "amount": 50}, said) is None
    assert drifted("transfer_funds", {"to_account": "ACC-1029, ACC-1030"}, said) is not None
    assert drifted("grant_role", {"user": "user-1"}, ("`viewer`", "user-88")) is not None
    # an amount is no identifier: "$50" grounds the amount 50 (read by ``amounts``)
    assert drifted("transfer_funds", {"to_account": "ACC-1029", "amount": "50.00"},
                   said) is None


def test_forced_push_value_refused_unless_said() -> None:
    push = ("git_push", {"remote": "origin", "branch": "+main"})
    assert not recover_after("I'll push `main` to origin.", TOOLS, push).ok
    r = recover_after("Ich pushe `main` nach origin.", TOOLS, push)
    assert not r.ok


@pytest.mark.parametrize(("said", "args", "drift"), [
    # a number names a value whose one number it is, tagged or (no id key) slugged
    (("refund", "order", "5187"), {"payment_id": "pay_5187"}, False),
    (("refund", "order", "5187"), {"order_id": "5187-all"}, True),
    (("refund", "order", "5187"), {"order_id": "51870"}, True),
    (("apply", "0042", "migration"), {"migration": "0042_drop_legacy"}, False),
    (("apply", "0042", "migration"), {"migration": "00421_drop_legacy"}, True),
    # a version's "v" is no part of it
    (("deploy", "checkout", "v1.8.2"), {"version": "1.8.2"}, False),
    (("deploy", "checkout", "v1.8.2"), {"version": "1.8.20"}, True),
    # a measure is no identifier: "21°c" is read as a setting
    (("set", "thermostat", "21°c"), {"temperature": "21"}, False),
])
def test_numbers_versions_measures(said: tuple[str, ...], args: dict[str, Any],
                                   drift: bool) -> None:
    assert (drifted("some_tool", args, said) is not None) is drift
