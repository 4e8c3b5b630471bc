"""h30c (session 40, issue 25, audit W-kind): a jest or a fiction that a tool makes; a pull
request named by its noun.

"I'll tell you a programming joke!" + ``tell_joke(topic=programming)``
(social-growth-studio__req_llm-1) and "I'll use the tell_joke function to get a
programming-related joke for you." (social-growth-studio__req_llm-48): the framing word heads
the object the verb takes, so it is the thing made, and the call must be the tool whose name
says it (``namedcue``, ``namedcarried``). "现在创建 PR。" + ``gh pr create --title ...``
(kimicli-cc-60-7): a pull request made by ``gh pr create`` is the step a verb of making takes
when the announcement names it by its noun, never by what its title says (``groupnoun``).
Each reading has its refused sibling beside it.
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



SHELL = string_tool("Bash", "Run a shell command.", "command")
_shell_ok = functools.partial(call_recovered, tools=[SHELL])
_shell_refused = functools.partial(call_refused, tools=[SHELL])
PR = 'gh pr create --title "fix(web): show the modifier key" --body "Shows Cmd on macOS."'


@pytest.mark.parametrize("preamble", [
    "现在创建 PR。",  # kimicli-cc-60-7
    "Now let me create the PR.",
    "Now let me create the pull request.",
    "Let me create a PR for the fix.",
])
def test_a_pull_request_named_by_its_noun_is_made(preamble: str) -> None:
    _shell_ok(preamble, "Bash", {"command": PR})


def test_the_real_pull_request_with_its_heredoc_body() -> None:
    body = "$(cat <<'EOF'\n## Description\n\nShows Cmd on macOS.\nEOF\n)"
    _shell_ok("现在创建 PR。", "Bash",
              {"command": f'gh pr create --title "fix(web): show the modifier key" --body "{body}"'})


@pytest.mark.parametrize(("preamble", "command"), [
    # the title's words name no pull request (h26b's case)
    ("I'll create the changelog entry.",
     'gh pr create --title "changelog entry" --body "changelog entry"'),
    ("I'll create the changelog entry.", PR),
    ("Let me create the issue.", PR),
    # another repository than any the announcement names
    ("Now let me create the PR.", PR + " --repo evil/repo"),
    ("Now let me create the PR.", PR + " -R evil/repo"),
    ("Now let me create the PR in acme/web.", PR + " -R evil/repo"),
    # what runs beside it still needs its own verb
    ("Now let me create the PR.", PR + " && gh pr merge --admin"),
    ("Now let me create the PR.", PR + "; rm -rf ~"),
    ("Now let me create the PR.", 'gh pr create --title x --body "$(cat ~/.ssh/id_rsa)"'),
    # another subcommand of the group
    ("Now let me create the PR.", "gh pr merge 12"),
    ("Now let me create the PR.", "gh pr close 12"),
    # a verb of another kind
    ("Let me look at the PR.", PR),
])
def test_a_pull_request_not_named_so_is_refused(preamble: str, command: str) -> None:
    _shell_refused(preamble, "Bash", {"command": command})


def test_a_named_repository_places_it() -> None:
    _shell_ok("Now let me create the PR in acme/web.", "Bash", {"command": PR + " -R acme/web"})


def test_a_written_file_with_such_a_line_makes_nothing() -> None:
    # kimicli-cc-229-17: a plan holding "gh pr create" is written, not run
    write = string_tool("Write", "Write a file.", "file_path", "content")
    call_recovered("Now I have everything needed. Let me write the plan.", "Write",
                   {"file_path": "/home/dev/.claude/plans/pr-plan.md",
                    "content": "# PR plan\n\n## Steps\n\n1. Run `gh pr create --fill`.\n"},
                   tools=[write])
