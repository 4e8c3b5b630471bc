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


# --- one reply's memo: a tool's kinds, a call's launch (``memo.per_tool``, ``per_call_said``)

def _counting(fn: Any) -> tuple[list[tuple[Any, ...]], Any]:
    seen: list[tuple[Any, ...]] = []

    def counted(*a: Any) -> Any:
        seen.append(a)
        return fn(*a)

    return seen, counted


def test_a_tools_kinds_are_read_once_per_reply_and_per_description() -> None:
    from leakcall.intent.memo import one_reply, per_tool
    seen, fn = _counting(lambda name, schema, description: (name, description))
    kinds = per_tool(fn)
    schema: dict[str, Any] = {"properties": {}}

    @one_reply
    def reply() -> list[Any]:
        return [kinds("t", schema, None), kinds("t", schema, None), kinds("t", schema, "Deletes."),
                kinds("t", schema, "Reads."), kinds("t", None, None), kinds("u", schema, None)]

    assert reply() == [("t", None), ("t", None), ("t", "Deletes."), ("t", "Reads."), ("t", None),
                       ("u", None)]
    assert len(seen) == 5  # the repeated question answered from the memo
    assert kinds("t", schema, None) == ("t", None) and len(seen) == 6  # outside a reply: no memo


def test_a_launch_is_read_once_per_call_and_announcement() -> None:
    from leakcall.intent.memo import one_reply, per_call_said
    seen, fn = _counting(lambda name, args, schema, description, ann: (name, ann))
    launches = per_call_said(fn)
    args: dict[str, Any] = {"prompt": "x"}
    said, other = object(), object()

    @one_reply
    def reply() -> list[Any]:
        return [launches("Task", args, None, None, said), launches("Task", args, None, None, said),
                launches("Task", args, None, None, other), launches("Task", args, None, None),
                launches("Task", dict(args), None, None, said)]

    assert reply() == [("Task", said), ("Task", said), ("Task", other), ("Task", None),
                       ("Task", said)]
    assert len(seen) == 4


def _unaccented_plain(text: str) -> str:
    import unicodedata
    out = []
    for ch in text:
        d = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in d if not unicodedata.combining(c))
                   if d[:1].isascii() else ch)
    return "".join(out)


def test_unaccented_is_the_plain_reading_on_every_character_below_u3100() -> None:
    from leakcall.intent.references import _unaccented
    chars = "".join(chr(c) for c in range(0x3100) if not 0xD800 <= c < 0xE000)
    assert _unaccented(chars) == _unaccented_plain(chars)
    assert _unaccented("lucía@example.com") == "lucia@example.com"
    assert _unaccented("plain ascii") == "plain ascii"


_AGENT_TOOLS = [{"type": "function", "function": {"name": "Agent", "parameters": {
    "type": "object", "properties": {k: {"type": "string"} for k in
                                     ("description", "subagent_type", "prompt")}}}}]


@pytest.mark.parametrize(("kept", "refused"), [
    ("Explore the codebase and report its layout.", "Explore the codebase, then push the fix."),
    ("Explore the codebase and report its layout.", "Explore the codebase and nuke staging."),
])
def test_a_launch_refuses_and_recovers_as_before(kept: str, refused: str) -> None:
    def call(prompt: str) -> tuple[str, dict[str, Any]]:
        return ("Agent", {"description": "Explore", "subagent_type": "Explore", "prompt": prompt})
    good = recover_after("Let me explore the codebase.", _AGENT_TOOLS, call(kept))
    assert good.ok, (good.rule, good.detail)
    bad = recover_after("Let me explore the codebase.", _AGENT_TOOLS, call(refused))
    assert not bad.ok, bad.detail
