"""A destructive call on the place that holds the announced objects (h25f;
``leakcall.intent.containers``): "The files are in /var/log. Let me delete the logs." + a
delete of ``/var/log`` takes the container, not the logs; the same text with the path written
as the object itself, or a file inside it, is recovered. And a singular placing ("The old
build is in dist/.") grounds a place that is not wide as the object's own path."""

from __future__ import annotations

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file.", "path")]


def _delete(preamble: str, path: str) -> bool:
    return recover_after(preamble, TOOLS, ("delete_file", {"path": path})).ok


# (preamble, the container the call deletes, a near-identical reply that passes)
PAIRS = [
    ("The files are in /var/log. Let me delete the logs.", "/var/log",
     "The files are in /var/log. Let me delete the /var/log directory."),
    ("Since the files are in /var/log, let me delete the logs.", "/var/log",
     "Since the files are in /var/log, let me delete /var/log."),
    ("/var/log holds the logs. Let me delete the logs.", "/var/log",
     "The logs are kept. Let me delete the /var/log directory."),
    ("The logs are in /var/log/app. Let me delete the logs.", "/var/log/app",
     "The logs are in /var/log/app. Let me delete the /var/log/app folder."),
    ("Les journaux sont dans /var/log. Je supprime les journaux.", "/var/log",
     "Les journaux sont dans /var/log. Je supprime le dossier /var/log."),
    ("Los registros están en /var/log. Voy a borrar los registros.", "/var/log",
     "Los registros están en /var/log. Voy a borrar la carpeta /var/log."),
    ("日志在 /var/log 中。我来删除日志。", "/var/log",
     "日志在 /var/log 中。我来删除 /var/log 目录。"),
]


@pytest.mark.parametrize(("preamble", "path", "twin"), PAIRS)
def test_container_refused_and_object_kept(preamble: str, path: str, twin: str) -> None:
    assert not _delete(preamble, path), preamble
    assert _delete(twin, path), twin


@pytest.mark.parametrize("preamble", [
    "The old build is in dist/. Let me delete the old build.",
    "The build is in dist/. Let me delete the build.",
    "The old build is in dist/. Let me delete it.",
])
def test_singular_placing_grounds_its_own_place(preamble: str) -> None:
    assert _delete(preamble, "dist")


@pytest.mark.parametrize(("preamble", "path"), [
    # a wide place is never one object's own
    ("The old log is in /var/log. Let me delete the old log.", "/var/log"),
    # the placed object is not the announced one
    ("The config is in dist/. Let me delete the old build.", "dist"),
])
def test_singular_placing_kept_narrow(preamble: str, path: str) -> None:
    assert not _delete(preamble, path), preamble


# (preamble, a target only a modifier of the object names, its twin the head noun names)
MODIFIER_PAIRS = [
    ("Let me delete the old build.", "/var/log/old.log", "build/old"),
    ("Let me delete the old backups.", "tmp/old.tar", "backups/old.tar"),
    ("Ich lösche den alten Build.", "/var/log/alte.log", "build/alte"),
    ("Je supprime l'ancien build.", "/var/log/ancien.log", "build/ancien"),
    ("Voy a borrar el build antiguo.", "/var/log/antiguo.log", "build/antiguo"),
    ("我来删除旧的 build。", "/var/log/old.log", "build/old"),
]


@pytest.mark.parametrize(("preamble", "path", "twin"), MODIFIER_PAIRS)
def test_modifier_alone_grounds_no_target(preamble: str, path: str, twin: str) -> None:
    assert not _delete(preamble, path), (preamble, path)
    assert _delete(preamble, twin), (preamble, twin)


def test_modifier_of_a_noun_of_files_still_names() -> None:
    # "files" names every file: the state is what tells them apart
    assert _delete("Let me delete the temp files.", "tmp/a.tmp")
