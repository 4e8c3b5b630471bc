"""h31b (issue 25, audit W-other): a Markdown heading closing the preamble titles the step the
announcement before it takes (``headinglines.untitled``), where a call carries a word of its title."""

from __future__ import annotations

import pytest

import leakcall
from leakcall.intent import headinglines as headline
from tests.intent_sets import hermes, recover_after, string_tool, typed_tool

TOOLS = [string_tool("Read", "Reads a file from the local filesystem.", "file_path"),
         string_tool("Bash", "Executes a given bash command.", "command", "description"),
         string_tool("get_weather", "Get the weather for a city.", "city")]

HOOK = "/Users/me/kimi-cli/web/src/hooks/useSessionStream.ts"
REAL = "好，现在来看前端。\n\n## 第五站：前端 — useSessionStream Hook（前端与后端的桥梁）"
"""kimicli-cc-50-6 (copied as design data)."""


def _read(path: str = HOOK) -> tuple[str, dict[str, str]]:
    return ("Read", {"file_path": path})


def _ok(pre: str, *calls: tuple[str, dict[str, str]]) -> None:
    r = recover_after(pre, TOOLS, *(calls or (_read(),)))
    assert r.reason == "ok", (pre, r.rule, r.detail)


def _refused(pre: str, *calls: tuple[str, dict[str, str]], rule: str | None = None) -> None:
    r = recover_after(pre, TOOLS, *(calls or (_read(),)))
    assert r.reason != "ok", pre
    if rule is not None:
        assert r.rule == rule, (pre, r.rule, r.detail)


def test_a_heading_naming_the_read_file_titles_the_step() -> None:
    """kimicli-cc-50-6: the heading after "现在来看前端。" names the hook the Read reads."""
    _ok(REAL)
    _ok("Now let me look at the session stream hook.\n\n## The `useSessionStream` hook")
    _ok("I'll check the weather in Paris.\n\n### Paris", ("get_weather", {"city": "Paris"}))


def test_a_heading_naming_nothing_the_call_carries_is_refused() -> None:
    """A title no call carries may frame the markup as something shown ("## Output")."""
    _refused("I'll check the weather in Paris.\n\n## Output", ("get_weather", {"city": "Paris"}),
             rule="ungrounded-call")
    _refused("好，现在来看前端。\n\n## 第五站：后端入口", rule="ungrounded-call")


@pytest.mark.parametrize("pre", [
    # a cue, a marked word or a verb of a kind in the title
    "I'll check the weather in Paris.\n\n## Example: Paris",
    "I'll check the weather in Paris.\n\n## Paris tool call format",
    "I'll check the weather in Paris.\n\n## Not Paris",
    "I'll check the weather in Paris.\n\n## Step 2: delete Paris",
    # a colon before it introduces a listing; a comment of a script
    "Here is the script for Paris:\n\n# Paris",
    "I'll check the weather in Paris.\n\n# rm -rf Paris",
    "I'll check the weather in Paris.\n\n# city=Paris",
    "I'll check the weather in Paris.\n\n## `curl Paris`",
    "I'll check the weather in Paris.\n\n# rm Paris",
    # no blank line before it; no announcement before it; a document's sections
    "I'll check the weather in Paris.\n## Paris",
    "## Paris",
    "## Weather\n\nI'll check the weather in Paris.\n\n## Paris",
])
def test_a_heading_out_of_its_place_or_of_a_step_stays_refused(pre: str) -> None:
    _refused(pre, ("get_weather", {"city": "Paris"}))


def test_a_heading_alone_after_an_observation_still_needs_an_announcement() -> None:
    """kimicli-cc-50-1/-3 (R-noann): the text before the heading announces nothing."""
    _refused("Worker 非常简洁，复用了 CLI 的全部核心能力。\n\n## 第四站：useSessionStream 前端如何调用后端")


def test_headed_reads_only_the_closing_heading() -> None:
    assert headline.headed(REAL) == ("好，现在来看前端。",
                                     "第五站：前端 — useSessionStream Hook（前端与后端的桥梁）")
    assert headline.untitled("Let me read it:\n\n## `a.py`") == "Let me read it:\n\n## `a.py`"
    assert headline.uncarried("Paris", [("get_weather", {"city": "Paris"})]) is None
    assert headline.uncarried("Output", [("get_weather", {"city": "Paris"})]) is not None


# imperatives.uncoded (audit W-now, kimicli-cc-414-9)

EDIT_TOOLS = [string_tool("Edit", "Edit a file.", "file_path", "old_string", "new_string"),
              string_tool("Bash", "Run a shell command.", "command")]
EDIT = ("Edit", {"file_path": "web/src/hooks/useSessionStream.ts",
                 "old_string": "setTimeout(() => {",
                 "new_string": "retryTimeoutRef.current = window.setTimeout(() => {"})
STORE = "Now store the retry timeout and clear it on `connect()`:"


def _edit_ok(pre: str, call: tuple[str, dict[str, str]] = EDIT) -> None:
    r = recover_after(pre, EDIT_TOOLS, call)
    assert r.reason == "ok", (pre, r.rule, r.detail)


