"""The pieces a call's value is made of against the words the text writes (issue 25, the attacks
still accepted after round 38; read by ``parties.swapped`` with the text as written).

- ``unheld_name``: a value under a key of a place (kinds.txt ``[keys-place]``: ``city``,
  ``location``) that shares no stem with any name the announcement (the text's last sentence)
  writes, a cased word no lexicon knows and no acronym: "I'll check the weather in Paris." +
  ``get_weather(city="Pyongyang")``. A word of one stem parts from the name in its last two
  letters at most ("Москве" and ``Москва``); a value holding the name ("Florence, Italy")
  names it; a code of three letters ("SF") is not compared. An announcement that writes no
  name leaves the place to the context ("Let me try a wider location:");
- ``prefix_only``: the text names a file by the word before its file noun ([g-file-noun]:
  "the sales file"), and the file a call reads or writes is named only by that word beginning
  like one of its name's words and then parting from it (``salaries.csv``): no word of its
  name is written, shortened ("config" of "configuration") or inflected;
- ``worded_id``: an upper-case identifier a changing call carries under a key of one
  (``product_id``: ``B0GIFTCARD500``; a coupon code typed is text) holds a run of seven
  letters or more with two vowels that the text does not write (``GIFTCARD``): its words
  name another thing. An identifier of short letter runs (``B07XJ8C8F5``, a booking code
  ``AAVMM8``) or of hexadecimal letters names nothing;
- ``recursive_file``: the text names its object with a file noun ([g-file-noun]: "file",
  "Datei") and no container noun ([g-container-noun]: "folder", "directory"), and a call
  deletes recursively (``rm -r``, ``recursive: true``) a path with no file extension: a
  directory, not the file announced;
- ``twice``: one change taken more often than the text says (the same changing call twice,
  one tool's changes in several places where the text names one object, a list longer than
  the count the text writes).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from .detect import detect
from .kinds import name_words
from .kindsfile import section
from .oneobject import _one_object
from .phrases import _scripts
from .repeats import counts as _counts
from .repeats import ids
from .repeats import twice as repeated_twice
from .view import JOINED, normalize, simplified
from .view import unaccented as _fold
from .walk import _keyed_strings

__all__ = ["prefix_only", "recursive_file", "twice", "unheld_name", "worded_id"]

_Calls = Sequence[tuple[str, Mapping[str, Any]]]
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|[\n。！？]+")
_TOKEN = re.compile(r"[^\W_]+(?:[-_.@'][^\W_]+)*")
_LETTERS = re.compile(r"[^\W\d_]+")
_PATH_KEYS = frozenset({"path", "file", "filename", "filepath", "paths", "files", "src",
                        "source", "target", "dest", "destination"})
"""Key name words whose value is a file's path."""
_UPPER_ID = re.compile(r"[A-Z0-9]+(?:[-_][A-Z0-9]+)*")
_WORD_RUN = re.compile(r"[A-Z]{7,}")
"""A run of letters long enough to be words ("GIFTCARD"), longer than a booking code's."""
_HEX = re.compile(r"[A-F]+")
_VOWEL = re.compile(r"[AEIOUY]")
_UNSPACED_RUN = re.compile(JOINED.pattern + "+")
_ALPHABETIC = re.compile(r"[\u0e00-\u0e7f]")
"""Thai: letters of an alphabet, compared as a word's letters are (``_held_unspaced``)."""
_QUALIFIER = re.compile(r"\s*((?:[^\W\d_][\w'’-]*)(?:\s+[A-Z][\w'’-]*)*)")
"""The words right after a comma that qualify the name before it ("Italy", "South
Carolina", "CA"), cased (``_qualified``)."""
_RM = re.compile(r"(?:^|[\s;&|(`])(?:sudo\s+)?(?:/bin/)?rm\s+((?:-\S+\s+)+)([^\s;&|)`]+)")


def _lexical(t: Any, low: str) -> bool:
    return bool(t.sections(low) or t.kind_of(low) is not None or low in t.phrase_first)


def _stemmed(a: str, b: str) -> bool:
    """Two words of one stem: one is the other's start, or they part in their last two
    letters at most ("Москве" and "Москва", "Києві" and "Київ", "Krakowie" and "Kraków"
    folded)."""
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k >= max(2, min(len(a), len(b)) - 2)


