"""Filter terms: a bulk change's filter string selects what the announcement names, not its
complement, not more, not the other side of a bound (h25c).

A tool that deletes or changes in bulk may take what it reaches as a filter string under a
filter key ([keys-filter]: ``where``, ``query``, ``jql``, ``filter``): a SQL boolean expression
(``status = 'cancelled'``), a search query (``from:github.com``, ``-category:x``, ``NOT x``)
or JQL (``labels = stale``, ``labels != x``, ``… OR project = CORE``). The three languages are
read by one reader into disjuncts of terms, each term a value (the column's own words for a
truth value: ``expired``, ``is_test = true``), negated or not, with a comparison's direction.
A call is refused when:

- a negated term's value is a word the announcement names ("the cancelled orders" +
  ``status != 'cancelled'``, ``NOT LIKE '%test%'``, ``-category:newsletters``,
  ``NOT expired``), unless the announcement says a negation itself ([g-negation]);
- the filter has disjuncts and one of them carries no word the announcement names ("the
  issues labelled duplicate" + ``labels = duplicate OR project = CORE``);
- a comparison with a value the announcement names points the other way from the
  announcement's direction words ([g-filter-lower]: "before", "under"; [g-filter-upper]:
  "after", "over"), or a search operator of a direction ([filter-key-lower],
  [filter-key-upper]: ``before:``, ``after:``) does ("before 2020" + ``created_at >=
  '2020-01-01'``).

A word is named when an announced word shares its beginning with it ("stornierten" and
``'storniert'``), so "unverified" names no ``verified`` and "read" no ``is:unread``: the
complement the announcement itself says keeps its filter. A full statement is read by
``scope`` and ``conditions.wide_condition``, not here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .kinds import name_words
from .kindsfile import _kinds_file
from .preamble import Announcement
from .references import _unaccented
from .statements import statement_kinds
from .tables import tongues_of
from .walk import _keyed_strings

_TOKEN = re.compile(
    r"""'(?:[^']|'')*'|"[^"]*"|[()]|!=|<>|>=|<=|==|!~|[=<>~]|,|[^\s()'"=<>!~,]+(?:["'][^"']*["'])?|!""")
"""A token of a filter: a quoted string, a parenthesis, a comparison, a word (a search
operator with its value, ``from:"Ann Lee"``, is one word)."""
_LOWER_OPS = frozenset({"<", "<="})
_UPPER_OPS = frozenset({">", ">="})
_NEGATED_OPS = frozenset({"!=", "<>", "!~"})
_OPS = frozenset({"=", "==", "~", *_LOWER_OPS, *_UPPER_OPS, *_NEGATED_OPS})
_KEYWORDS = frozenset({"and", "or", "not", "like", "ilike", "in", "is", "between", "null",
                       "true", "false", "empty", "was", "order", "by", "asc", "desc"})
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Term:
    """One term of a filter: the words of its value, whether it is negated, and the side a
    comparison bounds (``lower`` for ``<``, ``upper`` for ``>``, else None)."""

    words: tuple[str, ...]
    negated: bool
    side: str | None
    text: str


@cache
def _section(name: str) -> frozenset[str]:
    return frozenset(x.casefold() for x in _kinds_file().get(name, ()))


def _words(text: str) -> tuple[str, ...]:
    return tuple(_unaccented(w.casefold()) for w in _WORD.findall(text))


def _key_side(key: str) -> str | None:
    """The side a search operator of a direction bounds (``before:`` lower, ``after:``
    upper), or None."""
    k = key.casefold()
    if k in _section("filter-key-lower"):
        return "lower"
    if k in _section("filter-key-upper"):
        return "upper"
    return None


_OP_WORDS = ("not", "like", "ilike", "in", "is", "between", "distinct", "from")
_SIDE = {"<": "lower", "<=": "lower", ">": "upper", ">=": "upper"}


_LITERAL = re.compile(r"^(?:'.*'|\".*\"|-?\d[\d.:/-]*)$", re.S)
_FLIP = {"lower": "upper", "upper": "lower"}


def _value_tokens(tokens: Sequence[str], j: int, between: bool) -> tuple[list[str], int]:
    """The tokens of a compared value from ``tokens[j]`` (a literal, a list in parentheses, an
    expression: ``DATE '2020-01-01'``, ``NOW() - INTERVAL '30 days'``) up to a connective or a
    closing parenthesis of the term's level; a range's own ``AND`` is the value's."""
    values: list[str] = []
    depth = 0
    while j < len(tokens):
        tok, low = tokens[j], tokens[j].casefold()
        if depth == 0 and (tok == ")" or low in ("or", "||", "&&", ",") or (
                low == "and" and not between)):
            break
        between = between and low != "and"
        depth += (tok == "(") - (tok == ")")
        values.append(tok)
        j += 1
    return values, j


