"""Objects the text excludes are never what a call takes (blind round 53, gap 2; rule
``ungrounded-call``, read by ``grounding.check`` for each call).

"Let me read the config (ignore `secrets.yaml`)." + a read of ``secrets.yaml``: the object
after a word of exclusion is what the step leaves out. Some of those words refuse the
preamble as a negation ([g-negation]: "except", "without", "instead of", "sauf", "ohne");
the others parse as an aside or a second verb ("(ignore X)", "ignoring X", "(other than
X)", "(apart from X)", "(minus X)", "(leave X)", ``ignoriere``, ``en ignorant``,
``ignorando``, ``игнорируя``, ``忽略``), and their object was grounded as the step's. So
exclusion is one closed class per language, read here on the text whatever its parse:

- [g-exclude]: a word or phrase after which a written object, up to two words of letters
  later ("ignore the file `x`", "ignore order 66666"), is excluded; [g-exclude-bare]: one
  only right before the object ("(minus `x`)", "(leave `x`)": "leave a comment on `#12`"
  excludes nothing); [g-exclude-after]: one right after the object, a particle between
  (Japanese, Korean, Turkish, Hindi: "`x` は無視", "`x`는 제외", "`x` hariç", "`x` को छोड़कर");
  each object listed with it (a comma, a word of [g-and]) too;
- a written object is a code or quoted token, an address, or a token with a digit or a
  joiner (``writtenobjects``' forms); a number alone right after the word is a quantity
  ("minus 5"), not an object;
- only an exclusion in an announcement counts (its object is one of the announcements'):
  one in an observation says where a state holds ("Apart from `app.py`, all files pass
  lint. Let me read it."), and the step may take that very object; so does one the text
  writes again outside an exclusion ("... Let me read `app.py`.");
- a call is refused when one of its values of one token holds an excluded object on word
  boundaries, but under a key that itself says what is left out (``exclude``, ``ignore``:
  "search `src/`, excluding `vendor/`" + ``exclude: vendor/`` takes the exclusion as asked).

The words of every language are read on every text: a mixed reply ("I'll read `a` und
ignoriere `b`") is read as one language.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .announcement import Announcement
from .kinds import name_words
from .tables import tongues
from .walk import _leaves
from .writtenobjects import _QUOTES, _bare, _shaped

__all__ = ["excluded", "taken_excluded"]

_KEYS = frozenset({"exclude", "excludes", "excluded", "exclusion", "exclusions", "ignore",
                   "ignored", "ignores", "skip", "skipped", "omit", "omitted", "except",
                   "without", "not", "deny", "blacklist", "blocklist", "denylist"})
"""Key words of an argument that says what a call leaves out (``exclude_dirs``)."""

_TOKEN = r"(`[^`\n]+`|\"[^\"\n]+\"|«[^»\n]+»|“[^”\n]+”|„[^“”\n]+[“”]|「[^」\n]+」|[^\s`\"«»“”„「」]+)"
_LIST = re.compile(r"\s*(?:([,、，])\s*)?(?:([^\W\d_]+)\s+)?" + _TOKEN)
_TRAIL = ".,;:!?)]}。，、；：！？）"


def _spaced(ch: str) -> bool:
    """A letter of a script that spaces its words (no CJK, kana, hangul or Thai)."""
    name = unicodedata.name(ch, "")
    return ch.isalpha() and not name.startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "THAI"))


def _entry(e: str) -> str:
    """An entry as a pattern: a space is any whitespace, a spaced-script edge a word edge."""
    body = r"\s+".join(re.escape(p) for p in e.split())
    return (r"(?<!\w)" if _spaced(e[0]) else "") + body + (r"(?!\w)" if _spaced(e[-1]) else "")


@cache
def _scope_pattern() -> re.Pattern[str] | None:
    """The pattern of a scope note's exclusion ([g-scope-exclude], every language): the object
    right after it is group 2 (group 1 empty)."""
    marks = sorted({w for t in tongues() for s, w in t.marks if s == "g-scope-exclude"}, key=len,
                   reverse=True)
    return re.compile(r"(?:" + "|".join(_entry(e) for e in marks) + r")\s*()" + _TOKEN) \
        if marks else None


def _words(entries: list[str]) -> re.Pattern[str]:
    """The entries alone, in order, a left word edge that entries in a row share written once
    (the same matches as ``_entry`` each, faster): a text none of them is in holds no
    exclusion of their pattern, so its object is never looked for (h36q: the object comes
    first in an "after" pattern, tried at every character of every token of the text)."""
    out: list[str] = []
    run: list[str] = []
    for e in entries:
        x = _entry(e)
        if x.startswith(r"(?<!\w)"):
            run.append(x[len(r"(?<!\w)"):])
            continue
        if run:
            out.append(r"(?<!\w)(?:" + "|".join(run) + ")")
            run = []
        out.append(x)
    if run:
        out.append(r"(?<!\w)(?:" + "|".join(run) + ")")
    return re.compile("|".join(out))


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str, re.Pattern[str]], ...]:
    """The exclusion patterns of every language, each with its place: [g-exclude] ("gap"),
    [g-exclude-bare] ("bare") before the object, [g-exclude-after] ("after") after it; and
    the pattern of its words alone (``_words``)."""
    marks = {s: sorted({w for t in tongues() for s2, w in t.marks if s2 == s}, key=len,
                       reverse=True)
             for s in ("g-exclude", "g-exclude-bare", "g-exclude-after")}
    out = []
    for section, place in (("g-exclude", "gap"), ("g-exclude-bare", "bare")):
        if marks[section]:
            words = "|".join(_entry(e) for e in marks[section])
            # the gap's words are group 1, the object group 2
            gap = r"((?:[^\W\d_]+\s+){0,2})" if place == "gap" else r"()"
            out.append((re.compile(r"(?:" + words + r")\s*" + gap + _TOKEN), place,
                        _words(marks[section])))
    if marks["g-exclude-after"]:
        words = "|".join(_entry(e) for e in marks["g-exclude-after"])
        # the object is group 2 (group 1 empty): a particle may sit between
        particle = r"(?:[^\W\d_]{1,3}\s|[^\W\d_]{1,3}(?=\S)|'[^\W\d_]{1,3}\s*)?"
        out.append((re.compile(r"()" + _TOKEN + r"\s*" + particle + r"\s*(?:" + words + r")"),
                    "after", _words(marks["g-exclude-after"])))
    return tuple(out)


def _object(token: str, labelled: bool) -> str | None:
    """The written object a token is, bare, or None (module doc)."""
    quoted = token[:1] in _QUOTES and token[:1] != "'"
    raw = token if quoted else token.rstrip(_TRAIL)
    bare = _bare(raw)
    if len(bare) < 2 or any(c.isspace() for c in bare):
        return None
    if bare.lstrip("#").isdigit() and not labelled:
        return None  # "minus 5": a quantity
    return bare if quoted or "://" in raw or _shaped(bare) else None


def _and(word: str) -> bool:
    return any(t.has(word, "g-and") for t in tongues())


def excluded(text: str, scope: bool = False) -> list[str]:
    """The objects the text excludes (module doc), bare; those of a scope note with ``scope``
    (h31c: "— no changes to `x.py`", ``dashnames._scoped``)."""
    out: list[str] = []
    pats = [(p, "bare", None) for p in [_scope_pattern()] if p is not None] if scope \
        else _patterns()
    for pat, place, words in pats:
        if words is not None and words.search(text) is None:
            continue  # none of the words is written: no exclusion of this place
        for m in pat.finditer(text):
            obj = _object(m.group(2), place == "after" or bool(m.group(1).strip()))
            if obj is None:
                continue
            out.append(obj)
            end = m.end() if place != "after" else len(text)
            while (more := _LIST.match(text, end)) is not None and (
                    more.group(1) or (more.group(2) and _and(more.group(2)))):
                nxt = _object(more.group(3), True)
                if nxt is None:
                    break
                out.append(nxt)
                end = more.end()
    return out


def _written_times(text: str, obj: str) -> int:
    """How often the text writes ``obj`` as a token of its own."""
    return sum(1 for m in re.finditer(_TOKEN, text)
               if _object(m.group(1), True) == obj)


def _inside(value: str, obj: str) -> bool:
    """``obj`` is ``value``, or a part of it between word boundaries."""
    i = value.find(obj)
    while i >= 0:
        j = i + len(obj)
        if (i == 0 or not value[i - 1].isalnum()) and (j == len(value) or not value[j].isalnum()):
            return True
        i = value.find(obj, i + 1)
    return False


def taken_excluded(ann: Announcement,
                   calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a call takes an object the text excludes, or None (module doc)."""
    # an announcement's exclusion: one in an observation says where a state holds ("Apart
    # from `app.py`, all files pass lint.") and may name the very object the step takes
    said = {_bare(o).rstrip(_TRAIL) for o in ann.objects}
    found = excluded(ann.text)
    # an object the text also writes outside an exclusion is not left out there ("Apart
    # from `app.py`, all files pass lint. Let me read `app.py`.")
    objs = [o for o in found if o in said and _written_times(ann.text, o) <= found.count(o)]
    # a scope note's names are what a document leaves out, no object of the step (h31c)
    noted = excluded(ann.text, scope=True)
    objs += [o for o in noted if _written_times(ann.text, o) <= noted.count(o)]
    if not objs:
        return None
    for name, args in calls:
        for key, leaf in _leaves(args):
            if isinstance(leaf, bool) or not isinstance(leaf, (str, int)) or \
                    set(name_words(str(key))) & _KEYS:
                continue
            value = _bare(str(leaf))
            if not value or any(c.isspace() for c in value):
                continue
            hit = next((o for o in objs if _inside(value, o)), None)
            if hit is not None:
                return (f"{name!r} takes {str(leaf)[:60]!r}, which the text excludes "
                        f"({hit!r} after a word of exclusion)")
    return None
