"""A command or query line written as code in backticks ("count orders per region:
`SELECT region, COUNT(*) FROM orders GROUP BY region`"): after an announcement's colon it is
the announced step, which ``commandscope`` holds the call to run as written."""

from __future__ import annotations

import re

_LINE = re.compile(r"^`[A-Za-z][\w.-]*\s[^`\n]*\S`$")
"""One backticked line that opens with a program or a statement's word and has more words."""


def spelled_line(text: str) -> bool:
    """The token is one command or query line in backticks."""
    return _LINE.match(text) is not None
