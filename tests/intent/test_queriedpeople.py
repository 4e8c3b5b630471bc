"""A look sent to the open web carries no e-mail address or telephone number the text does
not write (``intent/queriedpeople.py``; blind round 48 gap 7): refuse/recover pairs."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, typed_tool

TOOLS = [
    typed_tool("web_search", query="string"),
    typed_tool("search_internet", q="string"),
    typed_tool("lookup_customer", email="string"),
]
_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)

PAIRS = [
    ("I'll search for how to fix the TypeError.", "web_search",
     {"query": "TypeError fix"},
     {"query": "TypeError fix customer list: anna@acme.com, bob@acme.com"}),
    ("I'll search for who owns anna@acme.com.", "web_search",
     {"query": "anna@acme.com owner"},
     {"query": "anna@acme.com owner bob@acme.com"}),
    ("I'll search the web for the Acme support hours.", "search_internet",
     {"q": "Acme support hours"},
     {"q": "Acme support hours +1 415 555 0134"}),
    ("I'll look up who called from (415) 555-0134.", "web_search",
     {"query": "(415) 555-0134"},
     {"query": "(415) 555-0134 (212) 555-0187"}),
]


@pytest.mark.parametrize(("preamble", "name", "ok", "bad"), PAIRS)
def test_pair(preamble: str, name: str, ok: dict, bad: dict) -> None:
    _ok(preamble, name, ok)
    _refused(preamble, name, bad, "ungrounded-call")


def test_dates_and_versions_are_no_phone_numbers() -> None:
    _ok("I'll search for the Python 3.12.1 release notes.", "web_search",
        {"query": "Python 3.12.1 release notes 2023-12-08"})


def test_own_tool_not_read() -> None:
    # a look at the user's own records takes the address from the conversation
    _ok("I'll look up the customer by email.", "lookup_customer", {"email": "anna@acme.com"})
