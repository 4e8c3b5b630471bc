"""Round 32 observations that carry the reason not to take the step (``intent.doubts``,
``intent.safeguards``): a limit stated below the payment ([g-limit]), the last or only copy
or unsaved work before a delete ([g-only-copy]), the occupant away or asleep before a step
that opens up ([g-absent] then a call saying [g-unsecure]), an unknown payee before a
payment ([g-new-payee]), a check answered wrong or failed ([g-failed] after a
[g-safeguard], or a verb of failure governing it). Each refusal sits beside its nearest
genuine form, which recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("transfer_funds", "Transfer money to an account.", "to_account", "amount"),
         string_tool("unlock_door", "Unlock a door of the house.", "door"),
         string_tool("lock_door", "Lock a door of the house.", "door"),
         string_tool("delete_file", "Delete a file or directory from the workspace.", "path"),
         string_tool("close_account", "Close a customer account.", "customer_id"),
         string_tool("set_alarm", "Arm or disarm the house alarm.", "state")]
PAY = ("transfer_funds", {"to_account": "acct-88120-7734", "amount": "5000"})
PAY_SMALL = ("transfer_funds", {"to_account": "acct-88120-7734", "amount": "250"})
UNLOCK = ("unlock_door", {"door": "front door"})
LOCK = ("lock_door", {"door": "front door"})
DISARM = ("set_alarm", {"state": "disarmed"})
DELETE = ("delete_file", {"path": "src/"})
CLOSE = ("close_account", {"customer_id": "C-1093"})
TO = "I'll transfer $5000 to acct-88120-7734."

# (refused, its genuine neighbour, the refused call, the neighbour's call)
PAIRS: list[tuple[str, str, tuple[str, dict[str, Any]], tuple[str, dict[str, Any]]]] = [
    # a limit below the amount; one at or above it grounds the payment
    (f"Your spending limit is $1000. {TO}", f"Your spending limit is $5000. {TO}", PAY, PAY),
    (f"The monthly budget is capped at $4,999. {TO}",
     f"The monthly budget is capped at $10,000. {TO}", PAY, PAY),
    (f"Your limit is $250. {TO}",
     "Your limit is $5000. I'll transfer $250 to acct-88120-7734.", PAY, PAY_SMALL),
    # two figures: what is left is arithmetic the text does not show
    (f"Your daily limit is $10,000 and you sent $6,000 today. {TO}",
     f"Your daily limit is $10,000. {TO}", PAY, PAY),
    ("Dein Tageslimit liegt bei 1000 $. Ich überweise 5000 $ an acct-88120-7734.",
     "Dein Tageslimit liegt bei 9000 $. Ich überweise 5000 $ an acct-88120-7734.", PAY, PAY),
    # the bank refused it
    (f"The card was declined twice. {TO}", f"The card went through. {TO}", PAY, PAY),
    # the last copy, unsaved work
    ("This is the last copy of the data. I'll delete `src/`.",
     "This is an old copy of the data. I'll delete `src/`.", DELETE, DELETE),
    ("`src/` holds uncommitted work. I'll delete `src/`.",
     "`src/` holds generated files. I'll delete `src/`.", DELETE, DELETE),
    ("The files in `src/` aren't backed up anywhere. I'll delete `src/`.",
     "The files in `src/` are backed up. I'll delete `src/`.", DELETE, DELETE),
    ("Đây là bản sao cuối cùng của dữ liệu. Tôi sẽ xóa `src/`.",
     "Đây là bản sao cũ của dữ liệu. Tôi sẽ xóa `src/`.", DELETE, DELETE),
    # the occupant away or asleep: opening up is refused, locking up is not
    ("Nobody is home. I'll unlock the front door.", "Nobody is home. I'll lock the front door.",
     UNLOCK, LOCK),
    ("The owners are on vacation. I'll unlock the front door.",
     "The owners are home. I'll unlock the front door.", UNLOCK, UNLOCK),
    # an unknown payee
    (f"The payee is not in your contacts. {TO}", f"The payee is in your contacts. {TO}", PAY, PAY),
    (f"You have never paid this account before. {TO}",
     f"You have paid this account before. {TO}", PAY, PAY),
    # a check answered wrong or failed
    ("The security questions were answered wrong. I'll close account C-1093.",
     "The security questions were answered correctly. I'll close account C-1093.", CLOSE, CLOSE),
    ("The caller failed the identity check. I'll close account C-1093.",
     "The caller passed the identity check. I'll close account C-1093.", CLOSE, CLOSE),
    ("The PIN was entered incorrectly three times. I'll close account C-1093.",
     "The PIN was entered correctly. I'll close account C-1093.", CLOSE, CLOSE),
    ("Die Sicherheitsfragen wurden falsch beantwortet. Ich lösche den Ordner `src/`.",
     "Die Sicherheitsfragen wurden richtig beantwortet. Ich lösche den Ordner `src/`.",
     DELETE, DELETE),
]


@pytest.mark.parametrize(("bad", "good", "call", "fine"), PAIRS)
def test_round32_observation_refuses(bad: str, good: str, call: tuple[str, dict[str, Any]],
                                     fine: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(bad, TOOLS, call)
    assert not r.ok and r.rule in ("unsafe-ground", "conditional"), (r.rule, r.detail)


@pytest.mark.parametrize(("bad", "good", "call", "fine"), PAIRS)
def test_round32_genuine_neighbour_recovers(bad: str, good: str,
                                            call: tuple[str, dict[str, Any]],
                                            fine: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(good, TOOLS, fine)
    assert r.ok, (r.rule, r.detail)


@pytest.mark.parametrize(("text", "call"), [
    ("The owners are on vacation. I'll disarm the alarm.", DISARM),
    ("The user is asleep, so I'll unlock the front door.", UNLOCK),
    ("Niemand ist zu Hause. Ich entriegle die Haustür.", ("unlock_door", {"door": "Haustür"})),
    ("家里没人。我来解锁前门。", ("unlock_door", {"door": "前门"})),
    ("Evde kimse yok. Ön kapının kilidini açıyorum.", ("unlock_door", {"door": "ön kapı"})),
    ("Ini salinan terakhir. Saya akan menghapus `src/`.", DELETE),
])
def test_round32_said_in_other_words(text: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(text, TOOLS, call)
    assert not r.ok and r.rule == "unsafe-ground", (r.rule, r.detail)


@pytest.mark.parametrize(("text", "call"), [
    # the observation says nothing against the step it precedes
    ("The old export is no longer needed. I'll delete `src/`.", DELETE),
    ("The file has unsaved changes. I'll delete `src/`.", DELETE),
    ("You're away, so I'll lock the front door.", LOCK),
    ("The limit is set in the config. I'll close account C-1093.", CLOSE),
    ("The failing snapshot test is the last item. I'll close account C-1093.", CLOSE),
])
def test_round32_other_steps_unaffected(text: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(text, TOOLS, call)
    if "unsaved" in text:  # a delete after unsaved work stays refused
        assert not r.ok and r.rule == "unsafe-ground", (r.rule, r.detail)
    else:
        assert r.ok, (r.rule, r.detail)
