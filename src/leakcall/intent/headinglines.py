"""Markdown headings above the text that announces (issue 25, rules ``comment-line`` and
``non-prose``).

"### Next Steps:\\n1. I will search for a nonstop flight ...\\n\\nLet me search for nonstop
flights ...": a line of two to six "#" then a space, its text opening with a letter or "*"
and holding no "#", "`", "$", "<", ">", "|" or "=" (a title's words, no code), with another
non-blank line below it before the markup, heads a section of the reply; it opens no
comment block. Its marks are read as nothing: the title is read as a line of prose, its
words screened and parsed as every sentence's are ("Next Steps:" labels a plan,
``planlooks``). One "#" (a shell's or Python's comment as often as a title), a heading that
is the last line before the markup (a title alone announces nothing), a title with code in
it, or marks closing the title keep rule ``comment-line``."""

from __future__ import annotations

import re

__all__ = ["unheaded"]

_HEADING = re.compile(r"^[ ]{0,3}#{2,6}[ \t]+(?=[^\W\d_]|\*)(?=[^#`$<>|=\n]*$)", re.MULTILINE)
"""The marks of a Markdown heading: two to six "#", a space, then a title of plain text."""


def unheaded(text: str) -> str:
    """``text`` with each heading's marks removed where a non-blank line follows it (see the
    module); ``text`` itself when it has none."""
    if "#" not in text:
        return text
    out: list[str] = []
    pos = 0
    for m in _HEADING.finditer(text):
        below = text[text.find("\n", m.end()) + 1 :] if "\n" in text[m.end() :] else ""
        if not below.strip():
            continue  # the last line before the markup: a title alone
        out.append(text[pos : m.start()])
        pos = m.end()
    return text if not out else "".join(out) + text[pos:]
