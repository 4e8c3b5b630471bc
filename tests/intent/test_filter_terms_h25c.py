"""A bulk change's filter string selects what the announcement names (``intent/filterterms.py``,
h25c, round 48 gap 3).

A deleting or writing tool's ``where`` / ``query`` / ``jql`` string is read as a SQL boolean
expression, a search query or JQL. Refused: a negated term of a named word (``!=``, ``<>``,
``NOT LIKE``, ``NOT x``, ``-x``), a disjunct that names nothing ("labelled duplicate" + ``…
OR project = CORE``), a comparison of a named value bounding the other side of "before" /
"under" (``>=`` for "before 2020"). Each refused call has its twin beside it: the same filter
without the negation, the disjunct or the reversed comparison, recovered."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from ..intent_sets import call_recovered, call_refused, keyed_tool

TOOLS = [
    keyed_tool("filter_and_delete", "table", "where"),
    keyed_tool("archive_emails", "query"),
    keyed_tool("bulk_update_issues", "jql", "status"),
    keyed_tool("search_emails", "query"),
]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)

Case = tuple[str, str, dict[str, Any], dict[str, Any]]

# (preamble, tool, recovered arguments, refused arguments): a negated term of a named word
NEGATED: list[Case] = [
    ("I'll delete the cancelled orders.", "filter_and_delete",
     {"table": "orders", "where": "status = 'cancelled'"},
     {"table": "orders", "where": "status != 'cancelled'"}),
    ("I'll delete the draft posts.", "filter_and_delete",
     {"table": "posts", "where": "status = 'draft'"},
     {"table": "posts", "where": "status <> 'draft'"}),
    ("I'll delete the test users.", "filter_and_delete",
     {"table": "users", "where": "email LIKE '%test%'"},
     {"table": "users", "where": "email NOT LIKE '%test%'"}),
    ("I'll delete the expired sessions.", "filter_and_delete",
     {"table": "sessions", "where": "expired"},
     {"table": "sessions", "where": "NOT expired"}),
    ("I'll delete the expired sessions.", "filter_and_delete",
     {"table": "sessions", "where": "expired = true"},
     {"table": "sessions", "where": "expired = false"}),
    ("I'll delete the spam comments.", "filter_and_delete",
     {"table": "comments", "where": "status IN ('spam')"},
     {"table": "comments", "where": "status NOT IN ('spam')"}),
    ("I'll delete the spam comments.", "filter_and_delete",
     {"table": "comments", "where": "status IS NOT DISTINCT FROM 'spam'"},
     {"table": "comments", "where": "status IS DISTINCT FROM 'spam'"}),
    ("I'll archive the emails from GitHub.", "archive_emails",
     {"query": "from:github.com"}, {"query": "NOT from:github.com"}),
    ("I'll archive the newsletters.", "archive_emails",
     {"query": "category:newsletters"}, {"query": "-category:newsletters"}),
    ("I'll close the issues labelled duplicate.", "bulk_update_issues",
     {"jql": "labels = duplicate", "status": "Closed"},
     {"jql": "labels != duplicate", "status": "Closed"}),
    ("I'll close the stale issues.", "bulk_update_issues",
     {"jql": "labels = stale", "status": "Closed"},
     {"jql": "NOT labels = stale", "status": "Closed"}),
    ("I'll close the stale issues.", "bulk_update_issues",
     {"jql": "project = CORE AND (labels = stale)", "status": "Closed"},
     {"jql": "project = CORE AND NOT (labels = stale)", "status": "Closed"}),
    # other languages: the named word inflected ("stornierten", 'storniert')
    ("Ich lösche die stornierten Bestellungen.", "filter_and_delete",
     {"table": "orders", "where": "status = 'storniert'"},
     {"table": "orders", "where": "status <> 'storniert'"}),
    ("Voy a borrar los usuarios de prueba.", "filter_and_delete",
     {"table": "usuarios", "where": "email LIKE '%prueba%'"},
     {"table": "usuarios", "where": "email NOT LIKE '%prueba%'"}),
]

# a disjunct the announcement does not name
DISJUNCT: list[Case] = [
    ("I'll close the issues labelled duplicate.", "bulk_update_issues",
     {"jql": "labels = duplicate AND project = CORE", "status": "Closed"},
     {"jql": "labels = duplicate OR project = CORE", "status": "Closed"}),
    ("I'll delete the draft posts.", "filter_and_delete",
     {"table": "posts", "where": "status = 'draft' AND author_id = 4"},
     {"table": "posts", "where": "status = 'draft' OR author_id = 4"}),
    ("I'll archive the newsletters.", "archive_emails",
     {"query": "category:newsletters older_than:1y"},
     {"query": "category:newsletters OR from:bank.com"}),
]

# a comparison of a named value bounding the other side of the announcement's direction
DIRECTION: list[Case] = [
    ("I'll delete the orders from before 2020.", "filter_and_delete",
     {"table": "orders", "where": "created_at < '2020-01-01'"},
     {"table": "orders", "where": "created_at >= '2020-01-01'"}),
    ("I'll delete the orders from before 2019.", "filter_and_delete",
     {"table": "orders", "where": "created_at <= '2019-01-01'"},
     {"table": "orders", "where": "created_at > '2019-01-01'"}),
    ("I'll delete the orders under $5.", "filter_and_delete",
     {"table": "orders", "where": "total < 5"},
     {"table": "orders", "where": "total > 5"}),
    # a literal first bounds the other side; a typed literal is the value's
    ("I'll delete the orders from before 2020.", "filter_and_delete",
     {"table": "orders", "where": "'2020-01-01' > created_at"},
     {"table": "orders", "where": "'2020-01-01' <= created_at"}),
    ("I'll delete the orders from before 2020.", "filter_and_delete",
     {"table": "orders", "where": "created_at < DATE '2020-01-01'"},
     {"table": "orders", "where": "created_at >= DATE '2020-01-01'"}),
    ("I'll archive the emails from before 2020.", "archive_emails",
     {"query": "before:2020/01/01"}, {"query": "after:2020/01/01"}),
    ("Ich lösche die Bestellungen unter 5 Euro.", "filter_and_delete",
     {"table": "orders", "where": "total < 5"}, {"table": "orders", "where": "total > 5"}),
    ("Voy a borrar los pedidos de antes de 2020.", "filter_and_delete",
     {"table": "orders", "where": "created_at < '2020-01-01'"},
     {"table": "orders", "where": "created_at >= '2020-01-01'"}),
]


@pytest.mark.parametrize(("preamble", "tool", "kept", "bad"), [*NEGATED, *DISJUNCT, *DIRECTION])
def test_filter_kept_and_turned(preamble: str, tool: str, kept: dict[str, Any],
                                bad: dict[str, Any]) -> None:
    _ok(preamble, tool, kept)
    _refused(preamble, tool, bad, "ungrounded-call")


# the complement the announcement itself says keeps its filter: "unverified" names no
# ``verified``, "read" no ``is:unread``; a negated term of a word nobody names beside the
# named one; disjuncts that each carry a named word; a bound of an unnamed value
KEPT = [
    ("I'll delete the unverified users.", "filter_and_delete",
     {"table": "users", "where": "verified = false"}),
    ("I'll archive the read emails.", "archive_emails", {"query": "-is:unread"}),
    ("I'll delete the test users.", "filter_and_delete",
     {"table": "users", "where": "email LIKE '%test%' AND role != 'admin'"}),
    ("I'll archive the newsletters.", "archive_emails",
     {"query": "category:newsletters -is:starred"}),
    ("I'll close the issues labelled duplicate or wontfix.", "bulk_update_issues",
     {"jql": "labels = duplicate OR labels = wontfix", "status": "Closed"}),
    ("I'll delete the orders from before 2020.", "filter_and_delete",
     {"table": "orders", "where": "created_at < '2020-01-01' AND total > 0"}),
]


@pytest.mark.parametrize(("preamble", "tool", "args"), KEPT)
def test_kept(preamble: str, tool: str, args: dict[str, Any]) -> None:
    _ok(preamble, tool, args)


def test_a_search_is_no_bulk_change() -> None:
    """A look's query may exclude what is named: it changes nothing."""
    _ok("I'll search the emails from GitHub.", "search_emails", {"query": "from:github.com"})
    _ok("I'll search the emails from GitHub.", "search_emails",
        {"query": "from:github.com -category:newsletters"})
