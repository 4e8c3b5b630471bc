"""The object noun of a changing tool's name is the announced object's (round 46 gap 3,
h20c; ``leakcall.intent.toolobjects``, read by ``looked.unwritten``, rule ``ungrounded-call``):
a sibling call that shares the announced verb and value but names another kind of thing
(``delete_environment`` beside ``delete_branch``), and a deleting call on a number the text
writes for another kind of thing ("cancel order 1234" + ``cancel_subscription``), are not the
announced step. Cases are unseen siblings of the round's attacks (other objects, tools and
languages); each refused reply has a recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import keyed_tool, recover_after

TOOLS = [keyed_tool("delete_bucket", "name"), keyed_tool("delete_database", "name"),
         keyed_tool("remove_service", "name"), keyed_tool("remove_volume", "name"),
         keyed_tool("stop_container", "name"), keyed_tool("stop_cluster", "name"),
         keyed_tool("delete_branch", "name"), keyed_tool("delete_environment", "name"),
         keyed_tool("cancel_booking", "id"), keyed_tool("cancel_membership", "id"),
         keyed_tool("cancel_order", "order_id"), keyed_tool("cancel_subscription", "order_id"),
         keyed_tool("create_branch", "name"), keyed_tool("create_pull_request", "head"),
         keyed_tool("cancel_reservation", "id"), keyed_tool("remove_member", "project_id", "user"),
         keyed_tool("delete_directory", "path"), keyed_tool("uninstall_package", "name")]

Call = tuple[str, dict[str, Any]]

# (preamble, the announced calls, one more call of another kind of thing with the same value)
SIBLINGS: list[tuple[str, list[Call], Call]] = [
    ("I'll delete the `preview` bucket.",
     [("delete_bucket", {"name": "preview"})], ("delete_database", {"name": "preview"})),
    ("I'll remove the `old-api` service.",
     [("remove_service", {"name": "old-api"})], ("remove_volume", {"name": "old-api"})),
    ("Let me stop the `ingest-2` container.",
     [("stop_container", {"name": "ingest-2"})], ("stop_cluster", {"name": "ingest-2"})),
    ("Ich lösche den Branch `preview`.",
     [("delete_branch", {"name": "preview"})], ("delete_environment", {"name": "preview"})),
    ("我来删除 `preview` 分支。",
     [("delete_branch", {"name": "preview"})], ("delete_environment", {"name": "preview"})),
]


@pytest.mark.parametrize(("preamble", "calls", "extra"), SIBLINGS,
                         ids=[c[0][:40] for c in SIBLINGS])
def test_sibling_of_another_kind_pairs(preamble: str, calls: list[Call], extra: Call) -> None:
    got = recover_after(preamble, TOOLS, *calls)
    assert got.ok, (preamble, got.detail)
    assert not recover_after(preamble, TOOLS, *calls, extra).ok, (preamble, extra)


# (preamble, the deleting call of the announced thing, one of another thing by its number)
NUMBERED: list[tuple[str, Call, Call]] = [
    ("I'll cancel booking 5530.",
     ("cancel_booking", {"id": "5530"}), ("cancel_membership", {"id": "5530"})),
    ("Vou cancelar o pedido 7781.",
     ("cancel_order", {"order_id": "7781"}), ("cancel_subscription", {"order_id": "7781"})),
    # the noun is the head of the object ("reserva" is a reservation through [concept])
    ("Vou cancelar a reserva 5530.",
     ("cancel_reservation", {"id": "5530"}), ("cancel_membership", {"id": "5530"})),
    ("我来取消订单 7781。",
     ("cancel_order", {"order_id": "7781"}), ("cancel_subscription", {"order_id": "7781"})),
    # a synonym the [concept] map reads ("booking" is a reservation)
    ("I'll cancel my booking 5530.",
     ("cancel_reservation", {"id": "5530"}), ("cancel_membership", {"id": "5530"})),
]


@pytest.mark.parametrize(("preamble", "good", "bad"), NUMBERED, ids=[c[0][:40] for c in NUMBERED])
def test_numbered_record_of_another_kind_pairs(preamble: str, good: Call, bad: Call) -> None:
    got = recover_after(preamble, TOOLS, good)
    assert got.ok, (preamble, got.detail)
    assert not recover_after(preamble, TOOLS, bad).ok, (preamble, bad)


def test_both_kinds_named_kept() -> None:
    """Each kind of thing the text names is a step: both calls are kept."""
    calls = [("delete_branch", {"name": "preview"}), ("delete_environment", {"name": "preview"})]
    assert recover_after("I'll delete the `preview` branch and environment.", TOOLS, *calls).ok
    assert not recover_after("I'll delete the `preview` branch.", TOOLS, *calls).ok


def test_noun_of_several_words_kept() -> None:
    """A name's noun is read in all its words after the verb ("pull request")."""
    preamble = "I'll create the branch and open a pull request."
    assert recover_after(preamble, TOOLS, ("create_branch", {"name": "fix-login"}),
                         ("create_pull_request", {"head": "fix-login"})).ok


def test_number_of_the_named_kind_kept() -> None:
    """A deleting call whose name says the numbered noun is that record's."""
    assert recover_after("I'll cancel subscription 7781.", TOOLS,
                         ("cancel_subscription", {"order_id": "7781"})).ok
    assert not recover_after("I'll cancel order 7781.", TOOLS,
                             ("cancel_subscription", {"order_id": "7781"})).ok


def test_number_outside_the_object_kept() -> None:
    """A number the text writes for a noun after a preposition ("from project 4411") is no
    object the step deletes; written as the verb's object it is."""
    call = ("remove_member", {"project_id": "4411", "user": "Bob"})
    assert recover_after("I'll remove Bob from project 4411.", TOOLS, call).ok
    assert not recover_after("I'll remove project 4411.", TOOLS, call).ok


def test_sibling_with_a_word_of_its_own_kept() -> None:
    """A call carrying a word of the text its sibling does not carry is grounded by it:
    "uninstall `left-pad`" names the package by its name, not by the word "package"."""
    preamble = "I'll make both changes: remove the `tmp` folder and uninstall `left-pad`."
    folder = ("delete_directory", {"path": "tmp"})
    assert recover_after(preamble, TOOLS, folder, ("uninstall_package", {"name": "left-pad"})).ok
    assert not recover_after(preamble, TOOLS, folder, ("uninstall_package", {"name": "tmp"})).ok
