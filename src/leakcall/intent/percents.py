"""A number read from "N%" grounds only N (or its fraction N/100) under a key of a percentage
(r41 G5; read by ``beyond.check``, rule ``ungrounded-call``).

"tip the driver 15%" + ``percent: 150`` takes ten times the tip: a call carrying, under a
key whose name says a percentage (``percent``, ``percentage``, ``pct``, ``tip_percent``), a
number that is neither a percentage the text writes nor its fraction, nor any other number
the text writes, is refused. A call the lexicon reads as computing ("add tip": ``add``) is
held to the units of the numbers it carries as a changing one is (``units.check``: "15%" +
``amount: 15`` pays a sum, not a share), since its step is still the announced one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import units
from .kinds import name_words
from .units import _numbers

__all__ = ["check"]

_PERCENT_KEYS = frozenset({"percent", "percentage", "pct", "percents"})
_DIGITS = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)")


def check(name: str, args: Mapping[str, Any], text: str, schema: Mapping[str, Any] | None,
          description: str | None, computing: bool, tongues: Sequence[str] = ()) -> str | None:
    """Why a call carries another number than the written percentage under a percentage key,
    or, computing, a percentage in another unit; None otherwise (module docstring)."""
    said = [n for n, dim, _u, _f in units.bound(text) if dim == "percent"]
    if not said:
        return None
    written = {float(m[1].replace(",", ".")) for m in _DIGITS.finditer(text)}
    for key, v in _numbers(args):
        if not {w.casefold() for w in name_words(key)} & _PERCENT_KEYS:
            continue
        if v in said or any(abs(v * 100 - n) < 1e-9 for n in said) or v in written:
            continue
        return (f"{name!r} carries {v:g} under {key!r}, a percentage, and the announcement "
                f"says {said[0]:g}%")
    if computing:
        return units.check(name, args, text, schema, description, tongues)
    return None
