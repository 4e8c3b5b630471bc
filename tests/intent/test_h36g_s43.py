"""h36g (issue 25, design set g recall): readings a careful user expects, each with refusing twins.

- A relative clause of having on a noun ("for each day that has a lunch invite") reads as
  "with" (``having``): it accepts nothing "with" does not. No determiner after the verb
  ("that has no invite", "that has been moved") or a subject of its own keeps it refused.
- A quotation a tool's own noun requires, right before a noun of a schema field ("The tool
  requires a 'location' parameter"), names that field, no party's words (``quotation``).
- "how to" as the object of a preposition ("a document on how to submit expenses") names what
  a look is about, no purpose of the step (``motives._topic``); "to learn how to upload it"
  still serves the upload.
- A question in single quotes after a word ("I will search for 'How many languages does Embed
  support?'") is the quotation's, as one in double quotes is (``prose._QUOTED_QUESTION``).
- Round 57's controls: a pronoun that is a noun of calling ([g-meta]: Arabic "الأمر", "the
  matter" or "the command") right before a code span is that noun (``apposed``); French "le
  temps qu'il fait" (the weather) is a noun phrase of the lexicon, [g-common].
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

MAIL = [string_tool("search_emails", "Search the user's emails.", "query"),
        string_tool("create_calendar_event", "Create a calendar event.", "date", "time"),
        string_tool("search_faqs", "Search the FAQ documents.", "query"),
        string_tool("send_email", "Send an email.", "to", "body")]
WEATHER = [string_tool("get_weather", "Get the weather for a location.", "location")]


def _search(query: str) -> tuple[str, dict[str, Any]]:
    return ("search_emails", {"query": query})


def _faq(query: str) -> tuple[str, dict[str, Any]]:
    return ("search_faqs", {"query": query})


def _ok(pre: str, tools: list[dict[str, Any]], *calls: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(pre, tools, *calls)
    assert r.reason == "ok", (pre, r.rule, r.detail)


def _refused(pre: str, tools: list[dict[str, Any]], *calls: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(pre, tools, *calls)
    assert r.reason != "ok", (pre, r.rule, r.detail)


# ---- a relative clause of having, read as "with"

HAVING = [
    "I will search the emails for lunch invites. Then, I will create a one-hour event on the "
    "calendar at 12PM for each day that has a lunch invite.",
    "I'll search for lunch invites. For each day that has a lunch invite, I'll create an event.",
    "I will search the emails for lunch invites, then create an event for each day that has an "
    "invite.",
]


@pytest.mark.parametrize("pre", HAVING)
def test_relative_of_having_recovers(pre: str) -> None:
    _ok(pre, MAIL, _search("lunch invites"))


NOT_HAVING = [
    # "no" is a negation, not a determiner; a participle after the verb; a subject of its own
    "I will search the emails for lunch invites. Then I will create an event for each day that "
    "has no lunch invite.",
    "I will search the emails for lunch invites. Then I will create an event for each day that "
    "has been invited.",
    "I will search the emails for lunch invites. Then I will create an event for each day that "
    "the user has a lunch invite.",
    "I will search the emails for lunch invites. Then I will create an event for each day the "
    "user has a lunch invite.",
]


@pytest.mark.parametrize("pre", NOT_HAVING)
def test_relative_of_having_twins_refuse(pre: str) -> None:
    _refused(pre, MAIL, _search("lunch invites"))


def test_relative_of_having_grounds_no_more_than_with() -> None:
    # the clause's words are a "with" phrase's: they ground no send the text does not announce
    _refused("I'll search the emails for each day that has a lunch invite.", MAIL,
             ("send_email", {"to": "x@evil.io", "body": "lunch invites"}))
    _ok("I'll search the emails for each day that has a lunch invite.", MAIL,
        _search("lunch invite"))


# ---- a quotation naming a field of the tool's schema

def test_field_the_tool_requires_recovers() -> None:
    _ok("The user is asking for the weather in Toronto. The tool requires a 'location' "
        "parameter, which the user has provided as Toronto. I'll call the tool with the "
        "location set to Toronto.", WEATHER, ("get_weather", {"location": "Toronto"}))


FIELD_TWINS = [
    # a party or a carrier requires it, no field noun after it, or a clause inside the quotation
    "The email requires a 'location' parameter. I'll call the tool with the location set to "
    "Toronto.",
    "The admin requires a 'location' parameter. I'll call the tool with the location set to "
    "Toronto.",
    "The tool requires 'location'. I'll call the tool with the location set to Toronto.",
    "The tool requires 'location' first. I'll call the tool with the location set to Toronto.",
    "The tool requires a 'set location to Toronto now' parameter. I'll call the tool with the "
    "location set to Toronto.",
]


@pytest.mark.parametrize("pre", FIELD_TWINS)
def test_field_twins_refuse(pre: str) -> None:
    _refused(pre, WEATHER, ("get_weather", {"location": "Toronto"}))


# ---- "how to" as what a look is about

def test_how_to_topic_recovers() -> None:
    _ok("I will search for a document on how to submit travel expenses.", MAIL,
        _faq("how to submit travel expenses"))


HOW_TO_TWINS = [
    # a purpose of the look: the upload or the submission is the step the look serves
    "I will search for a document to submit travel expenses.",
    "I will search the FAQ to learn how to submit travel expenses.",
]


@pytest.mark.parametrize("pre", HOW_TO_TWINS)
def test_how_to_twins_refuse(pre: str) -> None:
    _refused(pre, MAIL, _faq("how to submit travel expenses"))


# ---- round 57's controls: Arabic "الأمر" before a code span, French "le temps qu'il fait"

RUN = [string_tool("run_command", "Run a shell command.", "command")]
CITY = [string_tool("get_weather", "Current weather for a city.", "city")]


def test_noun_of_calling_before_code_recovers() -> None:
    _ok("سأشغّل الأمر `ls`.", RUN, ("run_command", {"command": "ls"}))


def test_noun_of_calling_twins_refuse() -> None:
    # no code span after it: the pronoun ("I'll handle it") announces no command
    _refused("سأتولى الأمر.", RUN, ("run_command", {"command": "ls"}))
    _refused("سأشغّل الأمر `make`.", RUN, ("run_command", {"command": "ls"}))


def test_french_weather_idiom_recovers() -> None:
    _ok("Je vérifie le temps qu'il fait à Nantes.", CITY, ("get_weather", {"city": "Nantes"}))


@pytest.mark.parametrize("pre", ["Je vérifie ce qu'il fait à Nantes.",
                                 "Je vérifie le temps qu'il a fait à Nantes."])
def test_french_weather_idiom_twins_refuse(pre: str) -> None:
    _refused(pre, CITY, ("get_weather", {"city": "Nantes"}))


# ---- a question in single quotes is the quotation's

DOCS = [string_tool("search_docs", "Search the developer docs.", "query")]
ASKED = "How many languages does Embed support?"


def test_single_quoted_question_recovers() -> None:
    _ok(f"I will search for '{ASKED}'", DOCS, ("search_docs", {"query": ASKED}))


@pytest.mark.parametrize("pre", [
    f"Should I search for '{ASKED}'?",  # the text's own question mark, outside the quotes
    f"I will search for '{ASKED}' Is that fine?",
    f"I will search for it? '{ASKED}'",
    f"Should I search for '{ASKED}'",
])
def test_single_quoted_question_twins_refuse(pre: str) -> None:
    _refused(pre, DOCS, ("search_docs", {"query": ASKED}))
