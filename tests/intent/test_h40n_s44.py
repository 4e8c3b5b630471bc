"""h40n (issue 25, round 59 G3 and G4): a noun of a derived thing before the genitive ("the
copy / archive / draft / build / patch / save / stash of `X`", [g-derived-noun]) is the
announcement's own noun even where it is also a verb of a step; a partitive frame ("some of",
"a few of", "most of", "one of", "einige von", "algunos de", [g-partitive] and
[g-partitive-after]) takes a part out of the object, never the whole (``partitives``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file or directory", "path"),
         string_tool("read_file", "Read a text file", "path"),
         string_tool("drop_table", "Drop a database table", "table"),
         string_tool("delete_rows", "Delete rows of a table", "table", "where"),
         string_tool("write_file", "Write a file", "path", "content"),
         string_tool("send_email", "Send an email", "to", "subject", "body"),
         string_tool("run_shell", "Run a shell command", "command")]


def _reason(pre: str, name: str, args: dict[str, Any]) -> str:
    return recover_after(pre, TOOLS, (name, args)).reason


def _ok(pre: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(pre, TOOLS, (name, args))
    assert r.reason == "ok", (pre, r.rule, r.detail)


def _refused(pre: str, name: str, args: dict[str, Any]) -> None:
    assert _reason(pre, name, args) != "ok", pre


# G3: a derived thing of X is not X

@pytest.mark.parametrize("pre", [
    "I'll delete the copy of `prod.db`.", "I'll delete the archive of `prod.db`.",
    "I'll delete the draft of `prod.db`.", "I'll delete the stash of `prod.db`.",
    "I'll delete the save of `prod.db`.", "I'll delete the patch of `prod.db`.",
    "I'll delete the archived copy of `prod.db`.", "I'll delete my copy of `prod.db`.",
    "I'll delete a copy of `prod.db`.", "I'll delete this old draft of `prod.db`.",
    "I'll delete the copies of `prod.db`.", "I'll delete the output of `prod.db`.",
    "I'll delete the build of `prod.db`.", "Let me remove the snapshot of `prod.db`.",
    "Je supprime la sauvegarde de `prod.db`.", "Ich lösche den Entwurf von `prod.db`.",
    "Voy a borrar la copia de `prod.db`.", "Elimino la copia di `prod.db`.",
    "`prod.db`의 사본을 삭제하겠습니다.", "我将删除 `prod.db` 的副本。"])
def test_a_derived_thing_of_a_file_is_not_the_file(pre: str) -> None:
    _refused(pre, "delete_file", {"path": "prod.db"})


@pytest.mark.parametrize("pre", [
    "I'll drop the archive of `users`.", "I'll drop the draft of `users`.",
    "I'll drop the build of `users`.", "I'll drop the archived copy of `users`."])
def test_a_derived_thing_of_a_table_is_not_the_table(pre: str) -> None:
    _refused(pre, "drop_table", {"table": "users"})


@pytest.mark.parametrize("pre", [
    "I'll delete `prod.db`.", "I'll delete the file `prod.db`.",
    "Je supprime `prod.db`.", "`prod.db`을 삭제하겠습니다."])
def test_the_thing_itself_is_recovered(pre: str) -> None:
    _ok(pre, "delete_file", {"path": "prod.db"})


def test_a_derived_thing_the_call_carries_is_recovered() -> None:
    """The call names the copy, or the step is a copy or a send whose text the thing is."""
    _ok("I'll delete the copy of `prod.db`.", "delete_file", {"path": "prod.db.copy"})
    _ok("I'll delete the backup copy of `prod.db`.", "run_shell",
        {"command": "rm backup/prod.db.copy"})
    _ok("I'll make a copy of `config.yaml` first.", "run_shell",
        {"command": "cp config.yaml config.yaml.bak"})
    _ok("I'll drop the `users` table.", "drop_table", {"table": "users"})
    _ok("I'll send the draft of the announcement to bob@example.com.", "send_email",
        {"to": "bob@example.com", "subject": "Announcement", "body": "Draft"})
    _ok("I'll copy `a.txt` to `b.txt`.", "run_shell", {"command": "cp a.txt b.txt"})


# G4: a part of X is not X

@pytest.mark.parametrize("pre", [
    "I'll delete some of `logs/`.", "I'll delete a few of `logs/`.",
    "I'll delete most of `logs/`.", "I'll delete one of `logs/`.",
    "I'll delete several of `logs/`.", "I'll delete many of `logs/`.",
    "I'll delete two of `logs/`.", "I'll delete only some of `logs/`.",
    "Ich lösche einige von `logs/`.", "Ich lösche einen Teil von `logs/`.",
    "Voy a borrar algunos de `logs/`.", "Voy a borrar uno de `logs/`.",
    "Elimino alcuni di `logs/`.", "Elimino la maggior parte di `logs/`.",
    "Je supprime quelques-uns de `logs/`.", "Je supprime certains de `logs/`.",
    "Vou apagar alguns de `logs/`.", "Ik verwijder een deel van `logs/`.",
    "Ik verwijder enkele van `logs/`.", "`logs/`의 일부를 삭제하겠습니다.",
    "`logs/` の一部を削除します。", "我将删除 `logs/` 中的一些文件。"])
def test_a_part_of_a_folder_is_not_the_folder(pre: str) -> None:
    _refused(pre, "delete_file", {"path": "logs/"})


@pytest.mark.parametrize("pre", [
    "I'll delete some of `logs/`.", "Ich lösche einige von `logs/`.",
    "Elimino alcuni di `logs/`.", "`logs/`의 일부를 삭제하겠습니다."])
def test_a_path_inside_the_whole_is_recovered(pre: str) -> None:
    _ok(pre, "delete_file", {"path": "logs/old.log"})


def test_a_part_of_a_table_is_not_the_table() -> None:
    """Every argument the whole: nothing picks the part; a key that does is recovered."""
    _refused("I'll drop some of `users`.", "drop_table", {"table": "users"})
    _refused("Voy a borrar algunos de `users`.", "drop_table", {"table": "users"})
    _ok("I'll delete some of `users`.", "delete_rows", {"table": "users", "where": "age > 90"})
    _ok("I'll drop `users`.", "drop_table", {"table": "users"})


def test_the_whole_and_reads_are_recovered() -> None:
    _ok("I'll delete all of `logs/`.", "delete_file", {"path": "logs/"})
    _ok("I'll delete `logs/`.", "delete_file", {"path": "logs/"})
    _ok("I'll read some of `logs/`.", "read_file", {"path": "logs/"})
    _ok("Ich lösche `logs/`.", "delete_file", {"path": "logs/"})
