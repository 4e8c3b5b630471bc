"""One language's closed classes, compiled (``Tongue``), the grammar terminals and refusing sections
its lexicon sections name, and the token and script helpers the tokenizer (``words``) builds on.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache

from .elided import unelided
from .observing import QUIET
from .pieces import _TASHKEEL
from .sectionnames import MARKS, OTHER_SECTIONS

TERMINALS: dict[str, str] = {
    "g-ack": "ACK", "g-opener": "OPENER", "g-acting": "ACTING", "g-help": "HELP", "g-you": "YOU",
    "g-adverb": "ADV", "g-det": "DET", "g-dem": "DEM", "g-pron": "PRON", "g-prep": "PREP",
    "g-to": "TO", "g-and": "AND", "g-particle": "PARTICLE", "g-inquiry": "INQUIRY",
    "g-copula": "COPULA", "g-courtesy": "COURTESY", "g-final": "FINAL", "g-postp": "POSTP",
    "g-topic": "TOPIC", "g-instrument": "INSTR", "g-clitic": "CLITIC",
}
"""Lexicon sections whose words are terminals of the preamble grammar, and their terminal."""


REFUSING: dict[str, str] = {
    "g-negation": "negation", "g-condition": "conditional", "g-deferral": "conditional",
    "g-wait": "conditional", "g-actor": "other-actor",
    "g-recap": "recap", "g-question": "question", "g-framing": "declared-example",
    "g-for-instance": "declared-example", "g-report": "quoted-source",
    "g-report-ask": "quoted-source",
    "g-function": "unknown-preamble",
}
"""Lexicon sections of closed-class words that have no place in the grammar, and the rule each
names when it refuses (checked in this order: a word in several names the first)."""


KINDS = ("read", "list", "search", "fetch", "write", "create", "delete", "run", "test", "send",
         "pay", "commit", "install", "deploy", "compute", "navigate")
"""The kinds of step a verb announces and a tool performs (``[kind-<kind>]`` sections)."""


COVERS: dict[str, frozenset[str]] = {
    "write": frozenset({"write", "create"}),
    "create": frozenset({"create", "write"}),
    "run": frozenset({"run", "test", "create"}),
    "test": frozenset({"test", "run"}),
    "delete": frozenset({"delete", "write"}),
}
"""An announced verb kind -> the call kinds it covers (every kind covers itself)."""


def covers(verb_kinds: set[str] | frozenset[str], kind: str) -> bool:
    """A step of ``kind`` is one of the announced verb kinds or covered by one."""
    return any(kind == v or kind in COVERS.get(v, frozenset()) for v in verb_kinds)


def is_section(name: str) -> bool:
    """A section of the v3 model (read here, ignored by the cue screens' loader)."""
    return (name in TERMINALS or name in REFUSING or name in OTHER_SECTIONS or name in MARKS
            or (name.startswith("kind-") and name[5:] in KINDS))


@dataclass(frozen=True)
class Token:
    """One token of a sentence: its class (a grammar terminal, or ``!rule`` for a word of a
    refusing section), its text as written in the normalised view, and its lemma-ish key."""

    kind: str
    text: str
    start: int
    end: int


def unspaced(ch: str) -> bool:
    """A letter of a script written without spaces between words (CJK, kana, Thai, ...)."""
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0x3040 <= o <= 0x30FF or 0xF900 <= o <= 0xFAFF
            or 0xFF66 <= o <= 0xFF9F or 0x0E00 <= o <= 0x0EFF or 0x1000 <= o <= 0x109F
            or 0x1780 <= o <= 0x17FF)


UNSPACED = re.compile("[\u2e80-\u9fff\u3040-\u30ff\uf900-\ufaff\uff66-\uff9f\u0e00-\u0eff"
                      "\u1000-\u109f\u1780-\u17ff]")
"""The letters ``unspaced`` reads, as one class: a text holds one if this finds it."""


@cache
def script(ch: str) -> str:
    """The script of a letter, from its Unicode name ("LATIN", "CYRILLIC", "CJK", ...)."""
    name = unicodedata.name(ch, "?")
    if name.startswith(("CJK", "HIRAGANA", "KATAKANA")):
        return "CJK"
    return name.split(" ")[0]


_NO_KIND = object()


_MEMO = 65536
"""Most words whose sections a language remembers (cleared when full)."""


