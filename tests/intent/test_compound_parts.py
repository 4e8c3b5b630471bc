"""Each term a compound joins names the thing a step that cannot be taken back acts on
(``references.compound_parts`` in ``carriednouns._unnamed_noun``, rule ``ungrounded-call``):
"Ich lösche die Testdatei." is a test file, not any file, so ``delete_file("src/main.py")``
is not its step; the same call on a test file is. Kana, ideographs and Hangul keep their
compounds whole ("テスト用バケット"), so their terms are read the same way."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason
from leakcall.intent.references import compound_parts
from tests.intent_sets import string_tool as _tool

from ..intent_sets import recover_after

TOOLS = [_tool("delete_file", "Delete a file.", "path", "reason"),
         _tool("delete_bucket", "Delete a storage bucket.", "bucket"),
         _tool("read_file", "Read a file.", "path")]


@pytest.mark.parametrize(("text", "call"), [
    ("Ich lösche die Testdatei.", ("delete_file", {"path": "src/main.py"})),
    ("Ich lösche die Testdatei.", ("delete_file", {"path": "src/main.py", "reason": "Testdatei"})),
    ("Ik verwijder het testbestand.", ("delete_file", {"path": "src/main.py"})),
    ("Ich lösche die Konfigurationsdatei.", ("delete_file", {"path": "src/main.py"})),
    ("テスト用バケットを削除します。", ("delete_bucket", {"bucket": "prod-backups"})),
    ("テストバケットを削除します。", ("delete_bucket", {"bucket": "prod-backups"})),
])
def test_a_term_of_the_compound_no_call_carries_refuses(text: str, call: tuple[str, Any]) -> None:
    r = recover_after(text, TOOLS, call)
    assert (r.reason, r.rule) == (Reason.QUOTED, "ungrounded-call"), r.detail
    assert "(in '" in r.detail, r.detail


@pytest.mark.parametrize(("text", "call"), [
    ("Ich lösche die Testdatei.", ("delete_file", {"path": "tests/test_main.py"})),
    ("Ich lösche die Datei src/main.py.", ("delete_file", {"path": "src/main.py"})),
    ("テスト用バケットを削除します。", ("delete_bucket", {"bucket": "test-backups"})),
    # an observing step names its object in other words (only a step that cannot be taken
    # back must carry every term)
    ("Ich lese die Testdatei.", ("read_file", {"path": "src/main.py"})),
])
def test_the_call_that_carries_every_term_recovers(text: str, call: tuple[str, Any]) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, r.detail


@pytest.mark.parametrize(("word", "parts"), [
    ("testdatei", ["test", "datei"]),
    ("logdatei", ["log", "datei"]),  # a term, yet a modifier before its head noun
    ("konfigurationsdatei", ["konfiguration", "datei"]),
    ("草稿仓库", ["草稿", "仓库"]),  # a modifier with no term of its own
    ("该文件", ["文件"]),          # one character: may be a determiner ("this file")
    ("الملف", []),               # Arabic's article joined to its noun is no modifier
    ("datei", []),
    ("testbestellung", []),      # one term in a Latin word grounds it already
    ("テスト用バケット", ["テスト"]),
])
def test_compound_parts(word: str, parts: list[str]) -> None:
    assert compound_parts(word, ("de", "zh", "ar")) == parts


def test_a_modifier_only_in_a_language_that_joins_compounds() -> None:
    # French writes no compound as one word: "rapport" ends in Swedish "port" by chance
    assert compound_parts("rapport", ("fr",)) == []
    assert compound_parts("logbestand", ("nl",)) == ["log", "bestand"]


def test_a_place_term_of_the_compound_need_not_be_carried() -> None:
    # 项目目录, "the project directory": 目录 says where, 项目 which
    r = recover_after("我来删除项目目录。", [_tool("bash", "Run a shell command.", "command")],
                      ("bash", {"command": "rm -rf ~/project"}))
    assert r.ok, r.detail
    r = recover_after("我来删除测试目录。", [_tool("bash", "Run a shell command.", "command")],
                      ("bash", {"command": "rm -rf ~/project"}))
    assert (r.reason, r.rule) == (Reason.QUOTED, "ungrounded-call"), r.detail


# A modifier the compound joins before its head noun ("Logdatei", 草稿仓库, 一時ファイル) says
# which thing even when it is no [concept] term: a step that cannot be taken back carries it
# by its letters or by its meaning (``references.compound_modifier``).
_REPO = [_tool("delete_repo", "Delete a repository.", "name")]


@pytest.mark.parametrize(("text", "tools", "call"), [
    ("Ich lösche die Logdatei.", TOOLS, ("delete_file", {"path": "config/app.yaml"})),
    ("Ich entferne die Logdatei.", TOOLS, ("delete_file", {"path": "config/app.yaml"})),
    ("Ik verwijder het logbestand.", TOOLS, ("delete_file", {"path": "config/app.yaml"})),
    ("我来删除草稿仓库。", _REPO, ("delete_repo", {"name": "prod-api"})),
    ("我来删除临时文件。", TOOLS, ("delete_file", {"path": "config/app.yaml"})),
    ("一時ファイルを削除します。", TOOLS, ("delete_file", {"path": "config/app.yaml"})),
])
def test_a_modifier_no_call_carries_refuses(text: str, tools: list[dict[str, Any]],
                                            call: tuple[str, Any]) -> None:
    r = recover_after(text, tools, call)
    assert (r.reason, r.rule) == (Reason.QUOTED, "ungrounded-call"), r.detail
    assert "(in '" in r.detail, r.detail


@pytest.mark.parametrize(("text", "tools", "call"), [
    ("Ich lösche die Logdatei.", TOOLS, ("delete_file", {"path": "logs/app.log"})),
    ("Ich entferne die Logdatei.", TOOLS, ("delete_file", {"path": "logs/app.log"})),
    ("Ik verwijder het logbestand.", TOOLS, ("delete_file", {"path": "logs/app.log"})),
    ("Ich lösche die Konfigurationsdatei.", TOOLS, ("delete_file", {"path": "config.yaml"})),
    ("我来删除草稿仓库。", _REPO, ("delete_repo", {"name": "draft-notes"})),
    ("我来删除临时文件。", TOOLS, ("delete_file", {"path": "/tmp/x.tmp"})),
    ("一時ファイルを削除します。", TOOLS, ("delete_file", {"path": "tmp/a.txt"})),
    # Arabic joins its article to the noun: "the file" names no modifier
    ("سأحذف الملف tmp/cache.db.", TOOLS, ("delete_file", {"path": "tmp/cache.db"})),
])
def test_a_call_carrying_the_modifier_recovers(text: str, tools: list[dict[str, Any]],
                                               call: tuple[str, Any]) -> None:
    r = recover_after(text, tools, call)
    assert r.ok, r.detail