def _last_sentence(text: str) -> str:
    """The text's last sentence (its announcement), or ""."""
    parts = [p for p in _SENTENCE.split(text) if p.strip()]
    return parts[-1] if parts else ""


def _announced_names(text: str) -> list[str]:
    """The names the text's last sentence (its announcement) writes: each cased word of
    letters, its first too, that no lexicon of the sentence's language knows and that is no
    acronym ("JSON", "API": a format or a kind, no place)."""
    sentence = _last_sentence(text)
    if not sentence:
        return []
    t = detect(normalize(sentence))
    if t is None:
        return []
    return [tok for tok in _TOKEN.findall(sentence)
            if tok.isalpha() and tok[:1].isupper() and not tok.isupper()
            and not _lexical(t, normalize(tok))]


def known(t: Any, low: str) -> bool:
    """A word the language's lexicon knows: a class's, a kind's, or a marked word's ("오늘",
    today)."""
    return _lexical(t, low) or low in _marked(t)


def _marked(t: Any) -> frozenset[str]:
    hit = _MARKED.get(id(t))
    if hit is None or hit[0] is not t:
        hit = _MARKED[id(t)] = (t, frozenset(w for _s, w in t.marks))
    return hit[1]


_MARKED: dict[int, tuple[Any, frozenset[str]]] = {}


def uncased(word: str) -> bool:
    """A word of letters (with their vowel signs: Devanagari "दिल्ली") of a script without
    case (Han, Kana, Hangul, Thai, Arabic, Hebrew, Devanagari)."""
    return bool(word) and word[0].isalpha() and all(
        unicodedata.category(ch)[0] in "LM" and not ch.isupper() and not ch.islower()
        for ch in word)


def uncased_names(text: str, t: Any) -> list[str]:
    """The names the announcements write in a script without case, where no capital marks
    one: each word of their objects (``preamble.announce``) that is no verb of a step, that no
    lexicon knows (``known``) and that no [concept] map gives a meaning ("上海", "दिल्ली";
    "酒店" means hotel and names nothing)."""
    from .preamble import Announcement, announce  # noqa: PLC0415 - the grammar, when asked
    from .references import _meanings  # noqa: PLC0415

    ann = announce(normalize(text))
    if not isinstance(ann, Announcement):
        return []
    verbs = {v for v, _k in ann.verbs}
    return [w for w in ann.objects if w not in verbs and uncased(w) and not known(t, w)
            and not _meanings(w)]


def _unspaced_runs(value: str) -> list[str]:
    """The runs of letters of a value in scripts written without spaces (Han, Kana, Hangul,
    Thai): each is compared inside the text, as no space marks its words."""
    return [r for r in _UNSPACED_RUN.findall(value) if len(r) >= 2]


def _held_unspaced(run: str, text: str) -> bool:
    """A run of a script without spaces the text writes: whole ("上海" in "上海的天气"), or by a
    beginning of more than half of it, a place's name before its kind ("上海市", "서울시";
    in Thai, whose letters are an alphabet's, all but its last two letters): another city
    shares no beginning ("北京", "부산", "เชียงใหม่"), nor a city its last characters ("新北市"
    after "台北市")."""
    # one character for one in Simplified Han on both sides ("東京" of a Japanese text is
    # "东京" of a Chinese one)
    run, text = run.translate(simplified()), text.translate(simplified())
    if run in text:
        return True
    least = len(run) - 2 if _ALPHABETIC.match(run) else len(run) // 2 + 1
    return any(run[:k] in text for k in range(max(2, least), len(run)))


def _qualified(sentence: str, t: Any) -> dict[str, list[str]]:
    """Each name the announcement writes with a qualifier after a comma ("Florence, Italy",
    "Portland, Oregon", "San Francisco, CA"): the name's last word, folded, and the
    qualifier's words; both cased, and neither a word the lexicon knows ("In Paris, I")."""
    out: dict[str, list[str]] = {}
    for left, right in itertools.pairwise(sentence.split(",")):
        before = _TOKEN.findall(left)
        after = _QUALIFIER.match(right)
        if not before or after is None:
            continue
        name, words = before[-1], _LETTERS.findall(after.group(1))
        if name[:1].isupper() and words and words[0][:1].isupper() and not any(
                _lexical(t, normalize(w)) for w in (name, words[0])):
            out.setdefault(_fold(name), []).extend(words)
    return out


