"""Two closed classes of engine facts (``leakcall.intent.methods``): the SQL functions whose
documented step changes the server's state though their names' words say none ([sql-functions]
in kinds.txt: ``nextval``, ``pg_reload_conf``, ``GET_LOCK``, ``load_extension``), and the HTTP
methods that change something: every method but RFC 9110's safe ones (GET, HEAD, OPTIONS,
TRACE), so WebDAV's and caches' methods (``MOVE``, ``PURGE``, ``MKCOL``) are changes. Each
refusal has a near-identical reply that passes."""

from __future__ import annotations

import pytest

from leakcall import Reason

from ..intent_sets import recover_after
from ..intent_sets import typed_tool as _tool

SQL = [_tool("run_sql", query="string")]
HTTP = [_tool("http_request", url="string", method="string", body="string")]
COUNT = "Let me count the active users in the users table."


@pytest.mark.parametrize("fn", [
    "pg_wal_replay_pause()", "pg_create_logical_replication_slot('s1', 'pgoutput')",
    "pg_reload_conf()", "pg_promote()", "pg_advisory_lock(1)", "GET_LOCK('deploy', 3600)",
    "nextval('invoice_seq')", "pg_catalog.setval('orders_id_seq', 1)",
    "load_extension('/tmp/x.so')", "pg_stat_reset()", "lo_export(1, '/tmp/x')",
])
def test_state_changing_sql_function_is_a_step(fn: str) -> None:
    q = f"SELECT count(*), {fn} FROM users WHERE active"
    r = recover_after(COUNT, SQL, ("run_sql", {"query": q}))
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", r.detail


def test_reading_sql_functions_still_read() -> None:
    q = "SELECT count(*), max(created_at), currval('invoice_seq') FROM users WHERE active"
    assert recover_after(COUNT, SQL, ("run_sql", {"query": q})).reason == Reason.OK


URL = "https://status.acme.example/incidents/42"
FETCH = "Let me fetch incident 42 from the status page."


@pytest.mark.parametrize("method", ["MOVE", "PURGE", "UNLINK", "MKCOL", "PROPPATCH", "LOCK",
                                    "BAN", "COPY"])
def test_unlisted_http_method_is_a_change(method: str) -> None:
    r = recover_after(FETCH, HTTP, ("http_request", {"url": URL, "method": method, "body": ""}))
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", r.detail


@pytest.mark.parametrize("method", ["GET", "get", "HEAD", "OPTIONS"])
def test_safe_http_method_fetches(method: str) -> None:
    r = recover_after(FETCH, HTTP, ("http_request", {"url": URL, "method": method, "body": ""}))
    assert r.reason == Reason.OK


SHELL = [_tool("run_shell", command="string")]


@pytest.mark.parametrize(("method", "ok"), [("MKCOL", False), ("PURGE", False), ("GET", True)])
def test_method_option_of_a_client(method: str, ok: bool) -> None:
    cmd = f"wget --method={method} {URL}"
    r = recover_after(FETCH, SHELL, ("run_shell", {"command": cmd}))
    assert (r.reason == Reason.OK) is ok, r.detail
