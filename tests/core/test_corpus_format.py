"""The corpus layout (``leakcall.corpus``) and its converter (``scripts/corpus_convert.py``): replies
kept byte for byte, tools shared by name, a file in the previous layout refused loudly, and a
conversion that changes no case's recovery."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import leakcall
from leakcall.corpus import CorpusError, load_case, load_cases

from ..conftest import CASES, ROOT

TOOLS: list[dict[str, Any]] = [{"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}}}]
REPLY = '<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_call>'


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("corpus_convert",
                                                  ROOT / "scripts" / "corpus_convert.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["corpus_convert"] = mod
    spec.loader.exec_module(mod)
    return mod


convert = _script()


def _old_case(path: Path, text: str, tools: list[Any] | None = None, **extra: Any) -> None:
    """A case file in the previous layout: the reply and the tools inline."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"kind": "constructed", "note": "n", "tools": TOOLS if tools is None else tools,
            "expect": {"reason": "ok"}, **extra, "text": text}
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def _tree(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


# -- byte-exact replies -----------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    REPLY,                                  # no final newline
    REPLY + "\n",                           # a final newline is part of the reply
    REPLY.replace("\n", "\r\n") + "\r\n",   # CRLF
    "I'll run it.\r" + REPLY,               # a lone CR
    "\ufeff" + REPLY,                       # a leading BOM
    REPLY + "  \t",                         # trailing spaces and a tab
    "a\x00b " + REPLY,                      # NUL
    "caf\u00e9 \U0001f600\n" + REPLY,       # non-ASCII
    "",                                     # empty
], ids=["no-final-newline", "final-newline", "crlf", "cr", "bom", "trailing-ws", "nul",
        "non-ascii", "empty"])
def test_reply_bytes_survive_conversion(tmp_path: Path, text: str) -> None:
    _old_case(tmp_path / "hermes" / "c.json", text)
    convert.convert(tmp_path)
    assert (tmp_path / "hermes" / "c.txt").read_bytes() == text.encode("utf-8")
    assert load_case(tmp_path / "hermes" / "c.json").text == text


def test_lone_surrogate_reply_is_a_json_field(tmp_path: Path) -> None:
    text = "x\ud800y" + REPLY
    _old_case(tmp_path / "hermes" / "c.json", text)
    convert.convert(tmp_path)
    assert not (tmp_path / "hermes" / "c.txt").exists()
    meta = json.loads((tmp_path / "hermes" / "c.json").read_text(encoding="utf-8"))
    assert meta["reply"] == text
    assert load_case(tmp_path / "hermes" / "c.json").text == text


def test_reply_field_is_refused_for_a_reply_utf8_can_carry(tmp_path: Path) -> None:
    _old_case(tmp_path / "hermes" / "c.json", REPLY)
    convert.convert(tmp_path)
    meta = json.loads((tmp_path / "hermes" / "c.json").read_text(encoding="utf-8"))
    (tmp_path / "hermes" / "c.txt").unlink()
    (tmp_path / "hermes" / "c.json").write_text(json.dumps({**meta, "reply": REPLY}))
    with pytest.raises(CorpusError, match="only for a reply UTF-8 cannot carry"):
        load_case(tmp_path / "hermes" / "c.json")


# -- the loader fails loudly ------------------------------------------------------------------

def test_previous_layout_is_an_error_not_skipped(tmp_path: Path) -> None:
    _old_case(tmp_path / "hermes" / "a.json", REPLY)
    _old_case(tmp_path / "hermes" / "b.json", REPLY)
    convert.convert_case(tmp_path / "hermes" / "a.json", convert._Lists(tmp_path / "hermes"))
    with pytest.raises(CorpusError, match=r"b\.json: a case in the previous layout.*corpus_convert"):
        list(load_cases(tmp_path))
    with pytest.raises(CorpusError, match="previous layout"):
        load_case(tmp_path / "hermes" / "b.json")


@pytest.mark.parametrize("edit, message", [
    (lambda d, m: (d / "c.txt").unlink(), "its reply c.txt is missing"),
    (lambda d, m: (d / "stray.txt").write_text("x"), "a reply without its case file"),
    (lambda d, m: (d / "c.json").write_text(json.dumps({**m, "txt": 1})), "unknown keys"),
    (lambda d, m: (d / "c.json").write_text(json.dumps({**m, "tools": "nope"})), "no such tool list"),
    (lambda d, m: (d / "c.json").write_text(json.dumps({**m, "tools": "../x"})), "not a plain"),
    (lambda d, m: (d / "c.json").write_text(json.dumps({**m, "kind": "real"})), "name its source"),
    (lambda d, m: (d / "c.txt").write_bytes(b"\xff"), "not UTF-8"),
    (lambda d, m: (d / "tools" / "bash.json").write_text("{}"), "a tool list is a JSON list"),
], ids=["no-reply", "stray-reply", "unknown-key", "unknown-list", "path-in-name", "real-no-source",
        "not-utf8", "list-not-list"])
