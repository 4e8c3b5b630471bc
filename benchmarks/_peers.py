"""Regex parsers to compare against: tooletta from PyPI where it speaks the format, else a local
re-implementation of the serving engines' regex approach (labelled as such, never as a package).

A peer counts for a family only when it returns exactly the calls leakcall returned for the same
reply (same names, same argument objects); otherwise the comparison would be meaningless.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

__all__ = ["TOOLETTA_REQUIREMENT", "Peer", "peers_for", "scaling_peer", "tooletta_note"]

Calls = list[tuple[str, dict[str, Any]]]

TOOLETTA_REQUIREMENT = "tooletta==0.1.0"
"""The peer's exact requirement. Its metadata says Requires-Python >=3.12, but its code runs on
3.11 (it only needs typing.Self); install with
``pip install --no-deps --ignore-requires-python tooletta==0.1.0``."""


@dataclass(frozen=True)
class Peer:
    """A parser to time: ``label`` says exactly what it is."""

    label: str
    parse: Callable[[str], Calls]


# --- tooletta (PyPI) -------------------------------------------------------------------------

# Dialects that read a tool-call envelope out of free text (not the plain-JSON ones).
_TOOLETTA_DIALECTS = ("hermes", "deepseek", "kimi-k2", "mistral", "kimi")


def _tooletta_version() -> str | None:
    try:
        return metadata.version("tooletta")
    except metadata.PackageNotFoundError:
        return None


def tooletta_note() -> str | None:
    """None when tooletta is importable, else the note to print."""
    if _tooletta_version() is None:
        return (f"note: the PyPI peer is not installed, its column is skipped; install it with "
                f"`pip install --no-deps --ignore-requires-python {TOOLETTA_REQUIREMENT}`")
    try:
        importlib.import_module("tooletta")
    except Exception as e:  # pragma: no cover - depends on the environment
        return f"note: tooletta is installed but does not import ({e!r}); its column is skipped"
    return None


def _tooletta(dialect: str) -> Peer:
    tooletta = importlib.import_module("tooletta")

    def parse(text: str) -> Calls:
        return [(c.name, c.arguments) for c in tooletta.parse_tool_calls(text, dialect=dialect)]

    return Peer(f"tooletta {_tooletta_version()} (PyPI, dialect {dialect!r})", parse)


# --- local re-implementations ------------------------------------------------------------------
# Written for this benchmark after the approach of vLLM's / SGLang's parsers: non-greedy DOTALL
# regexes for the block, each call and each parameter, then json.loads. Not a PyPI package.

_DSML_BLOCK = re.compile(r"<｜DSML｜(function_calls|tool_calls)>(.*?)</｜DSML｜\1>", re.DOTALL)
_DSML_INVOKE = re.compile(r'<｜DSML｜invoke\s+name="([^"]+)"\s*>(.*?)</｜DSML｜invoke>',
                          re.DOTALL)
_DSML_PARAM = re.compile(
    r'<｜DSML｜parameter\s+name="([^"]+)"\s+string="(true|false)"\s*>(.*?)</｜DSML｜parameter>',
    re.DOTALL)


def _dsml_regex(text: str) -> Calls:
    out: Calls = []
    for block in _DSML_BLOCK.finditer(text):
        for inv in _DSML_INVOKE.finditer(block.group(2)):
            args: dict[str, Any] = {}
            for p in _DSML_PARAM.finditer(inv.group(2)):
                value: Any = p.group(3)
                if p.group(2) == "false":
                    with contextlib.suppress(ValueError):  # engines keep undecodable text
                        value = json.loads(value)
                args[p.group(1)] = value
            out.append((inv.group(1), args))
    return out


_R1_CALL = re.compile(
    r"<｜tool▁call▁begin｜>(?P<type>.*?)<｜tool▁sep｜>(?P<name>.*?)\n```json\n(?P<args>.*?)\n```"
    r"\s*<｜tool▁call▁end｜>", re.DOTALL)
_R1_BLOCK = re.compile(r"<｜tool▁calls▁begin｜>(.*?)<｜tool▁calls▁end｜>", re.DOTALL)


def _deepseek_r1_regex(text: str) -> Calls:
    out: Calls = []
    for block in _R1_BLOCK.finditer(text):
        for m in _R1_CALL.finditer(block.group(1)):
            out.append((m.group("name").strip(), json.loads(m.group("args"))))
    return out


_LOCAL: dict[str, Peer] = {
    "dsml": Peer("local regex re-implementation of vLLM/SGLang deepseekv32 (not PyPI)",
                 _dsml_regex),
    "deepseek_r1": Peer("local regex re-implementation of vLLM deepseekv3 (not PyPI)",
                        _deepseek_r1_regex),
}


def _same(a: Calls, b: Calls) -> bool:
    return len(a) == len(b) and all(
        n1 == n2 and json.dumps(a1, sort_keys=True) == json.dumps(a2, sort_keys=True)
        for (n1, a1), (n2, a2) in zip(a, b, strict=True))


def peers_for(family: str, text: str, expected: Calls) -> tuple[Peer | None, str]:
    """The first peer that reads ``text`` into exactly ``expected``, and a note on the search."""
    differ: list[str] = []
    candidates: list[Peer] = []
    if tooletta_note() is None:
        candidates += [_tooletta(d) for d in _TOOLETTA_DIALECTS]
    if family in _LOCAL:
        candidates.append(_LOCAL[family])
    for peer in candidates:
        try:
            got = peer.parse(text)
        except Exception:  # a peer that cannot read this format raises; try the next
            continue
        if _same(got, expected):
            return peer, ""
        if got:
            differ.append(peer.label)
    if differ:
        return None, "none (" + "; ".join(differ) + ": different calls)"
    return None, "none (no peer reads this format)"


def scaling_peer(family: str) -> Peer | None:
    """The peer for the scaling rows: tooletta's hermes dialect, else the local regex."""
    if family == "hermes" and tooletta_note() is None:
        return _tooletta("hermes")
    return _LOCAL.get(family)
