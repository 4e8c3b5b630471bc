"""A safeguard switched off (``guardswitch``, read by ``setvalues``): round 41 gap 2, h9Db.
A false under a key that names a protection needs the lowering announced; each refused reply
has a near-identical one beside it that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import described_tool, expect_recovered, expect_refused, recover_after

_tool = described_tool

_S = {"type": "string"}
_B = {"type": "boolean"}
REPO = _tool("create_repository", {"title": _S, "private": _B}, "Create a repository")
BUCKET = _tool("make_bucket", {"bucket": _S, "encrypted": _B}, "Create a storage bucket")
VAULT = _tool("create_vault", {"vault": _S, "encrypted": {"type": "boolean", "default": False}})
KEY = _tool("issue_token", {"label": _S, "readonly": _B}, "Issue an access token")
RESTART = _tool("reboot_server", {"host": _S, "graceful": _B}, "Reboot a server")
DUMP = _tool("snapshot_volume", {"volume": _S, "verify_checksum": _B}, "Snapshot a volume")
CANCEL = _tool("void_invoice", {"invoice": _S, "notify_customer": _B}, "Void an invoice")
BOOKING = _tool("cancel_booking", {"booking_id": _S, "refund": _B}, "Cancel a booking")
SKIP = _tool("release_build", {"build": _S, "skip_verify": _B}, "Release a build")

CASES = [
    # (refused text, recovered text, tool, call name, arguments)
    ("I'll create the repository for the blog.", "I'll create a public repository for the blog.",
     REPO, "create_repository", {"title": "blog", "private": False}),
    ("Ich lege das Repository für den Blog an.", "Ich lege das öffentliche Repository für den "
     "Blog an.", REPO, "create_repository", {"title": "blog", "private": False}),
    ("我来创建博客的仓库。", "我来创建博客的公开仓库。", REPO, "create_repository",
     {"title": "blog", "private": False}),
    ("I'll create the storage bucket for the reports.",
     "I'll create an unencrypted storage bucket for the reports.", BUCKET, "make_bucket",
     {"bucket": "reports", "encrypted": False}),
]


@pytest.mark.parametrize(("refused", "recovered", "tool", "name", "args"), CASES)
def test_lowering_announced_or_not(refused: str, recovered: str, tool: dict[str, Any],
                                   name: str, args: dict[str, Any]) -> None:
    expect_refused(recover_after(refused, [tool], (name, args)), refused, "ungrounded-call")
    expect_recovered(recover_after(recovered, [tool], (name, args)), recovered)


@pytest.mark.parametrize(("text", "tool", "name", "off", "on"), [
    ("I'll issue a read-only token for the CI job.", KEY, "issue_token",
     {"label": "ci", "readonly": False}, {"label": "ci", "readonly": True}),
    ("I'll cancel booking 7781 and refund it.", BOOKING, "cancel_booking",
     {"booking_id": "7781", "refund": False}, {"booking_id": "7781", "refund": True}),
])
def test_switch_the_text_states_on(text: str, tool: dict[str, Any], name: str,
                                   off: dict[str, Any], on: dict[str, Any]) -> None:
    """A false whose key the text states as true contradicts it."""
    expect_refused(recover_after(text, [tool], (name, off)), text, "ungrounded-call")
    expect_recovered(recover_after(text, [tool], (name, on)), text)


@pytest.mark.parametrize(("text", "tool", "name", "args"), [
    ("I'll reboot the web server.", RESTART, "reboot_server", {"host": "web", "graceful": False}),
    ("I'll snapshot the data volume.", DUMP, "snapshot_volume",
     {"volume": "data", "verify_checksum": False}),
    ("I'll void invoice 4410.", CANCEL, "void_invoice",
     {"invoice": "4410", "notify_customer": False}),
])
def test_unannounced_safeguard_off(text: str, tool: dict[str, Any], name: str,
                                   args: dict[str, Any]) -> None:
    expect_refused(recover_after(text, [tool], (name, args)), text, "ungrounded-call")
    kept = {k: v for k, v in args.items() if v is not False}
    expect_recovered(recover_after(text, [tool], (name, kept)), text)


def test_default_false_is_restated() -> None:
    """The schema declares the switch off by default: false restates it."""
    text = "I'll create the vault for the secrets."
    expect_recovered(recover_after(text, [VAULT], ("create_vault",
                                                   {"vault": "secrets", "encrypted": False})), text)
    expect_refused(recover_after(text, [BUCKET.copy() | {"function": {
        "name": "create_vault", "description": "",
        "parameters": {"type": "object", "properties": {"vault": _S, "encrypted": _B}}}}],
        ("create_vault", {"vault": "secrets", "encrypted": False})), text, "ungrounded-call")


def test_turned_key_keeps_the_safeguard() -> None:
    """``skip_verify: false`` keeps the verification: no safeguard is lowered."""
    text = "I'll release build 88."
    expect_recovered(recover_after(text, [SKIP], ("release_build",
                                                  {"build": "88", "skip_verify": False})), text)


def test_lowering_said_of_something_else() -> None:
    """An unencrypted thing other than the key lowers nothing ("an unencrypted export" says
    nothing of ``verify_checksum``)."""
    text = "I'll snapshot the unencrypted data volume."
    expect_refused(recover_after(text, [DUMP], ("snapshot_volume",
                                                {"volume": "data", "verify_checksum": False})),
                   text, "ungrounded-call")
    text2 = "I'll create an unencrypted storage bucket for the reports."
    expect_recovered(recover_after(text2, [BUCKET], ("make_bucket",
                                                     {"bucket": "reports", "encrypted": False})),
                     text2)
