"""Paired roles: two values a sentence writes around a word of a role keep their roles (r53
G7-G9, rule ``ungrounded-call``; read by ``parties.swapped``).

"I'll replace `verify=False` with `verify=True`.", "change `require_mfa` from `false` to
`true`", "post \"#incident-private\" to #status-public", "set `log_level` to `debug`": the
second value is the one the step puts (the new text, the setting's value, the destination),
the first the one it replaces or sends. ``roles`` binds a source and a destination written
after prepositions of both roles to keys of those roles; an edit's strings, a setting's
``value`` and a key no role section names were bound by nothing, so a call with the two
values the other way round, or with the replaced value alone, passed.

A pair is two values the text writes verbatim (``exactforms._verbatim``: code spans, quoted
strings, identifiers; the second may be a word, "into German") one after the other in a
sentence that announces a step, at most two words apart, with a word of [g-role-pair] between
them ("to", "in", "auf", "dans", "на", "成"), one of [g-role-pair-after] right after the
second (a postposition: "`B` に", "`B`로", "`B` ile") or one of [g-role-replace] between them
("with", "durch", "par": a replacement only, never a destination). A call is refused when

- it swaps them: an edit (keys of both an old and a new text: ``old_string``/``new_string``,
  ``search``/``replace``) whose new text holds the first value and not the second while its
  old text holds the second and not the first; any other call whose key of a put value
  ([keys-role-goal], [keys-destination], [keys-role-value], [keys-when], [keys-remote],
  [keys-recipient], [keys-address]; none of [keys-role-source]) holds the first value alone
  while a key of no such role, nor of a source's (``roles`` reads those), holds the second
  alone (``channel`` "#incident-private" + ``text`` "#status-public");
- it keeps the first: a key of a put value (an edit's new text; after a word of
  [g-role-replace], that or a ``value`` only) is the first value, and no call carries the
  second ("from `false` to `true`" + ``value: "false"``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .detect import detect
from .exactforms import _verbatim_at
from .kinds import name_words
from .kindsfile import section
from .marklists import section_entries
from .view import normalize
from .walk import _leaves
from .words import Tongue
from .written import _OLD

__all__ = ["crossed"]

_STOP = re.compile(r"[.!?]\s|[\n。！？;；]")
"""A sentence's end between two values: they are no pair."""
_ARROWS = ("→", "->", "=>", "⟶")
"""Notation for "becomes", in any language."""
_BETWEEN_WORDS = 2
"""The most words between the two values of a pair, the word of the role one of them ("from
`a` to `b`", "to channel #b"): "a webhook on URL for pushes in acme/parser" places the
webhook, not the URL, in the repository."""
_NEW = frozenset({"new", "replacement", "replace"})
"""Key name words of the text an edit writes (``new_string``, ``replace``)."""


@cache
def _put() -> frozenset[str]:
    """Key name words of a value a step puts: a destination, a setting's value, a time."""
    return (section("keys-role-goal") | section("keys-destination") | section("keys-role-value")
            | section("keys-when") | section("keys-remote") | section("keys-recipient")
            | section("keys-address")) - section("keys-role-source")


def _fold(s: str) -> str:
    return unicodedata.normalize("NFKC", s).casefold().strip()


def _marks(t: Tongue | None, name: str) -> list[str]:
    if t is None:
        return []
    return list(section_entries(t, name))


def _has(text: str, words: Sequence[str]) -> bool:
    low = text.casefold()
    for w in words:
        if w[:1].isascii() or not ("\u3040" <= w[:1] <= "\u9fff"):
            if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", low):
                return True
        elif w in low:
            return True
    return False


def _opens(text: str, words: Sequence[str]) -> bool:
    low = text.casefold().lstrip()
    return any(low.startswith(w) and (not w[:1].isascii() or not low[len(w):len(w) + 1].isalnum())
               for w in words)


def _announced(text: str, at: int) -> bool:
    """The sentence around ``at`` announces a step: a pair an observation writes ("a free
    slot from 10:00 to 10:59") is a range or a fact, no change."""
    from .preamble import Announcement, announce  # noqa: PLC0415 - preamble imports the whole stage

    before = [m.end() for m in _STOP.finditer(text, 0, at)]
    after = _STOP.search(text, at)
    sentence = text[before[-1] if before else 0: after.end() if after else len(text)]
    return isinstance(announce(normalize(sentence)), Announcement)


