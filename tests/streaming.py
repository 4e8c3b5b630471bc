"""The streaming recoverer must agree with one-shot ``recover``: one check, shared by the suites
that hold replies of many kinds."""

from __future__ import annotations

from typing import Any

import leakcall
from leakcall import StreamRecoverer


def assert_stream_agrees(text: str, tools: list[Any], reasoning: str, size: int) -> None:
    """Fed in ``size``-character deltas, the stream ends with ``recover``'s exact Recovery, shows
    its content, and shows nothing of recovered markup before the end."""
    s = StreamRecoverer(tools, reasoning=reasoning)  # type: ignore[arg-type]
    shown = "".join(s.feed(text[i : i + size]) for i in range(0, len(text), size))
    end = s.close()
    ref = leakcall.recover(text, tools, reasoning=reasoning)  # type: ignore[arg-type]
    assert end.recovery == ref, text
    assert shown + end.text == ref.content
    if ref.ok and ref.span is not None:
        assert len(shown) <= ref.span[0]
