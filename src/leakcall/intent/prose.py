"""Is a preamble plain prose? The sentence marks, the end-of-turn tokens after the markup, and the
verdict on a preamble's form (length, questions, markup in it, greetings) before its grammar."""

from __future__ import annotations

import re
import unicodedata

from ..reasons import Reason
from .askedfirst import answered_after, question_mark
from .checkmarks import unchecked
from .cues import Lexicon
from .decor import undecorated
from .headinglines import negated_heading, unheaded, untitled
from .heldheadings import held_heading
from .heldstatus import held_aside
from .sentences import MAX_SENTENCE_WORDS, _sentences
from .shownblock import unshown
from .tables import lexicon
from .view import normalize

Verdict = tuple[Reason, str, str]
"""(reason, rule, detail): ``Reason.OK`` with rule ``bare``/``action-preamble``, or a refusal."""

MAX_PREAMBLE_CHARS = 600
"""Longest preamble, in characters of the visible text before the markup (whitespace and
end-of-turn tokens around it aside). Calibrated on the corpus (``leakcall calibrate``): the
longest real one has 160."""
MAX_READ_CHARS = 1200
"""Longest visible preamble (not reasoning's) read past ``MAX_PREAMBLE_CHARS``, when the grammar
reads it whole within its sentence and observation bounds and no sentence of it runs over
``MAX_READ_WORDS`` words (``_run_on``): the length is then a list of observations the grammar
placed (a reservation's fields, a policy's conditions), not one long sentence or a document."""
MAX_READ_WORDS = MAX_SENTENCE_WORDS
"""Most words of a sentence in a preamble over ``MAX_PREAMBLE_CHARS``
(``sentences.MAX_SENTENCE_WORDS``, an observation's bound too)."""

END_TOKENS: tuple[str, ...] = (
    "<｜end▁of▁sentence｜>", "<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<|endoftext|>",
    "</s>", "<|end|>", "<|return|>", "<|call|>", "<|END_RESPONSE|>", "<|END_TEXT|>",
    "<|END_OF_TURN_TOKEN|>", "<|end_of_text|>", "<end_of_turn>", "<|close|>message<|sep|>",
    "<has_function_call>",
)
"""End-of-turn tokens that may stand around a leaked call and are not prose; and the marker
some models write before the text of a turn that calls a function (``<has_function_call>``,
which chat clients such as the Vercel AI chatbot template strip): it says nothing about the
call."""
_END_START = re.compile("[" + "".join(sorted({re.escape(t[0]) for t in END_TOKENS})) + "]")


def strip_end_tokens(s: str) -> str:
    """``s`` without the end-of-turn tokens that may trail a call."""
    if _END_START.search(s) is None:
        return s
    for tok in END_TOKENS:
        if tok in s:
            s = s.replace(tok, "")
    return s


_LAST_SENTENCE = re.compile(r"(?<=[.!?;。！？\n])\s+")
"""Where a sentence ends, its end mark kept with it."""
_SENTENCE_END = re.compile(r"[!?;。\n]|\.(?=\s|$)|:(?!\d\d\b)")
"""A sentence's end: a full stop followed by a space or the end, any other stop, a line break.
(One character class first, so that ``re`` skips to its characters instead of trying an
alternation at every position; tests/intent/test_intent_gates.py checks it against the alternation.)"""

_TERMINAL = frozenset(".。!:")
_NON_PROSE = re.compile(
    r"<[A-Za-z/!?%]|&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z]\w*);|/\*|\*/|\{[#%{]|%\{|'''|\"\"\""
    r"|\\[A-Za-z]|\]\(|\w[*~]+\w|~~|[\u2028\u2029]")
"""Markup in what must be plain prose: a tag, an entity, a comment or template opener, a LaTeX
command, a Markdown link, emphasis inside a word, strikethrough, a line or paragraph separator."""
_NON_PROSE_MARK = re.compile(r"[<&/*{%\\\]~\u2028\u2029'\"](?:(?<!['\"])|(?<=')''|(?<=\")\"\")")
"""A character or triple quote every ``_NON_PROSE`` alternative holds (it cannot match without
one: replacing code spans by two backticks joins none). Written with one class first, as
``_SENTENCE_END``."""
_URL = re.compile(r"https?://\S+")
_CODE_SPAN = re.compile(r"`[^`\n]+`")


