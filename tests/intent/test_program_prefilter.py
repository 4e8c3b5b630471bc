"""The literal prefilter of the readers that split a command into shell words to find a
program (``shellsplit.names_program``: ``shellwrites``, ``lookscope``): exact against the
plain reading, so a program spelled across quotes or in another case still reaches them, and
a reply whose values name no such program is not split at all (issue 27 item 6)."""

from __future__ import annotations

import shlex
from typing import Any

import pytest

from leakcall.intent import shellsplit

from ..intent_sets import expect_recovered, expect_refused, recover_after, string_tool

BASH = string_tool("bash", "Run a shell command", "command")
ECHO = "Creating test.txt with a short note using echo redirection."
FETCH = "Let me fetch https://status.example.com with curl."


def _plain(value: str, names: set[str]) -> bool:
    """The reading the prefilter stands in for: some shell word is the program, by its last
    path step, case-folded."""
    try:
        words = shlex.split(value.replace(";", " ; ").replace("|", " | "))
    except ValueError:
        return True  # an unreadable line is split by the readers' own fallbacks: keep it
    return any(w.rsplit("/", 1)[-1].casefold() in names for w in words)


@pytest.mark.parametrize("value", [
    "echo hi | tee out.txt", "echo hi | t\"ee\" out.txt", "echo hi | t\\ee out.txt",
    "echo hi | TEE out.txt", "echo hi | /usr/bin/tee out.txt", "steel kiln println x",
    "printf x | 'cp' a b", "ls -la src/", "x-tee y", "tee-x y", "a=1; mv a b", "lnk x",
    "curl -s https://a.example", "c'url' -H 'Cookie: a=b' https://a.example",
])
def test_names_program_is_the_plain_reading(value: str) -> None:
    names = {"tee", "cp", "mv", "ln", "install", "curl"}
    if _plain(value, names):
        assert shellsplit.names_program(value, names), value


PAIRS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # a write target reached through a program spelled across quotes or a backslash
    (ECHO, {"command": "echo hi | tee test.txt"}, {"command": "echo hi | t\"ee\" other.txt"}),
    (ECHO, {"command": "echo hi | tee test.txt"}, {"command": "echo hi | t\\ee other.txt"}),
    (ECHO, {"command": "echo hi > test.txt"}, {"command": "echo hi > test.txt; c'p' test.txt x"}),
    # a credential header on a fetch whose program is spelled across quotes
    (FETCH, {"command": "curl -s -H 'Accept: text/html' https://status.example.com"},
     {"command": "c\"url\" -s -H 'Cookie: sid=8f7a6c5d4e' https://status.example.com"}),
    # no scheme: nothing else in the line names a network program
    ("Let me fetch status.example.com with curl.", {"command": "curl -s status.example.com"},
     {"command": "c\"url\" -s -b 'sid=8f7a6c5d4e' status.example.com"}),
]


@pytest.mark.parametrize(("text", "good", "bad"), PAIRS)
def test_quoted_program_pairs(text: str, good: dict[str, Any], bad: dict[str, Any]) -> None:
    expect_recovered(recover_after(text, [BASH], ("bash", good)), good)
    expect_refused(recover_after(text, [BASH], ("bash", bad)), bad, "ungrounded-call")
