"""Corpus cases, one reply each: ``corpus/<family>/<case>.txt`` holds the reply exactly as the model
wrote it, ``corpus/<family>/<case>.json`` what is known about it, and
``corpus/<family>/tools/<name>.json`` each tool list the family's cases advertise (a JSON list of
OpenAI tools, shared by name).

Case fields (the ``.json``): ``kind`` (``real`` or ``constructed``), ``source`` (required for real
captures), ``note`` (why), ``tools`` (the name of a list in ``tools/``), optional ``options``
(keyword arguments for ``recover``), ``expect`` (``reason``, optional ``calls``), optional
``capture_expect`` (the capture's own label when it differs), ``tools_inferred`` (the capture did
not record its tools) and ``reply`` (only for a reply UTF-8 cannot carry, one with a lone
surrogate: the reply as a JSON string, and no ``.txt``).

The ``.txt`` is the reply's UTF-8 bytes, nothing added or removed: read as bytes, so CR, CRLF, a
leading BOM, NUL, trailing spaces and a missing final newline are all kept. A file in the
previous layout (the reply in a ``text`` field, tools copied inline) is an error, never skipped:
``python scripts/corpus_convert.py`` converts it.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["CASE_KEYS", "TOOLS_DIR", "Case", "CorpusError", "load_case", "load_cases",
           "load_tool_list", "reply_bytes"]

TOOLS_DIR = "tools"
"""The folder of a family's named tool lists, beside its cases."""

CASE_KEYS = frozenset({"kind", "source", "note", "tools", "tools_inferred", "options", "expect",
                       "capture_expect", "reply"})
"""Every key a case's ``.json`` may hold; any other key is an error (a typo would be silent)."""

_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*")
_CONVERT = "run `python scripts/corpus_convert.py`"


class CorpusError(ValueError):
    """A corpus file that does not follow the layout; the message names the file and the fix."""


@dataclass(frozen=True)
class Case:
    """One corpus case."""

    id: str
    path: Path
    family: str
    kind: str
    text: str
    tools: list[Any]
    expect: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    note: str = ""
    tools_name: str = ""


def reply_bytes(text: str) -> bytes | None:
    """The exact bytes of ``text`` in a ``.txt``, or None when UTF-8 cannot carry it (a lone
    surrogate): such a reply goes in the case's ``reply`` field instead."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return None


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise CorpusError(f"{path}: not UTF-8 JSON ({e})") from None


def load_tool_list(family_dir: Path, name: str) -> list[Any]:
    """The tool list ``name`` of a family (``<family_dir>/tools/<name>.json``)."""
    if not _NAME.fullmatch(name):
        raise CorpusError(f"{family_dir}: tool list name {name!r} is not a plain file name")
    path = family_dir / TOOLS_DIR / f"{name}.json"
    if not path.is_file():
        raise CorpusError(f"{path}: no such tool list")
    tools = _json(path)
    if not isinstance(tools, list):
        raise CorpusError(f"{path}: a tool list is a JSON list")
    return tools


def _reply(path: Path, data: dict[str, Any]) -> str:
    txt = path.with_suffix(".txt")
    if "reply" in data:
        text = data["reply"]
        if not isinstance(text, str):
            raise CorpusError(f"{path}: 'reply' is a string")
        if txt.exists():
            raise CorpusError(f"{path}: the reply is both in 'reply' and in {txt.name}")
        if reply_bytes(text) is not None:
            raise CorpusError(f"{path}: 'reply' is only for a reply UTF-8 cannot carry; "
                              f"write it to {txt.name}")
        return text
    if not txt.is_file():
        raise CorpusError(f"{path}: its reply {txt.name} is missing")
    try:
        return txt.read_bytes().decode("utf-8")
    except UnicodeDecodeError as e:
        raise CorpusError(f"{txt}: not UTF-8 ({e})") from None


def load_case(path: Path, _lists: dict[tuple[Path, str], list[Any]] | None = None) -> Case:
    """The case of ``corpus/<family>/<case>.json`` (or of its ``.txt``)."""
    path = Path(path).with_suffix(".json")
    if not path.is_file():
        raise CorpusError(f"{path}: no such case file")
    data = _json(path)
    if not isinstance(data, dict):
        raise CorpusError(f"{path}: a corpus case is a JSON object")
    if "text" in data or isinstance(data.get("tools"), list):
        raise CorpusError(f"{path}: a case in the previous layout (reply in 'text', tools "
                          f"inline): {_CONVERT}")
    unknown = sorted(set(data) - CASE_KEYS)
    if unknown:
        raise CorpusError(f"{path}: unknown keys {unknown} (known: {sorted(CASE_KEYS)})")
    kind = data.get("kind")
    if kind not in ("real", "constructed"):
        raise CorpusError(f"{path}: kind must be 'real' or 'constructed'")
    if kind == "real" and not data.get("source"):
        raise CorpusError(f"{path}: a real capture must name its source")
    name = data.get("tools")
    if not isinstance(name, str):
        raise CorpusError(f"{path}: 'tools' names a list in {TOOLS_DIR}/")
    expect, options = data.get("expect"), data.get("options", {})
    if not isinstance(expect, dict) or not isinstance(expect.get("reason"), str):
        raise CorpusError(f"{path}: 'expect' is an object with a 'reason'")
    if not isinstance(options, dict):
        raise CorpusError(f"{path}: 'options' is an object")
    family_dir = path.parent
    key = (family_dir, name)
    lists = {} if _lists is None else _lists
    if key not in lists:
        lists[key] = load_tool_list(family_dir, name)
    return Case(
        id=f"{family_dir.name}/{path.stem}",
        path=path,
        family=family_dir.name,
        kind=kind,
        text=_reply(path, data),
        tools=copy.deepcopy(lists[key]),  # each case its own copy: a test may edit it
        expect=expect,
        options=options,
        source=data.get("source", ""),
        note=data.get("note", ""),
        tools_name=name,
    )


def load_cases(root: Path) -> Iterator[Case]:
    """Every case under ``root`` (the corpus, one family's folder, or one case's ``.json`` or
    ``.txt``), sorted by path. A stray file (a ``.txt`` without its ``.json``) is an error."""
    root = Path(root)
    if root.is_file():
        yield load_case(root)
        return
    if not root.is_dir():
        raise CorpusError(f"{root}: no such corpus folder")
    lists: dict[tuple[Path, str], list[Any]] = {}
    dirs = [root] if any(root.glob("*.json")) or (root / TOOLS_DIR).is_dir() else sorted(
        d for d in root.iterdir() if d.is_dir())
    for d in dirs:
        for p in sorted(d.iterdir()):
            if p.suffix == ".txt" and not p.with_suffix(".json").is_file():
                raise CorpusError(f"{p}: a reply without its case file {p.stem}.json")
            if p.suffix == ".json":
                yield load_case(p, lists)
