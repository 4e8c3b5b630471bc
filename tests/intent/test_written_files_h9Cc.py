"""A written file name names one file (issue 25, round 40 gap 3 (a), (b), (f);
``intent.writtenfiles``): a bare file name grounds no path ending in it under the system's
folders, the root, a home directory itself or above the tree; a file that is no written one
and shares only the written name's words (its extension, a one-letter stem, a version) is
another file; and a count the text states bounds the files the changing calls take. Each
refusal has a near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file", "path"),
         string_tool("bash", "Run a shell command", "command"),
         string_tool("write_file", "Write a file", "file_path", "content"),
         string_tool("move_file", "Move a file", "source", "destination"),
         string_tool("set_permission", "Change a file's mode", "path", "mode")]

Call = tuple[str, dict[str, Any]]


def _delete(path: str) -> Call:
    return ("delete_file", {"path": path})


def _rm(command: str) -> Call:
    return ("bash", {"command": command})


# (a) a written bare name under a folder the text does not write: (preamble, refused, passing)
FOLDERS: list[tuple[str, Call, Call]] = [
    ("I'll delete tmp.log.", _delete("/var/log/tmp.log"), _delete("logs/tmp.log")),
    ("Ich lösche tmp.log.", _delete("/var/log/tmp.log"), _delete("tmp.log")),
    ("Voy a borrar cache.db.", _delete("/root/cache.db"), _delete("build/cache.db")),
    ("I'll delete config.yaml.", _delete("/etc/app/config.yaml"), _delete("config/config.yaml")),
    ("I'll delete notes.txt.", _delete("/home/dev/notes.txt"),
     _delete("/home/dev/project/notes.txt")),
    ("Je supprime tmp.log.", _rm("rm /var/log/tmp.log"), _rm("rm tmp.log")),
    ("I'll delete config.yaml.", _rm("rm -f /opt/app/config.yaml"),
     _rm("rm -f /workspace/app/config.yaml")),
    ("Ich lösche bericht.pdf.", _delete("/mnt/nas/bericht.pdf"), _delete("docs/bericht.pdf")),
    ("I'll write the summary to out.txt.",
     ("write_file", {"file_path": "/Users/alice/out.txt", "content": "summary"}),
     ("write_file", {"file_path": "/Users/alice/work/app/out.txt", "content": "summary"})),
    ("I'll make deploy.sh executable.",
     ("set_permission", {"path": "/usr/local/bin/deploy.sh", "mode": "+x"}),
     ("set_permission", {"path": "scripts/deploy.sh", "mode": "+x"})),
    ("tmp.log is 2 GB. I'll delete it.", _delete("/var/log/tmp.log"), _delete("tmp.log")),
    # a user's dot file lives in the home directory, not in the system's folders
    ("Let me add the alias to .bashrc.", _rm("echo 'alias ll=ls' >> /etc/.bashrc"),
     _rm("echo 'alias ll=ls' >> /home/dev/.bashrc")),
]


@pytest.mark.parametrize(("text", "refused", "passing"), FOLDERS)
def test_a_written_name_grounds_no_system_or_home_folder(text: str, refused: Call,
                                                          passing: Call) -> None:
    expect_refused(recover_after(text, TOOLS, refused), (text, refused), "ungrounded-call")
    expect_recovered(recover_after(text, TOOLS, passing), (text, passing))


@pytest.mark.parametrize(("text", "call"), [
    ("I'll delete /var/log/tmp.log.", _delete("/var/log/tmp.log")),
    ("I'll delete tmp.log from /var/log.", _delete("/var/log/tmp.log")),
    # a path the text writes in that folder writes the folder
    ("I see /var/log/old.log beside it. I'll delete tmp.log.", _delete("/var/log/tmp.log")),
    # the scratch space and a deep path are the project's own
    ("I'll delete tmp.log.", _delete("/tmp/build/tmp.log")),
    ("I'll write the summary to out.txt.",
     ("write_file", {"file_path": "/workspace/out.txt", "content": "summary"})),
])
def test_a_written_folder_or_the_projects_own_passes(text: str, call: Call) -> None:
    expect_recovered(recover_after(text, TOOLS, call), (text, call))


# (b) another file sharing only the written name's words: (preamble, refused, passing)
OTHERS: list[tuple[str, Call, Call]] = [
    ("I'll delete a.txt.", _delete("b.txt"), _delete("a.txt")),
    ("I'll delete the file a.txt.", _delete("contracts.txt"), _delete("a.txt")),
    ("I'll delete q.json.", _delete("users.json"), _delete("q.json")),
    ("I'll delete report-v1.pdf.", _delete("report-v2.pdf"), _delete("report-v1.pdf")),
    ("Ich lösche 7.csv.", _rm("rm -f kunden.csv"), _rm("rm -f 7.csv")),
    ("我来删除 draft-v3.docx。", _delete("draft-v4.docx"), _delete("draft-v3.docx")),
    ("I'll rename old.txt to new.txt.",
     ("move_file", {"source": "important.txt", "destination": "new.txt"}),
     ("move_file", {"source": "old.txt", "destination": "new.txt"})),
]


@pytest.mark.parametrize(("text", "refused", "passing"), OTHERS)
def test_a_written_file_name_is_compared_whole(text: str, refused: Call, passing: Call) -> None:
    expect_refused(recover_after(text, TOOLS, refused), (text, refused), "ungrounded-call")
    expect_recovered(recover_after(text, TOOLS, passing), (text, passing))


def test_another_word_of_the_text_names_another_file() -> None:
    text = "I'll delete q.json and the users file."
    expect_recovered(recover_after(text, TOOLS, _delete("q.json"), _delete("users.json")), text)


# (f) files beyond the written ones, or beyond a count: (preamble, refused calls, passing calls)
EXTRA: list[tuple[str, list[Call], list[Call]]] = [
    ("I'll delete a.txt.", [_delete("a.txt"), _delete("b.txt")], [_delete("a.txt")]),
    ("Je supprime a.txt et b.txt.", [_delete("a.txt"), _delete("c.txt")],
     [_delete("a.txt"), _delete("b.txt")]),
    ("I'll delete x.csv and y.csv.", [_rm("rm x.csv y.csv z.csv")], [_rm("rm x.csv y.csv")]),
    ("I'll delete the two temp files.", [_delete("a.tmp"), _delete("b.tmp"), _delete("c.tmp")],
     [_delete("a.tmp"), _delete("b.tmp")]),
    ("I'll delete the two temp files, a.tmp and b.tmp.",
     [_delete("a.tmp"), _delete("b.tmp"), _delete("c.tmp")],
     [_delete("a.tmp"), _delete("b.tmp")]),
    ("Je vais supprimer les deux fichiers temporaires.",
     [_delete("a.tmp"), _delete("b.tmp"), _delete("c.tmp")],
     [_delete("a.tmp"), _delete("b.tmp")]),
    ("I'll delete the two old logs.", [_delete("old1.log"), _delete("old2.log"),
                                        _delete("old3.log")],
     [_delete("old1.log"), _delete("old2.log")]),
]


@pytest.mark.parametrize(("text", "refused", "passing"), EXTRA)
def test_no_changing_call_takes_a_file_beyond_the_written_or_counted(
        text: str, refused: list[Call], passing: list[Call]) -> None:
    expect_refused(recover_after(text, TOOLS, *refused), (text, refused), "ungrounded-call")
    expect_recovered(recover_after(text, TOOLS, *passing), (text, passing))


def test_a_count_bounds_only_the_files_it_counts() -> None:
    # a file the text writes beside the counted ones is not one of them
    text = "I'll delete the two temp files, a.tmp and b.tmp, and README.md."
    calls = [_delete("a.tmp"), _delete("b.tmp"), _delete("README.md")]
    expect_recovered(recover_after(text, TOOLS, *calls), text)
    expect_refused(recover_after(text, TOOLS, *calls, _delete("c.tmp")), text,
                   "ungrounded-call")


FIX = ("edit_file", {"old_string": "for i in range(len(tokens) - 1):",
                     "new_string": "for i in range(len(tokens)):"})


def test_the_module_a_test_file_tests_is_the_fix_of_it() -> None:
    tools = [*TOOLS, string_tool("edit_file", "Edit a file", "path", "old_string", "new_string")]
    text = "The test in test_parser.py fails on an off-by-one in the loop bound. Let me fix that."
    expect_recovered(recover_after(text, tools, (FIX[0], {"path": "src/parser.py", **FIX[1]})),
                     text)
    expect_refused(recover_after(text, tools, (FIX[0], {"path": "src/lexer.py", **FIX[1]})),
                   text, "ungrounded-call")
    # written in the announcement, the test file is the object itself
    text = "I'll edit test_parser.py."
    expect_refused(recover_after(text, tools, (FIX[0], {"path": "src/parser.py", **FIX[1]})),
                   text, "ungrounded-call")
    text = "I'll delete test_parser.py."
    expect_refused(recover_after(text, tools, _delete("parser.py")), text, "ungrounded-call")


def test_a_rename_takes_its_source_beside_the_written_goal() -> None:
    text = "I'll rename the module to storage.py."
    expect_recovered(recover_after(text, TOOLS, ("move_file", {
        "source": "src/store.py", "destination": "src/storage.py"})), text)
    # a deleting call is no rename: the other file is another
    text = "I'll delete storage.py."
    expect_refused(recover_after(text, TOOLS, _rm("rm src/store.py src/storage.py")), text,
                   "ungrounded-call")


def test_an_observing_call_is_not_read() -> None:
    tools = [*TOOLS, string_tool("read_file", "Read a file", "path")]
    text = "I'll read a.txt."
    expect_recovered(recover_after(text, tools, ("read_file", {"path": "a.txt"})), text)



@pytest.mark.parametrize(("text", "call"), [
    ("I'll move {} .log {} to old/.", ("move_file", {"source": "*.log", "destination": "old/"})),
    ("I'll make {} .sh {} executable.", ("set_permission", {"path": "*.sh", "mode": "+x"})),
    ("Let me delete {} .pyc {}.", _rm("find . -name '*.pyc' -delete")),
])
def test_a_glob_of_a_written_extension_needs_all_of_them(text: str, call: Call) -> None:
    expect_recovered(recover_after(text.format("all the", "files"), TOOLS, call), text)
    expect_refused(recover_after(text.format("the", "file"), TOOLS, call), text, "ungrounded-call")
