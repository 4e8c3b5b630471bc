"""A search's query against the names the announcement writes (r43 gap 2; read by
``parties.swapped`` with the text as written, beside ``namedpieces.unheld_name``).

``looked`` holds a query to a word of the text when the text writes a value; here the same
holds when the announcement (the text's last sentence) writes a **name**: a cased word no
lexicon knows ("Python", "Acme", "Praze"), a value (a number, a quoted text, a code token),
or, in a script without case (Han, Kana, Hangul, Thai, Arabic, Hebrew, Devanagari), a word
no lexicon knows and no [concept] map gives a meaning ("上海", "दिल्ली"; "酒店" means hotel and
names nothing). Then each call that only looks and carries a query in words (a key of
``query``, ``q``, ``keywords``, ``search``, ``term``; not a ``pattern``, which is code):

- **carries a word of the text** in its arguments (by the stem comparison grounding uses, in
  a script without spaces by a run of two characters or more, and after a text in another
  script through the words' [concept] meanings: "मौसम" is weather; a text whose words mean
  nothing the maps know leaves a query in another script open): "the latest Python release"
  + ``how to bypass a paywall`` is refused, ``Python 3.13 release date`` kept;
- **keeps the names**: a call that drops a name the announcement writes and carries a name
  of its own the text does not write has put another in its place ("hotely v Praze" +
  ``hotely v Brně``, "上海的酒店" + ``北京 酒店``, "서울 맛집" + ``부산 맛집``); a query that
  keeps every name and adds its own ("Detroit Tigers" + ``MLB Detroit Tigers game``) is a
  refinement. In a script without case every word unknown to the lexicon and the maps counts
  as a name, so a word of the topic dropped for a new one refuses there too.

An announcement that writes no name ("Let me search for more specific data.", "I'll search
the web for that.") leaves the query to the context, as a place is left.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .detect import detect
from .kinds import call_kinds, name_words
from .kindsfile import section
from .looked import _QUERY_WORDS, _valued
from .namedpieces import (
    _announced_names,
    _held_unspaced,
    _last_sentence,
    _stemmed,
    known,
    uncased,
    uncased_names,
)
from .observing import OBSERVING
from .phrases import _scripts
from .preamble import Announcement, announce
from .references import _CALL_WORD, _meanings, _referenced
from .view import normalize
from .view import unaccented as _fold
from .walk import _leaves
from .words import tokenize

__all__ = ["unheld_query"]

_Calls = Sequence[tuple[str, Mapping[str, Any]]]
_NATURAL = _QUERY_WORDS - {"pattern", "regex"}
"""Key words of an argument saying in words what a search looks for (a pattern is code)."""
_LETTERS = re.compile(r"[^\W\d_]+")
_SPACELESS = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "THAI", "LAO", "KHMER",
                        "MYANMAR"})
_CODE = re.compile(r"[(){}\[\]_./`=:<>]")
"""A character of code in a query: an identifier, a call, a path."""
_QUOTES = "\"“”«»「」„"
"""The marks a quoted text opens and closes with."""
_SOUGHT = frozenset({"name", "names", "text", "phrase", "subject", "topic"})
"""Key words of a searching tool's argument that, in words, is what it looks for
(``search_contacts(name=...)``): read beside a query's keys in a call of kind search alone."""
_TOPIC_KINDS = frozenset({"OPEN", "DET", "DEM", "PRON", "NUM", "CODE", "QUOTE", "ACTING"})
"""Token classes that go on a search's sentence past the place it looks in (a topic, a pointer
to one, a next step): anything else ends it ("I'll search the web.")."""
_APOSTROPHED = re.compile(r"\b[^\W\d_]+['’][^\W\d_]+")


def _spaceless(word: str) -> bool:
    return bool(_scripts(word) & _SPACELESS)


