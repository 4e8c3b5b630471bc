"""A sentence forbidding the next part, or a title handing it to the reader (``forbidframe``,
session 44, round 59 G1): "Don't copy this.", "Das sollte man nicht tun.", "## My
recommendation", "## Your next step", "## For you to run" make the part after them what not
to do, advice or the reader's step, not the assistant's step now: declared-example. Courtesy
("Don't worry, I'll fix this."), a prohibition with another word ("No need to do anything.")
and titles naming no reader's step nor advice ("## Next steps", "Your reservation") are read
as before."""

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
         "ja": "`prod.db` を削除します。", "ko": "`prod.db`를 삭제하겠습니다.",
         "sv": "Jag tar bort `prod.db`."}


def _reply(frame: str, lang: str, markup: str = _HERMES) -> str:
    return f"{frame}\n\n{_STEP[lang]}\n\n{markup}"


def _refused(reply: str) -> None:
    r = leakcall.recover(reply, TOOLS)
    assert not r.ok and r.rule == "declared-example" and "forbids the part" in r.detail, (
        r.rule, r.detail)


def _recovered(reply: str) -> None:
    r = leakcall.recover(reply, TOOLS)
    assert r.ok, (r.rule, r.detail)


def _unframed(reply: str) -> None:
    """Not refused by this rule (another reader may refuse the sibling for its own reason)."""
    r = leakcall.recover(reply, TOOLS)
    assert r.ok or "forbids the part" not in r.detail, (r.rule, r.detail)


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "Don't copy this."),
    ("en", "Never do this."),
    ("en", "You should never do this."),
    ("de", "Das sollte man nicht tun."),
    ("de", "Bitte das nicht nachmachen."),
    ("fr", "Ne faites pas ça."),
    ("es", "No hagas esto."),
    ("it", "Non fate questo."),
    ("pt", "Não faça isso."),
    ("nl", "Doe dit niet."),
    ("sv", "Gör inte detta."),
    ("ru", "Не делайте этого."),
    ("uk", "Не робіть цього."),
    ("pl", "Nie rób tego."),
    ("cs", "Tohle nedělejte."),
    ("tr", "Bunu yapmayın."),
    ("hi", "यह मत करो।"),
    ("ar", "لا تفعل هذا."),
    ("he", "אל תעשה את זה."),
    ("id", "Jangan lakukan ini."),
    ("zh", "不要这样做。"),
    ("ja", "これは真似しないでください。"),
    ("ja", "これをコピーしないで。"),
    ("zh", "千万别这么做。"),
    ("th", "อย่าทำสิ่งนี้"),
])
def test_a_prohibition_pointing_at_the_next_part_frames(lang: str, frame: str) -> None:
    _refused(_reply(frame, lang))
    _refused(_reply(frame, lang, _MISTRAL))


def test_a_prohibition_in_another_language_than_the_step() -> None:
    _refused(_reply("Das sollte man nicht tun.", "es"))


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "Don't worry, I'll fix this."),
    ("en", "No need to do anything."),
    ("en", "This does nothing."),
    ("en", "That should do it."),
    ("de", "Keine Sorge, das erledige ich."),
    ("es", "No te preocupes, lo arreglo."),
    ("ru", "Не волнуйтесь, я всё сделаю."),
])
def test_courtesy_and_other_words_are_no_prohibition(lang: str, frame: str) -> None:
    _recovered(_reply(frame, lang))


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "## My recommendation"),
    ("en", "## Your next step"),
    ("en", "## Your next steps"),
    ("en", "## For you to run"),
    ("de", "## Meine Empfehlung"),
    ("de", "## Dein nächster Schritt"),
    ("fr", "## Ma recommandation"),
    ("es", "## Mi recomendación"),
    ("es", "## Tu próximo paso"),
    ("nl", "## Mijn advies"),
    ("ru", "## Мой совет"),
])
def test_a_title_of_advice_or_of_the_readers_step_frames(lang: str, frame: str) -> None:
    _refused(_reply(frame, lang))


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "## Next steps"),
    ("en", "## My next step"),
    ("en", "Your reservation"),
    ("en", "## Your files"),
])
def test_a_title_of_no_readers_step_nor_advice_is_read_as_before(lang: str, frame: str) -> None:
    _recovered(_reply(frame, lang))


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "## Plan"),
    ("en", "## Recommendation"),
    ("en", "## The recommendations"),
    ("de", "## Nächste Schritte"),
    ("es", "## Próximos pasos"),
    ("fr", "Pas de souci, je m'en occupe."),
    ("de", "## Ihr nächster Schritt"),
])
def test_other_titles_and_courtesy_are_no_frame_of_this_rule(lang: str, frame: str) -> None:
    _unframed(_reply(frame, lang))


def test_a_title_ending_with_a_colon_is_read_as_before() -> None:
    r = leakcall.recover(_reply("## My recommendation:", "en"), TOOLS)
    assert r.ok or "forbids the part" not in r.detail, (r.rule, r.detail)


def _think(reasoning: str) -> str:
    return f"<think>\n{reasoning}\n</think>\n\n{_STEP['en']}\n\n{_HERMES}"


@pytest.mark.parametrize("reasoning", [
    "Here's what I'd do if the user allowed it.",
    "The user asked about the file. Here's what I would do.",
    "Don't copy this.",
])
def test_a_frame_ending_the_reasoning_frames(reasoning: str) -> None:
    r = leakcall.recover(_think(reasoning), TOOLS)
    assert not r.ok and r.rule == "reasoning-cue" and "a frame of the part" in r.detail, (
        r.rule, r.detail)


@pytest.mark.parametrize("reasoning", [
    "Here's what I'll do.",
    "The user asked me to delete prod.db. I will do that.",
    "Here's the plan.",
])
def test_reasoning_ending_in_no_frame_is_read_as_before(reasoning: str) -> None:
    _recovered(_think(reasoning))


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "Here's the plan I rejected."),
    ("en", "This is the option we discarded."),
    ("de", "Hier ist der Plan, den ich verworfen habe."),
    ("es", "Este es el plan que descarté."),
    ("fr", "C'est l'option que j'ai écartée."),
])
def test_a_presentative_of_a_thing_set_aside_frames(lang: str, frame: str) -> None:
    _refused(_reply(frame, lang))


@pytest.mark.parametrize(("lang", "frame"), [
    ("en", "This is the option we picked."),
    ("de", "Das ist der Plan, den wir gewählt haben."),
])
def test_a_presentative_of_a_thing_taken_up_is_read_as_before(lang: str, frame: str) -> None:
    _recovered(_reply(frame, lang))


def test_a_presentative_of_what_the_user_approved_is_no_frame_of_this_rule() -> None:
    _unframed(_reply("Here's the draft you approved.", "en"))
