"""Stage 3, intent: is the markup the reply, or a quotation in it? A positive model, each rule named.

A leak has one of two shapes, judged over the whole visible reply (text outside real reasoning
blocks, see ``locate.segments``): the markup alone (``bare``), or the markup after a short
announcement of the assistant's own next step (``action-preamble``: "I'll check the config.",
"我来查看一下目录。", "まずファイルを確認します。"). After the markup only whitespace and
end-of-turn tokens may follow. Everything else is refused with the rule that recognised it, or
``unknown-preamble`` when nothing did: a block construct open before the markup, a question, an
offer, a negation, a recap, a quoted source, a display or example cue, a prose tail.

The preamble forms are data: ``grammar/lexicon/<lang>.txt`` (see its README). Cues are matched on
a normalised copy of the text (NFKC, curly quotes mapped, Markdown emphasis and format characters
removed, case folded; ``cues``); the arguments are never normalised. This module holds the
structure screens and ``judge``; the prose checks are in ``prose``, the screens of reasoning and
earlier paragraphs in ``reasoning``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from ..families import all_families
from ..locate import Segment
from ..reasons import Reason
from .cues import CUE_ORDER
from .headinglines import unheaded, untitled
from .heldheadings import indented_block
from .prose import (
    _PARAGRAPH,
    _TERMINAL,
    MAX_PREAMBLE_CHARS,
    MAX_READ_CHARS,
    Verdict,
    _greeting_only,
    preamble_verdict,
    strip_end_tokens,
)
from .reasoning import (
    _inner,
    _inside_verdict,
    _reasoning_tail,
    _reasoning_verdict,
    _reasoning_windows,
    _screen,
    observing_cue,
    source_cue,
)
from .tables import lexicon
from .view import normalize

__all__ = ["alone", "judge", "position", "reasoned_observing", "reasoned_source", "result_openers",
           "visible_context"]

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_QUOTE_LINE = re.compile(r"^ {0,3}>")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,9}[.)])\s")
_TABLE = re.compile(r"^\s*\|")
_LAZY_MARK = re.compile(r"[>\-*+•\d]")
_INDENTED = re.compile(r"^(?: {4}|\t)\s*$")
_HTML_CODE = ("code", "pre", "samp", "kbd", "tt", "textarea", "xmp", "listing", "plaintext",
              "script", "template", "noscript", "style")
_HTML_QUOTE = ("blockquote", "q", "example", "cite", "details", "summary", "figure", "iframe")
_BACKTICKS = re.compile(r"`+")

_CONSTRUCTS: tuple[tuple[str, Reason, re.Pattern[str]], ...] = (
    ("heredoc", Reason.FENCED, re.compile(r"<<[-~]?\s*['\"]?[A-Za-z_][\w.-]*|<<<")),
    ("cdata", Reason.FENCED, re.compile(r"<!\[CDATA\[", re.IGNORECASE)),
    ("rst-literal", Reason.FENCED, re.compile(
        r"^\s*\.\.\s+[\w-]+::|::[ \t]*$", re.MULTILINE)),
    ("yaml-block", Reason.FENCED, re.compile(r":[ \t]*[|>][-+0-9]*[ \t]*$", re.MULTILINE)),
    ("org-block", Reason.FENCED, re.compile(r"^\s*#\+begin_", re.MULTILINE | re.IGNORECASE)),
    ("asciidoc-block", Reason.FENCED, re.compile(
        r"^(?:-{4,}|\.{4,}|={4,}|\+{4,}|_{4,}|\*{4,})[ \t]*$", re.MULTILINE)),
    ("latex-env", Reason.FENCED, re.compile(r"\\begin\s*\{", re.IGNORECASE)),
    ("bbcode", Reason.FENCED, re.compile(
        r"\[(?:code|quote|pre|noparse|php|html|source|sql|xml)\b[^\]\n]*\]", re.IGNORECASE)),
    ("diff-line", Reason.QUOTED, re.compile(r"^(?:[+\-](?![\s\-])|@@ |\+\+\+ |--- )",
                                            re.MULTILINE)),
    ("repl-prompt", Reason.QUOTED, re.compile(
        r"^\s*(?:>>>|\.\.\.|\$|%|In \[\d*\]:|irb\(\w*\)|PS [A-Z]:\\)(?:\s|$)", re.MULTILINE)),
    ("comment-line", Reason.QUOTED, re.compile(r"^\s*(?:#+|//|--|;+|REM\b|%+)(?:\s|$)",
                                               re.MULTILINE | re.IGNORECASE)),
    ("table-row", Reason.QUOTED, re.compile(
        r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{1,}:?\s*)+\|?\s*$|^[^|\n]+\|[^|\n]+$", re.MULTILINE)),
    ("line-continuation", Reason.FENCED, re.compile(r"\\[ \t]*$")),
)
"""Block constructs of other syntaxes that enclose what follows (named for the refusal)."""

_CONSTRUCT_MARK = re.compile(r"[<#\-=+_*\\\[@>$%(/;|.:rR](?:(?<=[<#\-=+_*\\\[@>$%(/;|])"
                             r"|(?<=\.)\.|(?<=:):|(?<=[rR])[eE][mM]\b)")
"""What every construct above holds somewhere (a "." or ":" only doubled, else with a "|" or
">" or "[" or "\\" beside it; "REM" anywhere, where a construct has it first on a line): a text
without any is not searched once per construct. One character class first, as
``_SENTENCE_END``."""

_DQUOTES = re.compile(r"[\"＂〃]")
_CJK_QUOTES = (("「", "」"), ("『", "』"), ("《", "》"), ("〈", "〉"), ("【", "】"))
# the quote first, its left context as a lookbehind: ``re`` skips to the quote
_SQUOTE_OPEN = re.compile(r"'(?:(?<=^')|(?<=[\s(\[{:=]'))(?=\S)")
_SQUOTE_CLOSE = re.compile(r"'(?<=\S')(?=[\s.,;:!?)\]}]|$)")


def _open_fence(prefix: str) -> bool:
    if "```" not in prefix and "~~~" not in prefix:
        return False
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
    if "`" not in prefix:
        return False
    para = re.split(r"\n[ \t]*\n", prefix)[-1]
    open_len: int | None = None
    for m in _BACKTICKS.finditer(para):
        n = len(m.group(0))
        if open_len is None:
            open_len = n
        elif n == open_len:
            open_len = None
    return open_len is not None


def _unclosed_tag(low: str, tag: str) -> bool:
    opened = max(low.rfind(f"<{tag}>"), low.rfind(f"<{tag} "))
    return opened > low.rfind(f"</{tag}>")


def position(before: str) -> Verdict | None:
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
    if line_prefix:  # the markup starts its line (the usual case): none of these can match
        if _QUOTE_LINE.match(line_prefix):
            return (Reason.QUOTED, "block-quote",
                    "rule block-quote: the markup's line is a block quote")
        if _LIST_ITEM.match(line_prefix):
            return Reason.QUOTED, "list-item", "rule list-item: the markup is an item of a list"
        if _TABLE.match(line_prefix):
            return (Reason.QUOTED, "table-cell",
                    "rule table-cell: the markup is inside a table row")
        if _INDENTED.match(line_prefix):
            return (Reason.FENCED, "indented-code",
                    "rule indented-code: the markup's line is an indented code block")
    if "<" not in before:  # no tag and no comment can be open
        return None
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


_QUOTE_CHARS = frozenset("\"'＂〃「」『』《》〈〉【】“”‘’„‟‚‛«»‹›`´")
"""Characters a quotation mark may be written with (or normalised from)."""


def _quoted_tail(text: str, segs: Sequence[Segment], start: int) -> tuple[str, str | None]:
    """The reasoning tail the constructs are read in, and the whole final paragraph its
    quotation marks are counted in when the part cut off holds any (None: the tail alone)."""
    tail, whole = _reasoning_tail(text, segs, start), _reasoning_tail(text, segs, start, True)
    cut = whole[: len(whole) - len(tail)]
    return tail, (whole if not _QUOTE_CHARS.isdisjoint(cut) else None)


def _structure(before: str, quoted: str | None = None) -> Verdict | None:
    """Block constructs of any syntax and open quotation marks in the (short) text before;
    ``quoted``, when given, is the text whose quotation marks are counted (``before`` and the
    text it was cut from)."""
    para = _PARAGRAPH.split(before)[-1] if before.count("\n") > 1 else before  # a break holds two
    # a quote line needs a ">", a list item one of "-*+•" or a digit
    for line in para.splitlines() if _LAZY_MARK.search(para) else ():
        if _QUOTE_LINE.match(line) or _LIST_ITEM.match(line):
            return (Reason.QUOTED, "lazy-continuation", "rule lazy-continuation: the markup "
                    "continues a block quote or list item above it")
    for rule, reason, pat in _CONSTRUCTS if _CONSTRUCT_MARK.search(before) else ():
        # a Markdown heading over the text below it opens no comment (``headinglines``)
        m = pat.search(unheaded(before) if rule == "comment-line" else before)
        if m is not None:
            return reason, rule, f"rule {rule}: {m.group(0).strip()!r} before the markup opens a block"
    before = before if quoted is None else quoted
    if before.isascii() and '"' not in before and "'" not in before:
        return None  # normalising ASCII adds no quotation mark: the test below passes it
    view = normalize(before)
    if view.isascii() and '"' not in view and ("'" not in view or _SQUOTE_OPEN.search(view) is None):
        return None  # the other quotation marks below are not ASCII; no single quote opens
    if len(_DQUOTES.findall(view)) % 2 or any(
            view.count(o) > view.count(c) for o, c in _CJK_QUOTES) or (
            len(_SQUOTE_OPEN.findall(view)) > len(_SQUOTE_CLOSE.findall(view))):
        return (Reason.QUOTED, "quotation-marks",
                "rule quotation-marks: a quotation opened before the markup is not closed")
    return None


def _line_position(text: str, seg: Segment, start: int, bare: bool) -> Verdict | None:
    """The markup starts a line (or directly follows a reasoning block, or the terminal
    punctuation of the preamble on its line)."""
    line0 = max(text.rfind("\n", seg.start, start) + 1, seg.start)
    prefix = strip_end_tokens(text[line0:start])
    if not prefix or (bare and not prefix.strip()):
        return None
    if not prefix.strip():
        return (Reason.FENCED, "indented-code",
                "rule indented-code: the markup's line is indented after a preamble")
    last = normalize(prefix.rstrip(" \t"))[-1:]
    if last in _TERMINAL or _greeting_only(prefix):
        return None
    return (Reason.QUOTED, "mid-line",
            f"rule mid-line: the markup does not start a line (it follows {prefix[-20:]!r})")


def visible_context(text: str, segs: Sequence[Segment], start: int, end: int) -> tuple[str, str]:
    """The visible text before and after the markup at ``text[start:end]``, reasoning blocks
    left out; markup inside a reasoning block stands for the whole block."""
    if len(segs) == 1 and not segs[0].reasoning:  # a reply without reasoning: one slice each
        s = segs[0]
        if s.start <= start < s.end or s.start == start:
            return text[s.start : start], text[end : s.end]
    seg = next(s for s in segs if s.start <= start < s.end or s.start == start)
    lo, hi = (seg.start, seg.end) if seg.reasoning else (start, end)
    before = "".join(text[s.start : min(s.end, lo)] for s in segs
                     if not s.reasoning and s.start < lo)
    after = "".join(text[max(s.start, hi) : s.end] for s in segs if not s.reasoning and s.end > hi)
    return before, after


_TAIL_CUES = frozenset({"negation", "example", "hypothetical"})


@cache
def result_openers() -> tuple[str, ...]:
    """The literals that open a tool result in the families' templates (header ``result``)."""
    return tuple(sorted({r for f in all_families() for r in f.results}))