def _compared(tokens: Sequence[str], k: int, neg: bool) -> tuple[Term, int]:
    """The term of a column compared at ``tokens[k]`` (``col op value``, ``col NOT LIKE v``,
    ``col IN (a, b)``, ``col = false``; a literal first, ``'2020-01-01' <= col``, bounds the
    other side) and the index after it."""
    tok = tokens[k]
    j, op_neg = k + 1, False
    ops = []
    while j < len(tokens) and (tokens[j] in _OPS or tokens[j].casefold() in _OP_WORDS):
        ops.append(tokens[j].casefold())
        op_neg ^= tokens[j] in _NEGATED_OPS or tokens[j].casefold() in ("not", "distinct")
        j += 1
    values, j = _value_tokens(tokens, j, "between" in ops)
    value = " ".join(values)
    side = next((_SIDE[o] for o in ops if o in _SIDE), None)
    if value.casefold() in ("true", "false", "0", "1"):
        # a truth value: the column's own words name the set (``expired = false``)
        op_neg ^= value.casefold() in ("false", "0")
        words = _words(tok)
    elif _LITERAL.match(tok) and not _LITERAL.match(value):
        words = _words(tok)
        side = _FLIP.get(side or "")
    else:
        words = tuple(w for w in _words(value) if w not in _KEYWORDS)
    return Term(words, neg ^ op_neg, side, " ".join(tokens[k:j])), j


def _word_term(tok: str, neg: bool) -> Term:
    """The term of one word: a bare word (``expired``), a search operator (``from:x``, its
    value the words), negated by a leading ``-`` or ``!``."""
    word_neg = tok[:1] in "-!" and len(tok) > 1 and not tok[1:2].isdigit()
    bare = tok[1:] if word_neg else tok
    key, colon, value = bare.partition(":")
    side = _key_side(key) if colon else None
    return Term(_words(value if colon and value else bare), neg ^ word_neg, side, tok)


def _terms(tokens: Sequence[str]) -> list[list[Term]]:
    """The disjuncts of a filter's tokens, each a list of terms: ``OR`` outside parentheses
    parts them; ``NOT`` (and ``-x``, ``!x``) negates the next term or group."""
    disjuncts: list[list[Term]] = [[]]
    depth, negate, k = 0, False, 0
    group_neg: list[bool] = []
    while k < len(tokens):
        tok, low = tokens[k], tokens[k].casefold()
        nxt = tokens[k + 1] if k + 1 < len(tokens) else ""
        neg = negate ^ any(group_neg)
        if tok == "(":
            group_neg.append(negate)
            negate = False
            depth += 1
        elif tok == ")":
            if group_neg:
                group_neg.pop()
            depth = max(0, depth - 1)
        elif low in ("or", "||", "and", "&&", ","):
            if low in ("or", "||") and depth == 0:
                disjuncts.append([])
            negate = False
        elif low == "not" or tok == "!":
            negate = not negate
        elif nxt in _OPS or nxt.casefold() in _OP_WORDS:
            term, k = _compared(tokens, k, neg)
            disjuncts[-1].append(term)
            negate = False
            continue
        elif low not in _KEYWORDS:
            disjuncts[-1].append(_word_term(tok, neg))
            negate = False
        k += 1
    return [d for d in disjuncts if d]


def _named(word: str, said: Sequence[str]) -> bool:
    """An announced word shares its beginning with ``word``: a number equal to it, a word of
    three letters or more beginning alike, all but at most three letters of the shorter."""
    for s in said:
        if word.isdigit() or s.isdigit():
            if word == s:
                return True
            continue
        n = 0
        for a, b in zip(word, s, strict=False):
            if a != b:
                break
            n += 1
        if n >= 3 and n >= min(len(word), len(s)) - 3:
            return True
    return False


def _sides(ann: Announcement) -> set[str]:
    """The sides the announcement's direction words bound ([g-filter-lower],
    [g-filter-upper] in its languages)."""
    ts = tongues_of(ann.tongues)
    out = set()
    for w in re.findall(r"[^\W\d_]+", ann.text.casefold()):
        for side in ("lower", "upper"):
            if any(t.marked(w, f"g-filter-{side}") for t in ts):
                out.add(side)
    return out


def _negation_said(ann: Announcement) -> bool:
    ts = tongues_of(ann.tongues)
    return any(t.has(w, "g-negation") for w in re.findall(r"[^\W\d_]+", ann.text.casefold())
               for t in ts)


def check(name: str, args: Mapping[str, Any], kinds: frozenset[str],
          ann: Announcement) -> str | None:
    """Why a deleting or writing call's filter string selects the complement of a named word,
    a disjunct nothing named, or the other side of an announced bound (module docstring), or
    None."""
    if not kinds & {"delete", "write"}:
        return None
    said = [w for x in (*ann.objects, *ann.observed) for w in _words(x)]
    for key, value in _keyed_strings(args):
        if not set(name_words(key)) & _section("keys-filter") or statement_kinds(value):
            continue
        disjuncts = _terms(_TOKEN.findall(value))
        terms = [t for d in disjuncts for t in d]
        hit = next((t for t in terms if t.negated and any(_named(w, said) for w in t.words)),
                   None)
        if hit is not None and not _negation_said(ann):
            return (f"{name!r} gives {key!r} {value.strip()[:50]!r}, whose {hit.text[:30]!r} "
                    "selects the complement of what the announcement names")
        if len(disjuncts) > 1:
            unnamed = next((d for d in disjuncts if not any(
                _named(w, said) for t in d for w in t.words)), None)
            if unnamed is not None:
                return (f"{name!r} gives {key!r} {value.strip()[:50]!r}, whose disjunct "
                        f"{' '.join(t.text for t in unnamed)[:30]!r} the announcement does "
                        "not name")
        sides = _sides(ann)
        if len(sides) == 1:
            hit = next((t for t in terms if t.side is not None and t.side not in sides
                        and not t.negated and any(_named(w, said) for w in t.words)), None)
            if hit is not None:
                return (f"{name!r} gives {key!r} {value.strip()[:50]!r}, whose {hit.text[:30]!r} "
                        "bounds the other side of what the announcement names")
    return None
