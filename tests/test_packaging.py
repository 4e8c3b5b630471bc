"""Grammars ship inside the wheel and load the same from an editable install."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import leakcall
from leakcall.families import grammar_dir

from .conftest import ROOT

SHIPPED = sorted(p.name for p in (ROOT / "grammar").glob("*.lark"))
# Every family: one per grammar file, plus the tolerated spellings its header declares.
FAMILY_NAMES = {n[:-5] for n in SHIPPED if not n.startswith("_")} | {
    f"{n[:-5]}_{line.split(':', 1)[1].split()[0]}"
    for n in SHIPPED if not n.startswith("_")
    for line in (ROOT / "grammar" / n).read_text(encoding="utf-8").splitlines()
    if line.startswith("// spelling:")}


def test_source_or_editable_install_finds_every_grammar() -> None:
    found = sorted(p.name for p in grammar_dir().glob("*.lark"))
    assert found == SHIPPED
    assert {f.name for f in leakcall.all_families()} == FAMILY_NAMES


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out),
                    str(ROOT)], check=True)
    return next(out.glob("leakcall-*.whl"))


def test_wheel_contains_grammars_and_py_typed(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for g in SHIPPED:
        assert f"leakcall/grammar/{g}" in names
    for lex in (ROOT / "grammar" / "lexicon").glob("*.txt"):
        assert f"leakcall/grammar/lexicon/{lex.name}" in names
    assert "leakcall/py.typed" in names


def test_installed_wheel_loads_every_family(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(wheel)], check=True)
    code = ("import leakcall, leakcall.families as f, leakcall.intent as i; "
            "print(f.grammar_dir()); print(len(leakcall.all_families())); "
            "print(len(i.lexicon().languages))")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, check=True, env={"PYTHONPATH": str(target)}).stdout.split()
    assert out[0].startswith(str(target))
    assert int(out[1]) == len(FAMILY_NAMES)
    assert int(out[2]) == len(list((ROOT / "grammar" / "lexicon").glob("*.txt")))
