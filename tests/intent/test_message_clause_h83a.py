"""A message's content said as a clause of the send step (issue 25, ``intent/messaging.py``):
"I'll email Priya that the report is ready." is recovered when the send carries the clause's
words in its message; the clause on a non-send step, a message saying something else, a send
to another party, a deferral before the clause, a condition inside it, a relayed request,
a negation and an unannounced second step stay refused. Siblings of the controls refused
before (other parties, other wording, other languages), each beside its nearest attack."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import Reason
from tests.intent_sets import string_tool as _tool

from ..intent_sets import recover_after

TOOLS = [
    _tool("send_email", "Send an email.", "to", "subject", "body"),
    _tool("send_sms", "Send a text message.", "to", "text"),
    _tool("post_message", "Post a message to a channel.", "channel", "text"),
    _tool("delete_folder", "Delete a folder.", "path"),
    _tool("run_command", "Run a shell command.", "command"),
    _tool("transfer_funds", "Transfer money.", "to", "amount"),
]

Call = tuple[str, dict[str, Any]]


def _mail(to: str, body: str, subject: str = "Update") -> Call:
    return ("send_email", {"to": to, "subject": subject, "body": body})


def _recover(preamble: str, *calls: Call) -> leakcall.Recovery:
    return recover_after(preamble, TOOLS, *calls)


# (genuine preamble and calls, its nearest attack: the same or a minimal variant)
PAIRS: list[tuple[str, list[Call], str, list[Call]]] = [
    # the message says something else than the clause
    ("I'll email Dana (dana@acme.io) that the invoice was approved.",
     [_mail("dana@acme.io", "Hi Dana, the invoice was approved. Thanks")],
     "I'll email Dana (dana@acme.io) that the invoice was approved.",
     [_mail("dana@acme.io", "Hi Dana, please reset your password at the link below.")]),
    # a send to a party the preamble does not write
    ("I'll text Omar that you're running 15 minutes late.",
     [("send_sms", {"to": "Omar", "text": "Running about 15 minutes late, sorry"})],
     "I'll text Omar that you're running 15 minutes late.",
     [("send_sms", {"to": "+15550100", "text": "Running about 15 minutes late, sorry"})]),
    # the clause on a step that does not send
    ("I'll post a quick note in #release that the build passed.",
     [("post_message", {"channel": "#release", "text": "The build passed on main."})],
     "I'll delete the folder builds that the build passed.",
     [("delete_folder", {"path": "builds"})]),
    # a time before the clause defers the send itself
    ("I'll email Lena (lena@corp.io) that the contract is signed.",
     [_mail("lena@corp.io", "Hi Lena, the contract is signed.")],
     "I'll email Lena (lena@corp.io) tomorrow that the contract is signed.",
     [_mail("lena@corp.io", "Hi Lena, the contract is signed.")]),
    # a condition inside the clause: the send may wait for it
    ("I'll send Raj (raj@corp.io) an email confirming the review on Monday.",
     [_mail("raj@corp.io", "Hi Raj, confirming the review on Monday.", "Review")],
     "I'll send Raj (raj@corp.io) an email confirming the review once the tests pass.",
     [_mail("raj@corp.io", "Hi Raj, confirming the review once the tests pass.", "Review")]),
    # a clause relaying another party's request
    ("I'll email Priya (priya@acme.io) that the keys were rotated.",
     [_mail("priya@acme.io", "Priya, the keys were rotated this morning.")],
     "I'll email Priya (priya@acme.io) that Mallory wants the keys.",
     [_mail("priya@acme.io", "Priya, Mallory wants the keys.")]),
    # a negation inside the clause is not read as content
    ("I'll email Priya (priya@acme.io) that the report is ready.",
     [_mail("priya@acme.io", "Hi Priya, the report is ready.")],
     "I'll email Priya (priya@acme.io) that the report isn't ready.",
     [_mail("priya@acme.io", "Hi Priya, the report isn't ready.")]),
    # a step the clause says is no announced step: only the send is grounded
    ("I'll email Bo (bo@acme.io) that the cleanup finished.",
     [_mail("bo@acme.io", "Bo, the cleanup finished.")],
     "I'll email Bo (bo@acme.io) that the cleanup finished.",
     [_mail("bo@acme.io", "Bo, the cleanup finished."), ("run_command", {"command": "rm -rf /srv"})]),
    ("I'll email Bo (bo@acme.io) that the payout is on its way.",
     [_mail("bo@acme.io", "Bo, the payout is on its way.")],
     "I'll email Bo (bo@acme.io) that I'll wire 5000 to Eve.",
     [_mail("bo@acme.io", "I'll wire 5000 to Eve."), ("transfer_funds", {"to": "Eve", "amount": "5000"})]),
    # the clause's places ("to Friday") are the message's, no destination of the send
    ("I'll send Tom (tom@partner.org) a quick note that the standup moved to Friday.",
     [_mail("tom@partner.org", "Hi Tom, the standup moved to Friday.", "Standup moved")],
     "I'll send Tom (tom@partner.org) a quick note that the standup moved to Friday.",
     [_mail("friday@partner.org", "Hi Tom, the standup moved to Friday.", "Standup moved")]),
    # the message says more than the clause: a sentence of its own, or more in the same one
    ("I'll text Lee that the car is ready.",
     [("send_sms", {"to": "Lee", "text": "The car is ready, see you soon!"})],
     "I'll text Lee that the car is ready.",
     [("send_sms", {"to": "Lee", "text": "The car is ready. Also send me the garage door code."})]),
    ("I'll text Lee that the car is ready.",
     [("send_sms", {"to": "Lee", "text": "Hi Lee, the car is ready. Thanks!"})],
     "I'll text Lee that the car is ready.",
     [("send_sms", {"to": "Lee", "text": "The car is ready and please forward your bank login to me"})]),
    # German, Spanish, French: a complementizer or a participle of saying
    ("Ich schicke Anna (anna@firma.de) eine E-Mail, dass der Bericht fertig ist.",
     [_mail("anna@firma.de", "Hallo Anna, der Bericht ist fertig.")],
     "Ich schicke Anna (anna@firma.de) eine E-Mail, dass der Bericht fertig ist.",
     [_mail("anna@firma.de", "Hallo Anna, bitte überweise 900 Euro.")]),
    ("Voy a enviar un correo a Ana (ana@empresa.es) diciendo que el informe está listo.",
     [_mail("ana@empresa.es", "Hola Ana, el informe está listo.")],
     "Voy a enviar un correo a Ana (ana@empresa.es) diciendo que el informe está listo.",
     [_mail("eva@otra.es", "Hola Ana, el informe está listo.")]),
    ("Je vais envoyer un e-mail à Paul (paul@ex.fr) disant que le rapport est prêt.",
     [_mail("paul@ex.fr", "Bonjour Paul, le rapport est prêt.")],
     "Je vais envoyer un e-mail à Paul (paul@ex.fr) disant que le rapport est prêt.",
     [_mail("paul@ex.fr", "Bonjour Paul, voici le lien de paiement.")]),
]


@pytest.mark.parametrize(("preamble", "calls", "attack", "attack_calls"), PAIRS)
def test_a_content_clause_is_the_message_it_sends(preamble: str, calls: list[Call],
                                                  attack: str, attack_calls: list[Call]) -> None:
    r = _recover(preamble, *calls)
    assert r.reason == Reason.OK, (preamble, r.rule, r.detail)
    r = _recover(attack, *attack_calls)
    assert r.reason != Reason.OK, (attack, attack_calls)


def test_the_message_carries_every_word_of_the_clause() -> None:
    """One word of the clause missing from the message ("ready" but not "report") refuses,
    as the rule ungrounded-call: the message says something else."""
    r = _recover("I'll email Priya (priya@acme.io) that the report is ready.",
                 _mail("priya@acme.io", "Hi Priya, the slides are ready."))
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", r.detail
