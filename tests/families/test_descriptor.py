"""The family descriptor (a grammar's ``//`` header) is strict: it ends at the first bare ``//``
line, unknown keys and prose inside it are load-time errors, ``values`` is required, and the
generated family table keeps one row per family."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark.exceptions import UnexpectedInput

import leakcall
from leakcall.families import VALUES, Family, load_family, markdown_table

FAMILIES = leakcall.all_families()


_HEAD = ("// family: demo\n// title: Demo\n// models: none\n// source: constructed\n"
         "// open: <demo>\n// close: </demo>\n")
_BODY = 'start: "<demo>" "</demo>"\n'


def _write_demo(tmp_path: Path, header: str) -> Path:
    path = tmp_path / "demo.lark"
    path.write_text(header + _BODY, encoding="utf-8")
    return path


def test_descriptor_rejects_an_unknown_key(tmp_path: Path) -> None:
    path = _write_demo(tmp_path, _HEAD + "// values: text\n// value: json\n")
    with pytest.raises(ValueError, match=r"demo\.lark.*'value'"):
        load_family(path)


def test_descriptor_rejects_prose_inside_the_header(tmp_path: Path) -> None:
    path = _write_demo(tmp_path, _HEAD + "// values: text\n// A note without a bare line.\n")
    with pytest.raises(ValueError, match=r"demo\.lark"):
        load_family(path)


def test_descriptor_ends_at_the_first_bare_comment_line(tmp_path: Path) -> None:
    prose = "//\n// note: this prose is not a key\n// open: <not-an-opener>\n"
    fam = load_family(_write_demo(tmp_path, _HEAD + "// values: text\n" + prose))
    assert fam.opens == ("<demo>",) and "note" not in fam.header
    fam = load_family(_write_demo(tmp_path, _HEAD + "// values: text\n\n" + prose))
    assert fam.opens == ("<demo>",) and "note" not in fam.header


def test_descriptor_requires_values(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"demo\.lark.*values"):
        load_family(_write_demo(tmp_path, _HEAD))
    with pytest.raises(ValueError, match=r"demo\.lark.*values"):
        load_family(_write_demo(tmp_path, _HEAD + "// values: yaml\n"))
    assert load_family(_write_demo(tmp_path, _HEAD + "// values: framed\n")).values == "framed"


@pytest.mark.parametrize("fam", FAMILIES, ids=lambda f: f.name)
def test_every_family_declares_values(fam: Family) -> None:
    assert fam.values in VALUES
    assert fam.values == load_family(fam.path).values  # a spelling inherits its base's


def test_family_table_cells_hold_no_line_break_or_bare_bar(tmp_path: Path) -> None:
    header = _HEAD.replace("// title: Demo", "// title: \"Demo\\nsplit | bar\"") + (
        '// open: "<demo>\\n["\n// values: text\n')
    fam = load_family(_write_demo(tmp_path, header))
    row = markdown_table((fam,)).splitlines()[2]
    assert row.count("|") - row.count("\\|") == 5, row
    assert "`<demo>\\n[`" in row and "Demo split \\| bar" in row
    for line in markdown_table().splitlines()[2:]:
        assert line.startswith("| `") and line.endswith(" |"), line


def test_spelling_applies_every_rewrite_in_order(tmp_path: Path) -> None:
    header = _HEAD + "// values: text\n// spelling: curly <=>« =\\\"=>=“ \\\"=>”\n//\n"
    body = ('start: "<demo>" NAME "</demo>"\n'
            'NAME: "x=\\"" /[a-z]+/ "\\""\n')
    path = tmp_path / "demo.lark"
    path.write_text(header + body, encoding="utf-8")
    base = load_family(path)
    fams = {f.name: f for f in leakcall.all_families(tmp_path)}
    curly = fams["demo_curly"]
    assert curly.spelling == (("<", "«"), ('=\\"', "=“"), ('\\"', "”"))
    assert curly.opens == ("«demo>",) and base.opens == ("<demo>",)
    curly.parser().parse("«demo>x=“abc”«/demo>")
    with pytest.raises(UnexpectedInput):  # a mixture of spellings parses as neither
        curly.parser().parse('«demo>x="abc”«/demo>')
    with pytest.raises(ValueError, match="bad spelling"):
        bad = tmp_path / "bad"
        bad.mkdir()
        (bad / "demo.lark").write_text(_HEAD + "// values: text\n// spelling: odd <=>\n//\n" + body,
                                       encoding="utf-8")
        leakcall.all_families(bad)


@pytest.mark.parametrize("decl", ["court", "court ", "<court> claude-code#1", "a<b c#1"])
def test_a_glitch_entry_needs_a_token_and_its_sources(tmp_path: Path, decl: str) -> None:
    path = _write_demo(tmp_path, _HEAD + f"// values: text\n// glitch: {decl}\n")
    with pytest.raises(ValueError, match="glitch"):
        load_family(path)


def test_glitch_entries_are_read_in_order(tmp_path: Path) -> None:
    path = _write_demo(tmp_path, _HEAD + "// values: text\n// glitch: court a#1, b#2\n"
                       "// glitch: count c#3\n")
    assert load_family(path).glitches == ("court", "count")
