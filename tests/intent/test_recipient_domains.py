"""A recipient the preamble does not write (issue 25): a name says whose address it is, not
where the data goes. An address a changing call sends, shares or invites to is grounded only
when the announcement or an observation writes it whole, or writes its domain (the domain
itself, "at acme.io", or another address at that domain); a name matching the local part
alone grounds no domain ("I'll email the report to Dana." + ``dana@acme-payroll.evil.example``).
A chat id a send goes to is a destination, written or named as a phone number is. Each
refusal has a near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import Reason
from leakcall.intent.addresses import domain_written
from tests.intent_sets import recover_with_tool as _recover
from tests.intent_sets import typed_tool as _tool

MAIL = _tool("send_email", to="string", subject="string", body="string")
SHARE = _tool("share_file", file_id="string", email="string", permission="string")
EVENT = _tool("create_event", title="string", start="string", attendees="array")
BASH = _tool("bash", command="string")
SLACK = _tool("send_slack_message", chat_id="string", text="string")


def _refused(r: leakcall.Recovery, *said: str) -> None:
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    for s in said:
        assert s in r.detail, r.detail


def _mail(to: str, subject: str = "Report", body: str = "Attached.") -> dict[str, Any]:
    return {"to": to, "subject": subject, "body": body}


# (name only: refused; the address written: recovered; its domain written: recovered)
PAIRS = [
    ("en", "I'll email the report to Dana.", "I'll email the report to dana@acme.io.",
     "I'll email the report to Dana at acme.io.", "dana@acme.io", "Report"),
    ("fr", "Je vais envoyer le rapport à Dana.", "Je vais envoyer le rapport à dana@acme.io.",
     "Je vais envoyer le rapport à Dana (acme.io).", "dana@acme.io", "Rapport"),
    ("de", "Ich schicke den Bericht an Jonas.", "Ich schicke den Bericht an jonas@acme.de.",
     "Ich schicke den Bericht an Jonas (acme.de).", "jonas@acme.de", "Bericht"),
    ("es", "Voy a enviar el informe a Lucía.", "Voy a enviar el informe a lucia@acme.es.",
     "Voy a enviar el informe a Lucía (acme.es).", "lucia@acme.es", "Informe, Lucía"),
]


@pytest.mark.parametrize(("lang", "name_only", "written", "domain", "to", "subject"), PAIRS)
def test_a_name_grounds_no_domain(lang: str, name_only: str, written: str, domain: str,
                                  to: str, subject: str) -> None:
    r = _recover(name_only, MAIL, _mail(to, subject))
    _refused(r, to, "does not write its domain", to.rpartition("@")[2])
    r = _recover(written, MAIL, _mail(to, subject))
    assert r.ok, (lang, written, r.detail)
    r = _recover(domain, MAIL, _mail(to, subject))
    assert r.ok, (lang, domain, r.detail)


@pytest.mark.parametrize("lookalike", [
    "dana@acme.io.evil.net", "dana@acme-io.net", "dana@mail.acme.io", "dana@acme.iо",
    "dana@evil-mail.net",
])
def test_a_written_domain_grounds_only_itself(lookalike: str) -> None:
    """A written domain is compared whole, label for label: a longer domain holding it, a
    lookalike or a subdomain nobody wrote is another place."""
    r = _recover("I'll email the report to Dana at acme.io.", MAIL, _mail(lookalike))
    assert not r.ok, r.detail
    assert _recover("I'll email the report to Dana at acme.io.", MAIL, _mail("dana@acme.io")).ok


def test_another_address_at_the_domain_writes_it() -> None:
    """An address the announcement writes at the domain writes the domain for a name beside
    it; an address at another domain does not."""
    said = "I'll schedule the design review for Thursday at 3pm with Dana and tom@acme.io."
    event = {"title": "Design review", "start": "2026-12-10T15:00",
             "attendees": ["dana@acme.io", "tom@acme.io"]}
    assert _recover(said, EVENT, event).ok
    event["attendees"] = ["dana@acme-io.net", "tom@acme.io"]
    _refused(_recover(said, EVENT, event), "dana@acme-io.net")


def test_a_name_still_names_only_its_own_address() -> None:
    """The domain written, the local part is still named by the name: a stranger at the
    written domain is no one announced."""
    r = _recover("I'll email the report to Dana at acme.io.", MAIL, _mail("payroll@acme.io"))
    _refused(r, "payroll@acme.io")


def test_a_share_and_an_invite_want_the_domain() -> None:
    share = {"file_id": "board-deck", "email": "priya@deck-review.net", "permission": "viewer"}
    _refused(_recover("I'll share the board deck with Priya as a viewer.", SHARE, share),
             "deck-review.net")
    assert _recover("I'll share the board deck with priya@deck-review.net as a viewer.", SHARE,
                    share).ok
    event = {"title": "Design review", "start": "2026-12-10T15:00",
             "attendees": ["dana@acme-corp.com"]}
    _refused(_recover("I'll schedule the design review for Thursday at 3pm with Dana.", EVENT,
                      event), "acme-corp.com")
    assert _recover("I'll schedule the design review for Thursday at 3pm with "
                    "dana@acme-corp.com.", EVENT, event).ok


def test_a_sending_command_wants_the_domain() -> None:
    """An address in a command is one the call gives, as under any key."""
    cmd = {"command": "mail -s report dana@acme-payroll.example < report.txt"}
    _refused(_recover("I'll mail the report to Dana.", BASH, cmd), "acme-payroll.example")
    assert _recover("I'll mail the report to dana@acme-payroll.example.", BASH, cmd).ok


@pytest.mark.parametrize(("name_only", "written", "to", "subject"), [
    ("Отправлю отчёт Ивану.", "Отправлю отчёт на ivan.petrov@acme.ru.", "ivan.petrov@acme.ru",
     "Отчёт Ивану"),
    ("민수 씨에게 보고서를 보내겠습니다.", "minsu.kim@acme.kr 으로 보고서를 보내겠습니다.",
     "minsu.kim@acme.kr", "보고서"),
])
def test_a_spelled_name_grounds_no_domain(name_only: str, written: str, to: str,
                                          subject: str) -> None:
    """A Cyrillic or Hangul name spelled in the local part says whose address it is, as a
    Latin one does; the domain is still written or the address refused."""
    _refused(_recover(name_only, MAIL, _mail(to, subject)), to)
    r = _recover(written, MAIL, _mail(to, subject))
    assert r.ok, (written, r.detail)


def test_a_chat_id_is_a_destination() -> None:
    """A send's chat id is where the message lands: a name ("Maria") does not write it."""
    args = {"chat_id": "C0EXTERNAL99", "text": "Hi Maria, launch notes attached."}
    _refused(_recover("I'll message Maria on Slack with the launch notes.", SLACK, args),
             "C0EXTERNAL99")
    assert _recover("I'll message Maria in C0EXTERNAL99 on Slack with the launch notes.",
                    SLACK, args).ok


def test_domain_written_compares_whole() -> None:
    words = ("acme.io", "tom@northwind.com", "邮件发到dana@acme.kr")
    assert domain_written("dana@acme.io", words)
    assert domain_written("x@northwind.com", words)
    assert domain_written("x@acme.kr", words)
    assert not domain_written("dana@acme.io.evil.net", words)
    assert not domain_written("dana@io", words)
    assert not domain_written("dana@evil-acme.io", words)
    assert domain_written("dana@acme.io", ("@acme.io",))
    assert not domain_written("dana@acme.io", ("tom@acme.io.evil.net",))
