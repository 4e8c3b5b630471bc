"""A click's selector carries a word of the control the announcement names
(``intent/selectorlabel.py``; blind round 48 gap 5): refuse/recover pairs."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, typed_tool

TOOLS = [typed_tool("click", selector="string"), typed_tool("tap", selector="string")]
_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)

PAIRS = [
    ("I'll click the Save button.", "#save-btn", "#resign"),
    ("I'll click the Save button.", "button.save", "button.btn-danger"),
    ("I'll click the Save button.", "button[aria-label='Save']", "#btn-3"),
    ('I\'ll click the "Load more" button.', "button.load-more", "#accept-all-cookies"),
    ('I\'ll click the "Show details" button.', "text=Show details", "#checkout"),
    ("I'll click the search button.", "#searchButton", "#leave-group"),
    ("I'll click the Cancel button.", "#cancel", "#confirm"),
    ("I'll click the Back button.", "#back-btn", "#resign-btn"),
    ("I'll click on the first search result.", "#results a:first-child", "#unfollow"),
    ("I'll click on the first search result.", "li:nth-child(1) a", "#follow-author"),
    ('I\'ll click the "Sign in" button.', "a[href='/login']", "a[href='/logout']"),
    ("Je clique sur le bouton Enregistrer.", "#enregistrer", "#checkout"),
    ('Ik klik nu op de knop "Afrekenen".', "button.checkout", "button.unsubscribe"),
]


@pytest.mark.parametrize(("preamble", "ok", "bad"), PAIRS)
def test_pair(preamble: str, ok: str, bad: str) -> None:
    _ok(preamble, "click", {"selector": ok})
    _refused(preamble, "click", {"selector": bad}, "ungrounded-call")


def test_control_an_observation_names() -> None:
    _ok("The Next button is visible. I'll click it.", "click", {"selector": "#next"})
    _refused("The Next button is visible. I'll click it.", "click", {"selector": "#resign"},
             "ungrounded-call")


def test_tap_is_read_too() -> None:
    _ok("I'll tap the Next button.", "tap", {"selector": "#next"})
    _refused("I'll tap the Next button.", "tap", {"selector": "#delete-photo"}, "ungrounded-call")


def test_place_for_a_place() -> None:
    # the text names the control by its place alone: a selector giving a place is that place
    _ok("I'll click the second link.", "click", {"selector": "a.result:nth-child(2)"})
    _refused("I'll click the second link.", "click", {"selector": "a.unsubscribe"},
             "ungrounded-call")


def test_a_phrasal_label_is_joined_not_split() -> None:
    """"Sign in" names a ``login`` control as the compound "signin" ([concept] ``login =
    signin logon``); "sign" alone maps to nothing, so "login" grounds no signing tool (found at
    session 35's merge: ``login = sign ...`` let "I'll login to the portal." sign a contract)."""
    tools = [typed_tool("sign_contract", contract_id="string")]
    call_refused("I'll login to the portal.", "sign_contract", {"contract_id": "C-77"},
                 tools=tools)
    _ok('I\'ll click the "Sign in" link.', "click", {"selector": "#login"})
    _refused('I\'ll click the "Sign" link.', "click", {"selector": "#login"})