def pairs(text: str) -> list[tuple[str, str, bool, bool]]:
    """(first, second, second written verbatim, a replacement only) of each pair of values
    the text writes: a word of [g-role-replace] ("with") pairs a replaced value and its
    replacement, one of [g-role-pair] or [g-role-pair-after] ("to", "に") any two."""
    spans = sorted(_verbatim_at(text))
    out: list[tuple[str, str, bool, bool]] = []
    for k, (start, end, value) in enumerate(spans):
        line_start = max(text.rfind("\n", 0, start), 0)
        t = detect(text[line_start: text.find("\n", end) if "\n" in text[end:] else len(text)])
        between_marks = _marks(t, "g-role-pair")
        replace_marks = _marks(t, "g-role-replace")
        after_marks = _marks(t, "g-role-pair-after")
        nxt = spans[k + 1] if k + 1 < len(spans) else None
        if not _announced(text, start):
            continue
        if nxt is not None and nxt[0] >= end:
            between = text[end: nxt[0]]
            if not _STOP.search(between) and len(between.split()) <= _BETWEEN_WORDS:
                if _has(between, between_marks) or any(a in between for a in _ARROWS) \
                        or _opens(text[nxt[1]:], after_marks):
                    out.append((value, nxt[2], True, False))
                    continue
                if _has(between, replace_marks):
                    out.append((value, nxt[2], True, True))
                    continue
        # "translate \"merci\" into German": a word right after the word of the role
        m = re.match(r"\s*(\S+)\s+([^\W\d_][\w-]*)", text[end:])
        if m is not None and m[1].casefold() in between_marks \
                and (nxt is None or nxt[0] >= end + m.end()):
            out.append((value, m[2], False, False))
    return out


def _holds(value: str, x: str) -> bool:
    v, w = _fold(value), _fold(x)
    if not w or w not in v:
        return False
    return bool(re.search((r"(?<!\w)" if w[:1].isalnum() else "") + re.escape(w)
                          + (r"(?!\w)" if w[-1:].isalnum() else ""), v))


def crossed(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a call puts the value a pair replaces or sends where the pair puts the other, or
    keeps it where the other goes, or None."""
    if not text.strip():
        return None
    found = pairs(unicodedata.normalize("NFC", text))
    if not found:
        return None
    put = _put()
    everything = [str(v) for _n, a in calls for _k, v in _leaves(a)
                  if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
    for name, args in calls:
        leaves = [(str(k), str(v), set(name_words(str(k))))
                  for k, v in _leaves(args)
                  if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
        edit = any(w & _OLD for _k, _v, w in leaves) and any(w & _NEW for _k, _v, w in leaves)
        for first, second, verbatim, replacing in found:
            if edit:
                new = [(k, v) for k, v, w in leaves if w & _NEW and not w & _OLD]
                old = [(k, v) for k, v, w in leaves if w & _OLD and not w & _NEW]
            else:
                # a key of a source's role with one of the destination's is ``roles``' pair
                new = [(k, v) for k, v, w in leaves if w & put]
                old = [(k, v) for k, v, w in leaves if not w & put and not w & section("keys-role-source")]
            took = [(k, v) for k, v in new if _holds(v, first) and not _holds(v, second)]
            gave = [(k, v) for k, v in old if _holds(v, second) and not _holds(v, first)]
            if took and gave and (edit or not replacing):
                return (f"{name!r} puts {first[:40]!r} in {took[0][0]!r} and {second[:40]!r} in "
                        f"{gave[0][0]!r}, where the text puts {second[:40]!r} in place of or "
                        f"into {first[:40]!r}: the values' roles are swapped")
            if verbatim and not any(_holds(v, second) for v in everything):
                # a replacement keeps a value a setting or an edit writes, not a field ("from
                # 15:00 to 16:00 with bob@x" adds a guest)
                kept = next((k for k, v in new if _fold(v) == _fold(first) and (
                    edit or not replacing or set(name_words(k)) & section("keys-role-value"))), None)
                if kept is not None:
                    return (f"{name!r} sets {kept!r} to {first[:40]!r}, the value the text "
                            f"changes to {second[:40]!r}, which no call carries")
    return None