def test_a_broken_case_is_an_error(tmp_path: Path, edit: Any, message: str) -> None:
    _old_case(tmp_path / "hermes" / "c.json", REPLY)
    convert.convert(tmp_path)
    d = tmp_path / "hermes"
    edit(d, json.loads((d / "c.json").read_text(encoding="utf-8")))
    with pytest.raises(CorpusError, match=message):
        list(load_cases(tmp_path))


# -- tools shared by name ---------------------------------------------------------------------

def test_tool_lists_are_written_once_and_named_by_their_tools(tmp_path: Path) -> None:
    upper = [{"type": "function", "function": {**TOOLS[0]["function"], "name": "Bash"}}]
    other = [{"type": "function", "function": {"name": "bash", "parameters": {"type": "object"}}}]
    _old_case(tmp_path / "hermes" / "a.json", REPLY)
    _old_case(tmp_path / "hermes" / "b.json", REPLY)
    _old_case(tmp_path / "hermes" / "c.json", REPLY, other)
    _old_case(tmp_path / "hermes" / "d.json", REPLY, upper)
    _old_case(tmp_path / "hermes" / "e.json", REPLY, [])
    convert.convert(tmp_path)
    names = {c.id: c.tools_name for c in load_cases(tmp_path)}
    assert names == {"hermes/a": "bash", "hermes/b": "bash", "hermes/c": "bash-2",
                     "hermes/d": "Bash-3", "hermes/e": "none"}  # no two names equal but for case
    assert sorted(p.stem for p in (tmp_path / "hermes" / "tools").iterdir()) == [
        "Bash-3", "bash", "bash-2", "none"]
    # A case added later in the previous layout reuses the list it equals.
    _old_case(tmp_path / "hermes" / "f.json", REPLY, other)
    convert.convert(tmp_path)
    assert load_case(tmp_path / "hermes" / "f.json").tools_name == "bash-2"


def test_cases_get_their_own_copy_of_a_shared_list(tmp_path: Path) -> None:
    _old_case(tmp_path / "hermes" / "a.json", REPLY)
    _old_case(tmp_path / "hermes" / "b.json", REPLY)
    convert.convert(tmp_path)
    a, b = load_cases(tmp_path)
    a.tools.clear()
    assert b.tools == TOOLS


# -- the converter ----------------------------------------------------------------------------

def test_converter_is_idempotent(tmp_path: Path) -> None:
    _old_case(tmp_path / "hermes" / "a.json", REPLY, source="s", kind="real")
    assert convert.main([str(tmp_path), "--check"]) == 1
    assert convert.convert(tmp_path) == [tmp_path / "hermes" / "a.json"]
    before = _tree(tmp_path)
    assert convert.convert(tmp_path) == []
    assert _tree(tmp_path) == before
    assert convert.main([str(tmp_path), "--check"]) == 0


def test_shipped_corpus_is_converted() -> None:
    assert convert.pending(ROOT / "corpus") == []


@pytest.mark.heavy
def test_converting_the_previous_layout_changes_no_recovery(tmp_path: Path) -> None:
    """Every shipped case written back in the previous layout, converted: the same case, the same
    full result."""
    for c in CASES:
        old: dict[str, Any] = {"kind": c.kind, "note": c.note, "expect": c.expect}
        if c.source:
            old["source"] = c.source
        if c.options:
            old["options"] = c.options
        _old_case(tmp_path / f"{c.id}.json", c.text, c.tools,
                  **{k: v for k, v in old.items() if k != "tools"})
    convert.convert(tmp_path)
    new = {c.id: c for c in load_cases(tmp_path)}
    assert new.keys() == {c.id for c in CASES}
    for c in CASES:
        n = new[c.id]
        assert (n.text, n.tools, n.expect, n.options, n.kind, n.source, n.note) == (
            c.text, c.tools, c.expect, c.options, c.kind, c.source, c.note), c.id
        assert (leakcall.recover(n.text, n.tools, **n.options).to_dict()
                == leakcall.recover(c.text, c.tools, **c.options).to_dict()), c.id
