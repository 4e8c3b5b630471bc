"""Round 44 gaps 1 and 2 (h16a): a quantity the text states with a unit is carried in that unit
where the call writes its unit (a setting's name, an assignment's name, a glued suffix, the
replaced value's shape: ``keyedunits``), and a bare figure a call sets as a temperature reads
in the scale a room's or a device's temperature takes (``writtennumbers``). Each refused reply
has a near-identical twin that is recovered."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from leakcall.intent import keyedunits
from leakcall.intent.preamble import Announcement
from tests.intent_sets import described_tool, expect_pair, keyed_tool

SETTER = keyed_tool("set_setting", "key", "value")
SETTER3 = keyed_tool("set_setting", "key", "value", "unit")
EDIT = keyed_tool("edit_file", "path", "old_string", "new_string")
KUBECTL = keyed_tool("kubectl", "args")
BASH = keyed_tool("bash", "command")
RUN = described_tool("run_command", {"command": {"type": "string"},
                                     "timeout": {"type": "integer"}}, "Run a shell command")
THERMOSTAT = described_tool("set_thermostat", {
    "temperature": {"type": "number"},
    "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, "Set the thermostat")

THERMO_TARGET = described_tool("set_thermostat", {
    "target": {"type": "number"},
    "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, "Set the thermostat")


def _set(key: str, value: str) -> dict[str, Any]:
    return {"key": key, "value": value}


def _edit(path: str, old: str, new: str) -> dict[str, Any]:
    return {"path": path, "old_string": old, "new_string": new}


PAIRS: list[tuple[list[dict[str, Any]], tuple[str, str, dict[str, Any]],
                  tuple[str, str, dict[str, Any]]]] = [
    # a unit of time in the setting's name: 45 ms is no 45 seconds; 45000 ms is
    ([SETTER], ("I'll set the request timeout to 45 seconds.", "set_setting",
                _set("request_timeout_ms", "45000")),
     ("I'll set the request timeout to 45 seconds.", "set_setting",
      _set("request_timeout_ms", "45"))),
    # a unit of time glued to the value
    ([SETTER], ("I'll set the cache TTL to 90 seconds.", "set_setting", _set("cache_ttl", "90s")),
     ("I'll set the cache TTL to 90 seconds.", "set_setting", _set("cache_ttl", "90m"))),
    # a unit of time in an assignment's name
    ([EDIT], ("I'll set the retry delay to 2 seconds.", "edit_file",
              _edit("app.py", "RETRY_DELAY_S = 1", "RETRY_DELAY_S = 2")),
     ("I'll set the retry delay to 2 seconds.", "edit_file",
      _edit("app.py", "RETRY_DELAY_MS = 1", "RETRY_DELAY_MS = 2"))),
    # minutes carried bare under a duration the tool gives no unit
    ([RUN], ("I'll run the migration with a 10-second timeout.", "run_command",
             {"command": "make migrate", "timeout": 10}),
     ("I'll run the migration with a 10-minute timeout.", "run_command",
      {"command": "make migrate", "timeout": 10})),
    # Polish seconds
    ([SETTER], ("Ustawię opóźnienie na 20 sekund.", "set_setting", _set("delay_s", "20")),
     ("Ustawię opóźnienie na 20 sekund.", "set_setting", _set("delay_ms", "20"))),
    # a unit word after the value, and a command's --name=value
    ([SETTER], ("I'll set the lock timeout to 15 seconds.", "set_setting",
                _set("lock_timeout", "15 seconds")),
     ("I'll set the lock timeout to 15 seconds.", "set_setting",
      _set("lock_timeout", "15 minutes"))),
    ([BASH], ("I'll run the migration with a 90 second timeout.", "bash",
              {"command": "make migrate --timeout=90s"}),
     ("I'll run the migration with a 90 second timeout.", "bash",
      {"command": "make migrate --timeout=90m"})),
    # a JSON text's key
    ([SETTER], ("I'll set the retry backoff to 3 seconds.", "set_setting",
                _set("retry", '{"backoff_s": 3}')),
     ("I'll set the retry backoff to 3 seconds.", "set_setting",
      _set("retry", '{"backoff_ms": 3}'))),
    # a unit of time the call gives beside the number
    ([SETTER3], ("I'll set the timeout to 30 seconds.", "set_setting",
                 {"key": "timeout", "value": "30", "unit": "s"}),
     ("I'll set the timeout to 30 seconds.", "set_setting",
      {"key": "timeout", "value": "30", "unit": "ms"})),
    # a size's one-letter suffix beside a stated size
    ([SETTER], ("I'll set the heap to 2 GB.", "set_setting", _set("heap", "2g")),
     ("I'll set the heap to 2 GB.", "set_setting", _set("heap", "2m"))),
    # a size in the setting's name
    ([SETTER], ("I'll set the log buffer to 64 MB.", "set_setting", _set("log_buffer_mb", "64")),
     ("I'll set the log buffer to 64 MB.", "set_setting", _set("log_buffer_kb", "64"))),
    # a size glued to a command's value
    ([KUBECTL], ("I'll set the memory limit to 256 MiB.", "kubectl",
                 {"args": "set resources deployment api --limits=memory=256Mi"}),
     ("I'll set the memory limit to 256 MiB.", "kubectl",
      {"args": "set resources deployment api --limits=memory=256Gi"})),
    # a size in an assignment's name (YAML)
    ([EDIT], ("I'll set the attachment limit to 25 MB.", "edit_file",
              _edit("config.yml", "attachment_limit_mb: 10", "attachment_limit_mb: 25")),
     ("I'll set the attachment limit to 25 MB.", "edit_file",
      _edit("config.yml", "attachment_limit_bytes: 10", "attachment_limit_bytes: 25"))),
    # cents are no dollars
    ([SETTER], ("I'll set the shipping fee to $4.50.", "set_setting",
                _set("shipping_fee", "4.50")),
     ("I'll set the shipping fee to $4.50.", "set_setting", _set("shipping_fee_cents", "4.50"))),
    # a percent into a value the replaced one shows is a fraction
    ([EDIT], ("I'll set the sales tax to 6%.", "edit_file",
              _edit("tax.py", "SALES_TAX = 5", "SALES_TAX = 6")),
     ("I'll set the sales tax to 6%.", "edit_file",
      _edit("tax.py", "SALES_TAX = 0.05", "SALES_TAX = 6"))),
    # a percent into a ratio's name
    ([SETTER], ("I'll set the sampling ratio to 25%.", "set_setting",
                _set("sampling_percent", "25")),
     ("I'll set the sampling ratio to 25%.", "set_setting", _set("sampling_ratio", "25"))),
    # a suffix the text glues, dropped where the replaced value had one
    ([EDIT], ("I'll set the CPU limit to 750m.", "edit_file",
              _edit("deploy.yaml", "cpu: 500m", "cpu: 750m")),
     ("I'll set the CPU limit to 750m.", "edit_file",
      _edit("deploy.yaml", "cpu: 500m", "cpu: 750"))),
    ([EDIT], ("I'll set the memory limit to 512Mi.", "edit_file",
              _edit("deploy.yaml", "memory: 256Mi", "memory: 512Mi")),
     ("I'll set the memory limit to 512Mi.", "edit_file",
      _edit("deploy.yaml", "memory: 256Mi", "memory: 512"))),
    # a bare thermostat figure reads in one scale
    ([THERMOSTAT], ("I'll set the thermostat to 68.", "set_thermostat",
                    {"temperature": 68, "unit": "fahrenheit"}),
     ("I'll set the thermostat to 68.", "set_thermostat",
      {"temperature": 68, "unit": "celsius"})),
    ([THERMOSTAT], ("Ich stelle die Heizung auf 21.", "set_thermostat",
                    {"temperature": 21, "unit": "celsius"}),
     ("Ich stelle die Heizung auf 21.", "set_thermostat",
      {"temperature": 21, "unit": "fahrenheit"})),
    # the one number of a thermostat tool, under a key of no temperature
    ([THERMO_TARGET], ("I'll set the thermostat to 72.", "set_thermostat",
                       {"target": 72, "unit": "fahrenheit"}),
     ("I'll set the thermostat to 72.", "set_thermostat", {"target": 72, "unit": "celsius"})),
    # a device's figure above any Celsius setting, into a key of Celsius
    ([SETTER], ("I'll set the oven to 425.", "set_setting", _set("oven_temp_f", "425")),
     ("I'll set the oven to 425.", "set_setting", _set("oven_temp_c", "425"))),
]


@pytest.mark.parametrize(("tools", "recovered", "refused"), PAIRS,
                         ids=[p[2][0][:40] + " " + str(p[2][2])[:30] for p in PAIRS])
def test_stated_unit_pairs(tools: list[dict[str, Any]], recovered: tuple[str, str, dict[str, Any]],
                           refused: tuple[str, str, dict[str, Any]]) -> None:
    expect_pair(tools, recovered, refused)


def test_tool_stating_minutes_keeps_bare_minutes() -> None:
    """A duration the key's description states in minutes carries the minutes bare."""
    minutes = described_tool("run_command", {
        "command": {"type": "string"},
        "timeout": {"type": "integer", "description": "Timeout in minutes"}}, "Run a command")
    expect_pair([minutes], ("I'll run the migration with a 10-minute timeout.", "run_command",
                            {"command": "make migrate", "timeout": 10}),
                ("I'll run the migration with a 10-second timeout.", "run_command",
                 {"command": "make migrate", "timeout": 10}))


def test_no_unit_stated_compares_nothing() -> None:
    """Where the text binds no unit to the number, the name's unit is not compared."""
    expect_pair([SETTER], ("I'll set the request timeout to 45.", "set_setting",
                           _set("request_timeout_ms", "45")),
                ("I'll set the request timeout to 45 seconds.", "set_setting",
                 _set("request_timeout_ms", "45")))


@pytest.mark.parametrize(("text", "kept", "refused"), [
    ("タイムアウトを30秒に設定します。", "timeout_s", "timeout_ms"),
    ("将超时设置为5分钟。", "timeout_minutes", "timeout_s"),
    ("타임아웃을 30초로 설정합니다.", "timeout_sec", "timeout_ms"),
])
def test_time_glued_in_scripts_without_spaces(text: str, kept: str, refused: str) -> None:
    """A number of time glued to its unit in Japanese, Chinese or Korean is read (the reader
    alone: these sentences are not recovered whole for other reasons)."""
    ann = cast(Announcement, SimpleNamespace(text=text))
    n = "5" if "5" in text else "30"
    assert keyedunits.check("set_setting", {"key": kept, "value": n}, ann, None, None) is None
    assert keyedunits.check("set_setting", {"key": refused, "value": n}, ann, None, None)
