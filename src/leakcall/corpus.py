"""Corpus cases: ``corpus/<family>/<case>.json``, one reply each, with tools and the expected result.

Fields: ``kind`` (``real`` or ``constructed``), ``source`` (required for real captures), ``text``,
``tools``, optional ``options`` (keyword arguments for ``recover``), ``expect`` (``reason``,
optional ``calls``), optional ``capture_expect`` (the capture's own label when it differs) and
``note`` (why).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Case", "load_cases"]


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


def _case(path: Path, root: Path) -> Case:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        raise ValueError(f"{path}: a corpus case is an object with a string 'text'")
    rel = path.relative_to(root).with_suffix("")
    kind = data.get("kind", "constructed")
    if kind not in ("real", "constructed"):
        raise ValueError(f"{path}: kind must be 'real' or 'constructed'")
    if kind == "real" and not data.get("source"):
        raise ValueError(f"{path}: a real capture must name its source")
    return Case(
        id=rel.as_posix(),
        path=path,
        family=rel.parts[0] if len(rel.parts) > 1 else "",
        kind=kind,
        text=data["text"],
        tools=data.get("tools", []),
        expect=data.get("expect", {}),
        options=data.get("options", {}),
        source=data.get("source", ""),
        note=data.get("note", ""),
    )


def load_cases(root: Path) -> Iterator[Case]:
    """Every case under ``root`` (a corpus directory, or one case file), sorted by path."""
    root = Path(root)
    if root.is_file():
        yield _case(root, root.parent.parent)
        return
    for p in sorted(root.rglob("*.json")):
        yield _case(p, root)
