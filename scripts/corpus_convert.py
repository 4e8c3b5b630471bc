"""Convert corpus cases from the previous layout (one ``.json`` holding the reply in ``text`` and the
tools inline) to the current one (``leakcall.corpus``): the reply to ``<case>.txt``, the tools to
a named list in ``<family>/tools/``, the rest of the ``.json`` kept in its order.

    python scripts/corpus_convert.py                 # convert corpus/ in place
    python scripts/corpus_convert.py path/to/corpus  # another corpus folder
    python scripts/corpus_convert.py --check         # exit 1 if any case needs converting
    python scripts/corpus_convert.py --snapshots     # also split tests/core/__snapshots__/test_snapshots.ambr

Idempotent: a case already converted is left alone, so it can run after any merge. A tool list
equal (same JSON, same order) to one the family already has is reused; a new one is named after
its tools (``bash``, ``search+bash``; ``-2``, ``-3`` when that name, ignoring case, is taken by a
different list). Each converted case is read back with the loader and compared with the old file
(reply, tools, expectations, options) before the old file is replaced. ``--snapshots`` moves each
entry of the old single snapshot file, text unchanged, into its family's file
(``tests/core/__snapshots__/test_snapshots/<family>.ambr``), then removes the old file.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from leakcall.corpus import TOOLS_DIR, load_case, reply_bytes

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOTS = ROOT / "tests" / "core" / "__snapshots__"
OLD_SNAPSHOT = SNAPSHOTS / "test_snapshots.ambr"
NEW_SNAPSHOTS = SNAPSHOTS / "test_snapshots"
MAX_NAME = 60


def _dump(obj: Any) -> bytes:
    # A lone surrogate (only ever inside a JSON string) is written as its JSON escape, \udXXX.
    return (json.dumps(obj, ensure_ascii=False, indent=2) + "\n").encode("utf-8", "backslashreplace")


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _tool_name(tool: Any) -> str:
    fn = tool.get("function", tool) if isinstance(tool, dict) else None
    name = fn.get("name") if isinstance(fn, dict) else None
    if not isinstance(name, str):
        return "tool"
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip(".") or "tool"


def _list_name(tools: list[Any], taken: dict[str, str]) -> str:
    names = [_tool_name(t) for t in tools]
    base = "+".join(names) or "none"
    if len(base) > MAX_NAME:
        base = f"{names[0][:MAX_NAME - 12]}+{len(names) - 1}-more"
    name, n = base, 1
    while name.casefold() in taken:  # case-insensitive file systems: bash.json == Bash.json
        n += 1
        name = f"{base}-{n}"
    return name


class _Lists:
    """A family's named tool lists: the existing files, and the new ones as they are made."""

    def __init__(self, family_dir: Path) -> None:
        self.dir = family_dir / TOOLS_DIR
        self.by_json: dict[str, str] = {}
        self.taken: dict[str, str] = {}
        if self.dir.is_dir():
            for p in sorted(self.dir.glob("*.json")):
                tools = json.loads(p.read_bytes().decode("utf-8"))
                self.by_json.setdefault(json.dumps(tools), p.stem)
                self.taken[p.stem.casefold()] = p.stem

    def name_of(self, tools: list[Any]) -> str:
        key = json.dumps(tools)
        if key not in self.by_json:
            name = _list_name(tools, self.taken)
            self.dir.mkdir(exist_ok=True)
            _write(self.dir / f"{name}.json", _dump(tools))
            self.by_json[key] = name
            self.taken[name.casefold()] = name
        return self.by_json[key]


def _old(path: Path) -> dict[str, Any] | None:
    """The case of ``path`` when it is in the previous layout, else None."""
    data = json.loads(path.read_bytes().decode("utf-8"))
    if isinstance(data, dict) and isinstance(data.get("text"), str):
        return data
    return None


