"""A command or query line written as code in backticks ("count orders per region:
`SELECT region, COUNT(*) FROM orders GROUP BY region`"): after an announcement's colon it is
the announced step, which ``commandscope`` holds the call to run as written.

A program's name alone is such a line only after an announcement whose last verb runs
something ("I'll run the tests: `pytest`.", "我来运行测试：`pytest`。", ``run_word``): the
colon introduces the command the run step runs, as "with `pytest`" would. After any other
verb ("I'll read the file: `app.py`", "I'll clean up: `rm`") a lone word is no command line."""

from __future__ import annotations

import re
from collections.abc import Sequence

_LINE = re.compile(r"^`[A-Za-z][\w.-]*\s[^`\n]*\S`$")
"""One backticked line that opens with a program or a statement's word and has more words."""


def spelled_line(text: str) -> bool:
    """The token is one command or query line in backticks."""
    return _LINE.match(text) is not None


_WORD = re.compile(r"^`[A-Za-z][\w.-]*`$")
"""One backticked word that opens as a program's name does."""


def run_word(text: str, verbs: Sequence[tuple[str, str | None]]) -> bool:
    """The token is a program's name alone in backticks and the announcement before the
    colon ends with a verb of kind ``run`` ("run the tests: `pytest`"): the command it runs."""
    return bool(verbs) and verbs[-1][1] == "run" and _WORD.match(text) is not None
