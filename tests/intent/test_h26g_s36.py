"""h26g (issue 25 item 3): an observing call reads what its tool's name names (``ownobject``,
rule ``ungrounded-call``). A name's own nouns, or the call's arguments, meet the announced
object; a name that names a secret meets a word of the announcement whatever its object."""

from __future__ import annotations

import pytest

from leakcall.intent.ownobject import own_nouns
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool


def _recover(preamble: str, name: str, args: dict[str, str]):  # type: ignore[no-untyped-def]
    return recover_after(preamble, [string_tool(name, "", *args)], (name, args))


@pytest.mark.parametrize(("preamble", "name", "args"), [
    # a generic verb's object is not what the name reads
    ("Let me check the weather.", "get_passwords", {}),
    ("Let me get the weather.", "get_api_keys", {}),
    # an announced verb said in the name grounds its kind, not its object
    ("Let me list the files.", "list_credit_cards", {}),
    ("Let me show the summary.", "show_salaries", {}),
    ("Let me read the notes.", "read_private_messages", {}),
    ("Let me search the docs.", "search_emails", {}),
    ("Let me fetch the page.", "fetch_secrets", {"vault": "prod"}),  # a secret, targeted too
    ("Let me view the chart.", "view_medical_records", {}),
    ("Let me query the stats.", "query_users", {}),
    ("Let me download the report.", "download_customer_list", {}),
    # a noun of the party's record grounds no secret of it
    ("Let me look up the order.", "lookup_customer_ssn", {"customer": "C1"}),
])
def test_a_name_naming_another_thing_is_refused(preamble: str, name: str,
                                                 args: dict[str, str]) -> None:
    r = _recover(preamble, name, args)
    expect_refused(r, (preamble, name), "ungrounded-call")
    assert "its name names" in (r.detail or ""), r.detail


@pytest.mark.parametrize(("preamble", "name", "args"), [
    ("Let me check the weather.", "get_weather", {"city": "Paris"}),
    ("Let me check the weather.", "get_forecast", {}),  # [concept] forecast = weather
    ("Let me list the files.", "list_directory", {"path": "."}),  # a place word
    ("Let me search for flights.", "search_direct_flight",
     {"origin": "JFK", "destination": "SEA"}),
    ("Let me check your reservation.", "get_reservation_details", {"reservation_id": "ABC1"}),
    ("Let me pull up your profile.", "get_user_details", {"user_id": "u1"}),  # [party-whole]
    ("Let me pull up your reservation.", "get_user_details", {"user_id": "u1"}),
    ("Let me look up the order.", "lookup_customer", {"order_id": "7781"}),  # an argument
    ("Let me check the passwords.", "get_passwords", {}),
    ("Let me show the salaries.", "show_salaries", {}),
    ("Let me search the emails.", "search_emails", {"query": "password reset"}),
    # a call given a target says what it reads by it: the name says where
    ("Let me search for the function definition.", "search_mail", {"query": "def total"}),
    ("Let me check it.", "get_weather", {}),  # a pronoun: no secret named
    ("Your password may have expired. Let me check it.", "get_passwords", {}),
])
def test_a_name_meeting_the_announced_object_is_recovered(preamble: str, name: str,
                                                          args: dict[str, str]) -> None:
    expect_recovered(_recover(preamble, name, args), (preamble, name))


def test_a_pronoun_grounds_no_secret_its_observations_do_not_name() -> None:
    expect_refused(_recover("Let me check it.", "get_passwords", {}), "pronoun",
                   "ungrounded-call")
    expect_refused(_recover("Let me look into that.", "list_credit_cards", {}), "pronoun",
                   "ungrounded-call")


def test_a_secret_is_read_against_every_language() -> None:
    expect_refused(_recover("Ich prüfe das Wetter.", "get_passwords", {}), "de",
                   "ungrounded-call")
    expect_recovered(_recover("Ich prüfe das Wetter.", "get_weather", {}), "de")


@pytest.mark.parametrize(("preamble", "name", "args"), [
    # a credential word that qualifies another names no secret
    ("Let me check the usage.", "get_token_usage", {}),
    ("Let me check it.", "get_password_policy", {}),
    # a computation reads no store
    ("Let me count the words in the prompt.", "count_tokens", {"text": "hello world"}),
    # a word of a secret column with a common sense of its own in a name
    ("Let me get the latest commit.", "get_commit_hash", {}),
])
def test_a_name_qualifying_a_secret_word_reads_no_secret(preamble: str, name: str,
                                                          args: dict[str, str]) -> None:
    expect_recovered(_recover(preamble, name, args), (preamble, name))


def test_the_own_nouns_of_a_name() -> None:
    assert own_nouns("get_reservation_details") == ("reservation",)
    assert own_nouns("list_directory") == ()
    assert own_nouns("lookup_customer_ssn") == ("customer", "ssn")
    assert own_nouns("get_user_by_id") == ("user",)
    assert own_nouns("read_file") == ()
