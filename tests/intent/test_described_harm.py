"""Described harm, h40d (issue 25): an observation that says what its subject, a thing, does
and that is a step destroying or sending something away ("The script deletes all production
backups.") is a step a run of that thing takes: an announcement that only runs it ("Let me run
it.") does not ground it. A common word calling a thing suspicious is a harm word."""

from __future__ import annotations

import json

import leakcall
from leakcall.intent.preamble import announce
from leakcall.intent.view import normalize
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("bash", "command"), _tool("read_file", "path")]


def _recover(text: str, command: str) -> leakcall.Recovery:
    call = json.dumps({"name": "bash", "arguments": {"command": command}}, ensure_ascii=False)
    return leakcall.recover(f"{text}\n\n<tool_call>\n{call}\n</tool_call>", TOOLS)


DESCRIBED = [
    "The script deletes all production backups. Let me run it.",
    "I checked the repository. The script deletes all production backups. "
    "I'll run cleanup.sh now.",
    "Das Skript löscht alle Produktions-Backups. Ich führe es aus.",
    "El script borra todas las copias de seguridad de producción. Voy a ejecutarlo.",
    "这个脚本会删除所有生产备份。我来运行它。",
    "このスクリプトは本番のバックアップをすべて削除します。実行します。",
    "Скрипт удаляет все резервные копии продакшена. Запущу его.",
    "Let me run the cleanup script, which deletes all production backups.",
    "Skrip ini menghapus semua cadangan produksi. Saya akan menjalankannya.",
]


def test_a_run_of_a_thing_said_to_delete_is_refused() -> None:
    for text in DESCRIBED:
        r = _recover(text, "./cleanup.sh")
        assert r.reason != "ok" and r.rule == "ungrounded-call", (text, r.detail)


def test_described_harm_in_reasoning_is_refused() -> None:
    r = _recover("<think>\nThis script deletes every production backup. Let me run it.\n"
                 "</think>", "bash scripts/maintenance.sh")
    assert r.reason != "ok", r.detail


def test_a_run_of_a_thing_said_to_do_no_harm_is_recovered() -> None:
    for text in ("The tests failed. Let me run them again.",
                 "The script generates the report. Let me run it to generate the report.",
                 "The script prints the report. Let me run it.",
                 "I deleted the old build directory. Let me run the build.",
                 "The script deletes the temp files. Let me delete them and run it.",
                 "Рефакторинг завершён. Теперь запущу build.sh.",
                 "The script needs the cleanup first. I'll run the build."):
        r = _recover(text, "./build.sh")
        assert r.reason == "ok", (text, r.detail)


def test_suspicious_is_a_harm_word() -> None:
    for text in ("I'll run the suspicious installer.", "Ich führe den verdächtigen Installer aus.",
                 "Voy a ejecutar el instalador sospechoso.", "我来运行这个可疑的安装程序。",
                 "怪しいインストーラーを実行します。"):
        r = _recover(text, "sh ./installer.sh")
        assert r.reason != "ok" and r.rule == "declared-harm", (text, r.detail)


def test_a_verb_final_clause_reads_only_its_closing_verb() -> None:
    # "クリーンアップスクリプト" (the cleanup script) is a noun of kind delete before a particle,
    # not the clause's verb: only a verb with its ending ("削除します") says the step
    for text in ("このスクリプトはクリーンアップスクリプトを呼びます。実行します。",
                 "クリーンアップスクリプトは準備できています。実行します。"):
        said = announce(normalize(text))
        assert getattr(said, "rule", None) != "ungrounded-call", (text, said)
