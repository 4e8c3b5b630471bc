"""The intent v3 measurement sets (``tests/intent_v3_data/``), read the same way by the tests
and by ``scripts/intent_v3_eval.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "intent_v3_data"


def load(name: str) -> list[dict[str, Any]]:
    """One data file's cases (a missing file is an error, not an empty set)."""
    # lines end at "\n" only: a case's text may hold U+2028 and the like (splitlines cuts there)
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").split("\n")
            if line.strip()]


def hermes(calls: list[dict[str, Any]]) -> str:
    """The calls as Hermes markup (how the real preambles' structured calls are leaked)."""
    return "\n".join("<tool_call>\n" + json.dumps({"name": c["name"], "arguments": c["arguments"]},
                                                  ensure_ascii=False) + "\n</tool_call>"
                     for c in calls)
