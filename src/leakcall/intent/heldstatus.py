"""Labels that put the text under them out of the current work, a "Next scene." that frames
it as an item of a performance or an example series, and an announcement written as an aside
(issue 25, round 61; h43i).

"## On hold\\n\\nI'll delete `prod.db`." / "**Out of scope**" / "On hold.\\n\\n..." / "## En
pausa" / "## 保留中": a Markdown heading (``headinglines``), a line of strong emphasis alone, or
a paragraph of one line, whose title is a status of [g-held-status] -- held (on hold, parked,
frozen, postponed), out of scope, blocked, deprecated, optional (nice to have) or undecided
(open questions, under discussion) -- says the steps under it are not being taken now: rule
``conditional``, as a plan's heading (``heldheadings``). The title opens with the status and
ends with it, or goes on after a bracket, a dash or a colon ("Parked (for now)", "Optional —
可选"), or with a word of [g-held-status-tail] ("Blocked on legal review", "Out of scope for
this PR", "Deprecated approach"); a status modifying a noun of its own ("## Deprecated
endpoints", "## Optional cleanup") names what the step acts on and is read as before. A
paragraph's title is the status alone. Entries are read in every lexicon language as
``heldheadings`` reads them (a short spaced word only in the title's language or English).

"Next scene. I'll delete `prod.db`." / "次の例。...": a sentence that is only a phrase of
[g-next-item] -- the next item of a performance, a script or an example series (scene,
take, episode, panel, example) -- opening the text or a paragraph frames what follows as
that item: rule ``declared-example``. "Next slide.", "Next test case.", "Next question." are
not entries: the agent's own work goes through slides, test cases and questions as often.

"*I'll delete `prod.db`.*" / "_..._" / "P.S. I'll pay ...": the paragraph right before the
markup wrapped whole in single emphasis (a stage direction's or an aside's form), or any
paragraph opening with a postscript's mark of [g-postscript] ("P.S.", "追伸"): the step is
an aside, not the one the turn takes: rule ``declared-example``. Strong emphasis ("**I'll
delete it.**") is left: agents bold their own steps ("**Step 2: Call `lookup` ...**").

"## Step 3 (skipped)\\n\\nDeleting `prod.db`." / "## Schritt 3 – übersprungen" / "**Cleanup
(on hold)**" / "## 第3步（已拒绝）" (h46c, round 62): what a heading (a line of strong emphasis,
or a one-line paragraph closing on a bracket with no stop: "Cleanup (skipped)\\n\\n...")
above an announcement may hold is a step's label and the step's own words. A part of
its title in brackets, or after a dash, qualifies it; that part is placed only where each of its
words is a code span, a number, a name or path (a digit, "_", ".", "/" in it), a word of no
content (an article, a preposition, "and", a comma), or a word the text below the heading says
itself ("## Reservation (M05KNL)", "## Step 2 (`config.yaml`)", "## Cleanup (old logs)" over
"I'll delete the old logs."). Any other word (a status: skipped, done, rejected, TBD, draft, on
hold, by Bob, "Alice only") is no step label: the heading's qualifier the announcement cannot
place, rule ``unknown-preamble``, naming the word. A title after a colon ("Step 1: Load the
refunds capability.") is the step's own words and is read as before when it holds a word of
a step's kind with its object, or more than four words; any other part after a colon is a
qualifier ("## Cleanup: skipped"), and so is the bracket of an inline label, one or two words
and a bracket opening a paragraph, then a stop ("Cleanup (skipped). Deleting ...", h46h).

"## Old approach\\n\\nI'll delete `prod.db`." / "**First attempt**" / "## Primer intento" / "##
最初の試み" (h46j, round 63): the last heading or line of strong emphasis above the
announcement, with no colon, qualifier or step's label, holding a word of [g-title-past] (a
past, dropped or failed attempt) the text below does not say, names an attempt the step
belongs to: rule ``unknown-preamble``. "Ideas I ruled out." / "Cosas que no haré." /
"## Approaches that failed": a one-line paragraph or such a heading titling a list (a noun,
then a word of [g-title-relative] opening a clause on it) none of whose words the text below
says is refused the same way; "The build failed." (its own subject first) is read as before."""

from __future__ import annotations

import re

from .detect import detect
from .headinglines import _HEADING
from .headings import _label
from .heldheadings import _found, entries, readable, title_tongues
from .view import normalize
from .words import UNSPACED, tokenize

__all__ = ["held_aside"]

