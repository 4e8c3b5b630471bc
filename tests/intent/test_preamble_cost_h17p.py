"""The intent stage's cost on a preamble leak (h17p, issue 27 item 6): shared steps made cheaper
with every reader's decision kept. Each cut is held to its plain form here: the shell's words
(``shellsplit.shell_words``) equal ``shlex.split``'s, errors included; the prechecks of the
secret-read reader (``secretreads``: a flag's value needs a word that starts with "-", a glob
read from a folder needs a "/") refuse and recover as the full reading did."""

from __future__ import annotations

import itertools
import re
import shlex
import unicodedata
from typing import Any

import pytest

from leakcall.intent import units
from leakcall.intent.memo import one_reply, per_call_said, per_tool
from leakcall.intent.references import _unaccented
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
    return [*out, "git log -p --all -S password", "a<b | c[0] >= d; " * 40, "echo 'a b' c\\ d",
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
    ("Let me look at the diff of the last commit.", "git log --stat; git log -p -G api_key",
     "git log --stat; git log -p -G api_url"),
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
    out = []
    for ch in text:
        d = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in d if not unicodedata.combining(c))
                   if d[:1].isascii() else ch)
    return "".join(out)


def test_unaccented_is_the_plain_reading_on_every_character_below_u3100() -> None:
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


# --- the unit forms' patterns (``units._form_re``, ``units._led``): the plain alternation's matches

def _plain_form_re(forms: list[str]) -> str:
    parts = []
    for f in sorted(forms, key=len, reverse=True):
        body = r"\s+".join(re.escape(w) for w in f.split())
        lead = r"(?<!\w)" if f[0].isalnum() and ord(f[0]) < 0x2E80 else ""
        tail = r"(?!\w)" if f[-1].isalnum() and ord(f[-1]) < 0x2E80 else ""
        parts.append(lead + body + tail)
    return "(?:" + "|".join(parts) + ")"


def _unit_texts() -> list[str]:
    forms = list(units._FORMS)
    out = ["Let me check the weather.", "I'll list the files.", "a<b | c[0] >= d; " * 20]
    for i, f in enumerate(forms):
        g = forms[(i * 7) % len(forms)]
        out += [f, f"x{f}", f"{f}x", f"12 {f}", f"12{f} and {g}", f"{f} 12", f"{f}12",
                f"in {f.upper()} please", f"{f.replace(' ', chr(9))} {g}s", f"_{f}_", f"5 {f}{g}"]
    return [t.casefold() for t in out]


def test_the_unit_patterns_match_as_the_plain_alternation() -> None:

    prose = [f for f, (_d, _u, free) in units._FORMS.items() if free]
    plain_any = _plain_form_re(list(units._FORMS))
    pairs = [(units._PROSE, re.compile(_plain_form_re(prose))),
             (units._AFTER, re.compile(units._NUM + r"\s*" + units._DEG + "(" + plain_any + ")")),
             (units._BEFORE, re.compile("(" + _plain_form_re(
                 [f for f, (d, _u, _p) in units._FORMS.items() if d in units._BEFORE_DIMS])
                 + r")\s*" + units._BARE))]
    for text in _unit_texts():
        for fast, plain in pairs:
            got = [(m.span(), m.groups()) for m in fast.finditer(text)]
            assert got == [(m.span(), m.groups()) for m in plain.finditer(text)], (text, plain)


_WEATHER = string_tool("get_weather", "get weather", "city", "units")


@pytest.mark.parametrize(("preamble", "refused", "kept"), [
    ("I'll check the weather in Paris in Celsius.", "imperial", "metric"),
    ("I'll check the weather in Paris in Fahrenheit.", "celsius", "imperial"),
    ("Ich prüfe das Wetter in Paris in Grad Celsius.", "imperial", "metric"),
])
def test_a_unit_stated_refuses_and_recovers_as_before(preamble: str, refused: str,
                                                      kept: str) -> None:
    bad = recover_after(preamble, [_WEATHER], ("get_weather", {"city": "Paris", "units": refused}))
    assert not bad.ok and bad.rule == "ungrounded-call", bad.detail
    good = recover_after(preamble, [_WEATHER], ("get_weather", {"city": "Paris", "units": kept}))
    assert good.ok, (good.rule, good.detail)
