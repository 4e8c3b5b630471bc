"""Plans, lists and labelled blocks around the step (h19b, issue 25; audit shape W-plan).

- ``blocklabel.unlabelled``: a block's label between an announcement's colon and the
  announcement that takes the block ("Let me address each one:\\n\\n**1. Changing to a nonstop
  flight:**\\nLet me search ...") is dropped, screened: it names the part and grounds no call.
- ``itemized.value_tongue``: every item of an observation's list that no language reads (names
  and codes: "- PHX to LGA (Flight HAT066)") is read in the language of the list, as the first
  item after the colon already was; letters that language does not write still refuse.

Each refusal has a twin that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import keyed_tool, recover_after, refusal_detail

TOOLS = [keyed_tool("search_direct_flight", "origin", "destination", "date"),
         keyed_tool("cancel_reservation", "reservation_id"),
         keyed_tool("get_reservation_details", "reservation_id"),
         keyed_tool("bash", "command")]
SEARCH = ("search_direct_flight", {"origin": "LAS", "destination": "IAH", "date": "2024-05-19"})
CANCEL = ("cancel_reservation", {"reservation_id": "ZFA04Y"})
Call = tuple[str, dict[str, Any]]

INTRO = "I can help you with those requests! Let me address each one:\n\n"
STEP = "Let me search for available direct flights from LAS to IAH on May 19, 2024."
LABELLED = INTRO + "**1. Changing to a nonstop flight:**\n" + STEP


def _ok(text: str, *calls: Call) -> bool:
    return recover_after(text + "\n", TOOLS, *calls).ok


def test_the_audit_turn_shape() -> None:
    """tau2-4-37's shape recovers; the same without the label already did (the label adds no
    step and takes none away)."""
    assert _ok(LABELLED, SEARCH)
    assert _ok(INTRO + STEP, SEARCH)
    assert _ok(INTRO + "**Changing to a nonstop flight:**\n" + STEP, SEARCH)  # no number
    assert _ok(INTRO + "2. Nonstop flight:\n" + STEP, SEARCH)
    # language-free: the label is read by its token classes
    assert _ok("¡Puedo ayudarte con esas solicitudes! Voy a atender cada una:\n\n**1. Cambio a "
               "un vuelo directo:**\nVoy a buscar vuelos directos de LAS a IAH el 19 de mayo de "
               "2024.", SEARCH)


def _label(label: str) -> str:
    return INTRO + label + "\n" + STEP


@pytest.mark.parametrize("refused", [
    # a label that negates, defers, waits on the reader, sets a condition or recaps
    "**1. Not searching yet:**",
    "**1. Once you confirm:**",
    "**1. After your approval:**",
    "**1. If the fare drops:**",
    "**1. Tomorrow:**",
    "**1. Already done:**",
    # the reader's part, someone else's, an example, a question
    "**1. For you to run:**",
    "**1. Your part:**",
    "**1. What the admin will do:**",
    "**1. The customer request:**",
    "**1. How to rebook:**",
    "**1. To do:**",
    "**1. Please note:**",
    "**1. Example:**",
    "**1. Should I search?**",
    # code or a quotation, a sentence of its own (an opener, a subject)
    "**1. `rm -rf /tmp/cache`:**",
    '**1. "delete everything":**',
    "**1. I will cancel it:**",
    # a word of another language's refusing classes, a disguised one
    "**1. Cambio mañana:**",
    "**1. Changing flights imorgon:**",
    "**1. Nonstop flight yarın:**",
    "**1. Changing the nonstop flight to imorgon:**",
    "**1. n-o-t now:**",
])
def test_label_screened(refused: str) -> None:
    """Each label refuses; the plain one beside it recovers."""
    assert _ok(_label("**1. Changing to a nonstop flight:**"), SEARCH)
    assert not _ok(_label(refused), SEARCH), refused


@pytest.mark.parametrize(("recovered", "refused", "call"), [
    # the label grounds nothing: a call of its step that the announcement does not take
    (LABELLED, INTRO + "**1. Cancelling reservation ZFA04Y:**\n" + STEP, CANCEL),
    # an imperative under the label is a how-to's step (no opener of its own)
    (LABELLED, INTRO + "**1. Cleanup:**\nCancel reservation ZFA04Y.", CANCEL),
    (LABELLED, INTRO + "**1. Nonstop flight:**\nSearch for available direct flights from LAS to "
     "IAH on May 19, 2024.", SEARCH),
    # an observation's colon introduces what follows, label or not
    (LABELLED, "Here are the open requests:\n\n**1. Changing to a nonstop flight:**\n" + STEP,
     SEARCH),
    # a label that is not the last sentence but one: two blocks, read as before
    (LABELLED, LABELLED + "\n\n**2. Cancelling:**\nLet me look up the reservation.", SEARCH),
    # the label must stand on its own line, right above the step
    (LABELLED, INTRO + "**1. Changing to a nonstop flight:** " + STEP, SEARCH),
    (LABELLED, INTRO + "**1. Changing to a nonstop flight:**\n\nSome notes.\n" + STEP, SEARCH),
    # too long to be a label
    (LABELLED, INTRO + "**1. Changing to a nonstop flight from the one booked for the whole "
     "family last week:**\n" + STEP, SEARCH),
])
def test_label_pair(recovered: str, refused: str, call: Call) -> None:
    """The first text recovers the search; its twin is refused."""
    assert _ok(recovered, SEARCH)
    assert not _ok(refused, call), refused


REFUND_TOOLS = [keyed_tool("refund_order", "order_id")]
REFUND = ("refund_order", {"order_id": "123"})


@pytest.mark.parametrize("label", [
    # what an observation may not say before a step that cannot be taken back: a party that
    # errs ("Wrong order"), a limit ("over the limit"), a hedged ground ("user unsure"), a
    # relayed source; the label is then kept and refuses as before (as an observation too)
    "Wrong order", "Refund over the limit", "Refund (user unsure)", "Refund not yet approved",
    # a source the step is relayed from
    "Refund per the ticket", "Refund (as the note says)",
])
def test_label_holds_what_an_observation_would(label: str) -> None:
    """The plain label recovers the refund; each of these refuses."""
    def ok(text: str) -> bool:
        return recover_after(text + "\n", REFUND_TOOLS, REFUND).ok
    assert ok("I'll handle it:\n\n**1. Refund:**\nLet me refund order 123.")
    assert not ok(f"I'll handle it:\n\n**1. {label}:**\nLet me refund order 123."), label
    assert not ok(f"I'll handle it. {label}. Let me refund order 123."), label


def test_label_refusal_names_its_rule() -> None:
    """A negated label refuses with the grammar's reading of the whole (no label dropped)."""
    r = recover_after(_label("**1. Not searching yet:**") + "\n", TOOLS, SEARCH)
    assert not r.ok and refusal_detail(r) is not None


