"""An observation's time or approval word that names something settled, no wait (h64c,
``actors._settled``): an approval an acknowledgement thanks for ("Danke für die
Bestätigung."), a time after a past tense's auxiliary and verb ("the package was delivered
this morning"), a word of state between a number or a determiner and its noun ("12,000
pending jobs"). Each beside the nearest replies that still wait (rule ``conditional``)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_calls

TOOLS = [_tool("cancel_order", "order_id"), _tool("delete_repo", "repo"),
         _tool("scale_service", "service", "replicas", "environment")]

CANCEL = ("cancel_order", {"order_id": "31207"})
DELETE = ("delete_repo", {"repo": "acme/web"})
SCALE = ("scale_service", {"service": "worker", "replicas": "3", "environment": "staging"})


_recover = partial(recover_calls, tools=TOOLS)


RECOVERED = [
    ("Danke für die Bestätigung. Ich storniere jetzt die Bestellung 31207 für Sie.", CANCEL),
    ("Thanks for the confirmation. I'll delete the repo acme/web.", DELETE),
    ("Thank you for your approval. I'll delete the repo acme/web.", DELETE),
    ("The repo was archived this morning. I'll delete the repo acme/web.", DELETE),
    ("The queue in staging has 12,000 pending jobs and one worker. I'll scale the worker "
     "service in staging to 3 replicas.", SCALE),
]

STILL_WAITING = [
    # an approval to come, or one with a time after it
    ("Once I have your confirmation, I'll delete the repo acme/web.", DELETE),
    ("Thanks for the confirmation on Friday. I'll delete the repo acme/web.", DELETE),
    ("Thanks for the reminder about the approval. I'll delete the repo acme/web.", DELETE),
    ("Danke, die Bestätigung kommt morgen. Ich storniere die Bestellung 31207.", CANCEL),
    # a time a past tense moved or set, not when something happened
    ("The purge was planned for this evening. I'll delete the repo acme/web.", DELETE),
    ("The purge was moved to this evening. I'll delete the repo acme/web.", DELETE),
    ("The purge was set this Friday evening. I'll delete the repo acme/web.", DELETE),
    ("The deletion is planned this evening. I'll delete the repo acme/web.", DELETE),
    # "pending" as a preposition, or before approvals
    ("The repo is pending review. I'll delete the repo acme/web.", DELETE),
    ("The deletion is pending approval. I'll delete the repo acme/web.", DELETE),
    ("The repo has 3 pending approvals. I'll delete the repo acme/web.", DELETE),
    ("The repo has 3 pending sign-offs. I'll delete the repo acme/web.", DELETE),
]


@pytest.mark.parametrize(("pre", "call"), RECOVERED)
def test_settled_time_or_approval_recovers(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(pre, call)
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (pre, r.rule, r.detail)


@pytest.mark.parametrize(("pre", "call"), STILL_WAITING)
def test_waiting_still_refused(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(pre, call)
    assert r.reason != "ok" and r.rule == "conditional", (pre, r.reason, r.rule, r.detail)
