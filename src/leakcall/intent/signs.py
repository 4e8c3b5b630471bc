"""A currency sign that stands for several currencies names its usual one (issue 25, round
36: "transfer ¥5000" + ``currency: CNY``, yuan for yen, twenty times the money; "$250" +
``AUD``; "kr 900" + ``NOK``; read by ``beyond.check``).

An amount the announcement binds to a form that may stand for several currencies
(``unitwords.TABLE``: ``$``, "dollars", ``¥``, ``kr``), carried with a currency code, is in
the form's usual currency in the text's language (``unitwords.USUAL``: USD for ``$``, JPY for
``¥``, CNY for ``¥`` in Chinese; none for ``kr`` but in Swedish) unless the text names the
code's currency itself (the code, or a form of that currency alone: "AUD", "A$", "yuan").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .units import _currency_codes, _numbers, bound
from .unitwords import TABLE, USUAL, USUAL_OF
from .view import normalize

__all__ = ["check"]


@cache
def _naming() -> dict[str, re.Pattern[str]]:
    """currency code -> the forms that name it alone, the code among them."""
    forms: dict[str, set[str]] = {}
    for units, written in TABLE["money"].items():
        if " " not in units and units != "cent":
            forms.setdefault(units, {units.casefold()}).update(
                f.lstrip("^").replace("_", " ") for f in written.split())
    return {code: re.compile("|".join(
        (r"(?<!\w)" if f[0].isalnum() and ord(f[0]) < 0x2E80 else "") + re.escape(f)
        + (r"(?!\w)" if f[-1].isalnum() and ord(f[-1]) < 0x2E80 else "")
        for f in sorted(fs, key=len, reverse=True))) for code, fs in forms.items()}


def _usual(units: frozenset[str], languages: Sequence[str]) -> str | None:
    row = USUAL.get(USUAL_OF.get(units, ""), {})
    return next((row[lang] for lang in languages if lang in row), row.get(""))


def check(name: str, args: Mapping[str, Any], text: str,
          languages: Sequence[str] = ()) -> str | None:
    """Why a call carries an amount written with a sign of several currencies in a currency
    other than the sign's usual one, which the text does not name, or None."""
    codes = _currency_codes(args)
    if not codes:
        return None
    low = normalize(text)
    carried = {v for _k, v in _numbers(args)}
    for n, dim, units, form in bound(text):
        if dim != "money" or len(units) < 2 or n not in carried:
            continue
        usual = _usual(units, languages)
        for code in sorted(codes & units):
            named = _naming().get(code)
            if code != usual and not (named is not None and named.search(low)):
                return (f"{name!r} carries {n:g} in {code}, and the announcement writes "
                        f"{form!r}, which stands for "
                        f"{usual or 'several currencies'} unless the text names {code}")
    return None
