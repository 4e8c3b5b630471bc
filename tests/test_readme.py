"""The README's family table is generated from the grammar headers, never typed by hand."""

from __future__ import annotations

from leakcall import Reason
from leakcall.families import markdown_table

from .conftest import ROOT

START, END = "<!-- families:start -->", "<!-- families:end -->"


def test_readme_family_table_is_generated() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split(START, 1)[1].split(END, 1)[0]
    assert block.strip() == markdown_table().strip(), (
        "README family table is stale: run `python -m leakcall.maint families-readme README.md`")


def test_readme_documents_every_reason_code() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for r in Reason:
        assert f"`{r.value}`" in text, r.value
