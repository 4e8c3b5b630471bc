"""Stage 3, intent: is the markup the reply, or a quotation in it? Rule-based, each rule named.

The classifier sees the reply with the envelope cut out. It refuses when the envelope sits in a
code fence, inline code, an indented code block or an HTML code element (``fenced``); in a block
quote, an HTML comment, a list item, a table cell, between quotation marks, or in a reply that
declares an example (``quoted``); or when narration surrounds it (``prose``). Reasoning blocks
are handled by the locate stage and never count as prose.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .reasons import Reason

__all__ = [
    "END_TOKENS",
    "EXAMPLE_PHRASES",
    "PROSE_CEILING",
    "TAIL_MAX_CHARS",
    "classify",
    "position",
    "prose_ratio",
    "strip_end_tokens",
]

PROSE_CEILING = 0.5
"""Largest share of non-whitespace characters outside the markup that a leak may have.

Calibrated on the corpus with ``leakcall calibrate corpus``: it must lie between the highest ratio
of a recovered case and the lowest ratio of a case refused for prose (a test checks this)."""

TAIL_MAX_CHARS = 20
"""Non-whitespace characters allowed after the markup (a stray word or token, not a sentence)."""

END_TOKENS: tuple[str, ...] = (
    "<｜end▁of▁sentence｜>", "<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<|endoftext|>",
    "</s>", "<|end|>", "<|return|>", "<|call|>", "<|END_RESPONSE|>", "<|END_TEXT|>",
    "<|END_OF_TURN_TOKEN|>", "<|end_of_text|>", "<end_of_turn>", "<|close|>message<|sep|>",
)
"""End-of-turn tokens that trail a leaked call and are not prose."""

EXAMPLE_PHRASES = re.compile(
    r"\b(?:for example|for instance|e\.g\.|i\.e\.|examples?\b|sample|illustrat\w*|"
    r"(?:do not|don'?t|won'?t|will not|never|shouldn'?t|should not|must not|can'?t|cannot|"
    r"not going to) (?:run|execute|call|use|invoke)|"
    r"(?:here'?s|here is|this is|that'?s|that is) (?:how|what)|how (?:you|to|one) (?:would )?"
    r"(?:call|invoke|write|format)|would (?:call|run|invoke|use|make|look like)|looks? like|"
    r"syntax|(?:the )?format (?:is|was|looks)|the format\b|pattern is|placeholder|template|"
    r"such as|like this|as follows|documentation|"
    r"(?:should|shall|may|can) i (?:run|call|use|execute|invoke|go ahead)|"
    r"(?:do you want|would you like|want) me to|with your (?:permission|approval)|"
    r"if you (?:approve|confirm|agree))",
    re.IGNORECASE,
)
"""Phrases that declare the markup an example, or not (yet) to be run, rather than a call: the
reply asks before running, says it will not run it, or talks about the format."""

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_QUOTE_LINE = re.compile(r"^ {0,3}>")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,9}[.)])\s")
_TABLE = re.compile(r"^\s*\|")
_INDENTED = re.compile(r"^(?: {4}|\t)\s*$")
_HTML_CODE = ("code", "pre", "samp", "kbd", "tt")
_HTML_QUOTE = ("blockquote", "q", "example", "cite")
_BACKTICKS = re.compile(r"`+")
_OPEN_QUOTES = frozenset("\"'“‘«「『„‚")
_CLOSE_QUOTES = frozenset("\"'”’»」』")


def _nonspace(s: str) -> int:
    return sum(map(len, s.split()))


def strip_end_tokens(s: str) -> str:
    """``s`` without the end-of-turn tokens that may trail a call."""
    for tok in END_TOKENS:
        if tok in s:
            s = s.replace(tok, "")
    return s


def _open_fence(prefix: str) -> bool:
    fence: str | None = None
    for line in prefix.splitlines():
        m = _FENCE.match(line)
        if m is None:
            continue
        run = m.group(1)
        if fence is None:
            fence = run
        elif run[0] == fence[0] and len(run) >= len(fence) and not line[m.end():].strip():
            fence = None
    return fence is not None


def _open_inline_code(prefix: str) -> bool:
    para = re.split(r"\n[ \t]*\n", prefix)[-1]
    open_len: int | None = None
    for m in _BACKTICKS.finditer(para):
        n = len(m.group(0))
        if open_len is None:
            open_len = n
        elif n == open_len:
            open_len = None
    return open_len is not None


def prose_ratio(context: Sequence[str], markup: str) -> float:
    """Non-whitespace prose outside the markup over all non-whitespace text (0 when none)."""
    prose = sum(_nonspace(strip_end_tokens(c)) for c in context)
    if not prose:
        return 0.0
    total = prose + _nonspace(markup)
    return prose / total if total else 0.0


def classify(
    before: str, markup: str, after: str, elsewhere: Sequence[str] = ()
) -> tuple[Reason, str, str] | None:
    """None when the markup is the reply; else the refusing reason, the rule's name and a
    sentence naming it.

    ``before``/``after`` are the segment's text on each side of the markup; ``elsewhere`` is
    other visible prose of the reply (counted for the example phrases and the prose ratio).
    """
    where = position(before)
    if where is not None:
        return where
    b, a = before.rstrip(), after.lstrip()
    if (b and b[-1] in _OPEN_QUOTES) or (a and a[0] in _CLOSE_QUOTES):
        return (Reason.QUOTED, "quotation-marks",
                "rule quotation-marks: the markup stands between quotation marks")
    for piece in (before, after, *elsewhere):
        m = EXAMPLE_PHRASES.search(piece)
        if m:
            return (Reason.QUOTED, "declared-example",
                    f"rule declared-example: the reply says {m.group(0)!r}")
    tail = _nonspace(strip_end_tokens(after))
    if tail > TAIL_MAX_CHARS:
        return Reason.PROSE, "prose-tail", (f"rule prose-tail: {tail} characters of prose follow "
                                            f"the markup (at most {TAIL_MAX_CHARS})")
    ratio = prose_ratio((before, after, *elsewhere), markup)
    if ratio > PROSE_CEILING:
        return Reason.PROSE, "prose-ratio", (f"rule prose-ratio: {ratio:.2f} of the reply is "
                                             f"prose (ceiling {PROSE_CEILING})")
    return None


def position(before: str) -> tuple[Reason, str, str] | None:
    """The rules that need only the text before the markup: fence, inline code, block quote,
    list item, table row, indented code, HTML code/quote elements and comments. Also applied to
    markup that failed to parse, for a clearer reason."""
    line_start = before.rfind("\n") + 1
    line_prefix = before[line_start:]
    if _open_fence(before):
        return (Reason.FENCED, "code-fence",
                "rule code-fence: the markup is inside a fenced code block")
    if _open_inline_code(before):
        return (Reason.FENCED, "inline-code",
                "rule inline-code: the markup is inside an inline code span")
    if _QUOTE_LINE.match(line_prefix):
        return Reason.QUOTED, "block-quote", "rule block-quote: the markup's line is a block quote"
    if _LIST_ITEM.match(line_prefix):
        return Reason.QUOTED, "list-item", "rule list-item: the markup is an item of a list"
    if _TABLE.match(line_prefix):
        return Reason.QUOTED, "table-cell", "rule table-cell: the markup is inside a table row"
    if _INDENTED.match(line_prefix):
        return (Reason.FENCED, "indented-code",
                "rule indented-code: the markup's line is an indented code block")
    low = before.lower()
    for tag in _HTML_CODE:
        if _unclosed_tag(low, tag):
            return Reason.FENCED, "html-code", f"rule html-code: the markup is inside <{tag}>"
    for tag in _HTML_QUOTE:
        if _unclosed_tag(low, tag):
            return Reason.QUOTED, "html-quote", f"rule html-quote: the markup is inside <{tag}>"
    if low.rfind("<!--") > low.rfind("-->"):
        return (Reason.QUOTED, "html-comment",
                "rule html-comment: the markup is inside an HTML comment")
    return None


def _unclosed_tag(low: str, tag: str) -> bool:
    opened = max(low.rfind(f"<{tag}>"), low.rfind(f"<{tag} "))
    return opened > low.rfind(f"</{tag}>")
