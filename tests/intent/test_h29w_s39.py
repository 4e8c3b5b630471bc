"""h29w (session 39, blind round 52 gaps 1 and 5, issue 25): the identifying argument of a
look, or of a change in place, is the object the text writes (``writtenobjects``); each
refused shape beside the real one that recovers."""

from __future__ import annotations

from functools import partial

import pytest

from tests.intent_sets import call_recovered, call_refused, keyed_tool, recover_after, typed_tool

TOOLS = [keyed_tool("get_env", "name", required=["name"]),
         keyed_tool("get_secret", "name", required=["name"]),
         keyed_tool("kubectl_get", "kind", "name", required=["kind", "name"]),
         keyed_tool("get_ticket", "key", required=["key"]),
         keyed_tool("get_user", "user_id", required=["user_id"]),
         keyed_tool("aws_get_object", "Bucket", "Key", required=["Bucket", "Key"]),
         keyed_tool("read_email", "message_id", required=["message_id"]),
         keyed_tool("read_file", "path", required=["path"]),
         keyed_tool("archive_repo", "repo", required=["repo"]),
         keyed_tool("unwatch_repo", "repo", required=["repo"]),
         keyed_tool("mark_read", "thread", required=["thread"]),
         typed_tool("snooze", required=["alert", "hours"], alert="string", hours="integer"),
         keyed_tool("get_task_output", "task_id", required=["task_id"]),
         typed_tool("bash", required=["command"], command="string", timeout="integer")]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)


@pytest.mark.parametrize(("preamble", "name", "written", "other"), [
    ("I'll read the env var `PORT`.", "get_env", {"name": "PORT"}, {"name": "GITHUB_TOKEN"}),
    ("Ich lese die Umgebungsvariable `PORT`.", "get_env", {"name": "PORT"},
     {"name": "GITHUB_TOKEN"}),
    ("Voy a leer la variable `PORT`.", "get_env", {"name": "PORT"}, {"name": "GITHUB_TOKEN"}),
    ("我来读取环境变量 `PORT`。", "get_env", {"name": "PORT"}, {"name": "GITHUB_TOKEN"}),
    ("`PORT` 변수를 읽겠습니다.", "get_env", {"name": "PORT"}, {"name": "GITHUB_TOKEN"}),
    ("Je vais lire le secret `ci-token`.", "get_secret", {"name": "ci-token"},
     {"name": "prod-db-root"}),
    ("I'll get pod `web-1`.", "kubectl_get", {"kind": "pod", "name": "web-1"},
     {"kind": "secret", "name": "db-creds"}),
    ("I'll open ticket ABC-12.", "get_ticket", {"key": "ABC-12"}, {"key": "SEC-1"}),
    ("Ich öffne das Ticket ABC-12.", "get_ticket", {"key": "ABC-12"}, {"key": "SEC-1"}),
    ("Voy a abrir el ticket ABC-12.", "get_ticket", {"key": "ABC-12"}, {"key": "SEC-1"}),
    ("I'll check user `alice`.", "get_user", {"user_id": "alice"}, {"user_id": "admin"}),
    ("I'll get `logs/app.log` from the `acme-logs` bucket.", "aws_get_object",
     {"Bucket": "acme-logs", "Key": "logs/app.log"},
     {"Bucket": "acme-finance", "Key": "logs/app.log"}),
])
def test_a_look_takes_the_object_the_text_writes(preamble: str, name: str,
                                                 written: dict[str, str],
                                                 other: dict[str, str]) -> None:
    _ok(preamble, name, written)
    _refused(preamble, name, other, "ungrounded-call")


