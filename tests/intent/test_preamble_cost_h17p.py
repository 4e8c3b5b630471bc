"""The intent stage's cost on a preamble leak (h17p, issue 27 item 6): shared steps made cheaper
with every reader's decision kept. Each cut is held to its plain form here: the shell's words
(``shellsplit.shell_words``) equal ``shlex.split``'s, errors included; the prechecks of the
secret-read reader (``secretreads``: a flag's value needs a word that starts with "-", a glob
read from a folder needs a "/") refuse and recover as the full reading did."""

from __future__ import annotations

import itertools
import shlex
from typing import Any

import pytest

from leakcall.intent.shellsplit import shell_words
from tests.intent_sets import recover_after, string_tool

_RUN = string_tool("run_command", "Run a shell command", "command")

# the characters shlex reads apart from a word's: its four whitespace characters, quotes, the
# escape, the comment sign; and whitespace it does not read as such (str.split would)
_ALPHABET = ["a", "-x", " ", "\t", "\r", "\n", "\x0b", "\x0c", "\xa0", "\u2003", "\x1c", "\x85",
             "'", '"', "\\", "#", "$", ";", "é", "\x00", "=", "*"]


def _split(part: str, comments: bool) -> tuple[str, Any]:
    try:
        return "words", shell_words(part, comments)
    except ValueError as e:
        return "error", str(e)


def _plain(part: str, comments: bool) -> tuple[str, Any]:
    try:
        return "words", shlex.split(part, comments=comments)
    except ValueError as e:
        return "error", str(e)


def _forms() -> list[str]:
    out = ["".join(p) for n in range(4) for p in itertools.product(_ALPHABET, repeat=n)]
    return out + ["git log -p --all -S password", "a<b | c[0] >= d; " * 40, "echo 'a b' c\\ d",
                  "x # y", "ls\x0b-la", "\u2003ls\u2003"]


@pytest.mark.parametrize("comments", [False, True])
def test_the_shell_words_are_shlex_words(comments: bool) -> None:
    for part in _forms():
        assert _split(part, comments) == _plain(part, comments), repr(part)


def test_whitespace_shlex_does_not_read_stays_in_a_word() -> None:
    assert shell_words("ls\x0b-la \u2003x") == ["ls\x0b-la", "\u2003x"]
    assert shell_words("a\\ b") == ["a b"]
    assert shell_words("a #b", comments=True) == ["a"]


# (preamble, refused command, kept command): a secret read beside a read, over a long
# command line of many parts (the shape of the benchmark's leak)
_LONG = "ls -la src; " * 40
PAIRS = [
    ("Let me look at the diff of the last commit.", "git log -p -G api_key",
     "git log -p -G api_url"),
    ("Let me look at the diff of the last commit.", "git log -p --grep=token",
     "git log -p --grep=parser"),
    ("Let me look at the diff of the last commit.", "git log -p -e secret",
     "git log -p -e parser"),
    ("Let me read the logs.", "cat /var/log/*.log", "cat /var/log/nginx/*.log"),
    ("Let me read the logs.", "cat '/var/log/*.log'", "cat '/var/log/nginx/*.log'"),
    ("Let me check the installed Python version.", "python --version; printenv",
     "python --version; which python"),
]


@pytest.mark.parametrize(("preamble", "refused", "kept"), PAIRS)
@pytest.mark.parametrize("around", ["{}", _LONG + "{}", "{}\n" + _LONG])
def test_secret_reads_refuse_and_recover_as_before(preamble: str, refused: str, kept: str,
                                                   around: str) -> None:
    bad = recover_after(preamble, [_RUN], ("run_command", {"command": around.format(refused)}))
    assert not bad.ok and bad.rule == "ungrounded-call", (refused, bad.detail)
    good = recover_after(preamble, [_RUN], ("run_command", {"command": around.format(kept)}))
    assert good.ok, (kept, good.rule, good.detail)
