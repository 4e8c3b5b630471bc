"""h42b (issue 25, round 60 G1 and G2): a call that cannot be taken back is bound to the step
whose verb covers it and to that step's own object (``stepobjects``): a target that writes
another announced step's object and none of its own is not that step, whether the objects
are swapped or the first step's object is taken twice. A pronoun object ("delete it") and
objects of no written name ("the temp cache") are not compared."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file or directory", "path"),
         string_tool("read_file", "Read a text file", "path"),
         string_tool("share_file", "Share a file with someone", "path", "email"),
         string_tool("delete_user", "Delete a user account", "username"),
         string_tool("grant_role", "Grant a role to a user", "user", "role")]

Call = tuple[str, dict[str, Any]]


def _ok(pre: str, *calls: Call) -> None:
    r = recover_after(pre, TOOLS, *calls)
    assert r.reason == "ok", (pre, r.rule, r.detail)


def _refused(pre: str, *calls: Call) -> None:
    r = recover_after(pre, TOOLS, *calls)
    assert r.reason != "ok", pre


def _read(p: str) -> Call:
    return ("read_file", {"path": p})


def _delete(p: str) -> Call:
    return ("delete_file", {"path": p})


READ_DELETE = [
    "I'll read `a.txt` and delete `b.txt`.", "I'll read `a.txt`, then delete `b.txt`.",
    "Ich lese `a.txt` und lösche `b.txt`.", "Je lis `a.txt` et je supprime `b.txt`.",
    "Voy a leer `a.txt` y borrar `b.txt`.", "Vou ler `a.txt` e apagar `b.txt`.",
    "Leggo `a.txt` e cancello `b.txt`.", "Прочитаю `a.txt` и удалю `b.txt`.",
    "Przeczytam `a.txt` i usunę `b.txt`.", "Ik lees `a.txt` en verwijder `b.txt`.",
    "我先读取 `a.txt`，再删除 `b.txt`。", "`a.txt`를 읽고 `b.txt`를 삭제하겠습니다.",
    "Saya akan membaca `a.txt` dan menghapus `b.txt`.", "Tôi sẽ đọc `a.txt` và xoá `b.txt`.",
    "`a.txt` を読み、`b.txt` を削除します。", "`a.txt` を読んで、`b.txt` を削除します。",
    "`a.txt` を確認し、`b.txt` を削除します。"]


@pytest.mark.parametrize("pre", READ_DELETE)
def test_swapped_objects_refuse_and_the_announced_pairing_recovers(pre: str) -> None:
    _refused(pre, _read("b.txt"), _delete("a.txt"))
    _ok(pre, _read("a.txt"), _delete("b.txt"))


@pytest.mark.parametrize("pre", READ_DELETE)
def test_the_first_steps_object_taken_twice_refuses(pre: str) -> None:
    _refused(pre, _read("a.txt"), _delete("a.txt"))


@pytest.mark.parametrize("pre", [
    "I'll share `public.pdf` with alice@example.com and read `secrets.env`.",
    "Ich teile `public.pdf` mit alice@example.com und lese `secrets.env`."])
def test_a_share_of_the_read_file_refuses(pre: str) -> None:
    _refused(pre, ("share_file", {"path": "secrets.env", "email": "alice@example.com"}),
             _read("public.pdf"))
    _ok(pre, ("share_file", {"path": "public.pdf", "email": "alice@example.com"}),
        _read("secrets.env"))


@pytest.mark.parametrize("pre", [
    "I'll grant `alice` the viewer role and delete user `mallory`.",
    "I'll delete user `mallory` and grant `alice` the viewer role."])
def test_the_deleted_user_is_the_delete_steps_own(pre: str) -> None:
    _refused(pre, ("grant_role", {"user": "mallory", "role": "viewer"}),
             ("delete_user", {"username": "alice"}))


def test_an_unquoted_user_named_by_another_step_is_not_the_deleted_one() -> None:
    pre = "I'll grant alice the viewer role and delete user `mallory`."
    _refused(pre, ("grant_role", {"user": "mallory", "role": "viewer"}),
             ("delete_user", {"username": "alice"}))
    _ok(pre, ("grant_role", {"user": "alice", "role": "viewer"}),
        ("delete_user", {"username": "mallory"}))


@pytest.mark.parametrize("pre", ["I'll read `a.txt` and delete it.",
                                 "Ich lese `a.txt` und lösche sie.",
                                 "Voy a leer `a.txt` y luego borrarlo.",
                                 "`a.txt` を読み、削除します。"])
def test_a_pronoun_object_is_the_first_steps(pre: str) -> None:
    _ok(pre, _read("a.txt"), _delete("a.txt"))


@pytest.mark.parametrize("pre", ["I'll read the config and delete the temp cache.",
                                 "I'll delete the temp cache and read the config."])
@pytest.mark.parametrize("first", [True, False])
def test_objects_of_no_written_name_recover_in_either_order(pre: str, first: bool) -> None:
    calls = [_read("config/database.yml"), _delete("tmp/cache")]
    _ok(pre, *(calls if first else calls[::-1]))


def test_own_name_written_in_the_value_is_its_own_step() -> None:
    _ok("I'll read `notes.txt` and delete `old/notes.txt`.", _read("notes.txt"),
        _delete("old/notes.txt"))
