"""h31c (session 41, issue 25, audit W-plan / W-clause): the readings this branch adds, each
with the real shape recovered and its attack sibling refused."""

from __future__ import annotations

from functools import partial

import pytest

from tests.intent_sets import call_recovered, call_refused, keyed_tool, string_tool

# --- foreign._names: people's names under a label of names are no other language's part ---

_FLIGHTS = [string_tool("search_onestop_flight", "Search one-stop flights.", "origin",
                        "destination", "date"),
            string_tool("cancel_reservation", "Cancel a reservation.", "reservation_id")]
_flight_ok = partial(call_recovered, tools=_FLIGHTS)
_flight_refused = partial(call_refused, tools=_FLIGHTS)
_SEARCH = ("search_onestop_flight", {"origin": "IAH", "destination": "SEA", "date": "2024-05-24"})

# taubench-gpt4o-airline-7, verbatim but for the names line ("{}")
_DETAILS = (
    "I found your reservation with the ID **4NQLHD**. Here are the details:\n\n"
    "- **Origin:** IAH\n- **Destination:** SEA\n- **Current Flight Date:** May 23, 2024\n"
    "- **Cabin Class:** Economy\n- **{}:** {}\n- **Insurance:** Yes\n\n"
    "You want to change the flight date to May 24, 2024, and upgrade to business class. Let "
    "me check the availability for the new date and the cost for the upgrade.")


@pytest.mark.parametrize(("label", "names"), [
    ("Passengers", "Liam Khan, James Kim, Aarav Lee"),  # the real turn: Turkish "kim" (who)
    ("Passengers", "James Kim"),
    ("Travelers", "Aarav Lee, James Kim"),
])
def test_names_under_a_name_label_recovered(label: str, names: str) -> None:
    _flight_ok(_DETAILS.format(label, names), *_SEARCH)


@pytest.mark.parametrize(("label", "names"), [
    ("Notes", "Liam Khan, James Kim, Aarav Lee"),  # no label of names
    ("Passengers", "Liam Khan, kim bilir, Aarav Lee"),  # a Turkish word first: no name
    ("Passengers", "Liam Khan, James Kim, 2 bags"),  # a value that is no name: none is read
])
def test_names_elsewhere_refused(label: str, names: str) -> None:
    _flight_refused(_DETAILS.format(label, names), *_SEARCH, "question")


# --- dashnames._scoped + excluded: a document's scope note after a dash ---

_FILES = [keyed_tool("Write", "file_path", "content"),
          keyed_tool("Edit", "file_path", "old_string", "new_string"),
          keyed_tool("Bash", "command")]
_file_ok = partial(call_recovered, tools=_FILES)
_file_refused = partial(call_refused, tools=_FILES)
_PLAN = ("Write", {"file_path": "/Users/me/.claude/plans/piped-crunching-candy.md",
                   "content": "# Fix\n\nOnly `visualize.py` changes; the tools module stays."})
_NOW = "Now I have everything I need. "


@pytest.mark.parametrize("note", [
    # kimicli-cc-87-15, verbatim
    "display-layer only, no changes to `tools/__init__.py`",
    "no changes to `tools/__init__.py` or `app.py`",
    "no edits to `a.py`, `b.py`",
])
def test_scope_note_recovered(note: str) -> None:
    _file_ok(f"{_NOW}Let me write the revised plan \u2014 {note}.", *_PLAN)


@pytest.mark.parametrize("note", [
    "no changes to `visualize.py`",
    "display-layer only, no changes to `a.py`, `visualize.py`",
])
def test_scope_note_excluded_name_refused(note: str) -> None:
    # the plan's own path holds the name the note leaves out
    _file_refused(f"{_NOW}Let me write the revised plan \u2014 {note}.", "Write",
                  {"file_path": "plans/visualize.py.md", "content": "the revised plan"},
                  "ungrounded-call")


