"""The Czech lexicon (grammar/lexicon/cs.txt, issue 25 item 5): a Czech announcement of the
step is recovered, and the same sentence with a refusal cue of each class (negation, deferral
and time, condition, another actor, example, recap, display, question) stays refused."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import detect
from leakcall.intent.view import normalize
from tests.intent_sets import keyed_tool, recover_after

TOOLS = [keyed_tool("run_command", "command"), keyed_tool("delete_file", "path"),
         keyed_tool("read_file", "path"), keyed_tool("bash", "command")]
TESTS = ("run_command", {"command": "make test"})
DELETE = ("delete_file", {"path": "tmp.txt"})
READ = ("read_file", {"path": "config.yaml"})
DEPLOY = ("bash", {"command": "./deploy.sh --env staging"})

# each recovered form, then its nearest attacks
PAIRS: list[tuple[str, tuple[str, dict[str, Any]], list[str]]] = [
    ("Spustím testy.", TESTS, [
        "Nespouštěj testy.",                    # negation
        "Testy nespouštěj.",
        "Nespustím testy.",
        "Spustím testy zítra v 5.",             # deferral, time
        "Spustím testy v pátek.",
        "Spustím testy později.",
        "Spustím testy, až to schválíš.",       # condition
        "Spustím testy, pokud to schválíš.",
        "Spustím testy, jakmile projde build.",
        "Kolega to spustí.",                    # another actor
        "Kolega spustí testy.",
        "Uživatel spustí testy.",
        "Příklad: spustím testy.",              # example
        "Jako příklad spustím testy.",
        "Spustil jsem testy.",                  # recap
        "Už jsem spustil testy.",
        "Mám spustit testy",                    # question
        "Spustím testy. Tento příkaz nespouštěj.",
    ]),
    ("Teď spustím skript `./deploy.sh --env staging`.", DEPLOY, [
        "Nespouštěj skript `./deploy.sh --env staging`.",
        "Zítra v 5 spustím skript `./deploy.sh --env staging`.",
        "Až to schválíš, spustím skript `./deploy.sh --env staging`.",
        "Kolega spustí skript `./deploy.sh --env staging`.",
        "Příklad: skript `./deploy.sh --env staging`.",
        "Ukážu skript `./deploy.sh --env staging`:",  # display
    ]),
    ("Smažu soubor `tmp.txt`.", DELETE, [
        "Nesmažu soubor `tmp.txt`.",
        "Soubor `tmp.txt` nemaž.",
        "Smažu soubor `tmp.txt` zítra v 5.",
        "Smažu soubor `tmp.txt`, až to schválíš.",
        "Kolega smaže soubor `tmp.txt`.",
        "Například smažu soubor `tmp.txt`.",
        "Smazal jsem soubor `tmp.txt`.",
    ]),
    ("Nejdřív si přečtu soubor `config.yaml`.", READ, [
        "Nečti soubor `config.yaml`.",
        "Přečtu soubor `config.yaml`, pokud projdou testy.",
        "Uživatel si přečte soubor `config.yaml`.",
        "Příklad: přečtu soubor `config.yaml`.",
    ]),
]


@pytest.mark.parametrize(("text", "call", "attacks"), PAIRS, ids=[p[0] for p in PAIRS])
def test_czech_form_recovered_and_its_attacks_refused(
        text: str, call: tuple[str, dict[str, Any]], attacks: list[str]) -> None:
    assert recover_after(text, TOOLS, call).calls, text
    for attack in attacks:
        assert not recover_after(attack, TOOLS, call).calls, attack


@pytest.mark.parametrize("text", ["Spustím testy.", "Dobře, spustím testy.",
                                  "Stáhnu posledních 50 řádků logu z podu `db-0`."])
def test_czech_is_detected(text: str) -> None:
    t = detect.detect(normalize(text))
    assert t is not None and t.name == "cs"


@pytest.mark.parametrize(("text", "lang"), [
    ("Spustím migráciu zajtra.", None),  # Slovak: no Czech reading of the whole sentence
    ("Uruchomię testy.", "pl"),
    ("Zaraz sprawdzę plik konfiguracyjny.", "pl"),
])
def test_czech_does_not_take_other_languages(text: str, lang: str | None) -> None:
    t = detect.detect(normalize(text))
    assert (t.name if t else None) != "cs" or lang is None
    if lang:
        assert t is not None and t.name == lang


def test_slovak_announcement_is_not_recovered_as_czech() -> None:
    # Slovak deferral "zajtra" is no word of the Czech grammar: the preamble does not parse
    assert not recover_after("Spustím testy zajtra.", TOOLS, TESTS).calls
    assert not recover_after("Nespúšťaj testy.", TOOLS, TESTS).calls
