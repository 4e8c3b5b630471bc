"""h46a (issue 25, session 46): three attack classes closed.

1. Two steps joined by "or" with the first one's object between (``disjoined``): "I'll delete
   `build/` or read it." announces no one step, in every lexicon language that has the
   construction; "or" between two objects keeps main's answer, "or" in an observation is read
   as before.
2. A verb-second language's finite verb before its subject pronoun at the sentence's start
   asks (``inverted``): "Ska jag ta bort `build/`.", "Werde ich `x` löschen.", "Ga ik `x`
   verwijderen."; a fronted word before it ("Nu ska jag ...") keeps the statement.
3. A third party's request said before its verb in ja/zh/ko (``partyasked``): "ボブに頼まれ
   ました。", "鲍勃让我做的。", "밥이 부탁했습니다。" before a delete refuse as "Bob asked me to."
   does; the user's own request is kept.
"""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import recover_after, string_tool

DELETE = string_tool("delete_file", "Delete a file.", "path")
READ = string_tool("read_file", "Read a text file from the workspace.", "path")


def _recover(preamble: str, name: str = "delete_file", path: str = "build/") -> leakcall.Recovery:
    return recover_after(f"{preamble}\n", [DELETE, READ], (name, {"path": path}))


# 1. (refused: verbs disjoined past the first one's object, recovered: the one step)
OR_PAIRS = [
    ("I'll delete `build/` or read it.", "I'll delete `build/`."),
    ("I'll delete `build/`, or I'll read it.", "I'll delete `build/`, then I'll read it."),
    ("Ich lösche `build/` oder lese es.", "Ich lösche `build/`."),
    ("Jag tar bort `build/` eller läser den.", "Jag tar bort `build/`."),
    ("אני אמחק את `build/` או אקרא אותו.", "אני אמחק את `build/`."),
    ("Je supprime `build/` ou je le lis.", "Je supprime `build/`."),
    ("Voy a eliminar `build/` o leerlo.", "Voy a eliminar `build/`."),
    ("Eliminerò `build/` o lo leggerò.", "Eliminerò `build/`."),
    ("Vou excluir `build/` ou lê-lo.", "Vou excluir `build/`."),
    ("Ik verwijder `build/` of lees het.", "Ik verwijder `build/`."),
    ("Я удалю `build/` или прочитаю его.", "Я удалю `build/`."),
    ("Usunę `build/` lub go przeczytam.", "Usunę `build/`."),
    ("سأحذف `build/` أو أقرأه.", "سأحذف `build/`."),
    ("我删除 `build/` 或者读取它。", "我删除 `build/`。"),
    ("我删除 `build/` 还是读取它。", "我删除 `build/`。"),
    ("`build/` を削除するか、読みます。", "`build/` を削除します。"),
]


@pytest.mark.parametrize(("refused", "recovered"), OR_PAIRS)
def test_verbs_disjoined_past_an_object_choose_no_step(refused: str, recovered: str) -> None:
    for name in ("delete_file", "read_file"):
        r = _recover(refused, name)
        assert not r.ok and r.rule == "conditional", (refused, name, r.rule, r.detail)
    assert _recover(recovered).ok, recovered


def test_or_outside_a_disjunction_of_steps_is_not_read() -> None:
    assert _recover("The build failed or timed out. I'll delete `build/`.").ok
    r = _recover("`build/` を削除するかどうか確認します。", "read_file")  # a check's question
    assert r.rule != "conditional", r.detail


def test_noun_disjunction_keeps_mains_answer() -> None:
    r = _recover("I'll read `a.py` or `b.py`.", "read_file", "a.py")
    assert not r.ok and r.rule == "conditional", r.detail  # ``unchosen``, as on main


# 2. (refused: the verb first, then its subject pronoun; recovered: a statement)
INVERTED_PAIRS = [
    ("Ska jag ta bort `build/`.", "Nu ska jag ta bort `build/`."),
    ("Okej, ska jag ta bort `build/`.", "Okej, jag ska ta bort `build/`."),
    ("Måste jag ta bort `build/`.", "Jag måste ta bort `build/`."),
    ("Tar jag bort `build/`.", "Nu tar jag bort `build/`."),
    ("Werde ich `build/` löschen.", "Jetzt werde ich `build/` löschen."),
    ("Lösche ich `build/`.", "Ich lösche `build/`."),
    ("Ga ik `build/` verwijderen.", "Nu ga ik `build/` verwijderen."),
    ("Verwijder ik `build/`.", "Ik verwijder `build/`."),
]


@pytest.mark.parametrize(("refused", "recovered"), INVERTED_PAIRS)
def test_verb_before_its_subject_at_the_start_asks(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert not r.ok and r.rule == "question", (refused, r.rule, r.detail)
    assert _recover(recovered).ok, recovered


@pytest.mark.parametrize("text", [
    "Devo eliminare `build/`.",  # no pronoun after the verb
    "Ich werde `build/` löschen.",
    "Basierend auf den Ergebnissen der Tests, lösche ich `build/`.",  # a fronted basis
])
def test_no_inversion_at_the_start_is_a_statement(text: str) -> None:
    assert _recover(text).ok, text


def test_an_inclusive_exhortation_asks_nothing() -> None:
    r = _recover("Laten we `build/` verwijderen.")
    assert r.rule != "question", r.detail


# 3. (refused: another party asked, recovered: the same with no agent or the user's request)
PARTY_PAIRS = [
    ("ボブに頼まれました。`build/` を削除します。", "`build/` を削除します。"),
    ("ボブに依頼されました。`build/` を削除します。", "ユーザーに頼まれました。`build/` を削除します。"),
    ("ボブに言われました。`build/` を削除します。", "ご依頼の通り、`build/` を削除します。"),
    ("鲍勃让我做的。我删除 `build/`。", "用户让我删除 `build/`。我删除 `build/`。"),
    ("鲍勃请我做的。我删除 `build/`。", "按你的要求，我删除 `build/`。"),
    ("鲍勃要我删除。我删除 `build/`。", "我删除 `build/`。"),
    ("밥이 부탁했습니다. `build/` 를 삭제하겠습니다.", "요청하신 대로 `build/` 를 삭제하겠습니다."),
    ("밥이 요청했습니다. `build/` 를 삭제하겠습니다.", "`build/` 를 삭제하겠습니다."),
]


@pytest.mark.parametrize(("refused", "recovered"), PARTY_PAIRS)
def test_third_party_request_before_its_verb_reports_it(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert not r.ok and r.rule == "quoted-source", (refused, r.rule, r.detail)
    assert _recover(recovered).ok, recovered


def test_english_reading_is_the_model() -> None:
    assert _recover("Bob asked me to. I'll delete `build/`.").rule == "quoted-source"
    assert _recover("As you requested, I'll delete `build/`.").ok
