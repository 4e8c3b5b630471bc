"""A code block an observation shows, between it and the announcement (h39a, issue 25; rules
``non-prose``, ``long-preamble`` and ``unknown-preamble``).

"好问题。截断发生在 `tools/__init__.py:89`：\\n\\n```python\\nkey_argument = shorten_middle(...)
\\n```\\n\\n... 让我看看谁在调用 `extract_key_argument`。" + a search for
``extract_key_argument``: an agent that reports where a thing happens quotes the lines it
means in a fenced block, then goes on. Each line of the block was read as a sentence of the
preamble (and its colon as an observation's that introduces what follows), so the reply was
refused though its announcement is plain.

Such a block is read as what its observation shows, and the preamble is read without it
(``unshown``): the colon closing the line before it reads as a full stop, only where

- the block is a Markdown fence (three or more backticks or tildes opening a line, an info
  word after them at most) closed by its own fence, and no other fence opens in the preamble;
- the line right before the opening fence (a blank line between them at most) ends with a
  colon ("：" or ":") and the text up to that colon, read alone by the preamble grammar,
  announces nothing (it refuses): an observation's colon, "The truncation happens here:";
  "Let me run this:" or "我来执行：" announces, and its block stays read as it was;
- text follows the closing fence, ending a sentence ("." "!" "。" "！"), that announces: the
  block stands between the observations and the announcement, never last (a block right
  before the markup is the markup's frame, and stays read as it was).

The block's words are read as nothing, by the verdict and by grounding alike: nothing in it
grounds a call (a command it shows is named by no announcement), and every rule reads the
prose around it as before."""

from __future__ import annotations

import re

from .view import normalize

__all__ = ["unshown"]

_FENCE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,})[ \t]*(?:([\w+#.-]+)[ \t]*)?$", re.MULTILINE)
"""A fence line: three or more backticks or tildes, an info word at most (its spaces read
once: two runs of them around an empty word would backtrack over each other)."""
_COLON = re.compile(r"[:：][ \t]*\n(?:[ \t]*\n)?\Z")
"""The colon ending the line right before the block (a blank line between at most)."""
_ENDED = re.compile(r"[.!?。！？][\s*_)）」\"'”]*\Z")


def unshown(preamble: str) -> str:
    """``preamble`` without the fenced block an observation shows before the announcement
    (module docstring), its colon read as a full stop; else ``preamble`` as it is."""
    if "```" not in preamble and "~~~" not in preamble:
        return preamble
    fences = list(_FENCE.finditer(preamble))
    if len(fences) != 2:
        return preamble  # one block, opened and closed; no other fence
    opening, closing = fences
    mark = opening.group(1)
    if closing.group(2) or closing.group(1)[0] != mark[0] or len(closing.group(1)) < len(mark):
        return preamble  # "```python" closes nothing
    head = preamble[:opening.start()]
    rest = preamble[closing.end():].strip()
    colon = _COLON.search(head)
    if colon is None or not rest or _ENDED.search(rest) is None:
        return preamble
    body = head[:colon.start()].rstrip()
    if not body:
        return preamble
    stop = "。" if head[colon.start()] == "：" else "."
    from .preamble import Refused, announce  # noqa: PLC0415 - preamble loads after this module

    if not isinstance(announce(normalize(body + stop)), Refused):
        return preamble  # "Let me run this:" announces: its block is what it runs
    return body + stop + "\n\n" + rest
