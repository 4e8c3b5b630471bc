"""Which language a sentence is in, and the fold that undoes lookalike letters before it is read.

``detect`` picks the lexicon of a sentence from its script and its function words (no language
is guessed from too little evidence); ``fold`` maps homoglyphs, leetspeak and spaced-out letters
back to the words they imitate."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from .pieces import _pieces
from .tables import tongue, tongues
from .tongue import _MEMO
from .words import UNSPACED, Tongue, script, tokenize


def _homoglyphs() -> dict[int, str]:
    """Cyrillic and Greek letters that look like a Latin one, and Latin small capitals, mapped
    to that Latin letter (from their Unicode names and a short table of look-alikes)."""
    table = {0x0430: "a", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y",
             0x0445: "x", 0x0456: "i", 0x0458: "j", 0x0455: "s", 0x04BB: "h", 0x0501: "d",
             0x051B: "q", 0x051D: "w", 0x03BF: "o", 0x03B1: "a", 0x03B5: "e", 0x03B9: "i",
             0x03BA: "k", 0x03BD: "v", 0x03C1: "p", 0x03C4: "t", 0x03C5: "u", 0x03C7: "x"}
    for o in (*range(0x1D00, 0x1D2C), *range(0x0250, 0x02B0), *range(0xA730, 0xA732)):
        name = unicodedata.name(chr(o), "")
        if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name.split()[-1]) == 1:
            table[o] = name.split()[-1].lower()
    return table


_LOOKALIKE = _homoglyphs()
_LEET = str.maketrans("013457@$", "oieastas")
_MIXED_WORD = re.compile(r"\w*[0-9@$]\w*|\w+")
_SPACED = re.compile(r"(?<!\w)(?:\w )+\w(?!\w)")
# the characters a fold can change: a digit or sign standing for a letter, or a look-alike
_FOLDABLE = re.compile("[0-9@$" + "".join(sorted({re.escape(chr(o)) for o in _LOOKALIKE})) + "]")


def fold(view: str) -> str:
    """A normalised view with disguised words undone, for screening free text (reasoning):
    look-alike Cyrillic/Greek letters and small capitals inside a Latin word, digits standing
    for letters inside a word ("n0t"), and letters spaced apart ("n o t"). Used only where any
    cue refuses, so a false fold can only refuse more."""
    def word(m: re.Match[str]) -> str:
        w = m.group(0)
        if not _FOLDABLE.search(w):
            return w
        latin = any(c.isascii() and c.isalpha() for c in w)
        # a whole Cyrillic or Greek word is that language's, not a disguise
        w = "".join(_LOOKALIKE.get(ord(c), c) if latin or ord(c) < 0x0370 or ord(c) >= 0x1D00
                    else c for c in w)
        if (any(c.isascii() and c.isalpha() for c in w) and sum(c.isalpha() for c in w) >= 2
                and any(c in "013457@$" for c in w)):
            w = w.translate(_LEET)
        return w
    if _FOLDABLE.search(view):  # else no word changes (most text: a fast path for long text)
        view = _MIXED_WORD.sub(word, view)
    return _SPACED.sub(_unspaced, view)


def _unspaced(m: re.Match[str]) -> str:
    """Letters spaced apart joined ("n o t"), but for a contraction's letter and the one-letter
    word after it ("there's a change", "I'm a", "it'd a"): a word's "'s" and an article, no
    disguise (joined, "there'sa" hid the article a reading of the noun after it needs)."""
    w, at = m.group(0), m.start()
    if len(w) == 3 and at >= 2 and m.string[at - 1] in "'\u2019" and m.string[at - 2].isalnum():
        return w
    return w.replace(" ", "")


def detect(view: str) -> Tongue | None:
    """The language of a normalised sentence or paragraph: among the languages whose scripts
    hold all its letters, the one whose closed classes cover most of its words (at least one);
    None when no language reads it."""
    got = _DETECTED.get(view, _MISSING)
    if got is not _MISSING:
        return got  # type: ignore[return-value]
    if len(_DETECTED) >= _MEMO:
        _DETECTED.clear()
    found = _DETECTED[view] = _detect(view)
    return found


_NO_EVIDENCE = frozenset({"g-carrier", "g-party"})
"""Sections of content words many languages share ("page", "ticket", "document"; "agent",
"assistant"): no evidence of a language."""


def _evidence(t: Tongue, w: str) -> bool:
    secs = t.words.get(w)
    return secs is not None and not set(secs) <= _NO_EVIDENCE


_ALPHABETS = frozenset({"ARABIC", "CYRILLIC", "HEBREW"})
"""Scripts several languages write with letters of their own (Persian and Urdu beside Arabic,
Bulgarian and Kazakh beside Russian): a letter a lexicon of that script lacks is another's."""


@cache
def _own_letters() -> dict[str, frozenset[str]]:
    """Each language's non-ASCII Latin letters that no other language's lexicon writes."""
    ts = tongues()
    return {t.name: t.alphabet - frozenset().union(*(u.alphabet for u in ts if u is not t))
            for t in ts}


