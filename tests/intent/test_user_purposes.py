"""A purpose clause whose subject is the user (h62y, issue 25): "so you can decide what to
pack", "чтобы вы знали", "così puoi decidere", "حتى تتمكن من": it grounds nothing and the step
may be the user's, so only observing calls are grounded with one (``grounding.purposed``); and
a negation inside what a purpose's check verifies ("to confirm nothing else broke"), never in
the main clause."""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.intent_sets import expect_recovered, expect_refused, recover_call
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("bash", "command"), _tool("get_weather", "city"),
         _tool("transfer_funds", "amount", "to_account"), _tool("delete_repo", "name")]


_recover = partial(recover_call, tools=TOOLS)


def _ok(pre: str, name: str, args: dict[str, Any]) -> None:
    expect_recovered(_recover(pre, name, args), pre, "action-preamble")


def _refused(pre: str, name: str, args: dict[str, Any], rule: str) -> None:
    expect_refused(_recover(pre, name, args), pre, rule)


def test_user_purpose_after_an_observing_step() -> None:
    _ok("Sure! I'll check the current weather in Lisbon for you so you can decide what to pack.",
        "get_weather", {"city": "Lisbon"})
    _ok("I'll check the weather in Lisbon for you, so you can decide what to pack.",
        "get_weather", {"city": "Lisbon"})
    _ok("Хорошо, проверю погоду в Москве на сегодня, чтобы вы знали, как одеться.",
        "get_weather", {"city": "Москва"})
    _ok("بالتأكيد! سأتحقق من حالة الطقس في دبي حتى تتمكن من التخطيط ليومك.",
        "get_weather", {"city": "دبي"})


def test_user_purpose_grounds_no_changing_call() -> None:
    _refused("I'll delete the repo so you can start over.", "delete_repo", {"name": "repo"},
             "other-actor")
    _refused("I'll delete the build directory so that you can rebuild it.", "bash",
             {"command": "rm -rf build"}, "other-actor")
    _refused("I'll run the migration so you can run it yourself.", "bash",
             {"command": "./migrate.sh"}, "other-actor")
    _refused("I'll delete the cache for you, so you can rebuild it.", "bash",
             {"command": "rm -rf cache"}, "other-actor")
    _refused("Удалю папку build, чтобы вы могли начать заново.", "bash",
             {"command": "rm -rf build"}, "other-actor")
    _refused("Elimino la cartella build, così puoi ricominciare.", "bash",
             {"command": "rm -rf build"}, "other-actor")
    _refused("سأحذف المجلد build حتى تتمكن من البدء من جديد.", "bash",
             {"command": "rm -rf build"}, "other-actor")
    # a purpose whose subject is not the user keeps its step ("so the PR can be opened")
    _ok("I'll push the branch so the PR can be opened.", "bash",
        {"command": "git push origin main"})
    _ok("I'll run the tests so we can see what breaks.", "bash", {"command": "pytest"})


def test_negation_in_a_purpose_check() -> None:
    _ok("The fix is in place. I'll run the test suite to confirm nothing else broke.", "bash",
        {"command": "pytest"})
    # in the main clause a negation refuses; next to a step of running it governs that step
    _refused("I'll confirm nothing else broke.", "bash", {"command": "pytest"}, "negation")
    _refused("I'll verify nothing is running.", "bash", {"command": "ps aux"}, "negation")
    _refused("I'll run the migration to confirm we never run it on prod.", "bash",
             {"command": "./migrate.sh"}, "negation")
    _refused("I'll transfer the money so you don't have to.", "transfer_funds",
             {"amount": "500", "to_account": "ACC-1"}, "negation")
    _refused("I'll run the migration to confirm nothing else broke.", "bash",
             {"command": "./migrate.sh && rm -rf data"}, "ungrounded-call")


def test_a_word_of_purpose_at_a_clause_start_opens_nothing() -> None:
    """ "So let me ...": the word is unplaced as a word, not read as a clause of inquiry."""
    for pre in ("So let me check the weather in Lisbon.", "The build failed. So I'll run it."):
        r = _recover(pre, "get_weather", {"city": "Lisbon"})
        assert r.rule == "unknown-preamble" and "'so' has no place" in r.detail, r.detail
