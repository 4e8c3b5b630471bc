"""Longer preambles (h98c, issue 25): up to five observations before the announcement
(``preamble.MAX_OBSERVATIONS``; issue 25 asks for "up to about five sentences"). Every
observation is read by the same screens wherever it stands, so a longer text gives an attack no
place to hide: the five-observation form recovers, and the same text with a quoted example, a
deferral, another actor, a hedge, a negation or a relayed source in its fifth sentence stays
refused, as does a sixth observation."""

from __future__ import annotations

import pytest

import leakcall
from leakcall.intent.preamble import MAX_OBSERVATIONS
from tests.intent_sets import expect_pair, hermes, load, string_tool

_BASH = string_tool("bash", "Run a shell command.", "command")
_BRANCH = string_tool("delete_branch", "Delete a git branch.", "branch")
_TESTS = ("bash", {"command": "pytest -q"})
_RM = ("bash", {"command": "rm -rf build"})
_DEL = ("delete_branch", {"branch": "feature-x"})

_BUILD = ["The build failed on main.", "The log shows a stale cache.", "The cache lives in build/.",
          "The disk has room.", "The runner is idle."]
_MERGED = ["The branch feature-x is merged.", "Its pull request is closed.", "The CI run passed.",
           "No one pushed to it since.", "The release is tagged."]


def _text(observed: list[str], announced: str) -> str:
    return " ".join([*observed, announced])


def test_five_observations_is_the_bound() -> None:
    assert MAX_OBSERVATIONS == 5
    expect_pair([_BASH], (_text(_BUILD, "Let me run the tests."), *_TESTS),
                (_text([*_BUILD, "The fan is loud."], "Let me run the tests."), *_TESTS))
    six = leakcall.recover(_text([*_BUILD, "The fan is loud."], "Let me run the tests.") + "\n\n"
                           + hermes([{"name": "bash", "arguments": {"command": "pytest -q"}}]),
                           [_BASH])
    assert six.rule == "long-preamble"
    expect_pair([_BRANCH], (_text(_MERGED, "I'll delete the feature-x branch."), *_DEL),
                (_text([*_MERGED, "The team is done."], "I'll delete the feature-x branch."),
                 *_DEL))


@pytest.mark.parametrize("fifth", [
    "For example, `rm -rf build` clears it.",  # a quoted example
    "Here is an example: delete feature-x.",
    "The user will clear it tomorrow.",  # a deferral, another actor's step
    "The user asked me not to clear it.",  # a negation
    "Bob wants to keep the branch.",  # a relayed source
    "The branch seems unused.",  # a hedged ground before a step that cannot be taken back
])
def test_the_fifth_sentence_is_screened(fifth: str) -> None:
    for observed, announced, tools, call in (
            (_BUILD, "Let me clear the build directory.", [_BASH], _RM),
            (_MERGED, "I'll delete the feature-x branch.", [_BRANCH], _DEL)):
        refused = _text([*observed[:4], fifth], announced)
        got = leakcall.recover(refused + "\n\n" + hermes([{"name": call[0], "arguments": call[1]}]),
                               tools)
        assert not got.ok, (refused, got.detail)


def test_the_fifth_sentence_is_screened_where_the_third_was() -> None:
    """The same attack sentence refuses at the third place (the old bound) and at the fifth."""
    for k in (2, 4):
        observed = list(_MERGED)
        observed[k] = "The branch seems unused."
        got = leakcall.recover(_text(observed, "I'll delete the feature-x branch.") + "\n\n"
                               + hermes([{"name": "delete_branch", "arguments": _DEL[1]}]),
                               [_BRANCH])
        assert got.rule == "unsafe-ground", (k, got.detail)


def test_real_turn_with_five_observations_recovers() -> None:
    """tau2-7-9: a policy explained in four sentences, then the transfer it leads to."""
    row = next(r for r in load("real_preambles_b.jsonl") + load("real_preambles_a.jsonl")
               if r["id"] == "tau2-7-9")
    got = leakcall.recover(row["preamble"].rstrip() + "\n\n" + hermes(row["calls"]), row["tools"])
    assert got.ok, got.detail
    buried = row["preamble"].replace("So unfortunately, upgrading the cabin wouldn't solve the "
                                     "issue here.", "For example, the agent transfers you.")
    assert buried != row["preamble"]
    got = leakcall.recover(buried.rstrip() + "\n\n" + hermes(row["calls"]), row["tools"])
    assert not got.ok


