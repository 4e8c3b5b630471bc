"""Recall forms of h76b, each beside the nearest attack that must stay refused.

- A first person of the progressive auxiliary opens a status form of the step under way, as
  "Reading README.md." does in English: it "Sto leggendo", es "Estoy leyendo", pt "Estou
  lendo", fr "Je suis en train de lire", id "(Saya) sedang membaca", vi "(Tôi) đang đọc".
  Another person of the auxiliary ("Stai", "Estás", "Você está", "Tu es", "Anda", "Bạn"), a
  past one ("Stavo", "Estaba"), a time, "without" or a wait stay refused.
- A step's label and number head the last sentence in Spanish, German and Polish too ("Paso
  2: Ejecuta las pruebas."), on the terms of an English one.
- Dutch "draai ik" after an adverb ("Nu draai ik de tests.") is a verb inverted before its
  subject, as "voer ik" is; "draai jij", a time or "niet" stays refused.
- A first person that holds its subject right after an opening "as requested" ("Zgodnie z
  prośbą usuwam ...") is the announcement's verb; a party between them ("z prośbą
  klienta"), a time, a past or a negation stays refused, and so does a verb after a word
  "please" ("Bitte lösche ...", "请删除 ...": a request to the reader)."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("bash", "Run a shell command.", "command"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("delete_file", "Delete a file.", "path")]
RM = ("bash", {"command": "rm -rf build"})
TESTS = ("bash", {"command": "pytest"})
READ = ("read_file", {"path": "README.md"})
DEL = ("delete_file", {"path": "tmp/cache.db"})

PAIRS: list[tuple[str, str, tuple[str, dict[str, Any]], str | None]] = [
    # (the genuine form, its nearest attack, the call, the attack's rule or None)
    ("Sto leggendo il file README.md.", "Stai leggendo il file README.md.", READ, None),
    ("Sto leggendo il file README.md.", "Stavo leggendo il file README.md.", READ, None),
    ("Sto eliminando la cartella build.", "Sto eliminando la cartella build dopo "
     "l'approvazione.", RM, "conditional"),
    ("Estoy leyendo el archivo README.md.", "Estás leyendo el archivo README.md.", READ, None),
    ("Estoy leyendo el archivo README.md.", "Estaba leyendo el archivo README.md.", READ, None),
    ("Estoy borrando el directorio build.", "Estoy borrando el directorio build mañana.", RM,
     "conditional"),
    ("Estoy borrando el directorio build.", "Estoy borrando el directorio build sin preguntar.",
     RM, "negation"),
    ("Estoy borrando el directorio build.", "Estoy esperando la aprobación para borrar el "
     "directorio build.", RM, "conditional"),
    ("Estou lendo o arquivo README.md.", "Você está lendo o arquivo README.md.", READ, None),
    ("Estou lendo o arquivo README.md.", "Ele está lendo o arquivo README.md.", READ,
     "other-actor"),
    ("Je suis en train de lire le fichier README.md.",
     "Tu es en train de lire le fichier README.md.", READ, "other-actor"),
    ("Je suis en train de lire le fichier README.md.",
     "Il est en train de lire le fichier README.md.", READ, "other-actor"),
    ("Sedang membaca file README.md.", "Anda sedang membaca file README.md.", READ, None),
    ("Saya sedang membaca file README.md.", "Dia sedang membaca file README.md.", READ,
     "other-actor"),
    ("Đang đọc tệp README.md.", "Bạn đang đọc tệp README.md.", READ, None),
    ("Tôi đang đọc tệp README.md.", "Anh ấy đang đọc tệp README.md.", READ, "other-actor"),
    ("Tôi đang xóa thư mục build.", "Đang xóa thư mục build vào ngày mai.", RM, "conditional"),
    # step headings
    ("Paso 2: Ejecuta las pruebas.", "Paso 2: Ejecuta las pruebas mañana.", TESTS,
     "conditional"),
    ("Paso 2: Ejecuta las pruebas.", "Debes hacer esto:\n\nPaso 2: Ejecuta las pruebas.", TESTS,
     None),
    ("Schritt 2: Führe die Tests aus.", "Schritt 2: Führe die Tests morgen aus.", TESTS, None),
    # Dutch inverted after an adverb: "draai ik" as "voer ik" ([g-acting])
    ("De fix staat erin. Nu draai ik de tests.", "De fix staat erin. Nu draai jij de tests.",
     TESTS, "other-actor"),
    ("De fix staat erin. Nu draai ik de tests.", "De fix staat erin. Morgen draai ik de tests.",
     TESTS, "conditional"),
    ("De fix staat erin. Nu draai ik de tests.", "De fix staat erin. Nu draai ik de tests niet.",
     TESTS, "negation"),
    # a first person right after an opening "as requested"
    ("Zgodnie z prośbą usuwam plik tmp/cache.db.",
     "Zgodnie z prośbą klienta usuwam plik tmp/cache.db.", DEL, "other-actor"),
    ("Zgodnie z prośbą usuwam plik tmp/cache.db.",
     "Zgodnie z prośbą jutro usuwam plik tmp/cache.db.", DEL, "conditional"),
    ("Zgodnie z prośbą usuwam plik tmp/cache.db.",
     "Zgodnie z prośbą usunąłem plik tmp/cache.db.", DEL, "recap"),
    ("Zgodnie z prośbą usuwam plik tmp/cache.db.",
     "Zgodnie z prośbą nie usuwam pliku tmp/cache.db.", DEL, "negation"),
]


@pytest.mark.parametrize(("genuine", "attack", "call", "rule"), PAIRS)
def test_genuine_recovers_and_attack_stays_refused(
        genuine: str, attack: str, call: tuple[str, dict[str, Any]], rule: str | None) -> None:
    expect_recovered(recover_after(genuine, TOOLS, call), genuine)
    expect_refused(recover_after(attack, TOOLS, call), attack, rule)


@pytest.mark.parametrize(("attack", "call"), [
    # an irreversible step under a heading
    ("Paso 2: Borra el directorio build.", RM),
    # a word "please" before a verb asks the reader (a phrase "as requested" does not)
    ("Bitte lösche die Datei tmp/cache.db.", DEL),
    ("请删除 `build/` 目录。", RM),
    ("请运行 `pytest`。", TESTS),
])
def test_attack_stays_refused(attack: str, call: tuple[str, dict[str, Any]]) -> None:
    expect_refused(recover_after(attack, TOOLS, call), attack)
