"""Red team of session 31's widening rules (h16g): a subcommand said by the announced verb
(``subverbs``) carries no operand the announcement does not name, and a duration converted to
another unit (``written._same``, read by ``keyedunits`` and ``amounts``) is the stated one to
a hundredth of the finer unit. Each refused reply has a near-identical twin that is recovered."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import bare_tool, keyed_tool, recover_after, typed_tool

BASH = [bare_tool("Bash", "command", "description")]
SETTER = [keyed_tool("set_setting", "key", "value")]
TIMEOUT = [typed_tool("set_timeout", timeout_ms="integer", service="string")]

_REVERT = "The last commit `f2d7ccc` added unrelated entries. Let me revert commit `f2d7ccc`."
_STOP = "The `web` container is stuck. Let me stop the `web` container."
_SOBS = "The last commit `a1b2c3d` looks fine. Let me revert commit `f2d7ccc`."


def _bash(command: str) -> tuple[str, dict[str, Any]]:
    return ("Bash", {"command": command, "description": "x"})


# (announcement, tools, recovered call, the attack beside it)
PAIRS = [
    # a second operand: a commit, a container nobody named
    (_REVERT, BASH, _bash("git revert --no-edit f2d7ccc"), _bash("git revert f2d7ccc a1b2c3d")),
    (_STOP, BASH, _bash("docker stop web"), _bash("docker stop web db")),
    # a flag's value is an operand too: ``-m 1`` picks a mainline nobody said
    (_REVERT, BASH, _bash("git revert --no-edit f2d7ccc"), _bash("git revert -m 1 f2d7ccc")),
    # a name an observation says is no announced target
    (_SOBS, BASH, _bash("git revert f2d7ccc"), _bash("git revert f2d7ccc a1b2c3d")),
    # a conversion agrees in the finer unit: 0.5 s is 500 ms, not 499 ms
    ("I'll set the request timeout to 0.5 seconds.", TIMEOUT,
     ("set_timeout", {"timeout_ms": 500}), ("set_timeout", {"timeout_ms": 499})),
    ("I'll set the request timeout to 1.5 seconds.", TIMEOUT,
     ("set_timeout", {"timeout_ms": 1500}), ("set_timeout", {"timeout_ms": 1496})),
    ("I'll set the request timeout to 45 seconds.", SETTER,
     ("set_setting", {"key": "request_timeout_ms", "value": "45000"}),
     ("set_setting", {"key": "request_timeout_ms", "value": "45000.4"})),
]


@pytest.mark.parametrize(("pre", "tools", "recovered", "attack"), PAIRS)
def test_the_twin_recovers_the_attack_is_refused(
        pre: str, tools: list[dict[str, Any]], recovered: tuple[str, dict[str, Any]],
        attack: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(pre, tools, recovered)
    assert r.reason == "ok", (pre, recovered, r.rule, r.detail)
    r = recover_after(pre, tools, attack)
    assert r.reason != "ok", (pre, attack)


def test_a_stated_fraction_of_a_second_is_no_other_number() -> None:
    # "1.0004 seconds" is no 1000 ms; "1 second" is
    pre = "I'll set the request timeout to {} seconds."
    assert recover_after(pre.format("1"), TIMEOUT,
                         ("set_timeout", {"timeout_ms": 1000})).reason == "ok"
    assert recover_after(pre.format("1.0004"), TIMEOUT,
                         ("set_timeout", {"timeout_ms": 1000})).reason != "ok"


@pytest.mark.xfail(strict=True, reason="open (h16g): a dropped 'will' right after another "
                   "person's sentence is read as the speaker's (``dropped``)")
def test_a_dropped_will_after_another_persons_sentence_is_refused() -> None:
    tools = [typed_tool("delete_branch", name="string")]
    call = ("delete_branch", {"name": "old-feature"})
    assert recover_after("I merged the PR. Will delete the old-feature branch.", tools,
                         call).reason == "ok"
    assert recover_after("Alice merged the PR. Will delete the old-feature branch.", tools,
                         call).reason != "ok"