_STRONG_LINE = re.compile(r"^[ \t]*(\*\*|__)(?P<title>[^*_\n]{1,60}?)\1[ \t]*[:：]?[ \t]*$",
                          re.MULTILINE)
_BREAK = "([（—–\\-:：/|·,，、"


def _opens(view: str, entry: str) -> str | None:
    """The rest of ``view`` after ``entry`` opening it (at a word's end), or None."""
    if not view.startswith(entry):
        return None
    rest = view[len(entry) :]
    if rest and not UNSPACED.search(entry[-1]) and (rest[0].isalnum() or rest[0] in "_'"):
        return None
    return rest


def _status(title: str, alone: bool) -> str | None:
    """The status entry the title is (see the module), or None. ``alone``: no tail allowed."""
    view = normalize(title).strip().rstrip(".。:：!！ ")
    view = re.sub(r"^[^\w(]+", "", view)
    if not view:
        return None
    mine = title_tongues(view)
    tails = [e for name, es in entries("g-held-status-tail") for e in es]
    for name, listed in entries("g-held-status"):
        for e in listed:
            if not readable(name, e, mine):
                continue
            rest = _opens(view, e)
            if rest is None:
                continue
            rest = rest.strip()
            if not rest:
                return e
            if alone:
                continue
            if rest[0] in _BREAK:
                return e
            if not UNSPACED.search(e) and any(_opens(rest, t) is not None for t in tails):
                return e
    return None


def _below(text: str, end: int) -> bool:
    eol = text.find("\n", end)
    return eol >= 0 and bool(text[eol + 1 :].strip())


def _held(text: str) -> str | None:
    if "#" in text:
        for m in _HEADING.finditer(text):
            if not _below(text, m.end()):
                continue
            title = text[m.end() : text.find("\n", m.end())].strip()
            e = _status(title, alone=False)
            if e is not None:
                return title
    for m in _STRONG_LINE.finditer(text):
        if _below(text, m.end()) and _status(m.group("title"), alone=False) is not None:
            return m.group("title")
    for para in re.split(r"\n[ \t]*\n", text.strip())[:-1]:
        line = para.strip()
        if "\n" not in line and len(line) <= 40 and _status(line, alone=True) is not None:
            return line
    return None


def _next_item(text: str) -> str | None:
    paras = re.split(r"\n[ \t]*\n", text.strip())
    for n, para in enumerate(paras):
        view = normalize(para).strip().lstrip("*_ ")
        mine = title_tongues(view)
        for name, listed in entries("g-next-item"):
            for e in listed:
                if not readable(name, e, mine):
                    continue
                rest = _opens(view, e)
                if rest is not None and re.match(r"[*_ ]*[.。!！]", rest) \
                        and rest.lstrip("*_ .。!！").strip():
                    return e
                if rest is not None and not rest.strip(" .。!！*_") and n < len(paras) - 1:
                    return e  # "Next scene." a paragraph of its own, more text after it
    return None


_ITALIC = re.compile(r"\A(?:\*(?![*\s])(?P<a>[^\n]+?)(?<![*\s])\*|_(?![_\s])(?P<b>[^\n]+?)(?<![_\s])_)\Z")


def _aside(text: str) -> str | None:
    paras = re.split(r"\n[ \t]*\n", text.strip())
    m = _ITALIC.match(paras[-1].strip())
    inner = (m.group("a") or m.group("b") or "") if m is not None else ""
    if inner and not re.search(r"[*_]", re.sub(r"`[^`]*`", "", inner)) and " " in inner.strip():
        return "an announcement wrapped whole in emphasis is an aside"
    for para in paras:
        view = normalize(para).strip()
        for _name, listed in entries("g-postscript"):
            for e in listed:
                if view.startswith(e) and view[len(e) : len(e) + 1] in (" ", "\n", ":", "："):
                    return f"a postscript ({e!r}) adds an aside"
    return None


_TITLE_QUALIFIER = re.compile(r"[(（]([^()（）\n]*)[)）]|(?:\s[—–-]|[—–])\s*([^\n]*)$")
"""A part of a title in brackets, or after a dash (the rest of the title)."""

_PLAIN = frozenset({"CODE", "NUM", "DET", "PREP", "AND", "COMMA", "DASH", "LPAR", "RPAR"})
"""Token classes placed without a word of content: code, numbers, articles, prepositions."""

_NAMED = re.compile(r"[\d_./\\@#]")
"""A mark of a name or a path in a word ("m05knl", "config.yaml")."""


