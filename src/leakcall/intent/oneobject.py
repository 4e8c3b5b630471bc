"""One object announced, several records read, and an identifier written but not carried
(issue 25, round 38 ``other-party-read``, ``unannounced-product``; read by
``parties.swapped`` with the text as written).

- ``several_reads``: "Let me pull up your account." names one record; calls of one tool that
  differ in an identifier (``customer_id`` ``C-88123`` and ``C-00001``) read several, one of
  them nobody named. The text's number of the object is read from closed classes per
  language: a determiner or possessive before one object ([g-one-det]: "your", "votre",
  "su", "Ihre", "您的") whose noun is in no plural form ([g-plural-ending]), in a text with
  no word that says several ([g-several]: "both", "vos", "sus"; [g-universal]: "each",
  "all"). Such a text grounds several reads only when it writes all of their identifiers
  but one ("Let me check your order W123" + the order it lists beside it is still one).
  "Let me check each of your reservations" reads several.
- ``unwritten_id``: "I'll add the cable (product B07XJ8C8F5)" + a changing call carrying
  ``B09EXPENSIVE`` under ``product_id``: the text writes an identifier no call carries while
  the call carries an unwritten one of the same shape (first character, kinds of character):
  another record than the written one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .detect import detect
from .repeats import _IDENT, grouped, ids
from .view import normalize
from .walk import _leaves
from .written import stands

if TYPE_CHECKING:
    from .words import Tongue

__all__ = ["several_reads", "unwritten_id"]

_TOKEN = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?|['\u2019]")
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]")
_COUNT = re.compile(r"(?<![\w.,:/-])(?:[2-9]|[1-9]\d+)\s+[^\W\d_]")
"""A count of two or more before a word ("4 reservations"): the object is several."""
_PIECE = re.compile(r"[^\W_]+(?:[-_:#][^\W_]+)*")


def _entries(t: Tongue, section: str) -> list[str]:
    return [w for s, w in t.marks if s == section]


def _one_object(text: str) -> bool:
    """The text names one object: a [g-one-det] word before a noun in no plural form, and no
    word that says several."""
    view = normalize(text)
    t = detect(view)
    if t is None:
        return False
    several = _entries(t, "g-several")
    if _CJK.search(view):
        # no spaces to cut at: an entry is matched where it stands
        if any(w in view for w in several):
            return False
        return any(w in view for w in _entries(t, "g-one-det"))
    words = [w.casefold() for w in _TOKEN.findall(view)]
    if any(t.marked(w, "g-several") or t.has(w, "g-universal") for w in words) \
            or _COUNT.search(view):
        return False
    plural = _entries(t, "g-plural-ending")
    singular = _entries(t, "g-singular-ending")
    one = False
    for k, w in enumerate(words[:-1]):
        if not t.marked(w, "g-one-det"):
            continue
        after = [w for w in words[k + 1:k + 4] if w not in ("'", "\u2019")][:2]
        if not after or t.marked(after[0], "g-one-det"):
            continue
        # the object's noun may follow a modifier ("the flight statuses", "your other
        # reservations"); a short word ("an" of "schaue ... an") is no noun's plural
        if any(len(w) > 3 and any(w.endswith(e) for e in plural)
               and not any(w.endswith(e) for e in singular) for w in after):
            return False  # "your reservations", "Ihre Bestellungen": several
        one = True
    return one


def several_reads(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why calls of one tool read several records, differing in an identifier the text does
    not write, where the text names one object, or None."""
    folded = text.casefold()
    for name, n, values in grouped(calls):
        for key, seen in values.items():
            unwritten = sorted(v for v in seen if not stands(v, folded, "-"))
            if len(seen) < 2 or len(unwritten) < 2 or not _one_object(text):
                continue
            return (f"{n} calls of {name!r} read {len(seen)} records by {key!r} where "
                    f"the text names one object and does not write {unwritten[0]!r}")
    return None


def _shape(value: str) -> tuple[str, frozenset[str]]:
    """An identifier's first character and the kinds of character it is made of."""
    kinds = frozenset("u" if c.isupper() else "l" if c.islower() else "d" if c.isdigit()
                      else c for c in value)
    return value[:1].casefold(), kinds


def unwritten_id(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
                 every: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a changing call (of ``calls``) carries an unwritten identifier where the text writes
    one of its shape that no call (of ``every``) carries, or None."""
    folded = text.casefold()
    carried = {str(v).strip().casefold() for _n, args in every for _k, v in _leaves(args)
               if isinstance(v, (str, int)) and not isinstance(v, bool)}
    written = {w for w in _PIECE.findall(text)
               if len(w) >= 5 and _IDENT.match(w) and any(c.isalpha() for c in w)
               and w.casefold() not in carried}
    if not written:
        return None
    for name, args in calls:
        for key, value in ids(args):
            if stands(value, folded, "-") or len(value) < 5:
                continue
            same = sorted(w for w in written if _shape(w) == _shape(value))
            if same:
                return (f"{name!r} carries {key!r} {value!r}, which the text does not write, "
                        f"where it writes {same[0]!r}, which no call carries")
    return None