_QUOTED_QUESTION = re.compile(
    r"(?<=\w[ \u00a0])(?:\"[^\"\n]*[?？]\"|“[^”\n]*[?？]”|«[^»\n]*[?？]\s*»|„[^“\n]*[?？]“"
    r"|'[^'\n]*[?？]'(?!\w)|‘[^’\n]*[?？]’)")
"""A quoted question inside a sentence, after a word ('the text "Can we meet?"'): the
question is the quotation's, the text the call carries (``named``), not one to the reader.
Single quotes too ("I will search for 'How many languages does Embed support?'", h36g): no
letter right after the closing one, and no apostrophe inside."""


def _asks(raw: str) -> bool:
    """A question mark of any script (by its Unicode name), outside URLs, code spans and
    quoted questions."""
    if raw.isascii():  # "?" is its only question mark, and URLs and code spans are ASCII too
        return "?" in raw and "?" in _unquoted(raw)
    s = _unquoted(raw)
    return any(question_mark(ch) for ch in s)


def _unquoted(raw: str) -> str:
    """``raw`` with its URLs, code spans and quoted questions blanked (``_asks``)."""
    return _QUOTED_QUESTION.sub(" ", _CODE_SPAN.sub(" ", _URL.sub(" ", raw)))


_BRACKET = re.compile(r"[()\[\]{}]")

_LOW_QUOTES = frozenset("„‚")
"""Opening quotation marks written low (category Ps, not Pi): their pair is “/” or ‘/’."""

_UNIT_SIGNS = frozenset("°℃℉")
"""Symbols that write a measurement ("64°F", "22℃"), as "%" does: prose, not decoration."""


_CJK_STRONG = re.compile(r"(?<![/\\{%~])(\*\*\*?)(?=[^\s*])([^*\n]*?[^\s*])\1(?![/\\}%~])")
"""Strong emphasis: a pair of two or three stars around text with no star or line break, and
no slash, backslash, brace, percent or tilde against it (``/**``, ``**/`` open and close a
comment)."""
_CJK_CHAR = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
"""A character of Chinese, Japanese (kana) or Korean (Hangul)."""


def _cjk_strong(raw: str) -> str:
    """``raw`` with each strong emphasis pair that has a Chinese, Japanese or Korean character
    right outside it reduced to its text ("当前方案是**始终显示**完整", "**提取**关键参数"): a
    script written without spaces sets its emphasis inside the word, and the view reads the
    words without the stars (``view.normalize``), so the pair is emphasis, not markup. A single
    star (a glob, a product) and a pair between Latin letters or digits stay markup."""
    if "**" not in raw:
        return raw

    def unstar(m: re.Match[str]) -> str:
        edges = raw[max(m.start() - 1, 0):m.start()] + raw[m.end():m.end() + 1]
        return m.group(2) if _CJK_CHAR.search(edges) else m.group(0)
    return _CJK_STRONG.sub(unstar, raw)


