"""A preamble's sentences and the refusal a sentence raises.

``_sentences`` splits a preamble at its sentence ends (a full stop before a space, any other
stop, a line break, a space between Thai letters); ``Refused`` carries the rule that refused a
sentence; ``_timed`` finds an announcement put off to a time or an approval."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from .decor import undecorated
from .memo import per_reply
from .observing import EVERY_NOUN_KINDS
from .pieces import is_clock
from .selecting import is_dated
from .tables import tongues
from .waiting import bare_waits, waited
from .words import REFUSING, Token, Tongue, tokenize


@dataclass(frozen=True)
class Refused:
    """Why a preamble is not accepted: the rule, and the detail naming the token."""

    rule: str
    detail: str


MAX_SENTENCE_WORDS = 40
"""Most words of one sentence the intent stage reads: an observation's bound
(``actors.MAX_OBSERVATION_WORDS``) and a long preamble's (``prose.MAX_READ_WORDS``)."""


_SENTENCE = re.compile(r"(?<=[.!。！…])\s*|(?<=[:：])\s+|\n+|(?<=[;；])\s*")

_SENTENCE_END = re.compile(
    r"(?<![.!。！…:：;；।॥؟?])[.!。！…:：;；।॥؟?]++(?=\s|$)|[。！；।!]+|\n+"
    # a colon right after a CJK or Hangul character ends the sentence unspaced ("文件：a.yaml")
    r"|(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]):+")


_LIST_MARKER = re.compile(r"(^|\n)[ \t]*(?:\d{1,2}[.)]|[*•])[ \t]+(?=\w)")
"""A list marker opening a line before a word ("1. First, let's ...", "2) ...", "* ..."): it
numbers or bullets the item and says nothing; the line is read without it (a dash opening a
line is the grammar's own lead, "- I'll ...")."""


_QUOTED = re.compile(r"(?<![\w`])`?(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}`?\s*[-–—(（]\s*"
                     r"\"[^\"\n]{1,200}\"|`[^`\n]+`|\"[^\"\n]{1,80}\""
                     r"|(?<!\w)'[^'\n ][^'\n]{0,78}[^'\n ]'(?!\w)|(?<!\w)'\w'(?!\w)")
"""A code span or a quoted string, as the tokenizer reads one (one CODE token; a quoted letter
too, "the column 'a'"; a commit's title after its id, ``pieces._titled``): a stop inside it
("change 'Hello, World!' to 'Hi!'") ends no sentence."""


def _sentences(view: str) -> list[tuple[str, str]]:
    """(body, terminator) of each sentence of the normalised view, list markers aside
    (``_LIST_MARKER``); a colon that ends its line keeps the line break in its terminator (it
    introduces a block, not the rest of the line). A stop inside a quoted string or a code
    span is part of it (``_QUOTED``). A new list each time (a caller may change its own); the
    cut is made once per reply (the grammar's reading, ``presentedstep`` and the reasoning's
    actors cut the same view)."""
    return list(_cut(view))


@per_reply
def _cut(view: str) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    pos = 0
    view = undecorated(view)  # "... right away! 🎨" (``decor``)
    view = _LIST_MARKER.sub(r"\1", view)
    quoted = [(q.start(), q.end()) for q in _QUOTED.finditer(view)]
    ends = [*_SENTENCE_END.finditer(view), *_space_ends(view), *_comma_ends(view)]
    for m in sorted(ends, key=lambda m: m.start()):
        if any(a < m.start() and m.end() < b for a, b in quoted):
            continue
        if _ordinal(view, m):  # "am 5. Mai": the day's own stop
            continue
        if _abbreviated(view, m):  # "e.g. I'll ...", "z. B. lösche ...": the word's own stops
            continue
        start, stop = m.start(), m.group(0)
        if stop.startswith("...") and view[start - 1 : start] == "/":
            if stop == "...":
                continue  # "go test ./...": a Go package pattern; a stop after its dots ends
            start, stop = start + 3, stop[3:]
        body = view[pos:start].strip()
        if body:
            end = stop.strip()
            if end[-1:] in ":：" and not view[m.end():].split("\n", 1)[0].strip():
                end += "\n"
            out.append((body, end))
        elif out and stop.strip():
            out[-1] = (out[-1][0], out[-1][1] + stop.strip())
        pos = m.end()
    rest = view[pos:].strip()
    if rest:
        out.append((rest, ""))
    return tuple(out)


def _space_ends(view: str) -> list[re.Match[str]]:
    """The spaces that end a sentence in a script that puts no space between words
    ([g-sentence-space]: Thai, which writes no full stop either): those between two of its
    letters or marks; one beside a word of another script ends nothing, nor one before a
    closing tail of courtesy or assent ("... ที่กรุงเทพฯ ให้ครับ", for you, polite)."""
    pattern = _unspaced()
    if pattern is None:
        return []
    return [m for m in pattern.finditer(view) if not _tail(view[m.end():])]


