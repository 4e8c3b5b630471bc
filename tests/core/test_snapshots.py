"""Syrupy snapshots hold the full serialized result of every corpus case, one file per family:
``tests/core/__snapshots__/test_snapshots/<family>.ambr``.

Regenerate with ``python -m pytest tests/core/test_snapshots.py --snapshot-update`` and read the diff.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.amber import AmberSnapshotExtension

import leakcall
from leakcall.corpus import Case

from ..conftest import CASES


def _family(test_location: Any) -> str:
    m = re.search(r"\[([^/\]]+)/", test_location.snapshot_name)
    assert m is not None, test_location.snapshot_name
    return m.group(1)


class PerFamilyAmber(AmberSnapshotExtension):
    """Amber files named by the case's family, in a folder named by the test module."""

    @classmethod
    def dirname(cls, *, test_location: Any) -> str:
        return str(Path(super().dirname(test_location=test_location)) / test_location.basename)

    @classmethod
    def get_file_basename(cls, *, test_location: Any, index: Any) -> str:
        return _family(test_location)

    @classmethod
    def matches_test_location(cls, *, test_location: Any, snapshot_location: str) -> bool:
        # Every file of the folder belongs to this module, so a family's file left behind after
        # its cases are gone is reported unused (the run fails), like any stale entry.
        return Path(snapshot_location).parent == Path(cls.dirname(test_location=test_location))


@pytest.fixture
def snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(PerFamilyAmber)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_corpus_snapshot(case: Case, snapshot: SnapshotAssertion) -> None:
    assert leakcall.recover(case.text, case.tools, **case.options).to_dict() == snapshot
