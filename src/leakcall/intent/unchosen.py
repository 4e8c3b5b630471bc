"""Objects the text does not choose (issue 25, round 53, gaps 3-5; a pass of ``later``).

An announcement names the step's object. Three shapes name objects the step is not yet taken
on, and refuse wherever they stand in a step's sentence:

- **a sample** (rule ``declared-example``): a sample marker ([g-sample]: "such as", "like",
  "wie", "comme", "como", "zoals", "вроде", "같은") between a noun of a kind and an object
  written out ("a file such as `prod.db`", "a command like `git push --force`", "eine Datei
  wie `x`"; postpositive, [g-sample-after]: "`prod.db` 같은 파일"), as "for example" is
  ([g-for-instance]). The noun is an instance's ([g-sample-det]: "a", "some", "un") or bare
  ("files such as"); after a definite one the marker says "as" ("guardo el archivo como
  `x.csv`"), and a marker after no noun
  ("looks like `x`", "(like `VarianceThreshold()`)") or before no written object ("a list
  like this one", "I'd like to") is left alone;
- **a disjunction of objects** (rule ``conditional``): a coordinator "or" ([g-or]: "or",
  "oder", "ou", "o", "of", "или", "或", "または", "또는", "lub", "veya") between two objects
  written out, the second maybe after an article and a noun ("delete `tmp.db` or `prod.db`",
  "(or `prod.db`)", "or the file `prod.db`"): one step whose object is
  still to choose, whichever call follows. Inside a question of a check ("whether `X` or `Y`
  is set") or in a sentence with no step (an observation) it is not read;
- **one of several** (rule ``conditional``): the number one in its partitive frame
  ([g-one-of]: "one of", "a single", "eine von", "uno de", "uno tra", "um de", "один из")
  before two or more objects written out ("delete one of `a.log`, `b.log` and `prod.db`"):
  the text counts one and does not say which;
- **a quantity of several** (rule ``conditional``, h46i, round 63 G1): any quantity in the
  same frame (``_counted_among``: "two of", "the first of", "most of", "at most two of",
  "half of", "zwei von", "два из") or after a postposition of the whole that follows the
  list ([g-among]: "`a`, `b`, `c` 중 두 개", "のうち2つ", "其中两个"): the text counts
  among the objects and does not say which; a word of all ("all of", "each of", "every one
  of", "cada uno de") or a count of every one ("all three of") is the list itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .figures import CARDINALS
from .protocols import Token, Tongue

__all__ = ["unchosen"]

T = TypeVar("T", bound=Token)

_STEP = frozenset({"OPENER", "ACTING", "FINAL"})
"""Token classes only a step's sentence holds (a first-person opener, an acting verb, an SOV
step's ending)."""

_MARK_SPAN = 4
"""The most tokens one marker entry spans ("one", "of"; "같", "은"; "along the lines of")."""


def _written(x: Token) -> bool:
    """The token is an object written out: a code span, a number, or a word holding a digit, an
    address sign, a slash or an inner dot ("de4450…", "bob@example.com", "a.log")."""
    return x.kind in ("CODE", "NUM") or (x.kind == "OPEN" and (
        any(c.isdigit() or c in "@/_" for c in x.text) or "." in x.text.strip(".")))


def _marked(tokens: Sequence[Token], k: int, t: Tongue, section: str) -> int:
    """How many tokens from ``k`` make an entry of the mark ``section`` (0: none), written
    with spaces ("one of") or run together ("같은" cut as "같" and "은")."""
    for n in range(min(_MARK_SPAN, len(tokens) - k), 0, -1):
        texts = [x.text for x in tokens[k : k + n]]
        if t.marked(" ".join(texts), section) or (n > 1 and t.marked("".join(texts), section)):
            return n
    return 0


def _plain(x: Token) -> bool:
    """A plain word, no written object (a noun, an adjective, or a verb)."""
    return x.kind == "OPEN" and not _written(x)


