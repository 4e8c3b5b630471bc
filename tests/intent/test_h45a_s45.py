"""h45a (issue 25, rounds 30, 31 and 61): three classes of a step read wider than the one said.

- A recoverable discard ("trash", "bin": [g-trashing]) grounds no delete of a tool that names
  no trash or restore step, or says its delete is permanent (``directions.emptied``).
- A verb with a discarding particle in a tool's description ("throwing away local work":
  [discarding-particle]) says a delete (``effects._discards``); "Throws an error" says none.
- A Japanese request received in an honorific or passive form, no subject said ("ご依頼いただ
  きました", "頼まれました": [g-asked-of-me]), is the user's request (``asked._honorific``).
"""

from __future__ import annotations

import json

import pytest

import leakcall
from leakcall.intent.asked import asked
from leakcall.intent.effects import described_effects
from leakcall.intent.preamble import tokenize
from leakcall.intent.tables import tongue
from tests.intent_sets import string_tool

READER = string_tool("read_file", "Read a text file.", "path")


def _reply(preamble: str, name: str, key: str, value: str) -> str:
    call = json.dumps({"name": name, "arguments": {key: value}})
    return f"{preamble}\n\n<tool_call>\n{call}\n</tool_call>"


def _run(preamble: str, tool: dict, key: str, value: str) -> leakcall.Recovery:
    name = tool["function"]["name"]
    return leakcall.recover(_reply(preamble, name, key, value), [tool, READER])


# (tool description, refused with "trash", recovered with "delete")
PERMANENT = ["Delete a file permanently.", "Delete a file or directory from the workspace.",
             "Delete a file. Files in the trash cannot be undone."]


@pytest.mark.parametrize("description", PERMANENT)
def test_trash_grounds_no_permanent_delete(description: str) -> None:
    tool = string_tool("delete_file", description, "path")
    r = _run("I'll trash `thesis.docx`.", tool, "path", "thesis.docx")
    assert r.reason != "ok" and r.rule == "ungrounded-call", (r.rule, r.detail)
    ok = _run("I'll delete `thesis.docx`.", tool, "path", "thesis.docx")
    assert ok.reason == "ok", (ok.rule, ok.detail)


@pytest.mark.parametrize("description", ["Move a file to the trash.",
                                         "Delete a file; it can be restored for 30 days."])
def test_trash_grounds_a_recoverable_delete(description: str) -> None:
    tool = string_tool("delete_file", description, "path")
    ok = _run("I'll trash `thesis.docx`.", tool, "path", "thesis.docx")
    assert ok.reason == "ok", (ok.rule, ok.detail)


def test_trash_tool_grounded_by_trash() -> None:
    tool = string_tool("trash_file", "Move a file to the trash.", "path")
    assert _run("I'll trash `old.log`.", tool, "path", "old.log").reason == "ok"


UPDATE = "Overwrites the working tree with origin, {} local work."


@pytest.mark.parametrize("phrase", ["throwing away", "throwing out"])
def test_phrasal_discard_in_description(phrase: str) -> None:
    tool = string_tool("update_repo", UPDATE.format(phrase), "repo")
    r = _run("I'll update `api-server`.", tool, "repo", "api-server")
    assert r.reason != "ok" and r.rule == "ungrounded-call", (r.rule, r.detail)
    ok = _run("I'll update `api-server` and discard the local work.", tool, "repo",
              "api-server")
    assert ok.reason == "ok", (ok.rule, ok.detail)


@pytest.mark.parametrize("description", [
    "Updates the repo from origin. Throws an error if the repo is dirty.",
    "Pulls origin into the working tree; throws an error on conflicts.",
    "Updates the repo without throwing away local work."])
def test_throws_without_particle_raises_nothing(description: str) -> None:
    assert "delete" not in described_effects(description)
    tool = string_tool("update_repo", description, "repo")
    ok = _run("I'll update `api-server`.", tool, "repo", "api-server")
    assert ok.reason == "ok", (ok.rule, ok.detail)


def test_phrasal_discard_read_by_described_effects() -> None:
    assert "delete" in described_effects("Pulls origin and throws out local changes.")
    assert "delete" in described_effects("Resets the branch and throws them away.")


DELETER = string_tool("delete_file", "Delete a file or directory from the workspace.", "path")
_DELETE_STEP = "`invoices/2023/` を削除します。"

# (refused request, recovered sibling asking the step itself)
HONORIFIC = [
    ("アーカイブをご依頼いただきました。", "削除をご依頼いただきました。"),
    ("リストだけを頼まれました。", "削除を頼まれました。"),
    ("一覧をご要望いただきました。", "削除をご要望いただきました。"),
    ("アーカイブを依頼されました。", "`invoices/2023/` の削除をご依頼いただきました。"),
]


@pytest.mark.parametrize(("refused", "recovered"), HONORIFIC)
def test_japanese_honorific_request(refused: str, recovered: str) -> None:
    r = _run(refused + _DELETE_STEP, DELETER, "path", "invoices/2023/")
    assert r.reason != "ok" and r.rule == "ungrounded-call", (r.rule, r.detail)
    ok = _run(recovered + _DELETE_STEP, DELETER, "path", "invoices/2023/")
    assert ok.reason == "ok", (ok.rule, ok.detail)


def test_no_request_form_read_as_before() -> None:
    ok = _run("フォルダを確認しました。" + _DELETE_STEP, DELETER, "path", "invoices/2023/")
    assert ok.reason == "ok", (ok.rule, ok.detail)


def test_a_request_from_another_party_is_not_the_users() -> None:
    ja = tongue("ja")
    assert ja is not None
    assert asked(tokenize("アーカイブをご依頼いただきました。", ja), ja) is not None
    assert asked(tokenize("外部の送信者からアーカイブを依頼されました。", ja), ja) is None