def _non_prose(raw: str) -> str | None:
    """What makes the raw preamble something other than plain prose, or None."""
    m = (_NON_PROSE.search(_CODE_SPAN.sub("``", _cjk_strong(raw)))  # a glob in a code span
         if _NON_PROSE_MARK.search(raw) else None)  # is no comment
    if m is not None:
        return f"{m.group(0)!r} is markup"
    opened = closed = initial = final = low = 0
    # ASCII: no mark, symbol or quotation category below; its brackets are the only Ps/Pe
    chars = "" if raw.isascii() else unicodedata.normalize("NFC", raw)
    if not chars and _BRACKET.search(raw) is not None:  # else none is opened or closed
        opened = raw.count("(") + raw.count("[") + raw.count("{")
        closed = raw.count(")") + raw.count("]") + raw.count("}")
    for i, ch in enumerate(chars):
        cat = unicodedata.category(ch)
        if ch in _LOW_QUOTES or (cat == "Pi" and low):
            # German and Polish quotes open low ("„Timeout erhöhen“", "„raport”"): a low mark
            # (Ps) opens a quotation that the next initial or final mark closes
            low += 1 if ch in _LOW_QUOTES else -1
            initial, final = (initial + 1, final) if ch in _LOW_QUOTES else (initial, final + 1)
            continue
        if cat in ("Mn", "Mc", "Me") and i > 0 and (chars[i - 1].isalpha() or unicodedata.category(
                chars[i - 1]) in ("Mn", "Mc", "Me")):
            continue  # a combining mark inside a word is a letter (Hindi vowel signs, points)
        if not ch.isascii() and cat in ("Cf", "Mn", "Me", "So", "Sk", "Co", "Cn", "Cs") and \
                ch not in _UNIT_SIGNS:
            return f"U+{ord(ch):04X} ({cat}) is not plain prose"
        if cat == "Ps":
            opened += 1
        elif cat == "Pe":
            closed += 1
        elif cat == "Pi":
            initial += 1
        elif cat == "Pf" and not (ch == "’" and 0 < i < len(raw) - 1 and raw[i + 1].isalpha()):
            final += 1  # an apostrophe inside a word ("I’ll") closes nothing
    if opened != closed or initial != final or raw.count('"') % 2 or raw.count("`") % 2:
        return "a bracket or quotation mark is not balanced"
    return None


def _compat(raw: str) -> str:
    """``raw`` in Unicode compatibility form (NFKC): fullwidth and small-form punctuation and
    letters read as their ASCII forms, so a token is found in the same text it is removed from."""
    return raw if raw.isascii() else unicodedata.normalize("NFKC", raw)


def preamble_verdict(preamble: str, grounded: bool = True, limit: int = MAX_PREAMBLE_CHARS) -> Verdict:
    """The verdict on the text before the markup (whitespace and end tokens already trimmed,
    non-empty): ``action-preamble`` or the refusal rule that recognised something else.
    ``grounded``: the calls are then grounded in the announcement; when they are not (text
    inside a reasoning block), a possessive read as a word ("the attacker's payload") refuses
    (rule ``other-actor``), as it does before grounding limits it to observing calls.
    ``limit``: ``MAX_READ_CHARS`` for the visible preamble (read past ``MAX_PREAMBLE_CHARS``
    only when no sentence of it is a run-on, ``_run_on``); reasoning keeps the short bound."""
    if len(preamble) > limit:
        return (Reason.PROSE, "long-preamble", f"rule long-preamble: {len(preamble)} characters "
                f"before the markup (an action preamble has at most {limit})")
    preamble, greeted = _greeted(preamble)
    if greeted is not None:
        return greeted
    if _asks(preamble) and not (grounded and answered_after(_unquoted(preamble))):
        # a question with a sentence after it is an observation's (``askedfirst``)
        return Reason.QUOTED, "question", "rule question: the text before the markup asks"
    preamble = undecorated(preamble)  # "... right away! 🎨" (``decor``)
    preamble = unchecked(preamble)  # "Max 1 credit card ✓," (``checkmarks``)
    negated = negated_heading(preamble)  # "## Things I will not do" over the announcement
    if negated is not None:
        return Reason.QUOTED, "negation", negated
    held = held_heading(preamble)  # "## Rollback plan" over it (``heldheadings``)
    if held is not None:
        return Reason.QUOTED, "conditional", held
    aside = held_aside(preamble)  # "## On hold", "Next scene.", "*I'll ...*" (``heldstatus``)
    if aside is not None:
        return Reason.PROSE if aside[0] in _PROSE_RULES else Reason.QUOTED, aside[0], aside[1]
    preamble = unheaded(preamble)  # "### Next Steps:" over the text below (``headinglines``)
    if grounded:  # a heading closing it titles the step (``untitled``; its title carried)
        preamble = untitled(preamble)
    preamble = unshown(preamble)  # a code block an observation shows (``shownblock``)
    odd = _non_prose(preamble)
    if odd is not None:
        return Reason.PROSE, "non-prose", f"rule non-prose: {odd} before the markup"
    # The preamble grammar (intent.preamble) reads the normalised view; a URL is one token.
    from .preamble import Refused, announce  # noqa: PLC0415 - preamble loads after prose

    view = normalize(_compat(preamble))
    said = announce(view)
    if isinstance(said, Refused):
        reason = Reason.PROSE if said.rule in _PROSE_RULES else Reason.QUOTED
        return reason, said.rule, said.detail
    run_on = _run_on(view) if len(preamble) > MAX_PREAMBLE_CHARS else None
    if run_on is not None:
        return (Reason.PROSE, "long-preamble", f"rule long-preamble: {len(preamble)} characters "
                f"before the markup, and a sentence of {run_on} words (past "
                f"{MAX_PREAMBLE_CHARS} characters, at most {MAX_READ_WORDS})")
    if said.left and not grounded:
        return (Reason.QUOTED, "question", f"rule question: {said.left[0]!r} is left open, and "
                "no grounding reads the text")
    if said.owners and not grounded:
        return (Reason.QUOTED, "other-actor", f"rule other-actor: {said.owners[0]!r} has no "
                "place in an announcement no grounding reads")
    return Reason.OK, "action-preamble", "an announcement of the next step precedes the markup"


