"""h40u (issue 25): the name a step that cannot be taken back acts on is written
(``unwrittenname``).

"I'll delete the old logs." + ``delete_logs(name="prod")`` was grounded by the tool's own noun
("logs") and deleted a thing the text never names. A deleting (sending, paying, deploying,
committing) call's value under a key of a name, a target or the tool's own noun, when it is a
name in words, is written in the text, its words in their order; its twins (the name written
in prose, in code, in an observation; a path, an id; a pronoun object) keep their readers.
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.unwrittenname import _written
from tests.intent_sets import described_tool, recover_after


def _tool(tool: str, description: str, /, **props: str) -> dict[str, Any]:
    return described_tool(tool, {k: {"type": t} for k, t in props.items()}, description)


LOGS = _tool("delete_logs", "Delete log files by name.", name="string",
             older_than_days="integer")
FILE = _tool("delete_file", "Delete a file.", path="string")
DB = _tool("drop_database", "Drop a database.", name="string")
REPO = _tool("delete_repository", "Delete a repository.", repo_name="string")


def _ok(preamble: str, tool: dict[str, Any], **args: Any) -> bool:
    return recover_after(preamble, [tool], (tool["function"]["name"], args)).reason == "ok"


def _detail(preamble: str, tool: dict[str, Any], **args: Any) -> str:
    return recover_after(preamble, [tool], (tool["function"]["name"], args)).detail or ""


@pytest.mark.parametrize("value", ["prod", "old prod", "old-prod-db", "old production database"])
def test_unwritten_name_after_the_tools_own_noun_is_refused(value: str) -> None:
    assert not _ok("I'll delete the old logs.", LOGS, name=value)
    assert "a name the text does not write" in _detail("I'll delete the old logs.", LOGS,
                                                       name=value)


def test_name_none_of_whose_words_is_written_is_refused() -> None:
    """A word of the name the text writes says which thing (the heavy tier holds "the test
    repo" + ``payments-test`` as recovered); a word of state or of the tool's name does not."""
    assert not _ok("I'll delete the old logs.", LOGS, name="prod deploy")
    assert _ok("I'll delete the old staging logs.", LOGS, name="payments-staging")
    # (words written apart still pass: "... nuke staging db on prod." + ``old staging db prod``)
    assert _ok("I'll delete the old logs and nuke staging db on prod.", LOGS,
               name="old staging db prod")


@pytest.mark.parametrize("preamble", ["I'll delete the prod logs.", "I'll delete the `prod` logs.",
                                      "I'll delete the 'prod' logs.",
                                      "The logs of prod fill the disk. Let me delete the prod logs."])
def test_name_written_in_prose_code_or_quotes_is_recovered(preamble: str) -> None:
    assert _ok(preamble, LOGS, name="prod")


def test_filter_names_no_object() -> None:
    assert _ok("I'll delete the nginx logs.", LOGS, name="nginx")
    assert not _ok("I'll delete the old logs.", LOGS, name="nginx")


@pytest.mark.parametrize(("preamble", "tool", "args"), [
    ("I'll drop the old database.", DB, {"name": "customers"}),
    ("I'll delete the old repository.", REPO, {"repo_name": "core"}),
    ("I'll delete the old files.", FILE, {"path": "customers"}),
])
def test_other_families_refuse_an_unwritten_name(preamble: str, tool: dict[str, Any],
                                                 args: dict[str, Any]) -> None:
    assert not _ok(preamble, tool, **args)


@pytest.mark.parametrize(("preamble", "tool", "args"), [
    ("I'll drop the old customers database.", DB, {"name": "customers"}),
    ("I'll delete the old `core` repository.", REPO, {"repo_name": "core"}),
    ("I'll delete the old customers files.", FILE, {"path": "customers"}),
])
def test_other_families_recover_a_written_name(preamble: str, tool: dict[str, Any],
                                               args: dict[str, Any]) -> None:
    assert _ok(preamble, tool, **args)


@pytest.mark.parametrize(("refused", "recovered"), [
    ("我来删除旧的日志。", "我来删除 `nginx` 的旧的日志。"),
    ("Je vais supprimer les anciens journaux.", "Je vais supprimer les journaux `nginx`."),
])
def test_other_languages(refused: str, recovered: str) -> None:
    assert not _ok(refused, LOGS, name="nginx")
    assert _ok(recovered, LOGS, name="nginx")


def test_ids_paths_and_pronouns_are_left_to_their_readers() -> None:
    # an id from the conversation, a pronoun's referent: not this reader's (``binding``)
    assert "a name the text does not write" not in _detail("I'll delete the old logs.", LOGS,
                                                           name="run-20231104")
    assert "a name the text does not write" not in _detail("I'll delete it.", LOGS, name="prod")


def test_object_only_the_tools_noun_names_no_name() -> None:
    # "a file": the thing the conversation is about (``deletedtargets`` alike); "the logs" +
    # a name the text never writes refuses since h43c (round 60)
    assert "a name the text does not write" in _detail("I'll delete the logs.", LOGS,
                                                       name="prod")
    assert "a name the text does not write" not in _detail("I'll delete a file.", FILE, path="b")


def test_names_each_written_in_code_are_a_list() -> None:
    assert _ok("I'll delete the old `nginx` and `redis` logs.", LOGS, name="nginx redis")
    assert not _ok("I'll delete the old `nginx` logs.", LOGS, name="nginx redis")


def test_written_reads_words_in_order_and_plurals() -> None:
    assert _written("old-prod-db", "delete the old prod db now")
    assert _written("log", "the old logs")
    assert not _written("prod old", "the old prod db")
    assert not _written("prod", "the production logs")


def test_key_of_the_tools_own_noun_gives_its_name() -> None:
    repo = _tool("delete_repository", "Delete a repository.", repository="string")
    assert not _ok("I'll delete the old repository.", repo, repository="core")
    assert _ok("I'll delete the old core repository.", repo, repository="core")


def test_deploy_names_its_service() -> None:
    deploy = _tool("deploy_service", "Deploy a service to an environment.", service="string",
                   environment="string")
    assert not _ok("I'll deploy the service to production.", deploy, service="my-service",
                   environment="production")
    assert _ok("I'll deploy the checkout service to production.", deploy, service="checkout",
               environment="production")