_COMMA = re.compile(r"(?<=[\u3400-\u9fff\uf900-\ufaff]),")
"""A comma (the normalised view reads "，" as ",") right after a Han character."""


def _comma_ends(view: str) -> list[re.Match[str]]:
    """The commas that end a sentence in a language that joins its clauses with one
    ([g-comma-clause]: Chinese, "文件较大，让我看几个关键的 API endpoint。"): those right before a
    clause that opens with the speaker's own opener (OPENER: "让我", "我先") or with the wait
    slot on a running task ("`gen-docs` 还在运行，继续等待", ``waiting.waited``), or with an
    adverb and the verb the grammar reads after it (``_adverbed``: "…，直接更新计划"). The clause
    before is then a sentence of its own, read as any observation is ("如果测试通过，让我…": a
    condition; "用户说，让我…": what a party said); one holding a verb of its own or a refusing
    word holds what follows, a recap word aside ("已经充分理解了代码，直接更新计划": what was
    done, read as it is before a full stop, ``_recap_clause``)."""
    t = next((x for x in tongues() if ("g-comma-clause", ",") in x.marks), None)
    if t is None or "," not in view:
        return []
    out = []
    for m in _COMMA.finditer(view):
        chunk = _CHUNK.match(view[m.end():].lstrip())
        tokens = tokenize(chunk.group(0), t) if chunk is not None else []
        clause = _LEAD.split(view[: m.start()])[-1].strip()
        said = tokenize(clause, t)
        # a clause of time, condition or speech ("测试通过后", "用户说") holds what follows
        waits = len(tokens) > 1 and waited(tokens, tokens[1], t)
        # h30a: "…，等待结果" (``waiting.bare_waits``): a wait whose subject is dropped, after a
        # clause that says what runs ("`gen-docs` 并行运行中", ``_under_way``)
        bare = len(bare_waits(tokens, t)) > len(tokens)
        after = _LEAD.split(view[m.end():], 1)[0]
        if (tokens and (tokens[0].kind == "OPENER" or waits or bare or _adverbed(tokens, after, t))
                and said and (_recap_clause(said) or (bare and _under_way(said, t)))
                and not any(clause.endswith(w) for w, in _held(t))):
            out.append(m)
    return out


def _adverbed(tokens: list[Token], clause: str, t: Tongue) -> bool:
    """The clause opens with an adverb right before the verb the grammar reads after it
    ("直接更新计划"), the form it has as a sentence of its own, and no verb of it (up to its
    end, ``clause``) takes a step that cannot be taken back (``EVERY_NOUN_KINDS``: "…，直接删除
    备份", "…，现在提交代码" keep the comma's hold, as a narrated imperative does)."""
    return len(tokens) > 1 and tokens[0].kind == "ADV" and tokens[1].kind == "ACTING" and not any(
        t.kind_of(x.text) in EVERY_NOUN_KINDS for x in tokenize(clause, t))


def _under_way(said: list[Token], t: Tongue) -> bool:
    """The clause before the comma says what is running: each verb of it right before a word
    of a process under way ([g-under-way-after]: "运行中", running) and no refusing word, with
    a word besides (h30a: "`gen-docs` 和 `gen-changelog` 并行运行中，等待结果")."""
    verbs = [k for k, x in enumerate(said) if x.kind == "ACTING"]
    return bool(verbs) and len(said) > len(verbs) and not any(
        x.kind.startswith("!") for x in said) and all(
        k + 1 < len(said) and t.marked(said[k + 1].text, "g-under-way-after") for k in verbs)


def _recap_clause(said: list[Token]) -> bool:
    """The clause before the comma holds no verb of its own and no refusing word but a recap
    word ([g-recap]: "已经", "了"), and some word besides those: what was done is the same
    observation before a comma as before a full stop, where a condition, negation or party
    holds the clause after it."""
    rest = [x for x in said if x.kind != "!recap"]
    return bool(rest) and not any(x.kind == "ACTING" or x.kind.startswith("!") for x in rest)


_LEAD = re.compile(r"[.!?。！？:：;；,\n]")
"""What ends the clause before a comma."""


def _held(t: Tongue) -> list[tuple[str]]:
    """The [g-comma-held] and [g-clause-end] entries of the language: a clause ending in one is
    held by what follows it (what a party said, a time, a condition), never a sentence of its own."""
    return [(w,) for sec, w in t.marks if sec in ("g-comma-held", "g-clause-end")]


