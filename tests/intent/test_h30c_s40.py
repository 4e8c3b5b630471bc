"""h30c (session 40, issue 25, audit W-kind): a jest or a fiction that a tool makes.

"I'll tell you a programming joke!" + ``tell_joke(topic=programming)``
(social-growth-studio__req_llm-1) and "I'll use the tell_joke function to get a
programming-related joke for you." (social-growth-studio__req_llm-48): the framing word heads
the object the verb takes, so it is the thing made, and the call must be the tool whose name
says it (``namedcue``, ``namedcarried``). Each reading has its refused sibling beside it.
"""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, recover_after, string_tool

JOKE = string_tool("tell_joke", "Tell a funny joke", "topic")
BASH = string_tool("bash", "Run a shell command.", "command")
POST = string_tool("post_message", "Post a message to the channel.", "text")
DEMO = string_tool("run_demo", "Run the demo.", "name")
WEATHER = string_tool("get_weather", "Get the weather for a location.", "location")
BARE = string_tool("joke", "A joke.", "topic")
TOOLS = [JOKE, BASH, POST, DEMO, WEATHER, BARE]

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)


@pytest.mark.parametrize("preamble", [
    "I'll tell you a programming joke!",  # social-growth-studio__req_llm-1
    "I'll use the tell_joke function to get a programming-related joke for you.",  # req_llm-48
    "Let me tell you a joke about programming.",
])
def test_the_joke_a_tool_tells_is_its_step(preamble: str) -> None:
    _ok(preamble, "tell_joke", {"topic": "programming"})


@pytest.mark.parametrize(("preamble", "name", "args"), [
    # the framing word heads the object, but the call is no tool that makes it
    ("I'll tell you a programming joke!", "bash", {"command": "echo programming"}),
    ("I'll run a programming joke.", "bash", {"command": "echo programming"}),
    ("I'll post a programming joke for you.", "post_message", {"text": "a programming joke"}),
    ("Let me run a demo for you.", "bash", {"command": "./demo.sh"}),
    # a verb of searching looks for it: the search's query is no jest a tool makes
    # (social-growth-studio__req_llm-41, audit R-mismatch)
    ("Sure! Let me find a joke about cats for you.", "get_weather", {"location": "cat joke"}),
    ("Let me search for a joke about cats.", "get_weather", {"location": "cat joke"}),
    # a word of another framing than the tool's
    ("I'll tell you a programming story.", "tell_joke", {"topic": "programming"}),
    # a frame of the whole step, not an object: "as a joke", "just kidding"
    ("I'll run echo programming as a joke.", "bash", {"command": "echo programming"}),
    ("Just kidding, I'll tell you a programming joke.", "tell_joke", {"topic": "programming"}),
    ("It's a joke. I'll tell you a programming joke!", "tell_joke", {"topic": "programming"}),
    # "tell" with no reader, or not right after the opener, still reports
    ("I'll tell them a programming joke!", "tell_joke", {"topic": "programming"}),
    ("I'll tell Bob a programming joke!", "tell_joke", {"topic": "programming"}),
    # the reporting verb read as the tool's own only where the name says it too
    ("I'll tell you a programming joke!", "joke", {"topic": "programming"}),
    ("I'll tell you a joke and run echo programming.", "bash", {"command": "echo programming"}),
    # a framing word after a verb of no kind, or with nothing of the object before it
    ("I'll say a programming joke!", "tell_joke", {"topic": "programming"}),
    ("I'll tell you this joke!", "tell_joke", {"topic": "programming"}),
])
def test_a_framing_word_no_tool_makes_still_refuses(preamble: str, name: str,
                                                    args: dict[str, str]) -> None:
    _refused(preamble, name, args)


def test_every_call_is_the_tool_that_makes_it() -> None:
    # a second call beside the jest is no tool that makes it
    r = recover_after("I'll tell you a programming joke!", TOOLS,
                      ("tell_joke", {"topic": "programming"}),
                      ("get_weather", {"location": "programming"}))
    assert not r.ok, r.detail

