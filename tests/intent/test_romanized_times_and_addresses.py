"""Session 18 (h51f): two closed classes the intent stage missed.

- The times to wait for of Russian, Japanese, Korean, Hindi, Arabic and Chinese as chats write
  them in Latin letters ("zavtra", "ashita", "naeil", "kal", "bukra", "mingtian"), in each
  language's [g-deferral]: a sentence of another language that carries one defers its step
  (rule ``conditional``, ``foreign._foreign_word``), as "mañana" does in English; and the
  English spelling "overnite" beside "tonite".
- An email address whose local part is a placeholder name ("jane.doe@gmail.com",
  "max_mustermann@firma.de") is a sample argument (rule ``sample-arguments``,
  ``samples._placeholder_address``) unless the reply writes that address before the markup.
"""

from __future__ import annotations

from functools import partial

import pytest

import leakcall
from leakcall import Reason

from ..intent_sets import hermes, keyed_tool, recover_after

_tool = partial(keyed_tool, required=())


TOOLS = [_tool("bash", "command"), _tool("send_email", "to", "subject", "body"),
         _tool("grant_access", "user", "role")]
RUN = ("bash", {"command": "./scripts/warm_cache.sh"})


@pytest.mark.parametrize("time", ["zavtra", "ashita", "naeil", "kal", "bukra", "mingtian",
                                  "overnite"])
def test_a_romanized_time_defers_the_step(time: str) -> None:
    r = recover_after(f"I'll run the cache warmup {time}.", TOOLS, RUN)
    assert r.reason == Reason.QUOTED and r.rule == "conditional", (time, r.detail)


@pytest.mark.parametrize("preamble", ["I'll run the cache warmup.",
                                      "I'll run the cache warmup now.",
                                      "Let me run the cache warmup script."])
def test_the_same_step_without_a_time_is_taken(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, RUN)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize("address", ["jane.doe@gmail.com", "john.doe@company.com",
                                     "max_mustermann@firma.de", "Joe-Bloggs@mail.co.uk"])
def test_a_placeholder_persons_address_is_a_sample(address: str) -> None:
    r = leakcall.recover(hermes([{"name": "grant_access", "arguments": {
        "user": address, "role": "admin"}}]), TOOLS)
    assert r.reason == Reason.QUOTED and r.rule == "sample-arguments", (address, r.detail)
    r = recover_after("I'll email the summary.", TOOLS, ("send_email", {
        "to": address, "subject": "Summary", "body": "Attached."}))
    assert r.rule == "sample-arguments", (address, r.detail)


@pytest.mark.parametrize(("preamble", "address"), [
    # the reply writes the address: the one it names
    ("I'll email the summary to jane.doe@gmail.com.", "jane.doe@gmail.com"),
    # a real person's address that only holds a placeholder's words
    ("I'll email the summary.", "jane.doerr@gmail.com"),
    ("I'll email the summary.", "john@doe-family.net"),
    ("I'll email the summary.", "dana@acme.example"),
])
def test_a_written_or_real_address_is_no_sample(preamble: str, address: str) -> None:
    r = recover_after(preamble, TOOLS, ("send_email", {
        "to": address, "subject": "Summary", "body": "Attached."}))
    assert r.rule != "sample-arguments", (preamble, r.detail)
