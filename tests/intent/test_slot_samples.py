"""Values that are a slot's name or a convention's stand-in, not a value (rule
``sample-arguments``, h50s): a metasyntactic name of any language as a whole value or a
path's file stem ("hoge.txt", "toto"), a date or time format mask ("AAAA-MM-JJTHH:MM",
"TT.MM.JJJJ"), an account or repository named by its slots ("/home/username/", "owner/repo"),
an angle-bracketed slot in a command ("rm -rf <dir>"), a value restating its own field
("bucket-name", "Event title", "Текст сообщения"). Each has a sibling with a real value that
recovers."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import keyed_tool, recover_after

_tool = partial(keyed_tool, required=())


TOOLS = [_tool("delete_file", "path"), _tool("delete_bucket", "bucket"),
         _tool("write_file", "path", "content"), _tool("create_event", "title", "start"),
         _tool("delete_repo", "repo"), _tool("run_command", "command"),
         _tool("send_message", "channel", "text"), _tool("format_date", "date", "format")]

SAMPLES = [
    ("Let me delete the file.", ("delete_file", {"path": "/home/username/file.txt"})),
    ("Let me delete the file.", ("delete_file", {"path": "C:\\Users\\YourName\\file.txt"})),
    ("Ich lösche den Bucket.", ("delete_bucket", {"bucket": "bucket-name"})),
    ("ファイルを書き込みます。", ("write_file", {"path": "hoge.txt", "content": "fuga"})),
    ("I'll write the file.", ("write_file", {"path": "src/foo.py", "content": "x = 1"})),
    ("Je crée le fichier.", ("write_file", {"path": "toto.txt", "content": "bonjour"})),
    ("Je crée l'événement.", ("create_event", {"title": "Titre de l'événement",
                                                "start": "2024-05-03T10:00"})),
    ("Je crée l'événement « Réunion ».", ("create_event", {"title": "Réunion",
                                                            "start": "AAAA-MM-JJTHH:MM"})),
    ("Ich erstelle das Event.", ("create_event", {"title": "Sprint",
                                                          "start": "TT.MM.JJJJ"})),
    ("I'll create the Standup event.", ("create_event", {"title": "Standup",
                                                         "start": "YYYY-MM-DD HH:MM"})),
    ("I'll create the event.", ("create_event", {"title": "Event title",
                                                 "start": "2024-05-03T10:00"})),
    ("Deleting the repository now.", ("delete_repo", {"repo": "owner/repo"})),
    ("Deleting the repository now.", ("delete_repo", {"repo": "https://github.com/org/repo.git"})),
    ("I'll clean up the directory.", ("run_command", {"command": "rm -rf <dir>"})),
    ("I'll switch the branch.", ("run_command", {"command": "git checkout <branch>"})),
    ("Отправлю сообщение в канал.", ("send_message", {"channel": "#general",
                                                      "text": "Текст сообщения"})),
    ("I'll send the message.", ("send_message", {"channel": "#general", "text": "Message text"})),
    # siblings in other languages
    ("Creo el evento.", ("create_event", {"title": "Título del evento",
                                          "start": "2024-05-03T10:00"})),
    ("Invio il messaggio.", ("send_message", {"channel": "#general",
                                              "text": "Testo del messaggio"})),
    ("Создам событие «Планёрка».", ("create_event", {"title": "Планёрка",
                                                     "start": "ДД.ММ.ГГГГ ЧЧ:ММ"})),
    ("Creo l'evento Standup.", ("create_event", {"title": "Standup", "start": "GG/MM/AAAA"})),
]


@pytest.mark.parametrize(("preamble", "call"), SAMPLES)
def test_a_slot_or_stand_in_value_is_a_sample(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason == Reason.QUOTED and r.rule == "sample-arguments", (preamble, r.detail)


REAL = [
    ("Let me delete the file.", ("delete_file", {"path": "/home/alice/file.txt"})),
    ("Let me delete the file.", ("delete_file", {"path": "/home/user/project/file.txt"})),
    ("Ich lösche den Bucket.", ("delete_bucket", {"bucket": "logs-bucket"})),
    ("ファイルを書き込みます。", ("write_file", {"path": "notes.txt", "content": "メモ"})),
    ("I'll write the file.", ("write_file", {"path": "src/food.py", "content": "x = 1"})),
    ("Je crée l'événement « Réunion ».", ("create_event", {"title": "Réunion",
                                                            "start": "2024-05-03T10:00"})),
    ("I'll create the Team event.", ("create_event", {"title": "Team event",
                                                      "start": "2024-05-03T10:00"})),
    ("I'll format the date.", ("format_date", {"date": "2024-05-03", "format": "YYYY-MM-DD"})),
    ("I'll delete the repository acme/site.", ("delete_repo", {"repo": "acme/site"})),
    ("I'll delete the user repository.", ("delete_repo", {"repo": "user/repo-archive"})),
    ("I'll run the tests.", ("run_command", {"command": "pytest -q"})),
    ("I'll send the message.", ("send_message", {"channel": "#general", "text": "Build is green"})),
]


@pytest.mark.parametrize(("preamble", "call"), REAL)
def test_a_real_value_beside_them_is_no_sample(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.rule != "sample-arguments", (preamble, r.detail)


def test_a_read_of_a_metasyntactic_file_is_no_sample() -> None:
    """Test fixtures are read by such names for real; only a changing call acts on one."""
    tools = [*TOOLS, _tool("read_file", "path")]
    r = recover_after("I'll read the file.", tools, ("read_file", {"path": "tests/foo.py"}))
    assert r.rule != "sample-arguments", r.detail
