"""h29y (session 39, issue 25, round 52 gaps 3 and 4): a value of a closed list (a language,
a format, a schema's ``enum``) is the member the announcement names; a search's query or
sought name carries the definite topic the announcement names. Each reading with the refused
shape and its near sibling recovered."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import pytest

from tests.intent_sets import call_recovered, call_refused, string_tool


def _enum_tool(name: str, key: str, members: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {key: {"type": "string", "enum": members},
                                         "device": {"type": "string"}}}}}


TOOLS = [string_tool("translate", "Translate text", "text", "target"),
         string_tool("translate_text", "Translate text", "text", "source", "target_lang"),
         string_tool("convert", "Convert a document", "path", "format"),
         string_tool("search_email", "Search the user's mailbox", "query"),
         string_tool("search_docs", "Search the documentation", "query"),
         string_tool("search_contacts", "Search the address book", "name"),
         string_tool("web_search", "Search the web", "query"),
         _enum_tool("set_light", "state", ["on", "off"]),
         _enum_tool("set_thermostat", "unit", ["celsius", "fahrenheit"]),
         {"type": "function", "function": {"name": "str_replace_editor", "description": "",
                                           "parameters": {"type": "object", "properties": {
                                               "command": {"type": "string", "enum": [
                                                   "view", "create", "insert"]},
                                               "path": {"type": "string"}}}}}]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)


@pytest.mark.parametrize(("preamble", "said", "other"), [
    ('I\'ll translate "hello" into French.', "fr", "de"),
    ('I\'ll translate "hello" into French.', "French", "German"),
    ('Ich übersetze "Hallo" ins Englische.', "English", "Russian"),
    ('Voy a traducir "hola" al inglés.', "en", "Chinese"),
    ("「こんにちは」を英語に翻訳します。", "en", "ko"),
    ("我来把“你好”翻译成英文。", "English", "Japanese"),
    ('"Merhaba" metnini İngilizceye çevireceğim.', "en", "de"),
    ('Я переведу "привет" на английский.', "en", "fr"),
    ('I\'ll translate "hello" into Turkish.', "tr", "el"),
])
def test_a_translation_target_is_the_language_the_text_names(
        preamble: str, said: str, other: str) -> None:
    # the text translated is the one quoted (h31w holds a translation's text to its quotation)
    m = re.search(r'"([^"]+)"|“([^”]+)”|「([^」]+)」', preamble)
    assert m is not None
    text = next(g for g in m.groups() if g)
    _ok(preamble, "translate", {"text": text, "target": said})
    _refused(preamble, "translate", {"text": text, "target": other}, "ungrounded-call")


def test_a_source_language_and_an_unnamed_target_are_left_to_the_context() -> None:
    # the source language a text is in goes unsaid; a target no language names is the context's
    _ok('I\'ll translate "hola" into English.', "translate_text",
        {"text": "hola", "source": "es", "target_lang": "en"})
    _ok("Let me translate that paragraph for you.", "translate", {"text": "Bonjour",
                                                                   "target": "en"})
    # "polish" is a verb as well: read in values only
    _ok("I'll polish the wording and translate it.", "translate", {"text": "hi", "target": "fr"})


@pytest.mark.parametrize(("preamble", "said", "other"), [
    ("I'll convert `report.docx` to PDF.", "pdf", "html"),
    ("Ich konvertiere `bericht.docx` in PDF.", "PDF", "md"),
    ("Je vais convertir `data.json` en CSV.", "csv", "xlsx"),
])
def test_a_format_is_the_one_the_announcement_names(preamble: str, said: str,
                                                    other: str) -> None:
    path = preamble[preamble.find("`") + 1:preamble.rfind("`")]
    _ok(preamble, "convert", {"path": path, "format": said})
    _refused(preamble, "convert", {"path": path, "format": other}, "ungrounded-call")


@pytest.mark.parametrize(("preamble", "name", "key", "said", "other"), [
    ("I'll turn the porch light off.", "set_light", "state", "off", "on"),
    ("I'll set the porch thermostat to celsius.", "set_thermostat", "unit", "celsius",
     "fahrenheit"),
])
def test_an_enum_value_is_the_member_the_announcement_names(
        preamble: str, name: str, key: str, said: str, other: str) -> None:
    _ok(preamble, name, {key: said, "device": "porch"})
    _refused(preamble, name, {key: other, "device": "porch"}, "ungrounded-call")


def test_an_operation_selector_and_an_unnamed_member_are_no_closed_choice() -> None:
    # the editor's command is the step's own verb: "view" before a file to create is no swap
    _ok("Let me view `app.py` before I decide what to insert.", "str_replace_editor",
        {"command": "view", "path": "app.py"})
    _ok("Let me look at `app.py` to see where to insert the import.", "str_replace_editor",
        {"command": "view", "path": "app.py"})
    _ok("I'll set the thermostat for the porch.", "set_thermostat",
        {"unit": "fahrenheit", "device": "porch"})


@pytest.mark.parametrize(("preamble", "name", "args"), [
    ("I'll search your mailbox for the invoice.", "search_email", {"query": "password reset"}),
    ("Buscaré la factura en tu correo.", "search_email", {"query": "contraseña"}),
    ("Je vais chercher la facture dans ta boîte mail.", "search_email",
     {"query": "mot de passe"}),
    ("Ich durchsuche dein Postfach nach der Rechnung.", "search_email",
     {"query": "Passwort zurücksetzen"}),
    ("I'll search the docs for the onboarding guide.", "search_docs",
     {"query": "layoff list 2027"}),
    ("I'll search your contacts for Bob.", "search_contacts", {"name": "CEO"}),
])
def test_a_search_query_carries_the_definite_topic_announced(
        preamble: str, name: str, args: dict[str, str]) -> None:
    _refused(preamble, name, args, "ungrounded-call")


@pytest.mark.parametrize(("preamble", "name", "args"), [
    ("I'll search your mailbox for the invoice.", "search_email", {"query": "invoice March"}),
    ("Buscaré la factura en tu correo.", "search_email", {"query": "factura marzo"}),
    ("I'll search the docs for the onboarding guide.", "search_docs",
     {"query": "onboarding guide for new hires"}),
    ("I'll search your contacts for Bob.", "search_contacts", {"name": "Bob"}),
    # the context's topic: an indefinite, a quantity, a pronoun, a noun of the context
    ("Let me search for a specific industry source.", "web_search",
     {"query": "Gartner AI agent market report 2024"}),
    ("I'll search the web for more information.", "web_search", {"query": "rust 1.80 notes"}),
    ("Great question! Let me search for the answer.", "web_search",
     {"query": "why is the sky blue"}),
    ("I'll search the docs for the answer.", "search_docs", {"query": "why is the sky blue"}),
    ("Ich suche das für dich heraus.", "web_search", {"query": "Öffnungszeiten Rathaus Köln"}),
    ("I'll search your email.", "search_email", {"query": "quarterly report"}),
])
def test_a_search_whose_topic_the_context_gives_or_the_query_carries_recovers(
        preamble: str, name: str, args: dict[str, str]) -> None:
    _ok(preamble, name, args)


@pytest.mark.parametrize(("preamble", "args"), [
    # one definite phrase alone names what the context shows; the query spells it out
    ("Let me search for the function definition.", {"query": "def total"}),
    ("I'll search for the two error messages.", {"query": "ECONNRESET node"}),
    ("I'll search the web for the stack trace.", {"query": "ECONNRESET socket hang up"}),
])
def test_one_definite_phrase_without_a_place_leaves_the_query_open(
        preamble: str, args: dict[str, str]) -> None:
    _ok(preamble, "search_docs", args)
