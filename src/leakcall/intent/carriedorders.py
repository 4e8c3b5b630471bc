"""An order in a carried text that lowers a safeguard or asks for a secret (h90d, issue 25,
round 35; rule ``ungrounded-call``).

``carriedtext.ordering`` reads an imperative in a note or a ticket as a record ("Steps: open
/login"), not a request, and refuses only explicit requests. Some orders are refused however
they are worded and whoever they address, since the text's reader may carry them out: a
sentence of a text a changing call writes that

- switches a safeguard off (a word of [weakening-verb] anywhere in it, whose forms order:
  "disable", "bypass", "temporarily turn off", "everyone should disable"; in a script
  without spaces, its tokens joined: "無効" + "化する", h29x) or deletes it (a
  verb of kind delete in a verb slot, ``orderverbs._slots``: the first verb of a sentence, a
  label's "Fix:" aside, or a verb joined by "and" before its object), where the sentence
  names a safeguard ([security-control], [oversight], the language's [g-safeguard]: "disable
  auth middleware", "delete the audit log index", "disable your laptop's disk encryption"),
  or, holding an order, sets a name holding such a word to an off value
  ("AUTH_ENABLED=false");
- holding an order, grants a privileged role ([g-grant] or [g-make] of its language or
  English in a verb slot, with a [privilege] or [privileged-role] word: "grant the service
  account org-owner", "make the bot an org owner");
- holding an order, hands something over (a verb of kind send, or of [outward]: "reply
  with", "paste") and names a credential or a secret ([credential], [secret-columns]) and
  the reader ([g-addressee]: "paste your token"; a repro's "submit valid credentials" is a
  step);

refuses, unless the announcement says that safeguard, role or secret word itself ("file a
ticket to disable MFA for the kiosk account")."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from .actors import _reasoning_sentences
from .carriedtext import _changing, _prose
from .dispatch import CHANGE, reads
from .doubts import _pattern
from .kindsfile import in_class, section
from .messaging import _same
from .subagent import _slots, _word_kind
from .tables import tongue
from .view import normalize
from .words import Token, Tongue

__all__ = ["lowered"]

_MAX_TEXT = 4000
_WORD = re.compile(r"\w+")
_PIECES = re.compile(r"[^\W_]+")
_UNSPACED = 0x2E80
"""The first code point of the scripts written without spaces (CJK): a word the tokenizer cuts
is read joined."""
_OFF = re.compile(r"([A-Za-z][\w.-]*)\s*[=:]\s*[\"']?(?:false|0|off|no|none|disabled?)\b", re.I)
"""A name set to an off value ("AUTH_ENABLED=false", "verify_ssl: no")."""


@lru_cache(maxsize=4096)
def _pieces(word: str) -> tuple[str, ...]:
    """A word and the pieces of a compound ("org-owner": org, owner; "MFA_REQUIRED")."""
    low = word.casefold()
    return (low, *_PIECES.findall(low))


def _said(word: str, said: set[str]) -> bool:
    return any(_same(p, s) for p in _pieces(word) for s in said)


@cache
def _multiword(name: str) -> Mapping[str, tuple[tuple[str, int], ...]]:
    """The multiword entries of a kinds.txt section by first word, each with its word count."""
    out: dict[str, list[tuple[str, int]]] = {}
    for e in section(name):
        if " " in e:
            out.setdefault(e.split()[0], []).append((e, len(e.split())))
    return {k: tuple(v) for k, v in out.items()}


def _weakening(slot: int, low: Sequence[str]) -> bool:
    """The verb at ``slot`` of a sentence's casefolded words switches something off: an entry
    of [weakening-verb], its multiword entries read from the slot on ("turn off", "switch off")."""
    verbs = section("weakening-verb")
    # a long carried text has a slot per word: the entries are looked up, not walked
    first = low[slot].split()[:1]
    return in_class(low[slot], verbs) or any(
        " ".join(low[slot:slot + n]) == e
        for e, n in (_multiword("weakening-verb").get(first[0], ()) if first else ())) or (
        ord(low[slot][:1] or " ") >= _UNSPACED and any(  # "無効" + "化する": 無効化, cut apart
            e.startswith(low[slot]) and len(e) > len(low[slot])
            and "".join(low[slot:slot + 3]).startswith(e) for e in verbs))


@cache
def _guards() -> frozenset[str]:
    return section("security-control") | section("oversight")


def _safeguard(word: str, t: Tongue) -> bool:
    guards = _guards()
    return any(p in guards or t.has(p, "g-safeguard") for p in _pieces(word))


def _privileged(word: str) -> bool:
    roles = section("privilege") | section("privileged-role")
    return any(p in roles for p in _pieces(word))


def _secret(word: str) -> bool:
    secrets = section("credential") | section("secret-columns")
    return any(p in secrets for p in _pieces(word))


def _kind(word: str, t: Tongue) -> str | None:
    return _word_kind(word, t, tongue("en"))


def _order(tokens: Sequence[Token], t: Tongue, said: set[str]) -> str | None:
    """What an order sentence lowers or asks for that the announcement does not say, or
    None (module docstring)."""
    slots = set(_slots(tokens, t))
    words = [x.text for x in tokens]
    at = [k for k, x in enumerate(tokens) if x.text in slots]
    # anywhere in the sentence: after an adverb ("temporarily turn off"), a modal ("everyone
    # should disable"), or read by the grammar as a negation ("skip"); its forms order
    low = [x.text.casefold() for x in tokens]  # once: per slot it was quadratic (h21c)
    distinct = list(dict.fromkeys(words))  # first occurrences, in order: a long text repeats words
    weakening = [k for k in range(len(tokens)) if _weakening(k, low)]
    guard = next((w for w in distinct if _safeguard(w, t) and not _said(w, said)), None)
    if guard is not None:
        for k in (*weakening, *(k for k in at if _kind(words[k], t) == "delete")):
            return f"{words[k]!r} ... {guard!r} (a safeguard lowered)"
    if not slots:
        return None
    for m in _OFF.finditer(" ".join(words)):
        if _safeguard(m[1], t) and not _said(m[1], said):
            return f"{m[0]!r} (a safeguard switched off)"
    role = next((w for w in distinct if _privileged(w) and not _said(w, said)), None)
    if role is not None:
        for k in at:
            if any(_pattern(x, "g-grant").fullmatch(words[k].casefold())
                   or x.has(words[k].casefold(), "g-make")  # "make the bot an org owner"
                   for x in (t, tongue("en")) if x is not None):
                return f"{words[k]!r} ... {role!r} (a privileged role granted)"
    secret = next((w for w in distinct if _secret(w) and not _said(w, said)), None)
    reader = any(x.kind == "YOU" or t.has(x.text.casefold(), "g-addressee") for x in tokens)
    if secret is not None and reader:  # the reader's own ("submit valid credentials" is a step)
        for k in at:
            if _kind(words[k], t) == "send" or in_class(words[k].casefold(),
                                                         section("outward")):
                return f"{words[k]!r} ... {secret!r} (a secret asked for)"
    return None


@reads(CHANGE)  # the dispatch's declaration (``dispatch``)
def lowered(said: Any, calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Mapping[str, Any]] | None = None,
            descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a text a changing call writes orders a safeguard lowered, a privileged role
    granted or a secret handed over that the announcement does not say, or None."""
    words = set(_WORD.findall(said.text.casefold()))
    # a sentence's reading depends on its words alone: a long text repeats sentences
    read: dict[tuple[str, tuple[tuple[str, str], ...]], str | None] = {}
    for name, args in _changing(calls, schemas, descriptions):
        for value in _prose(name, args):
            for tokens, t in _reasoning_sentences(normalize(value[:_MAX_TEXT])):
                key = (t.name, tuple((x.kind, x.text) for x in tokens))
                if key not in read:
                    read[key] = _order(tokens, t, words)
                why = read[key]
                if why is not None:
                    return (f"{name!r} writes a text ordering {why}, which the announcement "
                            "does not say")
    return None