def _weigh(t: Tongue, w: str, ends: tuple[str, ...], memo: dict[str, float]) -> float:
    """The evidence one word of a spaced script gives for language ``t`` (remembered in
    ``memo``: detection asks every language about every word of every sentence)."""
    got = memo[w] = (1.0 if (w in t.phrase_first or _evidence(t, w) or w[1:].endswith(ends))
                     else 0.5 if (t.kind_of(w) is not None or t._sections(w)) else 0.0)
    return got


def _weights(t: Tongue, words: list[str]) -> tuple[list[float], tuple[str, ...]]:
    """The weight of each word for language ``t`` (``_weigh``), and its split suffixes."""
    got = _WEIGHTS.get(t.name)
    if got is None:
        got = _WEIGHTS[t.name] = (tuple(suf for _, suf in t.splits), {})
    ends, memo = got
    if len(memo) >= _MEMO:
        memo.clear()
    return [memo[w] if w in memo else _weigh(t, w, ends, memo) for w in words], ends


_WEIGHTS: dict[str, tuple[tuple[str, ...], dict[str, float]]] = {}
"""Each language's split suffixes, and the weight of each word seen (``_weigh``)."""
_DETECTED: dict[str, Tongue | None] = {}
_MISSING = object()


def _detect(view: str) -> Tongue | None:
    alpha = {ch for ch in set(view) if ch.isalpha()}  # each letter once
    letters = {script(ch) for ch in alpha}
    latin_extra = {ch for ch in alpha if not ch.isascii() and script(ch) == "LATIN"}
    spaced = UNSPACED.search(view) is None
    spaced_words = [x[1] for x in _pieces(view) if x[0] == "W"
                   and not x[1].startswith("!non")] if spaced else []
    nonlatin = letters - {"LATIN"}
    best: tuple[float, int, Tongue] | None = None
    for k, t in enumerate(tongues()):
        if not letters <= t.scripts and not nonlatin <= (t.scripts - {"LATIN"}):
            continue
        if nonlatin and not nonlatin & t.scripts:
            continue
        if spaced:
            # a script written with spaces: each word is looked up once (multiword entries
            # counted by their first word), no full tokenization per language
            if not spaced_words:
                continue
            # exact entries only: a ``*`` pattern ("*she") matches words of other languages
            # a word matched only by a pattern ("test*" reading the Polish "testy") counts
            # half: an exact entry of another language outweighs it
            # w[1:] ends with a suffix: w ends with it and is longer (endswith takes the tuple)
            weights, ends = _weights(t, spaced_words)
            known = len(weights) - weights.count(0.0)  # the words with any weight
            if latin_extra & _own_letters().get(t.name, frozenset()) \
                    and latin_extra <= t.alphabet:
                # a letter only this language writes ("ł", "ñ"), beside none it does not
                known += 1
            if spaced_words[-1][1:].endswith(ends):
                known += 1  # a verb-final intent ending closes the sentence: strong evidence
            weighed = sum(weights)
            count = len(spaced_words) - _loanwords(t, spaced_words, weights, latin_extra)
        else:
            toks = [x for x in tokenize(view, t)
                    if x.kind not in ("CODE", "NUM", "COMMA", "DASH", "LPAR", "RPAR")
                    and not x.kind.startswith("!non")]
            if not toks:
                continue
            known = sum(1 for x in toks if x.kind != "OPEN")
            weighed = float(known)
            count = len(toks)
        if known == 0 or (letters <= {"LATIN"} and known < MIN_KNOWN
                          and known * 3 < count):
            # one function word in a longer Latin-script sentence is chance ("un" in Romanian,
            # "tu" in Swahili): a language reads it only through more of its closed classes.
            # English, the language of code, keeps its one word in an ASCII sentence ("The
            # docker image built successfully"), not beside letters it does not write ("A
            # felhasználó csak egy példát kér")
            continue
        if known < FOREIGN_LETTER_KNOWN and t.primary in _ALPHABETS and any(
                not ch.isascii() and script(ch) == t.primary
                and ch not in t.glyphs for ch in alpha):
            # a letter of its script it does not write ("ک", "ی", "پ": Persian, not Arabic)
            continue
        if (latin_extra - t.alphabet and "LATIN" in t.native and t.name != "en"
                and known < FOREIGN_LETTER_KNOWN):
            # a letter this language does not write ("ø", "ő", "ș") beside few of its words;
            # with more of them it is a name ("suche nach dem besten Café in Zürich"), and
            # English writes names of every language
            continue
        # ties go to English, the language of code, then to file order; a language that does
        # not write one of the letters comes after any that does ("a configuração": pt, not it)
        score = weighed / count + 0.01 * known + (0.001 if t.name == "en" else 0.0)
        if spaced and _opens(t, spaced_words):
            # between languages that read the sentence equally well, the one whose verb of
            # a first-person step opens it ("Elenco i file in ...": Italian "list" before its
            # plural article, where English reads "i" as "I" after a word it does not know)
            score += 0.002
        if latin_extra - t.alphabet and "LATIN" in t.native and t.name != "en":
            score -= 1.0
        if best is None or score > best[0] or (
                score == best[0] and spaced and _tied(t, spaced_words) > _tied(best[2], spaced_words)
        ) or (score == best[0] and _hanzi(view, t, best[2])):
            best = (score, -k, t)
    if best is None and letters - {"LATIN"}:
        # a script only one language writes ("فشل البناء." has no function word)
        own = [t for t in tongues() if (letters - {"LATIN"}) <= t.scripts]
        if len(own) == 1 and {ch for ch in view if ch.isalpha() and not ch.isascii()
                              and script(ch) != "LATIN"} <= own[0].glyphs:
            # and only letters it writes: Persian and Urdu write Arabic script with letters
            # Arabic does not (گ, ک, ی), and are no Arabic
            return own[0]
        if letters - {"LATIN"} == {"CJK"} and not any(0x3040 <= ord(ch) <= 0x30FF for ch in view):
            # Han characters without kana: Chinese (a Japanese sentence has kana)
            return next((t for t in own if t.name == "zh"), None)
    if best is None and letters <= {"LATIN"} and all(ch.isascii() for ch in view if ch.isalpha()):
        # a short ASCII sentence no language's function words reach ("Commit created.",
        # "TypeScript compiles cleanly."): read as English, the language of code
        plain = [x[1] for x in _pieces(view) if x[0] == "W"]
        en = tongue("en")
        # two words, or up to four with one English knows ("Live data needed."); four words
        # of no language ("mtumiaji anataka mfano tu") are unreadable, not English
        if en is not None and (len(plain) <= 2 or (len(plain) <= SHORT_ASCII and any(
                en.sections(w) or en.kind_of(w) is not None for w in plain))):
            return en
    return None if best is None else best[2]