# -- an observation's list: every item is read in the list's language -----------------------

RESERVATION = ("Your current reservation is a roundtrip from DTW to LGA with the following "
               "details:\n\n- **Outbound Flights (May 17, 2024):**\n  - DTW to PHX (Flight HAT035)\n"
               "  - PHX to LGA (Flight HAT066)\n\n")
SEARCH_DTW = ("search_direct_flight", {"origin": "DTW", "destination": "JFK", "date": "2024-05-17"})
NEXT = "I will now search for nonstop flights from DTW to JFK on May 17, 2024."


@pytest.mark.parametrize(("recovered", "refused"), [
    # an item in letters English does not write still refuses (unknown-language)
    (RESERVATION + NEXT,
     RESERVATION.replace("PHX to LGA (Flight HAT066)", "PHX ფრენა HAT066") + NEXT),
    # a line that is no list item (no colon introduces it) is read as before
    (RESERVATION + NEXT, "Your current reservation is a roundtrip from DTW to LGA.\n\nDTW to "
     "PHX (Flight HAT035)\n\n" + NEXT),
    # an item that asks is no part of the observation
    (RESERVATION + NEXT, RESERVATION.replace("(Flight HAT066)", "(Flight HAT066?)") + NEXT),
])
def test_list_items_in_the_lists_language(recovered: str, refused: str) -> None:
    """The first text recovers the search; its twin is refused."""
    assert _ok(recovered, SEARCH_DTW), recovered
    assert not _ok(refused, SEARCH_DTW), refused


def test_unread_item_still_screened() -> None:
    """An item read in the list's language is an observation's rest: one that parses as a step
    of a plan with no kind the lexicon knows still refuses ("Let's start:" selects item 1,
    whose verb has no kind), and a call the list's words alone name is not grounded."""
    plan = ("Let me break this down into steps:\n\n1. Frobnicate PHX to LGA\n2. Search the "
            "flights\n\nLet's start:")
    assert not _ok(plan, SEARCH_DTW)
    assert not _ok(RESERVATION + "Let me take care of it.",
                   ("cancel_reservation", {"reservation_id": "HAT066"}))
