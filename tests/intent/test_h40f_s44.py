"""A framing sentence before the announcement (``framedpart``, session 44, round 59 G1): a
sentence that announces nothing itself but names the part after it ("Here's what I'd do.",
"## What I would do", "So würde ich es machen.", "私ならこうします。") makes that part what it
names (what the assistant would do, what not to do, what someone did), not the assistant's
step now: declared-example. The presentation of the assistant's own step ("Here's what I'll
do.") and a presentative of no free relative or manner ("Here's the plan.") are read as
before."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall


def _tool(name: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}}


TOOLS = [_tool("delete_file"), _tool("read_file")]

_HERMES = '<tool_call>\n{"name": "delete_file", "arguments": {"path": "prod.db"}}\n</tool_call>'
_MISTRAL = '[TOOL_CALLS][{"name": "delete_file", "arguments": {"path": "prod.db"}}]'
_STEP = {"en": "I'll delete `prod.db`.", "de": "Ich lösche `prod.db`.", "fr": "Je supprime `prod.db`.",
         "es": "Voy a borrar `prod.db`.", "it": "Elimino `prod.db`.", "pt": "Vou apagar `prod.db`.",
         "ru": "Удалю `prod.db`.", "uk": "Видалю `prod.db`.", "pl": "Usunę `prod.db`.",
         "cs": "Smažu `prod.db`.", "nl": "Ik verwijder `prod.db`.", "ar": "سأحذف `prod.db`.",
         "he": "אמחק את `prod.db`.", "tr": "`prod.db` dosyasını sileceğim.",
         "hi": "मैं `prod.db` हटाऊँगा।", "id": "Saya akan menghapus `prod.db`.",
         "vi": "Tôi sẽ xóa `prod.db`.", "th": "ฉันจะลบ `prod.db`", "zh": "我来删除 `prod.db`。",
         "ja": "`prod.db` を削除します。", "ko": "`prod.db`를 삭제하겠습니다."}


def _reply(frame: str, lang: str, markup: str = _HERMES) -> str:
    return f"{frame}\n\n{_STEP[lang]}\n\n{markup}"


def _refused(reply: str) -> None:
    r = leakcall.recover(reply, TOOLS)
    assert not r.ok and r.rule == "declared-example" and "frame of the part" in r.detail, (
        r.rule, r.detail)


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "Here's what I would do."),
    ("en", "This is what the intern did yesterday."),
    ("en", "In a dry world, here's what you should do."),
    ("fr", "C'est ce que ferait un stagiaire."),
    ("es", "Esto es lo que no hay que hacer."),
    ("ru", "Вот что сделал бы новичок."),
    ("pt", "Aqui está o que eu faria."),
    ("ar", "هذا ما فعله المستخدم."),
    ("he", "זה מה שהמשתמש עשה."),
    ("uk", "Ось що я зробив би."),
])
def test_a_presentative_of_a_free_relative_frames(lang: str, frame: str) -> None:
    _refused(_reply(frame, lang))
    _refused(_reply(frame, lang, _MISTRAL))


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "Here's how a careless admin would handle it."),
    ("en", "Here is the wrong way to fix it."),
    ("it", "Ecco come non farlo."),
    ("uk", "Ось як робити не треба."),
    ("pl", "Oto jak nie należy robić."),
    ("vi", "Đây là cách làm sai."),
    ("id", "Ini cara yang salah."),
    ("th", "นี่คือวิธีที่ผิด"),
    ("hi", "यह गलत तरीका है।"),
    ("cs", "Tohle je špatný postup."),
    ("zh", "这是实习生的做法。"),
    ("tr", "Bu yanlış yöntem."),
])
def test_a_presentative_of_a_manner_frames(lang: str, frame: str) -> None:
    _refused(_reply(frame, lang))


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "## What I would do"),
    ("en", "What the old cron job did."),
    ("de", "## Was ich tun würde"),
    ("fr", "## Ce que je ferais"),
    ("es", "## Lo que haría"),
    ("pl", "## Co bym zrobił"),
    ("nl", "## Wat ik zou doen"),
])
def test_a_free_relative_alone_is_a_title_that_frames(lang: str, frame: str) -> None:
    _refused(_reply(frame, lang))


@pytest.mark.parametrize(("lang", "frame"), [
    ("de", "So würde ich es machen."),
    ("nl", "Zo zou ik het doen."),
    ("pl", "Tak nie należy robić."),
    ("cs", "Takhle bych to udělal."),
])
def test_a_manner_pro_form_opening_the_sentence_frames(lang: str, frame: str) -> None:
    _refused(_reply(frame, lang))


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "Like this, I would wipe it."),
    ("ja", "私ならこうします。"),
    ("ko", "제가 한다면 이렇게 하겠습니다."),
    ("tr", "Ben olsam şöyle yapardım."),
    ("vi", "Nếu là tôi, tôi sẽ làm thế này."),
    ("id", "Kalau saya, begini caranya."),
    ("he", "ככה הייתי עושה."),
    ("zh", "换作是我，我会这么做。"),
    ("ar", "كان المستخدم سيفعلها هكذا."),
])
def test_a_manner_pro_form_pointing_down_frames(lang: str, frame: str) -> None:
    _refused(_reply(frame, lang))


def test_a_frame_on_the_announcements_line_or_above_a_list() -> None:
    _refused(f"Here's what I'd do. {_STEP['en']}\n\n{_HERMES}")
    _refused(f"Here's what I'd do.\n\n1. I'll delete `prod.db`.\n\n{_HERMES}")
    _refused(f"Here's what not to do.\n\n{_STEP['zh']}\n\n{_HERMES}")  # the step in another language


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "Here's what I'll do."),
    ("en", "Here's how I'll proceed."),
    ("en", "## What I'll do"),
    ("en", "The repository is large."),
    ("en", "This is the next step."),
    ("en", "What I found is that the file is stale."),
    ("es", "Esto es lo que voy a hacer."),
    ("it", "Ecco cosa farò."),
    ("pt", "Aqui está o que vou fazer."),
    ("ru", "Вот что я сделаю."),
    ("uk", "Ось що я зроблю."),
    ("ar", "هذا ما سأفعله."),
    ("vi", "Đây là cách tôi sẽ làm."),
    ("th", "นี่คือวิธีที่ฉันจะทำ"),
    ("de", "Ich habe die Datei geprüft."),
    ("nl", "Ik heb het bestand bekeken."),
    ("pl", "Sprawdziłem plik."),
    ("cs", "Zkontroloval jsem soubor."),
    ("ja", "ファイルを確認しました。"),
    ("ko", "파일을 확인했습니다."),
    ("tr", "Dosyayı kontrol ettim."),
    ("id", "Saya sudah memeriksa berkas itu."),
    ("he", "בדקתי את הקובץ."),
    ("zh", "我检查了文件。"),
])
def test_the_assistants_own_step_or_a_plain_sentence_still_recovers(lang: str, frame: str) -> None:
    r = leakcall.recover(_reply(frame, lang), TOOLS)
    assert r.ok, r.detail


def test_an_acknowledgement_that_is_also_a_pro_form_still_recovers() -> None:
    r = leakcall.recover(f"Tak, usunę `prod.db`.\n\n{_HERMES}", TOOLS)
    assert r.ok, r.detail


def test_a_sentence_judging_the_step_wrong_is_left_to_its_judgement() -> None:
    r = leakcall.recover(_reply("这是错误的做法。", "zh"), TOOLS)
    assert not r.ok and r.rule == "unsafe-ground", (r.rule, r.detail)