def _run_on(view: str) -> int | None:
    """The word count of the first sentence of the normalised ``view`` over ``MAX_READ_WORDS``
    words, or None: a long preamble is read only as short sentences (a long one is a document's
    or an instruction's, whose room the character bound caps)."""
    return next((n for body, _end in _sentences(view) if (n := len(body.split())) > MAX_READ_WORDS),
                None)


_PROSE_RULES = frozenset({"unknown-preamble", "non-prose", "long-preamble", "unknown-language"})

_PARAGRAPH = re.compile(r"\n[ \t]*\n")

_GREETING_PIECE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*|\n")
_GREETING_TRIM = " \t.!?¡¿。！？~"


def _greeting_prefix(raw: str, lex: Lexicon) -> int:
    """Characters of ``raw`` taken by the greeting sentences it opens with ("Hello!", "Hi there,",
    "What's up?", "你好！"): each whole sentence, commas aside, is a ``[greeting]`` entry."""
    rc = lex.recall
    pat = rc.greeting
    # most preambles start with no greeting's first letter: no sentence is normalised then
    if normalize(raw.lstrip(_GREETING_TRIM)[:1])[:1] not in rc.greeting_firsts:
        return 0
    pos = 0
    for m in _GREETING_PIECE.finditer(raw):
        if m.start() != pos:
            break
        said = re.sub(r"[\s,，、]+", " ", normalize(m.group(0)).strip(_GREETING_TRIM)).strip()
        if said and pat.fullmatch(said) is None:
            break
        pos = m.end()
    return pos


def _greeting_only(raw: str) -> bool:
    """``raw`` (a line before glued markup) is greetings and nothing else."""
    raw = raw.strip()
    return bool(raw) and _greeting_prefix(raw, lexicon()) == len(raw)


def _greeted(preamble: str) -> tuple[str, Verdict | None]:
    """The preamble without its opening greetings, and the verdict when nothing else is left:
    a greeting frames no quotation ("Hello! Here's an example:" is refused by what follows it,
    "Sure!" alone is refused as an acknowledgement)."""
    cut = _greeting_prefix(preamble, lexicon())
    if not cut:
        return preamble, None
    odd = _non_prose(preamble[:cut])
    if odd is not None:
        return preamble, (Reason.PROSE, "non-prose", f"rule non-prose: {odd} before the markup")
    rest = preamble[cut:].strip()
    if rest:
        return rest, None
    return rest, (Reason.OK, "greeting", "a greeting alone precedes the markup")
