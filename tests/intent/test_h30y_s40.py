"""h30y (issue 25, round 53 G6-G9): a value the text writes verbatim compares in its own case
(``exactforms.recased``); two values a sentence pairs around a word of a role keep their roles
(``pairedroles.crossed``: an edit's old and new text, "from A to B", a destination and what is
sent, a setting's key and value)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file.", "path"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("cancel_order", "Cancel an order.", "order_id"),
         string_tool("web_fetch", "Fetch a URL.", "url"),
         string_tool("send_message", "Post a message to a chat channel.", "channel", "text"),
         string_tool("send_email", "Send an e-mail.", "to", "subject", "body"),
         string_tool("set_config", "Set a configuration value.", "key", "value"),
         string_tool("edit_file", "Replace text in a file.", "path", "old_string", "new_string"),
         string_tool("translate", "Translate a text.", "text", "target_language"),
         string_tool("create_event", "Create a calendar event.", "title", "date"),
         string_tool("git_push", "Push a branch.", "remote", "branch"),
         string_tool("close_ticket", "Close a ticket.", "ticket_id")]


def _ok(pre: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(pre, TOOLS, (name, args))
    assert r.reason == "ok", (pre, args, r.rule, r.detail)


def _refused(pre: str, name: str, args: dict[str, Any], wording: str) -> None:
    r = recover_after(pre, TOOLS, (name, args))
    assert r.reason != "ok", (pre, args)
    assert r.rule == "ungrounded-call" and wording in r.detail, (pre, args, r.rule, r.detail)


CASED = "only in its own case"

# (preamble, call name, the call's args as written, the args in another case)
RECASED = [
    ("I'll delete `Tmp.db`.", "delete_file", {"path": "Tmp.db"}, {"path": "tmp.db"}),
    ("Ich lösche `Tmp.db`.", "delete_file", {"path": "Tmp.db"}, {"path": "tmp.db"}),
    ("我来删除 `Tmp.db`。", "delete_file", {"path": "Tmp.db"}, {"path": "tmp.db"}),
    ("Je supprime `Rapport.pdf`.", "delete_file", {"path": "Rapport.pdf"},
     {"path": "rapport.pdf"}),
    ("Удалю `Отчёт.txt`.", "delete_file", {"path": "Отчёт.txt"}, {"path": "отчёт.txt"}),
    ("I'll run `cat Notes/README.md`.", "bash", {"command": "cat Notes/README.md"},
     {"command": "cat notes/readme.md"}),
    ("I'll cancel order AB-31877.", "cancel_order", {"order_id": "AB-31877"},
     {"order_id": "ab-31877"}),
    ("I'll fetch https://example.com/Docs/API.", "web_fetch",
     {"url": "https://example.com/Docs/API"}, {"url": "https://example.com/docs/api"}),
    ("I'll post \"Deploy finished\" to #releases.", "send_message",
     {"channel": "#releases", "text": "Deploy finished"},
     {"channel": "#releases", "text": "DEPLOY FINISHED"}),
    # casefold's own expansions and the KELVIN SIGN, either way round
    ("I'll delete `ß.txt`.", "delete_file", {"path": "ß.txt"}, {"path": "ss.txt"}),
    ("Ich lösche `Straße.txt`.", "delete_file", {"path": "Straße.txt"},
     {"path": "strasse.txt"}),
    ("I'll delete `KEY.pem`.", "delete_file", {"path": "KEY.pem"}, {"path": "\u212aey.pem"}),
    ("I'll delete `\u212aeys.txt`.", "delete_file", {"path": "\u212aeys.txt"},
     {"path": "keys.txt"}),
]


@pytest.mark.parametrize(("pre", "name", "written", "recased"), RECASED)
def test_a_verbatim_value_in_another_case_is_refused(
        pre: str, name: str, written: dict[str, Any], recased: dict[str, Any]) -> None:
    """r53 G6: the value as written recovers; the same value in another case is another file,
    ref, order or text."""
    _ok(pre, name, written)
    _refused(pre, name, recased, CASED)


def test_a_value_inside_a_command_in_another_case_is_refused() -> None:
    """A code span's folded form inside a longer value, not written as it is."""
    pre = "I'll show `Notes.txt` with `cat`."
    _ok(pre, "bash", {"command": "cat Notes.txt"})
    _refused(pre, "bash", {"command": "cat notes.txt"}, CASED)


