"""Recall on real reasoning (h81d): words that read as a cue but say something else.

- A framing noun of a time gone by ("the previous example used Berlin's coordinates") names
  an example of an earlier turn the call follows, not a frame of the call; "an example",
  "the same example", "the example" and "the previous example:" stay framings.
- A negation after an execution word whose clause says the call needs no arguments ("Each
  call doesn't need any parameters") is the call's shape; "doesn't need to be made" is not.
- A [source] cue of another language right after an article of the text's own ("roll the
  dice", Spanish "dice" = says) is a noun; after no article, or in its own language, it stays
  a cue.
Each accepted form sits beside the nearest attack, which stays refused."""

from __future__ import annotations

import json

import pytest

import leakcall
from leakcall import Reason

WEATHER = [{"type": "function", "function": {
    "name": "weather", "description": "Gets current weather for a location",
    "parameters": {"type": "object", "properties": {
        "latitude": {"type": "string"}, "longitude": {"type": "string"}},
        "required": ["latitude", "longitude"]}}}]
DICE = [{"type": "function", "function": {
    "name": "dice_roll", "description": "Rolls a single six-sided die and returns the result",
    "parameters": {"type": "object", "properties": {}, "required": []}}}]
BASH = [{"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}]


def _call(name: str, args: dict[str, object]) -> str:
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": args}) + "\n</tool_call>"


PARIS = _call("weather", {"latitude": "48.8575", "longitude": "2.3514"})
ROLLS = "\n".join([_call("dice_roll", {})] * 3)
RM = _call("bash", {"command": "rm -rf ~/projects"})


def _think(thought: str, markup: str, tools: list[dict[str, object]]) -> leakcall.Recovery:
    return leakcall.recover(f"<think>\n{thought}\n</think>\n\n{markup}", tools)


ASKED = "The user is asking for the weather in Paris at 48.8575, 2.3514. "
FOLLOW = ", so I'll follow the same structure. I'll call the weather function with them."


@pytest.mark.parametrize("said", [
    "The previous example used Berlin's coordinates",
    "The earlier example used Berlin's coordinates",
    "The prior example used Berlin's coordinates",
])
def test_an_example_of_an_earlier_turn_frames_no_call(said: str) -> None:
    r = _think(ASKED + said + FOLLOW, PARIS, WEATHER)
    assert r.ok, r.detail


@pytest.mark.parametrize("said", [
    "This is an example that uses Berlin's coordinates",
    "The example uses Berlin's coordinates",
    "The same example uses Berlin's coordinates",
    "The previous example: Berlin's coordinates",
    "Previous example uses Berlin's coordinates",
])
def test_an_example_of_this_turn_still_frames_the_call(said: str) -> None:
    r = _think(ASKED + said + FOLLOW, PARIS, WEATHER)
    assert r.reason is Reason.QUOTED and r.rule == "reasoning-cue", r.detail


@pytest.mark.parametrize("label", ["The previous example:", "Here is the previous example:"])
def test_a_previous_example_as_a_label_still_frames(label: str) -> None:
    # far from the markup, where only the block-wide screen reads it
    thought = (f"{label} use Berlin's coordinates.\n\n{ASKED}\n\n"
               "The user wants the weather in Paris. I'll call the weather function with them.")
    r = _think(thought, PARIS, WEATHER)
    assert r.rule == "reasoning-cue" and "example" in r.detail, r.detail


def test_a_previous_example_beside_a_framing_of_this_call_refuses() -> None:
    said = "The previous example used Berlin's coordinates; this call is only a demo"
    r = _think(ASKED + said + FOLLOW, PARIS, WEATHER)
    assert not r.ok and r.rule == "reasoning-cue", r.detail


ROLL = "The user wants me to roll a die three times with the dice_roll function. "


@pytest.mark.parametrize("said", [
    "Each call doesn't need any parameters, so I'll make three calls.",
    "The call doesn't require any arguments, so I'll make three calls.",
    "Each call doesn't take any parameters, so I'll make three calls.",
])
def test_a_call_that_needs_no_arguments_is_no_negated_execution(said: str) -> None:
    r = _think(ROLL + said, ROLLS, DICE)
    assert r.ok, r.detail


@pytest.mark.parametrize("said", [
    "Each call doesn't need to be made, so I'll write three calls.",
    "The call shouldn't be run, it needs no parameters.",
    "Each call doesn't run, it doesn't need any parameters.",
])
def test_a_call_said_not_to_run_still_refuses(said: str) -> None:
    r = _think(ROLL + said, ROLLS, DICE)
    assert r.reason is Reason.QUOTED and r.rule == "reasoning-negation", r.detail


def test_a_shape_clause_does_not_clear_the_step_it_follows() -> None:
    r = _think("I must not run this command. The call doesn't need any arguments.", RM, BASH)
    assert r.rule == "reasoning-negation", r.detail


def test_an_english_noun_spelled_as_a_spanish_cue_is_no_source() -> None:
    r = _think("The user wants me to roll the dice three times. Let me check the tools: "
               "dice_roll rolls a six-sided die. I'll call it three times.", ROLLS, DICE)
    assert r.ok, r.detail


@pytest.mark.parametrize("thought", [
    # no article before it: the Spanish verb of saying
    "The README dice: roll three times. I'll call dice_roll three times.",
    # the text's own language has the cue
    "El manual dice que llame a dice_roll tres veces. Llamaré a dice_roll tres veces.",
    # an English cue after an article stays one
    "The payload rolls three times. I'll call dice_roll three times.",
])
def test_a_source_cue_stays_one(thought: str) -> None:
    r = _think(thought, ROLLS, DICE)
    assert r.rule == "reasoning-cue" and "(source)" in r.detail, r.detail


ANSWER = "The user asks for the best language to learn; best_language_to_learn returns it. "
LANG = [{"type": "function", "function": {
    "name": "best_language_to_learn", "description": "Gets the best language to learn",
    "parameters": {"type": "object", "properties": {}, "required": []}}}]
BEST = _call("best_language_to_learn", {})


@pytest.mark.parametrize("said", [
    "I don't need to use any other tools here. I'll call the function.",
    "There's no need to use any other tools. I'll call the function.",
    "I don't need to call another function. I'll call best_language_to_learn.",
])
def test_a_negation_of_other_tools_is_no_negated_execution(said: str) -> None:
    r = _think(ANSWER + said, BEST, LANG)
    assert r.ok, r.detail


@pytest.mark.parametrize("said", [
    "I don't need to use the tool here. I'll call the function.",
    "I don't need to use any tools here. I'll call the function.",
    "I don't need to use any other tools, and I won't run this one.",
    "There's no need to call it. I'll call the function.",
    # "other" further on names no alternative object of the verb
    "I must not use this, use other tools. I'll call the function.",
    "I don't need to run tools other than this. I'll call the function.",
    # a prohibition, not a necessity
    "I must not use any other tools. I'll call the function.",
    "I won't call another function. I'll call the function.",
])
def test_a_negation_of_the_call_itself_still_refuses(said: str) -> None:
    r = _think(ANSWER + said, BEST, LANG)
    assert r.reason is Reason.QUOTED and r.rule == "reasoning-negation", r.detail
