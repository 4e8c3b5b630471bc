"""One concept, one implementation (h95e): a closed word class kinds.txt keeps is not kept a
second time as a Python set, and one reader reads a written hour and a reading query's lead.

Read from the source (``ast``), never by importing the modules checked."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from leakcall.intent.kindsfile import section
from leakcall.intent.tables import tongues

SRC = Path(__file__).resolve().parents[2] / "src" / "leakcall"

UNIFIED = ("keys-typed", "keys-element", "keys-zone", "typing-tool", "network-program",
           "cluster-program", "cluster-identity", "cluster-inside", "cluster-secret",
           "keys-file-content", "keys-written-text", "copy-program", "copy-program-other",
           "true-values")
"""kinds.txt sections that were once a Python set too (``writtencontent._TYPE_KEYS``,
``setwhen._ZONE_KEYS``, ``lookriders._NETWORK``, ``writtencontent._CONTENT_KEYS``,
``statedsettings._TEXT_KEYS``, ``shellwrites._COPIES``, ``roles._COPY_TOOLS``,
``forcing._ON``, ``cargo._TRUE``, ``lookchanges._ON``...)."""


_NARROW = frozenset({"true-values"})
"""Sections whose words also sit inside sets of other concepts: [true-values] (true, yes, 1,
on) in code literals (``values._LITERALS``) and in the CLI's own switch spellings
(``ops._ON``, another layer). A set is their twin only in ``intent/`` and only when it is
mostly the section's words."""


def _string_sets(tree: ast.AST) -> Iterator[tuple[int, frozenset[str]]]:
    """(line, entries) of each set, tuple or list literal of three or more strings (a
    ``frozenset({...})``'s too)."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Set | ast.Tuple | ast.List) or len(node.elts) < 3:
            continue
        vals = [e.value for e in node.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        if len(vals) == len(node.elts):
            yield node.lineno, frozenset(v.casefold().rstrip("*") for v in vals)


def _twins(src: Path) -> list[str]:
    out = []
    classes = {name: frozenset(e.rstrip("*") for e in section(name)) for name in UNIFIED}
    for path in sorted(src.rglob("*.py")):
        for line, vals in _string_sets(ast.parse(path.read_text(encoding="utf-8"))):
            for name, entries in classes.items():
                shared = vals & entries
                if len(shared) >= 3 and len(shared) >= 0.75 * min(len(vals), len(entries)) \
                        and (name not in _NARROW or (len(shared) >= 0.75 * len(vals)
                                                     and path.parts[-2] == "intent")):
                    out.append(f"{path.relative_to(src)}:{line} holds [{name}]'s {sorted(shared)}")
    return out


def test_no_python_set_repeats_a_unified_section() -> None:
    assert all(len(section(name)) >= 2 for name in UNIFIED)
    assert _twins(SRC) == []


def test_the_twin_check_catches_a_set_brought_back(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text('_ZONE = frozenset({"timezone", "tz", "tzid", "tzname"})\n'
                                   '_NET = ("curl", "wget", "ssh", "scp")\n'
                                   '_OTHER = frozenset({"alpha", "beta", "gamma"})\n',
                                   encoding="utf-8")
    found = sorted(_twins(tmp_path))
    assert len(found) == 2 and "[keys-zone]" in found[0] and "[network-program]" in found[1]


def test_one_reader_of_a_written_hour() -> None:
    """setwhen's hour patterns are read only through ``written_hours`` (``_FORMS``)."""
    tree = ast.parse((SRC / "intent" / "setwhen.py").read_text(encoding="utf-8"))
    patterns = {"_HALF", "_CLOCK", "_BARE", "_BARE_OTHER", "_DAY_CLOCK"}
    outside = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name != "written_hours":
            outside += [n.id for n in ast.walk(node) if isinstance(n, ast.Name)
                        and n.id in patterns]
    assert outside == []


def test_one_pattern_of_a_reading_query_lead() -> None:
    """``select|with`` opening a statement is ``looked._SELECT`` only."""
    lead = re.compile(r"select\|with")
    holders = sorted(p.name for p in (SRC / "intent").glob("*.py")
                     if lead.search(p.read_text(encoding="utf-8")))
    assert holders == ["looked.py"]


LEXICON_UNIFIED = ("g-setting-on", "g-setting-off", "g-empty")
"""Lexicon sections that were once a Python regex or set too (``statedsettings._ON`` /
``_OFF`` / ``_ON_CJK`` / ``_OFF_CJK``, ``runscope._EMPTY``)."""


def _lexicon_section(name: str) -> frozenset[str]:
    return frozenset(e.rstrip("*") for t in tongues() for sec, e in t.marks if sec == name)


def _alternatives(tree: ast.AST) -> Iterator[tuple[int, frozenset[str]]]:
    """(line, words) of each string constant read as a regex alternation (``a|b|c``, the
    regex marks of each alternative dropped) and of each set, tuple or list of strings."""
    yield from _string_sets(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "|" in node.value:
            words = {re.sub(r"\\w\*|\[[^]]*\]\??|[?()]|\\s\+", " ", a).strip().casefold()
                     for a in node.value.split("|")}
            yield node.lineno, frozenset(w for w in words if w)


def _lexicon_twins(src: Path) -> list[str]:
    out = []
    classes = {name: _lexicon_section(name) for name in LEXICON_UNIFIED}
    for path in sorted(src.rglob("*.py")):
        for line, vals in _alternatives(ast.parse(path.read_text(encoding="utf-8"))):
            for name, entries in classes.items():
                shared = {v for v in vals if v in entries or v.replace(" ", "") in entries}
                if len(shared) >= 3 and len(shared) >= 0.5 * min(len(vals), len(entries)):
                    out.append(f"{path.relative_to(src)}:{line} holds [{name}]'s {sorted(shared)}")
    return out


def test_no_python_words_repeat_a_unified_lexicon_section() -> None:
    assert all(len(_lexicon_section(name)) >= 3 for name in LEXICON_UNIFIED)
    assert _lexicon_twins(SRC) == []


def test_the_lexicon_twin_check_catches_words_brought_back(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        '_ON = (r"enabled|enable|activated|active|turned\\s+on|aktiviert\\w*")\n'
        '_OFF_CJK = "关闭|禁用|停用|無効|オフ"\n'
        '_OTHER = "alpha|beta|gamma|disabled"\n', encoding="utf-8")
    found = sorted(_lexicon_twins(tmp_path))
    assert len(found) == 2 and "[g-setting-on]" in found[0] and "[g-setting-off]" in found[1]