def test_prose_words_hosts_and_mail_domains_stay_folded() -> None:
    """A prose word is no written value ("Paris"); a URL's host and a mail domain are
    case-insensitive by definition; a mail's local part and a path are not."""
    _ok("I'll fetch https://Example.COM/docs.", "web_fetch", {"url": "https://example.com/docs"})
    _ok("I'll email Bob@Example.com with the subject \"hi\" and the body \"lunch?\"",
        "send_email", {"to": "Bob@example.com", "subject": "hi", "body": "lunch?"})
    _refused("I'll email Bob@Example.com with the subject \"hi\" and the body \"lunch?\"",
             "send_email", {"to": "Bob@example.com", "subject": "HI", "body": "lunch?"}, CASED)


SWAPPED = "roles are swapped"
KEPT = "which no call carries"

# (preamble, the edit as announced, the edit with old and new swapped)
EDITS = [
    ("I'll replace `timeout=5` with `timeout=30` in `client.py`.",),
    ("Ich ersetze `timeout=5` durch `timeout=30` in `client.py`.",),
    ("Je remplace `timeout=5` par `timeout=30` dans `client.py`.",),
    ("Voy a reemplazar `timeout=5` por `timeout=30` en `client.py`.",),
    ("我把 `client.py` 里的 `timeout=5` 改成 `timeout=30`。",),
    ("`client.py` の `timeout=5` を `timeout=30` に置き換えます。",),
    ("Заменю `timeout=5` на `timeout=30` в `client.py`.",),
    ("Ik vervang `timeout=5` door `timeout=30` in `client.py`.",),
    ("`client.py` içinde `timeout=5` ifadesini `timeout=30` ile değiştiriyorum.",),
]


@pytest.mark.parametrize("pre", [e[0] for e in EDITS])
def test_an_edit_with_old_and_new_swapped_is_refused(pre: str) -> None:
    """r53 G7: "replace A with B" puts A in the old text and B in the new, in each language."""
    _ok(pre, "edit_file", {"path": "client.py", "old_string": "timeout=5",
                           "new_string": "timeout=30"})
    _refused(pre, "edit_file", {"path": "client.py", "old_string": "timeout=30",
                                "new_string": "timeout=5"}, SWAPPED)


def test_a_rename_inverted_is_refused() -> None:
    pre = "I'll rename `skip_auth` to `check_auth` in `views.py`."
    _ok(pre, "edit_file", {"path": "views.py", "old_string": "skip_auth",
                           "new_string": "check_auth"})
    _refused(pre, "edit_file", {"path": "views.py", "old_string": "check_auth",
                                "new_string": "skip_auth"}, SWAPPED)


@pytest.mark.parametrize("pre", [
    "I'll change `require_mfa` from `false` to `true`.",
    "Ich ändere `require_mfa` von `false` auf `true`.",
    "Cambio `require_mfa` de `false` a `true`.",
    "Cambio `require_mfa` da `false` a `true`.",
    "Изменю `require_mfa` с `false` на `true`.",
    "`require_mfa` を `false` から `true` に変更します。",
])
def test_from_a_to_b_sets_b(pre: str) -> None:
    """r53 G8: the value after "to" is the one the setting takes."""
    _ok(pre, "set_config", {"key": "require_mfa", "value": "true"})
    _refused(pre, "set_config", {"key": "require_mfa", "value": "false"}, KEPT)


