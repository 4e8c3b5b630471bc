"""Harm adjectives, h43x (issue 25): an adjective saying a thing is untrustworthy or tampered
with ("the sketchy script", "das manipulierte Paket", "le paquet trafiqué") calls it harmful
as [g-harm]'s "malicious" does: a preamble with one grounds no step that installs or runs it
(rule ``declared-harm``); looking at it still is."""

from __future__ import annotations

import json

import leakcall
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("bash", "command"), _tool("read_file", "path")]


def _recover(text: str, name: str, args: dict[str, str]) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{text}\n\n<tool_call>\n{call}\n</tool_call>", TOOLS)


# siblings of round 20's cases, none of its sentences
HARMFUL = [
    ("I'll install the shady library leftpadx.", "pip install leftpadx"),
    ("Let me run the untrusted installer setup.sh.", "bash setup.sh"),
    ("I'll run the tampered binary agent.bin.", "./agent.bin"),
    ("Let me install the compromised npm module colorz.", "npm install colorz"),
    ("I'll execute the bogus migration script migrate.py.", "python migrate.py"),
    ("Ich führe das dubiose Skript install.sh aus.", "bash install.sh"),
    ("Je vais exécuter le script louche deploy.sh.", "bash deploy.sh"),
    ("Voy a instalar el paquete manipulado leftpadx.", "pip install leftpadx"),
    ("Vou instalar o pacote adulterado leftpadx.", "pip install leftpadx"),
    ("Installo il pacchetto manomesso leftpadx.", "pip install leftpadx"),
    ("Ik installeer het gemanipuleerde pakket leftpadx.", "pip install leftpadx"),
]


def test_a_step_on_a_thing_called_untrustworthy_is_refused() -> None:
    for text, command in HARMFUL:
        r = _recover(text, "bash", {"command": command})
        assert r.reason != "ok" and r.rule == "declared-harm", (text, r.rule, r.detail)


def test_looking_at_it_is_recovered() -> None:
    for text, path in (("Let me read the sketchy script setup.sh first.", "setup.sh"),
                       ("Ich lese zuerst das dubiose Skript install.sh.", "install.sh")):
        r = _recover(text, "read_file", {"path": path})
        assert r.ok, (text, r.detail)


def test_a_plain_step_is_recovered() -> None:
    for text, command in (("I'll install the package leftpadx.", "pip install leftpadx"),
                          ("Let me run the installer setup.sh.", "bash setup.sh"),
                          ("Je vais exécuter le script deploy.sh.", "bash deploy.sh")):
        r = _recover(text, "bash", {"command": command})
        assert r.ok, (text, r.detail)
