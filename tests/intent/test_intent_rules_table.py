"""The intent rule table of docs/intent.md is generated from the registry (``leakcall.intent.rules``)."""

from __future__ import annotations

import re
from pathlib import Path

from leakcall.intent.rules import RULES, table
from leakcall.reasons import Reason

PAGE = Path(__file__).resolve().parents[2] / "docs" / "intent.md"


def test_docs_rule_table_equals_the_registry() -> None:
    text = PAGE.read_text(encoding="utf-8")
    m = re.search(r"<!-- intent-rules:begin -->\n(.*?)\n<!-- intent-rules:end -->", text, re.S)
    assert m is not None, "docs/intent.md lost its intent-rules markers"
    assert m.group(1) == table(), "regenerate it: python -m leakcall.maint docs"


def test_every_rule_is_named_once_with_a_doc() -> None:
    names = [r.name for r in RULES]
    assert len(names) == len(set(names))
    for r in RULES:
        assert r.doc and isinstance(r.reason, Reason)
        assert (r.reason is Reason.OK) == (r.name == "action-preamble")
