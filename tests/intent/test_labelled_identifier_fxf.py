"""A word of a verb kind that only the [concept] map makes a noun ("booking", made a
reservation for ``toolobjects`` by h20c) labels the identifier written right after it
("delete booking bk-2207"): the identifier names the record and is the noun the call must
carry; the label is none of its own (fxf; ``leakcall.intent.labelled``, read by
``carriednouns._unnamed_noun``). Without an identifier right after it (no identifier, one past a
preposition, letters alone, a number of digits, which ``toolobjects`` compares) it stays a noun
the call carries. Each refused reply has a recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import keyed_tool, recover_after

TOOLS = [keyed_tool("delete_event", "event_id"), keyed_tool("cancel_reservation", "id"),
         keyed_tool("cancel_membership", "id")]

Call = tuple[str, dict[str, Any]]
EVENT: Call = ("delete_event", {"event_id": "bk-2207"})

# (recovered preamble, its call, refused twin preamble, its call)
PAIRS: list[tuple[str, Call, str, Call]] = [
    # no identifier after the word: it names the thing, and the call does not carry it
    ("I'll delete booking bk-2207.", EVENT, "I'll delete the booking.", EVENT),
    # the identifier past a preposition is no label's
    ("I'll delete the booking `bk-2207`.", EVENT, "I'll delete the booking for bk-2207.", EVENT),
    # letters alone are no identifier
    ("I'll delete bookings bk-2207.", EVENT,
     "I'll delete booking `alpha`.", ("delete_event", {"event_id": "alpha"})),
    # only a word of a verb kind: a noun ("repo", "reservation") is one of its own, before an
    # identifier too
    ("I'll delete booking bk-2207.", EVENT, "I'll delete repo bk-2207.", EVENT),
    ("I'll delete booking bk-2207.", EVENT, "I'll delete reservation bk-2207.", EVENT),
    # a number of digits: ``toolobjects`` compares the tool's noun with the word
    ("I'll cancel my booking 5530.", ("cancel_reservation", {"id": "5530"}),
     "I'll cancel my booking 5530.", ("cancel_membership", {"id": "5530"})),
]


@pytest.mark.parametrize(("good", "good_call", "bad", "bad_call"), PAIRS,
                         ids=[f"{p[0][:28]}|{p[2][:28]}" for p in PAIRS])
def test_labelled_identifier_pairs(good: str, good_call: Call, bad: str, bad_call: Call) -> None:
    got = recover_after(good, TOOLS, good_call)
    assert got.ok, (good, got.rule, got.detail)
    assert not recover_after(bad, TOOLS, bad_call).ok, (bad, bad_call)


def test_drifted_identifier_still_refused() -> None:
    """The label gone, the identifier is compared whole (``identity``)."""
    assert not recover_after("I'll delete booking bk-2207.", TOOLS,
                             ("delete_event", {"event_id": "bk-2208"})).ok