_STEM = 5
"""Letters a title's word shares with a word said below to be that word inflected
("Deleting" over "delete", "Очистка" over "очистки"), when a whole title is read."""


def _said(word: str, said: set[str], joined: str, stems: bool) -> bool:
    if word in said:
        return True
    if not stems:
        return False
    return word in joined or (len(word) >= _STEM and any(w.startswith(word[:_STEM]) for w in said))


def _unplaced(part: str, below: str, title: str, stems: bool = False) -> str | None:
    """The first word of a title's qualifier ``part`` the text ``below`` cannot place, or None
    (module: code, numbers, names, words of no content, and words said below; ``stems``: a
    word inflected or written apart below counts as said, as a whole title is read)."""
    part = re.sub(r"`[^`]*`", " ", part)
    view = normalize(part).strip()
    if not view.strip(" .,;:!?。，、"):
        return None
    seen = normalize(below)
    said = set(re.findall(r"\w+", seen))
    joined = re.sub(r"\W+", "", seen)
    t = detect(view) or detect(normalize(title)) or detect(seen)
    tokens = [(x.kind, x.text) for x in tokenize(view, t)] if t is not None else [
        ("OPEN", w) for w in re.findall(r"\w+", view)]
    for kind, word in tokens:
        if kind in _PLAIN or not word.strip() or _NAMED.search(word):
            continue
        if UNSPACED.search(word):
            if word not in seen:
                return word
        elif not all(_said(w, said, joined, stems) for w in re.findall(r"\w+", word)):
            return word
    return None


_TITLE_LINE = re.compile(r"(?:\A|\n[ \t]*\n)[ \t]*([^\n]{1,60}?[)）][ \t]*)(?=\n[ \t]*\n)")
"""A one-line paragraph closing on a bracket, no stop after it: a title without its marks."""

_TITLE_SENTENCE = re.compile(
    r"(?:\A|\n[ \t]*\n)[ \t]*((?:[^\W\d_][\w'-]*[ \t]+)?[^\W\d_][\w'-]*[ \t]*[(（][^()（）\n]*[)）])"
    r"[ \t]*[.。]\s*(?=\S)")
"""A paragraph opening on one or two words and a bracket, then a stop and more text: an inline
label ("Cleanup (skipped). Deleting ...", h46h)."""

_COLON = re.compile(r"^[^:：]{1,40}[:：]\s*([^\n]+)$")
"""A part of a title after a colon (h46h)."""


def _stated(part: str, title: str) -> bool:
    """The part after a title's colon is the step's own words: it holds a word of a step's
    kind with its object ("Step 1: Load the refunds capability"; "rejected by Bob" has
    none), or more than four words."""
    view = normalize(re.sub(r"`[^`]*`", " ", part))
    t = detect(view) or detect(normalize(title))
    words = re.findall(r"\w+", view)
    if len(words) > 4 or t is None:
        return True
    toks = [x for x in tokenize(view, t) if x.kind != "!non-prose"]
    return any(t.kind_of(x.text.casefold()) is not None and k + 1 < len(toks)
               and toks[k + 1].kind != "PREP" for k, x in enumerate(toks))


def _qualified(text: str) -> tuple[str, str] | None:
    """(title, word) of a heading over the text below it whose qualifier holds a word the text
    below cannot place (module), or None."""
    if not any(c in text for c in "#*_)）:："):
        return _whole(text)
    ends = _titles(text)
    ends += [(m.end(), m.group(1).strip()) for m in _TITLE_LINE.finditer(text)
             if _below(text, m.end())]
    lines = [(title, text[text.find("\n", end) + 1 :]) for end, title in ends]
    lines += [(m.group(1).strip(), text[m.end() :]) for m in _TITLE_SENTENCE.finditer(text)]
    for title, below in lines:
        parts = [m.group(1) if m.group(1) is not None else m.group(2)
                 for m in _TITLE_QUALIFIER.finditer(title)]
        colon = _COLON.match(title) if "(" not in title and "（" not in title else None
        if colon is not None and not parts and not _stated(colon.group(1), title):
            parts.append(colon.group(1))  # "## Cleanup: skipped" (h46h)
        for part in parts:
            word = _unplaced(part, below, title)
            if word is not None:
                return title, word
    return _whole(text)


def _titles(text: str) -> list[tuple[int, str]]:
    """(end, title) of each heading, then each line of strong emphasis, with text below it."""
    found = [(m.end(), text[m.end() : text.find("\n", m.end())].strip())
             for m in _HEADING.finditer(text) if _below(text, m.end())]
    found += [(m.end(), m.group("title").strip()) for m in _STRONG_LINE.finditer(text)
              if _below(text, m.end())]
    return found