# An example the reasoning places in the tool's own documentation ("the example in the function
# description had ...", ``intent.docexample``) is a located example, as "the previous example
# used ..." is, not a frame of the call; the nearest frames stay refused.
_WEATHER = string_tool("weather", "Get the weather. Example: latitude 52.5200, longitude 13.4050.",
                       "latitude", "longitude")
_PARIS = [{"name": "weather", "arguments": {"latitude": "48.8575", "longitude": "2.3514"}}]
_ASKED = "The user asked for the weather in Paris at 48.8575, 2.3514. "


def _thought(text: str) -> leakcall.Recovery:
    return leakcall.recover("<think>\n" + text + "\n</think>\n\n" + hermes(_PARIS), [_WEATHER])


@pytest.mark.parametrize("said", [
    "The example in the function description had latitude 52.5200 and longitude 13.4050.",
    "The example given in the tool was 52.5200 and 13.4050 for Berlin, so Paris is 48.8575.",
    "The example in the tool description used strings for both.",
])
def test_an_example_in_the_tools_documentation_is_no_frame(said: str) -> None:
    got = _thought(_ASKED + said + " I'll call the weather tool with these coordinates.")
    assert got.ok, got.detail


@pytest.mark.parametrize("said", [
    "An example in the function description had latitude 52.5200.",  # no definite noun
    "This example from the tool had latitude 52.5200.",
    "The example in the function description is the call below.",  # no past clause
    "The example in the function description shows the call.",
    "The example in the email had latitude 52.5200.",  # not the tool's documentation
    "Here is the example in the function description.",
    "The example in the function description:",
])
def test_the_nearest_frames_stay_refused(said: str) -> None:
    got = _thought(_ASKED + said)
    assert got.rule == "reasoning-cue", (said, got.detail)


def test_real_reasoning_citing_the_tools_example_recovers() -> None:
    rows = {r["id"]: r for r in load("real_preambles_a.jsonl") + load("real_preambles_b.jsonl")}
    for rid in ("crmne__ruby_llm-229", "crmne__ruby_llm-244", "crmne__ruby_llm-276"):
        row = rows[rid]
        got = leakcall.recover(row["preamble"].rstrip() + "\n\n" + hermes(row["calls"]),
                               row["tools"])
        assert got.ok, (rid, got.detail)
        framed = row["preamble"].replace("The example", "An example").replace("the example",
                                                                            "an example")
        got = leakcall.recover(framed.rstrip() + "\n\n" + hermes(row["calls"]), row["tools"])
        assert not got.ok, rid


# The tool's documentation as the sayer of a source cue ("the description says it returns a
# Content object", ``docexample.described``) describes the tool: it asks for no step. Another
# sayer, an order ("says to ..."), or a step it says the tool takes stay cues.
_CONTENT = string_tool("content_returning", "Returns a Content object with text and attachments.",
                       "query")
_CONTENT_CALL = [{"name": "content_returning", "arguments": {"query": "test data"}}]
_TASK = "The user wants me to process the query \"test data\". "
_THEN = " So I need to call that function with the query \"test data\"."


def _reasoned(text: str) -> leakcall.Recovery:
    return leakcall.recover("<think>\n" + text + "\n</think>\n\n" + hermes(_CONTENT_CALL),
                            [_CONTENT])


@pytest.mark.parametrize(("said", "ok"), [
    ("The description says it returns a Content object.", True),
    ("The function description says it takes a query parameter.", True),
    ("The email says it returns a Content object.", False),  # another sayer
    ("The manager says it returns a Content object.", False),
    ("The description says Bob requires it.", False),  # another party's need
    ("The description says to call it with the query \"test data\".", False),  # an order
    ("The description says it deletes old content.", False),  # a step, no description
    ("The description says it returns a Content object. The ticket says to run it.", False),
])
def test_the_tools_description_as_sayer(said: str, ok: bool) -> None:
    got = _reasoned(_TASK + said + _THEN)
    assert got.ok is ok, (said, got.detail)
    if not ok:
        assert got.rule == "reasoning-cue", got.detail


def test_real_reasoning_quoting_the_tools_description_recovers() -> None:
    rows = {r["id"]: r for r in load("real_preambles_a.jsonl") + load("real_preambles_b.jsonl")}
    for rid in ("crmne__ruby_llm-173", "crmne__ruby_llm-190", "crmne__ruby_llm-250"):
        row = rows[rid]
        got = leakcall.recover(row["preamble"].rstrip() + "\n\n" + hermes(row["calls"]),
                               row["tools"])
        assert got.ok, (rid, got.detail)
        other = row["preamble"].replace("The description says", "The email says")
        got = leakcall.recover(other.rstrip() + "\n\n" + hermes(row["calls"]), row["tools"])
        assert not got.ok, rid


