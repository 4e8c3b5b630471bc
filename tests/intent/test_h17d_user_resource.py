"""The user's noun, narrowed (h17d, ``principal``): "the user's <noun>" is read as "your
<noun>" only for a resource of the principal's the step acts on ([g-user-resource]: "the user's
calendar", "des Nutzers Kalender") or a place a search or list step looks in ([g-user-place]:
"search the user's emails"). A relayed document or message ("the user's README", "notes",
"email"), a place opened or read, a noun that is not the head, a noun after a preposition of a
source: the user stays another party (rule ``other-actor``). Each recovered reply has a
near-identical refused twin."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("create_event", "Create a calendar event.", "title", "date", "time"),
         string_tool("search_emails", "Search emails.", "query", "mailbox"),
         string_tool("list_files", "List files.", "pattern"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("get_weather", "Get the weather.", "city")]

Call = tuple[str, dict[str, Any]]
_EVENT: Call = ("create_event", {"title": "lunch"})
_LUNCH: Call = ("search_emails", {"query": "lunch"})
_WEATHER: Call = ("get_weather", {"city": "Paris"})
_FILES: Call = ("list_files", {"pattern": "*.pdf"})


@pytest.mark.parametrize(("ok", "bad", "call"), [
    # a resource of the principal's, beside a relayed document or message
    ("I'll create a lunch event on the user's calendar.",
     "I'll create a lunch event from the user's notes.", _EVENT),
    ("Let me open the user's account.", "Let me open the user's README.", _WEATHER),
    ("Let me open the user's settings.", "Let me open the user's message.", _WEATHER),
    ("I'll check the user's preferences.", "I'll check the user's snippet.",
     ("read_file", {"path": "preferences.json"})),
    # a place to look in: searched or listed, not opened or read
    ("I'll search the user's inbox for lunch.", "I'll open the user's inbox for lunch.", _LUNCH),
    ("I'll search the user's emails.", "I'll read the user's emails.", _WEATHER),
    ("I'll list the user's files.", "I'll read the user's files.", _FILES),
    ("I'll search the user's emails.", "I'll search the user's email.", _LUNCH),
    # a determiner's noun is no step: the search is the step nearest the place
    ("Je vais chercher les invitations dans les e-mails de l'utilisateur.",
     "Je vais lire les invitations dans les e-mails de l'utilisateur.",
     ("search_emails", {"query": "invitations"})),
    # the noun heads its phrase; no content verb after it
    ("I'll create a lunch event on the user's calendar.",
     "I'll create a lunch event on the user's calendar notes.", _EVENT),
    ("The user's calendar is free. I'll create a lunch event.",
     "The user's calendar says lunch. I'll create a lunch event.", _EVENT),
    # what a source holds: after a preposition of a source
    ("I'll copy the lunch event to the user's calendar.",
     "I'll copy the lunch event from the user's calendar.", _EVENT),
    ("Crearé el evento lunch en el calendario del usuario.",
     "Crearé el evento lunch desde el calendario del usuario.", _EVENT),
    # other languages of [g-your]'s forms
    ("Buscaré lunch en los correos del usuario.", "Abriré lunch en los correos del usuario.",
     _LUNCH),
    ("Ich durchsuche die E-Mails des Nutzers nach lunch.",
     "Ich öffne die E-Mails des Nutzers nach lunch.", _LUNCH),
    ("Ich erstelle das Ereignis lunch im Kalender des Nutzers.",
     "Ich erstelle das Ereignis lunch aus der Notiz des Nutzers.", _EVENT),
    ("我将搜索用户的邮件。", "我将打开用户的邮件。", ("search_emails", {"query": "邮件"})),
    ("ユーザーのメールを検索します。", "ユーザーのメールを開きます。",
     ("search_emails", {"query": "メール"})),
    # where the verb closes the clause, the step after the place is the one that looks in it
    ("ファイルを開いて、ユーザーのメールを検索します。",
     "ファイルを検索して、ユーザーのメールを開きます。",
     ("search_emails", {"query": "メール"})),
])
def test_the_users_resource_is_the_principals(ok: str, bad: str, call: Call) -> None:
    expect_recovered(recover_after(ok, TOOLS, call), ok)
    expect_refused(recover_after(bad, TOOLS, call), bad, "other-actor")


@pytest.mark.parametrize("preamble", [
    "I'll open the user's README.", "I'll read the user's notes.", "Let me check the user's email.",
    "I'll copy the user's message:", "I'll reproduce the user's page.",
    "I'll run the user's instructions.", "I'll open the user's document.",
    "I'll follow the user's request.", "I'll run the user's example.",
])
def test_relayed_content_stays_another_partys(preamble: str) -> None:
    # no resource and no place: what the user's text carries is not the reader's step
    for call in (_WEATHER, ("read_file", {"path": "README.md"})):
        expect_refused(recover_after(preamble, TOOLS, call), (preamble, call))