def _step_label(title: str) -> bool:
    """The title numbers a step of the assistant's own ("Step 3", "Next step"): ``headings``."""
    view = normalize(title).strip(" .。")
    t = detect(view)
    if t is None:
        return False
    tokens = [x for x in tokenize(view, t) if x.kind not in ("COMMA", "!non-prose")]
    return bool(tokens) and _label(tokens, t)


_RULE = re.compile(r"\A(?:[-*_][ \t]*){3,}\Z")
"""A horizontal rule: a break, no paragraph of words."""


def _list_title(para: str) -> bool:
    """A verbless sentence that titles a list: a noun and a clause on it opened by a word of
    [g-title-relative], nothing before the noun ("Ideas I ruled out.", "Cosas que no haré.")."""
    view = normalize(para).strip()
    if not view or view[-1] not in ".。!！" or len(view.split()) > 8:
        return False
    t = detect(view)
    if t is None:
        return False
    every = list(tokenize(view, t))
    comma = len(every) > 1 and every[1].kind == "COMMA"
    tokens = [x for x in every if x.kind != "COMMA"]
    if len(tokens) < 3 or tokens[0].kind != "OPEN":
        return False
    head = tokens[1].text.split()[0]
    if tokens[1].kind == "DET" and not comma and tokens[2].kind != "OPENER":
        return False  # an article, no pronoun: "Sollte die Migration ..." (a verb first)
    return t.marked(head, "g-title-relative")


def _whole(text: str) -> tuple[str, str] | None:
    """(title, word) of the title right above the announcement: a one-line paragraph titling a
    list none of whose words the text below says, or the last heading or line of strong
    emphasis holding a word of [g-title-past] the text below does not say (module), or None."""
    titles = sorted(_titles(text))
    paras = [p for p in re.split(r"\n[ \t]*\n", text.strip()) if not _RULE.match(p.strip())]
    if len(paras) >= 2 and "\n" not in paras[-2].strip() and _list_title(paras[-2].strip()):
        title, below = paras[-2].strip(), paras[-1]
        word = _unplaced(title, below, title, stems=True)
        return (title, word) if word is not None else None
    if not titles:
        return None
    end, title = titles[-1]
    below = text[text.find("\n", end) + 1 :]
    if re.search(r"^[ \t]*#{1,6}[ \t]", below, re.MULTILINE):
        return None  # another section's heading (one ``_HEADING`` does not read) between
    if ":" in title or "：" in title or _TITLE_QUALIFIER.search(title) is not None \
            or _step_label(title):
        return None  # a label for what follows, or a qualifier read above
    if _list_title(title.rstrip(".。") + "."):
        word = _unplaced(title, below, title, stems=True)
        return (title, word) if word is not None else None
    view = normalize(title).strip(" .。")
    mine = title_tongues(view)
    for name, listed in entries("g-title-past"):
        for e in listed:
            if readable(name, e, mine) and _found(e, view) and not _says(below, e):
                return title, e
    return None


def _says(below: str, entry: str) -> bool:
    """The text below says ``entry`` itself (each of its words, inflected or written apart)."""
    seen = normalize(below)
    if UNSPACED.search(entry):
        return entry in seen
    said = set(re.findall(r"\w+", seen))
    joined = re.sub(r"\W+", "", seen)
    return all(_said(w, said, joined, True) for w in re.findall(r"\w+", entry))


def held_aside(text: str) -> tuple[str, str] | None:
    """The rule and detail that hold the text's steps back (module), or None."""
    held = _held(text)
    if held is not None:
        return ("conditional", f"rule conditional: the label {held[:40]!r} puts the lines under "
                "it out of the current work (held, out of scope, blocked, deprecated, optional "
                "or undecided): the step below is held back")
    qualified = _qualified(text)
    if qualified is not None:
        title, word = qualified
        return ("unknown-preamble", f"rule unknown-preamble: the heading {title[:40]!r} "
                f"qualifies its step with {word!r}, which the text below does not say: a "
                "status, not a step's label or its own words")
    item = _next_item(text)
    if item is not None:
        return ("declared-example", f"rule declared-example: {item!r} frames what follows as "
                "the next item of a performance or an example series")
    aside = _aside(text)
    if aside is not None:
        return "declared-example", f"rule declared-example: {aside}, not the step the turn takes"
    return None
