"""References: does a word of the announcement occur in a call (by stem; CJK through the
lexicon's concept maps)?"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from functools import cache, lru_cache

from .inflection import inflected
from .memo import reply_memo
from .tables import tongues
from .view import JOINED

_CALL_WORD = re.compile(r"[^\W_]+")


def _stem(w: str) -> str:
    for suf in ("ing", "ies", "es", "ed", "s"):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            return w[: -len(suf)]
    return w


def shared_prefix(a: str, b: str) -> int:
    """How many letters two words share from their start."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _shared_stem(a: str, b: str) -> bool:
    """Two words of one stem of six letters or more ("migrations", "migrate")."""
    n = shared_prefix(a, b)
    return n >= 6 and n >= min(len(a), len(b)) - 3


def _by_head(words: frozenset[str]) -> dict[str, list[str]]:
    """The words by their first three letters, once per reply for a call's words."""
    memo = reply_memo()
    key = (_by_head, id(words))
    hit = memo.get(key) if memo is not None else None
    if hit is None or hit[0] is not words:
        index: dict[str, list[str]] = {}
        for c in words:
            index.setdefault(c[:3], []).append(c)
        hit = (words, index)
        if memo is not None:
            memo[key] = hit
    return hit[1]


def _referenced(words: Sequence[str], call_text: str, call_words: frozenset[str],
                languages: Sequence[str] = (), *, within: bool = True) -> str | None:
    """The first content word that the call's text holds (by stem), or None; in a language
    of ``languages`` that inflects its nouns, also a word in another case of a call word
    (``inflection.inflected``: "погоду" names "погода"). ``within=False``: a plain word is
    found only from the start of a word of the text ("port" never names "report")."""
    for raw in words:
        w = raw.strip("`\"'").casefold()
        if not w:
            continue
        if raw[:1] in "`\"'" and (w in call_words or w in call_text.split()):
            return raw  # a quoted name, however short ("`w`")
        if w.isdigit() or (w[:1] == "#" and w[1:].isdigit()):
            # a number the call carries as a value of its own; "#87" (an issue's, a pull
            # request's) is its number 87
            if w.lstrip("#") in call_words:
                return raw
            if w.isdigit():
                continue
        if any(ch.isdigit() or not _letter(ch) for ch in w) and len(w) >= 2:
            # a code token, number or path: found as written, or its own words
            if w in call_text:
                return raw
            parts = [p for p in _CALL_WORD.findall(w) if len(p) >= 3 and not p.isdigit()]
            if parts and all(p in call_text for p in parts):
                return raw
            if " " in w and _meanings(w) & call_words:
                return raw  # a term of several words ("kiểm thử") means what its map says
            continue
        if not w.isascii():
            if len(w) >= 2 and w in call_text:
                return raw
            if _meanings(w) & call_words or (languages and inflected(w, call_words, languages)):
                return raw
            continue
        if _meanings(w) & call_words or (languages and inflected(w, call_words, languages)):
            return raw
        s = _stem(w)
        if len(s) < 3:
            continue
        # (each test below needs the word's first three letters: only those words are tried)
        if s in call_words or any(c.startswith(s) or (len(c) >= 4 and s.startswith(c)
                                                        and len(c) >= len(s) - 2)
                                  or _shared_stem(s, c) for c in (
                                      _by_head(call_words).get(s[:3], ())
                                      if type(call_words) is frozenset else call_words)):
            return raw
        if len(s) >= 4 and (s in call_text if within else _word_start(s, call_text)):
            return raw
    return None


def _word_start(s: str, text: str) -> bool:
    """``s`` starts a word of ``text`` (a letter or digit never stands before it)."""
    return any(not text[i - 1].isalnum() for i in _starts(s, text) if i > 0) or text.startswith(s)


def _starts(s: str, text: str) -> list[int]:
    out, i = [], text.find(s)
    while i >= 0:
        out.append(i)
        i = text.find(s, i + 1)
    return out


def concept_names(words: Sequence[str], name: Sequence[str]) -> bool:
    """A word's [concept] meaning is a word of the tool's name (``name``: its words), as written
    or inflected by English's closed suffixes (``_stem``): "calendario" (calendar event) names
    ``list_events``. Only the name, and only a plain word's meaning: a value, or a code token
    ("hosts-bestand"), is matched as written (``_referenced``)."""
    stems = {*name, *(_stem(w) for w in name)}
    return any(m in stems for raw in words if raw.isalpha()
               for m in _meanings(raw.casefold()))


def compound_parts(w: str, languages: Collection[str] = ()) -> list[str]:
    """The [concept] terms one written word joins, longest first and not overlapping
    ("testdatei": test, datei; "テスト用バケット": テスト), when it joins more than the
    one term it is: each names the thing, so a step that cannot be taken back carries
    each ("Ich lösche die Testdatei." is no deletion of ``src/main.py``)."""
    w = w.casefold()
    spans: list[tuple[int, int]] = []
    for i, j in sorted(_term_spans(w), key=lambda s: (s[0] - s[1], s[0])):  # longest first
        if all(j <= a or b <= i for a, b in spans):
            spans.append((i, j))
    modifier = compound_modifier(w, languages)
    if modifier is not None:
        return [modifier, w[len(modifier):]]
    if not spans or (len(spans) == 1 and spans[0] == (0, len(w))):
        return []
    if w.isascii() and len(spans) < 2:  # "testbestellung": its one term grounds it already
        return []
    return [w[a:b] for a, b in sorted(spans)]


