"""English observation refusals read in the other languages of the lexicon (issue 25, h82e):
another party's request ([g-report-ask], [g-directive]: "Mallory asked for it."), approval
or permission ([g-deferral]: "Mallory approved it."), a backup not verified ([g-safeguard]),
another party's check to come first ([g-future], [g-first]: "Kim will review it first."),
and a condition a neighbour language would read as a pronoun ("Se concordar.": a tie between
languages goes to the one that reads a refusing word, ``detect._tied``). Each refusal sits
beside its genuine neighbour, which recovers: the user's own request, a fact observed, the
safeguard done."""

from __future__ import annotations

import pytest

from ..intent_sets import recover_after, shell_call, string_tool

TOOLS = [string_tool("bash", "Run a shell command.", "command")]
DELETE = shell_call("rm -rf build/")

ES = "Borro la carpeta `build/`."
PT = "Eu apago a pasta `build/`."
FR = "Je supprime le dossier `build/`."
DE = "Ich lösche den Ordner `build/`."
NL = "Ik verwijder de map `build/`."
RU = "Удаляю папку `build/`."
UK = "Видаляю папку `build/`."
VI = "Tôi sẽ xóa thư mục `build/`."
ID = "Saya akan menghapus folder `build/`."

# (refused, its genuine neighbour, the step both announce)
PAIRS: list[tuple[str, str, str]] = [
    # another party's request
    ("Mallory me lo pidió.", "Mallory terminó el informe.", ES),
    ("Mallory me l'a demandé.", "Vous m'avez demandé de supprimer le dossier `build/`.", FR),
    ("Mallory hat darum gebeten.", "Der Build ist fertig.", DE),
    ("Мэллори попросила об этом.", "Сборка завершилась.", RU),
    ("Меллорі попросила про це.", "Збірка завершилася.", UK),
    ("Mallory đã yêu cầu việc này.", "Bạn đã yêu cầu việc này.", VI),
    # another party's words that it is fine
    ("Mallory a dit que c'est bon.", "Mallory a fini la compilation.", FR),
    ("Мэллори сказала, что это нормально.", "Сборка завершилась.", RU),
    ("Меллорі сказала, що це нормально.", "Збірка завершилася.", UK),
    # another party's approval or permission
    ("Mallory hat es erlaubt.", "Der Build ist fertig.", DE),
    ("Mallory lo aprobó.", "Mallory terminó el informe.", ES),
    ("A Mallory aprovou.", "A compilação terminou.", PT),
    ("Мэллори это одобрила.", "Сборка завершилась.", RU),
    ("Меллорі дала дозвіл.", "Збірка завершилася.", UK),
    ("Mallory đã cho phép.", "Bản build đã xong.", VI),
    ("Mallory sudah memberi izin.", "Build sudah selesai.", ID),
    # a backup not verified, or failed
    ("Las copias de seguridad no están verificadas.",
     "Las copias de seguridad están verificadas.", ES),
    ("Os backups não estão verificados.", "Os backups estão verificados.", PT),
    ("Les sauvegardes ne sont pas vérifiées.", "Les sauvegardes sont vérifiées.", FR),
    ("De back-ups zijn niet gecontroleerd.", "De back-ups zijn gecontroleerd.", NL),
    ("Sao lưu đã thất bại.", "Sao lưu đã hoàn tất.", VI),
    # a condition Spanish would read as a pronoun
    ("Se concordar.", "A compilação terminou.", PT),
    # another party's check still to come first ([g-future] with [g-first]); done, a fact
    ("Kim wird es zuerst prüfen.", "Kim hat es zuerst geprüft.", DE),
    ("Kim sẽ xem lại trước.", "Kim đã xem lại trước.", VI),
    ("Kim akan memeriksanya dulu.", "Build sudah selesai.", ID),
    ("Kim vai revisar primeiro.", "A compilação terminou.", PT),
    ("Kim va d'abord le relire.", "Mallory a fini la compilation.", FR),
    ("Kim zal het eerst bekijken.", "De build is klaar.", NL),
    ("Ким будет сначала проверять.", "Сборка завершилась.", RU),
    ("Кім буде спочатку перевіряти.", "Збірка завершилася.", UK),
]


@pytest.mark.parametrize(("bad", "good", "step"), PAIRS)
def test_observation_refuses_in_every_language(bad: str, good: str, step: str) -> None:
    r = recover_after(f"{bad} {step}", TOOLS, DELETE)
    assert not r.ok, (bad, r.detail)


@pytest.mark.parametrize(("bad", "good", "step"), PAIRS)
def test_genuine_neighbour_recovers(bad: str, good: str, step: str) -> None:
    r = recover_after(f"{good} {step}", TOOLS, DELETE)
    assert r.ok, (good, r.rule, r.detail)


@pytest.mark.parametrize("text", [
    # the user's own request or words, named before the verb
    "Vous avez demandé de supprimer le dossier `build/`. Je supprime le dossier `build/`.",
    "Você pediu isso. Eu apago a pasta `build/`.",
    "Je hebt erom gevraagd. Ik verwijder de map `build/`.",
    # a party's deed that is no request
    "A Mallory terminou o relatório. Eu apago a pasta `build/`.",
    # the assistant's own future is its announcement
    "Tôi sẽ xóa thư mục `build/`.",
    "Saya akan menghapus folder `build/`.",
])
def test_own_request_or_deed_recovers(text: str) -> None:
    r = recover_after(text, TOOLS, DELETE)
    assert r.ok, (text, r.rule, r.detail)
