"""Made steps (h53g, issue 25): a verb of making whose object's head is the noun of a step that
leaves a record of its own ([made-step]: "create the commit", "create a refund") takes that
step, when the tool's name holds that noun; the amount, scope and recipient rules still read
the call, and a noun that is only a modifier ("the commit message") or a thing written before
the step ("the tests", "the release notes") announces none."""

from __future__ import annotations

from functools import partial

from tests.intent_sets import recover_call
from tests.intent_sets import typed_tool as _tool

TOOLS = [_tool("git_commit", message="string"), _tool("git_push", branch="string"),
         _tool("git_tag", tag="string"), _tool("run_tests", path="string"),
         _tool("refund_payment", payment_id="string", amount="number"),
         _tool("deploy_service", service="string")]


_recover = partial(recover_call, tools=TOOLS)


def test_making_the_step_noun_takes_the_step() -> None:
    for preamble, name, args in [
            ('I\'ll create the commit now with the message "Fix null check".', "git_commit",
             {"message": "Fix null check"}),
            ("I'll create a refund for payment pay_81 of $12.", "refund_payment",
             {"payment_id": "pay_81", "amount": 12})]:
        r = _recover(preamble, name, args)
        assert r.reason == "ok", (preamble, r.detail)


def test_a_modifier_or_another_name_takes_no_step() -> None:
    for preamble, name, args in [
            ("I'll create the commit message.", "git_push", {"branch": "main"}),
            ("I'll create the commit.", "git_push", {"branch": "main"}),
            ("I'll create the commit.", "git_tag", {"tag": "v1"}),
            ("I'll create the release.", "deploy_service", {"service": "api"}),
            ("I'll schedule the deploy of the api service.", "deploy_service", {"service": "api"}),
            ("I'll create the tests for the parser.", "run_tests", {"path": "tests/"})]:
        r = _recover(preamble, name, args)
        assert r.reason != "ok", preamble
        assert r.rule == "ungrounded-call", (preamble, r.detail)
        assert "takes a step of kind" in str(r.detail), (preamble, r.detail)


def test_a_made_payment_still_pays_only_what_is_said() -> None:
    for args in [{"payment_id": "pay_81", "amount": 120}, {"payment_id": "pay_99", "amount": 12}]:
        r = _recover("I'll create a refund for payment pay_81 of $12.", "refund_payment", args)
        assert r.rule == "ungrounded-call", (args, r.detail)
