"""The literal prefilter of ``namedpieces._recursive_targets`` (issue 27 item 6, speed): a value
without "rm" is passed before ``_RM`` runs; every match of ``_RM`` holds "rm", so the targets are
those of the pattern alone, and ``recursive_file`` refuses and recovers as before."""

from __future__ import annotations

import re
from typing import Any

import pytest

import leakcall
from leakcall.intent import namedpieces
from leakcall.intent.walk import _keyed_strings
from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_after

TOOLS = [_tool("bash", "command"), _tool("get_weather", "city")]

# forms written to slip past a narrower literal ("rm -", "rm "): tabs, newlines, runs of spaces
VALUES = ["rm -rf tests", "rm\t-rf tests", "rm\n-r tests", "sudo  rm   -R  build", "x;rm -r a",
          "(/bin/rm\t--recursive out)", "`rm -fr cache`", "echo a | rm -r b && ls", "rm tests",
          "RM -rf x", "rmdir -p a", "farm -r x", "a<b | c[0] >= d; " * 120, "", "rm"]


def _plain(calls: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """The targets read by the pattern alone, without the prefilter."""
    out: list[str] = []
    for _, args in calls:
        for _, value in _keyed_strings(args):
            for m in namedpieces._RM.finditer(value):
                if re.search(r"(?:^|\s)(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)(?=\s)", m.group(1)):
                    out.append(m.group(2).strip("'\""))
    return out


@pytest.mark.parametrize("value", VALUES)
def test_the_prefilter_keeps_the_pattern_targets(value: str) -> None:
    calls = [("bash", {"command": value})]
    assert namedpieces._recursive_targets(calls) == _plain(calls)


def test_a_tab_separated_recursive_delete_is_still_read() -> None:
    assert namedpieces._recursive_targets([("bash", {"command": "rm\t-rf tests"})]) == ["tests"]


def _reason(text: str, command: str) -> tuple[str, str | None]:
    r: leakcall.Recovery = recover_after(text, TOOLS, ("bash", {"command": command}))
    return r.reason, r.rule


@pytest.mark.parametrize("command", ["rm -rf tests", "rm\t-rf tests", "sudo rm  -r tests"])
def test_a_recursive_delete_under_a_file_noun_stays_refused(command: str) -> None:
    reason, rule = _reason("I'll delete the test file.", command)
    assert reason != "ok" and rule == "ungrounded-call"


@pytest.mark.parametrize("command", ["rm -rf tests", "rm\t-rf tests"])
def test_the_same_delete_of_a_directory_stays_recovered(command: str) -> None:
    assert _reason("I'll delete the tests directory.", command)[0] == "ok"
