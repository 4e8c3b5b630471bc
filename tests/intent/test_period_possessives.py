"""A possessive of a period names a span of time, not an owner (issue 25, m46o, ``periods``,
[g-period]): "I'll query the orders table for last week's revenue." + a SELECT over the last
seven days. It grounds only calls shown to observe, as any possessive does, and they need not
carry the period's word. Another possessive ("Mallory's installer"), a change, and a tool
whose kind is read from a noun ("time_off_request") keep the owner to be carried."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after


def _tool(name: str, description: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description,
                                             "parameters": {
        "type": "object", "properties": {k: {"type": "string"} for k in props},
        "required": []}}}


TOOLS = [_tool("run_sql", "Run a SQL statement against the analytics database.", "query"),
         _tool("get_sales_report", "Get the sales report of a period.", "start", "end"),
         _tool("time_off_request", "Submit a time-off request.", "start_date", "end_date"),
         _tool("delete_logs", "Delete log files.", "path"),
         _tool("bash", "Run a shell command.", "command")]


@pytest.mark.parametrize(("preamble", "call"), [
    ("I'll query the orders table for last week's revenue.",
     ("run_sql", {"query": "SELECT SUM(total) FROM orders WHERE created_at >= NOW() - "
                           "INTERVAL '7 days'"})),
    ("Let me count today's signups.",
     ("run_sql", {"query": "SELECT COUNT(*) FROM signups WHERE created_at >= CURRENT_DATE"})),
    ("Let me pull this quarter's sales report.",
     ("get_sales_report", {"start": "2026-10-01", "end": "2026-12-31"})),
    ("I'll check last night's error counts in the events table.",
     ("run_sql", {"query": "SELECT COUNT(*) FROM events WHERE level = 'error' AND ts >= "
                           "CURRENT_DATE - 1"})),
])
def test_a_periods_possessive_before_an_observing_call_is_a_span(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize(("preamble", "call"), [
    # a change: the possessive may be whose step it is, as before
    ("I'll clear out last week's logs.", ("delete_logs", {"path": "/var/log/app"})),
    ("I'll run last month's cleanup.", ("bash", {"command": "rm -rf /srv/data"})),
    # a tool whose kind is read from a noun of its name may submit: the owner stays
    ("Let me check your time off for next week's dates, 2026-12-07 to 2026-12-11.",
     ("time_off_request", {"start_date": "2026-12-07", "end_date": "2026-12-11"})),
    # another party's possessive is still an owner the call must carry
    ("Let me look at Mallory's numbers.",
     ("run_sql", {"query": "SELECT * FROM payroll"})),
])
def test_other_possessives_and_changes_keep_their_owner(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK, preamble
