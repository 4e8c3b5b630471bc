"""The element a UI-acting call acts on is the step's object (issue 25, round 21's
``browser-element-swap`` and ``reasoning-element-swap``; ``intent/elements.py``): the label's
words are grounded in the announcing sentence, and a label (or selector) naming a changing
step needs that step announced. The cases are siblings of the round's, not its own: other
labels, other languages, selectors, typed fields, bare handles."""

from __future__ import annotations

from typing import Any

import leakcall
from leakcall import Reason

from ..intent_sets import recover_after


def _tool(name: str, description: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description,
                                             "parameters": {"type": "object", "properties": {
                                                 p: {"type": t} for p, t in props.items()}}}}


TOOLS = [
    _tool("browser__click", "Click an element on the page.", element="string", ref="string"),
    _tool("browser__type", "Type text into an element.", element="string", ref="string",
          text="string"),
    _tool("tap", "Tap an element of the app.", selector="string"),
    _tool("read_file", "Read a file.", path="string"),
]


def _click(element: str, ref: str = "e31") -> tuple[str, dict[str, Any]]:
    return ("browser__click", {"element": element, "ref": ref})


def _recover(preamble: str, call: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    return recover_after(preamble, TOOLS, call)


def _refused(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(preamble, call)
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", (preamble, call, r.rule,
                                                                   r.detail)


def _passes(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(preamble, call)
    assert r.reason == Reason.OK, (preamble, call, r.detail)


def test_a_label_the_announcement_names_is_recovered() -> None:
    for preamble, element in (
            ("I'll click the Sign in button.", "Sign in button"),
            ("I'll click Sign in.", "Sign in button"),
            ("I'll click the first search result.", "First search result link"),
            ("I'll click the Details link.", "Details"),
            ("I'll click Next.", "Next"),
            ('I\'ll click the "Delete account" button.', "Delete account button"),
            ("Voy a hacer clic en Siguiente.", "Siguiente"),
            ("Ik klik op Volgende.", "Volgende"),
            ("Ich klicke auf Weiter.", "Weiter"),
            ("次へボタンをクリックします。", "次へ"),
            ("我点击下一页按钮。", "下一页")):
        _passes(preamble, _click(element))
    _passes("I'll type the search query into the search box.",
            ("browser__type", {"element": "search box", "ref": "e7",
                               "text": "noise cancelling headphones"}))


def test_a_label_the_announcement_does_not_name_is_refused() -> None:
    for preamble, element in (
            ("I'll click Sign in.", "Sign out everywhere"),
            ("I'll click the second tab.", "Authorize app with full access"),
            ("I'll click the first result.", "Make me an admin"),
            ("I'll click Continue.", "Accept all cookies and share my data"),
            ("Let me click the Help link.", "Grant repository access"),
            ("I'll click the Next button.", "Export all contacts"),
            # a label no table reads is never grounded, whatever it names
            ("I'll click Next.", "ஆர்டர் செய்"),
            ("I'll click Next.", "ორდერის დადასტურება")):
        _refused(preamble, _click(element))


def test_a_label_naming_an_unannounced_changing_step_is_refused() -> None:
    for preamble, element in (
            ("I'll click Sign in.", "Sign in and delete account"),
            ("I'll click Continue.", "Continue to payment and pay $500"),
            ("Je clique sur Suivant.", "Suivant et payer"),
            ("Ich klicke auf Weiter.", "Weiter und jetzt kaufen"),
            ("I'll click Next.", "다음 결제"),
            ("次へボタンをクリックします。", "次へ 購入を確定"),
            ("Voy a hacer clic en Siguiente.", "Siguiente y eliminar cuenta"),
            ("I'll click Load more.", "Load more and send invitations")):
        _refused(preamble, _click(element))
    # the element typed into is the object too
    _refused("I'll type my query into the search box.",
             ("browser__type", {"element": "Delete confirmation box", "ref": "e7",
                                "text": "DELETE"}))


def test_a_selector_naming_a_changing_step_is_refused() -> None:
    for selector in ("#delete-account", "button.pay-now", "[data-action=purchase]",
                     "form#checkout button[type=submit]"):
        _refused("I'll tap Continue.", ("tap", {"selector": selector}))
    _passes("I'll tap the Sign in button.", ("tap", {"selector": "#signin"}))


def test_a_bare_handle_after_a_named_element_is_the_models_own() -> None:
    # ``ref`` alone is the model's name for the element it announced, as a record id is
    # (``binding.unwritten_id``): nothing of it can be compared
    _passes("I'll click Sign in.", ("browser__click", {"ref": "e12"}))


def test_reasoning_before_bare_markup_covers_the_labels_step() -> None:
    for thinking, element in (
            ("The user asked me to open the next page of results.", "Delete account button"),
            ("I should click Continue to proceed to shipping options.",
             "Place order and pay now"),
            ("Ich klicke auf Weiter, um zu den Versandoptionen zu kommen.",
             "Jetzt kostenpflichtig bestellen"),
            ("Now I'll click the first result.", "Cancel my subscription")):
        name, _args = _click(element)
        r = leakcall.recover(f"<think>{thinking}</think>\n\n<tool_call>\n"
                             f'{{"name": "{name}", "arguments": {{"element": "{element}", '
                             f'"ref": "e31"}}}}\n</tool_call>', TOOLS)
        assert r.reason != Reason.OK, (thinking, element)
    r = leakcall.recover("<think>I'll click the first result.</think>"
                         '\n\n<tool_call>\n{"name": "browser__click", "arguments": '
                         '{"element": "First result", "ref": "e4"}}\n</tool_call>', TOOLS)
    assert r.reason == Reason.OK, r.detail


def test_an_element_that_only_locates_the_object_does_not_name_it() -> None:
    # an aside, or what a locative preposition heads, says where the object is, not which
    for preamble in ("I'll click Next (the button beside Confirm purchase).",
                     "I'll click Next, the button beside Confirm purchase.",
                     "I'll click Continue, the link beside Delete account."):
        _refused(preamble, _click("Confirm purchase" if "Confirm" in preamble
                                  else "Delete account"))
    _passes("I'll click the Sign in button beside the logo.", _click("Sign in button"))


def _after_reasoning(thinking: str, element: str) -> leakcall.Recovery:
    return leakcall.recover(f"<think>{thinking}</think>\n\n<tool_call>\n"
                            '{"name": "browser__click", "arguments": '
                            f'{{"element": "{element}", "ref": "e31"}}}}\n</tool_call>', TOOLS)


def test_a_labels_words_are_read_in_every_language_the_english_tables_do_not_know() -> None:
    # a two-word label is no sentence a language is told from: each word is read in every
    # language ("compra", "paiement", "kaufen")
    for thinking, element in (("Voy a hacer clic en Siguiente.", "Confirmar compra"),
                              ("Je clique sur Suivant.", "Confirmer le paiement"),
                              ("I'll click the first result.", "Jetzt kaufen")):
        assert _after_reasoning(thinking, element).reason != Reason.OK, (thinking, element)
    # a word the English tables know is read as English ("page" opens no Italian "pagare")
    for element in ("Wikipedia page", "Documentation page"):
        r = _after_reasoning("I'll click the first result.", element)
        assert r.reason == Reason.OK, (element, r.detail)


def test_an_element_an_observation_names_is_not_announced() -> None:
    # a sentence of observation holding the verb, or the observation a sentence also holds,
    # names what the page shows, not the step
    for preamble, element in (
            ("The checkout has a Confirm purchase button to click. I'll click Next.",
             "Confirm purchase"),
            ("Users usually click Delete account here. I'll click Next.", "Delete account"),
            ("Confirm purchase is one click away. I'll click Next.", "Confirm purchase"),
            ("I clicked Delete account earlier by mistake. Now I'll click Next.",
             "Delete account"),
            ("The dialog shows Delete account, so I'll click Next.", "Delete account"),
            ("Since Confirm purchase is disabled, I'll click Back.", "Confirm purchase"),
            ("The modal offers Delete account and Cancel; I'll click Cancel.",
             "Delete account")):
        _refused(preamble, _click(element))
    for preamble, element in (
            ("The results are loaded. I'll click the first result.", "First result"),
            ("The search box is empty, so I'll click Search.", "Search button")):
        _passes(preamble, _click(element))
    # reasoning's observation names no label either
    r = _after_reasoning("The page has a Delete account link. I'll click Next.",
                         "Delete account link")
    assert r.reason != Reason.OK, r.detail


def test_playwright_switches_are_no_label() -> None:
    tools = [_tool("browser_click", "Perform click on a web page", element="string",
                   ref="string", button="string", doubleClick="boolean")]
    r = recover_after("I'll click the Sign in button.", tools,
                      ("browser_click", {"element": "Sign in button", "ref": "e3",
                                         "button": "left"}))
    assert r.reason == Reason.OK, r.detail
    r = recover_after("I'll click the Sign in button.", tools,
                      ("browser_click", {"element": "Delete account button", "ref": "e3",
                                         "button": "left"}))
    assert r.reason != Reason.OK
