"""A root or an ancestor of the named folder is never the announced object (round 41 gap G4;
``intent.rootpaths``): a bare root (``/``, ``~``, a drive), the folder the text writes only as
where the named one is, or the top-level folder of the named one's name. Each refusal has a
near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file", "path"),
         string_tool("delete_directory", "Delete a directory", "path"),
         string_tool("empty_folder", "empty folder", "path"),
         string_tool("move_file", "Move a file", "src", "dst"),
         string_tool("remove_dir", "Remove a folder", "directory")]

Call = tuple[str, dict[str, Any]]


def _delete(path: str, tool: str = "delete_file", key: str = "path") -> Call:
    return (tool, {key: path})


def _move(dst: str) -> Call:
    return ("move_file", {"src": "report.pdf", "dst": dst})


# (preamble, refused, passing)
CASES: list[tuple[str, Call, Call]] = [
    ("I'll delete the build directory.", _delete("/"), _delete("build/")),
    ("I'll delete the build folder.", _delete("/", "delete_directory"),
     _delete("build", "delete_directory")),
    ("I'll remove the output folder.", _delete("C:\\", "remove_dir", "directory"),
     _delete("output", "remove_dir", "directory")),
    ("I'll delete the cache directory.", _delete("~"), _delete("~/.cache")),
    ("I'll delete the cache directory.", _delete("~/"), _delete("./cache")),
    ("I'll empty the trash folder.", _delete("/", "empty_folder"),
     _delete("~/.local/share/Trash", "empty_folder")),
    ("I'll empty the trash folder.", _delete("/*", "empty_folder"),
     _delete("trash", "empty_folder")),
    ("I'll move the report to the archive folder.", _move("/"), _move("archive/")),
    ("I'll move the report to the archive folder in Documents.", _move("~/Documents"),
     _move("Documents/archive/")),
    ("I'll delete the screenshots folder in Downloads.", _delete("~/Downloads"),
     _delete("~/Downloads/screenshots")),
    ("I'll delete the old-builds folder under Projects.", _delete("/home/me/Projects"),
     _delete("/home/me/Projects/old-builds")),
    ("I'll delete the logs folder.", _delete("/logs"), _delete("logs")),
    ("I'll delete the logs folder.", _delete("/logs/"), _delete("./logs")),
    ("I'll delete the reports directory.", _delete("/reports"), _delete("reports/")),
    ("Ich lösche den Ordner build.", _delete("/"), _delete("build")),
    ("Je vais supprimer le dossier build.", _delete("/"), _delete("build/")),
    ("Voy a borrar la carpeta build.", _delete("/"), _delete("build")),
    ("我来删除 build 目录。", _delete("/"), _delete("build")),
    ("Ich lösche den Ordner logs.", _delete("/logs"), _delete("logs")),
    ("Je vais supprimer le dossier rapports.", _delete("/rapports"), _delete("rapports/")),
]


@pytest.mark.parametrize(("preamble", "refused", "passing"), CASES)
def test_root_or_ancestor_refused_beside_the_named_folder(
        preamble: str, refused: Call, passing: Call) -> None:
    expect_refused(recover_after(preamble, TOOLS, refused), (preamble, refused))
    expect_recovered(recover_after(preamble, TOOLS, passing), (preamble, passing))


def test_a_written_absolute_folder_is_kept() -> None:
    """The text writes ``/logs`` itself: that folder is the one announced."""
    expect_recovered(recover_after("I'll delete the /logs folder.", TOOLS, _delete("/logs")),
                     "/logs written")
