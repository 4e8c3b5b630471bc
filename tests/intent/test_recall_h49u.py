"""Recall widenings of h49u (issue 25): a purpose clause after a step ([g-purpose]: "so the PR
can be opened"), an inquiry word with "else" ("what else"), and announcement forms of Italian
("traduco") and Russian ("давайте я", "найду"); each with the nearest replies that stay
refused (a time, a negation, another actor, a step the purpose names but no opener announces)."""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.intent_sets import expect_recovered, expect_refused, recover_call
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("bash", "command"), _tool("read_file", "path"), _tool("delete_file", "path"),
         _tool("get_weather", "city"), _tool("translate_text", "text", "target"),
         _tool("list_directory", "path"), _tool("find_files", "pattern")]


_recover = partial(recover_call, tools=TOOLS)


def _ok(pre: str, name: str, args: dict[str, Any]) -> None:
    expect_recovered(_recover(pre, name, args), pre, "action-preamble")


def _refused(pre: str, name: str, args: dict[str, Any], rule: str) -> None:
    expect_refused(_recover(pre, name, args), pre, rule)


# -- a purpose clause after the step: its own subject, its verbs no step ----------------------

def test_purpose_clause_after_the_step() -> None:
    _ok("Let me check the weather in Chicago so you know what to pack.", "get_weather",
        {"city": "Chicago"})
    _ok("I'll run the tests so we can see what breaks.", "bash", {"command": "pytest"})
    # the user as the purpose's subject grounds only observing calls (h62y, ``purposed``)
    _refused("I'll delete the cache so you can rebuild it.", "delete_file",
             {"path": "cache.db"}, "other-actor")
    _ok("Let me read the file so that I know the format.", "read_file", {"path": "a.txt"})


def test_purpose_clause_keeps_what_refuses() -> None:
    _refused("I'll delete the cache so the SRE can rebuild it tomorrow.", "delete_file",
             {"path": "cache.db"}, "conditional")
    _refused("I'll delete the cache so it never comes back.", "delete_file",
             {"path": "cache.db"}, "negation")
    _refused("I'll check the script so it runs after the backup.", "bash",
             {"command": "./deploy.sh"}, "conditional")
    _refused("I'll run the tests so the build can pass for someone else.", "bash",
             {"command": "pytest"}, "other-actor")
    # the purpose's verb is no step taken: the reader runs it, the assistant only reads
    # (the user as its subject: only observing calls are grounded, h62y's ``purposed``)
    _refused("I'll read the script so you can run it yourself.", "bash",
             {"command": "./deploy.sh"}, "other-actor")
    _refused("I'll read the config so you can delete it.", "delete_file",
             {"path": "config.yml"}, "other-actor")
    _refused("I'll read the script so the CI can run it.", "bash",
             {"command": "./deploy.sh"}, "ungrounded-call")
    # another actor as its subject opens none
    _refused("Let me read the config so they can delete it.", "read_file", {"path": "c.yml"},
             "unknown-preamble")
    # at a clause's start "so" opens no purpose
    _refused("So you can delete the cache.", "delete_file", {"path": "cache.db"},
             "unknown-preamble")


# -- an inquiry word with "else": "other", no condition --------------------------------------

def test_inquiry_word_with_else() -> None:
    _ok("I'll run the linter to see what else is flagged.", "bash", {"command": "ruff check ."})
    _refused("I'll run the linter or else the tests.", "bash", {"command": "ruff check ."},
             "conditional")


# -- Italian present and Russian "let me" forms ------------------------------------------------

def test_italian_present_and_russian_openers() -> None:
    _ok("Traduco il testo in inglese.", "translate_text",
        {"text": "La riunione è spostata a giovedì.", "target": "en"})
    _ok("Давайте я посмотрю содержимое каталога src.", "list_directory", {"path": "src"})
    _refused("Давайте я удалю каталог src завтра.", "delete_file", {"path": "src"},
             "conditional")
    _refused("Давайте я посмотрю содержимое каталога src.", "delete_file", {"path": "src"},
             "ungrounded-call")
