"""Times an observation or a step says (h9Bc, issue 25, rule ``conditional``): a meridiem
spelled apart ("7 a.m.", ``pieces._MERIDIEM``) is the time of day "7am" is, no disguise
(``foreign._disguised``); a sentence that is a time alone ("At 7am.", "Today at 5.",
``clocked``) is the time of the step after it; a span counted back from now ("24 hours ago",
``spans.ago``) is a time gone by. "if" right after a verb of kind compute ("calculate if
the fares stay under $1,000", ``words``) asks what the computation finds, as after "check";
after the object it conditions the step. Each refusal sits beside the near form that
recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file or folder.", "path"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("search_flights", "Search flights.", "origin", "destination"),
         string_tool("cancel_order", "Cancel an order.", "order_id"),
         string_tool("edit_file", "Edit a file.", "path", "old_string", "new_string"),
         string_tool("calculate", "Calculate the result of a math expression.", "expression")]
DELETE = ("delete_file", {"path": "logs/"})
READ = ("read_file", {"path": "notes.txt"})
SEARCH = ("search_flights", {"origin": "DTW", "destination": "JFK"})
CANCEL = ("cancel_order", {"order_id": "77120"})
SUM = ("calculate", {"expression": "420 + 380"})
FIX = ("edit_file", {"path": "src/sum.py", "old_string": "range(1, n)", "new_string": "range(0, n)"})

PAIRS: list[tuple[str, tuple[str, dict[str, Any]], str, tuple[str, dict[str, Any]]]] = [
    # (refused, its call, recovered, its call): a meridiem spelled apart is a time of day
    ("I'll delete the logs/ folder before 7 p.m.", DELETE,
     "I'll read notes.txt before 7 p.m.", READ),
    ("Let me delete the logs/ folder before 7 a.m.", DELETE,
     "Let me search for flights from DTW to JFK that arrive before 7 a.m.", SEARCH),
    ("I'll delete the logs/ folder at 7 pm.", DELETE,
     "I'll read notes.txt at 7 pm.", READ),
    # a sentence that is a time alone times the step after it
    ("At 7am. I'll delete the logs/ folder.", DELETE,
     "At 7am. I'll read notes.txt.", READ),
    ("At 7 a.m. I'll delete the logs/ folder.", DELETE,
     "At 7 a.m. I'll read notes.txt.", READ),
    ("At 5. I'll delete the logs/ folder.", DELETE,
     "The loop in src/sum.py starts at 1 instead of 0. Let me fix it.", FIX),
    ("Today at 5. I'll delete the logs/ folder.", DELETE,
     "Today at 5. I'll read notes.txt.", READ),
    ("Today, at 7 p.m. I'll delete the logs/ folder.", DELETE,
     "Today, at 7 p.m. I'll read notes.txt.", READ),
    # a span counted back from now is a time gone by; one ahead still waits
    ("The order ships in 3 days. I'll cancel order 77120.", CANCEL,
     "The order was placed 3 days ago. I'll cancel order 77120.", CANCEL),
    ("The order was placed within 24 hours, so I'll cancel order 77120.", CANCEL,
     "The order was placed more than 24 hours ago, so I'll cancel order 77120.", CANCEL),
    ("The order ships 3 days from now. I'll cancel order 77120.", CANCEL,
     "The order shipped 3 days ago. I'll cancel order 77120.", CANCEL),
    ("De bestelling wordt over 3 dagen geleverd. Ik annuleer bestelling 77120.", CANCEL,
     "De bestelling is 3 dagen geleden geplaatst. Ik annuleer bestelling 77120.", CANCEL),
    ("The order was placed 3 days ago or later. I'll cancel order 77120.", CANCEL,
     "The order was placed 3 days ago or earlier. I'll cancel order 77120.", CANCEL),
    # "if" right after a verb of kind compute asks; after its object it conditions the step
    ("I'll calculate the two fares if they stay under $1,000.", SUM,
     "I'll calculate if the two fares stay under $1,000.", SUM),
    ("Let me add up the two fares if they stay under $1,000.", SUM,
     "Let me compute if the two fares stay under $1,000.", SUM),
]


@pytest.mark.parametrize(("refused", "call", "recovered", "kept"), PAIRS)
def test_pair(refused: str, call: tuple[str, dict[str, Any]], recovered: str,
              kept: tuple[str, dict[str, Any]]) -> None:
    expect_refused(recover_after(refused, TOOLS, call), refused, "conditional")
    expect_recovered(recover_after(recovered, TOOLS, kept), recovered)