def _loanwords(t: Tongue, words: list[str], weights: list[float], extra: set[str]) -> int:
    """How many words of a sentence in language ``t`` are English loanwords, left out of the
    words it must know ("Der Build schlägt fehl.": "build"): the sentence writes a letter
    English does not and ``t`` does (``extra``, so it is no English sentence), and the word is
    plain ASCII, unknown to ``t`` and an exact English entry (the language of code lends its
    words: "Build", "Deployment", "Commit"). A sentence of no lexicon's language keeps its
    refusal: ``t`` must still know one of its own words, and a third of the rest."""
    en = tongue("en")
    if t.name == "en" or en is None or not extra or not extra <= t.alphabet:
        return 0
    return sum(1 for w, weight in zip(words, weights, strict=True)
               if weight == 0.0 and w.isascii() and _evidence(en, w))


def _opens(t: Tongue, words: list[str]) -> bool:
    """The sentence's first word is a verb of a first-person step of ``t`` ([g-acting]) and
    the word after it one of ``t``'s articles ([g-det]): the shape of an announcement in that
    language ("Elenco i file", "Leggo le note")."""
    return len(words) > 1 and t.has(words[0], "g-acting") and t.has(words[1], "g-det")


def _hanzi(view: str, t: Tongue, other: Tongue) -> bool:
    """Between Japanese and Chinese reading Han characters equally well, a sentence without
    kana is Chinese (a Japanese sentence has kana: "让我直接更新计划文件", where Japanese
    reads "直接" and Chinese reads "让我 直接" as one opener)."""
    return t.name == "zh" and other.name == "ja" and not any(
        0x3040 <= ord(ch) <= 0x30FF for ch in view)


def _tied(t: Tongue, words: list[str]) -> tuple[int, int]:
    """Between languages that read a sentence equally well: first the one that reads a word
    of it as a condition ("Se concordar." is Portuguese "if you agree", where Spanish reads
    "se" as a pronoun: a step that may never be wanted is not read as wanted), then the one
    that knows its verbs. Other refusing words decide no tie: a particle of one language
    ("mi", a Turkish question) is a pronoun of many."""
    return sum(t.has(w, "g-condition") for w in words), _stems(t, words)


def _stems(t: Tongue, words: list[str]) -> int:
    """How much of the words' verb stems language ``t`` knows (``Tongue.stem``): between
    languages that read a sentence equally well by their endings, the one that knows its
    verbs ("видаляю" fits a Russian first-person ending; Ukrainian knows "видал*", delete;
    Russian reads "встановлю" only by "вста*", Ukrainian by "встанов*")."""
    return sum(max(0, t.stem(w)[0]) for w in words)


MIN_KNOWN = 3
"""Fewest lexicon words by which a language reads a sentence, unless they are a third of it."""

FOREIGN_LETTER_KNOWN = 3
"""Lexicon words a language needs in a sentence that holds a letter it does not write."""

SHORT_ASCII = 4
"""Most words of an ASCII sentence with no function word that is read as English."""