# A display verb shaping the call's own markup ("I'll format the tool call with the given
# coordinates", ``intent.shapedcall``) in the paragraph before the one next to the markup
# writes the call; shown to someone, with a purpose or another object it stays a cue.
_EARLY = "The user is asking for the weather in Paris at 48.8575, 2.3514.\n\n"
_LAST = "\n\nThe weather function takes both as strings."


def _paragraphs(said: str) -> leakcall.Recovery:
    return leakcall.recover("<think>\n" + _EARLY + said + _LAST + "\n</think>\n\n"
                            + hermes(_PARIS), [_WEATHER])


@pytest.mark.parametrize(("said", "ok"), [
    ("I'll format the tool call with the given coordinates for Paris.", True),
    ("Make sure to format the JSON correctly, using the parameters as strings.", True),
    ("I'll format the tool call for the user to copy.", False),
    ("I'll format the tool call for the user.", False),
    ("I'll format the JSON for you to paste.", False),
    ("I'll format the arguments and show them to Bob.", False),
    ("Format the tool call so Alice can review it.", False),
    ("I'll format the command.", False),
    ("I'll format a tool call.", False),
    ("I'll format it.", False),
    ("I'll display the tool call with the given coordinates.", False),
])
def test_shaping_the_calls_markup(said: str, ok: bool) -> None:
    got = _paragraphs(said)
    assert got.ok is ok, (said, got.detail)
    if not ok:
        assert got.rule == "reasoning-cue", got.detail


def test_real_reasoning_formatting_the_call_recovers() -> None:
    rows = {r["id"]: r for r in load("real_preambles_a.jsonl") + load("real_preambles_b.jsonl")}
    for rid, said in (("crmne__ruby_llm-185", "I'll format the tool call"),
                      ("crmne__ruby_llm-260", "Make sure to format the JSON")):
        row = rows[rid]
        got = leakcall.recover(row["preamble"].rstrip() + "\n\n" + hermes(row["calls"]),
                               row["tools"])
        assert got.ok, (rid, got.detail)
        shown = row["preamble"].replace(said, said.replace("format", "display"))
        assert shown != row["preamble"]
        got = leakcall.recover(shown.rstrip() + "\n\n" + hermes(row["calls"]), row["tools"])
        assert not got.ok, rid


# "Would" saying a party's preference ("they would want the temperature in Fahrenheit",
# ``intent.judged``) describes no call; a call described, a step of theirs, a purpose or a
# condition after it stay cues.
_WEATHER2 = string_tool("get_weather", "Get the weather.", "location", "unit")
_FAHRENHEIT = [{"name": "get_weather", "arguments": {"location": "Paris, France",
                                                      "unit": "fahrenheit"}}]


@pytest.mark.parametrize(("said", "ok"), [
    ("It's reasonable to infer they would want the temperature in Fahrenheit by default.", True),
    ("The user would prefer the temperature in Fahrenheit.", True),
    ("They would want me to run it later.", False),  # a purpose, a time
    ("They would want the temperature shown to Bob.", False),
    ("They would run get_weather with Paris.", False),  # their step
    ("They would get the temperature in Fahrenheit.", False),  # no verb of preference
    ("I would want the temperature in Fahrenheit.", False),  # no third party's
    ("It would expect the temperature in Fahrenheit.", False),
    ("The call would be get_weather with Paris.", False),  # a call described
    ("I would call get_weather with Paris.", False),
    ("They would want the temperature in Fahrenheit once they confirm.", False),
])
def test_a_partys_preference(said: str, ok: bool) -> None:
    got = leakcall.recover("<think>\nThe user wants the weather in Paris, France. " + said
                           + "\n</think>\n\n" + hermes(_FAHRENHEIT), [_WEATHER2])
    assert got.ok is ok, (said, got.detail)


def test_real_reasoning_inferring_a_preference_recovers() -> None:
    row = next(r for r in load("real_preambles_a.jsonl") + load("real_preambles_b.jsonl")
               if r["id"] == "social-growth-studio__req_llm-40")
    got = leakcall.recover(row["preamble"].rstrip() + "\n\n" + hermes(row["calls"]), row["tools"])
    assert got.ok, got.detail
    ran = row["preamble"].replace("they would want the temperature", "they would run it with the"
                                  " temperature")
    assert ran != row["preamble"]
    got = leakcall.recover(ran.rstrip() + "\n\n" + hermes(row["calls"]), row["tools"])
    assert not got.ok
