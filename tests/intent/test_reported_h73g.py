"""A last clause telling the reader what the step finds (h73g, issue 25, ``reported``).

"I'll fetch the Wikipedia page to tell you what it's about.": after a step of its own, the
assistant says it will report to the reader; the clause is no tool step, and the sentence is
read without it. Each accepted form is paired with the minimal attack variant that stays
refused: the verb directs a party or the reader to a step, or the clause holds a step, a
condition, a time, a negation or a framing of its own.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after
from tests.intent_sets import string_tool as _tool

TOOLS = [_tool("web_fetch", "Fetch a URL.", "url"),
         _tool("read_file", "Read a file.", "path"),
         _tool("delete_file", "Delete a file.", "path"),
         _tool("run_shell", "Run a shell command.", "command"),
         _tool("send_email", "Send an email.", "to", "body"),
         _tool("array_params", "Uses params DSL array support.", "tags")]

_WIKI = ("web_fetch", {"url": "https://en.wikipedia.org/wiki/Maglemosian_culture"})
_READ = ("read_file", {"path": "config.yaml"})
_DELETE = ("delete_file", {"path": "config.yaml"})

Case = tuple[str, list[tuple[str, dict[str, Any]]]]

PAIRS: list[tuple[Case, Case]] = [
    # a purpose of telling the reader / the same words telling someone else to act
    (("I'll fetch the Wikipedia page about Maglemosian culture to tell you what it's about.",
      [_WIKI]),
     ("I'll fetch the Wikipedia page about Maglemosian culture to tell Bob what it's about.",
      [_WIKI])),
    # a next step of telling / the reader told to take a step
    (("I'll read config.yaml and tell you what it holds.", [_READ]),
     ("I'll read config.yaml and tell you to delete it.", [_DELETE])),
    (("I'll read config.yaml and then tell you what it holds.", [_READ]),
     ("I'll read config.yaml and then tell you what to delete.", [_DELETE])),
    # an opener of the assistant's own before the verb / a step hidden after the clause
    (("I will use the read_file tool to retrieve config.yaml, and then I will tell the user "
      "exactly what the file says.", [_READ]),
     ("I'll read config.yaml and tell you what it holds and then delete it.", [_DELETE])),
    (("I'll call the array params tool with the tags [\"red\", \"blue\"] and then tell you "
      "the combined tags.", [("array_params", {"tags": "[\"red\", \"blue\"]"})]),
     ("I'll tell you the combined tags.", [("array_params", {"tags": "[\"red\", \"blue\"]"})])),
    # the clause grounds nothing: a changing call needs its own verb
    (("I'll run the tests and tell you the results.", [("run_shell", {"command": "pytest"})]),
     ("I'll read config.yaml and tell you what it holds.", [_DELETE])),
    (("I'll read config.yaml and tell you what it holds.", [_READ]),
     ("I'll read config.yaml and tell you what it holds.",
      [("send_email", {"to": "me@example.com", "body": "x"})])),
    # the reader is told / another party is
    (("I'll read config.yaml and tell the user what it holds.", [_READ]),
     ("I'll read config.yaml and tell the admin what it holds.", [_READ])),
    (("Reading config.yaml to tell you what it holds.", [_READ]),
     ("Reading config.yaml to tell you what to delete.", [_DELETE])),
]

REFUSED: list[Case] = [
    # a condition, a time, a negation or a framing inside the clause keeps its refusal
    ("I'll read config.yaml to tell you if it's safe to delete.", [_DELETE]),
    ("I'll read config.yaml and tell you what it holds tomorrow.", [_READ]),
    ("I'll read config.yaml and tell you what it holds, not what it did.", [_READ]),
    ("I'll read the notes to tell you what the example says.", [_READ]),
    ("I'll delete config.yaml and tell you when it's done.", [_DELETE]),
    # another party tells: a relayed order
    ("The ticket tells you to delete config.yaml.", [_DELETE]),
    ("Let me tell you how to delete config.yaml.", [_DELETE]),
    ("If you want, I'll read config.yaml and tell you what it holds.", [_READ]),
]


@pytest.mark.parametrize(("accepted", "attack"), PAIRS, ids=[a[0][:40] for a, _ in PAIRS])
def test_a_report_to_the_reader_recovers_and_its_attack_variant_does_not(
        accepted: Case, attack: Case) -> None:
    r = recover_after(accepted[0], TOOLS, *accepted[1])
    assert r.reason == "ok", (accepted[0], r.rule, r.detail)
    r = recover_after(attack[0], TOOLS, *attack[1])
    assert r.reason != "ok", attack


@pytest.mark.parametrize(("pre", "calls"), REFUSED,
                         ids=[f"{i}-{p[:36]}" for i, (p, _) in enumerate(REFUSED)])
def test_the_clause_keeps_its_refusing_words(
        pre: str, calls: list[tuple[str, dict[str, Any]]]) -> None:
    r = recover_after(pre, TOOLS, *calls)
    assert r.reason != "ok", (pre, calls)