def convert_case(path: Path, lists: _Lists) -> None:
    """Convert one previous-layout case in place, checked by reading it back."""
    old = _old(path)
    assert old is not None
    tools = old.get("tools", [])
    if not isinstance(tools, list):
        raise SystemExit(f"{path}: 'tools' is not a list")
    meta: dict[str, Any] = {} if "kind" in old else {"kind": "constructed"}  # the old default
    for k, v in old.items():
        if k == "tools":
            meta[k] = lists.name_of(tools)
        elif k != "text":
            meta[k] = v
    if "tools" not in meta:
        meta["tools"] = lists.name_of(tools)
    txt = path.with_suffix(".txt")
    data = reply_bytes(old["text"])
    if data is None:  # a lone surrogate: the reply stays a JSON string
        meta["reply"] = old["text"]
    else:
        _write(txt, data)
    _write(path, _dump(meta))
    case = load_case(path)
    same = (case.text == old["text"] and json.dumps(case.tools) == json.dumps(tools)
            and case.expect == old.get("expect") and case.options == old.get("options", {})
            and case.source == old.get("source", "") and case.note == old.get("note", ""))
    if not same:  # put the old file back: never leave a case that reads differently
        txt.unlink(missing_ok=True)
        _write(path, _dump(old))
        raise SystemExit(f"{path}: the converted case does not read back equal; left unconverted")


def pending(corpus: Path) -> list[Path]:
    """The previous-layout case files under ``corpus``, sorted."""
    return [p for p in sorted(corpus.glob("*/*.json")) if _old(p) is not None]


def convert(corpus: Path) -> list[Path]:
    """Convert every previous-layout case under ``corpus``; the files converted."""
    todo = pending(corpus)
    lists: dict[Path, _Lists] = {}
    for p in todo:
        if p.parent not in lists:
            lists[p.parent] = _Lists(p.parent)
        convert_case(p, lists[p.parent])
    return todo


def split_snapshots(old: Path = OLD_SNAPSHOT, new_dir: Path = NEW_SNAPSHOTS) -> int:
    """Move every entry of the single snapshot file into its family's file (text unchanged,
    merged with entries already there); the number of entries moved."""
    if not old.is_file():
        return 0
    head, *blocks = re.split(r"(?m)^(?=# name: )", old.read_text(encoding="utf-8"))
    by_family: dict[str, dict[str, str]] = {}
    for b in blocks:
        name = b.split("\n", 1)[0].removeprefix("# name: ")
        m = re.fullmatch(r"test_corpus_snapshot\[([^/\]]+)/.*\]", name)
        if m is None:
            raise SystemExit(f"{old}: entry {name!r} is not a corpus case; split it by hand")
        by_family.setdefault(m.group(1), {})[name] = b if b.endswith("\n") else b + "\n"
    new_dir.mkdir(parents=True, exist_ok=True)
    for fam, entries in by_family.items():
        path = new_dir / f"{fam}.ambr"
        if path.is_file():
            _, *have = re.split(r"(?m)^(?=# name: )", path.read_text(encoding="utf-8"))
            for b in have:
                entries.setdefault(b.split("\n", 1)[0].removeprefix("# name: "), b)
        text = head + "".join(entries[k] for k in sorted(entries))
        path.write_text(text, encoding="utf-8")
    old.unlink()
    return len(blocks)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", nargs="?", default=str(ROOT / "corpus"))
    ap.add_argument("--check", action="store_true", help="only report; exit 1 if any case is old")
    ap.add_argument("--snapshots", action="store_true",
                    help="also split tests/core/__snapshots__/test_snapshots.ambr per family")
    args = ap.parse_args(argv)
    corpus = Path(args.corpus)
    if args.check:
        todo = pending(corpus)
        for p in todo:
            print(f"previous layout: {p}")
        return 1 if todo else 0
    done = convert(corpus)
    print(f"converted {len(done)} case(s) under {corpus}")
    if args.snapshots:
        print(f"moved {split_snapshots()} snapshot(s) into {NEW_SNAPSHOTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