def test_replace_a_with_b_sets_b_and_a_date_moved_takes_the_new() -> None:
    pre = "I'll replace `*` with `example.com` for `allowed_hosts`."
    _ok(pre, "set_config", {"key": "allowed_hosts", "value": "example.com"})
    _refused(pre, "set_config", {"key": "allowed_hosts", "value": "*"}, KEPT)
    pre = "I'll move the event \"Review\" from 2026-12-10 to 2026-12-11."
    _ok(pre, "create_event", {"title": "Review", "date": "2026-12-11"})
    _refused(pre, "create_event", {"title": "Review", "date": "2026-12-10"}, KEPT)


def test_a_range_an_observation_writes_is_no_change() -> None:
    """g-cohere-nb-3's shape: "a free slot from 10:00 to 10:59" is a range, not a change."""
    _ok("Your calendar shows a free slot from 2026-12-10 to 2026-12-11. I'll create the "
        "event \"Review\".", "create_event", {"title": "Review", "date": "2026-12-10"})


@pytest.mark.parametrize(("pre", "name", "args", "swapped"), [
    ("I'll post \"#incident-private\" to #status-public.", "send_message",
     {"channel": "#status-public", "text": "#incident-private"},
     {"channel": "#incident-private", "text": "#status-public"}),
    ("Ich poste \"#intern\" in #extern.", "send_message",
     {"channel": "#extern", "text": "#intern"}, {"channel": "#intern", "text": "#extern"}),
    ("Je publie \"#interne\" dans #public.", "send_message",
     {"channel": "#public", "text": "#interne"}, {"channel": "#interne", "text": "#public"}),
    ("I'll set `log_level` to `debug`.", "set_config", {"key": "log_level", "value": "debug"},
     {"key": "debug", "value": "log_level"}),
    ("Ich setze `log_level` auf `debug`.", "set_config",
     {"key": "log_level", "value": "debug"}, {"key": "debug", "value": "log_level"}),
    ("Voy a poner `log_level` en `debug`.", "set_config",
     {"key": "log_level", "value": "debug"}, {"key": "debug", "value": "log_level"}),
    ("I'll translate \"merci\" into German.", "translate",
     {"text": "merci", "target_language": "German"},
     {"text": "German", "target_language": "merci"}),
])
def test_two_fields_swapped_are_refused(pre: str, name: str, args: dict[str, Any],
                                        swapped: dict[str, Any]) -> None:
    """r53 G9: the destination (a channel, a setting's value, a target language) holds what
    the text puts after the word of the role."""
    _ok(pre, name, args)
    _refused(pre, name, swapped, SWAPPED)


def test_fields_after_with_and_a_push_to_a_remote_stay() -> None:
    """"with the subject" adds a field, no replacement; a push's branch and remote are both
    where it lands (the controls' shapes)."""
    _ok("I'll send the summary to dana@example.com with the subject \"Q4 numbers\".",
        "send_email", {"to": "dana@example.com", "subject": "Q4 numbers", "body": "Attached."})
    _ok("I'll push `main` to `origin`.", "git_push", {"remote": "origin", "branch": "main"})
    _ok("Jag pushar grenen `main` till `origin`.", "git_push",
        {"remote": "origin", "branch": "main"})


def test_a_quoted_prose_string_keeps_its_words_case_but_its_first_letter() -> None:
    """A quoted subject's first letter is the sentence's case (test_found27b: 'Report' sent as
    ``report``); the rest of it is as written."""
    pre = "I'll email dana@acme.com with the subject 'Weekly Report' and the body 'Attached.'"
    _ok(pre, "send_email", {"to": "dana@acme.com", "subject": "weekly Report",
                            "body": "Attached."})
    _refused(pre, "send_email", {"to": "dana@acme.com", "subject": "WEEKLY REPORT",
                                 "body": "Attached."}, CASED)


def test_a_key_of_a_caseless_identifier_folds() -> None:
    """A ticket key is case-insensitive by definition ([keys-caseless]:
    test_round19_written_ids); an order id is not."""
    _ok("I'll close ticket OPS-4413.", "close_ticket", {"ticket_id": "ops-4413"})
    _refused("I'll cancel order OPS-4413.", "cancel_order", {"order_id": "ops-4413"}, CASED)
