"""Times, labels and approvals that name what the step sets or what was settled (h71d, issue
25, rule ``conditional``): an hour written apart or after a preposition of time that the call
sets ("at 6 pm" + ``18:00``, ``dated._hour_parts``), a time word labelling a noun the call
carries with it ("the Q3 report" + ``q3-report``, ``timelabels``), a [g-before] word closing
its sentence ("trước", first: ``beforehand``), an approval an observation reports as given
("the review is approved", ``actors._granted``) and "#87" carried as 87. Each beside the
minimal variant that must stay refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall


def _tool(name: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {p: {"type": "integer" if p in ("number", "replicas")
                                             else "string"} for p in props}}}}


TOOLS = [_tool("set_reminder", "text", "time"), _tool("delete_branch", "name", "time"),
         _tool("share_file", "file_id", "email", "permission"), _tool("read_file", "path"),
         _tool("delete_file", "path"), _tool("merge_pr", "repo", "number"),
         _tool("scale_service", "service", "replicas"), _tool("pay_invoice", "invoice_id"),
         _tool("get_weather", "city"), _tool("move_file", "source", "destination"),
         _tool("run_tests", "target"), _tool("send_payment", "recipient", "amount", "currency"),
         _tool("git_commit", "message"), _tool("restart_service", "service")]

REMIND = ("set_reminder", {"text": "Call mom", "time": "18:00"})
REMIND_PT = ("set_reminder", {"text": "Pagar a conta de luz", "time": "18:00"})
SHARE = ("share_file", {"file_id": "q3-report", "email": "priya@example.com",
                        "permission": "viewer"})
READ = ("read_file", {"path": "main.py"})
DELETE = ("delete_file", {"path": "main.py"})
MERGE = ("merge_pr", {"repo": "acme/webapp", "number": 87})
SCALE = ("scale_service", {"service": "worker", "replicas": 6})
PAY = ("pay_invoice", {"invoice_id": "inv-q3-report"})
WEATHER_ID = ("get_weather", {"city": "Jakarta"})
WEATHER_IT = ("get_weather", {"city": "Roma"})
RUN_TESTS = ("run_tests", {"target": "tests"})
COMMIT = ("git_commit", {"message": "Fix off-by-one error in pagination"})
PAY_ALEX = ("send_payment", {"recipient": "Alex", "amount": "40", "currency": "USD"})
WEATHER_TR = ("get_weather", {"city": "İstanbul"})
DELETE_BRANCH = ("delete_branch", {"name": "old-feature"})


def _recover(preamble: str, call: Any) -> leakcall.Recovery:
    calls = call if isinstance(call, list) else [call]
    body = "".join(f"<tool_call>\n{json.dumps({'name': n, 'arguments': a}, ensure_ascii=False)}"
                   "\n</tool_call>\n" for n, a in calls)
    return leakcall.recover(f"{preamble}\n{body}", TOOLS)


RECOVERED = [
    ("Setting a reminder to call your mom at 6 pm.", REMIND),
    ("Vou criar um lembrete para pagar a conta de luz às 18h.", REMIND_PT),
    ("I'll share the Q3 report with priya@example.com as a viewer.", SHARE),
    ("I'll share the Q3 report with priya@example.com as a viewer, like you asked.", SHARE),
    ("Tôi sẽ đọc tệp `main.py` trước.", READ),
    # "send" pays when its object is an amount alone, the verb opening the sentence too
    ("I'll send $40 to Alex.", PAY_ALEX),
    ("Sending $40 to Alex.", PAY_ALEX),
    # "to confirm the fix" is a purpose, no destination of the run
    ("Let me run the tests to confirm the fix.", RUN_TESTS),
    ("I'll move old.log to archive/ to confirm the fix.",
     ("move_file", {"source": "old.log", "destination": "archive/"})),
    # a verb opening its sentence grounds the call as one after an opener does
    ("All 214 tests pass now and the linter is clean. Committing the changes.", COMMIT),
    # deciding whether is a question the check answers
    ("Per decidere se prenotare il tavolo all'aperto, controllo il meteo a Roma.", WEATHER_IT),
    ("I'll check the weather in Roma to decide if we should book the table outside.",
     WEATHER_IT),
    # a time in Indonesian or Turkish is a time, as in English: an observing step reads now
    ("Untuk memastikan acara di luar ruangan sore ini aman, saya cek cuaca di Jakarta.",
     WEATHER_ID),
    ("Saya cek cuaca di Jakarta sore ini.", WEATHER_ID),
    ("Akşam yemeğini dışarıda yemek için İstanbul'un hava durumuna bakıyorum.", WEATHER_TR),
    ("The checks are green and the review is approved. Merging PR #87 in acme/webapp.", MERGE),
    ("The queue has 40k pending jobs and you approved the increase. I'll scale the worker "
     "service up to 6 replicas.", SCALE),
]

STILL_REFUSED = [
    # an hour the call does not set, or a day beside it
    ("Setting a reminder to call your mom at 6 am.", REMIND, "conditional"),
    ("Setting a reminder to call your mom at 7 pm.", REMIND, "conditional"),
    ("Setting a reminder to call your mom at 6 pm tomorrow.", REMIND, "conditional"),
    ("Vou criar um lembrete para pagar a conta de luz às 19h.", REMIND_PT, "conditional"),
    ("I'll delete the branch at 6 pm.", ("delete_branch", {"name": "old"}), "conditional"),
    # a time word that is when the step is taken, or a label no call carries
    ("I'll share the report with priya@example.com in Q3.", SHARE, "conditional"),
    ("I'll share the Q3 budget with priya@example.com.", SHARE, "conditional"),
    ("I'll pay the invoice in Q3.", PAY, "conditional"),
    ("I'll pay the invoice in Q3.", ("pay_invoice", {"invoice_id": "inv-q3"}), "conditional"),
    ("I'll pay the invoice in Q3 report.", PAY, "conditional"),
    # "trước" before a time or a clause is "before"
    ("Tôi sẽ xóa tệp `main.py` trước 6 giờ.", DELETE, "conditional"),
    ("Tôi sẽ xóa tệp `main.py` trước thứ Sáu.", DELETE, "conditional"),
    ("Tôi sẽ xóa tệp `main.py` sau.", DELETE, "conditional"),  # "after": later
    # an amount that modifies a noun is no payment; a swapped move stays swapped
    ("I'll send the $40 invoice to Alex.", PAY_ALEX, "ungrounded-call"),
    ("Sending the $40 receipt to Alex.", PAY_ALEX, "ungrounded-call"),
    ("I'll move old.log to archive/ to confirm the fix.",
     ("move_file", {"source": "archive/", "destination": "old.log"}), "ungrounded-call"),
    ("All 214 tests pass now and the linter is clean. Checking the changes.", COMMIT,
     "ungrounded-call"),
    # of several calls, the verb names none (a restart beside the one announced)
    ("Payments and search are both slow. Restarting search.",
     [("restart_service", {"service": "search"}), ("restart_service", {"service": "payments"})],
     "ungrounded-call"),
    # "if" is a condition after anything else, and deciding takes no step
    ("I'll delete the branch old-feature if you decide.", DELETE_BRANCH, "conditional"),
    ("Let me decide if I should delete the branch old-feature.", DELETE_BRANCH,
     "ungrounded-call"),
    # ... and a step that changes something waits for it
    ("Saya akan menghapus branch old-feature sore ini.", DELETE_BRANCH, "conditional"),
    ("Besok saya akan menghapus branch old-feature.", DELETE_BRANCH, "conditional"),
    ("Rapat besok. Saya akan menghapus branch old-feature.", DELETE_BRANCH, "conditional"),
    ("old-feature dalını bu akşam sileceğim.", DELETE_BRANCH, "conditional"),
    ("Yarın old-feature dalını sileceğim.", DELETE_BRANCH, "conditional"),
    # an approval to come, under a subordinator, negated, or someone else's
    ("Once the review is approved, I will merge PR #87 in acme/webapp.", MERGE, "conditional"),
    ("The checks are green once the review is approved. Merging PR #87 in acme/webapp.", MERGE,
     "conditional"),
    ("The checks are green and the review is not approved. Merging PR #87 in acme/webapp.",
     MERGE, "conditional"),
    # approving is a changing step (h9Cf): "will be approved" is someone's step to come
    ("The review will be approved. Merging PR #87 in acme/webapp.", MERGE, "other-actor"),
    ("The review is approved tomorrow. Merging PR #87 in acme/webapp.", MERGE, "conditional"),
    ("The queue has 40k pending jobs and you approve the increase. I'll scale the worker "
     "service up to 6 replicas.", SCALE, "conditional"),
    ("The queue has 40k pending jobs and they approved the increase. I'll scale the worker "
     "service up to 6 replicas.", SCALE, "conditional"),
    ("The queue has 40k pending approvals. I'll scale the worker service up to 6 replicas.",
     SCALE, "conditional"),
    # another pull request's number
    ("Merging PR #88 in acme/webapp.", MERGE, "ungrounded-call"),
]


@pytest.mark.parametrize(("pre", "call"), RECOVERED)
def test_recovered(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(pre, call)
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (pre, r.rule, r.detail)


@pytest.mark.parametrize(("pre", "call", "rule"), STILL_REFUSED)
def test_still_refused(pre: str, call: Any, rule: str) -> None:
    r = _recover(pre, call)
    assert r.reason != "ok" and r.rule == rule, (pre, r.reason, r.rule, r.detail)
