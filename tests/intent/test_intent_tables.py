"""The compiled intent tables shipped with the package (``leakcall/intent/tables.pickle``, issue
27): current with their sources, read instead of built, and never read when stale."""

from __future__ import annotations

import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from leakcall.families import grammar_dir
from leakcall.intent import cues, loading, tables, view

LEXICON = grammar_dir() / "lexicon"


@pytest.mark.heavy
def test_the_shipped_tables_equal_a_build_from_the_sources() -> None:
    """Fails whenever a lexicon file or the code that builds the tables changed and the file was
    not written again: run the command the message names."""
    data = tables.ARTEFACT.read_bytes()
    why = tables.stale(data, LEXICON)
    assert why is None, f"{tables.ARTEFACT} is stale ({why}): run {tables.REGENERATE}"


@pytest.mark.heavy
def test_the_check_command_says_so() -> None:
    done = subprocess.run([sys.executable, "-m", "leakcall.maint", "intent-tables", "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "is current" in done.stdout


@pytest.mark.heavy
def test_lexicon_and_tongues_are_read_from_the_tables_not_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_build(*args: object) -> None:
        raise AssertionError("built from the lexicon files")

    monkeypatch.setattr(tables, "load_lexicon", no_build)
    monkeypatch.setattr(tables, "build_tongues", no_build)
    for cached in (tables.shipped, tables.lexicon, tables.tongues):
        cached.cache_clear()
    try:
        lex, tongues = tables.lexicon(), tables.tongues()
        got = tables.shipped()
        assert got is not None
        assert lex is got.lexicon and tongues is got.tongues
        assert {t.name for t in tongues} >= {"en", "zh", "ja", "de"}
    finally:
        for cached in (tables.shipped, tables.lexicon, tables.tongues):
            cached.cache_clear()


def test_tables_whose_sources_changed_are_not_read(tmp_path: Path) -> None:
    data = tables.ARTEFACT.read_bytes()
    assert tables.read(data, LEXICON) is not None
    edited = tmp_path / "lexicon"
    shutil.copytree(LEXICON, edited)
    en = edited / "en.txt"
    en.write_text(en.read_text(encoding="utf-8") + "\n[lead]\nzorblax\n", encoding="utf-8")
    assert tables.read(data, edited) is None
    assert tables.stale(data, edited) is not None
    # a changed builder is a changed source too
    assert tables.read(data.replace(b"\n", b"0\n", 1), LEXICON) is None


@pytest.mark.heavy
def test_stale_tables_fall_back_to_the_sources(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    """A lexicon edited in a source checkout takes effect at once: the stale file is ignored and
    the tables are built from the files (what a test of the edit then sees)."""
    stale = tmp_path / "tables.pickle"
    stale.write_bytes(b"leakcall-intent-tables 1 " + b"0" * 64 + b"\n"
                      + tables.ARTEFACT.read_bytes().partition(b"\n")[2])
    monkeypatch.setattr(tables, "ARTEFACT", stale)
    for cached in (tables.shipped, tables.lexicon, tables.tongues):
        cached.cache_clear()
    try:
        assert tables.shipped() is None
        lex = tables.lexicon()
        assert lex is cues.load_lexicon(LEXICON)
        assert [t.name for t in tables.tongues()] == [
            t.name for t in loading.build_tongues(LEXICON)]
    finally:
        for cached in (tables.shipped, tables.lexicon, tables.tongues):
            cached.cache_clear()


def test_a_lazy_pattern_matches_as_the_compiled_one() -> None:
    source = r"(?<!\w)b(\w+)|x+"
    lazy, rx = tables.LazyPattern(source), re.compile(source)
    text = "abc bcd xx bee"
    assert not lazy.is_compiled
    assert lazy.search(text, 2).span() == rx.search(text, 2).span()  # type: ignore[union-attr]
    assert lazy.is_compiled
    for p in (tables.LazyPattern(source), lazy):
        assert [m.span() for m in p.finditer(text)] == [m.span() for m in rx.finditer(text)]
        assert p.findall(text) == rx.findall(text)
        assert p.sub("-", text) == rx.sub("-", text)
        assert (p.match(text, 4) or re.match("", "")).span() == rx.match(text, 4).span()  # type: ignore[union-attr]
        assert p.fullmatch("bee") is not None and p.fullmatch("bee!") is None
    assert lazy.compiled() is lazy.compiled()
    # pickled as its text: a compiled one reads back uncompiled, the same pattern
    back = pickle.loads(pickle.dumps(lazy))
    assert (back.pattern, back.flags, back.is_compiled) == (source, 0, False)


@pytest.mark.heavy
def test_the_lexicon_compiles_its_regexes_on_first_use_or_all_at_once() -> None:
    """Reading the tables compiles nothing (most replies reach few cue screens);
    ``compile_all`` (what ``leakcall serve`` runs before it is ready) compiles every one."""
    got = tables.read(tables.ARTEFACT.read_bytes(), LEXICON)
    assert got is not None
    found = list(tables.patterns(got.lexicon))
    assert len(found) > 50
    assert not any(p.is_compiled for p in found)
    cue = got.lexicon.cues["question"]
    assert cue.search(view.normalize("Could you run this for me?")) is not None
    assert 0 < sum(p.is_compiled for p in found) < len(found)
    assert tables.compile_all(got.lexicon) == len(found)
    assert all(p.is_compiled for p in found)
