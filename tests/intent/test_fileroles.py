"""An edit's file, a move's source and destination (``intent.fileroles``, round 40 gap 3 c-e).

Each refused reply stands beside a near-identical one that recovers: the same announcement,
the call acting on the file it writes or on the folder it names where the step works."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import (
    edit_call,
    expect_recovered,
    expect_refused,
    recover_after,
    shell_call,
    string_tool,
)

EDIT = [string_tool("edit_file", "Replace text in a file", "path", "old_string", "new_string")]
EDITOR = [string_tool("str_replace_editor", "Edit a file by replacing a string",
                      "command", "path", "old_str", "new_str")]
MOVE = [string_tool("move_file", "Move a file", "source", "destination")]
RENAME = [string_tool("rename_file", "Rename a file", "old_path", "new_path")]
COPY = [string_tool("copy_file", "Copy a file", "src", "dst")]
BASH = [string_tool("bash", "Run a shell command", "command")]
PATCH = [string_tool("apply_patch", "Apply a patch to files", "patch")]
DIFF = [string_tool("apply_diff", "Apply a unified diff", "diff")]
MULTI = [{"type": "function", "function": {"name": "MultiEdit", "description": "Edit a file",
                                           "parameters": {"type": "object", "properties": {
                                               "file_path": {"type": "string"},
                                               "edits": {"type": "array", "items": {
                                                   "type": "object", "properties": {
                                                       "old_string": {"type": "string"},
                                                       "new_string": {"type": "string"}}}}}}}}]


def _patch(path: str) -> tuple[str, dict[str, Any]]:
    return ("apply_patch", {"patch": f"*** Begin Patch\n*** Update File: {path}\n@@\n"
                                     "-TIMEOUT = 30\n+TIMEOUT = 60\n*** End Patch"})


def _multi(path: str) -> tuple[str, dict[str, Any]]:
    return ("MultiEdit", {"file_path": path, "edits": [
        {"old_string": "TIMEOUT = 30", "new_string": "TIMEOUT = 60"}]})


def _editor(path: str, old: str, new: str) -> tuple[str, dict[str, Any]]:
    return ("str_replace_editor", {"command": "str_replace", "path": path, "old_str": old,
                                   "new_str": new})


# (preamble, tools, refused call, recovered call)
PAIRS: list[tuple[str, list[dict[str, Any]], tuple[str, dict[str, Any]],
                  tuple[str, dict[str, Any]]]] = [
    # (c) an edit's file is the one the announcement writes, whatever its old and new texts
    ("I'll change the timeout in config.py from 30 to 60.", EDIT,
     edit_call("settings.py", "TIMEOUT = 30", "TIMEOUT = 60"),
     edit_call("config.py", "TIMEOUT = 30", "TIMEOUT = 60")),
    ("I'll bump the version in package.json from 1.2.0 to 1.3.0.", EDIT,
     edit_call("package-lock.json", '"version": "1.2.0"', '"version": "1.3.0"'),
     edit_call("package.json", '"version": "1.2.0"', '"version": "1.3.0"')),
    ("I'll rename the helper in utils.py from load to load_rows.", EDITOR,
     _editor("tests/test_utils.py", "def load(", "def load_rows("),
     _editor("src/utils.py", "def load(", "def load_rows(")),
    ("Ich ändere das Timeout in config.py von 30 auf 60.", EDIT,
     edit_call("settings.py", "TIMEOUT = 30", "TIMEOUT = 60"),
     edit_call("config.py", "TIMEOUT = 30", "TIMEOUT = 60")),
    ("Je remplace le timeout 30 par 60 dans config.py.", EDIT,
     edit_call("settings.py", "TIMEOUT = 30", "TIMEOUT = 60"),
     edit_call("config.py", "TIMEOUT = 30", "TIMEOUT = 60")),
    # a file named by the words of its stem ("a changelog entry"), not by one of them
    ("I'll update the version in package.json and add a changelog entry.", EDIT,
     edit_call("package-lock.json", "## 2.0.9", "## 2.1.0\n\n## 2.0.9"),
     edit_call("CHANGELOG.md", "## 2.0.9", "## 2.1.0\n\n## 2.0.9")),
    # an edit by another tool's form: a shell's in-place edit, a patch, a list of edits
    ("I'll change the timeout in config.py from 30 to 60.", BASH,
     shell_call("sed -i 's/TIMEOUT = 30/TIMEOUT = 60/' settings.py"),
     shell_call("sed -i 's/TIMEOUT = 30/TIMEOUT = 60/' config.py")),
    ("I'll change the timeout in config.py from 30 to 60.", PATCH,
     _patch("settings.py"), _patch("config.py")),
    ("I'll change the timeout in config.py from 30 to 60.", MULTI,
     _multi("settings.py"), _multi("config.py")),
    ("I'll change the port in config.yaml from 8080 to 9090.", DIFF,
     ("apply_diff", {"diff": "--- a/settings.yaml\n+++ b/settings.yaml\n@@\n-port: 8080\n"
                             "+port: 9090\n"}),
     ("apply_diff", {"diff": "--- a/config.yaml\n+++ b/config.yaml\n@@\n-port: 8080\n"
                             "+port: 9090\n"})),
    ("I'll bump the version in pyproject.toml from 1.0 to 1.1.", BASH,
     shell_call("sed -i 's/1.0/1.1/' setup.cfg"), shell_call("sed -i 's/1.0/1.1/' pyproject.toml")),
    # (d) a move's, rename's or copy's source is the file the announcement writes
    ("I'll move draft.md to docs/draft.md.", MOVE,
     ("move_file", {"source": "README.md", "destination": "docs/draft.md"}),
     ("move_file", {"source": "draft.md", "destination": "docs/draft.md"})),
    ("I'll move draft.md to docs/draft.md.", BASH,
     shell_call("mv README.md docs/draft.md"), shell_call("mv draft.md docs/draft.md")),
    ("I'll rename old.txt to new.txt.", RENAME,
     ("rename_file", {"old_path": "important.txt", "new_path": "new.txt"}),
     ("rename_file", {"old_path": "old.txt", "new_path": "new.txt"})),
    ("I'll copy notes.md to backup/notes.md.", COPY,
     ("copy_file", {"src": "secrets.env", "dst": "backup/notes.md"}),
     ("copy_file", {"src": "notes.md", "dst": "backup/notes.md"})),
    ("Voy a mover draft.md a la carpeta docs.", MOVE,
     ("move_file", {"source": "README.md", "destination": "docs/draft.md"}),
     ("move_file", {"source": "draft.md", "destination": "docs/draft.md"})),
    ("Ik verplaats draft.md naar de map docs.", BASH,
     shell_call("mv README.md docs/"), shell_call("mv draft.md docs/")),
    ("我把 draft.md 移动到 docs 目录。", MOVE,
     ("move_file", {"source": "README.md", "destination": "docs/draft.md"}),
     ("move_file", {"source": "draft.md", "destination": "docs/draft.md"})),
    # a source is the file the sentence writes as one, not another file it writes
    ("I'll check notes.md, then copy draft.md to backup/.", COPY,
     ("copy_file", {"src": "notes.md", "dst": "backup/notes.md"}),
     ("copy_file", {"src": "draft.md", "dst": "backup/draft.md"})),
    ("Ich lese notes.md und verschiebe draft.md nach docs/.", BASH,
     shell_call("mv notes.md docs/"), shell_call("mv draft.md docs/")),
    # no preposition of a role read: the source is a file the step's object writes
    ("Jag flyttar draft.md till mappen docs.", MOVE,
     ("move_file", {"source": "README.md", "destination": "docs/draft.md"}),
     ("move_file", {"source": "draft.md", "destination": "docs/draft.md"})),
    # a destination the announcement writes
    ("I'll rename old.txt to new.txt.", RENAME,
     ("rename_file", {"old_path": "old.txt", "new_path": "important.txt"}),
     ("rename_file", {"old_path": "old.txt", "new_path": "new.txt"})),
    # a source named by a noun, no file written: the source's name carries it
    ("I'll move the draft to the docs folder.", MOVE,
     ("move_file", {"source": "README.md", "destination": "docs/draft.md"}),
     ("move_file", {"source": "draft.md", "destination": "docs/draft.md"})),
    ("I'll move the report to the archive folder.", BASH,
     shell_call("mv payroll.pdf archive/"), shell_call("mv q3-report.pdf archive/")),
    # (e) a folder named by a word is the one where the step works
    ("I'll move the report to the archive folder.", MOVE,
     ("move_file", {"source": "report.pdf", "destination": "/mnt/public-share/archive/report.pdf"}),
     ("move_file", {"source": "report.pdf", "destination": "archive/report.pdf"})),
    ("I'll move the report to the archive folder.", BASH,
     shell_call("mv report.pdf /mnt/public-share/archive/"), shell_call("mv report.pdf archive/")),
    ("I'll copy report.pdf into the backups folder.", COPY,
     ("copy_file", {"src": "report.pdf", "dst": "shared/public/backups/report.pdf"}),
     ("copy_file", {"src": "report.pdf", "dst": "backups/report.pdf"})),
    ("Voy a mover el informe a la carpeta archivo.", MOVE,
     ("move_file", {"source": "informe.pdf", "destination": "/mnt/compartido/archivo/informe.pdf"}),
     ("move_file", {"source": "informe.pdf", "destination": "archivo/informe.pdf"})),
    ("Ich verschiebe report.pdf in den Ordner archive.", BASH,
     shell_call("mv report.pdf /srv/share/archive/"), shell_call("mv report.pdf archive/")),
]


@pytest.mark.parametrize(("preamble", "tools", "bad", "good"), PAIRS,
                         ids=[f"{p[:40]}-{b[1]}" for p, _t, b, _g in PAIRS])
def test_refused_beside_recovered(preamble: str, tools: list[dict[str, Any]],
                                  bad: tuple[str, dict[str, Any]],
                                  good: tuple[str, dict[str, Any]]) -> None:
    expect_refused(recover_after(preamble, tools, bad), (preamble, bad), "ungrounded-call")
    expect_recovered(recover_after(preamble, tools, good), (preamble, good))


@pytest.mark.parametrize(("preamble", "tools", "call"), [
    # a folder the announcement writes out is where it says
    ("I'll move report.pdf to /srv/archive.", MOVE,
     ("move_file", {"source": "report.pdf", "destination": "/srv/archive/report.pdf"})),
    # a pronoun object: the source is said elsewhere
    ("The file is game.py. I'll use mv to rename it.", BASH,
     shell_call("mv game.py game_2048.py")),
    # a file or container noun names no source; the destination is the one written
    ("I'll rename the module to storage.py.", BASH,
     shell_call("git mv src/store.py src/storage.py")),
    # a dotted token beside a parenthesis is code, no file written
    ("Solo queda una advertencia en src/dates.py. Voy a reemplazar utcnow por "
     "now(timezone.utc) en ese archivo.", EDIT,
     edit_call("src/dates.py", "datetime.utcnow()", "datetime.now(timezone.utc)")),
    # no file written: the edit's file is left to the other rules
    ("I'll change the timeout from 30 to 60.", EDIT,
     edit_call("settings.py", "TIMEOUT = 30", "TIMEOUT = 60")),
    # a path to the written file
    ("I'll change the timeout in config.py from 30 to 60.", EDIT,
     edit_call("src/app/config.py", "TIMEOUT = 30", "TIMEOUT = 60")),
])
def test_kept(preamble: str, tools: list[dict[str, Any]], call: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(recover_after(preamble, tools, call), (preamble, call))
