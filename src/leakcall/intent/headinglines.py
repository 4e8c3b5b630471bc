"""Markdown headings above the text that announces (issue 25, rules ``comment-line`` and
``non-prose``).

"### Next Steps:\\n1. I will search for a nonstop flight ...\\n\\nLet me search for nonstop
flights ...": a line of two to six "#" then a space, its text opening with a letter or "*"
and holding no "#", "`", "$", "<", ">", "|" or "=" (a title's words, no code), with another
non-blank line below it before the markup, heads a section of the reply; it opens no
comment block. Its marks are read as nothing: the title is read as a line of prose, its
words screened and parsed as every sentence's are ("Next Steps:" labels a plan,
``planlooks``). One "#" (a shell's or Python's comment as often as a title), a heading that
is the last line before the markup (a title alone announces nothing; but see ``untitled``
below), a title with code in it, or marks closing the title keep rule ``comment-line``.

A heading closing the preamble, after its announcement (h31b; ``headed``, ``titled``).

"好，现在来看前端。\n\n## 第五站：前端 — useSessionStream Hook（前端与后端的桥梁）" + a Read of
``useSessionStream.ts``: a walk-through names the part it goes on to with a heading line
(``#`` to ``######``, a space, its title) between the announcement and the markup. The screen
read any line opening with "#" as a comment line opening a block (rule ``comment-line``): a
script's listing, whose markup is no call of the assistant's.

Such a heading is read as the title of the step the announcement before it takes, and the
preamble is read without it (``untitled``), only where

- it is the preamble's last line, a blank line before it, and the text before that blank
  line ends a sentence ("." "!" "。" "！"; never a colon: "Here is the script:\n\n# cleanup"
  introduces a listing);
- its title is a noun phrase: words of no kind of step, code, numbers, determiners,
  prepositions, a dash, brackets and a label's colon; no word the grammar marks
  ("Example", "Not ..."), no cue of any refusing category ("Tool call format"), no verb of
  a kind ("Step 2: Delete the backups"), no command its first word names ("# rm build",
  "# git push"), no code of more than one word
  ("## `rm -rf build`"), no mark of a command, a table or a tag (``|``, ``$``, ``<``,
  ``=``, ...);
- a word of the title (of three letters or more, or written as code) is carried by a call
  (``uncarried``, read by grounding): the heading names what the step acts on
  ("useSessionStream" in the file read). A title no call carries ("## Output", "## Results")
  may frame the markup as something shown, and is refused as before.

Every other "#" line keeps its reading (``screens``: rule ``comment-line``)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..reasons import Reason, Refusal
from .detect import detect
from .kinds import command_kinds
from .observing import OBSERVING
from .toolkinds import UNKNOWN
from .view import normalize
from .words import UNSPACED, tokenize

__all__ = ["headed", "negated_heading", "titled", "uncarried", "unheaded", "untitled"]

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


_EMPHASIS_LINE = re.compile(r"^[ \t]*(\*\*|__)(?P<title>[^*_\n]{1,80}?)\1[ \t]*[:：]?[ \t]*$", re.MULTILINE)
"""A line that is one run of strong emphasis ("**Never do this**"): a heading written in bold."""

_NEGATIONS = frozenset({"g-negation"})
"""A heading's words that negate. [g-fact-negation] lists, beside negations, the words that
make one a statement of fact ("has", "been", "is", "was"): alone they negate nothing ("XEHM4B
has been upgraded:" reports a change done, over the lines that say what it was)."""


def negated_heading(text: str) -> str | None:
    """Why a heading over the text below it negates that text, or None (h35w).

    A heading (``_HEADING``, or a line of strong emphasis alone, ``_EMPHASIS_LINE``) with a
    non-blank line below it labels the lines under it, as a label before a colon does: its
    words are read, and a negation among them ([g-negation]: "## Things I will not do", "###
    Dangerous commands (never run)", "**Never do this**", "### Not recommended", "## Ce que
    je ne ferai pas") says the steps under it are not to be taken. The announcement under it
    is that section's content, no step of the assistant's own: rule ``negation``."""
    if "#" not in text and "**" not in text and "__" not in text:
        return None
    for m in [*_HEADING.finditer(text), *_EMPHASIS_LINE.finditer(text)]:
        eol = text.find("\n", m.end())
        if eol < 0 or not text[eol + 1 :].strip():
            continue  # the last line: a title alone (``headed``)
        title = m.group("title") if "title" in m.groupdict() else text[m.end() : eol]
        view = normalize(title)
        t = detect(view)
        if t is None:
            continue
        # a phrase the lexicon lists whole ("i will not", "我不会", [g-decline]) is one token:
        # its words are read too, or its characters in a script written without spaces
        hit = next((x for x in tokenize(view, t) if x.kind == "!negation" or any(
            set(t.sections(w)) & _NEGATIONS for w in (x.text, *_pieces_of(x.text)))), None)
        if hit is not None:
            return (f"rule negation: the heading {title.strip()[:40]!r} negates the lines under "
                    f"it ({hit.text!r}): the announcement below is a step it rules out")
    return None


def _pieces_of(token: str) -> list[str]:
    """The words of a token, or the characters of one written without spaces."""
    return token.split() if " " in token else list(token) if UNSPACED.search(token) else []


_CLOSING = re.compile(r"\n[ \t]*+\n[ \t]{0,3}#{1,6}[ \t]++([^\n]{1,120})\Z")
"""A blank line, then the last line: one to six "#", a space and the title (its closing "#"s
and spaces are stripped after the match: a lazy title before them backtracked quadratically)."""

_ENDED = re.compile(r"[.!。！]\s*\Z")
"""The text before the heading ends a sentence (not with a colon)."""

_CODE_MARKS = re.compile(r"[|$<>=;{}\[\]\\*~]|(?:^|\s)--?\w")
"""Marks of a command (an option after a word), a table, a tag or emphasis: no plain title
holds them."""

_TITLE_KINDS = frozenset({"OPEN", "CODE", "NUM", "DET", "PREP", "DASH", "LPAR", "RPAR",
                          "COMMA", "AND"})
"""Token classes of a noun phrase's title."""

_LABEL_COLONS = frozenset({":", "："})

_MIN_WORD = 3
"""Letters of a title word a call must carry (a shorter one names nothing)."""


def headed(text: str) -> tuple[str, str] | None:
    """(the text before the heading, the heading's title) when ``text`` closes with a heading
    read as its step's title (module docstring: place and title), else None."""
    body = text.rstrip()
    m = _CLOSING.search(body)
    if m is None:
        return None
    rest, title = body[: m.start()].rstrip(), m.group(1).rstrip(" \t#").strip()
    if not title:
        return None  # marks only
    if not rest or _ENDED.search(rest) is None or _CODE_MARKS.search(title) is not None \
            or command_kinds(title) - OBSERVING - {"run", UNKNOWN}:
        return None  # a command read from its first word ("# rm build", "# git push")
    if "\n#" in "\n" + rest.lstrip(" \t"):
        return None  # another heading above: a document's sections, read as before
    return (rest, title) if _plain_title(title) else None


def _plain_title(title: str) -> bool:
    """The title is a noun phrase of no step and no cue (module docstring)."""
    from .cues import CUE_ORDER  # noqa: PLC0415 - the cue lexicon loads after the view
    from .tables import lexicon  # noqa: PLC0415

    view = normalize(title)
    t = detect(view)
    if t is None:
        return False
    tokens = tokenize(view, t)
    lex = lexicon()
    return bool(tokens) and all(
        (x.kind in _TITLE_KINDS or (x.kind == "!non-prose" and x.text in _LABEL_COLONS))
        and (x.kind != "OPEN" or t.kind_of(x.text) is None)
        and (x.kind != "CODE" or not any(ch.isspace() for ch in x.text)) for x in tokens) \
        and not any(lex.cues[cat].search(view) for cat, _rule, _reason in CUE_ORDER)


def untitled(text: str) -> str:
    """``text`` without the heading closing it (``headed``), or ``text`` itself."""
    split = headed(text)
    return text if split is None else split[0]


def _words(title: str) -> list[str]:
    view = normalize(title)
    t = detect(view)
    if t is None:
        return []
    return [x.text.strip("`'\"").casefold() for x in tokenize(view, t)
            if (x.kind == "CODE" or (x.kind == "OPEN" and len(x.text) >= _MIN_WORD))]


def uncarried(title: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why no call carries a word of the heading's title (in its name or arguments), or
    None (module docstring)."""
    text = "\n".join(name + " " + json.dumps(args, ensure_ascii=False, default=str)
                     for name, args in calls).casefold()
    if any(w and w in text for w in _words(title)):
        return None
    return (f"the heading {title[:40]!r} closing the preamble names nothing a call carries: "
            "it may frame the markup as something shown")


def titled(preamble: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str:
    """The preamble grounding reads: without a heading closing it (``headed``), whose title a
    call must carry (``uncarried``; else refused, rule ``ungrounded-call``)."""
    split = headed(preamble)
    if split is None:
        return preamble
    why = uncarried(split[1], calls)
    if why is not None:
        raise Refusal(Reason.QUOTED, f"rule ungrounded-call: {why}", "ungrounded-call")
    return split[0]
