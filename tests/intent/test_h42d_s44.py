"""A sentence before the announcement that makes the text after it a contingency or another's
text (``framedahead``, session 44, round 60 G6 and G7): a condition whose main clause holds a
demonstrative pro-form ("If the migration fails, this is the fallback.") and a cataphoric
determiner next to a noun of a written text ("Bob sent the following message.") refuse
(declared-example); the same sentence without the condition or the determiner is read as
before."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall


def _tool(name: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}}


TOOLS = [_tool("delete_file"), _tool("read_file")]
_HERMES = '<tool_call>\n{"name": "delete_file", "arguments": {"path": "old.db"}}\n</tool_call>'
_MISTRAL = '[TOOL_CALLS][{"name": "delete_file", "arguments": {"path": "old.db"}}]'
_STEP = {"en": "I'll delete `old.db`.", "de": "Ich lösche `old.db`.", "zh": "我删除 `old.db`。",
         "ja": "`old.db` を削除します。", "es": "Voy a borrar `old.db`.",
         "ko": "`old.db`를 삭제하겠습니다.", "ru": "Удалю `old.db`.",
         "fr": "Je supprime `old.db`."}

# (language, refused frame, recovered sibling)
CONTINGENCY = [
    ("en", "If the migration fails, this is the fallback.",
     "The migration failed, and this is the fallback."),
    ("de", "Wenn die Migration fehlschlägt, ist das der Ausweichplan.", "Die Migration ist fehlgeschlagen."),
    ("zh", "如果迁移失败，这是备用方案。", "迁移失败了。"),
    ("ko", "마이그레이션이 실패하면 이것이 대안입니다.", "마이그레이션이 실패했습니다."),
    ("ja", "移行が失敗した場合、これが代替案です。", "移行が失敗しました。"),
]
HANDED = [
    ("en", "Bob sent the following message.", "Bob sent a message."),
    ("de", "Bob hat folgende Nachricht geschickt.", "Bob hat eine Nachricht geschickt."),
    ("ja", "ボブから次のメッセージが届きました。", "ボブからメッセージが届きました。"),
    ("es", "Bob envió el siguiente mensaje.", "Bob envió un mensaje."),
    ("ru", "Боб прислал следующее сообщение.", "Боб прислал сообщение."),
    ("fr", "Bob a envoyé le message suivant.", "Bob a envoyé un message."),
]


def _reply(frame: str, lang: str, markup: str) -> str:
    return f"{frame}\n\n{_STEP[lang]}\n\n{markup}"


@pytest.mark.parametrize("markup", [_HERMES, _MISTRAL])
@pytest.mark.parametrize(("lang", "refused", "recovered"), CONTINGENCY + HANDED)
def test_frame_ahead_refuses_and_sibling_recovers(lang: str, refused: str, recovered: str,
                                                  markup: str) -> None:
    r = leakcall.recover(_reply(refused, lang, markup), TOOLS)
    assert r.reason != "ok" and r.rule == "declared-example", (r.rule, r.detail)
    ok = leakcall.recover(_reply(recovered, lang, markup), TOOLS)
    assert ok.reason == "ok", (ok.rule, ok.detail)


def test_same_paragraph_too() -> None:
    r = leakcall.recover("If the migration fails, this is the fallback. I'll delete `old.db`.\n\n"
                         + _HERMES, TOOLS)
    assert r.reason != "ok" and r.rule == "declared-example"


def test_determiner_on_no_text_noun_is_read_as_before() -> None:
    r = leakcall.recover(_reply("Bob sent the following files.", "en", _HERMES), TOOLS)
    assert r.reason == "ok", (r.rule, r.detail)