_JOINING = frozenset({"de", "nl", "sv", "zh", "ja", "ko"})
"""Languages that write a compound as one word ("Logdatei", "logbestand", 草稿仓库): a term of
another ends a word by chance ("rapport" is no "port" of "rap")."""


@cache
def _head_terms(language: str) -> frozenset[str]:
    """The [concept] terms of ``language`` if it joins compounds (``_JOINING``)."""
    return frozenset(term for t in tongues() if t.name == language in _JOINING
                     for term in t.concepts)


"""Kana, ideographs and Hangul: a character of them is a syllable or a morpheme."""


def compound_modifier(w: str, languages: Collection[str]) -> str | None:
    """What a compound puts before the head noun it ends in, when no [concept] term is in it:
    the head is the longest term that ends ``w``, is not all of it and is a term of one of
    ``languages`` that joins compounds (``_JOINING``: "logdatei": datei, "草稿仓库": 仓库),
    the modifier the rest, of three letters or two characters ("log", 草稿). It says which
    thing, as a term would ("Testdatei"); a modifier holding a term is read by its terms
    (``compound_parts``), and a shorter one (该文件, "this file") may be a determiner. A
    compound that is a term sharing no meaning with its head is that term alone."""
    w = w.casefold()
    heads = [b - a for a, b in _term_spans(w) if b == len(w) and a > 0
             and any(w[a:] in _head_terms(lang) for lang in languages)]
    if not heads:
        return None
    concepts = _concepts()
    if w in concepts and not concepts[w] & concepts[w[len(w) - max(heads):]]:
        return None  # a term no kind of its head: "命名空间" (namespace) is no 空间 (disk space)
    rest = w[: len(w) - max(heads)]
    if not rest.isalpha() or len(rest) < (2 if JOINED.search(rest) else 3) \
            or _term_spans(rest):
        return None
    return rest


def _letter(ch: str) -> bool:
    """A letter or a digit, or a combining mark inside a word (Devanagari's nukta and vowel
    signs, Thai vowels): no punctuation of a code token."""
    return ch.isalnum() or unicodedata.category(ch) in ("Mn", "Mc")


@cache
def _day_forms() -> frozenset[str]:
    """Every lexicon's weekday forms ([g-weekday]): a day, whatever term it holds."""
    return frozenset(f for t in tongues() for fs in t.weekdays for f in fs)


def vocabulary(texts: Iterable[str], pattern: re.Pattern[str]) -> tuple[set[str], set[str]]:
    """(words, stems): the words ``pattern`` finds in the casefolded texts, and their stems and
    the [concept] meanings of those longer than two letters; ``in_vocabulary`` reads a word
    against them."""
    words = {w for t in texts for w in pattern.findall(t.casefold())}
    return words, {_stem(w) for w in words} | {m for w in words if len(w) > 2 for m in _meanings(w)}


def in_vocabulary(word: str, vocab: tuple[set[str], set[str]]) -> bool:
    """The word, its stem or a meaning of it is among ``vocabulary``'s."""
    words, stems = vocab
    return word in words or _stem(word) in stems or word in stems


@lru_cache(maxsize=8192)
def _meanings(w: str) -> frozenset[str]:
    """What a word of the announcement means through the [concept] maps: the meanings of
    every term it is (or, for a term of four letters or more, or outside ASCII, holds); a
    weekday means none ("dienstags" holds "dienst", a service; "montagen" "agen")."""
    if w in _day_forms():
        return frozenset()
    out: set[str] = set()
    concepts = _concepts()
    lengths = _term_lengths()
    if len(w) * len(lengths) > len(concepts):  # a long text: read every term
        for term, meaning in concepts.items():
            if term == w or ((len(term) >= 4 or not w.isascii()) and term in w):
                out |= meaning
        return frozenset(out)
    # the same terms, looked up: the word itself, and each of its substrings of a term's length
    out |= concepts.get(w, frozenset())
    for a, b in _term_spans(w):
        out |= concepts[w[a:b]]
    return frozenset(out)


def _term_spans(w: str) -> list[tuple[int, int]]:
    """(start, end) of each substring of ``w`` that is a [concept] term, shortest first: of
    four letters or more, any length outside ASCII (what ``_meanings`` reads a word by)."""
    concepts = _concepts()
    least = 0 if not w.isascii() else 4
    return [(i, i + n) for n in _term_lengths() if least <= n <= len(w)
            for i in range(len(w) - n + 1) if w[i : i + n] in concepts]


@cache
def _term_lengths() -> tuple[int, ...]:
    """The lengths of the [concept] terms."""
    return tuple(sorted({len(term) for term in _concepts()}))


@cache
def _concepts() -> dict[str, frozenset[str]]:
    """Every language's [concept] map (terms of different languages do not collide in
    practice; a collision can only ground more words of the same meaning)."""
    out: dict[str, frozenset[str]] = {}
    for t in tongues():
        for term, meaning in t.concepts.items():
            out[term] = out.get(term, frozenset()) | meaning
    return out



_LATIN_TONGUES = frozenset({"en", "es", "fr", "de", "it", "pt", "nl", "pl", "sv", "tr", "id",
                            "vi"})


def _unaccented(text: str) -> str:
    """Latin letters without their accents ("lucía" -> "lucia"): addresses drop them. Other
    scripts keep their marks: "プロジェクト" is no "フロシエクト"."""
    if text.isascii():
        return text  # (an ASCII character is its own NFKD form, with no mark)
    out = []
    for ch in text:
        if ch < "\x80":
            out.append(ch)
            continue
        d = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in d if not unicodedata.combining(c))
                   if d[:1].isascii() else ch)
    return "".join(out)