def _tail_verdict(tail: str) -> Verdict:
    """Text after the markup is refused; a cue in its first sentences names a clearer rule."""
    opener = next((r for r in result_openers() if tail.startswith(r)), None)
    if opener is not None:
        return (Reason.PROSE, "fabricated-result", f"rule fabricated-result: a tool result "
                f"({opener!r}) follows the markup: the reply writes the result of its own call")
    view = normalize(tail[:MAX_PREAMBLE_CHARS])
    if "?" in view or "¿" in view:
        return Reason.QUOTED, "question", "rule question: the text after the markup asks"
    lex = lexicon()
    # Narration after a call ("I will summarise it", "you should see") is prose; only cues that
    # say the markup was not a call get their own rule.
    for cat, rule, reason in CUE_ORDER:
        cue = lex.cues[cat].search(view) if cat in _TAIL_CUES else None
        if cue is not None:
            return reason, rule, f"rule {rule}: the text after the markup says {cue.group(0)!r}"
    return (Reason.PROSE, "prose-tail", f"rule prose-tail: {tail[:40]!r} follows the markup "
            "(only end-of-turn tokens may)")


def judge(text: str, segs: Sequence[Segment], start: int, end: int,
          inner: Sequence[str] = (), markup: Sequence[tuple[int, int]] = (),
          sources: bool = True) -> Verdict:
    """The intent verdict on markup at ``text[start:end]``: OK with rule ``bare`` or
    ``action-preamble``, or the refusal (reason, rule, detail). ``inner``: text the family's
    grammar admitted inside the envelope that is no argument (rule ``reasoning_text``: Harmony's
    analysis messages); it is screened like a reasoning block before the markup. ``markup``:
    spans of the other envelopes that parsed (in reasoning blocks): markup, not prose, so the
    reasoning screens do not read them. ``sources=False``: the source cue, the times and another
    actor before a noun in the reasoning before the markup are left to grounding
    (``reasoned_source``, ``reasoned_observing``)."""
    shown = _masked(text, markup)
    s0 = segs[0]  # most replies are one segment: the first that holds the markup, found at once
    seg = (s0 if s0.start <= start < s0.end or s0.start == start
           else next(s for s in segs if s.start <= start < s.end or s.start == start))
    # the reasoning blocks, read by every loop below (most replies have none)
    thought = [s for s in segs if s.reasoning]
    before, after = visible_context(text, segs, start, end)
    lead = strip_end_tokens(before)
    # Rejected by length first: a preamble is short, so a long text is not scanned.
    if len(lead) > MAX_READ_CHARS and len(lead.strip()) > MAX_READ_CHARS:
        where = position(before)
        if where is not None:
            return where
        return (Reason.PROSE, "long-preamble", f"rule long-preamble: {len(lead.strip())} "
                f"characters before the markup (an action preamble has at most {MAX_READ_CHARS})")
    preamble = lead.strip()
    where = position(before)
    if where is None and seg.reasoning:
        where = position(text[seg.start : start])
    if where is None and any(s.start < start for s in thought):
        # a construct opened in (or before) reasoning and still open encloses the markup
        # quotation marks are counted over the whole paragraph: a window that starts inside a
        # quotation would read its closing mark as an opening one, and miss one opened before
        where = position(shown[:start]) or _structure(*_quoted_tail(shown, segs, start))
    if where is None and preamble:
        # a heading closing the preamble titles its step (``untitled``), no comment line
        where = _structure(untitled(before))
    if where is None and not seg.reasoning:
        where = _line_position(text, seg, start, not preamble)
    if where is not None:
        return where
    tail = strip_end_tokens(after)
    if tail.strip():
        return _tail_verdict(tail.strip())
    for s in thought:
        if s.start >= (seg.end if seg.reasoning else end) and _inner(text, s).strip():
            return (Reason.PROSE, "prose-tail", "rule prose-tail: a reasoning block follows the "
                    "markup (only end-of-turn tokens may)")
    for s, lo, hi in _reasoning_windows(thought, start, end) if thought else ():
        r = _reasoning_verdict(text, s, lo, hi)
        if r is not None:
            return r
    if seg.reasoning:
        r = _inside_verdict(text, seg, start, end)
        if r is not None:
            return r
    for s in thought:
        if s.end <= start:
            r = _screen(_inner(shown, s), sources)
            if r is not None:
                return r
    for body in inner:
        r = _screen(body, sources)
        if r is not None:
            return r
    if not preamble:
        return Reason.OK, "bare", "the markup is the whole visible reply"
    shown_code = indented_block(lead.lstrip("\r\n"))  # "    I'll delete it." (``heldheadings``)
    if shown_code is not None:
        return Reason.PROSE, "non-prose", shown_code
    return preamble_verdict(preamble, limit=MAX_READ_CHARS)


