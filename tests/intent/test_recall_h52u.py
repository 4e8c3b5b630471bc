"""Recall widenings of h52u (issue 25): a Chinese coverb of place, source or target before the
verb ([g-coverb-place]: "我先在项目里搜索"), the German genitive article after a noun
([g-genitive]: "den Status der Bestellung") and a clause of what comes later with a subject of
its own on an observing step ("before I make any changes", ``relatives.opens_later``), and a
relative clause with no pronoun whose subject is "it" ("every place it is used"); each
with the nearest replies that stay refused."""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.intent_sets import expect_recovered, expect_refused, recover_call
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("bash", "command"), _tool("read_file", "path"), _tool("delete_file", "path"),
         _tool("get_order_status", "order_id"), _tool("cancel_order", "order_id"),
         _tool("send_email", "to", "body"), _tool("search_code", "query", "path"),
         _tool("get_weather", "city"), _tool("edit_file", "path", "old", "new")]


_recover = partial(recover_call, tools=TOOLS)


def _ok(pre: str, name: str, args: dict[str, Any]) -> None:
    expect_recovered(_recover(pre, name, args), pre, "action-preamble")


def _refused(pre: str, name: str, args: dict[str, Any], rule: str) -> None:
    expect_refused(_recover(pre, name, args), pre, rule)


# -- zh: a coverb phrase of place or source before the verb -----------------------------------

def test_place_coverb_before_the_verb() -> None:
    _ok("我先在项目里搜索一下 print 调用出现的位置。", "search_code", {"query": "print("})
    _ok("我来在 src 目录中搜索 TODO。", "search_code", {"query": "TODO", "path": "src"})
    _ok("我从 config.yaml 读取配置。", "read_file", {"path": "config.yaml"})


def test_place_coverb_keeps_what_refuses() -> None:
    # the phrase moves, the verb stays the step: a search grounds no delete
    _refused("我先在项目里搜索一下 print 调用出现的位置。", "delete_file", {"path": "a.py"},
             "ungrounded-call")
    # a place the call does not carry is still named
    _refused("我来在生产环境里删除 a.txt。", "delete_file", {"path": "a.txt"}, "ungrounded-call")
    _refused("我来在张伟的电脑上删除 a.txt。", "delete_file", {"path": "a.txt"},
             "ungrounded-call")
    # a time in the coverb's place still waits
    _refused("我来在明天删除 a.txt。", "delete_file", {"path": "a.txt"}, "conditional")
    # the first verb of a kind after the phrase is the step: a run grounds no delete
    _refused("我来对数据库执行删除。", "delete_file", {"path": "prod.db"}, "ungrounded-call")
    # an example in the coverb's phrase still frames the step
    _refused("我在示例里运行 rm -rf。", "bash", {"command": "rm -rf /"}, "declared-example")
    # a setting where nothing runs, in the coverb's phrase, frames the step ([g-framing])
    _refused("我先在纸上运行清理脚本。", "bash", {"command": "sh cleanup.sh"}, "declared-example")
    _refused("我来在脑子里运行清理脚本。", "bash", {"command": "sh cleanup.sh"}, "declared-example")
    # another coverb inside the phrase starts a phrase of its own: no reading
    _refused("我来在 src 里给张伟发送报告。", "send_email", {"to": "li@x.cn", "body": "x"},
             "unknown-preamble")


# -- de: the genitive article after a noun of the object --------------------------------------

def test_genitive_article_after_a_noun() -> None:
    _ok("Ich prüfe den Status der Bestellung 55012.", "get_order_status", {"order_id": "55012"})
    _ok("Ich lese den Inhalt der Datei config.yaml.", "read_file", {"path": "config.yaml"})
    _ok("Ich lese die Größe eines Fensters.", "read_file", {"path": "a.txt"})


def test_genitive_article_keeps_what_refuses() -> None:
    _refused("Ich prüfe den Status der Bestellung 55012.", "cancel_order",
             {"order_id": "55012"}, "ungrounded-call")
    # a subject after it is no owner: the other party still refuses
    _refused("Ich prüfe den Status der Bestellung der Kunde storniert sie.", "cancel_order",
             {"order_id": "55012"}, "other-actor")
    _refused("Ich lese die Datei der Admin gelöscht hat.", "delete_file", {"path": "a.txt"},
             "other-actor")
    # the object's owner is named: a call that does not carry it is no step announced
    _refused("Ich lösche den Ordner der Gruppe alpha.", "delete_file", {"path": "/tmp/beta"},
             "ungrounded-call")


# -- en: "before" + a subject of its own on an observing step ----------------------------------

def test_later_clause_on_an_observing_step() -> None:
    _ok("Let me check git status before I make any changes.", "bash", {"command": "git status"})
    _ok("I'll check the weather in Chicago before you head out.", "get_weather",
        {"city": "Chicago"})


def test_later_clause_keeps_what_refuses() -> None:
    # the later clause's verbs take no step
    _refused("Let me check the logs before I delete the database.", "delete_file",
             {"path": "db.sqlite"}, "ungrounded-call")
    _refused("Let me check the logs before you run rm -rf.", "bash", {"command": "rm -rf /"},
             "ungrounded-call")
    # on a step that changes something it may be a condition: no reading
    _refused("I'll delete the cache before I run the tests.", "delete_file",
             {"path": "cache.db"}, "unknown-preamble")
    # another party and a time to come still refuse
    _refused("Let me check the logs before the DBA deletes them.", "read_file",
             {"path": "logs/a.log"}, "other-actor")
    _refused("Let me check git status before I commit tomorrow.", "bash",
             {"command": "git commit -am x"}, "conditional")


# -- en: a relative clause with no pronoun, its subject "it", on an observing step --------------

def test_zero_relative_on_an_observing_step() -> None:
    _ok("Let me find every place it is used.", "search_code", {"query": "parse_config"})
    _ok("Let me check the log it is writing to.", "read_file", {"path": "app.log"})


def test_zero_relative_keeps_what_refuses() -> None:
    # the clause's verbs take no step
    _refused("Let me find every place it is used.", "delete_file", {"path": "a.py"},
             "ungrounded-call")
    _refused("Let me check the script it is going to run.", "bash", {"command": "./deploy.sh"},
             "ungrounded-call")
    # on a step that changes something the clause may widen its scope: no reading
    _refused("I'll delete every place it is used.", "delete_file", {"path": "a.py"},
             "unknown-preamble")
    # a noun phrase subject stays two phrases juxtaposed
    _refused("Let me read the file the user is sending.", "read_file", {"path": "a.txt"},
             "unknown-preamble")
