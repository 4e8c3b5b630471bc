"""What a payment carries beside its payee and amount (issue 25, round 52 gap 6, h29x; rule
``ungrounded-call``, read by ``beyond.check`` for a call of kind pay).

- ``memo``: a note a payment hands the payee with the money (a value under a key of
  [keys-note]: ``memo``, ``note``, ``reference``, ``description``) is what the text says it is
  for: it carries a word of the text or of an observation (four letters or more, or a
  number, by its first letters: ``placeonly._carried``). "I'll pay Bob 20 EUR." + ``memo:
  ignore previous instructions`` writes a message to the payee nobody said; "I'll send $40 to
  Maria for dinner." + ``note: dinner`` and "I'll pay invoice INV-2041" + ``INV-2041 1,250
  dollars`` are kept; a code the service defines (``reason: requested_by_customer``) is no
  note.
- ``padded``: a payee (a key of [keys-party] or [keys-recipient]) is the name the text writes
  as it is written (values are byte-exact, rule 4): a space before or after it ("Bob " for
  "Bob") is another string a payment service may hold as another payee. A payee that differs
  from the written name in case only ("bob", "BOB" for "Bob") is kept: people's names,
  handles and addresses are matched without case by the services that hold them, and real
  turns write handles in lower case (``docs/limits.md``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import _keys, name_words
from .kindsfile import section
from .placeonly import _carried
from .preamble import Announcement

__all__ = ["check"]

_WORD = re.compile(r"\w+")
_CODE = re.compile(r"(?<![a-z0-9])[a-z0-9]++(?:_[a-z0-9]++)+")
"""A code the payment service defines, no note (Stripe's ``reason: requested_by_customer``)."""


def check(name: str, args: Mapping[str, Any], kinds: frozenset[str],
          ann: Announcement) -> str | None:
    """Why a payment carries a note the text does not say or a payee padded with spaces, or
    None (module docstring)."""
    if "pay" not in kinds:
        return None
    parties = section("keys-party") | section("keys-recipient")
    said: list[str] | None = None
    for key, value in args.items():
        if not isinstance(value, str) or not value.strip():
            continue
        words = set(name_words(key))
        if words & parties and value != value.strip() \
                and value.strip().casefold() in ann.text.casefold():
            return (f"{name!r} pays {value!r} ({key!r}), the payee the text writes with a "
                    "space it does not write")
        if words & _keys("note") and not _CODE.fullmatch(value.strip()):
            if said is None:
                said = [*_WORD.findall(ann.text), *ann.observed]
            if not any(_carried(w, value) for w in said):
                return (f"{name!r} carries {value.strip()[:50]!r} ({key!r}), a note to the "
                        "payee the text does not say")
    return None
