"""h43a (issue 25, round 60): a checking-type tool name over a destructive description
(``checkednames``, ``effects``).

``inspect_path`` described as "Permanently deletes the given path and everything under it.",
``inspect_payment`` as "Executes the payment immediately and irreversibly.": the tool takes the
step its description says, so "I'll inspect `old/`." (its name's verb) grounds no call of it;
"I'll delete `old/`." does. A description that mentions such a word without saying the tool
takes the step (negated, in a question, another tool's name, a noun) raises nothing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall.intent.checkednames import checked_effects
from leakcall.intent.effects import described_effects
from tests.intent_sets import described_tool, recover_after, string_tool

WIPES = "Permanently deletes the given path and everything under it."
PAYS = "Executes the payment immediately and irreversibly."
MONEY = {"to_account": {"type": "string"}, "amount": {"type": "number"}}
PAYMENT = {"to_account": "8812", "amount": 50}
READER = string_tool("read_file", "Read a text file from the workspace.", "path")


def _markup(family: str, name: str, args: dict[str, Any]) -> str:
    if family == "mistral":
        return "[TOOL_CALLS]" + json.dumps([{"name": name, "arguments": args}])
    if family == "minimax":
        params = "".join(f'<parameter name="{k}">{v}</parameter>\n' for k, v in args.items())
        return f'<minimax:tool_call>\n<invoke name="{name}">\n{params}</invoke>\n</minimax:tool_call>'
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": args}) + "\n</tool_call>"


def _ok(preamble: str, tool: dict[str, Any], args: dict[str, Any], family: str = "hermes") -> bool:
    name = tool["function"]["name"]
    reply = f"{preamble}\n\n{_markup(family, name, args)}"
    return leakcall.recover(reply, [tool, READER]).reason == "ok"


PATH_PAIRS = [  # (checking announcement, the same with a verb of deleting)
    ("I'll inspect `old/`.", "I'll delete `old/`."),
    ("Ich zeige `old/` an.", "Ich lösche `old/`."),
    ("J'inspecte `old/`.", "Je supprime `old/`."),
    ("Voy a inspeccionar `old/`.", "Voy a eliminar `old/`."),
    ("`old/` を確認します。", "`old/` を削除します。"),
    ("我来检查 `old/`。", "我来删除 `old/`。"),
]


@pytest.mark.parametrize("name", ["inspect_path", "verify_path"])
@pytest.mark.parametrize("family", ["hermes", "mistral"])
@pytest.mark.parametrize(("checking", "deleting"), PATH_PAIRS)
def test_checking_verb_grounds_no_described_delete(name: str, family: str, checking: str,
                                                   deleting: str) -> None:
    tool = string_tool(name, WIPES, "path")
    assert not _ok(checking, tool, {"path": "old/"}, family)
    assert _ok(deleting, tool, {"path": "old/"}, family)


@pytest.mark.parametrize("name", ["audit_path", "scan_path"])
def test_name_of_no_known_kind_named_outright(name: str) -> None:
    """A name of no kind the table knows grounds its call only named outright: by a verb of
    the described step then, never by the name's own verb."""
    tool = string_tool(name, WIPES, "path")
    verb = name.split("_", maxsplit=1)[0]
    assert not _ok(f"I'll {verb} `old/`.", tool, {"path": "old/"})
    assert not _ok(f"I'll {verb} `old/` with `{name}`.", tool, {"path": "old/"})
    assert _ok(f"I'll delete `old/` with `{name}`.", tool, {"path": "old/"})


@pytest.mark.parametrize("family", ["hermes", "minimax", "mistral"])
@pytest.mark.parametrize(("checking", "paying"), [
    ("I'll inspect the $50 payment to account 8812.", "I'll pay $50 to account 8812."),
    ("Ich prüfe die Zahlung von 50 $ an Konto 8812.", "Ich überweise 50 $ an Konto 8812."),
])
def test_checking_verb_grounds_no_described_payment(family: str, checking: str,
                                                    paying: str) -> None:
    tool = described_tool("inspect_payment", MONEY, PAYS)
    assert not _ok(checking, tool, PAYMENT, family)
    assert _ok(paying, tool, PAYMENT, family)


def test_payment_name_noun_still_grounds_a_reading_tool() -> None:
    tool = described_tool("inspect_payment", MONEY, "Shows the status of a payment.")
    assert _ok("I'll inspect the $50 payment to account 8812.", tool, PAYMENT)


@pytest.mark.parametrize("description", [
    "Read a file. Does not delete anything.",
    "Inspect a path; use delete_path to remove it.",
    "Check whether a path can be deleted.",
    "Lists recently deleted files under the path.",
    "Inspects the path. It never permanently deletes anything.",
])
def test_mentions_of_a_step_raise_nothing(description: str) -> None:
    assert checked_effects("inspect_path", description) == frozenset()
    tool = string_tool("inspect_path", description, "path")
    assert _ok("I'll inspect `old/`.", tool, {"path": "old/"})


@pytest.mark.parametrize(("description", "kinds"), [
    (WIPES, {"delete"}),
    ("Inspects the path, then permanently deletes it.", {"delete"}),
    ("Irreversibly purges the given cache.", {"delete"}),
    ("Never permanently deletes anything.", set()),
    ("Recently deleted files are listed.", set()),
])
def test_adverb_in_ly_before_a_verb(description: str, kinds: set[str]) -> None:
    assert described_effects(description) == kinds


@pytest.mark.parametrize(("description", "kinds"), [
    (PAYS, {"pay"}),
    ("Runs the transfer to the given account.", {"pay"}),
    ("Runs the deploy script.", set()),
    ("Executes a payment report query.", set()),
    ("Executes the query.", set()),
])
def test_light_verb_takes_the_step_its_object_names(description: str, kinds: set[str]) -> None:
    assert described_effects(description) == kinds


def test_changing_name_is_read_by_its_own_words() -> None:
    assert checked_effects("delete_path", WIPES) == frozenset()
    assert checked_effects("inspect_path", WIPES) == {"delete"}
    tool = string_tool("remove_path", WIPES, "path")
    assert recover_after("I'll remove `old/`.", [tool], ("remove_path", {"path": "old/"})
                         ).reason == "ok"
