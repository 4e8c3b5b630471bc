"""Sample arguments: string values that are placeholders or say they are an example refuse
(rule ``sample-arguments``)."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from itertools import accumulate
from operator import add
from typing import Any, AnyStr

from ..ids import utf8_of
from .addresses import addresses_in
from .kinds import OBSERVING, _keys, call_kinds, name_words
from .kindsfile import _kinds_file
from .memo import folded
from .references import concept_names
from .statements import statement_kinds
from .tables import lexicon, tongues
from .view import normalize
from .walk import Foreign, _keyed_strings, _leaves, _strings, native_walks

_PLACEHOLDER = re.compile(
    r"/path/to/|\\path\\to\\|\bpath/to/your\b|\byour[_-]?\w*[_-]here\b|\b[A-Z][A-Z0-9_]*_HERE\b"
    r"|\bYOUR_[A-Z0-9_]+\b|<\s*(?:insert|your|replace|enter|put|add)\b[^<>]*>"
    r"|\{\{\s*(?:your|insert|placeholder)[^{}]*\}\}|\[\s*(?:insert|your)\b[^\[\]]*\]"
    r"|\bREPLACE_ME\b"
    # filler text
    r"|\blorem ipsum\b"
    # "your-bucket-name": a name the reader puts in
    r"|\b(?:your[-_](?:[a-z0-9]+[-_])*|my[-_](?:[a-z0-9]+[-_])*)(?:name|id|key|token|bucket|project|domain|email|password"
    r"|user|username|host|branch|namespace|region|account|org|repo|server|secret)\b"
    r"|\byour(?:org|repo|name|user|username|company|domain|project|team|bucket|app|host)\b"
    # values standing for any value by convention: documentation addresses (RFC 5737), the
    # nil UUID, the standard test card and IBAN, the default password (also glued to its
    # flag: "mysql -pchangeme")
    r"|(?<![\d.])(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}(?![\d.])"
    r"|\b0{8}-0{4}-0{4}-0{4}-0{12}\b|\b4242[ -]?4242[ -]?4242[ -]?4242\b"
    r"|\bDE89[ ]?3704[ ]?0044[ ]?0532[ ]?0130[ ]?00\b|(?:\b|(?<=\s-p))changeme\b"
    # the IPv6 documentation prefix (RFC 3849), the example UUID of RFC 4122's
    # illustrations, an id counted up after its prefix ("subnet-12345678",
    # "ami-0abcdef1234567890")
    r"|(?<![0-9a-f:])2001:0?db8:|\b123e4567-e89b-12d3-a456-426614174000\b"
    r"|(?<=[a-z][-_])0?(?:abcdef)?(?:01234567|12345678|23456789)",
    re.IGNORECASE)
_PLACEHOLDER_HINTS = ("path", "your", "here", "replace", "lorem", "my-", "my_", "192.0.2",
                      "198.51.100", "203.0.113", "00000000-", "4242", "de89", "changeme", "2001:",
                      "123e4567", "1234567", "2345678", "insert", "placeholder")
_ANGLE_WORDS = ("enter", "put", "add")
_ANGLE_HINT = re.compile(r"<\s*(?:" + "|".join(_ANGLE_WORDS) + r")\b")

# Characters from the most to the least frequent in text; any other counts as rarer than all.
_COMMON_CHARS = " etaoinsrhldcumfpgwybv,.-01kx2j:q/z345678"

_Groups = tuple[tuple[Any, tuple[tuple[Any, AnyStr], ...]], ...]
"""(a character, ((another character, hint), ...)), ...; bytes hold each character as an int
(an ``int in bytes`` is a plain memchr)."""


def _hint_groups(hints: Sequence[str]) -> _Groups[str]:
    """The hints grouped by their rarest character, each with its next rarest: a value without
    them holds no such hint, and one ``in`` of a single character (a memchr) says so far faster
    than a scan for the hint."""
    def rarity(ch: str) -> int:
        at = _COMMON_CHARS.find(ch)
        return len(_COMMON_CHARS) if at == -1 else at

    groups: dict[str, list[tuple[str, str]]] = {}
    for h in hints:
        rarest = sorted(set(h), key=rarity, reverse=True)
        groups.setdefault(rarest[0], []).append((rarest[-1] if len(rarest) == 1 else rarest[1], h))
    return tuple((ch, tuple(hs)) for ch, hs in groups.items())


def _utf8_groups(groups: _Groups[str]) -> _Groups[bytes] | None:
    """``groups`` in UTF-8, or None when a hint is not ASCII or not casefolded (only such hints
    are found alike in a casefold and in ``_ascii_lowered``)."""
    if not all(h.isascii() and h == h.casefold() for _, hs in groups for _, h in hs):
        return None
    return tuple((ord(ch), tuple((ord(c2), h.encode()) for c2, h in hs)) for ch, hs in groups)


_HINT_GROUPS = _hint_groups(_PLACEHOLDER_HINTS)
_ANGLE_GROUPS = _hint_groups(_ANGLE_WORDS)
_HINT_GROUPS_UTF8 = _utf8_groups(_HINT_GROUPS)
_ANGLE_GROUPS_UTF8 = _utf8_groups(_ANGLE_GROUPS)

_FOLDS_TO_ASCII = ("\u00df\u0130\u0149\u017f\u01f0\u1e96\u1e97\u1e98\u1e99\u1e9a\u1e9e"
                   "\u212a\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06")
"""Every character beyond ASCII whose casefold holds an ASCII character ("ß" -> "ss", the
Kelvin sign -> "k", "ﬁ" -> "fi"); tests/intent/test_sample_prefilter.py checks it against every code
point."""
_FOLD_LEADS = tuple(sorted({ch.encode()[0] for ch in _FOLDS_TO_ASCII}))
"""The first bytes of their UTF-8: a text without any of them holds none of them."""


def _ascii_lowered(value: str) -> bytes | None:
    """The value's UTF-8 with its ASCII letters lowered, when it holds no ``_FOLDS_TO_ASCII``
    character (else None). An ASCII string is then in it exactly when it is in the value's
    casefold: only ASCII characters fold to ASCII ones, one for one, and a multi-byte UTF-8
    sequence holds no ASCII byte. Several times faster than ``casefold`` beyond Latin-1."""
    raw = utf8_of(value)
    for lead in _FOLD_LEADS:
        if lead in raw:
            return None
    return raw.lower()


def _holds_any(low: AnyStr, groups: _Groups[AnyStr]) -> bool:
    """Does ``low`` hold one of the hints of ``_hint_groups``?"""
    for ch, hints in groups:
        if ch in low:
            for ch2, h in hints:
                if ch2 in low and h in low:
                    return True
    return False


def _may_hold_placeholder(value: str) -> bool:
    """A literal every branch of ``_PLACEHOLDER`` holds is in the value (casefolded): a value
    with none is searched no further (the alternation costs about 0.5 µs a character, these
    substring scans a few µs in all)."""
    if not value.isascii() and _HINT_GROUPS_UTF8 is not None and _ANGLE_GROUPS_UTF8 is not None:
        lowered = _ascii_lowered(value)
        if lowered is not None:
            if _holds_any(lowered, _HINT_GROUPS_UTF8):
                return True
            if 0x3C not in lowered or not _holds_any(lowered, _ANGLE_GROUPS_UTF8):  # "<"
                return False
            return _ANGLE_HINT.search(folded(value)) is not None
    low = folded(value)
    return _holds_any(low, _HINT_GROUPS) or (
        "<" in low and _holds_any(low, _ANGLE_GROUPS) and _ANGLE_HINT.search(low) is not None)


_EXAMPLE_KEY = re.compile(r"(?<=[A-Za-z0-9/+])EXAMPLE|EXAMPLE(?=[A-Z0-9/+])")
"""A credential with EXAMPLE written into it, as vendors' documentation writes its sample keys
("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"); case-sensitive."""

_MASKED = re.compile(r"(?<![A-Za-z])X{4,}(?![A-Za-z])|(?<=[A-Za-z0-9][-_])x{4,}(?![A-Za-z])")
"""A run of X's standing for a value ("XXXX-XXXX", "INV-XXXX"), small ones after an id's
prefix ("i-xxxxxxxx", "acct_xxxx")."""
_SLOT_NOUN = (r"(?:name|id|path|file|dir|directory|folder|table|branch|repo|user|username|key"
              r"|token|value|url|host|email|number|bucket|project|instance|database|db)")
# (each lookahead asks for a separator inside the brackets: a name of two words or more)
_SLOT_KEY = re.compile(r"(?:^|[-_])" + _SLOT_NOUN + r"s?$|^(?:to|dest|destination|target|src|source"
                       r"|remote|recipient)$", re.IGNORECASE)
"""A key naming a field that holds a name, a path or an id (``path``, ``file_path``,
``branch``, ``repo_name``)."""
_SLOT = re.compile(r"(?:^|(?<=\s))(?:<(?=[^>]*[-_])(?:[a-z0-9]+[-_])*" + _SLOT_NOUN
                   + r"(?:[-_][a-z0-9]+)*>|(?<!\$)\{(?=[^}]*_)(?:[a-z0-9]+_)*" + _SLOT_NOUN
                   + r"(?:_[a-z0-9]+)*\})(?=\s|[;,.]?$)")
"""A slot's name standing as a word of its own ("DROP TABLE <table_name>;", "git push origin
{branch_name}", "<file-to-delete>"): a template to fill in, not a value. It names what goes in
(a name, a path, an id...) in two words or more, so a tag (``<tool_calls>``, ``<my-widget>``)
or a one-word field (``{value}``) is none."""
_TEMPLATE_VALUE = re.compile(r"\s*(?:<(?:[a-z0-9]+[-_])*" + _SLOT_NOUN + r"(?:[-_][a-z0-9]+)*>"
                             r"|\{\{\s*[A-Za-z_][\w.]*\s*\}\}|\$\{?[A-Za-z_]\w*\}?)\s*",
                             re.IGNORECASE)
"""A whole value that is one template variable, never filled in ("<branch>", "{{branch}}",
"${TABLE_NAME}", "$BRANCH"); a tag is none ("<tool_calls>")."""
_ELIDED = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]++[-_](?:\.\.\.|…)")
"""A whole value cut short after its prefix ("sk-...", "ghp_…"): the rest is left out."""
_ELLIPSIS = re.compile(r"\s*(?:\.\s?\.\s?\.+|…+)\s*")
"""A whole value that is an ellipsis ("...", "…", ". . ."): the value itself was left out (a
reporter's or the model's elision: ``<parameter name="new_string">...</parameter>``)."""
_META_WORDS = ("foo", "bar", "baz", "qux", "quux")
_METASYNTACTIC = re.compile(r"(?<![A-Za-z])(" + "|".join(_META_WORDS) + r")(?![A-Za-z])")
"""Words that stand for any name: two different ones in a value are a sample ("foo/bar.txt")."""
_META_GROUPS = _hint_groups(_META_WORDS)
_MASK_GROUPS = _hint_groups(("XXXX", "xxxx", "EXAMPLE"))
"""A literal every match of ``_MASKED`` or ``_EXAMPLE_KEY`` holds (each case-sensitive)."""
_COMMENT_MARKS = r"#|//|--|/\*|REM\s"
_COMMENT_MARK = re.compile(_COMMENT_MARKS)
"""What every comment ``_COMMENT`` reads opens with: a value with none has no comment."""


def _first_chars(pattern: re.Pattern[str]) -> str | None:
    """A character every match of ``pattern`` starts with, one per branch, for a pattern whose
    branches each open with a literal character (``#|//|REM\\s``); None for any other shape.
    (Split at every ``|``: a piece that starts inside a group only adds a character.)"""
    if pattern.flags & re.IGNORECASE:
        return None
    out = []
    for branch in pattern.pattern.split("|"):
        m = re.match(r"\\([^\w\s])|([^\\\[\](){}.*+?^$|])", branch)
        if m is None or branch[m.end() : m.end() + 1] in ("?", "*", "{"):
            return None
        out.append(m.group(1) or m.group(2))
    return "".join(sorted(set(out)))


_COMMENT_FIRST = _first_chars(_COMMENT_MARK)
"""One ``in`` of a single character each (a memchr) proves a value holds no ``_COMMENT_MARK``;
the regex's own scan costs about 5 ns a character."""


def _comment_marked(s: str) -> bool:
    """Does ``s`` hold a ``_COMMENT_MARK``?"""
    if _COMMENT_FIRST is not None:
        for ch in _COMMENT_FIRST:
            if ch in s:
                break
        else:
            return False
    return _COMMENT_MARK.search(s) is not None


_COMMENT = re.compile(r"(?:^|\s)(?:" + _COMMENT_MARKS + r")\s*(.+)$", re.MULTILINE)
_WHOLE_PLACEHOLDER = re.compile(r"\s*+(?:\[[A-Z]{3,}+(?: [A-Z]++)*+\]|<[A-Z]{3,}+[A-Z0-9_-]*+>)\s*+")
"""A whole value that is a name in capitals in brackets ("[SUBJECT]", "<VERSION>")."""
_FILL_IN = re.compile(r"\b(?:replace|substitute|fill in|change|adjust|swap|whatever)\b.*\byour\b"
                      r"|\byour own\b|\badapt\b|\bsample\b|\bplaceholders?\b|\bdummy\b",
                      re.IGNORECASE)
"""A comment telling the reader to put their own value in ("# replace main with your branch")."""


_COUNTED = re.compile(r"(?<=[A-Za-z][-_])0?123(?:4(?:5(?:6(?:7(?:8(?:9)?)?)?)?)?)?(?:ab(?:c(?:d(?:ef?)?)?)?)?"
                      r"(?![0-9A-Za-z])|(?<![0-9A-Za-z])[A-Za-z]+[-_]0{4,}(?![0-9A-Za-z])")
"""An id whose own part after its prefix counts up from one ("cus_123", "order-1234",
"i-1234abcd": digits, then letters, each in order) or is all zeros ("export-0000"): the
form of an id typed to show what one looks like, as documentation writes it, not one read
from anywhere. Read on a call that changes something only (``_counted``)."""


def _counted(name: str, args: Mapping[str, Any], strings: Iterable[str] | None = None
             ) -> str | None:
    """A ``_COUNTED`` id in a short value of a call that may change something (a kind beyond
    the observing ones, or none known), or None. A lookup of "order-123" changes nothing, and
    test fixtures look such ids up for real; a delete, a stop or an invoice on one acts on
    whatever the sample happens to name."""
    found = None
    for s in _strings(args, keys=False, numbers=False) if strings is None else strings:
        if len(s) <= 120 and "\n" not in s and ("123" in s or "0000" in s) and (
                found := _COUNTED.search(s)) is not None:
            break
    if found is None or call_kinds(name, args) <= OBSERVING:
        return None
    return found.group(0)


_STOCK = re.compile(
    # the telephone numbers kept for fiction and documentation (555-0100 to 555-0199)
    r"(?<![\d-])(?:\(?\d{3}\)?[-. ]?)?555[-. ]?01\d\d(?![\d-])"
    # the card numbers issuers publish for tests (Visa, Mastercard, Amex, Discover, JCB)
    r"|(?<![\d-])(?:4111[ -]?1111[ -]?1111[ -]?1111|4012[ -]?8888[ -]?8888[ -]?1881"
    r"|5555[ -]?5555[ -]?5555[ -]?4444|5105[ -]?1051[ -]?0510[ -]?5100"
    r"|3782[ -]?822463[ -]?10005|3714[ -]?496353[ -]?98431|6011[ -]?1111[ -]?1111[ -]?1117"
    r"|3530[ -]?1113[ -]?3330[ -]?0000)(?![\d-])"
    # an address at a domain that is the slot's own name ("team@company.com", "user@domain.com")
    r"|(?<=@)(?:company|domain|organi[sz]ation)\.(?:com|org|net)(?![\w-]|\.\w)",
    re.IGNORECASE)
"""A value of a closed, documented class of stand-ins: a fictional telephone number, an
issuer's test card, an address at the domain that is the slot's name. None of them reaches
anyone: a call that changes something with one acts on a sample."""


_NON_DIGIT = re.compile(r"\D")


def _stock(name: str, args: Mapping[str, Any], written: str,
           strings: Iterable[str] | None = None) -> str | None:
    """A ``_STOCK`` value in a short value of a call that may change something, and not
    written by the text before the markup, or None. A lookup changes nothing (tests look
    samples up for real); a value the reply itself writes is the one the user gave ("I'll
    call 555-0142 back")."""
    found: str | None = None
    said = digits = ""
    read = False  # the text is read on a hit only (most values hold none; bare markup has none)
    for s in _strings(args, keys=False) if strings is None else strings:
        if len(s) > 120 or "\n" in s:
            continue
        m = _STOCK.search(s)
        hit = m.group(0) if m else None
        if hit and not read:
            said, read = written.casefold(), True
            digits = _NON_DIGIT.sub("", said)
        # (a number the reply writes in another layout is the same number: "555-0142")
        if hit and hit.casefold() not in said and not (
                hit[-1].isdigit() and _NON_DIGIT.sub("", hit)[-7:] in digits):
            found = hit
            break
    if found is None or call_kinds(name, args) <= OBSERVING:
        return None
    return found


_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
"""An IBAN by its form: a country code, two check digits, the account in groups of four."""


def _iban_checks(iban: str) -> bool:
    """The IBAN passes its check (ISO 13616: the country code and check digits moved to the
    end, letters read as 10 to 35, the number is 1 modulo 97). A real account passes; one
    typed for an example ("DE00123456789012345678") mostly does not, as a card number that
    fails the Luhn check is no card."""
    s = iban.replace(" ", "")
    return int("".join(str(int(c, 36)) for c in s[4:] + s[:4])) % 97 == 1


_UNEXPANDED = re.compile(r"\$\{[A-Z][A-Z0-9_]*\}|%[A-Z][A-Z0-9_]*%")
"""A variable written for a shell to expand (``${TABLE_NAME}``, ``%USERPROFILE%``)."""


def _unexpanded(key: str, value: str) -> str | None:
    """A shell variable in a short value no shell runs (a path, a query statement: ``DROP
    TABLE ${TABLE_NAME};``, ``%USERPROFILE%\\AppData``), or None: nothing fills it in, so the
    value is a template. A command a shell runs expands it (``rm -rf "$BUILD_DIR"`` is read by
    ``scope``)."""
    m = _UNEXPANDED.search(value) if len(value) <= 120 and "\n" not in value else None
    if m is None or (set(name_words(key)) & _keys("command") and not statement_kinds(value)):
        return None
    return m.group(0)


_DATE_MASK = re.compile(r"(?:([^\W\d_])\1{1,3}(?:[-/.:,\s]|T(?=[Hh])|[年月日時时分秒])?){2,}")
"""A date or time format mask, whole: runs of one letter each ("YYYY-MM-DD", "AAAA-MM-JJ",
"TT.MM.JJJJ", "ГГГГ-ММ-ДД", "HH:MM"), in any language's letters for year, month and day; read
with a month or minute run ``_MASK_MONTH`` beside (a mask, not a code of doubled letters)."""
_MASK_MONTH = re.compile(r"(?<![^\W\d_])(?:MM|mm|ММ|мм)(?![^\W\d_])")
_HOME_SLOT = re.compile(r"(?:/home/|/Users/|\b[A-Za-z]:\\+Users\\+)(?:user[-_]?name|your[-_]?"
                        r"(?:user[-_]?)?name|name)(?=[/\\\s\"']|$)", re.IGNORECASE)
"""A home directory whose account is the slot's name ("/home/username/", "C:\\Users\\YourName")."""
_REPO_SLOT = re.compile(
    r"(?<![\w./-])(?:https?://(?:www\.)?(?:github|gitlab)\.com/|git@(?:github|gitlab)\.com:)?"
    r"(?:owner|user|user[-_]?name|org|org[-_]?name|organi[sz]ation|namespace|group|account"
    r"|your[-_]?(?:org|name|user|username|account))"
    r"/(?:repo|repository|repo[-_]?name|repository[-_]name|project|project[-_]name)"
    r"(?:\.git)?(?![\w/-]|\.\w)", re.IGNORECASE)
"""A repository named by its two slots ("owner/repo", "org/repo", "github.com/user/repository")."""
_COMMAND_SLOT = re.compile(r"(?:^|(?<=\s))<(?:" + _SLOT_NOUN + r"|dir|pid|container|image|pod"
                           r"|service|port|ip|commit|hash|sha|version|tag|message|server|remote"
                           r"|package|process|job|node|volume|org|owner|target|source|dest)s?>"
                           r"(?=\s|[;,.]?$)", re.IGNORECASE)
"""One slot's name in angle brackets as a word of a command ("rm -rf <dir>", "git checkout
<branch>"): a shell reads no such word; the command is a template."""


_PATH_SEP = re.compile(r"[/\\]")
_LETTER_RUN = re.compile(r"[^\W\d_]+")


def _file_stem(value: str) -> str:
    """A path's last segment up to its first dot, casefolded ("src/hoge.txt" -> "hoge")."""
    last = value.strip()
    if "/" in last or "\\" in last:  # (else the split gives it whole)
        last = _PATH_SEP.split(last)[-1]
    return last.split(".")[0].casefold()


def _function_word(w: str) -> bool:
    """An article, a preposition or a conjunction of a lexicon language ("de", "the", "of")."""
    return any(sec in ("g-det", "g-prep", "g-and") for t in tongues() for sec in t.words.get(w, ()))


def _restates_slot(name: str, key: str, value: str, slot_words: frozenset[str]) -> bool:
    """A short value made only of slot nouns ("title", "Titel", "текст") and of the words of
    its own key or tool, with one slot noun at least ("bucket-name" in ``bucket``, "Event
    title", "Titre de l'événement", "Текст сообщения"): it names the field instead of filling
    it. Two to four such words; a word of its own ("Team event", "New name") is a value."""
    if len(value) > 60 or any(map(str.isdigit, value)):
        return False
    raw = _LETTER_RUN.findall(value.casefold())
    if slot_words.isdisjoint(raw):
        return False  # (most values: the lexicons' function words are then not looked up)
    words = [w for w in raw if len(w) > 1 and not _function_word(w)]
    if not 2 <= len(words) <= 4 or not any(w in slot_words for w in words):
        return False
    own = [*name_words(name), *name_words(key)]
    return all(w in slot_words or w in own or w.rstrip("s") in own or concept_names([w], own)
               for w in words)


def _key_words(key: str) -> frozenset[str]:
    """``name_words(key)`` as a set; a short key's from a cache (keys are few and recur; a
    long one is cut each time, so the cache holds no long text)."""
    return _short_key_words(key) if len(key) <= 64 else frozenset(name_words(key))


@lru_cache(maxsize=1024)
def _short_key_words(key: str) -> frozenset[str]:
    return frozenset(name_words(key))


def _slot_key(key: str) -> bool:
    """``_SLOT_KEY.search(key)``; a short key's from a cache (keys are few and recur)."""
    return _short_slot_key(key) if len(key) <= 64 else _SLOT_KEY.search(key) is not None


@lru_cache(maxsize=1024)
def _short_slot_key(key: str) -> bool:
    return _SLOT_KEY.search(key) is not None


def _slot_value(name: str, args: Mapping[str, Any],
                keyed: Iterable[tuple[str, str]] | None = None) -> str | None:
    """Why a value is a slot's name or a convention's stand-in rather than a value, or None:
    a date format mask where no format goes, an account or repository named by its slots, an
    angle-bracketed slot in a command; on a call that may change something also a
    metasyntactic name ("hoge.txt", "toto") or a value restating its own field."""
    lex = lexicon().recall
    changing: bool | None = None
    seen: set[tuple[str, str]] = set()
    for key, value in _keyed_strings(args) if keyed is None else keyed:
        if len(value) > 120 or "\n" in value:
            continue
        # a pair met before is read alike (it returned nothing, ``changing`` as it was then
        # or False): many rows of one array repeat their values ("tags": ["a", "b"])
        if (key, value) in seen:
            continue
        seen.add((key, value))
        v = value.strip()
        keys = _key_words(key)
        # (a mask is two runs of two letters at least)
        if len(v) >= 4 and _DATE_MASK.fullmatch(v) and _MASK_MONTH.search(v) \
                and not keys & _keys("format"):
            return f"{name!r} has the format mask {v!r} in its {key!r}, not a date"
        # (each of the two reads a "/" or a "\\" in every match)
        m = (_HOME_SLOT.search(v) or _REPO_SLOT.search(v)) if "/" in v or "\\" in v else None
        if m is None and "<" in v and keys & _keys("command"):  # (every match holds a "<")
            m = _COMMAND_SLOT.search(v)
        if m is not None:
            return f"{name!r} has the slot {m.group(0)!r} in its {key!r}"
        # (a command is no name: "foo.txt" run as a command is read by the rest of the rule)
        meta = not keys & _keys("command") and (
            v.casefold() in lex.metasyntactic or _file_stem(v) in lex.metasyntactic)
        if not meta and not _restates_slot(name, key, v, lex.slot_words):
            continue
        if changing is None:
            changing = not call_kinds(name, args) <= OBSERVING
        if changing:
            what = "the sample name" if meta else "a value restating its field,"
            return f"{name!r} has {what} {v[:40]!r} in its {key!r}"
    return None


@cache
def _placeholder_names() -> frozenset[str]:
    """[placeholder-names] in kinds.txt, casefolded: names that stand for any person."""
    return frozenset(" ".join(x.casefold().split()) for x in _kinds_file().get("placeholder-names", ()))


def _placeholder_address(value: str, written: str) -> str | None:
    """An email address whose local part is a placeholder name, its words joined by dots,
    underscores or hyphens ("jane.doe@gmail.com", "max_mustermann@firma.de"): the address of
    a person who stands for any person, whatever the domain; unless the text before the
    markup (``written``) gives that address."""
    for addr in addresses_in(value):
        local = " ".join(w for w in re.split(r"[._-]+", addr.split("@")[0].casefold()) if w)
        if local in _placeholder_names() and addr.casefold() not in written.casefold():
            return addr
    return None


def _walked(args: object) -> tuple[list[str], list[str]]:
    """``list(_strings(args, keys=False, numbers=False))`` and ``list(_strings(args,
    keys=False))`` in one walk (the same stack, the same order)."""
    strs: list[str] = []
    scalars: list[str] = []
    stack = [args]
    while stack:
        v = stack.pop()
        if type(v) is bool or v is None:
            continue  # (each test below is False on them: without the Mapping ABC's check)
        if isinstance(v, str):
            strs.append(v)
            scalars.append(v)
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            scalars.append(repr(v))
        elif type(v) is dict or isinstance(v, Mapping):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return strs, scalars


_FLAT = frozenset({str, int, float, bool, type(None)})
"""JSON's scalars: a dict of them under str keys is walked in one pass (``_walks``)."""


def _walks(args: object) -> tuple[list[str], list[str], list[tuple[str, str]],
                                  list[tuple[str, object]]]:
    """``_walked(args)``, ``list(_keyed_strings(args))`` and ``list(_leaves(args))``; for a
    dict of JSON scalars under str keys (most calls) read off its items in one pass, in the
    orders the walks give (``_walked`` pops the values off a stack: the last first)."""
    if type(args) is dict:
        items = list(args.items())
        if all(type(k) is str and type(x) in _FLAT for k, x in items):
            strs: list[str] = []
            scalars: list[str] = []
            for _, x in reversed(items):
                if type(x) is str:
                    strs.append(x)
                    scalars.append(x)
                elif type(x) is int or type(x) is float:
                    scalars.append(repr(x))
            return strs, scalars, [(k, x) for k, x in items if type(x) is str], items
    try:
        return native_walks(args)
    except (Foreign, RecursionError):
        pass
    strs, scalars = _walked(args)
    return strs, scalars, list(_keyed_strings(args)), list(_leaves(args))


_BATCH = 32
_COUNTED_GROUPS = _hint_groups(("123", "0000"))  # what every value _counted reads holds
"""From this many strings in a call, ``sample_arguments`` first asks each test's flag of them
all at once (``_Batch``)."""


def _separable(pattern: str, flags: int) -> bool:
    """``pattern`` matches a text's values joined by newlines wherever it matches one of them
    alone: it has no anchor (``^``, ``$``, ``\\A``, ``\\Z``) and no negative lookaround but
    ``(?<!\\w)``, ``(?<!\\w.)`` and ``(?!\\w)``, which a newline meets as the edge of the
    text (it is no word character, and ``.`` does not match it); ``\\b`` and positive
    lookarounds read a newline as an edge too, or find more."""
    if flags & (re.MULTILINE | re.DOTALL | re.VERBOSE):
        return False
    rest = pattern.replace(r"(?<!\w.)", "").replace(r"(?<!\w)", "").replace(r"(?!\w)", "")
    return not any(x in rest for x in ("(?<!", "(?!", "^", "$", r"\A", r"\Z"))


class _Batch:
    """Which tests of ``sample_arguments``' value loop may fire on any of a call's many string
    values, asked of the values joined by newlines: each flag is a condition every value the
    test fires on meets (a character or a literal each of its matches holds, or the test's own
    pattern where ``_separable`` says the joined text reads each value as the value alone
    reads), and the joined text meets it where one of its values does. A test whose flag is
    off fires on no value and is not asked of each: the loop's verdict is unchanged."""

    def __init__(self, strs: list[str]) -> None:
        j = "\n".join(strs)
        self._strs = strs
        self._text = j
        self._folded: str | None = None
        self._ends: list[int] | None = None
        # _counted reads a value holding one of these only
        self.counted = self.holding(_COUNTED_GROUPS, folded=False)
        # _may_hold_placeholder: a hint in the value's casefold, or a "<" (_ANGLE_HINT)
        self.placeholder = None if "<" in j else self.holding(_HINT_GROUPS, folded=True)
        # _WHOLE_PLACEHOLDER needs a "[" or a "<", _TEMPLATE_VALUE a "<", a "{" or a "$"
        self.whole = "<" in j or "[" in j or "{" in j or "$" in j
        self.slot = "<" in j or "{" in j
        self.names = _holds_any(self.folded(), _name_groups())
        self.address = "@" in j
        self.masked = _holds_any(j, _MASK_GROUPS)
        self.iban = j != j.lower()  # _IBAN starts with two capitals of A-Z
        self.elided = "." in j or "\u2026" in j  # _ELIDED, _ELLIPSIS
        self.meta = _holds_any(j, _META_GROUPS)
        self.comment = _comment_marked(j)
        self._recall: bool | None = None
        self._specimen: bool | None = None

    def holding(self, groups: _Groups[str], folded: bool) -> frozenset[str] | None:
        """The values that hold one of the hints of ``groups`` (``_hint_groups``; in their
        casefold when ``folded``), or None when any may (a casefold of another length than
        its text). No hint holds a newline, so an occurrence lies inside one value."""
        if folded and not self._text.isascii():
            return None  # (an ASCII text's casefold is as long, character for character)
        text = self.folded() if folded else self._text
        found: set[str] = set()
        for ch, hints in groups:
            if ch not in text:
                continue
            for ch2, h in hints:
                if ch2 not in text:
                    continue
                i = text.find(h)
                while i != -1:
                    if self._ends is None:  # where each value's newline stands
                        self._ends = list(map(add, accumulate(map(len, self._strs)),
                                              range(len(self._strs))))
                    # (i is no newline: the hint's first character)
                    found.add(self._strs[bisect_left(self._ends, i)])
                    i = text.find(h, i + 1)
        return frozenset(found)

    def folded(self) -> str:
        if self._folded is None:
            self._folded = self._text.casefold()
        return self._folded

    def recall(self) -> bool:
        """May ``lex.recall.placeholder`` find something in ``normalize`` of a value? Asked
        of the joined text when ``normalize`` is its casefold there as in each value (ASCII
        text, no emphasis marker) and the pattern is ``_separable``."""
        if self._recall is None:
            p = lexicon().recall.placeholder
            self._recall = not (self._plain() and _separable(p.pattern, p.flags)) or \
                p.search(self.folded()) is not None
        return self._recall

    def _plain(self) -> bool:
        """``normalize`` of each value is its casefold: ASCII text, no emphasis marker."""
        j = self._text
        return j.isascii() and "*" not in j and "_" not in j

    def specimen(self) -> bool:
        """May a word of ``normalize`` of a value be a ``lex.recall.specimen`` word? Asked of
        the distinct words of the joined casefold (a newline splits words as the values'
        edges do) when ``normalize`` is the casefold."""
        if self._specimen is None:
            p = lexicon().recall.specimen
            self._specimen = not self._plain() or any(
                p.fullmatch(w) for w in set(self.folded().split()))
        return self._specimen


class _Unbatched:
    """Every flag on: each test is asked of each value."""

    counted: frozenset[str] | None = None
    placeholder: frozenset[str] | None = None
    whole = slot = names = address = masked = iban = elided = True
    meta = comment = True

    @staticmethod
    def recall() -> bool:
        return True

    @staticmethod
    def specimen() -> bool:
        return True


_UNBATCHED = _Unbatched()


@cache
def _name_groups() -> _Groups[str]:
    """``_placeholder_names``' first words as hints: a value that is a placeholder name holds
    its name's first word (casefolded)."""
    return _hint_groups(tuple(sorted({n.split()[0] for n in _placeholder_names()})))


_SEEN_CHARS = 120
"""A value at most this long that ``sample_arguments`` met before in a call is not read again
(a longer one is not hashed to find out)."""


def sample_arguments(calls: Sequence[tuple[str, Mapping[str, Any]]], written: str = "") -> str | None:
    """Why the arguments look like a sample rather than a call (a placeholder value, a comment
    saying the value is an example or not to be run), or None. A placeholder name the text
    before the markup (``written``) writes is the one the reply names ("add John Doe to the
    address book"), not a sample."""
    lex = lexicon()
    for name, args in calls:
        strs, scalars, keyed, leaves = _walks(args)
        may: _Batch | _Unbatched = _Batch(strs) if len(strs) >= _BATCH else _UNBATCHED
        counting = may.counted
        counted = None if counting is not None and not counting else _counted(
            name, args, strs if counting is None else [s for s in strs if s in counting])
        if counted is not None:
            return f"{name!r} has the counted sample id {counted!r} in an argument"
        stock = _stock(name, args, written, scalars)
        if stock is not None:
            return f"{name!r} has {stock!r}, a value kept for samples, in an argument"
        slotted = _slot_value(name, args, keyed)
        if slotted is not None:
            return slotted
        for slot, text in keyed:
            var = _unexpanded(slot, text) if ("$" in text or "%" in text) else None
            if var is not None:
                return f"{name!r} has {var!r} in its {slot!r}, a variable nothing expands"
        for key, value in leaves:
            # a field for a name, a path or an id that describes what goes in ("你的仓库")
            if isinstance(value, str) and len(value) <= 60 and _slot_key(key) and (
                    m := lex.recall.placeholder_field.search(normalize(value))) is not None:
                return f"{name!r} has the placeholder {m.group(0)!r} in its {key!r}"
        seen: set[str] = set()
        for s in strs:
            # every test below reads ``s``, ``name``, ``written`` and the lexicons alone: a
            # short value met before in this call returned nothing then and does not now
            if len(s) <= _SEEN_CHARS:
                if s in seen:
                    continue
                seen.add(s)
            # a file's content (many lines) may document a placeholder; a value holds one
            m = _PLACEHOLDER.search(s) if (may.placeholder is None or s in may.placeholder) and \
                (len(s) <= 400 or "\n" not in s) and _may_hold_placeholder(s) else None
            if m is not None:
                return f"{name!r} has the placeholder {m.group(0)!r} in an argument"
            if may.whole and (_WHOLE_PLACEHOLDER.fullmatch(s) or _TEMPLATE_VALUE.fullmatch(s)):
                return f"{name!r} has the placeholder {s.strip()!r} as an argument"
            if may.names and len(s) <= 40 and (held := " ".join(s.casefold().split())) in \
                    _placeholder_names() and held not in " ".join(written.casefold().split()):
                return f"{name!r} has the placeholder name {s.strip()!r} as an argument"
            held_at = _placeholder_address(s, written) if may.address and "@" in s else None
            if held_at is not None:
                return f"{name!r} has the placeholder address {held_at!r} in an argument"
            short = len(s) <= 120 and "\n" not in s  # a value, not a file's content
            # (each pattern below reads at least as many characters as its length test asks)
            m = (_MASKED.search(s) or _EXAMPLE_KEY.search(s)) if may.masked and short and \
                len(s) >= 4 else None
            if m is not None:
                return f"{name!r} has the masked value {m.group(0)!r} in an argument"
            m = _SLOT.search(s) if may.slot and short and ("<" in s or "{" in s) else None
            if m is not None:
                return f"{name!r} has the slot {m.group(0)!r} in an argument"
            m = lex.recall.placeholder.search(normalize(s)) if short and may.recall() else None
            if m is not None:
                return f"{name!r} has the placeholder {m.group(0)!r} in an argument"
            m = _IBAN.search(s) if may.iban and short and len(s) >= 12 else None
            if m is not None and not _iban_checks(m.group(0)):
                return (f"{name!r} has {m.group(0)!r}, which fails the IBAN check: an account "
                        "made up as an example")
            if may.elided and _ELIDED.fullmatch(s.strip()):
                return f"{name!r} has the value {s.strip()!r}, cut short"
            if may.elided and _ELLIPSIS.fullmatch(s):
                return f"{name!r} has only the ellipsis {s.strip()!r} as an argument"
            if may.meta and short and len(s) >= 7 and ("b" in s or "q" in s) and \
                    len({w.casefold() for w in _METASYNTACTIC.findall(s)}) >= 2:
                return f"{name!r} has the sample names {s[:40]!r} in an argument"
            if len(s) <= 200 and 2 <= len(s.split()) <= 4 and may.specimen() and any(
                    lex.recall.specimen.fullmatch(w) for w in normalize(s).split()):
                # a short text saying it is an example ("Texto de ejemplo", "Sample body")
                return f"{name!r} has the sample text {s[:40]!r} as an argument"
            for c in _COMMENT.finditer(s) if may.comment and _comment_marked(s) else ():
                if _FILL_IN.search(c.group(1)):
                    return (f"{name!r} has a comment saying {c.group(1)[:40]!r} in an "
                            "argument")
                said = normalize(c.group(1))
                for cat in ("example", "not-to-run", "hypothetical"):
                    cue = bool(lex.cues[cat].search(said)) if cat in lex.cues else False
                    if not cue and cat == "not-to-run":
                        cue = bool(lex.not_to_run.spans(said))
                    if cue:
                        return f"{name!r} has a comment saying {c.group(1)[:40]!r} in an argument"
                if lex.negation.spans(said) and lex.execution.spans(said):
                    return f"{name!r} has a comment saying {c.group(1)[:40]!r} in an argument"
    return None
