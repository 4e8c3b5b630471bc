"""The Spark recipe of docs/scan.md, run on a local Spark (``local[2]``): ``mapInArrow`` with
``leakcall.batch`` equals ``recover`` on every row. Runs with ``--ecosystem``; skipped without Java."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow  # noqa: F401 - mapInArrow needs it
import pyspark.sql as pyspark_sql
import pytest

if shutil.which("java") is None:
    pytest.skip("pyspark needs Java (java not on PATH)", allow_module_level=True)

import leakcall

from .test_batch import CASES

pytestmark = [pytest.mark.heavy, pytest.mark.ecosystem]

PAGE = Path(__file__).resolve().parents[2] / "docs" / "scan.md"


def _recipe() -> str:
    text = PAGE.read_text(encoding="utf-8")
    block = text.split("<!-- spark-recipe:start -->", 1)[1].split("<!-- spark-recipe:end -->", 1)[0]
    m = re.search(r"```python\n(.*?)```", block, re.S)
    assert m is not None
    return m.group(1)


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    session = (pyspark_sql.SparkSession.builder.master("local[2]").appName("leakcall-test")
               .config("spark.ui.enabled", "false")
               .config("spark.sql.shuffle.partitions", "2").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    try:
        yield session
    finally:
        session.stop()


def test_the_documented_spark_recipe_equals_recover(spark: Any) -> None:
    cases = [c for c in CASES if "reasoning" not in c.options][:200]
    df = spark.createDataFrame([(c.text, json.dumps(c.tools)) for c in cases],
                               "text string, tools string").repartition(2)
    env: dict[str, Any] = {"df": df}
    exec(_recipe(), env)  # the block as docs/scan.md shows it, .show() included
    rows = env["out"].collect()
    assert len(rows) == len(cases)
    by_text: dict[tuple[str, str], Any] = {(r["text"], r["tools"]): r for r in rows}
    for c in cases:
        row = by_text[(c.text, json.dumps(c.tools))]
        want = leakcall.recover(c.text, c.tools)
        span = want.span or (None, None)
        assert (row["reason"], row["rule"], row["family"], row["span_start"], row["span_end"],
                row["content"]) == (str(want.reason), want.rule, want.family, *span, want.content)
        assert json.loads(row["calls"]) == [x.to_openai() for x in want.calls], c.id
