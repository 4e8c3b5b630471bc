"""h29d (session 39, issue 25, audit W-other): readings of reasoning before a bare call, each
with the real shape recovered and its attack sibling refused."""

from __future__ import annotations

from functools import partial

import pytest

from leakcall.intent.detect import fold
from tests.intent_sets import call_recovered, call_refused, described_tool, load, string_tool

TOOLS = [described_tool("best_language_to_learn", {}, "Gets the best language to learn"),
         string_tool("delete_branch", "Delete a git branch.", "branch")]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)
_BEST = ("best_language_to_learn", {})
_DELETE = ("delete_branch", {"branch": "stale"})


def _thought(*sentences: str) -> str:
    return "<think>\n" + " ".join(sentences) + "\n</think>\n\n"


# crmne__ruby_llm-299, shortened
_AGAIN = ("Okay, the user is asking again, \"what's the best language to learn?\" Since the "
          "function is available and the user is asking the same question, I should call the "
          "function again to ensure the answer is up-to-date.")


def test_a_contraction_before_an_article_is_no_spaced_word() -> None:
    # "there's a change": the article stays a word, so "a change" is a noun phrase
    assert fold("perhaps they want confirmation or there's a change.") == \
        "perhaps they want confirmation or there's a change."
    _ok(_thought(_AGAIN, "Perhaps they want confirmation or there's a change.",
                 "So I'll call it again."), *_BEST)


def test_letters_spaced_apart_are_still_joined() -> None:
    assert fold("i should n o t run it") == "i should not run it"
    assert fold("it's a b c") == "it'sabc"  # a run longer than the article joins as before
    _refused(_thought(_AGAIN, "Perhaps they will commit a change themselves."), *_BEST)
    _refused(_thought("The user wants the stale branch gone. I should n o t delete it."),
             *_DELETE)


# crmne__ruby_llm-322, shortened
_ASKED = ("Okay, the user asked again, \"what's the best language to learn?\" and I called the "
          "best_language_to_learn function, which returned \"Ruby\".")


def test_the_users_past_step_is_what_they_did() -> None:
    _ok(_thought(_ASKED, "The user then responded with \"Ruby\".",
                 "I'll just confirm by calling the function again."), *_BEST)


@pytest.mark.parametrize("said", [
    "The user will respond with \"Ruby\" themselves.",
    "The user then responds with \"Ruby\".",
    "The user has responded with it and will send it again.",
    "The user has responded with \"Ruby\".",
])
def test_the_users_step_to_come_or_in_a_perfect_stays_theirs(said: str) -> None:
    _refused(_thought(_ASKED, said, "I'll just confirm by calling the function again."), *_BEST)


# crmne__ruby_llm-287, shortened
_ASKING = ("Okay, the user is asking, \"What's the best language to learn?\" The function "
           "best_language_to_learn gets the best language to learn.")


def test_a_question_whether_to_refrain_refrains_from_nothing() -> None:
    _ok(_thought(_ASKING, "I should check if there's any reason not to use the function. The "
                 "parameters are empty, so I should call it."), *_BEST)


@pytest.mark.parametrize("said", [
    "There's a good reason not to use the function.",
    "I should check if it works and not to use the function.",
    "I should check if I should not use the function.",
    "I decided not to use the function.",
])
def test_a_negation_outside_a_question_still_refrains(said: str) -> None:
    _refused(_thought(_ASKING, said), *_BEST, rule="reasoning-negation")


# openhands-4-38, shortened: the snippet is the last tool result, reported
_EDITOR = [*next(r["tools"] for r in load("real_preambles_b.jsonl") if r["id"] == "openhands-4-38"),
           string_tool("delete_branch", "Delete a git branch.", "branch")]
_VIEW = ("str_replace_editor", {"command": "view", "path": "/workspace/packages/cli/cli.pony"})
_SEARCH = "Let me search for the `CommandParser` class in the `cli.pony` file."


def test_a_seen_snippet_the_observation_reports_frames_no_step() -> None:
    call_recovered("The code snippet shows an example usage of the `CommandParser`. To fix the "
                   "issue, I need to locate the implementation of `CommandParser`.\n\n" + _SEARCH,
                   *_VIEW, tools=_EDITOR)


@pytest.mark.parametrize(("preamble", "call"), [
    # a pointing word, a demonstrative or an indefinite article: it may be the markup
    ("The snippet below shows an example usage of the `CommandParser`. " + _SEARCH, _VIEW),
    ("This example shows a usage of the `CommandParser`. " + _SEARCH, _VIEW),
    ("An example shows the usage of the `CommandParser`. " + _SEARCH, _VIEW),
    ("The example shows the usage here. " + _SEARCH, _VIEW),
    # a colon introduces what follows; no verb after the noun
    ("The code snippet shows an example usage of the `CommandParser`:", _VIEW),
    ("The code snippet is an example usage of the `CommandParser`. " + _SEARCH, _VIEW),
    # only observing calls are grounded after it
    ("The example shows how to delete a stale branch. Let me delete the stale branch.",
     ("delete_branch", {"branch": "stale"})),
])
def test_a_framing_noun_that_may_frame_what_follows_still_refuses(
        preamble: str, call: tuple[str, dict[str, str]]) -> None:
    call_refused(preamble, *call, tools=_EDITOR)


def test_without_the_seen_frame_a_delete_is_grounded() -> None:
    # the sibling above refuses by the frame alone
    call_recovered("Let me delete the stale branch.", "delete_branch", {"branch": "stale"},
                   tools=_EDITOR)
