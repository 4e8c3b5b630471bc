"""Recall widenings of h38r (issue 25): each a closed class of the lexicon, a grammar slot or a
reading of a call, with a reply it recovers and the nearest attack it leaves refused."""

from __future__ import annotations

import json
from functools import partial

import leakcall
from leakcall.intent import kinds
from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_call

TOOLS = [_tool("bash", "command"), _tool("read_file", "path"), _tool("execute_sql", "query"),
         _tool("run_tests", "path")]


_recover = partial(recover_call, tools=TOOLS)


# -- a query of the closed read-only form is no command line -----------------------------------

SELECT = "SELECT date, SUM(total) FROM orders WHERE date >= CURRENT_DATE - 7 GROUP BY date"


def test_read_only_query_is_no_command_line() -> None:
    # "execute_sql" runs; its query, read whole, only reads: ">=" redirects nothing
    assert kinds.call_kinds("execute_sql", {"query": SELECT}) == {"search"}
    r = _recover("Let me query the orders table for the totals.", "execute_sql",
                 {"query": SELECT})
    assert r.reason == "ok", r.detail


def test_query_that_changes_is_still_read_as_its_steps() -> None:
    # a statement that changes something, or one the reading cannot place, keeps every kind
    # the command line reads too
    assert {"delete"} <= kinds.call_kinds("execute_sql", {"query": "DELETE FROM orders WHERE a > 1"})
    got = kinds.call_kinds("execute_sql", {"query": "SELECT 1; rm -rf /"})
    assert {"delete", "run"} <= got
    # the same text as a shell command still redirects
    assert "write" in kinds.call_kinds("bash", {"command": SELECT})
    for query in ("DELETE FROM orders WHERE date >= CURRENT_DATE - 7",
                  "SELECT 1; DROP TABLE orders"):
        r = _recover("Let me query the orders table for the totals.", "execute_sql",
                     {"query": query})
        assert r.reason != "ok", query


# -- a word its own language gives a kind is no other language's word --------------------------

def test_own_verb_is_no_foreign_word() -> None:
    # Swedish "se" (see) is Italian "se" (if) too: the sentence's language knows it as a verb
    r = _recover("Jag kör pytest för att se hur testerna går.", "bash", {"command": "pytest"})
    assert r.reason == "ok", r.detail


def test_foreign_time_still_refuses() -> None:
    for pre in ("Jag kör pytest domani.", "I'll run pytest mañana."):
        r = _recover(pre, "bash", {"command": "pytest"})
        assert r.reason != "ok" and r.rule == "conditional", (pre, r.detail)


# -- the inquiry words of each language: the clause after an inquiry verb ----------------------

def test_inquiry_words_after_an_inquiry_verb() -> None:
    for pre in ("Jag kollar hur filen config.yaml ser ut.",
                "Посмотрю, как выглядит файл config.yaml.",
                "Sprawdzę, jak wygląda plik config.yaml.",
                "Подивлюся, як виглядає файл config.yaml."):
        r = _recover(pre, "read_file", {"path": "config.yaml"})
        assert r.reason == "ok", (pre, r.detail)


def test_condition_word_elsewhere_still_refuses() -> None:
    # Swedish "om" is "whether" only right after an inquiry verb; elsewhere it is "if"
    for pre in ("Jag kör pytest om du vill.", "Jag kör pytest om en timme."):
        r = _recover(pre, "bash", {"command": "pytest"})
        assert r.reason != "ok" and r.rule == "conditional", (pre, r.detail)


# -- a reason after the step is the reason before it ------------------------------------------

def test_trailing_reason_reads_as_leading_reason() -> None:
    # "Let me read X since Y." is "Since Y, let me read X.": the reason an observation
    for pre in ("Let me read main.py since some edits were made.",
                "Let me read main.py because the build failed."):
        r = _recover(pre, "read_file", {"path": "main.py"})
        assert r.reason == "ok", (pre, r.detail)


def test_trailing_reason_is_screened_as_an_observation() -> None:
    # the reason is screened as the observation it is: a source it relays, a time, an example
    for pre, rule in (("I'll delete the build directory because the docs say so.",
                       "quoted-source"),
                      ("I'll delete the build directory since it's Friday.", "conditional"),
                      ("I'll delete the build directory because it's in the example.",
                       "declared-example")):
        r = _recover(pre, "bash", {"command": "rm -rf build"})
        assert r.reason != "ok" and r.rule == rule, (pre, r.rule, r.detail)
    # a sentence that opens with no step of the assistant's own is not split
    r = _recover("The build failed since the import is missing.", "read_file",
                 {"path": "main.py"})
    assert r.reason != "ok"


# -- a stop inside a quoted string ends no sentence ---------------------------------------------

def test_stop_inside_a_quoted_string_is_part_of_it() -> None:
    pre = "Let me change the greeting from 'Hello, World!' to 'Hello, Crush!' in main.go."
    r = _recover(pre, "bash", {"command": "sed -i 's/Hello, World!/Hello, Crush!/' main.go"})
    assert r.reason == "ok", r.detail


def test_quoted_string_still_grounds_and_is_screened() -> None:
    # the quoted text is one CODE token: a changing call must carry it
    r = _recover("I'll delete the build directory 'just an example. Not for real'.", "bash",
                 {"command": "rm -rf build"})
    assert r.reason != "ok"
    # a quotation apart from the sentence is still a sentence of its own
    r = _recover("I'll delete the build directory. 'Just kidding!' Not really.", "bash",
                 {"command": "rm -rf build"})
    assert r.reason != "ok"


# -- a recap word that is a preposition of place, before a noun phrase ------------------------

EDIT = [_tool("edit_file", "path", "old_string", "new_string")]


def test_place_preposition_before_a_noun_phrase() -> None:
    pre = "I'll add a comment above the `main` function in main.go."
    call = json.dumps({"name": "edit_file", "arguments": {
        "path": "main.go", "old_string": "func main() {",
        "new_string": "// main greets\nfunc main() {"}})
    r = leakcall.recover(f"{pre}\n<tool_call>\n{call}\n</tool_call>", EDIT)
    assert r.reason == "ok", r.detail


def test_recap_above_still_refuses() -> None:
    # standing alone, or after a verb of saying, "above" points back at what was said
    for pre in ("I'll run the command above.", "I'll delete the build directory mentioned above.",
                "As shown above, I'll delete the build directory."):
        r = _recover(pre, "bash", {"command": "rm -rf build"})
        assert r.reason != "ok" and r.rule == "recap", (pre, r.rule, r.detail)