_CHUNK = re.compile(r"[^\s.!?。！？:：;；]+")
_TAIL = frozenset({"ACK", "COURTESY", "ADV"})
"""Tokens a closing tail is made of: a particle of politeness or assent, "for you", an adverb."""


def _tail(rest: str) -> bool:
    """The run of text up to the next space or stop is a closing tail (``_TAIL``) only, or
    after one opens a clause that continues the sentence before it ([g-before-clause]:
    "... ในกรุงเทพฯ ให้ก่อนที่คุณจะออกเดินทาง", for you, before you leave)."""
    m = _CHUNK.match(rest)
    t = next((x for x in tongues() if ("g-sentence-space", "space") in x.marks), None)
    if m is None or t is None:
        return False
    tokens = tokenize(m.group(0), t)
    head = next((x for x in tokens if x.kind not in _TAIL), None)
    return bool(tokens) and (head is None or t.has(head.text, "g-before-clause"))


@cache
def _unspaced() -> re.Pattern[str] | None:
    """The spaces between two letters (or marks) of the main script of a lexicon whose
    [g-sentence-space] holds "space"."""
    scripts = tuple({f"{t.primary} " for t in tongues() if ("g-sentence-space", "space") in t.marks})
    if not scripts:
        return None
    letters = re.escape("".join(c for c in map(chr, range(0x80, 0x3000))
                                if unicodedata.category(c)[0] in "LM"
                                and unicodedata.name(c, "").startswith(scripts)))
    return re.compile(f"(?<=[{letters}])" + r"[ \t]+" + f"(?=[{letters}])")


def _abbreviated(view: str, m: re.Match[str]) -> bool:
    """The stop is one of a word a refusing section lists with its stops ("e.g.", "z. b.",
    "p. ex.": [g-for-instance]) opening a sentence, inside it or right after it: it ends no
    sentence, so the word stays the sentence's own, read by the grammar ("E.g. I'll ...",
    h35w). Inside a sentence ("the config (e.g. settings.json)") the stops are read as before."""
    if m.group(0) != "." or not view[max(0, m.start() - 1) : m.start()].isalpha():
        return False
    pattern = _abbreviations()
    return pattern is not None and any(
        a.start() <= m.start() < a.end() and _OPENS.search(view, 0, a.start()) is not None
        for a in pattern.finditer(view, max(0, m.start() - 12), min(len(view), m.end() + 12)))


_OPENS = re.compile(r"(?:^|[.!?。！？\n])[ \t*_]*\Z")
"""The text before a word ends where a sentence opens: nothing, or a stop or a line break."""


@cache
def _abbreviations() -> re.Pattern[str] | None:
    """The words of every lexicon's refusing sections written with inner stops ("e.g", "z. b"),
    each with its last stop, as a pattern over the normalised view."""
    entries = [(w, secs) for t in tongues() for w, secs in t.words.items()]
    entries += [(" ".join(ws), secs) for t in tongues() for ws, secs in t.phrases.items()]
    found = sorted({w for w, secs in entries if "." in w and w.replace(".", "").replace(
        " ", "").isalpha() and any(sec in REFUSING for sec in secs)}, key=len, reverse=True)
    if not found:
        return None
    alts = "|".join(re.escape(w.rstrip(".")).replace(r"\ ", r"\s*") for w in found)
    return re.compile(rf"(?<!\w)(?:{alts})\.?(?!\w)")


_DAY_STOP = re.compile(r"(?<![\w.])\d{1,2}$")
_NEXT_WORD = re.compile(r"\s*(\w+)")


def _ordinal(view: str, m: re.Match[str]) -> bool:
    """The stop is the one of an ordinal day before its month ("am 5. Mai", "den 4. april"):
    a lone full stop right after a day number of one or two digits, the next word a month
    name of a lexicon ([g-month]); it ends no sentence."""
    if m.group(0) != "." or _DAY_STOP.search(view, 0, m.start()) is None:
        return False
    word = _NEXT_WORD.match(view, m.end())
    return word is not None and word.group(1).casefold() in _months()


@cache
def _months() -> frozenset[str]:
    """The month names of every lexicon ([g-month])."""
    return frozenset(w for t in tongues() for w in t.months)


def _timed(x: Token, t: Tongue) -> bool:
    """A refused token that is a time or an approval to wait for ([g-deferral], [g-next], a
    time of day, a number after a preposition of time: "at 5", a date written in digits, "on
    2026-12-18", "by 18.12."), not a condition ("if", "unless")."""
    return (is_clock(x.text) or _DATE.fullmatch(x.text) is not None
            or t.has(x.text, "g-deferral") or "g-next" in t.sections(x.text)
            or is_dated(x.text, t))  # "monday october 15th"


_DATE = re.compile(r"\d+(?:[-./]\d+)*\.?")
"""A number, or digits joined by the separators of a written date."""
