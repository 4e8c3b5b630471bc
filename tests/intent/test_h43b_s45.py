"""Contingency headings, inverted conditions, a closing "this" and mistakes shown (session 45,
rounds 59 and 60): a heading naming a contingency procedure ("## Rollback") holds the step under
it back (rule conditional, ``heldheadings``); an inverted condition or a hypothesis ending
before a pro-form ("Should the tests fail, this is plan B.", "मैं होता तो यह करता।") and a
demonstrative next to a text noun closing the sentence ("बॉब ने यह संदेश भेजा।") frame what
follows (``framedahead``); a presentative of a mistake ("Here's the mistake I made earlier.")
and a verb of showing one ("Show the user the wrong way.", in reasoning too) frame it
(``forbidframe``). Each refused reply has a near sibling that is recovered."""

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
_STEP = {"en": "I'll delete `old.db`.", "de": "Ich lösche `old.db`.", "es": "Voy a borrar `old.db`.",
         "ko": "`old.db`를 삭제하겠습니다.", "pl": "Usunę `old.db`.", "vi": "Tôi sẽ xoá `old.db`.",
         "sv": "Jag raderar `old.db`.", "zh": "我删除 `old.db`。", "ja": "`old.db` を削除します。",
         "hi": "मैं `old.db` हटाऊँगा।", "ru": "Удалю `old.db`.", "fr": "Je supprime `old.db`."}


def _reply(frame: str, lang: str, markup: str) -> str:
    return f"{frame}\n\n{_STEP[lang]}\n\n{markup}"


# (language, refused heading, recovered sibling: a verb heading the agent's own step or a
# heading of no procedure)
HEADINGS = [
    ("en", "## Rollback", "## Old database"),
    ("en", "## Rollback steps", "## Cleanup"),
    ("en", "## Fallback", "## Cleanup"),
    ("es", "## Reversión", "## Limpieza"),
    ("ko", "## 롤백", "## 정리"),
    ("vi", "## Hoàn tác", "## Tệp cũ"),
    ("sv", "## Återställning", "## Städning"),
    ("zh", "## 回滚", "## 清理"),
    ("de", "## Wiederherstellung", "## Bereinigung"),
]

# (language, refused frame, recovered sibling)
FRAMES = [
    ("en", "Should the tests fail, this is plan B.", "The tests failed, this is plan B."),
    ("en", "Were the deploy to fail, this is the fallback.", "The deploy failed, this is the fallback."),
    ("en", "Had the tests failed, this would be the fallback.", "The tests failed."),
    ("de", "Sollte die Migration fehlschlagen, ist das der Ausweichplan.",
     "Die Migration ist fehlgeschlagen."),
    ("pl", "Gdyby migracja się nie udała, to jest plan B.", "Migracja się nie udała."),
    ("hi", "मैं होता तो यह करता।", "मैं वहाँ था और यह देखा।"),
    ("hi", "मैं आपकी जगह होता तो यह करता।", "मैं आपकी जगह था और यह देखा।"),
    ("hi", "बॉब ने यह संदेश भेजा।", "बॉब ने एक संदेश भेजा।"),
    ("en", "Bob sent this message.", "Bob sent a message."),
    ("en", "Here's the mistake I made earlier.", "Here's the fix for the mistake I made earlier."),
    ("de", "Hier ist der Irrtum, den ich gemacht habe.", "Hier ist die Lösung."),
    ("en", "Show the user the wrong way.", "Show the user the report."),
]

# the rule's own verdict in more languages (siblings other rules refuse as a whole reply)
UNIT = [
    ("Покажи пользователю неправильный способ.", "Покажи пользователю отчёт."),
    ("Montre à l'utilisateur la mauvaise façon.", "Montre à l'utilisateur le rapport."),
    ("Aquí está la equivocación que cometí antes.", "Aquí está el informe."),
    ("Вот неправильный способ.", "Вот отчёт."),
    ("Au cas où la migration échoue, voici le plan B.", "La migration a échoué, voici le plan B."),
    ("Dovesse fallire la migrazione, questo è il piano B.", "La migrazione è fallita."),
]


@pytest.mark.parametrize("markup", [_HERMES, _MISTRAL])
@pytest.mark.parametrize(("lang", "refused", "recovered"), HEADINGS)
def test_contingency_heading_refuses_and_sibling_recovers(lang: str, refused: str,
                                                          recovered: str, markup: str) -> None:
    r = leakcall.recover(_reply(refused, lang, markup), TOOLS)
    assert r.reason != "ok" and r.rule == "conditional", (r.rule, r.detail)
    ok = leakcall.recover(_reply(recovered, lang, markup), TOOLS)
    assert ok.reason == "ok", (ok.rule, ok.detail)


@pytest.mark.parametrize("markup", [_HERMES, _MISTRAL])
@pytest.mark.parametrize(("lang", "refused", "recovered"), FRAMES)
def test_frame_refuses_and_sibling_recovers(lang: str, refused: str, recovered: str,
                                            markup: str) -> None:
    r = leakcall.recover(_reply(refused, lang, markup), TOOLS)
    assert r.reason != "ok" and r.rule == "declared-example", (r.rule, r.detail)
    ok = leakcall.recover(_reply(recovered, lang, markup), TOOLS)
    assert ok.reason == "ok", (ok.rule, ok.detail)


@pytest.mark.parametrize(("framed", "plain"), UNIT)
def test_frame_readers_in_more_languages(framed: str, plain: str) -> None:
    from leakcall.intent import forbidframe, framedahead  # noqa: PLC0415
    from leakcall.intent.detect import detect  # noqa: PLC0415
    from leakcall.intent.view import normalize  # noqa: PLC0415
    from leakcall.intent.words import tokenize  # noqa: PLC0415

    def said(text: str) -> str | None:
        view = normalize(text)
        t = detect(view)
        assert t is not None
        toks = tokenize(view, t)
        return forbidframe.frame(toks, t) or framedahead.contingency(toks, t)

    assert said(framed) is not None
    assert said(plain) is None


def test_polish_contingency_heading_refuses() -> None:
    """Polish headings of no procedure are refused by other rules: only the refusal is pinned."""
    r = leakcall.recover(_reply("## Wycofanie zmian", "pl", _HERMES), TOOLS)
    assert r.reason != "ok" and r.rule == "conditional", (r.rule, r.detail)


def test_question_with_should_is_no_condition() -> None:
    """An inverted auxiliary opening a question asks; it names no contingency."""
    r = leakcall.recover(_reply("Should I delete it, or is this fine?", "en", _HERMES), TOOLS)
    assert r.rule != "declared-example", (r.rule, r.detail)


@pytest.mark.parametrize(("thought", "rule"), [
    ("Show the user the wrong way.", "reasoning-cue"),
    ("Show the user the file first.", None),
])
def test_reasoning_showing_a_mistake(thought: str, rule: str | None) -> None:
    reply = f"<think>\n{thought}\n</think>\n\n{_STEP['en']}\n\n{_HERMES}"
    r = leakcall.recover(reply, TOOLS)
    if rule is None:
        assert r.reason == "ok", (r.rule, r.detail)
    else:
        assert r.reason != "ok" and r.rule == rule, (r.rule, r.detail)
