"""Reasoning screens narrowed by what a cue governs (h9Bd): a framing word in an adjunct of a
value the assistant supposes ("I will assume a generic image file for demonstration
purposes.", ``leakcall.intent.supposed``) and an inquiry verb whose object is an embedded
question ("they might be testing if I remember the answer", ``leakcall.intent.whether``).
Each recovered case has a refused twin of the same shape in which the cue governs the call."""

from __future__ import annotations

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("get_file", "Fetch a file by its name.", "path"),
         string_tool("delete_file", "Delete a file.", "path"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("best_language_to_learn", "Get the best programming language to learn.")]

_SUPPOSED = [
    "I will assume a generic image file for demonstration purposes.",
    "Since the tool does not specify which audio file to retrieve, I will assume a generic "
    "audio file for the demonstration.",
    "I will assume a generic audio file name for the purpose of this example.",
    "The tool names no file, so I will assume any image file is acceptable for this "
    "demonstration.",
    "I am assuming a generic file for demonstration purposes.",
]

# the same sentences where the frame governs the call itself, or another verb's step
_FRAMED = [
    "I will fetch a generic image file for demonstration purposes.",
    "Since the tool does not specify which audio file to retrieve, I will call get_file for "
    "the demonstration.",
    "I will assume a generic audio file name and fetch it for the purpose of this example.",
    "The tool names no file, so I will assume any image file, then fetch it for this "
    "demonstration.",
    "They assume a generic file for demonstration purposes.",
    "I will assume a generic image file for demonstration purposes in the tutorial we write.",
]


def _thinking(sentence: str) -> str:
    return f"<thinking>The user wants a file retrieved. {sentence}</thinking>"


@pytest.mark.parametrize("sentence", _SUPPOSED)
def test_a_frame_of_a_supposed_value_passes_an_observing_call(sentence: str) -> None:
    expect_recovered(recover_after(_thinking(sentence), TOOLS, ("get_file", {})), sentence)


@pytest.mark.parametrize("sentence", _SUPPOSED)
def test_a_frame_of_a_supposed_value_grounds_no_changing_call(sentence: str) -> None:
    """Twin: the supposed value may be the example's, so a call that changes something is
    still refused after it."""
    for call in (("delete_file", {"path": "sample.png"}), ("bash", {"command": "rm -rf /tmp/x"})):
        expect_refused(recover_after(_thinking(sentence), TOOLS, call), (sentence, call),
                       "reasoning-cue")


@pytest.mark.parametrize("sentence", _FRAMED)
def test_a_frame_of_the_call_still_refuses(sentence: str) -> None:
    expect_refused(recover_after(_thinking(sentence), TOOLS, ("get_file", {})), sentence,
                   "reasoning-cue")


_INQUIRING = [
    "They might be testing if I remember the previous answer.",
    "Alternatively, maybe the user is testing if I remember the previous answer.",
    "Perhaps they're testing whether the answer is consistent.",
    "Maybe the user is checking whether I give the same answer.",
]

# the same shapes where the party takes the step on a thing, or waits for a condition
_ACTING = [
    "They might be testing the previous answer.",
    "Alternatively, maybe the user is testing the deploy script.",
    "Maybe the user will deploy when the build passes.",
    "Maybe the user will run the build if I give the same answer.",
    "Maybe the user is testing when the build passes.",
]


def _asked_again(sentence: str) -> str:
    return (f"<think>\nOkay, the user is asking again about the best language. {sentence} "
            "I should call the function again to get the answer.\n</think>")


@pytest.mark.parametrize("sentence", _INQUIRING)
def test_a_party_inquiring_whether_takes_no_step(sentence: str) -> None:
    expect_recovered(recover_after(_asked_again(sentence), TOOLS, ("best_language_to_learn", {})),
                     sentence)


@pytest.mark.parametrize("sentence", _ACTING)
def test_a_party_taking_the_step_still_refuses(sentence: str) -> None:
    expect_refused(recover_after(_asked_again(sentence), TOOLS, ("best_language_to_learn", {})),
                   sentence, "reasoning-cue")


# -- a negating determiner's noun phrase (``actors._past_noun``) ------------------------------

_NO_THING = [
    "No dedicated tests exist for these functions.",
    "No project-level tests for the web feature.",
]

# the same shapes where the negation still governs a step
_NO_STEP = [
    "No dedicated tests should run for these functions.",
    "No deploy tests run for the web feature.",
    "No tests exist, and do not run the suite.",
]


@pytest.mark.parametrize("said", _NO_THING)
def test_no_modified_noun_is_no_step(said: str) -> None:
    r = recover_after(f"{said} Let me run the type checker to verify the changes.", TOOLS,
                      ("bash", {"command": "python -m pyright src/app.py"}))
    expect_recovered(r, said)


@pytest.mark.parametrize("said", _NO_STEP)
def test_a_negated_step_after_its_noun_still_refuses(said: str) -> None:
    r = recover_after(f"{said} Let me run the type checker to verify the changes.", TOOLS,
                      ("bash", {"command": "python -m pyright src/app.py"}))
    expect_refused(r, said)


# -- a possessive of what holds files (words.tokenize, [g-container-noun]) --------------------

@pytest.mark.parametrize("owner", ["project's", "repository's", "repo's", "workspace's"])
def test_a_container_possessive_is_no_party(owner: str) -> None:
    r = recover_after(f"Let me run the {owner} type checker to verify the changes.", TOOLS,
                      ("bash", {"command": "python -m pyright src/app.py"}))
    expect_recovered(r, owner)


@pytest.mark.parametrize("owner", ["vendor's", "contractor's", "Mallory's", "intern's"])
def test_a_party_possessive_still_refuses(owner: str) -> None:
    r = recover_after(f"Let me run the {owner} type checker to verify the changes.", TOOLS,
                      ("bash", {"command": "python -m pyright src/app.py"}))
    expect_refused(r, owner, "other-actor")
