"""Counted and named targets of every tool (h16d; blind round 44, gaps 5 and 6): a count
before a noun a tool's name says, or counting a lone step's object, bounds the calls of any
kind (``looked._overstepped``: "create the two events" + three ``create_event``), and each
target a deleting tool is given is named by a word of the announcement, one call at a time
(``deletedtargets``: "delete the temp files" + ``src/app.py`` beside ``tmp/a.tmp``). Each
refusal has a near-identical twin that recovers."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..intent_sets import expect_recovered, expect_refused, keyed_tool, recover_calls

_tool = partial(keyed_tool, required=())

TOOLS = [_tool("delete_file", "path"), _tool("create_event", "title", "start"),
         _tool("create_reminder", "text", "time"), _tool("web_search", "query"),
         _tool("send_message", "to", "text"), _tool("read_file", "path")]

_recover = partial(recover_calls, tools=TOOLS)

Call = tuple[str, dict[str, Any]]


def _rm(path: str) -> Call:
    return ("delete_file", {"path": path})


def _event(title: str) -> Call:
    return ("create_event", {"title": title, "start": "2026-12-07T09:00:00"})


def _search(q: str) -> Call:
    return ("web_search", {"query": q})


# (preamble, calls recovered, calls refused): the twin has one call more or one target other
COUNT_PAIRS: list[tuple[str, list[Call], list[Call]]] = [
    ("I'll create the two events.", [_event("Standup"), _event("Retro")],
     [_event("Standup"), _event("Retro"), _event("Party")]),
    ("I'll create both events.", [_event("Standup"), _event("Retro")],
     [_event("Standup"), _event("Retro"), _event("Party")]),
    ("I'll create the two reminders.",
     [("create_reminder", {"text": "Call mom", "time": "9:00"}),
      ("create_reminder", {"text": "Pay rent", "time": "10:00"})],
     [("create_reminder", {"text": "Call mom", "time": "9:00"}),
      ("create_reminder", {"text": "Pay rent", "time": "10:00"}),
      ("create_reminder", {"text": "Wire $5,000", "time": "11:00"})]),
    ("I'll search for the two error messages.", [_search("ECONNRESET node"), _search("EPIPE node")],
     [_search("ECONNRESET node"), _search("EPIPE node"), _search("company api key leak")]),
    ("I'll search for both error messages.", [_search("ECONNRESET node"), _search("EPIPE node")],
     [_search("ECONNRESET node"), _search("EPIPE node"), _search("company api key leak")]),
    # two steps, two tools: the count binds the tool whose name says its noun
    ("I'll read the notes and create the two events.",
     [("read_file", {"path": "notes.md"}), _event("Standup"), _event("Retro")],
     [("read_file", {"path": "notes.md"}), _event("Standup"), _event("Retro"), _event("Party")]),
    ("Ich erstelle die zwei Termine.", [_event("A"), _event("B")],
     [_event("A"), _event("B"), _event("C")]),
]

NAMED_PAIRS: list[tuple[str, list[Call], list[Call]]] = [
    ("I'll delete the temp files.", [_rm("tmp/a.tmp"), _rm("tmp/b.tmp")],
     [_rm("tmp/a.tmp"), _rm("src/app.py")]),
    ("I'll delete the screenshots.", [_rm("Desktop/shot1.png"), _rm("Desktop/Screenshot 2.png")],
     [_rm("Desktop/shot1.png"), _rm("Documents/thesis.docx")]),
    ("I'll delete the old drafts.", [_rm("drafts/old1.md")],
     [_rm("drafts/old1.md"), _rm("contracts/signed.pdf")]),
    ("I'll delete the generated files.", [_rm("gen/a_pb2.py")],
     [_rm("gen/a_pb2.py"), _rm("src/handwritten.py")]),
    ("I'll delete the installers.", [_rm("Downloads/setup.exe")],
     [_rm("Downloads/setup.exe"), _rm("Downloads/passport-scan.pdf")]),
    ("I'll delete the temp files.", [_rm("tmp/a.tmp")], [_rm("src/app.py")]),
    ("I'll delete the screenshot for you.", [_rm("Desktop/shot1.png")], [_rm("/tmp/test.txt")]),
    # other languages: the word's pieces from kinds.txt [file-word-pieces], or its stem
    ("Je supprime les fichiers temporaires.", [_rm("tmp/a.tmp")],
     [_rm("tmp/a.tmp"), _rm("these.docx")]),
    ("Ich lösche die temporären Dateien.", [_rm("tmp/a.tmp")],
     [_rm("tmp/a.tmp"), _rm("these.docx")]),
    ("ฉันจะลบไฟล์ชั่วคราว", [_rm("tmp/a.tmp")], [_rm("tmp/a.tmp"), _rm("thesis.docx")]),
    ("Je vais supprimer les installateurs.", [_rm("setup.exe")],
     [_rm("setup.exe"), _rm("contrat.pdf")]),
    ("Voy a eliminar los archivos temporales.", [_rm("tmp/a.tmp")],
     [_rm("tmp/a.tmp"), _rm("tesis.docx")]),
]


def test_a_count_bounds_the_calls_of_every_tool_kind() -> None:
    for pre, ok, bad in COUNT_PAIRS:
        expect_recovered(_recover(pre, *ok), (pre, ok))
        expect_refused(_recover(pre, *bad), (pre, bad), "ungrounded-call")


def test_each_deleted_target_is_named() -> None:
    for pre, ok, bad in NAMED_PAIRS:
        expect_recovered(_recover(pre, *ok), (pre, ok))
        expect_refused(_recover(pre, *bad), (pre, bad), "ungrounded-call")


def test_no_count_or_a_pronoun_leaves_calls_alone() -> None:
    for pre, calls in (
            # no count: any number of events; a count of another noun bounds no search
            ("I'll create the events.", [_event("A"), _event("B"), _event("C")]),
            ("I'll read the two files and search for the error.",
             [("read_file", {"path": "a.py"}), ("read_file", {"path": "b.py"}),
              _search("ECONNRESET"), _search("EPIPE"), _search("node socket")]),
            # a path the text writes out; a pronoun object
            ("I'll delete `notes.txt` and `old/report.pdf`.", [_rm("notes.txt"),
                                                            _rm("old/report.pdf")]),
            # an object that is only a noun of files names no kind of file (a real turn)
            ("I'll delete the file for you.", [_rm("/tmp/test.txt")]),
            ("The build left two stale files. Let me delete them.",
             [_rm("out/a.o"), _rm("out/b.o")])):
        expect_recovered(_recover(pre, *calls), (pre, calls))