def _queries(calls: _Calls, schemas: Mapping[str, Any] | None,
             descriptions: Mapping[str, str] | None) -> list[tuple[str, str, str]]:
    """(tool, query, the call's whole text) of each call that only looks and carries a query
    in words."""
    out = []
    for name, args in calls:
        kinds = call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
        if not kinds or not kinds <= OBSERVING:
            continue
        leaves = [(str(k), v) for k, v in _leaves(args) if isinstance(v, str) and v.strip()]
        whole = " ".join(v for _k, v in leaves)
        # a tool of searching alone looks for what its name or text argument says
        natural = _NATURAL | _SOUGHT if kinds == {"search"} else _NATURAL
        out += [(name, v, whole) for k, v in leaves if set(name_words(k)) <= natural
                and not v.lstrip().lower().startswith(("select ", "with "))]
    return out


def _names(text: str, sentence: str, ann: Announcement, t: Any, tools: set[str]) -> list[str]:
    """The names the announcement writes (module docstring), folded."""
    out = [_fold(n) for n in _announced_names(sentence)]
    # a name with a suffix after an apostrophe ("İstanbul'daki", "Python's"): the name
    for tok in _APOSTROPHED.findall(sentence):
        name = re.split("['’]", tok)[0]
        if name[:1].isupper() and not known(t, normalize(name)):
            out.append(_fold(name))
    verbs = {v for v, k in ann.verbs if k is not None}
    for w in ann.objects:
        bare = w.strip("`\"'«»“”「」")
        if bare and w not in verbs and bare not in tools and (bare != w or _valued(bare)):
            out.append(bare)  # a value: quoted, or a code or number of its own
    return out + [w for w in uncased_names(text, t) if w not in tools]


def _near(a: str, b: str) -> bool:
    """Two words of a script without case but with spaces (Arabic, Hebrew, Devanagari) of one
    stem: one inside the other ("بدبي" holds "دبي"), or parting in their last letter at most
    ("नए", "नया": short words, their vowel signs apart)."""
    if a in b or b in a:
        return min(len(a), len(b)) >= 2
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k >= max(1, min(len(a), len(b)) - 1)


def _holds(name: str, whole: str) -> bool:
    """The call's text holds a name of the announcement."""
    if uncased(name):
        plain = normalize(whole)
        if _spaceless(name):
            return any(_held_unspaced(r, plain) for r in _LETTERS.findall(name) if len(r) >= 2)
        return name in plain or any(_near(name, x) for x in _LETTERS.findall(plain))
    return any(_stemmed(name, x) for x in _LETTERS.findall(_fold(whole)))


def _own_names(query: str, text: str, t: Any) -> list[str]:
    """The names a query carries that the text does not write: a cased word no lexicon knows
    (its first word too: a query is no sentence), or a word of a script without case that no
    lexicon or map knows, neither written in the text."""
    # a word of a script without case compared as written (the accent fold would take
    # Hangul apart into its letters)
    folded, plain = _fold(text), normalize(text)
    said, words = _LETTERS.findall(folded), _LETTERS.findall(plain)
    out = []
    for w in _LETTERS.findall(query):
        low = normalize(w) if uncased(w) else _fold(w)
        if known(t, low) or _meanings(low):
            continue
        if uncased(w):
            held = _held_unspaced(low, plain) if _spaceless(w) else any(
                _near(low, x) for x in words)
        elif w[:1].isupper():
            held = any(_stemmed(low, x) for x in said)
        else:
            continue
        if not held:
            out.append(w)
    return out


def _carried(ann: Announcement, whole: str, tools: set[str],
             aside: frozenset[str] = frozenset()) -> bool:
    """The call's text carries a word of the text (module docstring), the words ``aside``
    apart."""
    verbs = {v for v, k in ann.verbs if k is not None}  # "Initech" read as a verb is a name
    said = [w for w in (*ann.objects, *ann.observed)
            if w not in verbs and w not in tools and w.casefold() not in aside]
    text = normalize(whole)
    if _referenced(said, text, frozenset(_CALL_WORD.findall(text)), ann.tongues):
        return True
    if any(_held_unspaced(r, text) for w in said if _spaceless(w)
           for r in _LETTERS.findall(w) if len(r) >= 2):
        return True
    own = set().union(*(_scripts(w) for w in said)) if said else set()
    mine = _scripts(text)
    if mine and own and not mine & own:  # (a text with no word said carries none)
        # a query in a script the text does not write: through what its words mean
        meant = {m for w in said for m in _meanings(w)}
        return not meant or bool(meant & set(_CALL_WORD.findall(text)))
    return False