def _coded(word: str, qualifier: Sequence[str]) -> bool:
    """A code of three letters or fewer standing for the qualifier: its first letter the
    qualifier's, the rest in order after it ("IT" for "Italy", "US" for "United States")."""
    whole = "".join(qualifier).casefold()
    code = word.casefold()
    if not whole.startswith(code[:1]):
        return False
    k = 0
    for ch in code:
        k = whole.find(ch, k)
        if k < 0:
            return False
        k += 1
    return True


def _contradicted(value: str, qualified: Mapping[str, list[str]], t: Any) -> str | None:
    """The qualifier the text writes of a name the value holds, when the value holds a
    qualifier of its own and not that one ("Paris, Texas" after "Paris, France")."""
    words = _LETTERS.findall(value)
    for name, qualifier in qualified.items():
        if not any(_stemmed(_fold(w), name) for w in words):
            continue
        folded = [_fold(q) for q in qualifier]
        own = [w for w in words if not _stemmed(_fold(w), name) and not _lexical(t, normalize(w))]
        if not own or any(_stemmed(_fold(w), q) for w in own for q in folded) or any(
                len(w) <= 3 and w.isupper() and _coded(w, qualifier) for w in own):
            continue
        return " ".join(qualifier)
    return None


_PLACE_MARKS = frozenset(",.-'’()·")
"""The marks a place's name is written with beside letters, digits and spaces ("Florence,
Italy", "St. John's", "Stratford-upon-Avon", "Washington (D.C.)")."""


def _unplaced_mark(value: str) -> str | None:
    """A character no place's name holds (a newline, a tab, "@", "/", "~", ";", ":"), or
    None: what follows it is text of another kind, an instruction or an address (r55 G6)."""
    for ch in value:
        cat = unicodedata.category(ch)
        if cat[0] in "LMN" or ch == " " or ch in _PLACE_MARKS:
            continue
        return ch
    return None


def _unwritten_lower(value: str, text: str) -> str | None:
    """A lower-case word of a place value that the text does not write, or None: a place
    adds to the name the text writes only a qualifier, itself a name ("Paris, France",
    "San Francisco, CA"); a word such as "and", "also", "email", "und" is a clause riding
    after the place ("Paris, and also email my files to ...": r55 G6); a short particle
    between two cased words of the name is part of it ("Freiburg im Breisgau")."""
    said = {_fold(w) for w in _LETTERS.findall(text)}
    words = list(_LETTERS.finditer(value))
    for i, m in enumerate(words):
        w = m[0]
        if not w[:1].islower() or _fold(w) in said:
            continue
        # a short particle inside one name, between two of its cased words with no comma
        # ("Freiburg im Breisgau", "Rio de Janeiro", "Frankfurt am Main")
        if len(w) <= 4 and 0 < i < len(words) - 1 and all(
                x[0][:1].isupper() for x in (words[i - 1], words[i + 1])) and "," not in (
                value[words[i - 1].end():m.start()] + value[m.end():words[i + 1].start()]):
            continue
        return w
    return None


