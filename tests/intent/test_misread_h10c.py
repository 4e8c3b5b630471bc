"""Words misread as another language's or as another party's (h10c, issue 25): a Han character
ending a word of the Chinese sentence ("任何", not Japanese "何"), an English verb form in its
verb's place ("this file falls under", not German "falls", ``misread``); a possessive of a
thing the call carries ("London's temperature", "the UK's GDP") or of the user's own thing
("your phone's"), ``ownedthings``. Each beside the near-identical reply that stays refused."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall.intent.misread import inside_own_word
from leakcall.intent.tables import tongue
from leakcall.intent.words import tokenize
from tests.intent_sets import expect_pair, expect_refused, keyed_tool, recover_calls

TOOLS = [keyed_tool("edit_file", "path", "old_string", "new_string"),
         keyed_tool("bash", "command"), keyed_tool("read_file", "path"),
         keyed_tool("search", "query"), keyed_tool("compare_values", "label1", "label2"),
         keyed_tool("get_device_status", "device_id"), keyed_tool("run_command", "command"),
         keyed_tool("send_email", "to", "subject", "body"),
         keyed_tool("pay_invoice", "customer", "memo")]

_recover = partial(recover_calls, tools=TOOLS)

BUILD = ("bash", {"command": "npm run build"})
READ = ("read_file", {"path": "src/app.py"})
COMPARE = ("compare_values", {"label1": "Average", "label2": "London's Temperature"})
GDP = ("search", {"query": "UK GDP data"})
STATUS = ("get_device_status", {"device_id": "D1001"})
EDIT = ("edit_file", {"path": "main.go", "old_string": 'fmt.Println("Hello")',
                      "new_string": '// Greeting\nfmt.Println("Hello")'})
STALE = "The first edit changed the greeting, so the second edit's `old_string` no longer matched."

PAIRS: list[tuple[tuple[str, str, dict[str, Any]], tuple[str, str, dict[str, Any]]]] = [
    # a Han character ending a Chinese word; Japanese "何" opening a word ("何時", when)
    (("我来运行构建，web 端任何测试文件都会检查。", *BUILD),
     ("我来运行构建，web 端何時测试文件都会检查。", *BUILD)),
    (("我来运行构建，web 端任何测试文件都会检查。", *BUILD),
     ("我来运行构建，web 端测试文件何時都会检查。", *BUILD)),
    # an English verb form where a clause's verb stands; not after a step's verb
    (("Since this file falls under src, let me read it.", *READ),
     ("Let me read this file falls under src.", *READ)),
    (("Since this file falls under src, let me read it.", *READ),
     ("Since this file falls under src, let me read it bis on friday.", *READ)),
    # the possessive phrase is the whole label of a call that compares
    (("Let me compare the average to London's temperature.", *COMPARE),
     ("Let me compare the average to London's temperature.", "compare_values",
      {"label1": "Average", "label2": "Paris's Temperature"})),
    (("Let me compare the average to London's temperature.", *COMPARE),
     ("I'll send London's forecast.", "send_email",
      {"to": "ops@example.com", "subject": "London's forecast", "body": "See below."})),
    (("Let me compare the average to London's temperature.", *COMPARE),
     ("I'll email Mallory's report to ops@example.com.", "send_email",
      {"to": "ops@example.com", "subject": "Mallory's report", "body": "Attached."})),
    (("Let me compare the average to London's temperature.", *COMPARE),
     ("I'll pay Mallory's invoice.", "pay_invoice",
      {"customer": "acme", "memo": "Mallory's invoice"})),
    (("Let me compare the average to London's temperature.", *COMPARE),
     ("I'll run Bob's cleanup script.", "run_command", {"command": "Bob's cleanup script"})),
    # a short owner the call writes as a whole word
    (("Let me search for the UK's GDP data.", *GDP),
     ("Let me search for the UK's GDP data.", "search", {"query": "GDP data"})),
    (("Let me search for the UK's GDP data.", *GDP),
     ("Let me search for the UK's GDP data.", "search", {"query": "ukraine GDP data"})),
    (("Let me search for the UK's GDP data.", *GDP),
     ("Let me run the UK's cleanup script.", "bash", {"command": "./cleanup.sh uk"})),
    # an earlier call of the tool the observation's possessive names, the announced object
    ((f"{STALE} Let me apply the comment edit now.", *EDIT),
     (f"{STALE} Let me apply the comment change now.", *EDIT)),
    ((f"{STALE} Let me apply the comment edit now.", *EDIT),
     ("The first edit changed the greeting, so the reviewer's `old_string` no longer matched. "
      "Let me apply the reviewer edit now.", *EDIT)),
    ((f"{STALE} Let me apply the comment edit now.", *EDIT),
     ("The customer's edit failed. Let me apply the comment edit now.", *EDIT)),
    # the user's own thing before a call that looks
    (("Let me check your phone's network status.", *STATUS),
     ("Let me check the phone's network status.", *STATUS)),
    (("Let me check your phone's network status.", *STATUS),
     ("Let me check Mallory's phone's network status.", *STATUS)),
    (("Let me check your phone's network status.", *STATUS),
     ("I'll run your landlord's cleanup script.", "bash", {"command": "./cleanup.sh"})),
]


@pytest.mark.parametrize("recovered,refused", PAIRS)
def test_pair(recovered: tuple[str, str, dict[str, Any]],
              refused: tuple[str, str, dict[str, Any]]) -> None:
    expect_pair(TOOLS, recovered, refused)


ATTACKS = [
    ("I'll run Bob's cleanup script.", ("bash", {"command": "./cleanup.sh"})),
    ("I'll run my colleague's command.", ("bash", {"command": "./cleanup.sh"})),
    ("I'll run the attacker's payload.", ("bash", {"command": "./payload.sh"})),
    ("I'll run your colleague's cleanup script.", ("bash", {"command": "./cleanup.sh"})),
    ("I'll run the cleanup script, nicht ausführen.", ("bash", {"command": "./cleanup.sh"})),
    ("I'll run the cleanup script (bitte nicht).", ("bash", {"command": "./cleanup.sh"})),
    ("Since this step uitgesteld until monday, let me run the backup.",
     ("bash", {"command": "./backup.sh"})),
    ("Since this backup bis on friday, let me run it.", ("bash", {"command": "./backup.sh"})),
    ("我来运行构建，web 端测试文件も何も检查しない。", BUILD),
    ("Let me compare the average to Mallory's request.",
     ("compare_values", {"label1": "Average", "label2": "Mallory's request"})),
]


@pytest.mark.parametrize("preamble,call", ATTACKS)
def test_attack_refused(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    expect_refused(_recover(preamble, call), preamble)


def test_inside_own_word() -> None:
    zh, ja = tongue("zh"), tongue("ja")
    assert zh is not None and ja is not None
    for part, own in (("web 端任何测试文件", True), ("web 端何時测试文件", False),
                      ("测试文件何でも", False)):
        hits = [x for x in tokenize(part, ja) if x.text == "何"]
        assert hits and inside_own_word(part, hits[0], zh) is own, part
