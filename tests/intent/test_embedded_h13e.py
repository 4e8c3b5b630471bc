"""Questions and clauses a look takes as its object (``intent.embedded``): a second yes-no
question joined by "or" and opened by the same word ("check if A or if B"), an interrogative
after a verb of finding out with its own subject between ("让我看看 web 端是怎么处理的"), a
negation of absence after a verb of verifying that is the announced verb ("让我验证没有残留日志").
Each recovery has a near-identical sibling that stays refused: "and if" (a condition), a comma
before a step, a changing verb, an interrogative that asks the reader, a negation that ends
the clause or stands before the verb."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_pair, expect_refused, keyed_tool, recover_after

TOOLS = [keyed_tool("read_file", "path"), keyed_tool("delete_file", "path"),
         keyed_tool("Grep", "pattern", "path")]

_READ = ("read_file", {"path": "build.log"})
_DELETE = ("delete_file", {"path": "build.log"})
_GREP = ("Grep", {"pattern": "SlashCmd", "path": "web/src"})
_FIND = ("Grep", {"pattern": "build.log", "path": "."})
_LEFT = ("Grep", {"pattern": "残留日志", "path": "."})


PAIRS = [
    # a second question of the look, joined by "or" | joined by "and": a condition
    (("Let me check if build.log exists or if it is empty.", _READ),
     ("Let me check if build.log exists and if it is empty.", _READ)),
    (("Controllo se il file build.log esiste o se è vuoto.", _READ),
     ("Controllo se il file build.log esiste e se è vuoto.", _READ)),
    (("Voy a comprobar si el archivo build.log existe o si está vacío.", _READ),
     ("Voy a comprobar si el archivo build.log existe y si está vacío.", _READ)),
    # ... a comma after the second "if" puts a step after a condition
    (("Let me check if build.log exists or if it is empty.", _READ),
     ("Let me check if build.log exists or if you prefer, I'll read build.log.", _READ)),
    # ... the first "if" after a step, not a look's question: both are conditions
    (("Let me check if build.log exists or if it is empty.", _READ),
     ("I'll read build.log if it exists or if it is empty.", _READ)),
    # a relative with its own subject inside the look's question | on a plain object
    (("Let me check if there are any tests for build.log that we should update.", _FIND),
     ("Let me check the tests for build.log that we should update.", _FIND)),
    # an interrogative after a look verb, its subject between | a comma between: it asks
    (("让我看看 web 端是怎么处理的。", _GREP), ("让我看看，怎么处理的。", _GREP)),
    (("让我检查 build.log 是如何生成的。", _READ), ("让我删除 build.log 是如何生成的。", _DELETE)),
    # ... a verb of finding out that runs something (验证, kind test) takes no question
    (("让我检查 build.log 是如何生成的。", _READ), ("让我验证 build.log 是如何生成的。", _READ)),
    (("让我看看怎么处理的。", _GREP), ("怎么处理 build.log？", _READ)),
    # ... a question word that asks the reader ("可以吗", may I?) opens none
    (("让我看看 build.log 是怎么生成的。", _READ), ("让我看看 build.log 可以吗。", _READ)),
    # a negation of absence after the verb of verifying | one ending the clause, one before it
    (("让我验证没有残留日志。", _GREP), ("让我验证没有。", _GREP)),
    (("让我确认没有残留日志。", _GREP), ("我不验证残留日志。", _GREP)),
    # ... a changing step before the verb of verifying: its negation is read no closer
    (("让我验证没有残留日志。", _LEFT), ("我来删除 build.log 并验证没有残留日志。", _LEFT)),
    (("I'll confirm no file references build.log.", _FIND), ("I'll confirm nothing.", _FIND)),
    # ... the look's clause grounds no changing call
    (("I'll confirm no file references build.log.", _FIND),
     ("I'll confirm no file references build.log.", _DELETE)),
]


@pytest.mark.parametrize(("kept", "refused"), PAIRS)
def test_a_looks_object_is_read_and_its_sibling_refused(
        kept: tuple[str, tuple[str, dict[str, Any]]],
        refused: tuple[str, tuple[str, dict[str, Any]]]) -> None:
    expect_pair(TOOLS, (kept[0], *kept[1]), (refused[0], *refused[1]))


@pytest.mark.parametrize(("text", "call"), [
    # a condition on a change, a deferral of a change, a negation of the step itself
    ("I'll delete build.log if the tests pass.", _DELETE),
    ("I'll delete build.log if it exists or if it is empty.", _DELETE),
    ("Elimino il file build.log se esiste o se è vuoto.", _DELETE),
    ("Let me check if build.log exists and delete build.log if it is empty.", _DELETE),
    ("I'll delete build.log and check if it exists or if it is empty.", _DELETE),
    ("Let me check if there are any tests for build.log that we should delete.", _DELETE),
    ("Let me check if build.log exists or if it is empty, then delete build.log.", _DELETE),
    ("I'll delete build.log this weekend.", _DELETE),
    ("I'll confirm nothing references build.log and delete build.log.", _DELETE),
    ("验证没有残留日志，然后删除 build.log。", _DELETE),
    ("删除 build.log，验证没有残留日志。", _DELETE),
])
def test_conditions_and_deferrals_of_a_change_stay_refused(
        text: str, call: tuple[str, dict[str, Any]]) -> None:
    expect_refused(recover_after(text, TOOLS, call), text)