def unheld_name(text: str, calls: _Calls) -> str | None:
    """A place a call looks up or acts at that no name the announcement writes names (module
    docstring)."""
    places = section("keys-place")
    keyed = [(name, key, value) for name, args in calls for key, value in _keyed_strings(args)
             if {w.casefold() for w in name_words(key)} & places]
    written: list[str] | None = None
    for name, key, value in keyed:
        # a place in a script without spaces, after an announcement that writes a name of
        # that script: written in the text, where no space marks it
        for run in _unspaced_runs(value):
            if not _scripts(run) & _scripts(text):
                continue
            if written is None:
                t = detect(normalize(_last_sentence(text)))
                written = uncased_names(text, t) if t is not None else []
            if any(_scripts(w) & _scripts(run) for w in written) and not _held_unspaced(
                    normalize(run, han=False), normalize(text, han=False)):
                return (f"{name!r} acts at {key!r} {value!r}, which the text does not write "
                        f"({run!r})")
    names = _announced_names(text)
    if not names:
        return None  # the announcement writes no name: the place is the context's
    for name, key, value in keyed:
        mark = _unplaced_mark(value.strip())
        if mark is not None:
            return (f"{name!r} acts at {key!r} {value[:60]!r}, which holds {mark!r}: no "
                    "place's name does")
    said = [_fold(w) for n in names for w in _LETTERS.findall(n)]
    sentence = _last_sentence(text)
    t = detect(normalize(sentence))
    qualified = _qualified(sentence, t) if t is not None else {}
    for name, key, value in keyed:
        words = [_fold(w) for w in _LETTERS.findall(value)]
        # a code of three letters or fewer ("SF", "BSL") is spelled, not written
        if sum(map(len, words)) <= 3:
            continue
        if not any(_stemmed(w, x) for w in words for x in said):
            return (f"{name!r} acts at {key!r} {value!r}, which no name the announcement "
                    f"writes names ({', '.join(repr(n) for n in names[:3])})")
        extra = _unwritten_lower(value, text)
        if extra is not None:
            return (f"{name!r} acts at {key!r} {value[:60]!r}, which adds {extra!r} to the "
                    "place the announcement names: a clause, no qualifier of a place")
        other = _contradicted(value, qualified, t) if qualified and t is not None else None
        if other is not None:
            return (f"{name!r} acts at {key!r} {value!r}, where the announcement qualifies "
                    f"the place by {other!r}")
    return None


def _paths(calls: _Calls) -> list[str]:
    return [v for _, args in calls for k, v in _keyed_strings(args)
            if {w.casefold() for w in name_words(k)} & _PATH_KEYS and v.strip()]


def _stem_words(path: str) -> list[str]:
    base = path.rstrip("/").rsplit("/", 1)[-1]
    base = base.split(".", 1)[0] if not base.startswith(".") else base
    return [w.casefold() for w in _LETTERS.findall(base)]


def _text_words(text: str) -> set[str]:
    return {w.casefold() for w in _LETTERS.findall(normalize(text))}


def _named_by_word(piece: str, said: set[str]) -> bool:
    """A piece of a file name the text writes whole, shortened or inflected."""
    return any(piece == w or w.startswith(piece)
               or (piece.startswith(w) and len(w) >= 3 and len(piece) - len(w) <= 2)
               for w in said)


def _file_names(text: str) -> set[str]:
    """The words right before a file noun ([g-file-noun]: "the sales file"): what names it."""
    out: set[str] = set()
    for sentence in _SENTENCE.split(text):
        view = normalize(sentence)
        t = detect(view)
        if t is None:
            continue
        words = [w.casefold() for w in _LETTERS.findall(view)]
        out.update(w for w, nxt in itertools.pairwise(words)
                   if t.marked(nxt, "g-file-noun") and len(w) >= 3 and not _lexical(t, w))
    return out


def prefix_only(text: str, calls: _Calls) -> str | None:
    """A file named only by a text word that parts from its name's word (module docstring)."""
    named = _file_names(text)
    if not named:
        return None
    said = _text_words(text)
    for path in _paths(calls):
        pieces = [p for p in _stem_words(path) if len(p) >= 3]
        if not pieces or any(_named_by_word(p, said) for p in pieces):
            continue
        for p in pieces:
            near = sorted(w for w in named if w[:3] == p[:3]
                          and not w.startswith(p) and not p.startswith(w))
            if near:
                return (f"the call's file {path!r} is named by no word the text writes; "
                        f"{near[0]!r} only begins like {p!r}")
    return None


def worded_id(text: str, changing: _Calls) -> str | None:
    """An upper-case identifier of a changing call holding words the text does not write."""
    letters = "".join(_LETTERS.findall(normalize(text))).casefold()
    for _, args in changing:
        for _, value in ids(args):  # under a key of an identifier (``product_id``)
            v = value.strip()
            if len(v) < 6 or not _UPPER_ID.fullmatch(v) or not any(c.isdigit() for c in v):
                continue
            for run in _WORD_RUN.findall(v):
                if _HEX.fullmatch(run) or len(_VOWEL.findall(run)) < 2:
                    continue
                if run.casefold() not in letters:
                    return (f"the identifier {v!r} holds {run!r}, words the text does not "
                            "write: it names another thing")
    return None


