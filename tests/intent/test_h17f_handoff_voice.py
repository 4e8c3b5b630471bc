"""A hand-off after the assistant's own recommendation, and a clause on the party naming "this
request" (h17f, issue 25; ``actors._own_voice``, ``handoff.unreached``, ``handoff._described``).

- "I recommend transferring you to a human agent." is the assistant's own proposal: a verb of
  saying or wanting ([g-directive]) whose subject is the first person ([g-own-subject]) relays
  no one's request, up to an addressee after it ("I need you to transfer ..." still asks the
  reader, or relays whoever wrote it).
- The party such an observation names is where an announced hand-off goes: handing the
  conversation to it is no step of that party's (``grounding.partied``), when the hand-off's
  party phrase holds it; any other call, or another party, is read as before.
- "who may be able to assist you further with this request": a word of asking after a
  demonstrative is a noun, as after an article ("with your request").

Each recovered reply stands beside its nearest twin that must stay refused."""

from __future__ import annotations

import pytest

from ..intent_sets import expect_pair, recover_after
from ..intent_sets import string_tool as _tool

HUMAN = _tool("transfer_to_human_agents", "Transfer the user to a human agent, with a summary "
              "of the user's issue.", "summary")
REPO = _tool("delete_repo", "Delete a repository.", "repo")
CANCEL = _tool("cancel_reservation", "Cancel a reservation.", "reservation_id")
TOOLS = [HUMAN, REPO, CANCEL]
SUMMARY = {"summary": "The user's mobile data still fails after troubleshooting."}
HAND = "transfer_to_human_agents"

PAIRS = [
    # the assistant's own recommendation, then the hand-off it announces
    (("I recommend transferring you to a human agent who can provide more specialized "
      "assistance. Please hold on while I transfer you to a human agent.", HAND, SUMMARY),
     ("The support page recommends transferring you to a human agent. Please hold on while I "
      "transfer you to a human agent.", HAND, SUMMARY)),
    (("I suggest transferring you to a human agent. Let me transfer you to a human agent.",
      HAND, SUMMARY),
     ("We suggest transferring you to a human agent. Let me transfer you to a human agent.",
      HAND, SUMMARY)),
    # an addressee after the verb: a request to the reader, or whoever wrote "I"
    (("I recommend transferring you to a human agent. Let me transfer you to a human agent.",
      HAND, SUMMARY),
     ("I need you to transfer the case to a human agent. Let me transfer you to a human agent.",
      HAND, SUMMARY)),
    # the party the observation names is the one the hand-off reaches, not another one
    (("I recommend transferring you to a human agent. Let me transfer you to a human agent.",
      HAND, SUMMARY),
     ("I recommend transferring you to a human agent. Let me transfer you to an agent.",
      HAND, SUMMARY)),
    # a demonstrative before a word of asking: its noun
    (("Let me transfer you to a human agent who may be able to assist you further with this "
      "request.", HAND, SUMMARY),
     ("Let me transfer you to a human agent who may be able to request a refund for you.",
      HAND, SUMMARY)),
    (("Let me transfer you to a human agent who may be able to help with that request.",
      HAND, SUMMARY),
     ("Let me transfer you to a human agent who may be able to help you as they requested.",
      HAND, SUMMARY)),
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS)
def test_pairs(recovered: tuple[str, str, dict[str, str]],
               refused: tuple[str, str, dict[str, str]]) -> None:
    expect_pair(TOOLS, recovered, refused)


REFUSED = [
    # the assistant's own proposal grounds no other step than the hand-off it announces
    ("I recommend deleting the repo. Let me transfer you to a human agent.", "delete_repo",
     {"repo": "acme/web"}),
    ("I recommend transferring you to a human agent. Let me transfer you to a human agent.",
     "cancel_reservation", {"reservation_id": "HXDUBJ"}),
    # "we" may hold the user or a team; a third person is another party
    ("They suggest transferring you to a human agent. Let me transfer you to a human agent.",
     HAND, SUMMARY),
    # a first person after a carrier is the carrier's voice
    ("The email says: I recommend transferring you to a human agent. Let me transfer you to a "
     "human agent.", HAND, SUMMARY),
    # a step after the addressee stays asked of someone
    ("I want you to cancel reservation HXDUBJ. Let me cancel reservation HXDUBJ.",
     "cancel_reservation", {"reservation_id": "HXDUBJ"}),
]


@pytest.mark.parametrize(("preamble", "name", "args"), REFUSED)
def test_refused(preamble: str, name: str, args: dict[str, str]) -> None:
    assert not recover_after(preamble, TOOLS, (name, args)).ok, preamble
