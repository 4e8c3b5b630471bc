"""Words a preamble's own language does not give: a word of another language's refusing sections,
or a word disguised by inner marks (``d.e.l.e.t.e``), refuses."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from .detect import detect, fold
from .misread import inside_own_word, verb_place
from .ownparts import own_part
from .sentences import Refused
from .tables import tongues
from .words import REFUSING, Token, Tongue, tokenize, unspaced

_PART = re.compile(r"[,;()（）、，—–]|\s-\s")
_ASIDE = re.compile(r"[(（]([^()（）]+)[)）]")
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*)+")
_QUOTED = re.compile(r'"[^"\n]+"|«[^»\n]+»|「[^」\n]+」|『[^』\n]+』|(?<![A-Za-z])\'[^\'\n]+\'(?![A-Za-z])')
"""A quotation: the text a step carries as its value ("Надішлю "deploy done" в #ops."), which
the sentence's own tokens read as one code-like value, not as its words (h40e)."""


def _foreign_part(body: str, t: Tongue, label: str = "") -> Refused | None:
    """A part of the sentence in another language ("..., solo como ejemplo.", "Я проверю X if
    you approve.") is read in its own: a word of a refusing section there refuses as it would
    in a sentence of that language. Parts are the clauses between commas, brackets and dashes,
    and runs of Latin words in a sentence of another script, outside its quotations. A person's name under
    a label of names (``label``: the line's text before its colon) is no such part (``_named``)."""
    parts = [p for p in _PART.split(body) if p and p.strip()]
    asides = {m.strip() for m in _ASIDE.findall(body)}
    names = _names(label, body)
    if t.primary != "LATIN":
        # a run inside a quotation is the value the step carries, as in a sentence of Latin
        # letters ("I'll send "deploy done" to #ops"); a run outside it is still read
        parts += _LATIN_RUN.findall(_QUOTED.sub(lambda m: " " * len(m.group(0)), body))
    for raw in parts:
        part = raw.strip()
        # one word is chance, unless it stands alone in brackets ("(jk)")
        if (len(part.split()) < 2 and part not in asides
                and not any(unspaced(ch) for ch in part)):
            continue
        other = detect(part)
        if other is None and part in asides and len(part.split()) > 2 and _unwritten(part, t):
            # "I'll run the migration (ale až zítra).": an aside in a language with no
            # lexicon, in letters the sentence's own does not write, says what no grammar
            # reads
            return Refused("unknown-language", f"rule unknown-language: the aside {part[:40]!r} "
                           "is in no language leakcall has a lexicon for")
        if other is None or other.name == t.name or own_part(part, t, other) or (
                part in names and not _known(part.split()[0], other)):
            continue
        for x in tokenize(part, other):
            if x.kind.startswith("!") and x.kind not in ("!non-prose", "!unknown-preamble") \
                    and not inside_own_word(part, x, t):
                rule = x.kind[1:]
                return Refused(rule, f"rule {rule}: {x.text!r} ({other.name}) in "
                               f"{part[:40]!r}, a part of the sentence in another language")
    return None


# (a lookbehind and possessive runs: linear however it is called)
_LABEL = re.compile(r"(?<![\s\-*\u2022])[\s\-*\u2022]*+([^\W\d_]++(?:\s++[^\W\d_]++){0,2})\s*+")
_NAME = re.compile(r"(?<![^\W\d_])[^\W\d_]++(?:['\u2019-][^\W\d_]++)?+"
                   r"(?:\s++[^\W\d_]++(?:['\u2019-][^\W\d_]++)?+){1,2}")


def _names(label: str, body: str) -> frozenset[str]:
    """The values of a line whose label names people ([g-name-label], read in every language:
    "- **Passengers:** Liam Khan, James Kim, Aarav Lee" is the label's line and its value,
    two sentences here) that are people's names: each part between its commas of two or
    three words of letters only. A value with a digit, a code, a bracket, one word or four,
    or under another label ("Notes:") is read as before (h31c)."""
    head = _LABEL.fullmatch(label)
    if head is None or not any(o.marked(head.group(1).split()[-1], "g-name-label")
                               for o in tongues()):
        return frozenset()
    values = [v.strip() for v in body.split(",")]
    if not all(_NAME.fullmatch(v) for v in values):
        return frozenset()  # every value a name, or none is read as one
    return frozenset(values)


def _known(word: str, other: Tongue) -> bool:
    """The other language's lexicon reads the word (a section or a verb's kind): a name's first
    word that is a word of that language ("no lo borres") leaves its part that language's."""
    return bool(other.sections(word)) or other.kind_of(word) is not None


def _unwritten(part: str, t: Tongue) -> bool:
    """The part holds a letter the language's lexicon does not write (``Tongue.glyphs``)."""
    return any(ch.isalpha() and not ch.isascii() and ch not in t.glyphs for ch in part)


_FOREIGN_RULES = frozenset({"negation", "conditional", "other-actor", "recap"})
"""The rules an English word in a sentence of another language refuses with: its closed
classes that change what the sentence means ("Voy a borrar la rama tomorrow")."""

_FOREIGN_TIMES = frozenset({"conditional"})
"""The rule a word of another language than English refuses with in a sentence: a time or a
condition to wait for ("mañana", "imorgon", "yarın")."""


def warm() -> None:
    """Build the index of other languages' refusing words now (12 ms), not on the first reply."""
    _foreign_index()


