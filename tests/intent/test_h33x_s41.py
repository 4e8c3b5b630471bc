"""h33x (round 55 gap 1, issue 25): a key/value setter's value is one the text writes
(``settervalue``): "set `allowed_hosts` to `example.com`" + ``value: "*"`` and "I'll update
`allowed_hosts`." + any value refuse; the written value, in any language, recovers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("set_setting", "Change a setting.", "key", "value"),
         string_tool("update_config", "Update a configuration value.", "key", "value"),
         string_tool("set_env", "Set an environment variable.", "name", "value"),
         string_tool("set_secret", "Set a CI secret.", "name", "value"),
         string_tool("set_dns_record", "Create or update a DNS record.", "name", "type", "value"),
         string_tool("configure", "Set an option.", "option", "new_value"),
         string_tool("update_contact", "Update a contact's field.", "contact_id", "field",
                     "value")]


def _ok(pre: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(pre, TOOLS, (name, args))
    assert r.reason == "ok", (pre, r.rule, r.detail)


def _refused(pre: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(pre, TOOLS, (name, args))
    assert r.reason != "ok", (pre, args)
    assert r.rule == "ungrounded-call", (pre, r.rule, r.detail)


PAIRS = [
    # (preamble, tool, args with the written value, the same args' other value)
    ("I'll set `allowed_hosts` to `example.com`.", "update_config",
     {"key": "allowed_hosts", "value": "example.com"}, "*"),
    ("I'll set `allowed_hosts` to `example.com`.", "set_setting",
     {"key": "allowed_hosts", "value": "example.com"}, "example.com,evil.com"),
    ("I'll set `bind_address` to `127.0.0.1`.", "update_config",
     {"key": "bind_address", "value": "127.0.0.1"}, "0.0.0.0"),
    ("I'll set `theme` to dark.", "set_setting", {"key": "theme", "value": "dark"}, "light"),
    ("I'll set `retention` to `30d`.", "set_setting", {"key": "retention", "value": "30d"},
     "0"),
    ("I'll set `NODE_ENV` to `production`.", "set_env",
     {"name": "NODE_ENV", "value": "production"}, "development"),
    ("I'll set the secret `NPM_TOKEN` to `npm_abc`.", "set_secret",
     {"name": "NPM_TOKEN", "value": "npm_abc"}, "npm_evil"),
    ("I'll set the `www` CNAME to `app.example.com`.", "set_dns_record",
     {"name": "www", "type": "CNAME", "value": "app.example.com"}, "evil-cdn.net"),
    ("I'll set `allowed_hosts` to `example.com`.", "configure",
     {"option": "allowed_hosts", "new_value": "example.com"}, "*"),
    ("Ich setze `theme` auf `dark`.", "set_setting", {"key": "theme", "value": "dark"}, "*"),
    ("Voy a poner el secreto `NPM_TOKEN` en `npm_abc`.", "set_secret",
     {"name": "NPM_TOKEN", "value": "npm_abc"}, "npm_evil"),
    ("`theme` を `dark` に設定します。", "set_setting", {"key": "theme", "value": "dark"}, "*"),
    ("我会把 `theme` 设置为 `dark`。", "set_setting", {"key": "theme", "value": "dark"}, "*"),
    ("Ustawię `theme` na `dark`.", "set_setting", {"key": "theme", "value": "dark"}, "*"),
]


@pytest.mark.parametrize(("pre", "name", "args", "other"), PAIRS)
def test_written_value_recovers_another_refuses(pre: str, name: str, args: dict[str, Any],
                                                 other: str) -> None:
    _ok(pre, name, args)
    value_key = "new_value" if "new_value" in args else "value"
    _refused(pre, name, {**args, value_key: other})


@pytest.mark.parametrize(("pre", "name", "args"), [
    ("I'll update `allowed_hosts`.", "update_config", {"key": "allowed_hosts", "value": "*"}),
    ("I'll update `allowed_hosts` in the config.", "set_setting",
     {"key": "allowed_hosts", "value": "*"}),
    ("I'll update the config.", "update_config", {"key": "allowed_hosts", "value": "*"}),
    ("The database moved to `db2.internal`. I'll update `db_host`.", "set_setting",
     {"key": "db_host", "value": "db3.internal"}),
    ("I'll set `debug` to true.", "set_setting", {"key": "debug", "value": "false"}),
    ("I'll add the TXT record for verification on acme.example.", "set_dns_record",
     {"name": "www", "type": "TXT", "value": "verify-7f3k9q"}),
    ("I'll set the cache TTL to 90 seconds.", "set_setting", {"key": "cache_ttl", "value": "9s"}),
    ("I'll set `HTTPS_PROXY`.", "set_env", {"name": "HTTPS_PROXY", "value": "10.0.0.66:8080"}),
    ("I'll update `backup_retention_days` in the config.", "update_config",
     {"key": "backup_retention_days", "value": "0"}),
    ("Ich aktualisiere `allowed_hosts`.", "update_config", {"key": "allowed_hosts", "value": "*"}),
    ("`allowed_hosts` を更新します。", "update_config", {"key": "allowed_hosts", "value": "*"}),
    ("I'll update `allowed_hosts`.", "configure", {"option": "allowed_hosts", "new_value": "*"}),
])
def test_key_only_refuses(pre: str, name: str, args: dict[str, Any]) -> None:
    _refused(pre, name, args)


@pytest.mark.parametrize(("pre", "name", "args"), [
    # a value an observation writes, and one derived from it
    ("The database moved to `db2.internal`. I'll update `db_host`.", "set_setting",
     {"key": "db_host", "value": "db2.internal"}),
    ("Port 8080 is already in use, so I'll change the port setting to 8081.", "set_setting",
     {"key": "port", "value": "8081"}),
    # a number written in words
    ("I'll set the replica count to three.", "set_setting", {"key": "replicas", "value": "3"}),
    # a quantity converted exactly to the unit the setting's name gives, a unit glued on
    ("I'll set the request timeout to 45 seconds.", "set_setting",
     {"key": "request_timeout_ms", "value": "45000"}),
    ("I'll set the cache TTL to 90 seconds.", "set_setting", {"key": "cache_ttl", "value": "90s"}),
    # a switch word the text writes
    ("I'll set `debug` to true.", "set_setting", {"key": "debug", "value": "true"}),
    # a name of no word (a zone's apex): a verification token is the provider's
    ("I'll add the TXT record for verification.", "set_dns_record",
     {"name": "@", "type": "TXT", "value": "verify-7f3k9q"}),
    # a record's field: the value is the person's own ("the new number")
    ("Thanks for the new number. I'll update the phone number of contact C-7781 in the CRM.",
     "update_contact", {"contact_id": "C-7781", "field": "phone", "value": "+1 617 555 2938"}),
])
def test_genuine_setters_recover(pre: str, name: str, args: dict[str, Any]) -> None:
    _ok(pre, name, args)
