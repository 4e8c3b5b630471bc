"""One concept, one reader (h21d): the readers session 33 wrote twice, folded.

``written.writes`` is the one reading of "the text writes this value" (``placekeys``,
``unsaidvalues``, ``deletedextras``); ``placekeys.acting_as`` the one reading of a key of whom
a call acts as ([keys-run-as]; ``httplooks`` reads a look's keys by it); ``paths.wide_place``
and ``paths.outside_tree`` the readings of where a directory lies (``cwdroot``, ``wider``,
``placekeys``). Each refused reply sits beside a near-identical one that recovers."""

from __future__ import annotations

import pytest

from leakcall.intent.announcement import Announcement
from leakcall.intent.kinds import name_words
from leakcall.intent.paths import outside_tree, user_home, wide_place
from leakcall.intent.placekeys import acting_as
from leakcall.intent.written import writes
from tests.intent_sets import expect_pair, typed_tool


def _ann(text: str) -> Announcement:
    return Announcement(verbs=(), objects=(), observed=(), pronoun=False, tongues=("en",),
                        text=text)


@pytest.mark.parametrize(("value", "text", "expected"), [
    ("garage", "lock the garage door", True),
    ("garage", "lock the side-garage door", False),  # a part of a longer name
    ("out/a.bin", "delete `out/a.bin`.", True),
    ("out/b.bin", "delete `out/a.bin`.", False),
    ("a.bin", "delete `out/a.bin`.", False),  # a part of a path
    ("out/a", "delete `out/a.bin`.", False),
    ("api", "call api.example.com", False),  # a part of a host
    ("api", "call the api.", True),
    ("0000", "set the code to 0000-1", False),
    ("us-east-1", "in us-east-1.", True),
    ("0000", "set the guest code to 0000.", True),
    ("1", "set it to 1.5 seconds", False),  # a number is one of the text's numbers
    (1, "set it to 1.5 seconds", False),
    ("1.5", "set it to 1.5 seconds", True),
    (3, "scale to 3 replicas", True),
    (3.0, "scale to 3 replicas", True),
    (True, "true", False),
    ("", "anything", False),
])
def test_writes_reads_a_value_whole(value: object, text: str, expected: bool) -> None:
    assert writes(value, _ann(text)) is expected


def test_writes_reads_the_observations() -> None:
    ann = Announcement(verbs=(), objects=(), observed=("`prod-db-2`",), pronoun=False,
                       tongues=("en",), text="")
    assert writes("prod-db-2", ann)
    assert not writes("prod-db", ann)


@pytest.mark.parametrize(("key", "expected"), [
    ("as_user", True), ("run_as", True), ("x_run_as", True), ("impersonate", True),
    ("principal", True), ("assume_role_arn", True), ("role", True), ("sudo", True),
    ("assume_yes", False), ("user", False), ("path", False), ("as", False),
])
def test_acting_as_reads_runs_of_key_words(key: str, expected: bool) -> None:
    assert acting_as(name_words(key)) is expected


@pytest.mark.parametrize(("path", "wide", "outside"), [
    ("/", True, True), ("~", True, True), ("~dev", True, True), ("/home", True, True),
    ("/home/dev", True, True), ("/Users/dev", True, True), ("/root", True, True),
    ("/etc/nginx", True, True), ("/home/dev/app", False, True),
    ("/workspace/app", False, True), ("~/app", False, True), ("${HOME}", True, True),
    ("${HOME}/notes", False, True), ("C:\\data", False, True), ("../other", False, True),
    ("src/app", False, False), ("/var/tmp", False, True),
])
def test_where_a_directory_lies(path: str, wide: bool, outside: bool) -> None:
    assert wide_place(path) is wide
    assert outside_tree(path) is outside
    assert user_home(path) is (wide and path not in ("/", "/etc/nginx"))


TOOLS = [
    typed_tool("read_file", path="string", root="string", default_run_as="string",
               principal="string", role="string"),
    typed_tool("http_request", url="string", method="string", headers="object"),
]

READ = "Let me read `config/settings.yaml`."
_FILE = {"path": "config/settings.yaml"}
FETCH = "Let me fetch https://api.example.com/status to check the service."
_GET = {"url": "https://api.example.com/status", "method": "GET"}


@pytest.mark.parametrize(("recovered", "refused"), [
    # a root outside the tree is written
    (("Let me read `config/settings.yaml` under `~/notes`.", "read_file",
      {**_FILE, "root": "~/notes"}),
     (READ, "read_file", {**_FILE, "root": "~/notes"})),
    # an identity under any run of a key's words, or a word of [keys-run-as]
    (("Let me read `config/settings.yaml` as the deploy user.", "read_file",
      {**_FILE, "default_run_as": "deploy"}),
     (READ, "read_file", {**_FILE, "default_run_as": "root"})),
    (("Let me read `config/settings.yaml` as the deploy user.", "read_file",
      {**_FILE, "principal": "deploy"}),
     (READ, "read_file", {**_FILE, "principal": "admin"})),
    # a look acts as no identity and in no place the text does not write
    ((FETCH, "http_request", {**_GET, "headers": {"Accept": "application/json"}}),
     (FETCH, "http_request", {**_GET, "headers": {"X-Run-As": "admin"}})),
    ((FETCH, "http_request", {**_GET, "headers": {"Accept": "application/json"}}),
     (FETCH, "http_request", {**_GET, "headers": {"X-Tenant-Override": "globex"}})),
])
def test_a_folded_reader_refuses_as_the_stricter_copy(recovered: tuple, refused: tuple) -> None:
    expect_pair(TOOLS, recovered, refused)
