"""Grammars ship inside the wheel and load the same from an editable install."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import leakcall
from leakcall.families import grammar_dir

from ..conftest import ROOT

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


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed once (``pip install --target``) for the tests that import from it:
    each installed it again into its own directory, the same files."""
    target = tmp_path_factory.mktemp("installed") / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(wheel)], check=True)
    return target


@pytest.mark.heavy
def test_wheel_contains_grammars_and_py_typed(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for g in SHIPPED:
        assert f"leakcall/grammar/{g}" in names
    for lex in (ROOT / "grammar" / "lexicon").glob("*.txt"):
        assert f"leakcall/grammar/lexicon/{lex.name}" in names
    assert "leakcall/py.typed" in names
    assert "leakcall/intent/tables.pickle" in names  # the compiled intent tables


@pytest.mark.heavy
def test_installed_wheel_loads_every_family(installed: Path, tmp_path: Path) -> None:
    target = installed
    code = ("import leakcall, leakcall.families as f, leakcall.intent as i; "
            "import leakcall.intent.tables as t; "
            "print(f.grammar_dir()); print(len(leakcall.all_families())); "
            "print(len(i.lexicon().languages)); "
            "print(t.shipped() is not None and i.lexicon() is t.shipped().lexicon)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, check=True, env={"PYTHONPATH": str(target)}).stdout.split()
    assert out[0].startswith(str(target))
    assert int(out[1]) == len(FAMILY_NAMES)
    # every language file (kinds.txt holds the tools' kinds, no language)
    assert int(out[2]) == len([p for p in (ROOT / "grammar" / "lexicon").glob("*.txt")
                               if p.stem != "kinds"])
    # the installed wheel reads the shipped intent tables: current with its own lexicon files
    assert out[3] == "True"


@pytest.mark.heavy
def test_wheel_and_editable_share_the_parser_cache(installed: Path, tmp_path: Path) -> None:
    """The cache is keyed by grammar content, not install path: a wheel loads the parsers the
    editable install stored, and recovers exactly the same."""
    target, cache = installed, tmp_path / "cache"
    code = ("import json, leakcall; r = leakcall.recover('Let me call `f`.\\n<tool_call>\\n"
            "{\\\"name\\\": \\\"f\\\", \\\"arguments\\\": {}}\\n</tool_call>', "
            "[{'type': 'function', 'function': {'name': 'f', 'parameters': {}}}]); "
            "[f.parser() for f in leakcall.all_families()]; "
            "print(json.dumps([r.reason, r.rule, r.content, [c.id for c in r.calls]]))")
    env = {"LEAKCALL_CACHE_DIR": str(cache), "PATH": os.environ.get("PATH", "")}
    # the source tree, as an editable install of it reads it (not whatever leakcall the
    # interpreter has installed)
    editable = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                              text=True, check=True,
                              env={**env, "PYTHONPATH": str(ROOT / "src")}).stdout
    stored = sorted(cache.iterdir())
    assert len(stored) == len(FAMILY_NAMES) + 1  # and the preamble grammar (intent.preamble)
    from_wheel = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                                text=True, check=True,
                                env={**env, "PYTHONPATH": str(target)}).stdout
    assert json.loads(from_wheel) == json.loads(editable)
    assert json.loads(editable)[0] == "ok"
    assert sorted(cache.iterdir()) == stored  # loaded, nothing new built


