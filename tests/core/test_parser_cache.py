"""The parser cache: a parser loaded from it parses exactly as a fresh build; a cache directory
that cannot be used (unwritable, not private, a corrupt file) only means building again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lark import Lark

import leakcall
from leakcall import families as F
from leakcall.corpus import load_cases
from leakcall.locate import candidates, segments

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _build(fam: leakcall.Family) -> object:
    return F._parser.__wrapped__(fam.path, fam.spelling)  # type: ignore[attr-defined]


def _outcome(parser: object, region: str) -> object:
    try:
        return parser.parse(region)  # type: ignore[attr-defined]
    except Exception as e:  # the failure must be the same one too
        return (type(e).__name__, str(e))


@pytest.mark.heavy
def test_cached_parser_parses_the_corpus_as_a_fresh_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(F.CACHE_ENV, str(tmp_path))
    fams = leakcall.all_families()
    fresh = {f.name: _build(f) for f in fams}  # builds and stores
    assert len(list(tmp_path.glob("*.lark-cache"))) == len(fams)
    loaded = {f.name: _build(f) for f in fams}  # loads
    texts = [c.text for d in sorted(CORPUS.iterdir()) if d.is_dir() for c in load_cases(d)]
    n = 0
    for text in texts:
        for c in candidates(text, fams, segments(text)):
            region = text[c.start : c.end if c.end is not None else len(text)]
            name = c.family.name
            assert _outcome(loaded[name], region) == _outcome(fresh[name], region)
            n += 1
    assert n > 500


def test_a_cached_parser_is_loaded_not_built(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache hit itself, counted: the first load of a family builds its parser and stores
    it, every later load reads it back without building (``Lark.load`` makes no ``Lark()``)."""
    monkeypatch.setenv(F.CACHE_ENV, str(tmp_path))
    builds: list[str] = []

    class Counted(Lark):
        def __init__(self, grammar: str, **options: object) -> None:
            builds.append(grammar)
            super().__init__(grammar, **options)

    monkeypatch.setattr(F, "Lark", Counted)
    fams = [leakcall.get_family("hermes"), leakcall.get_family("dsml")]
    first = [_build(f) for f in fams]
    assert len(builds) == 2 and len(list(tmp_path.glob("*.lark-cache"))) == 2
    again = [_build(f) for f in fams for _ in range(3)]
    assert len(builds) == 2  # read from the cache each time
    text = '<tool_call>{"name": "f", "arguments": {}}</tool_call>'
    assert again[0].parse(text) == first[0].parse(text)  # type: ignore[attr-defined]


def test_changed_grammar_gets_its_own_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv(F.CACHE_ENV, str(cache))
    gdir = tmp_path / "g"
    gdir.mkdir()
    hermes = leakcall.get_family("hermes")
    (gdir / "_common.lark").write_text((F.grammar_dir() / "_common.lark").read_text())
    path = gdir / "hermes.lark"
    path.write_text(hermes.path.read_text())
    F._parser.__wrapped__(path)  # type: ignore[attr-defined]
    F._dir_digest.cache_clear()
    # the same grammar importing a changed _common.lark must not load the old entry
    (gdir / "_common.lark").write_text("WS: /[ ]+/\nQUOTED_ATTR: /[^\"]+/\n")
    p = F._parser.__wrapped__(path)  # type: ignore[attr-defined]
    F._dir_digest.cache_clear()
    assert len(list(cache.glob("*.lark-cache"))) == 2
    with pytest.raises(Exception):  # noqa: B017 - the newline separator is no longer WS
        p.parse('<tool_call>\n{"name": "f"}</tool_call>')


@pytest.mark.parametrize("how", ["a-file", "group-writable", "empty-variable"])
def test_unusable_cache_dir_builds_without_it(how: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    if how == "a-file":
        (tmp_path / "f").write_text("")
        where = tmp_path / "f" / "cache"
    elif how == "group-writable":
        where = tmp_path / "shared"
        where.mkdir()
        where.chmod(0o777)
    else:
        where = None
    monkeypatch.setenv(F.CACHE_ENV, "" if where is None else str(where))
    assert F.cache_dir() is None
    fam = leakcall.get_family("dsml")
    assert _build(fam) is not None
    if how == "group-writable":
        assert where is not None and not list(where.iterdir())


def test_corrupt_entry_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(F.CACHE_ENV, str(tmp_path))
    fam = leakcall.get_family("hermes")
    _build(fam)
    (entry,) = tmp_path.glob("*.lark-cache")
    entry.write_bytes(b"\x80\x05 not a pickle")
    p = _build(fam)
    assert p.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>')  # type: ignore[attr-defined]
    assert entry.read_bytes()[:2] != b"\x80\x05 n"  # written again, whole
    assert not [q for q in tmp_path.iterdir() if q.name.startswith(".tmp-")]


def test_private_dir_is_made_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(F.CACHE_ENV, str(tmp_path / "new"))
    d = F.cache_dir()
    assert d is not None and (os.stat(d).st_mode & 0o077) == 0
