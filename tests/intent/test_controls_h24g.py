"""h24g: genuine controls of rounds 45-47 still refused. A coordinated plural noun in a looking
agent's order (``launched._looking`` through ``coordnouns``), a URL slug of a word and a number
(``methods._SLUG``), the lesser quantity determiner ("à moins de 80 €", [g-det]), the copula of
becoming in an inquiry ("wat het weer wordt", [g-copula]) and a list of
names after a colon (``colonlists``). Each case recovered has a near twin refused."""

from __future__ import annotations

from typing import Any

from leakcall.intent.kinds import argument_kinds
from tests.intent_sets import (
    expect_recovered,
    expect_refused,
    recover_after,
    string_tool,
    typed_tool,
)

TASK = [string_tool("task", "task", "description", "prompt")]
LAUNCH = "I'll launch a sub-agent to find where authentication is handled."
FETCH = [string_tool("web_fetch", "Fetch a web page", "url")]
READ = "Let me fetch that page to read the full article."
SHOP = [typed_tool("search_products", query="string", max_price="number")]
WEATHER = [string_tool("get_weather", "Get the weather for a city", "city")]
CITIES = "Let me get the weather for both cities: {}."


def _order(prompt: str) -> Any:
    return recover_after(LAUNCH, TASK, ("task", {"description": "Find auth", "prompt": prompt}))


def test_a_coordinated_plural_noun_is_no_verb_of_a_look() -> None:
    order = "Find where authentication is handled and report the files and {} involved."
    expect_recovered(_order(order.format("functions")), "files and functions involved")
    # a singular word of no kind stands in the verb slot: no noun of the list
    expect_refused(_order(order.format("function")), "singular", "ungrounded-call")
    # a word of a kind there is a step, whatever its form
    expect_refused(_order(order.format("rewrites")), "a changing verb", "ungrounded-call")


def _fetch(url: str) -> Any:
    return recover_after(READ, FETCH, ("web_fetch", {"url": url}))


def test_a_slug_names_what_was_posted() -> None:
    expect_recovered(_fetch("https://example.com/blog/post-42"), "slug")
    assert argument_kinds({"url": "https://example.com/blog/post-42"}) == frozenset()
    # the word alone as the last segment is the step the server takes
    expect_refused(_fetch("https://example.com/blog/post"), "action segment", "ungrounded-call")
    assert argument_kinds({"url": "https://example.com/blog/post"}) == {"send"}
    # any other kind a slug's word says stays: an action, a changing table word
    assert argument_kinds({"url": "https://example.com/orders/cancel-5512"}) == {"delete"}
    assert argument_kinds({"url": "https://example.com/x/delete-42"}) == {"delete"}
    assert argument_kinds({"url": "https://example.com/x/submit-42"}) == {"send"}


def test_only_a_carrier_noun_names_a_slug() -> None:
    """h25r: a carrier's noun and its number name what was posted; a word that is only a
    verb of sending ("send", "publish", "notify") is the step the server takes."""
    expect_recovered(_fetch("https://example.com/inbox/message-7"), "a carrier noun")
    expect_refused(_fetch("https://example.com/inbox/send-7"), "a verb", "ungrounded-call")
    expect_recovered(_fetch("https://example.com/blog/post-42"), "post")
    expect_refused(_fetch("https://example.com/blog/publish-42"), "publish", "ungrounded-call")
    for word in ("notify", "forward", "share", "tweet"):
        assert argument_kinds({"url": f"https://example.com/x/{word}-3"}) == {"send"}, word


def _shop(preamble: str, price: int = 80) -> Any:
    return recover_after(preamble, SHOP, ("search_products", {
        "query": "chaussures de course", "max_price": price}))


def test_the_lesser_quantity_is_a_determiner() -> None:
    said = "Je vais chercher des chaussures de course à moins de 80 €."
    expect_recovered(_shop(said), "moins de 80 €")
    # "plus de 80 €" is a lower bound: the upper one, max_price, is another search (boundwords)
    expect_refused(_shop(said.replace("moins", "plus")), "plus de 80 €", "ungrounded-call")
    # the amount is still carried: another one is not the announced search
    expect_refused(_shop(said, 90), "another amount", "ungrounded-call")
    # "à moins de" before a verb is "unless": its verb is no amount
    expect_refused(_shop("Je vais chercher des chaussures de course à moins de trouver."),
                   "unless", "ungrounded-call")


def _weather(items: str, *cities: str) -> Any:
    return recover_after(CITIES.format(items), WEATHER,
                         *(("get_weather", {"city": c}) for c in cities))


def test_a_list_of_names_after_a_colon() -> None:
    expect_recovered(_weather("Paris and Rome", "Paris", "Rome"), "Paris and Rome")
    expect_recovered(_weather("Paris, Rome", "Paris", "Rome"), "Paris, Rome")
    # a word of a kind is no name: the list is no list of nouns
    expect_refused(_weather("Paris and delete", "Paris"), "a verb", "unknown-preamble")
    # an item with an article beside one without is no list either
    expect_refused(_weather("Paris and the files", "Paris"), "mixed", "unknown-preamble")
    # each name is an object some call carries
    expect_refused(_weather("Paris and Berlin", "Paris", "Rome"), "another city",
                   "ungrounded-call")


def test_the_copula_of_becoming_closes_an_inquiry() -> None:
    said = "Ik kijk wat het weer in Amsterdam {}."
    expect_recovered(recover_after(said.format("wordt"), WEATHER,
                                   ("get_weather", {"city": "Amsterdam"})), "wat ... wordt")
    expect_recovered(recover_after("Ich schaue, wie das Wetter in Amsterdam wird.", WEATHER,
                                   ("get_weather", {"city": "Amsterdam"})), "wie ... wird")
    # the place is still carried
    expect_refused(recover_after(said.format("wordt"), WEATHER, ("get_weather", {
        "city": "Rotterdam"})), "another city", "ungrounded-call")
    # a copula is no verb of the assistant's step
    expect_refused(recover_after("Ik wordt het weer in Amsterdam.", WEATHER, (
        "get_weather", {"city": "Amsterdam"})), "no step", "unknown-preamble")