@dataclass
class Tongue:
    """One language's closed classes, compiled."""

    name: str
    order: str = "svo"
    endings: frozenset[str] = frozenset()
    """What the ``*`` of a [kind-*] or [generic] verb pattern may stand for in the word it reads
    ([g-verb-ending]: the language's inflections and nominalizations, "ing", "ed", "ion"; the
    words after it in a phrase are the verb's own, "looking at"): "book*" reads "booking",
    never "bookmark". Empty: any word characters."""
    bare_imperative: bool = False
    """A single-word ACTING form is the imperative too ([g-bare-acting] ``imperative``: German
    "Lösche den Ordner.", Chinese "删除 projects 目录。")."""
    articles: bool = True
    """A noun phrase opens with an article; False ([g-bare-noun] ``articleless``: Russian,
    Chinese) when a verb's object follows it bare ("стирает продакшен-базу")."""
    words: dict[str, list[str]] = field(default_factory=dict)
    """A single word (or an unspaced-script entry) -> its sections, in file order."""
    phrases: dict[tuple[str, ...], list[str]] = field(default_factory=dict)
    """A multiword entry (split on spaces) -> its sections."""
    longest: int = 1
    patterns: list[tuple[str, str, str]] = field(default_factory=list)
    """(section, prefix, suffix) of entries with a ``*``: a whole word matching it."""
    splits: list[tuple[str, str]] = field(default_factory=list)
    """(section, suffix) of [g-final]/[g-postp]/[g-topic] ``*suffix`` entries: split off a word's end."""
    slots: list[tuple[str, str]] = field(default_factory=list)
    """(section, entry) of the sections ``doubts`` reads on an observation's text: no word's class."""
    unspaced_entries: list[tuple[str, str]] = field(default_factory=list)
    """(entry, section) of entries in unspaced scripts, longest first."""
    unspaced_index: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    """The same entries by their first character (a run is cut in one pass)."""
    kinds: list[tuple[str, str, str]] = field(default_factory=list)
    """(kind, prefix, suffix-or-"") of verb forms by kind ([kind-*]); "generic" for [generic]."""
    inquiry_verbs: frozenset[str] = frozenset()
    time_preps: frozenset[str] = frozenset()
    prefix_letters: frozenset[str] = frozenset()  # [g-prefix-letter] (``attached.unglued``)
    conditional_inquiry: frozenset[str] = frozenset()
    """Inquiry words that are also conditions ("if"): an inquiry only after an inquiry verb."""
    meta: frozenset[str] = frozenset()
    marks: frozenset[tuple[str, str]] = frozenset()
    """(section, entry) of the sections only headings and plans read (``MARKS``): a word in
    one has no section of its own for that ("step" stays a plain noun elsewhere)."""
    concepts: dict[str, frozenset[str]] = field(default_factory=dict)
    scripts: frozenset[str] = frozenset()
    alphabet: frozenset[str] = frozenset()
    glyphs: frozenset[str] = frozenset()
    """Every non-ASCII letter its lexicon writes (the letters of its own script it knows)."""
    """The non-ASCII Latin letters of the language's entries."""
    native: frozenset[str] = frozenset()
    """The scripts of the language's entries (``scripts`` adds Latin to every language)."""
    primary: str = "LATIN"
    """The script most of the language's entries are written in."""
    participle_suffixes: frozenset[str] = frozenset()
    """Endings of a participle ([g-participle-suffix]: "-ing"); ``relatives``: the relative
    pronouns ([g-relative]: "that"): ``selecting.selecting_time``."""
    relatives: frozenset[str] = frozenset()
    owner_suffixes: tuple[str, ...] = ()
    """Endings that make a word a possessive ([g-owner-suffix]: "'s")."""
    months: tuple[str, ...] = ()
    """The month names ([g-month]), January first."""
    weekdays: tuple[tuple[str, ...], ...] = ()
    """The forms of each weekday ([g-weekday]), Monday first: ``setwhen``."""
    case_endings: tuple[str, ...] = ()
    """A noun's endings in its other cases ([g-case-ending]) and in the nominative
    ([g-base-ending], ``base_endings``): ``inflection``."""
    base_endings: tuple[str, ...] = ()
    conjuncts: tuple[str, ...] = ()
    """Conjunctive verb endings of a verb-final language ([g-conjunct]: Japanese -して, Korean
    -하고, Turkish -ip): a verb form with one, or a verb followed by one, ends a step of its own
    before the next ("backups を一覧表示して、tmp を削除します")."""
    phrase_first: set[str] = field(default_factory=set)
    """The first words of the multiword entries."""
    memo: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    kind_memo: dict[str, str | None] = field(default_factory=dict, repr=False, compare=False)
    """sections() of the words seen so far (the ``*`` patterns are tried once per word)."""
    by_prefix: tuple[dict[str, str], dict[str, list[tuple[str, str]]],
                     dict[str, dict[str, list[tuple[int, str]]]]] | None = field(
        default=None, repr=False, compare=False)
    """``kinds`` and ``patterns`` by prefix, built on first use: the exact verb forms, the
    (kind, suffix) and, by suffix, the (order, section) of each prefix. Detection asks every
    language about every new word, so a lookup reads a word's prefixes, not every entry."""

    def _by_prefix(self) -> tuple[dict[str, str], dict[str, list[tuple[str, str]]],
                                  dict[str, dict[str, list[tuple[int, str]]]]]:
        if self.by_prefix is None:
            exact: dict[str, str] = {}
            kinds: dict[str, list[tuple[str, str]]] = {}
            for kind, pre, suf in self.kinds:
                if suf == "\0":
                    exact.setdefault(pre, kind)
                else:
                    kinds.setdefault(pre, []).append((kind, suf))
            patterns: dict[str, dict[str, list[tuple[int, str]]]] = {}
            for n, (sec, pre, suf) in enumerate(self.patterns):
                patterns.setdefault(pre, {}).setdefault(suf, []).append((n, sec))
            self.by_prefix = (exact, kinds, patterns)
        return self.by_prefix

    def has(self, word: str, section: str) -> bool:
        """The word, or the multiword entry, is in the lexicon section."""
        # the memo's tuple, not a copy: the screens ask this for every word of long reasoning
        return section in self._sections(word) or section in self.phrases.get(
            tuple(word.split()), ())

    def marked(self, word: str, section: str) -> bool:
        """The word (a verb after its elided subject too: ``elided``) is an entry of the section
        of ``MARKS``."""
        return (section, word) in self.marks or (section, unelided(self.marks, word)) in self.marks

    def sections(self, word: str) -> list[str]:
        """The sections a single word belongs to (exact entries, then ``*`` patterns), but
        those of ``QUIET``, which leave a word unknown."""
        return [s for s in self._sections(word) if s not in QUIET]

    def _sections(self, word: str) -> tuple[str, ...]:
        got = self.memo.get(word)
        if got is not None:
            return got
        out = list(self.words.get(word, ()))
        if not out and _TASHKEEL.search(word):
            # Arabic vowel marks and shadda are optional, as in ``kind_of``: "أشغّل" is "أشغل"
            out = list(self._sections(_TASHKEEL.sub("", word)))
        # a word with entries of its own is what they say: "thing" ([g-meta]) is no "*ing" form
        own = [x for x in out if x != "g-common"]
        if not own and word not in self.meta and self.patterns:
            by_pre = self._by_prefix()[2]
            # every pattern whose prefix and suffix the word holds apart, in file order: each
            # prefix the word starts with, then each suffix after it (one lookup per length)
            found = sorted(m for i in range(len(word)) if word[:i] in by_pre
                           for by_suf in (by_pre[word[:i]],)
                           for j in range(i + 1, len(word) + 1) if word[j:] in by_suf
                           for m in by_suf[word[j:]])
            for _, sec in found:
                if sec not in out:
                    out.append(sec)
        if len(self.memo) >= _MEMO:
            self.memo.clear()
        self.memo[word] = got = tuple(out)
        return got

    def kind_of(self, verb: str) -> str | None:
        """The kind of step a verb form announces, "generic", or None when unknown."""
        got = self.kind_memo.get(verb, _NO_KIND)
        if got is not _NO_KIND:
            return got  # type: ignore[return-value]
        if len(self.kind_memo) >= _MEMO:
            self.kind_memo.clear()
        found = self._kind_of(verb)
        if found is None and _TASHKEEL.search(verb):
            # Arabic vowel marks and shadda are optional: "سأشغّل" is "سأشغل"
            found = self._kind_of(_TASHKEEL.sub("", verb))
        if found is None and (bare := unelided(self.marks, verb)) != verb:  # "j'ajoute" (``elided``)
            found = self._kind_of(bare)
        self.kind_memo[verb] = found
        return found

    def kinds_all(self, verb: str) -> tuple[str, ...]:
        """Every kind the entries that fit a verb form list, in file order: those of the
        longest fitting prefix, as ``kind_of`` reads it ("open*" is [kind-read] and
        [kind-create]: "open the file", "open an issue"); ``kind_of`` is the first."""
        best, out = -1, list[str]()
        for kind, pre, suf in self.kinds:
            if suf == "\0":
                size = len(verb) + 1 if verb == pre else -1
            elif verb.startswith(pre) and verb.endswith(suf) and \
                    len(verb) >= len(pre) + len(suf) and (not self.endings or verb[
                        len(pre) : len(verb) - len(suf)].split(" ", 1)[0] in self.endings):
                size = len(pre)
            else:
                size = -1
            if size > best:
                best, out = size, []
            if size == best >= 0 and kind not in out:
                out.append(kind)
        return tuple(out)

    def _kind_of(self, verb: str) -> str | None:
        """An exact entry's kind, else that of the pattern with the longest prefix that fits
        (the first in file order among equals)."""
        return self.stem(verb)[1]

    def stem(self, verb: str) -> tuple[int, str | None]:
        """How much of a verb form the entry ``kind_of`` reads it by knows (the whole word for
        an exact entry, else the pattern's prefix; -1 for none), and that entry's kind."""
        exact, by_pre, _ = self._by_prefix()
        found = exact.get(verb)
        if found is not None:
            return len(verb), found
        for i in range(len(verb), -1, -1):
            for kind, suf in by_pre.get(verb[:i], ()):
                if verb.endswith(suf) and len(verb) >= i + len(suf) and (
                        not self.endings
                        or verb[i : len(verb) - len(suf)].split(" ", 1)[0] in self.endings):
                    return i, kind
        return -1, None