def test_core_install_is_lark_and_jsonschema() -> None:
    """``pip install .`` pulls lark and jsonschema only; everything else is an extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.match(r"[A-Za-z0-9_.-]+", d).group(0).lower()  # type: ignore[union-attr]
             for d in project["dependencies"]}
    assert names == {"lark", "jsonschema"}
    assert any(d.startswith("rich") for d in project["optional-dependencies"]["pretty"])


_HIDE_RICH = """
import sys
sys.modules["rich"] = None  # as if the pretty extra were not installed
from leakcall.cli import main
sys.exit(main(["scan", sys.argv[1]]))
"""


@pytest.mark.heavy
def test_scan_prints_plain_tables_without_rich(tmp_path: Path) -> None:
    leak = '<tool_call>\n{"name": "read", "arguments": {"path": "/tmp/x"}}\n</tool_call>'
    tools = [{"type": "function", "function": {"name": "read", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"}}}}}]
    log = tmp_path / "log.jsonl"
    log.write_text("\n".join([
        json.dumps({"text": leak, "tools": tools}),
        json.dumps({"text": "```\n" + leak + "\n```", "tools": tools}), "oops"]) + "\n",
        encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _HIDE_RICH, str(log)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "outcomes per reply" in lines and "bad lines" in lines
    assert any(re.fullmatch(r"recovered +1 +50.00 %", ln) for ln in lines), done.stdout
    assert any(re.fullmatch(r"leak candidates +1 +50.00 %", ln) for ln in lines), done.stdout
    assert any(re.fullmatch(r"fenced +shown +1 +2", ln) for ln in lines), done.stdout
    assert any(re.fullmatch(r"not_json +1 +3: .+", ln) for ln in lines), done.stdout
    assert "\u2501" not in done.stdout and "\u2503" not in done.stdout  # no rich box drawing


HEAVY_PACKAGES = {"ray", "pyspark", "litellm"}


def _names(requirements: list[str]) -> set[str]:
    return {re.match(r"[A-Za-z0-9_.-]+(\[[^]]*\])?", d).group(0).lower()  # type: ignore[union-attr]
            for d in requirements}


def _needs_heavy(node: ast.AST) -> bool:
    """Whether ``node`` imports (or importorskips) Ray, Spark or LiteLLM."""
    for n in ast.walk(node):
        if isinstance(n, ast.Import) and any(a.name.split(".")[0] in HEAVY_PACKAGES
                                             for a in n.names):
            return True
        if isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] in HEAVY_PACKAGES:
            return True
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                and n.func.attr == "importorskip" and n.args
                and isinstance(n.args[0], ast.Constant)
                and str(n.args[0].value).split(".")[0] in HEAVY_PACKAGES):
            return True
    return False


def _marked_ecosystem(decorators: list[ast.expr]) -> bool:
    return any(ast.unparse(d) == "pytest.mark.ecosystem" for d in decorators)


def test_the_heavy_extra_is_apart_and_only_ecosystem_tests_need_it() -> None:
    """Ray, Spark and LiteLLM sit in their own extra (test-heavy), which dev (what CI installs)
    leaves out; test-light holds none of them. Every test that imports one of them is marked
    ecosystem, so it runs only under ``--ecosystem`` and the default run needs no more than
    test-light."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    assert _names(extras["test-heavy"]) == {"leakcall[ray]", "leakcall[spark]", "litellm"}
    assert {"ray[data]", "pyspark"} <= _names(extras["ray"] + extras["spark"])
    assert _names(extras["test"]) == {"leakcall[test-light,test-heavy]"}
    assert "leakcall[test-light,lint]" in _names(extras["dev"])
    assert not any("test-heavy" in n or n == "leakcall[test,lint]" for n in _names(extras["dev"]))
    light = _names(extras["test-light"])
    assert not {n.split("[")[0] for n in light} & HEAVY_PACKAGES
    assert not light & {"leakcall[ray]", "leakcall[spark]"}

    unmarked = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if not any(name in text for name in HEAVY_PACKAGES):
            continue
        tree = ast.parse(text)
        whole = any(isinstance(n, ast.Assign) and "pytest.mark.ecosystem" in ast.unparse(n.value)
                    and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in n.targets)
                    for n in tree.body)
        if whole:
            continue
        for n in tree.body:
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name.startswith("test"):
                if _needs_heavy(n) and not _marked_ecosystem(n.decorator_list):
                    unmarked.append(f"{path.relative_to(ROOT)}::{n.name}")
            elif not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and _needs_heavy(n):
                unmarked.append(f"{path.relative_to(ROOT)} (module level)")
    assert unmarked == []
    tests_of = {str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*.py")}
    assert {"tests/scan/test_ray_scan.py", "tests/scan/test_spark.py",
            "tests/wire/test_wire_readme.py"} <= tests_of
