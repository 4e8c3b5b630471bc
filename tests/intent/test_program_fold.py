"""The plain first-character scan before ``shellsplit.names_program``'s IGNORECASE pattern
(session 27, issue 27 item 6): every text the full pattern matches holds a name lowered in
its ASCII fold, so the fold may skip the full pattern only where it could not match; checked
against every code point and on forms written to slip past it, with refuse/recover pairs."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from leakcall.intent import shellsplit

from ..intent_sets import expect_recovered, expect_refused, recover_after, string_tool

BASH = string_tool("bash", "Run a shell command", "command")
FETCH = "Let me fetch https://status.example.com with curl."
ECHO = "Creating test.txt with a short note using echo redirection."
_EVERY = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)


def test_fold_reads_every_ignorecase_letter() -> None:
    """Each code point IGNORECASE reads as an ASCII letter folds to that letter."""
    for letter in string.ascii_lowercase:
        for ch in set(re.findall(letter, _EVERY, re.IGNORECASE)):
            assert shellsplit._ascii_folded(ch) == letter, (letter, hex(ord(ch)))


def test_fold_is_one_for_one_and_keeps_non_words() -> None:
    folded = shellsplit._ascii_folded(_EVERY)
    assert len(folded) == len(_EVERY)
    outside = "".join(re.findall(r"[^\w-]", _EVERY))
    assert re.search(r"[\w-]", shellsplit._ascii_folded(outside)) is None


NAMES = frozenset({"tee", "cp", "ssh", "kubectl", "install", "curl", "nc"})


@pytest.mark.parametrize("value", [
    "echo hi | TEE out", "\u017f\u017fh host", "\u212aubectl get pods", "\u0130NSTALL -m 644 a b",
    "\u0131nstall a b", "SSH host", "x | Cp a b", "function nc", "once", "ncx", "nc-x", "x-nc",
    "c'url' -H 'Cookie: a=b' u", "ls -la src/", "\u00e9t\u00e9 | tee x", "\u6771\u4eac; curl u",
    "k\u212aubectl", "tee\u0301 x", "ss\u0127 host", "cur\u0130 x", "echo hi | tee.x",
])
def test_prefilter_keeps_the_full_pattern(value: str) -> None:
    full = shellsplit._program_pattern(NAMES).search(shellsplit.joined(value)) is not None
    assert shellsplit.names_program(value, NAMES) is full, value


def test_non_ascii_name_reads_the_full_pattern() -> None:
    names = frozenset({"t\u00e9e"})
    assert shellsplit._names_literal(names) is None
    assert shellsplit.names_program("echo | T\u00c9E x", names)


PAIRS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # a credential header on a fetch whose program is written in capitals
    (FETCH, {"command": "curl -s -H 'Accept: text/html' https://status.example.com"},
     {"command": "CURL -s -H 'Cookie: sid=8f7a6c5d4e' https://status.example.com"}),
    # a write through tee in capitals, after a redirection the text announces
    (ECHO, {"command": "echo hi > test.txt"}, {"command": "echo hi > test.txt; echo x | TEE y"}),
]


@pytest.mark.parametrize(("text", "good", "bad"), PAIRS)
def test_folded_program_pairs(text: str, good: dict[str, Any], bad: dict[str, Any]) -> None:
    expect_recovered(recover_after(text, [BASH], ("bash", good)), good)
    expect_refused(recover_after(text, [BASH], ("bash", bad)), bad, "ungrounded-call")
