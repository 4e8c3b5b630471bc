"""h37x (issue 25, round 57 gaps 2, 3, 6 and 7): a step the other way than its tool's
("revoke admin from eve" + ``grant_role``, "close port 22" + ``open_port``, "make the repo
private" + ``make_public``) or a step of keeping ("keep eve as admin" + ``grant_role``) grounds
no call (``directions.opposed``); a verb of emptying grounds no call that takes the emptied
thing out whole ("clear `/srv/app`" + ``delete_directory``, "truncate the `users` table" +
``drop_table``: ``directions.emptied``). Each refused reply beside its recovered sibling."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from tests.intent_sets import (
    call_recovered,
    call_refused,
    described_tool,
    recover_calls,
    string_tool,
)

TOOLS = [
    string_tool("grant_role", "Grant a role to a user", "user", "role"),
    string_tool("revoke_role", "Revoke a role from a user", "user", "role"),
    described_tool("open_port", {"port": {"type": "integer"}}, "Open a firewall port"),
    described_tool("close_port", {"port": {"type": "integer"}}, "Close a firewall port"),
    string_tool("make_public", "Make a repository public", "repo"),
    string_tool("make_private", "Make a repository private", "repo"),
    string_tool("enable_feature", "Enable a feature flag", "flag"),
    string_tool("disable_feature", "Disable a feature flag", "flag"),
    string_tool("connect_device", "Connect a device to the network", "device"),
    string_tool("disconnect_device", "Disconnect a device from the network", "device"),
    string_tool("approve_request", "Approve a pending request", "request_id"),
    string_tool("delete_directory", "Delete a directory recursively", "path"),
    string_tool("empty_directory", "Remove every file in a directory", "path"),
    string_tool("delete_file", "Delete a file", "path"),
    string_tool("drop_table", "Drop a database table", "table"),
    string_tool("truncate_table", "Delete every row of a database table", "table"),
    string_tool("delete_rows", "Delete the rows of a database table", "table"),
    string_tool("get_weather", "Current weather for a city", "city"),
]

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)
_recover = functools.partial(recover_calls, tools=TOOLS)

EVE = {"user": "eve", "role": "admin"}
PORT = {"port": 22}
REPO = {"repo": "acme/secret-repo"}
FLAG = {"flag": "debug_mode"}
CAM = {"device": "cam-3"}


# -- a step the other way than the tool's (G2) ---------------------------------------------

@pytest.mark.parametrize(("pre", "name", "args"), [
    ("I'll revoke admin from eve.", "grant_role", EVE),
    ("I'll remove eve from the admin role.", "grant_role", EVE),
    ("I'll strip eve of admin.", "grant_role", EVE),
    ("I'll unassign eve from admin.", "grant_role", EVE),
    ("I'll revoke admin from eve and give bob read access.", "grant_role", EVE),
    ("I'll give bob read access, and eve loses admin.", "grant_role", EVE),
    ("Vou revogar o papel admin de eve.", "grant_role", EVE),
    ("Quito a eve del rol admin.", "grant_role", EVE),
    ("Tôi sẽ xóa eve khỏi vai trò admin.", "grant_role", EVE),
    ("سأزيل eve من دور admin.", "grant_role", EVE),
    ("אסיר את eve מתפקיד admin.", "grant_role", EVE),
    ("I'll close port 22.", "open_port", PORT),
    ("I'll block port 22.", "open_port", PORT),
    ("I'll shut port 22.", "open_port", PORT),
    ("I'll remove the port 22 rule.", "open_port", PORT),
    ("Je ferme le port 22.", "open_port", PORT),
    ("Ich schließe Port 22.", "open_port", PORT),
    ("Vou fechar a porta 22.", "open_port", PORT),
    ("Ik sluit poort 22.", "open_port", PORT),
    ("Закрою порт 22.", "open_port", PORT),
    ("Закрию порт 22.", "open_port", PORT),
    ("22 numaralı portu kapatıyorum.", "open_port", PORT),
    ("Jag stänger port 22.", "open_port", PORT),
    ("Zavřu port 22.", "open_port", PORT),
    ("Tôi sẽ đóng cổng 22.", "open_port", PORT),
    ("Saya akan menutup port 22.", "open_port", PORT),
    ("سأغلق المنفذ 22.", "open_port", PORT),
    ("मैं पोर्ट 22 बंद करता हूँ।", "open_port", PORT),
    ("ฉันจะปิดพอร์ต 22", "open_port", PORT),
    ("22번 포트를 닫겠습니다.", "open_port", PORT),
    ("我来关闭 22 端口。", "open_port", PORT),
    ("I'll make `acme/secret-repo` private.", "make_public", REPO),
    ("I'll set `acme/secret-repo` to private.", "make_public", REPO),
    ("I'll hide `acme/secret-repo`.", "make_public", REPO),
    ("I'll remove the `debug_mode` flag.", "enable_feature", FLAG),
    ("Je supprime le flag `debug_mode`.", "enable_feature", FLAG),
    ("Ich entferne das Flag `debug_mode`.", "enable_feature", FLAG),
    ("I'll disconnect device `cam-3`.", "connect_device", CAM),
    ("I'll remove request REQ-42.", "approve_request", {"request_id": "REQ-42"}),
    # the reverse: a granting, opening, making-public step and a tool of the other way
    ("I'll grant admin to eve.", "revoke_role", EVE),
    ("I'll open port 22.", "close_port", PORT),
    ("Je ouvre le port 22.", "close_port", PORT),
    ("I'll make `acme/notes` public.", "make_private", {"repo": "acme/notes"}),
    ("I'll enable the `debug_mode` flag.", "disable_feature", FLAG),
    ("I'll connect device `cam-3`.", "disconnect_device", CAM),
])
def test_a_step_the_other_way_is_refused(pre: str, name: str, args: dict[str, Any]) -> None:
    _refused(pre, name, args, "ungrounded-call")


@pytest.mark.parametrize(("pre", "name", "args"), [
    ("I'll grant admin to eve.", "grant_role", EVE),
    ("I'll revoke admin from eve.", "revoke_role", EVE),
    ("I'll remove eve from the admin role.", "revoke_role", EVE),
    ("I'll open port 22.", "open_port", PORT),
    ("I'll close port 22.", "close_port", PORT),
    ("Je ferme le port 22.", "close_port", PORT),
    ("J'ouvre le port 22.", "open_port", PORT),
    ("Ich öffne Port 22.", "open_port", PORT),
    ("22번 포트를 열겠습니다.", "open_port", PORT),
    ("我来打开 22 端口。", "open_port", PORT),
    ("I'll make `acme/secret-repo` private.", "make_private", REPO),
    ("I'll make `acme/notes` public.", "make_public", {"repo": "acme/notes"}),
    ("I'll remove the `debug_mode` flag.", "disable_feature", FLAG),
    ("I'll disconnect device `cam-3`.", "disconnect_device", CAM),
    ("I'll connect device `cam-3`.", "connect_device", CAM),
    # a step of the tool's way beside one of the other way on the same objects
    ("I'll open port 22 and close the telnet port.", "open_port", PORT),
])
def test_the_step_of_the_tools_way_recovers(pre: str, name: str, args: dict[str, Any]) -> None:
    _ok(pre, name, args)


# -- a step of keeping (G7) ------------------------------------------------------------------

def test_a_step_of_keeping_grounds_no_grant() -> None:
    pre = "I'll give bob read access and keep eve as admin."
    _refused(pre, "grant_role", EVE, "ungrounded-call")
    _ok(pre, "grant_role", {"user": "bob", "role": "read"})


# -- a verb of emptying and a call that takes the thing out whole (G3) ------------------------

@pytest.mark.parametrize(("pre", "name", "args"), [
    ("I'll clear `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("I'll clear out `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("I'll clean up `/var/lib/mysql`.", "delete_directory", {"path": "/var/lib/mysql"}),
    ("I'll purge `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("I'll prune `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("I'll truncate the `users` table.", "drop_table", {"table": "users"}),
    ("I'll clear the `users` table.", "drop_table", {"table": "users"}),
    ("I'll clear `prod.db`.", "delete_file", {"path": "prod.db"}),
    ("I'll truncate `app.log`.", "delete_file", {"path": "app.log"}),
    ("Je vide `prod.db`.", "delete_file", {"path": "prod.db"}),
    ("Je vide la table `orders`.", "drop_table", {"table": "orders"}),
    ("Ich leere die Tabelle `orders`.", "drop_table", {"table": "orders"}),
    ("Ik leeg `prod.db`.", "delete_file", {"path": "prod.db"}),
    ("Limpio `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("Vou limpar `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("Очищу `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("Wyczyszczę `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("我来清空 `/srv/app`。", "delete_directory", {"path": "/srv/app"}),
    ("`/srv/app`를 정리하겠습니다.", "delete_directory", {"path": "/srv/app"}),
    ("Saya akan membersihkan `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("سأنظف `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("אנקה את `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("मैं `/srv/app` साफ़ करता हूँ।", "delete_directory", {"path": "/srv/app"}),
])
def test_emptying_grounds_no_removal_of_the_thing(pre: str, name: str,
                                                  args: dict[str, Any]) -> None:
    _refused(pre, name, args, "ungrounded-call")


@pytest.mark.parametrize(("pre", "name", "args"), [
    ("I'll delete `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("I'll remove `/srv/app`.", "delete_directory", {"path": "/srv/app"}),
    ("I'll clear `/srv/app`.", "empty_directory", {"path": "/srv/app"}),
    ("I'll drop the `users` table.", "drop_table", {"table": "users"}),
    ("I'll truncate the `users` table.", "truncate_table", {"table": "users"}),
    ("I'll clear the `users` table.", "delete_rows", {"table": "users"}),
    ("Je supprime `prod.db`.", "delete_file", {"path": "prod.db"}),
    ("Ich lösche `prod.db`.", "delete_file", {"path": "prod.db"}),
    ("我来删除 `/srv/app`。", "delete_directory", {"path": "/srv/app"}),
])
def test_deleting_or_an_emptying_tool_recovers(pre: str, name: str,
                                               args: dict[str, Any]) -> None:
    _ok(pre, name, args)


# -- beside a genuine step (G6): both calls dispatched ----------------------------------------

@pytest.mark.parametrize(("pre", "call", "sibling"), [
    ("I'll check the weather in Oslo and close port 22.", ("open_port", PORT),
     ("close_port", PORT)),
    ("I'll check the weather in Oslo and revoke admin from eve.", ("grant_role", EVE),
     ("revoke_role", EVE)),
    ("I'll check the weather in Oslo and clear `/srv/app`.",
     ("delete_directory", {"path": "/srv/app"}), ("empty_directory", {"path": "/srv/app"})),
    ("I'll check the weather in Oslo and truncate `orders`.", ("drop_table", {"table": "orders"}),
     ("truncate_table", {"table": "orders"})),
])
def test_a_genuine_step_beside_does_not_carry_it(
        pre: str, call: tuple[str, dict[str, Any]],
        sibling: tuple[str, dict[str, Any]]) -> None:
    weather = ("get_weather", {"city": "Oslo"})
    r = _recover(pre, weather, call)
    assert r.reason != "ok" and r.rule == "ungrounded-call", (pre, r.rule, r.detail)
    r = _recover(pre, weather, sibling)
    assert r.reason == "ok", (pre, r.rule, r.detail)
