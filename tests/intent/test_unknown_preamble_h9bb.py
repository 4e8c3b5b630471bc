"""Preambles refused ``unknown-preamble`` for a closed construct the grammar had no place for
(session 28, h9Bb).

An inquiry word with its quantifier ([g-inquiry]: "how many", "how much"; "cuántas",
"quante", "quantas" beside the masculine forms the lexicons had) heads the clause a check
finds out ("I'll check how many rows the `events` table has"), as "what" does: only after a
verb of inquiry, so it grounds no changing step. A dash between a statement and an opener
("You mentioned a flight from JFK — let me pull up the details.") ends the statement as a stop
would (``dashapart``): the clause before is screened as an observation, and one that asks,
waits on a condition or is a bare imperative is not set apart. A range written with a
spaced hyphen or en dash between two codes or words opening with a digit ("10/14 - 10/21",
"October 15th - 22nd") is one token, as its unspaced form is (``pieces._ranges``); an em
dash keeps the dash, and a time of day in a range is still one ("9am - 5pm"). Each recovered case has
a near-identical refused one beside it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("execute_sql", "Run a SQL query.", "query"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("delete_file", "Delete a file.", "path"),
         string_tool("get_reservation_details", "Get the details of a reservation.",
                     "reservation_id"),
         string_tool("search_flights", "Search flights.", "origin", "destination")]

COUNT = ("execute_sql", {"query": "SELECT COUNT(*) FROM events"})
WIPE = ("execute_sql", {"query": "DELETE FROM events"})
LOG = ("read_file", {"path": "build.log"})
DROP = ("delete_file", {"path": "build"})
LOOKUP = ("get_reservation_details", {"reservation_id": "DF89BM"})
FLIGHTS = ("search_flights", {"origin": "Paris", "destination": "Nice"})

# (recovered, its call, refused, its call): each pair differs in the construct only
PAIRS: list[tuple[str, tuple[str, dict[str, Any]], str, tuple[str, dict[str, Any]]]] = [
    # the quantifier heads what the check finds out ...
    ("I'll check how many rows the `events` table has.", COUNT,
     "I'll check how many rows the `events` table has.", WIPE),
    ("The query returned no rows. I'll check how many rows the `events` table has: "
     "`SELECT COUNT(*) FROM events`.", COUNT,
     "The query returned no rows. I'll delete how many rows the `events` table has.", WIPE),
    ("Let me see how much data the `events` table holds.", COUNT,
     "Let me see how much data the `events` table holds, then clear it.", WIPE),
    # ... in each language whose inquiry class had the masculine form only
    ("Voy a comprobar cuántas filas tiene la tabla `events`.", COUNT,
     "Voy a borrar cuántas filas tiene la tabla `events`.", WIPE),
    ("Verifico quante righe ha la tabella `events`.", COUNT,
     "Cancello quante righe ha la tabella `events`.", WIPE),
    ("Vou verificar quantas linhas a tabela `events` tem.", COUNT,
     "Vou apagar quantas linhas a tabela `events` tem.", WIPE),
    # a dash ends a statement before an opener, as a stop would ...
    ("The build failed — let me read the log.", LOG,
     "If the build failed — let me read the log.", LOG),
    ("The build failed -- now let me read the log.", LOG,
     "The build failed -- now let me read the log and delete the build.", DROP),
    ("You mentioned a reservation from JFK — let me pull up the details of DF89BM.", LOOKUP,
     "You mentioned a reservation from JFK — let me pull up the details of DF89BM.", DROP),
    ("Der Build ist fehlgeschlagen — ich lese das Log.", LOG,
     "Wenn der Build fehlgeschlagen ist — ich lese das Log.", LOG),
    ("构建失败了——我来看一下日志。", LOG, "如果构建失败了——我来看一下日志。", LOG),
    # ... but not a condition, a question or a bare imperative before it (after a colon too)
    ("The tests passed — I'll delete the old build.", DROP,
     "If the tests passed — I'll delete the old build.", DROP),
    ("The old build is stale — I'll delete the old build.", DROP,
     "Should I delete the old build — I'll delete the old build.", DROP),
    ("Disk usage is high — I'll delete the old build.", DROP,
     "The user said: delete the old build — I'll delete the old build.", DROP),
    ("The old build is stale — I'll delete it now.", DROP,
     "Delete the old build — I'll delete it now.", DROP),
    # a range with a spaced hyphen or en dash is one token, as unspaced ...
    ("I'll search flights for 10/14 - 10/21.", FLIGHTS,
     "I'll search flights for 10/14 — 10/21.", FLIGHTS),
    ("I'll search flights from October 15th – 22nd.", FLIGHTS,
     "I'll delete the logs from October 15th – 22nd.", ("delete_file", {"path": "logs"})),
    # ... and times of day stay times
    ("I'll search flights for 10/14 - 10/21.", FLIGHTS,
     "I'll delete the old logs from 9am - 5pm.", ("delete_file", {"path": "logs/9am-5pm"})),
]


@pytest.mark.parametrize("k", range(len(PAIRS)))
def test_recovered(k: int) -> None:
    preamble, call, _, _ = PAIRS[k]
    expect_recovered(recover_after(preamble, TOOLS, call), preamble)


@pytest.mark.parametrize("k", range(len(PAIRS)))
def test_refused(k: int) -> None:
    _, _, preamble, call = PAIRS[k]
    expect_refused(recover_after(preamble, TOOLS, call), preamble)


def test_question_stays_a_question() -> None:
    """A quantifier opening a question is still one: it asks the reader."""
    expect_refused(recover_after("How many rows should I delete? I'll delete the rows.", TOOLS,
                                 WIPE), "question", "question")


def test_announcement_dash_stays_one_sentence() -> None:
    """A dash after an announcement joins its next step, one sentence as before (the grammar's
    ``dashed``): the clause before it is no statement to set apart."""
    expect_recovered(recover_after("I'll read the log -- let me start by reading it.", TOOLS,
                                   LOG), "joined")