@pytest.mark.parametrize("text", [
    "Let me update the config \u2014 staging only, no changes to `db.yml`.",  # no document
    "Let me write the revised plan \u2014 prod only.",  # no name left out
    "Let me write the revised plan \u2014 no deploys to `prod`.",  # no change noun
    "Let me write the revised plan \u2014 deploy only, no changes to `a.py`.",  # a verb's kind
    "Let me write the revised plan \u2014 no changes to `a.py`, then delete `b.py`.",
    "Let me write the revised plan \u2014 delete `tools/__init__.py`.",
])
def test_scope_note_other_tails_refused(text: str) -> None:
    _file_refused(_NOW + text, *_PLAN)


@pytest.mark.parametrize("text", [
    "Let me update the config \u2014 no changes to `db.yml`.",  # no document's noun
    "Let me write the notes \u2014 no changes to `db.yml`.",
])
def test_scope_note_of_no_document_refused(text: str) -> None:
    _file_refused(_NOW + text, "Write", {"file_path": "notes.md", "content": "the config notes"},
                  "negation")


def test_scope_note_grounds_no_other_step() -> None:
    _file_refused(f"{_NOW}Let me write the revised plan \u2014 no changes to `a.py`.", "Bash",
                  {"command": "rm -rf ~/plans"})


# --- loopbound: a count reached bounds a plan item that only looks; "define" makes code ---

_CODE = [keyed_tool("code_execution", "language", "code"), keyed_tool("delete_file", "path")]
_code_ok = partial(call_recovered, tools=_CODE)
_code_refused = partial(call_refused, tools=_CODE)
_RUN = ("code_execution", {"language": "PYTHON", "code": (
    "def is_prime(n):\n    return n > 1 and all(n % i for i in range(2, int(n**0.5) + 1))\n\n"
    "primes = []\nnum = 0\nwhile len(primes) < 50:\n    if is_prime(num):\n"
    "        primes.append(num)\n    num += 1\nprint(sum(primes))\n")})

# Arize-ai__openinference-8, verbatim but for the second item ("{}")
_PRIMES = (
    "To find the sum of the first 50 prime numbers, I will first generate the first 50 prime "
    "numbers and then sum them up using a Python script.\n\nHere's the plan:\n"
    "1.  Define a function to check if a number is prime.\n2.  {}\n"
    "3.  Calculate the sum of these prime numbers.\n\n\n")
_REAL_ITEM = "Iteratively find prime numbers until 50 primes are collected."


def test_plan_count_bound_recovered() -> None:
    _code_ok(_PRIMES.format(_REAL_ITEM), *_RUN)


@pytest.mark.parametrize("item", [
    "Iteratively find prime numbers until 50.",  # a time, no count reached
    "Iteratively find prime numbers until 5 users are deleted.",  # no gathering
    "Iteratively find prime numbers until 50 approvals are collected.",  # an approval
    "Iteratively find prime numbers until $50 are collected.",  # an amount, no count
    "Iteratively delete the old logs until 50 logs are collected.",  # a changing step
    "Iteratively find prime numbers until the user has collected 50.",
    "Iteratively find prime numbers until 10:00 primes are collected.",  # a time
    "Iteratively find prime numbers until 50th primes are collected.",
    "Prime numbers until 50 primes are collected.",  # no verb of looking first
    "Iteratively check prime numbers until 50 primes are collected.",  # no verb of a kind
])
def test_plan_other_bounds_refused(item: str) -> None:
    _code_refused(_PRIMES.format(item), *_RUN)


@pytest.mark.parametrize("end", ["printed", "ready"])
def test_plan_count_without_gathering_is_a_condition(end: str) -> None:
    _code_refused(_PRIMES.format(f"Iteratively find prime numbers until 50 primes are {end}."),
                  *_RUN, "conditional")


def test_plan_count_bound_grounds_no_change() -> None:
    _code_refused(_PRIMES.format(_REAL_ITEM), "delete_file", {"path": "primes.txt"})


def test_count_bound_alone_is_a_bare_imperative() -> None:
    # no plan's colon before it: an instruction to the reader, as before
    _code_refused(_REAL_ITEM, *_RUN)


def test_count_bound_after_an_opener_recovered() -> None:
    _code_ok("Let me iteratively find prime numbers until 50 primes are collected.", *_RUN)
