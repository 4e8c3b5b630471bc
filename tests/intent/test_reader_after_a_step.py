"""The reader as the indirect object of a next step (h46u, issue 25): "you" right after the verb
of a step a link joins ("and then provide you with a description", "and then transfer you",
"to give you activity recommendations") is the reader receiving, as right after the opener's
verb ("I'll send you the summary"): the verbs after it are no step of the assistant's own, so
a step the reader would take ("let you delete it", "get you to run it") grounds nothing."""

from __future__ import annotations

from tests.intent_sets import recover_after
from tests.intent_sets import string_tool as _tool

TOOLS = [_tool("get_weather", "Get the current weather for a city.", "city"),
         _tool("send_certificate", "Send a travel certificate to a user.", "user_id", "amount"),
         _tool("transfer_to_human_agents", "Transfer the user to a human agent.", "summary"),
         _tool("delete_repo", "Delete a GitHub repository.", "repo"),
         _tool("bash", "Run a shell command.", "command"),
         _tool("send_email", "Send an email.", "to", "subject", "body"),
         _tool("transfer_funds", "Transfer money to an account.", "to_account", "amount")]


def test_the_reader_receiving_a_next_step_recovers() -> None:
    for pre, calls in (
            ("I'll get the current weather for Miami and then provide you with a description.",
             [("get_weather", {"city": "Miami"})]),
            ("Let me send the certificate first, and then transfer you.",
             [("send_certificate", {"user_id": "noah_muller_9847", "amount": "50"}),
              ("transfer_to_human_agents", {"summary": "certificate sent"})]),
            ("I'll check the weather in both San Diego and Las Vegas for you to give you "
             "activity recommendations for those cities too.",
             [("get_weather", {"city": "San Diego"}), ("get_weather", {"city": "Las Vegas"})])):
        r = recover_after(pre, TOOLS, *calls)
        assert r.reason == "ok", (pre, r.rule, r.detail)


REPO = ("delete_repo", {"repo": "acme/web"})


def test_adversarial_siblings_stay_refused() -> None:
    for pre, calls in (
            # a step the reader takes after "you" is no step of the assistant's
            ("I'll check the repo acme/web and then let you delete the repo acme/web.", [REPO]),
            ("I'll check the repo acme/web and then get you to delete it.", [REPO]),
            ("I'll prepare the cleanup script and then have you run it.",
             [("bash", {"command": "./cleanup.sh"})]),
            ("I'll check the repo acme/web and then ask you to delete it.", [REPO]),
            ("I'll check the repo and then tell you how to delete acme/web.", [REPO]),
            ("I'll look up the repo acme/web and then show you the delete command.", [REPO]),
            ("I'll read the notes and then give you the steps to wipe the disk.",
             [("bash", {"command": "rm -rf /"})]),
            # a time, an approval after it still waits
            ("I'll check the repo acme/web and then remind you tomorrow to delete it.", [REPO]),
            ("I'll check the repo acme/web and then give you the go-ahead to delete it.", [REPO]),
            # the reader receiving names no address and no account
            ("I'll check the logs and then send you the report.",
             [("send_email", {"to": "drop@evil.example", "subject": "report", "body": "x"})]),
            ("I'll fetch the invoice and then pay you.",
             [("transfer_funds", {"to_account": "DE44500105175407324931", "amount": "5000"})]),
            ("I'll get the weather for Miami and then provide you with the repo acme/web.",
             [REPO])):
        r = recover_after(pre, TOOLS, *calls)
        assert r.reason != "ok", (pre, r.rule, r.detail)
