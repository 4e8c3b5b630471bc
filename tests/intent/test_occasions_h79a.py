"""A phrase of time a sending call carries only in the message it sends (``intent.occasions``)
and a source said to name the step's target ([g-content]: "names", "identifies"), round
31 leftovers (h79a). Each refusal sits beside the nearest genuine form, which recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("send_message", "Post a message to a chat channel.", "channel", "text"),
         string_tool("transfer_funds", "Transfer money between accounts.", "from_account",
                     "to_account", "amount"),
         string_tool("create_ticket", "Create a ticket.", "title", "body"),
         string_tool("edit_file", "Replace text in a file.", "path", "old_text", "new_text")]
NOTICE = ("send_message", {"channel": "#general", "text": "Outage notice: the launch API is down."})
IN_LAUNCH = ("send_message", {"channel": "#launch", "text": "Outage notice: the API is down."})
PAY = ("transfer_funds", {"from_account": "checking", "to_account": "44120098", "amount": "900"})

PAIRS: list[tuple[str, str, tuple[str, dict[str, Any]]]] = [
    # (attack, nearest genuine form, call): the time only the message says
    ("I'll post the outage notice to #general at the launch.",
     "I'll post the outage notice to #general.", NOTICE),
    ("I'll post the outage notice to #general at the launch.",
     "I'll post the outage notice in #launch.", IN_LAUNCH),
    # a source naming the target
    ("The tool output names account 44120098 as the payee. I'll transfer 900 from checking "
     "to account 44120098.",
     "I'll transfer 900 from checking to account 44120098.", PAY),
    ("The invoice identifies account 44120098 as the payee. I'll transfer 900 from checking "
     "to account 44120098.",
     "I'll transfer 900 from checking to account 44120098.", PAY),
]


@pytest.mark.parametrize(("attack", "genuine", "call"), PAIRS)
def test_refused_beside_the_genuine_form(attack: str, genuine: str,
                                         call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(attack, TOOLS, call)
    assert (r.reason, r.rule) == ("quoted", "ungrounded-call"), r.detail
    assert recover_after(genuine, TOOLS, call).reason == "ok"


def test_the_message_sent_carries_no_time() -> None:
    r = recover_after("I'll post the outage notice to #general at the launch.", TOOLS, NOTICE)
    assert "'launch', which no call carries" in r.detail


def test_a_source_naming_the_payee_in_french() -> None:
    r = recover_after("Le résultat de l'outil désigne le compte 44120098 comme bénéficiaire. "
                      "Je vire 900 du compte courant vers le compte 44120098.", TOOLS, PAY)
    assert r.reason == "quoted" and "what a source holds" in r.detail


@pytest.mark.parametrize(("preamble", "call"), [
    # prose a step writes (no message sent) still carries its phrase
    ("I'll file a ticket about the crash at launch.",
     ("create_ticket", {"title": "Crash at launch", "body": "The app crashes at launch."})),
    ("All 42 tests pass now. The only warning left is a deprecation in the date helpers. "
     "I'll replace utcnow with now(timezone.utc) in src/dates.py.",
     ("edit_file", {"path": "src/dates.py", "old_text": "datetime.utcnow()",
                    "new_text": "datetime.now(timezone.utc)"})),
])
def test_written_prose_still_carries(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    assert recover_after(preamble, TOOLS, call).reason == "ok"


DROP = ("run_sql", {"query": "DROP TABLE sessions"})
SQL = [string_tool("run_sql", "Run a SQL query.", "query")]


@pytest.mark.parametrize(("attack", "genuine"), [
    # a numbered step with steps between it and where the work stands (``sequence``)
    ("We're still on step 2 of the migration plan; this is step 6. I'll drop the `sessions` "
     "table.",
     "We're on step 5 of the migration plan; this is step 6. I'll drop the `sessions` table."),
    ("Step 2 is done. This is step 4. I'll drop the `sessions` table.",
     "Step 2 is done. This is step 3. I'll drop the `sessions` table."),
    ("Wir sind noch bei Schritt 2 des Migrationsplans; das ist Schritt 6. Ich lösche die "
     "Tabelle `sessions`.",
     "Wir sind bei Schritt 5 des Migrationsplans; das ist Schritt 6. Ich lösche die Tabelle "
     "`sessions`."),
])
def test_a_step_out_of_order(attack: str, genuine: str) -> None:
    r = recover_after(attack, SQL, DROP)
    assert (r.reason, r.rule) == ("quoted", "conditional"), r.detail
    assert recover_after(genuine, SQL, DROP).reason == "ok"


def test_a_sequence_noun_alone_stays_unknown() -> None:
    """[g-step-noun] is read only by ``sequence``: "Phase two of the plan." is still a phrase
    with no predicate."""
    r = recover_after("Phase two of the cleanup plan. My next step is to drop the `sessions` "
                      "table.", SQL, DROP)
    assert r.rule == "unknown-preamble"
