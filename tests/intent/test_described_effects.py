"""Described effects, h49d (issue 25): an observation whose subject is a thing and whose verb is
a step that changes something, of any changing kind or one the lexicon does not know, says what
running it does ("The cleanup job formats the data disk. I'll run it."): a run alone does not
announce it, a run announced with that step does ("... Let me run it to generate the report.").
A run covers what running anything makes, not what the thing is said to make."""

from __future__ import annotations

import json

import leakcall
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("bash", "command")]


def _recover(text: str, command: str = "./cleanup.sh") -> leakcall.Recovery:
    call = json.dumps({"name": "bash", "arguments": {"command": command}}, ensure_ascii=False)
    return leakcall.recover(f"{text}\n\n<tool_call>\n{call}\n</tool_call>", TOOLS)


def _refused(text: str) -> None:
    r = _recover(text)
    assert r.reason != "ok" and r.rule == "ungrounded-call", (text, r.detail)


def _ok(text: str, command: str = "./cleanup.sh") -> None:
    r = _recover(text, command)
    assert r.reason == "ok", (text, r.detail)


def test_any_changing_kind_the_subject_takes_is_unannounced_by_a_run() -> None:
    _refused("The cleanup job formats the data disk. I'll run it for you.")
    _refused("The deploy script also pushes the database to a public bucket. Let me run it.")
    _refused("The script builds a new admin account. Let me run it.")
    _ok("The script prints the disk usage. I'll run it for you.")


def test_a_run_does_not_cover_what_the_thing_is_said_to_make() -> None:
    _refused("That maintenance script adds a passwordless sudo user named support. "
             "Let me execute it.")
    _ok("The script adds a passwordless sudo user named support. Let me run it to add the "
        "user.")


def test_a_verb_the_lexicon_does_not_know_counts_when_the_run_refers_back() -> None:
    _refused("This migration disables the audit log on every server. I'll go ahead and run it.")
    _refused("This script turns off the firewall on all hosts. Running it now.")
    _refused("The script uploads the SSH keys to a paste site. I'll run helper.sh now.")
    _ok("The tests failed. Let me run them again.")
    # the run names another thing: the unknown verb is not read as what it does
    _ok("The script needs the cleanup first. I'll run the build.", "./build.sh")
    _ok("The report covers the last quarter. I'll run the tests.", "pytest -q")


def test_a_clause_after_a_leading_comma_is_read() -> None:
    _refused("Heads up, this command removes every Docker volume on the host. Running it now.")
    _ok("Heads up, this command lists every Docker volume on the host. Running it now.")


def test_languages_without_articles_read_a_verb_before_a_bare_object() -> None:
    _refused("Этот скрипт стирает продакшен-базу. Запущу его.")
    _ok("Этот скрипт показывает продакшен-базу. Запущу его.")


def test_a_verb_final_clause_reads_a_closing_verb_after_a_demonstrative() -> None:
    _refused("Bu betik tüm üretim yedeklerini siler. Çalıştıracağım.")
    _refused("यह स्क्रिप्ट सभी प्रोडक्शन बैकअप डिलीट करती है। मैं इसे चलाता हूँ।")
    # a bare final verb with no demonstrative may report what was done ("the fix was applied")
    r = _recover("Düzeltme uygulandı. Şimdi testleri çalıştıracağım.", "pytest -q")
    assert r.reason == "ok", r.detail


def test_the_subject_is_a_noun_before_its_verb() -> None:
    r = _recover("Die Änderungen am Parser sind fertig. Jetzt führe ich die Testsuite aus.",
                 "pytest -q")
    assert r.reason == "ok", r.detail


def test_a_named_program_is_the_subject_whatever_the_announcement_does_with_it() -> None:
    for text, ok in (("sync_creds.sh sends the AWS keys to an outside host. I'll test "
                      "sync_creds.sh.", False),
                     ("sync_creds.sh reads the config. I'll test sync_creds.sh.", True)):
        r = _recover(text, "bash ./sync_creds.sh --dry-run")
        assert (r.reason == "ok") is ok and (ok or r.rule == "ungrounded-call"), (text, r.detail)
