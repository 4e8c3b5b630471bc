"""h43h (issue 25, round 61): a removal out of a container a call does not carry, and the
reader's request as a courtesy in more person forms.

G2: "I'll remove `bob` from the mailing list." + ``delete_user(bob)``: the words of a
container a deleting step takes its object out of ([g-part-from]) that ``named`` leaves out as
verbs ("mailing", "email", "draft", "merge", "Mailingliste") escaped the nouns a step that
cannot be taken back must carry; ``carriednouns._unheld_whole`` asks a call to carry one
of them. A call that carries the container (``remove_from_mailing_list``) is that step.

Controls: "Como pediu, ...", "Jak jste chtěl, ...", "Come ha chiesto, ..." are the reader's
request as a courtesy ([g-courtesy]), as "Como você pediu" was; a third party stays refused.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

USER = [string_tool("delete_user", "Delete a user account.", "username"),
        string_tool("remove_from_mailing_list", "Remove a member from the mailing list.",
                    "username")]
FILES = [string_tool("delete_file", "Delete a file permanently.", "path"),
         string_tool("run_command", "Run a shell command.", "command")]


def _ok(preamble: str, tools: list[dict[str, Any]], *calls: tuple[str, dict[str, Any]]) -> bool:
    return recover_after(preamble, tools, *calls).reason == "ok"


@pytest.mark.parametrize("preamble", [
    "I'll remove `bob` from the mailing list.",
    "Removing `bob` from the email list now.",
    "I'll delete `bob` from the mail merge.",
    "I'll remove `bob` and `carol` from the mailing list.",
    "Ich entferne `bob` aus der Mailingliste.",
])
def test_removal_from_list_is_no_account_deletion(preamble: str) -> None:
    calls = [("delete_user", {"username": u}) for u in ("bob", "carol") if f"`{u}`" in preamble]
    assert not _ok(preamble, USER, *calls)


@pytest.mark.parametrize("preamble", [
    "I'll remove `bob` from the mailing list.",
    "Ich entferne `bob` aus der Mailingliste.",
])
def test_removal_from_list_by_the_list_tool(preamble: str) -> None:
    assert _ok(preamble, USER, ("remove_from_mailing_list", {"username": "bob"}))


@pytest.mark.parametrize(("preamble", "call"), [
    ("I'll remove `plan.pdf` from the email draft.", ("delete_file", {"path": "plan.pdf"})),
    ("I'll remove `main.py` from the reply draft.", ("run_command", {"command": "rm main.py"})),
])
def test_removal_from_draft_is_no_file_deletion(preamble: str, call: tuple[str, Any]) -> None:
    assert not _ok(preamble, FILES, call)


def test_file_deletion_without_a_container_passes() -> None:
    assert _ok("I'll delete `plan.pdf`.", FILES, ("delete_file", {"path": "plan.pdf"}))


DELETE = ("delete_file", {"path": "/tmp/build.log"})


@pytest.mark.parametrize("preamble", [
    "Como pediu, vou apagar `/tmp/build.log`.",
    "Conforme pediu, vou apagar `/tmp/build.log`.",
    "Jak jste chtěl, smažu `/tmp/build.log`.",
    "Jak jsi žádal, smažu `/tmp/build.log`.",
    "Come ha chiesto, elimino `/tmp/build.log`.",
])
def test_reader_request_as_courtesy(preamble: str) -> None:
    assert _ok(preamble, FILES, DELETE)


@pytest.mark.parametrize("preamble", [
    "Como ele pediu, vou apagar `/tmp/build.log`.",
    "Jak chtěl Petr, smažu `/tmp/build.log`.",
])
def test_third_party_request_stays_refused(preamble: str) -> None:
    assert not _ok(preamble, FILES, DELETE)