def _edit_refused(pre: str, call: tuple[str, dict[str, str]] = EDIT) -> None:
    r = recover_after(pre, EDIT_TOOLS, call)
    assert r.reason != "ok", pre


def test_what_the_program_does_on_a_function_is_no_narrated_step() -> None:
    """kimicli-cc-414-9: "clear it on `connect()`" is what the edited code does when
    connect() runs; the narrated step is "store the retry timeout"."""
    _edit_ok(STORE)
    _edit_ok("Now store the retry timeout, and clear the old timer inside `ws.disconnect()`.")


@pytest.mark.parametrize("pre", [
    "Now clear it on `connect()`:",  # alone: the verb is the narrated step
    "Now store the retry timeout and clear it on connect:",  # no function written as code
    "Now store the retry timeout and delete the cache in `cache/`:",  # a place, no function
    "Now store the retry timeout and clear it on `connect()` now:",  # more after it
    "Now store the retry timeout and then clear it on `connect()`:",  # a later step in turn
])
def test_an_irreversible_verb_outside_the_code_event_shape_still_refuses(pre: str) -> None:
    _edit_refused(pre)


@pytest.mark.parametrize("command", ["rm -rf web/src/hooks", "git push origin main"])
def test_an_irreversible_call_after_the_narrated_step_still_refuses(command: str) -> None:
    """The part before "and" stays narrated: ``grounding.joint`` refuses the call."""
    _edit_refused(STORE, ("Bash", {"command": command}))
    _edit_refused("Now store the retry timeout and push it on `connect()`:",
                  ("Bash", {"command": command}))


# reasoning._earlier_phrase and shapedcall._manner (audit W-other, crmne__ruby_llm-342)

WEATHER = string_tool("weather", "Get the weather.", "latitude", "longitude")
PARIS = [{"name": "weather", "arguments": {"latitude": "48.8575", "longitude": "2.3514"}}]
ASKED = "The user is asking for the weather in Paris at 48.8575, 2.3514.\n\n"
CLOSING = "\n\nThe weather function takes both as strings."


def _thought(said: str) -> leakcall.Recovery:
    return leakcall.recover("<think>\n" + ASKED + said + CLOSING + "\n</think>\n\n"
                            + hermes(PARIS), [WEATHER])


@pytest.mark.parametrize(("said", "ok"), [
    ('The example from the previous interaction used "52.5200" and "13.4050" as strings.', True),
    ('The example in the previous turn had "52.5200" as a string.', True),
    ("The example from the previous interaction:", False),  # a label
    ('The example from the previous interaction shows "52.5200".', False),  # now
    ('An example from the previous interaction used "52.5200".', False),  # not "the"
    ('The example from the previous long interaction used "52.5200".', False),  # longer
])
def test_an_example_placed_in_an_earlier_turn_is_no_frame(said: str, ok: bool) -> None:
    got = _thought(said)
    assert got.ok is ok, (said, got.detail)
    if not ok:
        assert got.rule == "reasoning-cue", got.detail


@pytest.mark.parametrize(("said", "ok"), [
    ("So I'll format the arguments correctly.", True),
    ("So I'll format the arguments correctly, as strings.", True),
    ("So I'll format the arguments correctly for the user.", False),  # a party after it
    ("So I'll format the arguments correctly and show them.", False),  # a second step
    ("So I'll format the arguments hypothetically.", False),  # a cue of its own
])
def test_an_adverb_of_manner_qualifies_the_calls_writing(said: str, ok: bool) -> None:
    got = _thought(said)
    assert got.ok is ok, (said, got.detail)
    if not ok:
        assert got.rule == "reasoning-cue", got.detail


# shapedcall.built (audit W-other, crmne__ruby_llm-163)

WINDOW = typed_tool("object_params", window="object")
WINDOW_CALL = [{"name": "object_params",
                "arguments": {"window": {"start": "2025-01-01", "end": "2025-01-02"}}}]
WINDOW_ASKED = ("The user wants me to call the object_params tool with a window from 2025-01-01 "
                "to 2025-01-02.\n\n")


def _built(said: str) -> leakcall.Recovery:
    return leakcall.recover("<think>\n" + WINDOW_ASKED + said + "\n</think>\n\n"
                            + hermes(WINDOW_CALL), [WINDOW])


@pytest.mark.parametrize(("said", "ok"), [
    ("So I'll create the arguments as a JSON object with the window containing start and end.",
     True),
    ("I'll create the arguments from the page containing start and end.", False),  # a carrier
    ("The email containing start and end is the source.", False),  # no making of the call
    ("I'll create the report containing start and end.", False),  # no markup of the call
    ("I'll create the arguments with the window containing start and end to send them.", False),
])
def test_a_participle_of_containing_in_the_calls_own_making_is_no_source(said: str,
                                                                         ok: bool) -> None:
    got = _built(said)
    assert got.ok is ok, (said, got.detail)
    if not ok:
        assert got.rule in ("reasoning-cue", "quoted-source"), got.detail
