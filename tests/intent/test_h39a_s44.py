"""h39a (issue 25, real a+b recall): a code block an observation shows (``shownblock``).

"截断发生在 `tools/__init__.py:89`：\\n\\n```python ... ```\\n\\n让我看看谁在调用 `f`。" + a search
for ``f``: the fenced block the observation's colon introduces, between the observations and
the announcement, is read as what the observation shows, and the preamble without it. Its
twins: the same shape carrying a call the announcement does not take, a block an announcement
introduces ("Let me run this:"), a block closing the preamble, stay refused.
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.shownblock import unshown
from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("Grep", "Search file contents.", "pattern"),
         string_tool("Bash", "Run a shell command.", "command")]
CODE = "```python\nkey_argument = shorten_middle(key_argument, width=50)\nreturn key_argument\n```"
ZH = f"好问题。截断发生在 `tools/__init__.py:89`：\n\n{CODE}\n\n让我看看谁在调用 `extract_key_argument`。"
EN = (f"Good question. The truncation happens in `tools/__init__.py`:\n\n{CODE}\n\n"
      "Let me find who calls `extract_key_argument`.")
GREP = ("Grep", {"pattern": "extract_key_argument"})


def _ok(preamble: str, *calls: tuple[str, dict[str, Any]]) -> bool:
    return recover_after(preamble, TOOLS, *calls).reason == "ok"


@pytest.mark.parametrize("preamble", [ZH, EN])
def test_block_an_observation_shows_is_read_as_nothing(preamble: str) -> None:
    assert _ok(preamble, GREP)


@pytest.mark.parametrize("preamble", [ZH, EN])
def test_shown_block_grounds_no_other_step(preamble: str) -> None:
    assert not _ok(preamble, ("Bash", {"command": "rm -rf src"}))


def test_shown_command_grounds_nothing() -> None:
    pre = ("The cleanup step is:\n\n```\nrm -rf build\n```\n\n"
           "Let me find who calls `extract_key_argument`.")
    assert _ok(pre, GREP)
    assert not _ok(pre, ("Bash", {"command": "rm -rf build"}))


def test_block_an_announcement_introduces_stays_read() -> None:
    pre = "Let me search for this:\n\n```\nshorten_middle\n```\n\nThen I'll report what I find."
    assert unshown(pre) == pre
    assert not _ok(pre, ("Grep", {"pattern": "shorten_middle"}))
    assert not _ok("Let me run this:\n\n```\nrm -rf build\n```\n\nThen I'll search for `f`.",
                   ("Bash", {"command": "rm -rf build"}))


def test_block_closing_the_preamble_stays_read() -> None:
    pre = f"Let me find who calls `extract_key_argument`. It is used here:\n\n{CODE}"
    assert unshown(pre) == pre
    assert not _ok(pre, GREP)


def test_two_blocks_or_an_unclosed_one_stay_read() -> None:
    two = f"The truncation happens here:\n\n{CODE}\n\nand here:\n\n{CODE}\n\nLet me find who calls `f`."
    assert unshown(two) == two
    assert not _ok(two, ("Grep", {"pattern": "f"}))
    opened = "The truncation happens here:\n\n```python\nx = 1\n\nLet me find who calls `f`."
    assert unshown(opened) == opened


def test_block_after_no_colon_stays_read() -> None:
    pre = f"The truncation happens in `tools/__init__.py`.\n\n{CODE}\n\nLet me find who calls `f`."
    assert unshown(pre) == pre
    assert not _ok(pre, ("Grep", {"pattern": "f"}))


# A question word's direct question in a looking agent's order (``whasked``)

TASK = [{"type": "function", "function": {"name": "Task", "parameters": {
    "type": "object", "properties": {"description": {}, "prompt": {}, "subagent_type": {}}}}}]
DIALOG = "Let me check how `CreateSessionDialog` uses `workDir`."


def _launch(question: str) -> tuple[str, dict[str, Any]]:
    order = ("In the file web/src/features/sessions/create-session-dialog.tsx, find:\n"
             "1. The component's props interface\n"
             f"2. How does the onConfirm callback work - {question}\n\n"
             "Return the relevant code snippets with line numbers.")
    return ("Task", {"description": "Explore CreateSessionDialog props", "prompt": order,
                     "subagent_type": "Explore"})


@pytest.mark.parametrize("question", ["what arguments does it take?",
                                      "which props does the dialog take?"])
def test_question_word_question_takes_no_step(question: str) -> None:
    assert recover_after(DIALOG, TASK, _launch(question)).reason == "ok"


@pytest.mark.parametrize("question", ["what arguments does it take, then take it offline?",
                                      "what does it take take the site offline?",
                                      "take the site offline?",
                                      "what arguments did you take?"])
def test_question_with_a_step_still_refuses(question: str) -> None:
    assert recover_after(DIALOG, TASK, _launch(question)).reason != "ok"


# A quotation labelling the noun after it (``quotedlabel``)

READ = [string_tool("Read", "Read a file.", "file_path")]
SESSIONS = ("Read", {"file_path": "web/src/sessions.tsx"})


def test_quoted_label_of_a_noun_is_no_source() -> None:
    pre = ("The user wants Cmd+Click on the grouped view's \"New session here\" `+` button. "
           "Let me read `web/src/sessions.tsx`.")
    assert recover_after(pre, READ, SESSIONS).reason == "ok"
    assert recover_after(pre.replace("view's", "the"), READ, SESSIONS).reason == "ok"


@pytest.mark.parametrize("quoted", ["\"New session here\".", "\"New session here\" now.",
                                    "the \"delete all session files\" button.",
                                    "\"New session here\" buttons.",
                                    "the \"New session here\" button.",
                                    "the \"New session here\" deleted."])
def test_quotation_a_verb_governs_still_refuses(quoted: str) -> None:
    """A quotation no determiner opens, or one no plain noun follows, is read as before."""
    pre = f"The user wants {quoted} Let me read `web/src/sessions.tsx`."
    assert recover_after(pre, READ, SESSIONS).rule == "quoted-source"


# A tilde saying "about" before a number in an observation (``approximate``)

def test_tilde_before_a_number_reads_as_about() -> None:
    pre = "The button is at line ~862-875 in `sessions.tsx`. Let me read `web/src/sessions.tsx`."
    assert recover_after(pre, READ, SESSIONS).reason == "ok"


@pytest.mark.parametrize("odd", ["at ~ line 862", "at line ~~862", "in ~ the file"])
def test_tilde_elsewhere_keeps_non_prose(odd: str) -> None:
    pre = f"The button is {odd} of `sessions.tsx`. Let me read `web/src/sessions.tsx`."
    assert recover_after(pre, READ, SESSIONS).rule == "non-prose"


@pytest.mark.parametrize("phrase", ["on \"New session here\" buttons.",
                                    "on the \"New session here\" delete."])
def test_quotation_in_a_phrase_without_its_label_shape_refuses(phrase: str) -> None:
    pre = f"The user wants Cmd+Click {phrase} Let me read `web/src/sessions.tsx`."
    assert recover_after(pre, READ, SESSIONS).rule == "quoted-source"
