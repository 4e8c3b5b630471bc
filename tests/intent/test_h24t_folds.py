"""One concept, one reader (h24t): the twins h21d left, folded.

``written.stands`` is the one boundary rule of "the text writes this value whole" (``writes``,
``repeats``, ``oneobject``, ``guessedvalue``), the glue of a longer token its one parameter;
``paths.shallow`` the one reading of how near the root or a home a path lies (``reach``,
``modebits``, ``wider``, ``scope``); ``paths.outside_tree`` and ``paths.user_home`` where a
path lies for ``wider`` and ``writtenfiles``. Each value that is written sits beside a
near-identical one that is not."""

from __future__ import annotations

import pytest

from leakcall.intent.paths import shallow, user_home
from leakcall.intent.repeats import repeated
from leakcall.intent.wider import _outside as wider_outside
from leakcall.intent.written import stands
from leakcall.intent.writtenfiles import _outside as written_outside


@pytest.mark.parametrize(("value", "text", "joins", "expected"), [
    ("out/a.bin", "delete `out/a.bin`.", "./-", True),
    ("out/a", "delete `out/a.bin`.", "./-", False),  # a path's glue
    ("a-12", "refund order A-12.", "-", True),
    ("a-12", "refund order A-12-3.", "-", False),  # an identifier's glue
    ("a-12", "refund order A-12.5 now", "-", False),  # a '.' before a word is no full stop
    ("a-12", "refund order x/A-12 now", "-", True),  # '/' glues no identifier
    ("8080", "set the port to 8080.", ".", True),
    ("80", "set the port to 8080.", ".", False),
    ("80", "set the port to 1.80 now", ".", False),  # a setting's value after a '.'
    ("80", "set the port to 80-ish", ".", True),  # '-' glues no setting's value
    ("", "anything", "./-", False),
])
def test_stands_reads_one_boundary_with_its_glue(value: str, text: str, joins: str,
                                                 expected: bool) -> None:
    assert stands(value, text, joins) is expected


def test_repeats_reads_the_shared_boundary() -> None:
    calls = [("refund", {"order_id": "A-12"}), ("refund", {"order_id": "A-13"})]
    assert repeated("refund orders A-12 and A-13.", calls) is None
    assert repeated("refund orders A-12.5 and A-13.", calls) is not None


@pytest.mark.parametrize(("path", "root", "home", "expected"), [
    ("/srv", 1, 0, True), ("/srv/app", 1, 0, False), ("~dev", 1, 0, True),
    ("~/projects", 1, 0, False), ("/var/log", 2, 1, True), ("/var/log/nginx", 2, 1, False),
    ("~/projects", 2, 1, True), ("~/projects/app", 2, 1, False), ("//srv/.", 1, 0, True),
    ("srv", 1, 0, False),
])
def test_shallow_reads_a_depth_below_the_root_or_a_home(path: str, root: int, home: int,
                                                        expected: bool) -> None:
    assert shallow(path, root, home) is expected


@pytest.mark.parametrize(("path", "expected"), [
    ("/Users/dev", True), ("/users/dev", True), ("/HOME/dev", True), ("/users/dev/app", False),
    ("/usr/dev", False),
])
def test_user_home_reads_the_top_folder_in_any_case(path: str, expected: bool) -> None:
    assert user_home(path) is expected


@pytest.mark.parametrize(("path", "expected"), [
    ("/etc", True), ("src/app", False), ("../other", True), ("./app/..", False),
    ("${HOME}/.config", True), ("C:/work/.git", True), ("work/.git", False),
])
def test_wider_reads_outside_the_tree_by_paths(path: str, expected: bool) -> None:
    assert wider_outside(path) is expected


@pytest.mark.parametrize(("path", "expected"), [
    ("/home/dev/.bashrc", None), ("/home/dev/notes.txt", "/home/dev"),
    ("/Users/dev/.zshrc", None), ("/root/.bashrc", "/root"), ("/root/notes.txt", "/root"),
    ("/home/dev/app/.env", None),
])
def test_written_files_read_a_home_by_paths(path: str, expected: str | None) -> None:
    assert written_outside(path) == expected
