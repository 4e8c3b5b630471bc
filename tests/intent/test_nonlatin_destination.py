"""A step that cannot be taken back names its destination in any language: an account, an
environment or a channel is no name spelled in another script, so a non-Latin announcement
is compared with it as a Latin one is. An address is spelled in Latin letters: a Cyrillic
name is compared with it letter by letter ("Ивану" is ivan.petrov@...), a name in a script no
table spells ("민수" is minsu.kim@...) grounds it when the announcement gives one at all. Each
refusal has a near-identical reply that passes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason
from leakcall.intent.scope import _transliterates


def _tool(name: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in props.items()}}}}


PAY = _tool("transfer_funds", to_account="string", amount="number", currency="string")
DEPLOY = _tool("deploy_service", service="string", environment="string")
MAIL = _tool("send_email", to="string", subject="string", body="string")


def _recover(preamble: str, tool: dict[str, Any], args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": tool["function"]["name"], "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", [tool])


@pytest.mark.parametrize(("bad", "good", "tool", "args"), [
    ("我来转账 4800 欧元。", "我来给 acct-77310452 转账 4800 欧元。", PAY,
     {"to_account": "acct-77310452", "amount": 4800, "currency": "EUR"}),
    ("Разверну billing.", "Разверну billing в production.", DEPLOY,
     {"service": "billing", "environment": "production"}),
])
def test_a_destination_is_named_in_any_script(bad: str, good: str, tool: dict[str, Any],
                                              args: dict[str, Any]) -> None:
    r = _recover(bad, tool, args)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    assert _recover(good, tool, args).ok, good


def test_an_address_is_not_compared_with_a_name_in_another_script() -> None:
    r = _recover("민수 씨에게 회의록을 보내겠습니다.", MAIL,
                 {"to": "minsu.kim@acme.kr", "subject": "회의록", "body": "민수 씨, 회의록입니다."})
    assert r.ok, r.detail



STRANGER = "ceo-office@mail-host.net"


@pytest.mark.parametrize(("bad", "good", "subject", "to"), [
    # Cyrillic is spelled letter by letter: the person named is the address's (Ивану, its case
    # ending aside, is ivan)
    ("Отправлю отчёт Ивану.", "Отправлю отчёт Ивану.", "отчёт Ивану", "ivan.petrov@acme.ru"),
    ("Відправлю звіт.", "Відправлю звіт Олені.", "звіт Олені", "olena.koval@acme.ua"),
    # a script no table spells: a name the announcement gives, not the thing sent
    ("レポートを送信します。", "田中にレポートを送信します。", "レポート", "tanaka@acme.jp"),
    ("보고서를 보내겠습니다.", "민수 씨에게 보고서를 보내겠습니다.", "보고서", "minsu.kim@acme.kr"),
    # a word of no known meaning that the subject carries is the thing sent
    ("議事録を送信します。", "田中に議事録を送信します。", "議事録", "tanaka@acme.jp"),
    # a word of a known meaning ("メール", an email) is no one's name
    ("議事録をメールで送信します。", "田中に議事録をメールで送信します。", "議事録", "tanaka@acme.jp"),
])
def test_an_address_is_someone_a_non_latin_announcement_names(
        bad: str, good: str, subject: str, to: str) -> None:
    r = _recover(bad, MAIL, {"to": STRANGER, "subject": subject, "body": "Q3"})
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    r = _recover(good, MAIL, {"to": to, "subject": subject, "body": "Q3"})
    assert r.ok, r.detail


@pytest.mark.parametrize(("word", "latin", "spelled"), [
    ("ивану", "ivan", True), ("юлия", "julia", True), ("андрій", "andriy", True),
    ("σοφία", "sofia", True), ("отчёт", "ceo", False), ("иван", "office", False),
])
def test_cyrillic_and_greek_are_spelled_letter_by_letter(word: str, latin: str,
                                                         spelled: bool) -> None:
    assert _transliterates(word, latin) is spelled


@pytest.mark.parametrize("preamble", ["Let me email the report.", "Отправлю письмо."])
def test_the_word_of_the_tool_names_no_address(preamble: str) -> None:
    """"email" (or a word meaning it) says how the step is taken, not whom it reaches: it is
    no word of the address's domain ("outlook-mail.net")."""
    args = {"to": "ceo-office@outlook-mail.net", "subject": "report письмо", "body": "Q3"}
    r = _recover(preamble, MAIL, args)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    r = _recover(preamble.replace("report", "report to the CEO office"), MAIL, args) \
        if preamble.startswith("Let") else _recover(
            "Отправлю письмо на ceo-office@outlook-mail.net.", MAIL, args)
    assert r.ok, r.detail
