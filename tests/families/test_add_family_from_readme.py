"""grammar/README.md is the whole "add a family" page: its worked example, taken from the page
alone and written to a temporary directory, is a working family with its minimum corpus."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import leakcall
from leakcall.corpus import CASE_KEYS, Case, load_cases
from leakcall.families import VALUES

PAGE = (Path(__file__).resolve().parents[2] / "grammar" / "README.md").read_text(encoding="utf-8")
# A file the page shows: a marker comment naming its path, then one fenced block (a fence of three
# or more backticks, so a reply may hold a shorter one).
EXAMPLE = re.compile(r"<!-- example-file: (\S+) -->\n(`{3,})\w*\n(.*?)\n\2\n", re.DOTALL)


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> tuple[leakcall.Family, list[Case]]:
    root = tmp_path_factory.mktemp("from_readme")
    files = EXAMPLE.findall(PAGE)
    assert any(p.endswith(".lark") for p, _, _ in files), "the page shows no example grammar"
    for rel, _, body in files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        # A reply is the block's content exactly (no final newline); other files end with one.
        path.write_bytes((body if path.suffix == ".txt" else body + "\n").encode("utf-8"))
    (grammar,) = (root / "grammar").glob("*.lark")
    fam = leakcall.load_family(grammar)
    return fam, list(load_cases(root / "corpus"))


def test_example_family_loads_from_the_page(example: tuple[leakcall.Family, list[Case]]) -> None:
    fam, cases = example
    assert fam.name == "acme" and fam.values == "text"
    assert fam.opens == ("<acme_calls>",) and fam.closes == ("</acme_calls>",)
    assert set(fam.header) == {"family", "title", "models", "source", "open", "close", "values"}
    assert fam.name not in {f.name for f in leakcall.all_families()}
    assert {c.family for c in cases} == {fam.name}


def test_example_cases_give_their_expectation(example: tuple[leakcall.Family, list[Case]]) -> None:
    fam, cases = example
    for case in cases:
        r = leakcall.recover(case.text, case.tools, families=[fam], **case.options)
        assert str(r.reason) == case.expect["reason"], (case.id, r.detail)
        if "calls" in case.expect:
            assert [{"name": c.name, "arguments": c.arguments} for c in r.calls] == (
                case.expect["calls"])


def test_example_corpus_is_the_minimum_set(example: tuple[leakcall.Family, list[Case]]) -> None:
    fam, cases = example
    reasons = {c.expect["reason"] for c in cases}
    assert {"ok", "truncated"} <= reasons and reasons & {"fenced", "quoted"}
    bare = [c for c in cases
            if leakcall.recover(c.text, c.tools, families=[fam]).ok
            and not leakcall.recover(c.text, c.tools, families=[fam]).content]
    assert bare, "no bare case"
    for c in bare:
        assert not any(leakcall.recover(c.text[:i], c.tools, families=[fam]).ok
                       for i in range(len(c.text)))


def test_page_names_every_header_key_and_case_field() -> None:
    for key in ("family", "title", "models", "source", "open", "close", "values", "spelling"):
        assert f"| `{key}`" in PAGE, key
    for value in VALUES:
        assert f"`{value}`" in PAGE, value
    first_cells = [ln.split("|")[1] for ln in PAGE.splitlines() if ln.startswith("| `")]
    for key in CASE_KEYS:  # every key a case file may hold is a row of the fields table
        assert any(f"`{key}`" in cell for cell in first_cells), key
    assert "<case>.txt" in PAGE and "tools/<name>.json" in PAGE
    for command in ("--snapshot-update", "python -m leakcall.maint families-readme docs/families.md",
                    "python -m leakcall.maint calibrate corpus"):
        assert command in PAGE, command