def _sample_before(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The marker at ``k`` follows an indefinite noun phrase ("a file", "a cleanup command") or
    a bare one right after the step's verb ("delete files", "удалю файл"); not a definite one
    ("el archivo como": "as"), nor a verb alone ("looks like")."""
    j = k - 1
    while j >= 0 and _plain(tokens[j]):
        j -= 1
    run = tokens[j + 1 : k]
    if not run:
        return False
    if j >= 0 and tokens[j].kind == "DET":
        return t.marked(tokens[j].text, "g-sample-det")
    if j >= 0 and tokens[j].kind == "ACTING":
        return True
    if j >= 0 and tokens[j].kind == "PREP" and t.has(tokens[j].text, "g-search-prep"):
        return True  # "search for files like `x.db`": a search's bare object, as a verb's
    # "I'll delete files such as": the verb of a kind, then the bare noun
    return (j < 0 or tokens[j].kind in ("OPENER", "ADV")) and len(run) > 1 and t.kind_of(
        run[0].text) not in (None, "generic")


def _headed(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """A word standing for a thing not named ([g-sample-head]: "something", "quelque chose",
    "etwas", "algo") ends right before the marker at ``k``: "search the web for something
    like `X`" says `X` is a sample as "a file like `X`" does, whatever stands before it."""
    return any(k - n >= 0 and all(_plain(x) for x in tokens[k - n : k])
               and t.marked(" ".join(x.text for x in tokens[k - n : k]), "g-sample-head")
               for n in (1, 2))


def _aside(tokens: Sequence[Token], k: int, t: Tongue) -> int:
    """How many tokens from ``k`` make a sample word set off by commas right before an object
    written out ([g-sample-aside]: "for, say, `X`", "disons", "digamos"); 0: none."""
    if k == 0 or tokens[k - 1].kind not in ("COMMA", "LPAR"):
        return 0
    n = _marked(tokens, k, t, "g-sample-aside")
    return n if n and k + n < len(tokens) and tokens[k + n].kind == "COMMA" and _side(
        tokens, k + n + 1) else 0


def _step_after(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """A noun follows the postpositive marker at ``k``, after an article of an instance
    ([g-sample-det]: "`prod.db` 같은 파일을 삭제", "`prod.db` gibi bir dosyayı")."""
    if k < len(tokens) and tokens[k].kind == "DET" and t.marked(tokens[k].text, "g-sample-det"):
        k += 1
    return k < len(tokens) and _plain(tokens[k])


def _skip(tokens: Sequence[Token], k: int, step: int) -> int:
    """The index from ``k`` on, in direction ``step``, past brackets and commas."""
    while 0 <= k < len(tokens) and tokens[k].kind in ("LPAR", "RPAR", "COMMA"):
        k += step
    return k


def _listed(tokens: Sequence[Token], k: int) -> int:
    """How many objects written out the list from ``k`` holds, past an article and nouns
    ("the accounts DE… and GB…", "orders 31877, 31878 and 31879"), joined by commas and
    coordinators."""
    while k < len(tokens) and (tokens[k].kind == "DET" or _plain(tokens[k])):
        k += 1
    n = 0
    while k < len(tokens) and (_written(tokens[k]) or tokens[k].kind in ("COMMA", "AND")):
        n += _written(tokens[k])
        k += 1
    return n


def _side(tokens: Sequence[Token], k: int) -> bool:
    return 0 <= k < len(tokens) and _written(tokens[k])


def _named_after(tokens: Sequence[Token], k: int) -> bool:
    """An object written out stands at ``k``, or after an article and up to two plain words
    ("or the file `prod.db`")."""
    if k < len(tokens) and tokens[k].kind == "DET":
        k += 1
    for _ in range(2):
        if k < len(tokens) and _plain(tokens[k]):
            k += 1
    return _side(tokens, k)


def unchosen(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, each marker of an object not chosen read as refusing (module docstring)."""
    out = list(tokens)
    step = any(x.kind in _STEP for x in out)
    asked = False  # inside a check's question ("whether `X` or `Y` is set")
    k = 0
    while k < len(out):
        x = out[k]
        n = _marked(out, k, t, "g-sample")
        after = 0 if n else _marked(out, k, t, "g-sample-after")
        aside = 0 if n or after else _aside(out, k, t)
        if (n and (_sample_before(out, k, t) or _headed(out, k, t)) and _side(out, k + n)) or (
                after and _side(out, k - 1) and _step_after(out, k + after, t)) or aside:
            n = n or after or aside
            out[k] = cast(Any, replace)(x, kind="!declared-example")
            k += n
            continue
        if step and not asked and t.marked(x.text, "g-or") and _side(
                out, _skip(out, k - 1, -1)) and _named_after(out, _skip(out, k + 1, 1)):
            out[k] = cast(Any, replace)(x, kind="!conditional")
            k += 1
            continue
        asked = asked or x.kind == "INQUIRY"  # (Dutch "of" is "whether" too: read as "or" above)
        n = _marked(out, k, t, "g-one-of")
        if step and not asked and n and _listed(out, k + n) >= 2 and not _of_all(out, k, t):
            out[k] = cast(Any, replace)(x, kind="!conditional")
            k += n
            continue
        if step and not asked and k and _counted_among(out, k, t):
            out[k - 1] = cast(Any, replace)(out[k - 1], kind="!conditional")
        elif step and not asked and _among_after(out, k, t):
            out[k + 1] = cast(Any, replace)(out[k + 1], kind="!conditional")
            k += 2
            continue
        k += 1
    return out


def _of_all(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """A word of all ([g-plan-all]: "all", "each", "both"; [g-universal]: "every", "alle",
    "todos", "все") stands among the two tokens before ``k`` ("every one of", "all three
    of", "alle von"), but one whose frame with ``k`` is a part's ([g-partitive]: "any of");
    "all but one of" leaves one out."""
    at = tokens[k].text.casefold()
    return any(t.marked(w, "g-plan-all") or (
        t.has(w, "g-universal") and not t.marked(f"{w} {at}", "g-partitive"))
        for x in tokens[max(0, k - 2) : k] for w in x.text.casefold().split())


def _quantity(x: Token, t: Tongue) -> bool:
    """The token says how many or which of several: a determiner of a quantity ("some",
    "most", "any", "few"; none of one object, [g-one-det]: "the", "your"), a pronoun ("one",
    "either"), a number, a numeral word, a word that bounds a count ([g-count-lead]:
    "first", "last", "next", "oldest") or an ordinal ([g-ordinal]: "second", "zweite")."""
    w = x.text.casefold()
    return (x.kind == "DET" and not t.marked(w, "g-one-det")) or x.kind == "PRON" or (
        x.kind == "NUM" and w.isdigit()) or w in CARDINALS or t.marked(w, "g-count-lead") or (
        t.marked(w, "g-ordinal"))


def _counted_among(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The preposition of the whole at ``k`` ([g-of-owner], [g-part-from], or the one ending a
    [g-one-of] frame: "of", "von", "de", "из", "from", "tra") stands in a partitive frame before
    two or more objects written out: a quantity right before it ("two of", "the first of", "most
    of", "at most two of"), or a part frame ending in it ([g-partitive]: "half of"). The text
    counts among the objects and does not say which, unless it speaks of all ("all of", "each
    of", "every one of", "both of") or counts every one ("all three of", "the two of `a` and
    `b`")."""
    x = tokens[k]
    if x.kind != "PREP":
        return False
    listed = _listed(tokens, k + 1)
    if listed < 2 or _of_all(tokens, k, t):
        return False
    p = x.text.casefold()
    if not (t.marked(p, "g-of-owner") or t.has(p, "g-part-from") or any(
            s == "g-one-of" and e.rsplit(None, 1)[-1] == p for s, e in t.marks)):
        return False  # the preposition of the one-of frame too ("uno tra", "een van")
    head = tokens[k - 1]
    if head.text.casefold() in CARDINALS and CARDINALS[head.text.casefold()] >= listed:
        return False  # "the three of `a`, `b` and `c`": every one (more: ``writtenfiles``)
    if head.kind == "NUM" and head.text.isdigit() and int(head.text) >= listed:
        return False
    return _quantity(head, t) or any(
        k + 1 - n >= 0 and _marked(tokens, k + 1 - n, t, "g-partitive") == n
        for n in range(2, _MARK_SPAN + 1))


_JOINS = frozenset({"COMMA", "AND", "PREP", "POSTP"})
"""Tokens between two objects of a list written before a postposition ("、", "和", "と")."""


def _among_after(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The object written out at ``k`` ends a list of two or more, and a postposition of the
    whole follows it ([g-among]: "중", "のうち", "中的", "其中"): "`a`, `b`, `c` 중 두 개",
    "`a`、`b`、`c` のうち2つ", "`a`、`b` 和 `c` 中的一些" count among the objects, as "two
    of" does, unless a word of all comes next ([g-universal]: "중 모두", "中的所有")."""
    if not _written(tokens[k]) or k + 1 >= len(tokens):
        return False
    n, j = 1, k - 1
    while j > 0 and tokens[j].kind in _JOINS and _written(tokens[j - 1]):
        n, j = n + 1, j - 2
    if n < 2:
        return False
    rest = "".join(x.text.casefold() for x in tokens[k + 1 : k + 4])
    marks = [e for s, e in t.marks if s == "g-among" and rest.startswith(e)]
    if not marks:
        return False
    after = rest[len(max(marks, key=len)):]
    return bool(after) and not any(t.has(after[:i], "g-universal") for i in range(1, 7))
