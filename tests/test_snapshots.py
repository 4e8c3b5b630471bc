"""Syrupy snapshots hold the full serialized result of every corpus case.

Regenerate with ``python -m pytest tests/test_snapshots.py --snapshot-update`` and read the diff.
"""

from __future__ import annotations

import pytest
from syrupy.assertion import SnapshotAssertion

import leakcall
from leakcall.corpus import Case

from .conftest import CASES


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_corpus_snapshot(case: Case, snapshot: SnapshotAssertion) -> None:
    assert leakcall.recover(case.text, case.tools, **case.options).to_dict() == snapshot