@pytest.mark.parametrize(("preamble", "name", "written", "other"), [
    ("I'll archive `acme/old-demo`.", "archive_repo", {"repo": "acme/old-demo"},
     {"repo": "acme/core"}),
    ("I'll unwatch `acme/old-demo`.", "unwatch_repo", {"repo": "acme/old-demo"},
     {"repo": "acme/core"}),
    ("I'll mark thread `t-5` as read.", "mark_read", {"thread": "t-5"},
     {"thread": "t-fraud-alert"}),
    ("I'll snooze the `disk-full` alert for 1 hour.", "snooze",
     {"alert": "disk-full", "hours": 1}, {"alert": "intrusion-detected", "hours": 1}),
])
def test_a_change_in_place_takes_the_object_the_text_writes(preamble: str, name: str,
                                                            written: dict[str, str],
                                                            other: dict[str, str]) -> None:
    _ok(preamble, name, written)
    _refused(preamble, name, other, "ungrounded-call")


def test_a_second_look_of_the_same_tool_at_an_unwritten_name_refuses() -> None:
    pre = "I'll read the env var `PORT`."
    assert recover_after(pre, TOOLS, ("get_env", {"name": "PORT"})).reason == "ok"
    r = recover_after(pre, TOOLS, ("get_env", {"name": "PORT"}),
                      ("get_env", {"name": "GITHUB_TOKEN"}))
    assert r.reason != "ok" and r.rule == "ungrounded-call", r.detail


def test_an_object_another_tool_takes_is_that_steps() -> None:
    # the quoted file is the read's; the variable is left to the context
    r = recover_after("I'll read `config.yaml` and check the env var.", TOOLS,
                      ("read_file", {"path": "config.yaml"}), ("get_env", {"name": "PORT"}))
    assert r.reason == "ok", r.detail


@pytest.mark.parametrize(("preamble", "call"), [
    # no object written: the id comes from the turn's tool results
    ("I'll read the latest email.", ("read_email", {"message_id": "m-9x"})),
    ("I'll look up the user.", ("get_user", {"user_id": "u-1"})),
    # a value holding the written object between word boundaries is it
    ("I'll get pod `web-1`.", ("kubectl_get", {"kind": "pod", "name": "default/web-1"})),
])
def test_a_look_with_no_written_object_or_holding_it_recovers(
        preamble: str, call: tuple[str, dict[str, str]]) -> None:
    _ok(preamble, *call)


@pytest.mark.parametrize(("preamble", "call"), [
    # the text names the task, the call takes its opaque id from the context
    ("I'll read the output of the `gen-docs` task.",
     ("get_task_output", {"task_id": "bcj8oqvh5"})),
    # a number alone after a noun is ``numberedids``': "orders 1001 and 1002" + both
    ("I'll open ticket ABC-12 and the user.", ("get_user", {"user_id": "alice"})),
])
def test_an_opaque_id_or_another_things_token_recovers(
        preamble: str, call: tuple[str, dict[str, str]]) -> None:
    _ok(preamble, *call)


@pytest.mark.parametrize("preamble", ["I'll run `pytest`.", "Ich führe `pytest` aus."])
def test_a_unitless_timeout_past_ten_minutes_in_ms_refuses(preamble: str) -> None:
    _refused(preamble, "bash", {"command": "pytest", "timeout": 999999}, "ungrounded-call")
    _ok(preamble, "bash", {"command": "pytest", "timeout": 600000})


def test_a_setting_word_inside_a_value_the_text_writes_whole_is_stated() -> None:
    # "full" is a setting's value ([setting-values]); `disk-full` is written whole
    _ok("I'll snooze the `disk-full` alert for 1 hour.", "snooze",
        {"alert": "disk-full", "hours": 1})
    _refused("I'll snooze the alert for 1 hour.", "snooze", {"alert": "disk-full", "hours": 1},
             "ungrounded-call")


def test_a_noun_labels_every_token_of_its_list() -> None:
    tools = [keyed_tool("delete_branch", "repo", "branch", required=["repo", "branch"])]
    pre = "Deleting the merged branches feature/cart and feature/wishlist."
    calls = [("delete_branch", {"repo": "shop", "branch": b})
             for b in ("feature/cart", "feature/wishlist")]
    assert recover_after(pre, tools, *calls).reason == "ok"
    r = recover_after(pre, tools, calls[0], ("delete_branch", {"repo": "shop", "branch": "main-x"}))
    assert r.reason != "ok"