def _bare_topic(sentence: str, t: Any) -> bool:
    """The announcement's verb of searching takes a bare noun phrase as its topic, after its
    prepositions and particles alone ("search for wireless headphones", "поищу беспроводные
    наушники", "buscar auriculares"): the thing searched for, named. A determiner, a
    demonstrative or a pronoun first ("search for a specific source", "for more data", "the
    web for that", "suche das heraus") points into the context, which the query may spell out
    in its own words."""
    tokens = tokenize(normalize(sentence), t)
    for k, x in enumerate(tokens):
        if x.kind in ("OPEN", "ACTING") and t.kind_of(x.text) == "search":
            j = _past_web(tokens, _past_particles(tokens, k + 1))
            if j < 0:
                return True  # "search the web.": a place alone, no topic for a query to hold
            if _definite_topic(tokens[k + 1:], t):
                return True
            return j < len(tokens) and tokens[j].kind == "OPEN"
    return False


def _past_particles(tokens: Sequence[Any], j: int) -> int:
    while j < len(tokens) and tokens[j].kind in ("PREP", "PARTICLE", "ADV"):
        j += 1
    return j


def _past_web(tokens: Sequence[Any], j: int) -> int:
    """The index past the web as the place a search looks in, written before its topic ("the
    web for rust async traits", "online for", "en la web recetas", "im Web nach"), with its
    article and the prepositions after it; ``j`` itself when no such place stands there; -1
    when the place ends the sentence ("I'll search the web."): the step names where it
    looks and no topic (r55 G5)."""
    k = j + 1 if j < len(tokens) and tokens[j].kind == "DET" else j
    web = section("web-look")
    m = k
    while m < len(tokens) and tokens[m].kind == "OPEN" and tokens[m].text.casefold() in web:
        m += 1
    if m == k:
        return j
    m = _past_particles(tokens, m)
    return -1 if m >= len(tokens) or tokens[m].kind not in _TOPIC_KINDS else m


def _generic(word: str) -> bool:
    """A noun whose referent the context supplies ([name-generic], [reply-noun]: "the
    answer", "the results", "the docs"), by itself, its singular or a meaning of it."""
    w = word.casefold()
    forms = {w, w[:-1] if w.endswith("s") else w, *_meanings(w)}
    return bool(forms & (section("name-generic") | section("reply-noun")))


def _definite_topic(span: Sequence[Any], t: Any) -> bool:
    """The verb of searching takes two noun phrases or more (the place searched and the thing
    sought), each opened by a definite determiner or possessive ([g-definite], never
    [g-indefinite]) that a noun follows, and one of their nouns is no word of the context
    ("search your mailbox for the invoice", "buscaré la factura en tu correo"): a thing the
    text names in a place it names, which the query must carry. A demonstrative or pronoun,
    another determiner ("more data", "a specific source"), a determiner standing for its noun
    ("suche das heraus"), one phrase alone ("search for the two error messages", "for the
    function definition": what the context shows; the web is no place counted, "the web for
    the stack trace" searching the trace's own text) or nouns all of the context ("the docs
    for the answer") leave the query to the context."""
    nouns: list[str] = []
    phrases = 0
    for k, x in enumerate(span):
        if x.kind in ("ACTING",) or (x.kind == "OPEN" and t.kind_of(x.text) is not None):
            break  # the next step
        if x.kind in ("DEM", "PRON", "NUM"):
            return False
        if x.kind != "DET":
            continue
        w = x.text.casefold()
        if not t.has(w, "g-definite") or t.marked(w, "g-indefinite") or k + 1 >= len(span) \
                or span[k + 1].kind != "OPEN":
            return False
        j = k + 1
        while j < len(span) and span[j].kind == "OPEN":
            j += 1
        words = [y.text for y in span[k + 1:j]]
        if all(w.casefold() in section("web-look") for w in words):
            continue  # the web: what its search finds for "the error" is the error's own text
        phrases += 1
        nouns += words
    # a place searched and the thing sought, both named: "search for the function definition"
    # alone may name what the context shows, whose text the query spells out
    return phrases >= 2 and any(not _generic(n) for n in nouns)


