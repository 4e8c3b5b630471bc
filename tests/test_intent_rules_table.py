"""The README's intent rule table is generated from the registry (``leakcall.intent.rules``)."""

from __future__ import annotations

import re
from pathlib import Path

from leakcall.intent.rules import RULES, table
from leakcall.reasons import Reason

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_rule_table_equals_the_registry() -> None:
    text = README.read_text(encoding="utf-8")
    m = re.search(r"<!-- intent-rules:begin -->\n(.*?)\n<!-- intent-rules:end -->", text, re.S)
    assert m is not None, "README lost its intent-rules markers"
    assert m.group(1) == table(), "regenerate the README table from leakcall.intent.rules.table()"


def test_every_rule_is_named_once_with_a_doc() -> None:
    names = [r.name for r in RULES]
    assert len(names) == len(set(names))
    for r in RULES:
        assert r.doc and isinstance(r.reason, Reason)
        assert (r.reason is Reason.OK) == (r.name == "action-preamble")
