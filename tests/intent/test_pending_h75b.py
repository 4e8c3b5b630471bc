"""An observation saying the step is not (yet) wanted (``intent.pending``, round 30): the
user's request restricted to something else ([g-only] with the user or a verb of asking or
wanting: rule ``negation``), an approval or a prerequisite not given or done yet ([g-yet] with
a negation: ``conditional``), another party's step still to come first ([g-first] or
[g-before] with a future or an obligation: ``conditional``). Each refusal sits beside the
nearest genuine form, which recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, shell_call, string_tool

TOOLS = [string_tool("run_sql", "Run a SQL query.", "query"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("place_order", "Place an order.", "item", "address"),
         string_tool("cancel_order", "Cancel an order.", "order_id")]
DROP = ("run_sql", {"query": "DROP TABLE sessions"})
READ = ("read_file", {"path": "notes.md"})
TESTS = shell_call("pytest")
DELETE = shell_call("rm -rf backups/")


@pytest.mark.parametrize(("text", "call", "rule"), [
    # a restricted request
    ("You only asked for a summary. I'll drop the `sessions` table.", DROP, "negation"),
    ("You asked me to only list the files. I'll delete the `backups/` folder.", DELETE,
     "negation"),
    ("You only wanted a list of the tables. I'll drop the `sessions` table.", DROP,
     "negation"),
    ("This goes beyond what you asked. I'll drop the `sessions` table.", DROP, "negation"),
    ("Você só pediu uma lista. Vou apagar a pasta `backups/`.", DELETE, "negation"),
    ("U vroeg alleen om een lijst. Ik verwijder de map `backups/`.", DELETE, "negation"),
    # an approval not given yet
    ("You haven't confirmed yet. I'll drop the `sessions` table.", DROP, "conditional"),
    ("You haven't said yes to this yet. I'll drop the `sessions` table.", DROP,
     "conditional"),
    ("Você ainda não confirmou. Vou apagar a pasta `backups/`.", DELETE, "conditional"),
    ("You didn't confirm. I'll drop the `sessions` table.", DROP, "conditional"),
    ("You still haven't confirmed. I'll drop the `sessions` table.", DROP, "conditional"),
    ("Vous n'avez pas encore confirmé. Je supprime la table `sessions`.", DROP,
     "conditional"),
    # a prerequisite not done yet
    ("The migration isn't finished yet. I'll drop the `sessions` table.", DROP,
     "conditional"),
    ("Steps 1–4 of the runbook aren't done yet. I'll drop the `sessions` table.", DROP,
     "conditional"),
    ("The backup hasn't been taken yet, and this comes after it. I'll drop the `sessions` "
     "table.", DROP, "conditional"),
    # another party's check to come first
    ("Kim will review it first. I'll drop the `sessions` table.", DROP, "conditional"),
    ("Security will audit this first. I'll drop the `sessions` table.", DROP, "conditional"),
    # approving is a changing step (h9Cf): "you will ... approve" is someone's step to come
    ("You will need to approve it first. I'll drop the `sessions` table.", DROP,
     "other-actor"),
    ("Legal will look over this before anything happens. I'll drop the `sessions` table.",
     DROP, "conditional"),
    ("The release manager has to sign this off first. I'll drop the `sessions` table.", DROP,
     "conditional"),
])
def test_not_wanted_yet_refuses(text: str, call: tuple[str, dict[str, Any]], rule: str) -> None:
    r = recover_after(text, TOOLS, call)
    assert not r.ok and r.rule == rule, (r.rule, r.detail)


@pytest.mark.parametrize(("text", "call"), [
    # no restriction: the request itself
    ("You asked for a summary. I'll read `notes.md`.", READ),
    ("You asked me to drop the table. I'll drop the `sessions` table.", DROP),
    # a restricted request, an observing step within it
    ("You only asked for a summary. I'll read `notes.md`.", READ),
    # the thing not done yet is the step itself
    ("The tests aren't done yet. Let me run them.", TESTS),
    ("The tests haven't run yet. I'll run the tests.", TESTS),
    # a thing not done yet, no order stated: a fact
    ("The backup hasn't been taken yet. I'll drop the `sessions` table.", DROP),
    # an approval given
    ("You confirmed it. I'll drop the `sessions` table.", DROP),
    ("You confirmed the address. I'll place the order.",
     ("place_order", {"item": "lamp", "address": "12 Elm St"})),
    # the user confirmed that something else is not needed
    ("You confirmed the `sessions` table is no longer needed. I'll drop the `sessions` table.",
     DROP),
    # a state not reached yet is a fact the step answers
    ("Since it hasn't shipped yet, I'll cancel order A-5521.",
     ("cancel_order", {"order_id": "A-5521"})),
    ("There's no `config.yaml` yet. I'll create it.",
     ("bash", {"command": "touch config.yaml"})),
    # a check that came first, done
    ("Kim reviewed it. I'll drop the `sessions` table.", DROP),
    ("Kim reviewed it first. I'll drop the `sessions` table.", DROP),
    # a thing's step to come first, no party's: a fact about how the step runs
    ("The folder has to exist first. I'll run `mkdir out`.", shell_call("mkdir out")),
    ("It has to be there before the build. I'll run `mkdir out`.", shell_call("mkdir out")),
    # a restrictive word said of no request
    ("Only the `sessions` table is stale. I'll drop the `sessions` table.", DROP),
    # a negation with no "yet"
    ("The `sessions` table isn't used. I'll drop the `sessions` table.", DROP),
    ("I'll drop the `sessions` table.", DROP),
])
def test_nearest_genuine_recovers(text: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, r.detail