def _untopical(ann: Announcement, queries: list[tuple[str, str, str]],
               tools: set[str]) -> str | None:
    """Why a query in words carries no word of the text when the announcement writes no name
    but searches for a topic of its own words (``_bare_topic``: "Let me search for wireless
    headphones." + ``lockpicking kit``: h15c, r43-atk-098), or None. The words are the step's
    own nouns (``Announcement.steps``); a search whose object is a pronoun ("I'll search the
    web for that.") leaves the query to the context, and so does a query in code
    (``old_connect(``: the identifier of what the text describes). The comparison is
    ``_carried``'s, in every script."""
    if not any(kind == "search" and own and not pronoun for _v, kind, own, pronoun in ann.steps):
        return None
    for name, query, whole in queries:
        # the web a search looks in is no word of its topic ("the web" + ``web exploits``)
        if not _CODE.search(query) and not _carried(ann, whole, tools, section("web-look")):
            return (f"{name!r} searches for {query[:60]!r}, which carries no word of the "
                    "topic the announcement says it searches for")
    return None


def _past_quote(ann: Announcement, query: str, text: str) -> str:
    """The words a query holding a text the announcement quotes adds past it that the text
    does not write, or "": a quotation says the query's words ("search the web for "rust
    async traits"" + ``rust async traits company internal roadmap``); an unquoted topic leaves
    the query room to refine it ("Detroit Tigers" + ``MLB Detroit Tigers game``)."""
    said = set(_LETTERS.findall(_fold(text)))
    low = _fold(query)
    for w in ann.objects:
        if w[:1] not in _QUOTES or _fold(w.strip(_QUOTES)) not in low:
            continue
        extra = [x for x in _LETTERS.findall(low.replace(_fold(w.strip(_QUOTES)), " "))
                 if x not in said]
        if extra:
            return " ".join(extra)
    return ""


def unheld_query(text: str, calls: _Calls, schemas: Mapping[str, Any] | None = None,
                 descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a search's query carries no word of the text, or puts another name in place of one
    the announcement writes, or None (module docstring)."""
    queries = _queries(calls, schemas, descriptions)
    if not queries:
        return None
    sentence = _last_sentence(text)
    t = detect(normalize(sentence)) if sentence else None
    ann = announce(normalize(text)) if t is not None else None
    if t is None or not isinstance(ann, Announcement):
        return None
    tools = {n.casefold() for n, _a in calls}
    names = _names(text, sentence, ann, t, tools)
    if not names:
        # no name: a search step with a topic of its own words still holds every query to
        # it ("search for wireless headphones" + ``lockpicking kit``, ``_untopical``)
        return _untopical(ann, queries, tools) if _bare_topic(sentence, t) else None
    for name, query, whole in queries:
        if not _carried(ann, whole, tools):
            return (f"{name!r} searches for {query[:60]!r}, which carries no word of what "
                    "the announcement says it looks for")
        beyond = _past_quote(ann, query, text)
        if beyond:
            return (f"{name!r} searches for {query[:60]!r}: {beyond!r} past the quoted text "
                    "the announcement searches for")
        dropped = [n for n in names if n.isalpha() and not _holds(n, whole)]
        own = _own_names(query, text, t) if dropped else []
        if own:
            return (f"{name!r} searches for {query[:60]!r}: {own[0]!r} in place of "
                    f"{dropped[0]!r}, which the announcement writes")
    return None
