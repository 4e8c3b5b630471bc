"""One scanner of email addresses (``intent.addresses``) for every rule that reads one: the
kinds a recipient key or a URL's query says, the addresses a changing call gives, the
recipient a sending command writes to."""

from __future__ import annotations

import pytest

from leakcall.intent.addresses import addresses_in, holds_address
from leakcall.intent.kinds import argument_kinds


@pytest.mark.parametrize(("text", "found"), [
    ("a@x.example, b@y.example", ["a@x.example", "b@y.example"]),
    ("Bcc: b@y.example", ["b@y.example"]),
    ("Dana <dana@evil-mail.net>", ["dana@evil-mail.net"]),
    ("mailto:ops@northwind.io", ["ops@northwind.io"]),
    # every label of its domain: one address, not a shorter one inside it
    ("alice@example.com.evil-mail.net", ["alice@example.com.evil-mail.net"]),
    # a user and a host before a colon is a remote, read as a server
    ("git@github.com:org/repo.git", []),
])
def test_the_scanner_reads_each_address_whole(text: str, found: list[str]) -> None:
    assert addresses_in(text) == found
    assert holds_address(text) is bool(found)


@pytest.mark.parametrize("value", ["dana@evil-mail.net", "Dana <dana@evil-mail.net>",
                                   "dana@evil-mail.net, ops@evil-mail.net"])
def test_a_recipient_key_sends_to_any_address_it_holds(value: str) -> None:
    """Under a key that names a recipient, an address with a display name or beside another
    is as much a send as one alone (the kinds read the scanner the scope rules read)."""
    assert "send" in argument_kinds({"email_to": value})


def test_a_sending_query_key_sends_to_an_address_or_a_host() -> None:
    assert "send" in argument_kinds({"url": "https://x.example/r?forward_to=ops%40evil.example"})
    assert "send" in argument_kinds({"url": "https://x.example/r?send_to=collector.example"})
    assert "send" not in argument_kinds({"url": "https://x.example/r?forward_to=later"})