def alone(text: str, segs: Sequence[Segment], start: int, end: int) -> bool:
    """The markup at ``text[start:end]`` starts the reply, only whitespace follows it, and the
    reply has no reasoning block. With no text inside the envelope for intent (no ``content``,
    no ``reasoning_text``), ``judge`` then says OK, rule ``bare``: the text before the markup is
    empty (no position rule, no preamble) and its tail is blank; and there is no preamble or
    reasoning for the source cues or grounding to read. tests/intent/test_alone.py holds it to
    them."""
    return (start == 0 and len(segs) == 1 and not segs[0].reasoning
            and (end == len(text) or text[end:].isspace()))


def reasoned_source(text: str, segs: Sequence[Segment], start: int, inner: Sequence[str] = (),
                    markup: Sequence[tuple[int, int]] = ()) -> str | None:
    """The source cue ``judge(..., sources=False)`` left unread: the first in the reasoning
    blocks before the markup and in ``inner``, read where the screen reads it
    (``reasoning.source_cue``), or None."""
    return _reasoned(text, segs, start, inner, markup, source_cue)


def reasoned_observing(text: str, segs: Sequence[Segment], start: int,
                       inner: Sequence[str] = (), markup: Sequence[tuple[int, int]] = (),
                       ) -> str | None:
    """What ``judge(..., sources=False)`` left to grounding that grounds only observing calls
    (a time, an approval, another actor before a noun): the first in the reasoning blocks
    before the markup and in ``inner`` (``reasoning.observing_cue``), or None."""
    return _reasoned(text, segs, start, inner, markup, observing_cue)


def _reasoned(text: str, segs: Sequence[Segment], start: int, inner: Sequence[str],
              markup: Sequence[tuple[int, int]], read: Callable[[str], str | None]) -> str | None:
    if not inner and not any(s.reasoning and s.end <= start for s in segs):
        return None
    shown = _masked(text, markup)
    bodies = [_inner(shown, s) for s in segs if s.reasoning and s.end <= start]
    return next((cue for body in [*bodies, *inner] for cue in [read(body)] if cue), None)


def _masked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with the given spans blanked (same length), in one pass."""
    if not spans:
        return text
    out, pos = [], 0
    for a, b in sorted(spans):
        lo = max(a, pos)
        if b > lo:
            out += [text[pos:lo], " " * (b - lo)]
            pos = b
    out.append(text[pos:])
    return "".join(out)
