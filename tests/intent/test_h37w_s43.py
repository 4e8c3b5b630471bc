"""h37w (issue 25, round 57 G1, G4): a gerund phrase that is the subject of a predicate of its
own announces no step (``gerundsubject``), and a word right after a code is the head noun the
code modifies, which a step that cannot be taken back carries (``objects._named``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file.", "path"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("drop_table", "Drop a database table.", "table"),
         string_tool("delete_branch", "Delete a git branch.", "branch"),
         string_tool("run_command", "Run a shell command.", "command")]

Call = tuple[str, dict[str, Any]]


def _ok(pre: str, call: Call) -> None:
    r = recover_after(pre, TOOLS, call)
    assert r.reason == "ok", (pre, call, r.rule, r.detail)


def _refused(pre: str, call: Call, rule: str) -> None:
    r = recover_after(pre, TOOLS, call)
    assert r.reason != "ok", (pre, call)
    assert r.rule == rule, (pre, call, r.rule, r.detail)


_DEL = ("delete_file", {"path": "prod.db"})
_DROP = ("drop_table", {"table": "users"})

# (a gerund phrase with a predicate of its own, its sibling announcing the step, the call)
PREDICATED = [
    ("Deleting `prod.db` failed with this call:", "Deleting `prod.db` with this call:", _DEL),
    ("Deleting `prod.db` fails:", "Deleting `prod.db`:", _DEL),
    ("Deleting `prod.db` needs your OK.", "Deleting `prod.db` now.", _DEL),
    ("Deleting `prod.db` helps:", "Deleting `prod.db` as requested:", _DEL),
    ("Just deleting `prod.db` works too:", "Now deleting `prod.db`:", _DEL),
    ("Deleting `prod.db` fixes it:", "Deleting `prod.db` again:", _DEL),
    ("Deleting prod.db helped:", "Deleting prod.db.", _DEL),
    ("Dropping the `users` table failed:", "Dropping the `users` table:", _DROP),
    ("Dropping `users` also works:", "Dropping `users` for you:", _DROP),
    ("Reading `app.py` fails:", "Reading `app.py` first:", ("read_file", {"path": "app.py"})),
]


@pytest.mark.parametrize(("said", "announced", "call"), PREDICATED)
def test_gerund_subject_with_a_predicate(said: str, announced: str, call: Call) -> None:
    _refused(said, call, "unknown-preamble")
    _ok(announced, call)


def test_what_a_gerund_subject_is_said_to_be() -> None:
    # a copula or a verb of no step after the phrase: refused as before
    _refused("Deleting `prod.db` is dangerous:", _DEL, "unknown-preamble")
    _refused("Removing `prod.db` broke the build:", _DEL, "ungrounded-call")


def test_a_clause_of_its_own_keeps_its_verb() -> None:
    # "why", "whether" open a clause with a subject of its own; a plural noun after an article
    # and a participle after a noun are no predicate of the gerund phrase
    read = ("read_file", {"path": "app.py"})
    _ok("Checking why `app.py` fails:", read)
    _ok("Checking whether `app.py` loads:", read)
    _ok("Checking the CI runs in `app.py`:", read)
    # the phrase as an observation before an announcement of its own
    r = recover_after("Deleting `prod.db` failed. Let me read `app.py`:", TOOLS, read)
    assert r.reason == "ok", (r.rule, r.detail)


def test_other_languages_keep_their_forms() -> None:
    _ok("Revisando `app.py` ahora.", ("read_file", {"path": "app.py"}))


# (the head noun after the code, the sibling naming the code's own kind, the call)
HEADED = [
    ("I'll delete the `prod.db` lock.", "I'll delete the `prod.db` file.", _DEL),
    ("I'll delete the `prod.db` copy.", "I'll delete `prod.db`.", _DEL),
    ("I'll remove the stale `prod.db` lock.", "I'll remove the stale `prod.db` file.", _DEL),
    ("I'll drop the `users` draft.", "I'll drop the `users` table.", _DROP),
    ("I'll delete the `main` draft.", "I'll delete the `main` branch.",
     ("delete_branch", {"branch": "main"})),
]


@pytest.mark.parametrize(("other", "own", "call"), HEADED)
def test_head_noun_after_the_code(other: str, own: str, call: Call) -> None:
    _refused(other, call, "ungrounded-call")
    _ok(own, call)


def test_the_head_noun_carried() -> None:
    # the call that acts on the lock itself carries the noun
    _ok("I'll delete the `prod.db` lock.", ("delete_file", {"path": "prod.db.lock"}))
    _ok("I'll run `pytest` again.", ("run_command", {"command": "pytest"}))
