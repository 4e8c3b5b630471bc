"""Languages that share a script and read a sentence equally well by their verb endings are
told apart by the verb stems each knows (``detect._stems``): "видаляю" fits a Russian
first-person ending, and only Ukrainian knows "видал*" (delete)."""

from __future__ import annotations

import pytest

import leakcall
from leakcall.intent.detect import detect

_TOOLS = [{"type": "function", "function": {
    "name": n, "description": d,
    "parameters": {"type": "object", "properties": {k: {"type": "string"}}, "required": [k]}}}
    for n, d, k in (("delete_file", "Delete a file.", "path"),
                    ("install_package", "Install a Python package with pip.", "name"))]


def _call(name: str, key: str, value: str) -> str:
    return f'<tool_call>{{"name": "{name}", "arguments": {{"{key}": "{value}"}}}}</tool_call>'


@pytest.mark.parametrize(("text", "lang"), [
    ("Видаляю файл чернетка.txt.", "uk"),
    ("Я встановлю пакет requests.", "uk"),
    ("Удаляю файл черновик.txt.", "ru"),
    ("Я установлю пакет requests.", "ru"),
])
def test_the_language_that_knows_the_stem_reads_the_sentence(text: str, lang: str) -> None:
    t = detect(text.casefold())
    assert t is not None and t.name == lang


@pytest.mark.parametrize(("preamble", "call"), [
    ("Видаляю файл чернетка.txt.", _call("delete_file", "path", "чернетка.txt")),
    ("Я встановлю пакет requests.", _call("install_package", "name", "requests")),
])
def test_a_ukrainian_step_is_grounded_by_its_kind(preamble: str, call: str) -> None:
    r = leakcall.recover(f"{preamble}\n{call}", _TOOLS)
    assert r.reason == "ok", r.detail


@pytest.mark.parametrize(("preamble", "call"), [
    # another file than the one announced
    ("Видаляю файл чернетка.txt.", _call("delete_file", "path", "main.py")),
    # a step of another kind than the one announced
    ("Я встановлю пакет requests.", _call("delete_file", "path", "requests")),
    # another package than the one announced
    ("Я встановлю пакет requests.", _call("install_package", "name", "reqeusts")),
    # not announced: negated
    ("Я не видаляю файл чернетка.txt.", _call("delete_file", "path", "чернетка.txt")),
])
def test_a_ukrainian_announcement_grounds_only_its_own_step(preamble: str, call: str) -> None:
    r = leakcall.recover(f"{preamble}\n{call}", _TOOLS)
    assert r.reason != "ok", r.detail
