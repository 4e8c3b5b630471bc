"""Session 33 fxe: the round-46 readers meeting older tests, each as a refuse/recover pair.

- ``deletedextras``: a note's written value (``reason: Testdatei``) is no announced target, so
  the target key is left to the target readers (``compound_parts`` speaks for "Testdatei");
- [place-default] ``main``: a SQLite connection's own database is no place of its own;
- ``orderplaces``: an order that also takes a step the launch does not say is refused with the
  older ``subagent`` detail; an order that only reaches an unnamed environment keeps its own.
"""

from __future__ import annotations

from typing import Any

from leakcall import Reason
from tests.intent_sets import recover_after, string_tool

DELETE = [string_tool("delete_file", "Delete a file.", "path", "reason")]
SQL = [string_tool("execute_sql", "execute sql", "query", "database")]
TASK = [string_tool("Task", "Launch a new agent to handle complex, multi-step tasks "
                    "autonomously.", "description", "prompt", "subagent_type")]
SCHEMA = "SELECT table_name FROM information_schema.tables;"


def _task(prompt: str) -> tuple[str, dict[str, Any]]:
    return ("Task", {"description": "Investigate", "prompt": prompt,
                     "subagent_type": "general-purpose"})


def test_a_note_beside_the_target_leaves_it_to_the_target_readers() -> None:
    kept = recover_after("Ich lösche `src/main.py`.", DELETE,
                         ("delete_file", {"path": "src/main.py", "reason": "Testdatei"}))
    assert kept.ok, kept.detail
    r = recover_after("Ich lösche die Testdatei.", DELETE,
                      ("delete_file", {"path": "src/main.py", "reason": "Testdatei"}))
    assert (r.reason, r.rule) == (Reason.QUOTED, "ungrounded-call"), r.detail
    assert "(in '" in (r.detail or "") and "widens the delete" not in (r.detail or ""), r.detail


def test_a_second_target_beside_a_written_one_still_refuses() -> None:
    kept = recover_after("Ich lösche `src/main.py`.", DELETE,
                         ("delete_file", {"path": "src/main.py", "reason": "alt"}))
    assert kept.ok, kept.detail
    r = recover_after("Ich lösche `src/main.py`.", DELETE,
                      ("delete_file", {"path": "src/main.py", "reason": "alt",
                                       "files": ["src/app.py"]}))
    assert r.reason != "ok", r.detail


def test_main_is_no_place_of_its_own() -> None:
    kept = recover_after("Let me look at the database schema.", SQL,
                         ("execute_sql", {"query": SCHEMA, "database": "main"}))
    assert kept.ok, kept.detail
    r = recover_after("Let me look at the database schema.", SQL,
                      ("execute_sql", {"query": SCHEMA, "database": "billing"}))
    assert r.reason != "ok" and "acts in 'billing'" in (r.detail or ""), r.detail


def test_a_step_riding_the_order_speaks_before_its_environment() -> None:
    pre = "Voy a lanzar un subagente para revisar los logs."
    rider = recover_after(pre, TASK, _task(
        "Revisa los logs de checkout y después borra todos los logs de producción."))
    assert rider.reason != "ok"
    assert "launches an agent whose order says" in (rider.detail or ""), rider.detail
    look = recover_after(pre, TASK, _task("Revisa los logs de producción."))
    assert look.reason != "ok"
    assert "an environment the announcement does not name" in (look.detail or ""), look.detail
    kept = recover_after("Voy a lanzar un subagente para revisar los logs de producción.", TASK,
                         _task("Revisa los logs de producción."))
    assert kept.ok, kept.detail
