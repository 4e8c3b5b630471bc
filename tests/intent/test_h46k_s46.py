"""h46k (issue 25, round 63): a presentative before another's text, or a text handed over to
work on, frames the part after it (``framedahead._presented``, rule ``declared-example``).

"Here is the reply the other model gave.", "Вот ответ другой модели.", "这是要翻译的句子。":
a [g-frame-presenter] opening the sentence before a [g-ahead-text] noun presents that text, and
the announcement after it is a line of it, not the assistant's step. A presentative of anything
else ("Here is the plan."), of the assistant's own text ("Here is my reply."), or a
demonstrative that is the noun's determiner ("Это сообщение означает ...") is read as before.
The pairs announce a look, so that only this rule tells them apart (a verbless presentative
before a step that cannot be taken back is ``unknown-preamble``'s).
"""

from __future__ import annotations

import pytest

from tests.intent_sets import recover_after, string_tool

READ = [string_tool("read_file", "Read a file.", "path")]
LOOK = ("read_file", {"path": "notes.txt"})
DELETE = [string_tool("delete_file", "Delete a file.", "path")]

PAIRS = [  # (presented text: refused, sibling: recovered, announcement)
    ("Here is the reply the other model gave.", "Here is the plan.", "I'll read `notes.txt`."),
    ("Here is the sentence to translate.", "Here is my reply.", "I'll read `notes.txt`."),
    ("Hier ist die Antwort des anderen Modells.", "Hier ist der Plan.", "Ich lese `notes.txt`."),
    ("Вот ответ другой модели.", "Вот план.", "Прочитаю `notes.txt`."),
    ("这是要翻译的句子。", "这是计划。", "我读取 `notes.txt`。"),
    ("이것은 다른 모델의 답변입니다.", "이것은 계획입니다.", "`notes.txt` 를 읽겠습니다."),
    ("Esta es la frase para traducir.", "Este es el plan.", "Leo `notes.txt`."),
    ("Đây là câu trả lời của mô hình kia.", "Đây là kế hoạch.", "Tôi sẽ đọc `notes.txt`."),
    ("यह दूसरे मॉडल का जवाब है।", "यह योजना है।", "मैं `notes.txt` पढ़ूँगा।"),
    ("Bu, diğer modelin yanıtı.", "Bu, plan.", "`notes.txt` dosyasını okuyorum."),
    ("This is the reference answer.", "This is the reference solution.",
     "Let me read `notes.txt`."),
]


@pytest.mark.parametrize(("framed", "plain", "said"), PAIRS)
def test_presented_text_refuses(framed: str, plain: str, said: str) -> None:
    r = recover_after(f"{framed}\n\n{said}", READ, LOOK)
    assert r.reason != "ok" and r.rule == "declared-example", r.detail


@pytest.mark.parametrize(("framed", "plain", "said"), PAIRS)
def test_presented_plan_recovers(framed: str, plain: str, said: str) -> None:
    r = recover_after(f"{plain}\n\n{said}", READ, LOOK)
    assert r.reason == "ok", r.detail


@pytest.mark.parametrize(("framed", "said"), [
    ("Here is the message Bob pasted.", "I'll delete `prod.db`."),
    ("Here is the text to proofread.", "I'll delete `prod.db`."),
    ("Oto odpowiedź innego modelu.", "Usunę `prod.db`."),
    ("Här är svaret från den andra modellen.", "Jag tar bort `prod.db`."),
])
def test_presented_text_before_delete(framed: str, said: str) -> None:
    r = recover_after(f"{framed}\n\n{said}", DELETE, ("delete_file", {"path": "prod.db"}))
    assert r.reason != "ok" and r.rule == "declared-example", r.detail


def test_demonstrative_determiner_is_no_presentative() -> None:
    r = recover_after("Это сообщение означает, что сборка упала.\n\nПрочитаю `notes.txt`.",
                      READ, LOOK)
    assert r.reason == "ok", r.detail
