"""A sensitive location is named by whole words of its own name (h24f; ``values``'
``_unnamed_sensitive``): a word that only holds a fragment's word ("fetch" holds the "etc" of
/etc/passwd) names nothing, and neither does the folder a sensitive file lies in ("etc" names
no /etc/passwd; "ssh" still names ~/.ssh/ and /etc/ssh/). Each refusal has a near-identical
reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("read_file", "Read a file", "path"),
         string_tool("bash", "Run a shell command", "command")]

Call = tuple[str, dict[str, Any]]

# (refused preamble, passing preamble, call)
PAIRS: list[tuple[str, str, Call]] = [
    ("I'll fetch the file.", "I'll fetch the passwd file.", ("read_file", {"path": "/etc/passwd"})),
    ("Let me fetch the config.", "Let me fetch the hosts config.",
     ("bash", {"command": "cat /etc/hosts"})),
    ("I'll read the fetched data.", "I'll read the fetched passwd data.",
     ("read_file", {"path": "/etc/passwd"})),
    ("Let me fetch etc.", "Let me fetch /etc/passwd.", ("read_file", {"path": "/etc/passwd"})),
    # (a word that opens with the fragment's word names it: "crontabs", "environment")
    ("Let me read the crosshair config.", "Let me read the sshd config.",
     ("read_file", {"path": "/home/dev/.ssh/config"})),
    ("I'll read the tabs etc.", "I'll read the crontabs.",
     ("read_file", {"path": "/etc/crontab"})),
    ("Let me check the environment.", "Let me check the .env file.",
     ("bash", {"command": "cat .env"})),
    ("Let me read the sshd notes.", "Let me read the ssh config.",
     ("read_file", {"path": "/home/dev/.ssh/config"})),
]


@pytest.mark.parametrize(("refused", "passing", "call"), PAIRS)
def test_a_sensitive_location_is_named_from_a_words_start(refused: str, passing: str,
                                                      call: Call) -> None:
    expect_refused(recover_after(refused, TOOLS, call), refused, "ungrounded-call")
    expect_recovered(recover_after(passing, TOOLS, call), passing)
