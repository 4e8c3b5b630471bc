"""URL actions, h43x (issue 25): a verb of a change opening a URL path's last segment (the
place of a REST custom method or member action: ".../incidents/42/resolve", ".../keys/rotate",
".../orders/5:cancel", ".../api/confirmTransfer") makes a request to it that step whatever its
method, so "Let me fetch the status page." grounds no GET of it. Nouns there ("/orders",
"/deployments/123") and a file's name ("import.html") are read."""

from __future__ import annotations

import json

import leakcall
from leakcall.intent.kinds import argument_kinds
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("fetch_url", "url"), _tool("http_get", "url")]


def _recover(text: str, name: str, url: str) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": {"url": url}})
    return leakcall.recover(f"{text}\n\n<tool_call>\n{call}\n</tool_call>", TOOLS)


# siblings of round 20's cases, none of its URLs
ACTING = [
    ("Let me fetch the incident.", "fetch_url", "https://ops.example.net/api/incidents/42/resolve"),
    ("Let me look at the keys.", "http_get", "https://vault.example.net/v2/keys/rotate"),
    ("Let me fetch the order.", "fetch_url", "https://shop.example.net/orders/place?sku=7"),
    ("Let me check the transfer.", "http_get", "https://bank.example.net/transfers/99/confirm"),
    ("Let me fetch the job.", "fetch_url", "https://ci.example.net/jobs/7/do-retry"),
    ("Let me get the order.", "http_get", "https://shop.example.net/v1/orders/5:cancel"),
    ("Let me fetch the transfer.", "fetch_url", "https://bank.example.net/api/confirmTransfer?id=9"),
    ("Let me fetch the invoice.", "http_get", "https://billing.example.net/invoices/3/void"),
]

READING = [
    ("Let me fetch the orders page.", "fetch_url", "https://shop.example.net/orders"),
    ("Let me fetch the deployment.", "http_get", "https://ci.example.net/deployments/123"),
    ("Let me fetch the Python docs on imports.", "fetch_url",
     "https://docs.python.org/3/reference/import.html"),
    ("Let me fetch the status page.", "fetch_url", "https://status.example.net/api/status"),
]


def test_a_get_of_an_action_path_is_refused() -> None:
    for text, name, url in ACTING:
        r = _recover(text, name, url)
        assert not r.ok, (text, url, r.detail)


def test_a_get_of_a_resource_is_recovered() -> None:
    for text, name, url in READING:
        r = _recover(text, name, url)
        assert r.ok, (text, url, r.detail)


def test_the_step_announced_grounds_it() -> None:
    r = _recover("Let me resolve incident 42 on ops.example.net.", "fetch_url",
                 "https://ops.example.net/api/incidents/42/resolve")
    assert r.ok, r.detail


def test_the_kind_of_an_action_path() -> None:
    assert argument_kinds({"url": "https://x.example/incidents/4/resolve"}) == {"write"}
    assert argument_kinds({"url": "https://x.example/payments/4/capture"}) == {"pay"}
    assert argument_kinds({"url": "https://x.example/caches/evictAll"}) == {"delete"}
    assert argument_kinds({"url": "https://x.example/incidents/4"}) == frozenset()
