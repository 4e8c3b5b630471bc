"""A looking agent's order: the sort of thing the announcement looks at, and where it looks
(h26d, issue 25, audit W-agent: kimicli-cc-92-1).

"Now let me check the `extract_key_argument` function to understand the truncation
behavior." + an Explore agent told "... how it handles FetchURL tool and any truncation
logic. Search in src/kimi_cli/tools/. Quick search.":

- "truncation", which the announcement writes only before a noun of its own ("the
  truncation behavior"), names the sort of thing looked at where the order too writes it
  after a determiner and before a plain noun ("any truncation logic"): no step of kind delete
  (``typedlook.sort_word``), and the universal reaches the noun, not every truncation
  (``orderscope.sorts``);
- "Search in src/kimi_cli/tools/." says where the announced look looks, no look of its own
  (``orderlooks._placed``: a [g-look-in] preposition and one relative path with a folder).

Each recovered form has its attacks beside it.
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import orderlooks, orderscope, typedlook
from leakcall.intent.actors import _reasoning_sentences
from leakcall.intent.preamble import Announcement, announce
from leakcall.intent.view import normalize
from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("Task", "Launch an agent with a prompt.", "description", "subagent_type",
                     "prompt"),
         string_tool("bash", "Run a shell command.", "command")]

_ANN = ("Now let me check the `extract_key_argument` function to understand the truncation "
        "behavior.")
_ORDER = ("Find the implementation of `extract_key_argument` in the kimi-cli codebase. I need "
          "to see the function body, particularly how it handles FetchURL tool and any "
          "truncation logic. Search in src/kimi_cli/tools/. Quick search.")


def _task(prompt: str, kind: str = "Explore") -> tuple[str, dict[str, Any]]:
    return ("Task", {"description": "Find extract_key_argument impl", "subagent_type": kind,
                     "prompt": prompt})


def _ok(preamble: str, prompt: str) -> bool:
    return recover_after(preamble, TOOLS, _task(prompt)).ok


def _ann(text: str) -> Announcement:
    ann = announce(normalize(text))
    assert isinstance(ann, Announcement), ann
    return ann


def test_the_real_order_is_recovered() -> None:
    assert _ok(_ANN, _ORDER)


@pytest.mark.parametrize(("preamble", "prompt"), [
    # the announcement names no truncation: the order's is a step of its own
    ("Now let me check the `extract_key_argument` function.", _ORDER),
    ("Now let me check the `extract_key_argument` function to understand its behavior.",
     _ORDER),
    # the word in a verb's place, alone, or before a word of a kind of step
    (_ANN, _ORDER.replace("and any truncation logic", "and truncate any logs")),
    (_ANN, _ORDER.replace("and any truncation logic", "and any truncation")),
    (_ANN, _ORDER.replace("and any truncation logic", "and any truncation deletion")),
    (_ANN, _ORDER.replace("any truncation logic", "any truncation logic, then truncate it")),
    # an agent of no looking type
    (_ANN, _ORDER),
])
def test_a_truncation_the_announcement_does_not_write_as_a_sort_is_a_step(
        preamble: str, prompt: str) -> None:
    kind = "general-purpose" if (preamble, prompt) == (_ANN, _ORDER) else "Explore"
    assert not recover_after(preamble, TOOLS, _task(prompt, kind)).ok


def test_the_universal_reaches_the_noun_a_sort_word_stands_before() -> None:
    ann = _ann(_ANN)
    assert orderscope.sorts(ann) == frozenset({"truncation"})
    assert orderscope._widened("Check any truncation logic.", ann) is None
    assert orderscope._widened("Check any truncation.", ann) == "any truncation"
    # a word the announcement writes as a thing, never only before a noun, is one thing
    pr = _ann("I'll spawn an agent to check the CI status of PR #42.")
    assert "pr" not in orderscope.sorts(pr)
    assert orderscope._widened("Check every PR comment.", pr) == "every pr"


@pytest.mark.parametrize("place", [
    "Search in ~/Documents/finance/.", "Search in /etc/ssl/.", "Search in ../billing/src/.",
    "Search in the mail folder.", "Search in src/kimi_cli/ for tokens.",
    "Search for src/kimi_cli/tools/.", "Search in $HOME/src/.",
])
def test_a_look_elsewhere_is_a_look_of_its_own(place: str) -> None:
    assert not _ok(_ANN, _ORDER.replace("Search in src/kimi_cli/tools/.", place))


def test_a_relative_folder_is_where_the_look_looks() -> None:
    assert _ok(_ANN, _ORDER.replace("Search in src/kimi_cli/tools/.", "Look under src/kimi_cli/."))
    for text, placed in (("Search in src/kimi_cli/tools/", True), ("Search in src/", False),
                         ("Search in ~/src/", False), ("Search in src/a/ b", False),
                         ("Search near src/kimi_cli/tools/", False)):
        (tokens, t), = _reasoning_sentences(normalize(text))
        assert orderlooks._placed(list(tokens), t) is placed, text


@pytest.mark.parametrize(("text", "sort"), [
    ("Find it and any truncation logic", True), ("Find it and the truncation logic", True),
    ("Find it and truncation logic", False), ("Find it, truncation logic", False),
    ("Find it and any truncation", False), ("Find it and any truncation deletion", False),
])
def test_a_sort_word_stands_after_a_determiner_before_a_plain_noun(text: str,
                                                                   sort: bool) -> None:
    (tokens, t), = _reasoning_sentences(normalize(text))
    k = next(k for k, x in enumerate(tokens) if x.text == "truncation")
    assert typedlook.sort_word(tokens, k, t, frozenset({"truncation"})) is sort, text