@cache
def _foreign_index() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each single word of a refusing section that refuses in another language's sentence ->
    (its language, the rule): English words of every closed class that changes what a sentence
    means, other languages' times and conditions."""
    out: dict[str, list[tuple[str, str]]] = {}
    for other in tongues():
        allowed = _FOREIGN_RULES if other.name == "en" else _FOREIGN_TIMES
        for word, secs in other.words.items():
            if " " in word or (other.name == "en" and not word.isascii()):
                continue
            rule = next((REFUSING[s] for s in secs if REFUSING.get(s) in allowed), None)
            if rule is not None:
                out.setdefault(word, []).append((other.name, rule))
    return {w: tuple(v) for w, v in out.items()}


def _foreign_word(tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """A word of another language's refusing section that the sentence's own language does not
    know: models switch language mid-sentence ("Voy a borrar la rama tomorrow", "I'll run the
    backfill mañana"), so the sentence says it in that language. English names the step's every
    closed class; another language's actors and recaps are often English nouns ("client",
    "ai", "sam"), so only its times and conditions count. Exact single-word entries only:
    another language's patterns would read ordinary words. A word the sentence's own language
    knows (in a section, or as a verb it gives a kind: Swedish "se", see) is its own, and so is
    a word where its verb stands, after a subject and before a preposition (h95g)."""
    index = _foreign_index()
    for k, x in enumerate(tokens):
        if x.kind != "OPEN" or x.text not in index or t.sections(x.text):
            continue
        if t.kind_of(x.text) is not None:
            continue  # a verb its own language gives a kind: Swedish "se" (see), not Italian "se"
        if 0 < k < len(tokens) - 1 and tokens[k - 1].kind == "SUBJ" and tokens[k + 1].kind == "PREP":
            continue  # its own verb's place: "(to ensure) it falls within", not German "falls"
        if verb_place(tokens, k, t):
            continue  # "since this request falls outside" (``misread``)
        if _route_stop(tokens, k):
            continue  # "(LAS\u2192DEN on May 19)": an airport's code, not Czech "den" (day)
        for name, rule in index[x.text]:
            if name != t.name:
                return Refused(rule, f"rule {rule}: the {name} {x.text!r} in a sentence in "
                               f"{t.name}")
    return None


_ARROW = "\u2192"
_STOPS = ("OPEN", "CODE", "NUM")


def _route_stop(tokens: Sequence[Token], k: int) -> bool:
    """The word is a stop of a route written with arrows against it ("las\u2192den",
    "den\u2192las"): an arrow touching it, and a word, code or number touching the arrow's other
    side. A place's code, no word of the sentence's language (``actors._route`` reads the
    route itself, in an observation only)."""
    x = tokens[k]
    before = k >= 2 and tokens[k - 1].text == _ARROW and tokens[k - 1].end == x.start and \
        tokens[k - 2].kind in _STOPS and tokens[k - 2].end == tokens[k - 1].start
    after = k + 2 < len(tokens) and tokens[k + 1].text == _ARROW and \
        tokens[k + 1].start == x.end and tokens[k + 2].kind in _STOPS and \
        tokens[k + 2].start == tokens[k + 1].end
    return before or after


_MARKS = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u20d0-\u20ff]")
_INNER_DOT = re.compile(r"(?<=[^\W\d_])[.\-](?=[^\W\d_])")
_DOTTED = re.compile(r"[^\W\d_]+(?:[.\-][^\W\d_]+)+")
_SPACED = re.compile(r"[\s.]")


def _undotted(body: str, t: Tongue) -> str:
    """``body`` with the inner marks of each dotted or hyphenated word removed where the word
    joined is one the lexicon reads ("e.x.a.m.p.l.e", "a.t", "ex-ample"): a dotted name that
    joins into no word ("fmt.Println", "os.path") is an identifier, not a disguise, and is
    kept as written, so the words around it are read as they are ("above fmt.Println")."""
    def join(m: re.Match[str]) -> str:
        joined = _INNER_DOT.sub("", m.group(0))
        read = tokenize(joined, t)
        unknown = (len(read) == 1 and read[0].kind in ("OPEN", "CODE")
                   and not t.sections(read[0].text) and t.kind_of(read[0].text) is None)
        return m.group(0) if unknown else joined
    return _DOTTED.sub(join, body)


def _disguised(body: str, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """A word of a refusing section written so that it is not read as one: letters apart
    ("n o t", "d-e-m-o", "e.x.a.m.p.l.e", "ex-ample"), struck through or underlined
    ("n̶o̶t̶"), small capitals or look-alike letters ("ᴅᴇᴍᴏ"). The sentence undisguised holds
    it where the sentence as written does not: the disguise is the tell."""
    plain = _undotted(fold(_MARKS.sub("", body)), t)
    if plain == body:
        return None
    # each word of a refused token too ("monday october 15th", selecting.dated_day)
    # a token read as written already, with its dots and spaces ("7 a.m." is "7am"), is none
    seen = {_SPACED.sub("", w) for x in tokens if x.kind.startswith("!")
            for w in (x.text, *x.text.split())}
    for x in tokenize(plain, t):
        if (x.kind.startswith("!") and x.kind not in ("!non-prose", "!unknown-preamble")
                and _SPACED.sub("", x.text) not in seen):
            rule = x.kind[1:]
            return Refused(rule, f"rule {rule}: {x.text!r}, written in disguise, has no place in "
                           f"an announcement ({body[:60]!r})")
    return None
