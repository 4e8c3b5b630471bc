"""A kind match alone grounds only a step naming nothing of its own, by a verb that does not
name a narrower step than the call's (h11f, ``kindonly``; rule ``ungrounded-call``).

"Let me lock it:" said ``lock``, of kind write, and a pronoun object: every write-kind call was
the announced step, ``approve_pull_request(999)``, ``update_settings(auth=off)`` or an edit of
``src/app.py``. A verb of [g-narrow-step] ("lock", "ban", "close", "schließen", "одобрить")
now grounds through its kind only a call carrying it (``lock_account``, ``state: closed``),
a tool whose verb is narrow (``approve_pull_request``) only that verb said, and a pronoun step
with a noun of its own ("apply these modifications to the billing service") only a call
carrying a word of it; a deleting step whose whole object is a noun of the change ("delete the
changes") grounds no deleting call. Each refusal beside the nearest reply that still recovers."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from tests.intent_sets import edit_call, recover_calls
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("approve_pull_request", "number"), _tool("update_settings", "auth", "status"),
         _tool("edit_file", "path", "old_string", "new_string"), _tool("lock_account", "account"),
         _tool("ban_user", "user"), _tool("block_user", "user"), _tool("close_issue", "number"),
         _tool("update_issue", "number", "state"), _tool("archive_repo", "repo"),
         _tool("delete_file", "path")]

APPROVE = ("approve_pull_request", {"number": "999"})
AUTH_OFF = ("update_settings", {"auth": "off"})
AUTH_ON = ("update_settings", {"auth": "on"})
LOCKED = ("update_settings", {"status": "locked"})
LOCK = ("lock_account", {"account": "acct-17"})
EDIT = edit_call("src/app.py", "retries = 1", "retries = 3")
BILLING = edit_call("src/billing/service.py", "retries = 1", "retries = 3")
BAN = ("ban_user", {"user": "u-88"})
BLOCK = ("block_user", {"user": "u-88"})
CLOSED = ("update_issue", {"number": "5", "state": "closed"})
ARCHIVE = ("archive_repo", {"repo": "acme/web"})
DELETE = ("delete_file", {"path": "src/app.py"})

_recover = partial(recover_calls, tools=TOOLS)

Case = tuple[str, tuple[str, dict[str, Any]]]

# (refused, recovered): the nearest reply beside each refusal
PAIRS: list[tuple[Case, Case]] = [
    # a narrow verb with a pronoun grounds no other call of its kind
    (("Let me lock it:", APPROVE), ("Let me lock it:", LOCK)),
    (("Let me lock it:", AUTH_OFF), ("Let me lock it:", LOCKED)),
    (("Let me lock it:", EDIT), ("Let me fix it:", EDIT)),
    (("Let me lock this:", APPROVE), ("Let me lock this:", LOCK)),
    (("Let me lock that:", AUTH_OFF), ("Let me lock that:", LOCKED)),
    (("Let me lock them:", APPROVE), ("Let me lock them:", LOCK)),
    (("I'll lock it now.", AUTH_OFF), ("I'll lock it now.", LOCKED)),
    (("Let me lock the changes:", EDIT), ("Let me apply the changes:", EDIT)),
    (("Let me ban them:", BLOCK), ("Let me ban them:", BAN)),
    (("Let me close it:", APPROVE), ("Let me close it:", CLOSED)),
    (("Let me archive it:", EDIT), ("Let me archive it:", ARCHIVE)),
    # a broad verb grounds no tool whose own verb is narrow
    (("Let me update it:", APPROVE), ("Let me update it:", EDIT)),
    (("Let me fix it:", APPROVE), ("Let me fix it:", EDIT)),
    # (auth off is refused after "set it" too, by ``widening``: a guard switched off)
    (("Let me set it:", APPROVE), ("Let me set it:", AUTH_ON)),
    # a pronoun step with a noun of its own: the call carries a word of it
    (("Let me apply these modifications to the billing service:", EDIT),
     ("Let me apply these modifications to the billing service:", BILLING)),
    (("Let me apply these modifications to the billing service:", EDIT),
     ("Let me apply these modifications:", EDIT)),
    (("Let me apply the changes to the billing service:", EDIT),
     ("Let me apply the changes to the billing service:", BILLING)),
    (("Let me fix it in the billing service:", EDIT),
     ("Let me fix it in the billing service:", BILLING)),
    # other languages' narrow verbs
    (("Ich schließe es:", EDIT), ("Ich ändere es:", EDIT)),
    (("Ich schließe es:", APPROVE), ("Ich ändere es:", EDIT)),
    (("Сейчас одобрю его:", LOCK), ("Сейчас исправлю это:", EDIT)),
    # a deleting step whose whole object is a noun of the change names no thing to delete
    (("Let me delete the changes:", DELETE), ("Let me delete it:", DELETE)),
    (("Let me remove the edits:", DELETE), ("Let me remove it:", DELETE)),
    (("Let me delete these two changes:", DELETE), ("Let me delete the changes in src/app.py:", DELETE)),
    (("Удалю изменения:", DELETE), ("Удалю src/app.py:", DELETE)),
]


@pytest.mark.parametrize(("refused", "recovered"), PAIRS)
def test_kind_match_alone_pairs(refused: Case, recovered: Case) -> None:
    r = _recover(refused[0], refused[1])
    assert (r.reason, r.rule) == ("quoted", "ungrounded-call"), (refused, r.rule, r.detail)
    r = _recover(recovered[0], recovered[1])
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (recovered, r.rule, r.detail)


def test_second_call_of_another_narrow_step() -> None:
    """Of two calls, the verb names neither: each is grounded by its kind, and a narrow one by
    its own verb said ("lock both" + two locks, never a lock and an approval)."""
    second = ("lock_account", {"account": "acct-18"})
    r = _recover("Let me lock both:", LOCK, APPROVE)
    assert (r.reason, r.rule) == ("quoted", "ungrounded-call"), (r.rule, r.detail)
    r = _recover("Let me lock both:", LOCK, second)
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (r.rule, r.detail)
