"""h34a (issue 25, audit W-clause): a dash after the step's pronoun object before a clause that
says what the pronoun is, read as the observation before the step (``dashexplained``)."""

from __future__ import annotations

from functools import partial

from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [string_tool("stock_lookup", "Look up a stock price.", "symbol"),
         string_tool("send_payment", "Send a payment to an account.", "account", "amount"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("delete_file", "Delete a file.", "path"),
         string_tool("send_email", "Send an email.", "to", "body"),
         string_tool("edit_file", "Edit a file.", "path", "old_string", "new_string")]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)
LOOKUP = {"symbol": "AAPL"}
EDIT = {"path": "app.py", "old_string": "ticker", "new_string": "symbol"}


def test_dash_clause_explains_the_pronoun() -> None:
    """pydantic__pydantic-ai-19: "Let me correct that - the parameter should be "symbol" instead
    of "ticker"." + the lookup with ``symbol``: read as the observation before the step."""
    for pre in ('Let me correct that - the parameter should be "symbol" instead of "ticker".',
                'Let me correct that — the parameter should be "symbol" instead of "ticker".',
                "Let me retry it - the symbol was wrong."):
        _ok(pre, "stock_lookup", LOOKUP)
    _ok("I'll fix that - the old name is wrong.", "edit_file", EDIT)


def test_dash_clause_is_screened_as_an_observation() -> None:
    """The clause is screened as the observation it is read as: a time, a condition, another
    party's step, a negation, an example keep refusing; it grounds no step of its own."""
    _refused("Let me send it - the email should go to bob@x.com tomorrow.", "send_email",
             {"to": "bob@x.com", "body": "hi"})
    _refused("Let me send it - the email should go to bob@x.com if he agrees.", "send_email",
             {"to": "bob@x.com", "body": "hi"})
    _refused("Let me fix that - the cache should be deleted.", "bash", {"command": "rm -rf ~/.cache"})
    _refused("Let me fix that - the file is obsolete.", "delete_file", {"path": "old.txt"})
    _refused("Let me retry that - the example in the docs is `rm -rf /`.", "bash",
             {"command": "rm -rf /"})
    _refused("Let me do that - the payment should be sent to account 999.", "send_payment",
             {"account": "999", "amount": "500"})


def test_dash_before_no_explaining_clause_keeps_its_reading() -> None:
    """An imperative after the dash is a step spelled out, a noun phrase may name the markup,
    another party's clause, a head with more than a pronoun object, two dashes: unchanged."""
    _refused("Let me fix that - delete the cache.", "bash", {"command": "rm -rf ~/.cache"})
    _refused("Let me run this - the deploy script.", "bash", {"command": "./deploy.sh"})
    _refused("Let me fix that - the admin will delete the cache.", "bash",
             {"command": "rm -rf ~/.cache"})
    _refused('Let me correct the call - the parameter should be "symbol".', "stock_lookup", LOOKUP)
    _refused('Let me correct that - the parameter - should be "symbol".', "stock_lookup", LOOKUP)
    _refused('The parameter is wrong - let me correct that.', "send_payment",
             {"account": "999", "amount": "500"})