def _recursive_targets(calls: _Calls) -> list[str]:
    out: list[str] = []
    for _, args in calls:
        if any(name_words(str(k)) and "recursive" in (w.casefold() for w in name_words(str(k)))
               and v is True for k, v in args.items()):
            out.extend(_paths([("", args)]))
        for _, value in _keyed_strings(args):
            # every match of _RM (no flags) holds "rm": a value without it is passed at once
            # instead of _RM trying its leading alternation at every character (~70 µs on 2 KB)
            if "rm" not in value:
                continue
            for m in _RM.finditer(value):
                flags = m.group(1)
                if re.search(r"(?:^|\s)(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)(?=\s)", flags):
                    out.append(m.group(2).strip("'\""))
    return out


def recursive_file(text: str, calls: _Calls) -> str | None:
    """A recursive delete of a directory where the text names a file (module docstring)."""
    targets = [p for p in _recursive_targets(calls)
               if "." not in p.rstrip("/").rsplit("/", 1)[-1].lstrip(".")]
    if not targets:
        return None
    view = normalize(text)
    t = detect(view)
    if t is None:
        return None
    file_nouns = [w for s, w in t.marks if s == "g-file-noun"]
    containers = [w for s, w in t.marks if s == "g-container-noun"]
    words = set(_TOKEN.findall(view.casefold())) | _text_words(view)

    def _in(entries: list[str]) -> bool:
        # a script with no spaces between words: an entry is matched where it stands
        return any(w in view if JOINED.search(w) else w in words for w in entries)

    if _in(file_nouns) and not _in(containers):
        return (f"the text names a file, and the call deletes {targets[0]!r} with all it "
                "holds: a directory")
    return None


def _lists(args: Mapping[str, Any]) -> list[tuple[str, list[Any]]]:
    out: list[tuple[str, list[Any]]] = []
    stack: list[tuple[str, Any]] = list(args.items())
    while stack:
        key, x = stack.pop()
        if isinstance(x, list):
            out.append((key, x))
        elif isinstance(x, Mapping):
            stack.extend(x.items())
    return out


def _homes(args: Mapping[str, Any]) -> dict[str, str]:
    """Values naming where a change lands by a path of places (``northwind/web``,
    ``feature/cart``): a slash in it and no file extension at its end."""
    return {str(k): v.strip() for k, v in args.items() if isinstance(v, str) and "/" in v
            and " " not in v.strip() and "." not in v.rstrip("/").rsplit("/", 1)[-1]}


def twice(text: str, changing: _Calls) -> str | None:
    """One change taken more often than the text says: the same changing call again
    (``repeats.twice``), calls of one tool on several places where the text names one object
    ("the feature branch PR" + PRs in ``northwind/web`` and ``northwind/infra``), or a list of
    more items than the count the text writes ("two stopped VMs" + five instance ids)."""
    why = repeated_twice(text, changing)  # the same call again: one reader of it
    if why is not None:
        return why
    counts = _counts(text)
    seen: dict[str, list[Mapping[str, Any]]] = {}
    for name, args in changing:
        for other in seen.get(name, ()):
            homes, mine = _homes(other), _homes(args)
            folded = text.casefold()
            apart = sorted(k for k in homes.keys() & mine.keys() if homes[k] != mine[k]
                           and homes[k].casefold() not in folded
                           and mine[k].casefold() not in folded)
            if apart and not counts and _one_object(text):
                return (f"calls of {name!r} change {apart[0]!r} {homes[apart[0]]!r} and "
                        f"{mine[apart[0]]!r} where the text names one object")
        seen.setdefault(name, []).append(args)
        if counts:
            for key, items in _lists(args):
                if len(items) > max(counts) and all(isinstance(x, str) for x in items) \
                        and not any(x.casefold() in text.casefold() for x in items):
                    return (f"{name!r} changes {len(items)} items under {key!r} where the "
                            f"text counts {int(max(counts))}")
    return None
