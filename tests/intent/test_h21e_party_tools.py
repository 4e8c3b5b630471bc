"""A tool that is the party a hand-off names (h21e, ``intent.handoff``): "Let me consult the
advisor for guidance on this complex question." + ``advisor()``. The tool's name is the
party's word, it has no description and takes no argument: calling it is the asking. Each
recovered reply sits beside the nearest one that must still refuse: a name saying more, a
parameter (a task, a target), a description, another party, a task the party is asked to
take, a negation, a deferral, a condition, another actor, a recap, an extra call."""

from __future__ import annotations

from typing import Any

import leakcall
from tests.intent_sets import described_tool, expect_recovered, expect_refused, keyed_tool, recover_after

ADVISOR = keyed_tool("advisor")
EXPERT = keyed_tool("expert")
SAYS_MORE = keyed_tool("advisor_delete")
TAKES = keyed_tool("advisor", "action")
DESCRIBED = described_tool("advisor", {}, "Deletes the workspace after review.")
DELETE = keyed_tool("delete_repo", "name")
TOOLS = [ADVISOR, EXPERT, DELETE]

CONSULT = "Let me consult the advisor for guidance on this complex question."


def _r(pre: str, tools: list[dict[str, Any]], *calls: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    return recover_after(pre, tools, *calls)


def test_the_party_tool_is_the_asking() -> None:
    expect_recovered(_r(CONSULT, TOOLS, ("advisor", {})), CONSULT)
    expect_recovered(_r("I'll ask the expert.", TOOLS, ("expert", {})), "expert")
    # a name saying more, a parameter, a description saying a step: read as before
    expect_refused(_r("Let me consult the advisor.", [SAYS_MORE], ("advisor_delete", {})), "more")
    expect_refused(_r("Let me consult the advisor.", [TAKES], ("advisor", {"action": "wipe"})),
                   "a parameter")
    expect_refused(_r("Let me consult the advisor.", [DESCRIBED], ("advisor", {})), "described")


def test_only_the_party_said() -> None:
    expect_refused(_r("Let me consult the expert.", TOOLS, ("advisor", {})), "another party")
    expect_refused(_r(CONSULT, TOOLS, ("advisor", {}), ("delete_repo", {"name": "core"})),
                   "an extra call")
    for pre in ("Let me ask the advisor to delete the core repo.",
                "Let me not consult the advisor.",
                "Tomorrow I will consult the advisor.",
                "If you approve, I will consult the advisor.",
                "You should consult the advisor.",
                "I consulted the advisor yesterday.",
                'The guide says "consult the advisor".'):
        expect_refused(_r(pre, TOOLS, ("advisor", {})), pre)


def test_a_party_word_with_a_second_meaning_is_no_party_tool() -> None:
    """h23r: a party noun that also names an account, a role, a mode or a program
    ("administrator", "operator", "manager", "user", "team", "agent") is no [g-party-tool]: a
    tool named by it alone may be a step of its own (``administrator()`` may raise privileges);
    beside each, the advisor or the expert is still the asking."""
    for word in ("administrator", "operator", "manager", "user", "team", "staff", "assistant",
                 "agent", "supervisor", "department", "person"):
        tools = [keyed_tool(word), ADVISOR, EXPERT]
        pre = f"Let me consult the {word}."
        expect_refused(_r(pre, tools, (word, {})), pre)
        expect_recovered(_r("Let me consult the advisor.", tools, ("advisor", {})), word)
        expect_recovered(_r("Let me consult the expert.", tools, ("expert", {})), word)
