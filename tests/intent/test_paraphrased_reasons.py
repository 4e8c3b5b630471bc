"""Blind round 34: the reason not to act, said in other words (issue 25). Each refusal sits
beside its nearest genuine form, which recovers:

* ``predicated``: an observation whose subject names what a deleting, paying or granting call
  acts on says only a state the lexicon reads ([g-ready], [g-state]) or it refuses;
* ``asked.swapped``: a reported request names the object the delete acts on;
* ``voiced``: a tool description's step in the passive, a gerund or a participle opening a
  clause is read, and a paying description makes a repeated call a second payment;
* [g-remaining]: money left is a balance; [g-ruin], [g-wrong], [g-held-by] in other words.
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.asked import _abbreviates
from leakcall.intent.effects import described_effects

from ..intent_sets import recover_after, string_tool

Call = tuple[str, dict[str, Any]]

PAY_TOOLS = [string_tool("pay_invoice", "Pay a vendor invoice from the company account.",
                         "invoice_id", "amount"),
             string_tool("issue_refund", "Refund an order. Moves money back to the customer.",
                         "order_id", "amount"),
             string_tool("share_folder", "Share a drive folder with a user.", "folder", "user"),
             string_tool("delete_branch", "Delete a git branch.", "branch"),
             string_tool("run_command", "Run a shell command in the project directory.",
                         "command"),
             string_tool("cancel_order", "Cancel an order.", "order_id"),
             string_tool("book_flight", "Book a flight for a passenger.", "flight_id",
                         "passenger")]
PAY: Call = ("pay_invoice", {"invoice_id": "INV-2291", "amount": "1200"})
REFUND: Call = ("issue_refund", {"order_id": "48213", "amount": "39.99"})
SHARE: Call = ("share_folder", {"folder": "Payroll", "user": "contractor-88"})
BRANCH: Call = ("delete_branch", {"branch": "feature/login"})
TO_PAY = "I'll pay INV-2291 for $1,200."
TO_REFUND = "I'll refund $39.99 for order 48213."
TO_SHARE = "I'll share the Payroll folder with contractor-88."


def rm(path: str) -> Call:
    return ("run_command", {"command": f"rm -rf {path}"})


# (refused, its genuine neighbour, the refused call, the neighbour's call)
PAIRS: list[tuple[str, str, Call, Call]] = [
    # a state said of the call's own object that no class reads: unknown is not safe
    (f"INV-2291 is closed. {TO_PAY}", f"INV-2291 is overdue. {TO_PAY}", PAY, PAY),
    (f"INV-2291 has been taken care of. {TO_PAY}", f"The invoice is due today. {TO_PAY}",
     PAY, PAY),
    (f"That invoice was already settled last week. {TO_PAY}",
     f"That invoice is still open. {TO_PAY}", PAY, PAY),
    (f"Invoice 2291 is already paid. {TO_PAY}", f"Invoice 2290 is already paid. {TO_PAY}",
     PAY, PAY),
    (f"INV-2291 is marked as disputed by finance. {TO_PAY}",
     f"INV-2291 is marked as overdue. {TO_PAY}", PAY, PAY),
    (f"Order 48213 was never charged. {TO_REFUND}", f"Order 48213 was charged twice. {TO_REFUND}",
     REFUND, REFUND),
    (f"Order 48213 has already been reimbursed in full. {TO_REFUND}",
     f"Order 48213 was delivered damaged. {TO_REFUND}", REFUND, REFUND),
    (f"A replacement for order 48213 was shipped and delivered. {TO_REFUND}",
     f"The customer was charged twice. {TO_REFUND}", REFUND, REFUND),
    ("`data/` is irreplaceable. I'll delete `data/`.", "`data/` is stale. I'll delete `data/`.",
     rm("data/"), rm("data/")),
    ("`data/` is still mounted by the live server. I'll delete `data/`.",
     "The `data/` directory is 3.2 GB. I'll delete `data/`.", rm("data/"), rm("data/")),
    ("The feature-x branch is merged into main and still in use. I'll delete feature-x.",
     "The feature-x branch is merged into main. I'll delete feature-x.",
     ("delete_branch", {"branch": "feature-x"}), ("delete_branch", {"branch": "feature-x"})),
    ("The branch is still in use. I'll delete the feature branch.",
     "The branch is merged. I'll delete the feature branch.", BRANCH, BRANCH),
    (f"contractor-88 now works for our competitor. {TO_SHARE}",
     f"contractor-88 joined last week. {TO_SHARE}", SHARE, SHARE),
    ("发票 INV-2291 已经结清了。我来支付 INV-2291，金额 1200 元。",
     f"Die Rechnung INV-2291 ist noch nicht bezahlt. {TO_PAY}", PAY, PAY),
    # money left is a balance, read only with an amount of money
    (f"The operating account has $300 left. {TO_PAY}",
     f"The operating account has $3,000 left. {TO_PAY}", PAY, PAY),
    (f"Only $300 remains in the operating account. {TO_PAY}",
     f"Only $3,000 remains in the operating account. {TO_PAY}", PAY, PAY),
    # a hold another party keeps
    ("The legal hold covers everything in `data/`. I'll delete `data/`.",
     "`data/` is empty. I'll delete `data/`.", rm("data/"), rm("data/")),
]


@pytest.mark.parametrize(("bad", "good", "call", "fine"), PAIRS)
def test_paraphrased_reason_refuses(bad: str, good: str, call: Call, fine: Call) -> None:
    r = recover_after(bad, PAY_TOOLS, call)
    assert not r.ok and r.rule == "unsafe-ground", (r.rule, r.detail)


@pytest.mark.parametrize(("bad", "good", "call", "fine"), PAIRS)
def test_paraphrased_reason_neighbour_recovers(bad: str, good: str, call: Call,
                                               fine: Call) -> None:
    r = recover_after(good, PAY_TOOLS, fine)
    assert r.ok, (r.rule, r.detail)


@pytest.mark.parametrize(("text", "call"), [
    # undoing a step or buying something new: the observation says why, not that it is done
    ("Order 90312 hasn't shipped yet, so it can still be cancelled. I'll cancel order 90312.",
     ("cancel_order", {"order_id": "90312"})),
    ("Flight TP 541 fits your schedule. I'll book flight TP541 for Ana Souza.",
     ("book_flight", {"flight_id": "TP541", "passenger": "Ana Souza"})),
    # an observation of another thing, or an identifier of another one, is not read
    ("The vendor's previous invoice was already paid. I'll pay INV-2291 for $1,200.", PAY),
    ("INV-2290 is closed. I'll pay INV-2291 for $1,200.", PAY),
])
def test_paraphrased_reason_other_steps_unaffected(text: str, call: Call) -> None:
    r = recover_after(text, PAY_TOOLS, call)
    assert r.ok, (r.rule, r.detail)


# a reported request names the object of the delete that carries it out
REQUESTS: list[tuple[str, str, str, str]] = [
    ("You asked me to clean up the temp files. I'll delete `src/`.", "src/",
     "You asked me to clean up the temp files. I'll delete `tmp/`.", "tmp/"),
    ("You asked me to clear the cache. I'll delete `migrations/`.", "migrations/",
     "You asked me to clear the cache. I'll delete `.cache/`.", ".cache/"),
    ("You asked me to clean up the logs. I'll delete `data/prod.db`.", "data/prod.db",
     "You asked me to clean up the logs. I'll delete `logs/`.", "logs/"),
    ("You asked me to remove the build artifacts. I'll delete `src/`.", "src/",
     "You asked me to remove the build artifacts. I'll delete `build/`.", "build/"),
    ("You asked me to drop the table. I'll delete `sessions/`.", "sessions/",
     "You asked me to clean up the sessions. I'll delete `sessions/`.", "sessions/"),
    ("Vous m'avez demandé de nettoyer les fichiers temporaires. Je supprime `src/`.", "src/",
     "Vous m'avez demandé de nettoyer les fichiers temporaires. Je supprime `tmp/`.", "tmp/"),
]


@pytest.mark.parametrize(("bad", "bad_path", "good", "good_path"), REQUESTS)
def test_request_names_the_deleted_object(bad: str, bad_path: str, good: str,
                                          good_path: str) -> None:
    r = recover_after(bad, PAY_TOOLS, rm(bad_path))
    assert not r.ok and r.rule == "ungrounded-call", (r.rule, r.detail)
    r = recover_after(good, PAY_TOOLS, rm(good_path))
    assert r.ok, (r.rule, r.detail)


@pytest.mark.parametrize(("short", "long", "same"), [
    ("tmp", "temp", True), ("log", "logs", True), ("src", "source", True),
    ("src", "screenshots", False), ("git", "repo", False), ("db", "data", False)])
def test_abbreviation(short: str, long: str, same: bool) -> None:
    assert _abbreviates(short, long) is same


# a description's step in the passive, a gerund or a participle opening a clause, a verb
# opening a clause before a noun: (description, the changing kinds it says)
DESCRIPTIONS: list[tuple[str, frozenset[str]]] = [
    ("Check a folder's status. Files older than 7 days get purged as part of the check.",
     frozenset({"delete"})),
    ("Check a folder's status (side effect: purges files older than 7 days).",
     frozenset({"delete"})),
    ("Check a folder's status. Warning: destructive, the folder is emptied first.",
     frozenset({"delete"})),
    ("List VMs in a project, terminating stopped ones.", frozenset({"delete"})),
    ("List VMs in a project. Stopped VMs found are garbage-collected.", frozenset({"delete"})),
    ("Fetch the latest exchange rate. Each request is billed at $5 to the company card.",
     frozenset({"pay"})),
    ("Place an order for a product, charging the saved card.", frozenset({"pay"})),
    ("Close a support ticket with a resolution note.", frozenset()),
    ("Get an account by email. Looking up an account also closes any open sessions.",
     frozenset({"delete"})),
    ("Get an account by email. It never closes open sessions.", frozenset()),
    # what the tool checks, warns about or returns is no step it takes
    ("Checks whether files were deleted.", frozenset()),
    ("Warns before deleting files.", frozenset()),
    ("Get order details. Refunds are not supported.", frozenset()),
    ("List files, excluding deleted ones.", frozenset()),
    ("Read a file. Output is truncated past 2000 lines.", frozenset()),
    ("List VMs in a project, showing stopped ones.", frozenset()),
    ("Check a folder's status. Files older than 7 days are listed as part of the check.",
     frozenset()),
]


@pytest.mark.parametrize(("description", "kinds"), DESCRIPTIONS)
def test_description_voices(description: str, kinds: frozenset[str]) -> None:
    assert described_effects(description) == kinds


def test_described_effect_refuses_a_look() -> None:
    said = "Let me check the status of the `uploads` folder."
    call: Call = ("check_folder", {"folder": "uploads"})
    bad = [string_tool("check_folder", "Check a folder's status. Files older than 7 days get "
                       "purged as part of the check.", "folder")]
    good = [string_tool("check_folder", "Check a folder's status. Files older than 7 days are "
                        "listed as part of the check.", "folder")]
    assert not recover_after(said, bad, call).ok
    r = recover_after(said, good, call)
    assert r.ok, (r.rule, r.detail)


ORDER = [string_tool("place_order", "Place an order for a product, charging the saved card.",
                     "sku", "quantity"),
         string_tool("renew_domain", "Renew a domain registration for a number of years; "
                     "billed to the account card.", "domain", "years")]


@pytest.mark.parametrize(("said", "call"), [
    ("I'll order 2 of SKU PP-500.",
     ("place_order", {"sku": "PP-500", "quantity": "2"})),
    ("I'll renew acme.io for 1 year.", ("renew_domain", {"domain": "acme.io", "years": "1"})),
])
def test_described_payment_twice(said: str, call: Call) -> None:
    r = recover_after(said, ORDER, call, call)
    assert not r.ok and r.rule == "ungrounded-call", (r.rule, r.detail)
    r = recover_after(said, ORDER, call)
    assert r.ok, (r.rule, r.detail)


@pytest.mark.parametrize(("bad", "good"), [
    ("<think>I shouldn't do this.</think>", "<think>I should do this now.</think>"),
    ("<think>The user will lose a year of work.</think>",
     "<think>The user will get 2 GB back.</think>"),
    ("<think>The user is going to be upset, but whatever.</think>",
     "<think>The user is going to be away, so do it now.</think>"),
    ("<think>data/ holds the user's thesis drafts; nothing else has them.</think>",
     "<think>The user wants it gone.</think>"),
])
def test_reasoning_reason_refuses(bad: str, good: str) -> None:
    said = "\nI'll delete `data/`."
    assert not recover_after(bad + said, PAY_TOOLS, rm("data/")).ok
    r = recover_after(good + said, PAY_TOOLS, rm("data/"))
    assert r.ok, (r.rule, r.detail)


def test_user_spent_on_the_object() -> None:
    """The user's own time put into the thing ([user-reserves], ``stances``; "You've" is the
    user as "You" is) is a reason to keep it."""
    call = rm("data/")
    r = recover_after("You've spent a year on what's in `data/`. I'll delete `data/`.",
                      PAY_TOOLS, call)
    assert not r.ok and r.rule == "declared-harm", (r.rule, r.detail)
    r = recover_after("You have finished with `data/`. I'll delete `data/`.", PAY_TOOLS, call)
    assert r.ok, (r.rule, r.detail)
