"""What an observation says of the object a step that cannot be taken back acts on (issue 25,
round 34; rule ``unsafe-ground``, read by ``doubts``, in reasoning too through ``pondered``).

"INV-2291 is closed. I'll pay INV-2291." and "`data/` is irreplaceable. I'll delete `data/`."
state the reason not to act in words no refusing class lists. Rather than listing every such
word, an observation sentence whose subject names what a deleting, paying or granting call
acts on must say of it only what the lexicon reads as a state that step may follow:

* the subject is the sentence's first noun phrase (content words, determiners, prepositions,
  numbers and code before any other word), and it names the call's object when a word of it
  is an identifier or code span one of the call's values holds ("`data/`" in "rm -rf data/"),
  the digits of one ("Invoice 2291" for INV-2291, "order 48213"; an amount's are none), or
  its head noun, after determiners only, is a noun of the call's name or keys ("That
  invoice" for ``pay_invoice``); an identifier of another thing there ("Invoice INV-2290")
  names that, and a clause after "and" or a comma naming another one is said of that;
* every other word of the sentence is a function word, a number, a time, an identifier, a
  unit after a number ("3.2 GB"), the subject's head after the object ("The `.cache`
  directory"), a word of the call's name or keys or one the [concept] maps give that meaning
  ("Rechnung"), a noun of a thing the maps know right before it ("Der Ordner `x`"), or a
  state of the step's kind: [g-ready] entries ("pay due", "delete merged", "delete no
  longer needed", "any status"), for a delete the [g-state] words ("stale", "unused"), for
  a refund a word of the payment it reverses ("charged twice"), each with a phrase after it
  that one content word ends ("a stale copy", "merged into main").

Only a step an announcement takes is read (one it does not is left to grounding), and only in
a language whose lexicon lists [g-ready] states.

Any other word ("closed", "taken care of", "irreplaceable", "still mounted", "now works for
our competitor", a negation) is a predicate nobody read: unknown is not safe, and the step is
refused. Not read: an observation about anything else ("The customer was charged twice."), a
step that undoes one ("cancel_order": the observation says why), a purchase ([purchase-step]:
"Flight TP 541 fits your schedule." describes the offering; ``settled`` still reads it), and
revoking a role or access.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from .entries import headed
from .kinds import _kind_table
from .kindsfile import section
from .references import _meanings
from .selfserving import _GRANT
from .tables import tongue
from .walk import _strings
from .words import Token, Tongue, tokenize

__all__ = ["SAID", "unread"]

SAID = "#said"
"""The section of a ``doubts.observed`` entry carrying an observation sentence whole."""

_FUNCTION = ("g-det", "g-article", "g-dem", "g-copula", "g-aux", "g-prep", "g-pron",
             "g-adverb", "g-and", "g-function", "g-fact-negation", "g-recap", "g-period")
"""Classes of words that say nothing of the object: articles, copulas, auxiliaries,
prepositions, adverbs, times."""

_SUBJECT = ("g-det", "g-article", "g-dem", "g-prep")
"""Function words a subject noun phrase holds ("the", "that", "for" in "A replacement for
order 48213")."""

_VERBAL = ("g-copula", "g-aux", "g-negation", "g-adverb", "g-recap", "g-pron")
"""Classes that end a subject: a verb's function word, an adverb, a pronoun."""

_STOP = frozenset({"!non-prose", "COMMA", "DASH"})
_WORDS = re.compile(r"[^\W_]+")
_EDGE = r"[\w.@/-]"
_DIGITS = re.compile(r"\d{3,}")
_FIGURE = re.compile(r"[\d.,]*\d")
_UNIT = re.compile(r"[^\W\d_]{1,3}")
"""A unit after a number: a word of up to three letters ("GB", "ms"); a longer word a
number counts is read as any other ("3 irreplaceable copies")."""


@cache
def _ready(name: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(step, words) of the language's [g-ready] entries ("pay due": the step "pay")."""
    t = tongue(name)
    if t is None:
        return ()
    return tuple((step, tuple(words.split())) for step, words in headed(t.marks, "g-ready"))


def _call_words(name: str, args: Mapping[str, Any]) -> set[str]:
    """The words of a call's name and keys (its values are the markup's to choose: "closed"
    in a memo is no state read)."""
    text = " ".join((name, *(str(k) for k in args)))
    return {w.casefold() for w in _WORDS.findall(text)}


def _nouns(name: str, args: Mapping[str, Any], t: Tongue) -> set[str]:
    """Nouns of the call's name (after its verb) and keys naming what it acts on
    ("invoice" of ``pay_invoice``, "order" of ``order_id``): no verb of a kind, no "id"."""
    table, _ = _kind_table()
    words = [w.casefold() for w in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", name) if w][1:]
    words += [w.casefold() for k in args for w in re.split(r"[_\W]+", str(k)) if w]
    return {w for w in words if len(w) >= 3 and w not in table and w not in ("id", "ids")
            and not t.has(w, "g-common")}


def _names(x: Token, values: list[str], nouns: set[str], lead: bool) -> bool:
    """The token names the call's object: an identifier or code its values hold, the digits
    of one, or one of its nouns right after the sentence's determiners (``lead``: "That
    invoice"; "The vendor's previous invoice" is another)."""
    w = x.text.strip("`'\"").casefold()
    if w.rstrip("s") in nouns or w in nouns:
        return lead
    if _shaped(x):
        body = re.escape(w.rstrip("/"))
        pat = re.compile(rf"(?<!{_EDGE}){body}/?(?![\w.@-])")
        if any(pat.search(v) for v in values):
            return True
    runs = set(_DIGITS.findall(w))
    return bool(runs) and any(runs & set(_DIGITS.findall(v)) for v in values)


def _shaped(x: Token) -> bool:
    """An identifier or code: a code span, or a word holding a digit or a path's marks."""
    w = x.text.strip("`'\"").casefold()
    return len(w) >= 2 and any(c.isalnum() for c in w) and (
        x.kind == "CODE" or any(c.isdigit() or c in "/._-:" for c in w))


def _subject(tokens: list[Token], t: Tongue) -> int:
    """How many tokens open the sentence as its first noun phrase."""
    k = 0
    for x in tokens:
        w = x.text.casefold()
        secs = set(t.sections(w))
        if x.kind in ("NUM", "CODE") or (x.kind == "OPEN" and not secs - {"g-common"}) or (
                secs & set(_SUBJECT) and not secs & set(_VERBAL)):
            k += 1
            continue
        break
    return k


def _step(kinds: frozenset[str], name: str, pattern: Callable[[Tongue, str], re.Pattern[str]]
          ) -> str | None:
    """The step a call takes that ``unread`` reads: "delete", "pay", "refund" (a payment
    that reverses one), "grant"; or None."""
    en = tongue("en")
    call = name.replace("_", " ").replace("-", " ").casefold()
    reverses = en is not None and bool(pattern(en, "g-reverse").search(call))
    if "pay" in kinds:
        # a purchase ("book_flight") acquires what the observation describes: its offering
        bought = section("purchase-step") & set(call.split())
        return "refund" if reverses else None if bought else "pay"
    if en is not None and pattern(en, "g-grant").search(call):
        return "grant"
    if _GRANT.search(name):
        return None  # revoking a role or access is the fix, not the harm
    # cancelling or rolling back undoes a step: the observation says why ("hasn't shipped")
    return "delete" if "delete" in kinds and not reverses else None


def _covered(tokens: list[Token], t: Tongue, step: str) -> set[int]:
    """Indexes of the tokens a [g-ready] entry of the step (or of any step) covers, read word
    by word ("noch nicht" is one token, two words)."""
    low = [(k, w) for k, x in enumerate(tokens) for w in x.text.casefold().split()]
    out: set[int] = set()
    for lang in {t.name, "en"}:
        for s, words in _ready(lang):
            if s not in (step, "any"):
                continue
            n = len(words)
            for i in range(len(low) - n + 1):
                if tuple(w for _, w in low[i : i + n]) == words:
                    out |= {k for k, _ in low[i : i + n]}
    return out


def _phrased(tokens: list[Token], t: Tongue, ready: set[int]) -> set[int]:
    """The words of a state's own phrase after it, when one content word ends the clause: its
    head noun ("a stale copy") or a prepositional phrase ("merged into main", "isn't used by
    any other team"); "stale but still mounted" is two states."""
    out: set[int] = set()
    for i in sorted(ready):
        j = i + 1
        if j in ready:
            continue
        prep = j < len(tokens) and t.has(tokens[j].text.casefold(), "g-prep")
        j += 1 if prep else 0
        while j < len(tokens) and _function(tokens[j], t):
            j += 1
        if j < len(tokens) and _one(tokens, j, t) and tokens[j].kind in ("OPEN", "CODE"):
            out |= set(range(i + 1, j + 1))
    return out


def _function(x: Token, t: Tongue) -> bool:
    w = x.text.casefold()
    return any(t.has(w, s) for s in (*_SUBJECT[:3], "g-universal", "g-common", "g-pron")
               ) and not t.has(w, "g-negation")


def _det(x: Token, t: Tongue) -> bool:
    return any(t.has(x.text.casefold(), s) for s in _SUBJECT[:3])


def _one(tokens: list[Token], j: int, t: Tongue) -> bool:
    """The token at ``j`` is one word ending its sentence or clause (no word after it)."""
    return not _det(tokens[j], t) and (j + 1 == len(tokens) or tokens[j + 1].kind in _STOP)


def _read_word(x: Token, t: Tongue, step: str, own: set[str]) -> bool:
    """The word is one that says nothing of the object, or a state the step may follow."""
    w = x.text.casefold()
    if x.kind in ("NUM", "PUNCT") or x.kind in _STOP or sum(c.isalnum() for c in w) < 2:
        return True  # (a letter alone says no state: the drive "D:")
    if x.kind == "!negation" or t.has(w, "g-negation"):
        return False
    if any(t.has(w, s) for s in _FUNCTION) or x.kind == "!conditional":
        return True
    # a word of the call, or one the [concept] maps give a meaning of ("Rechnung": invoice)
    if set(_WORDS.findall(w)) <= own or any(set(m.split()) <= own for m in _meanings(w)):
        return True
    return _state(x, t, step)


def _state(x: Token, t: Tongue, step: str) -> bool:
    """A state word the step may follow: [g-state] before a delete, a word of paying before
    a refund ("charged")."""
    w = x.text.casefold()
    if step == "delete" and t.has(w, "g-state"):
        return True
    return step == "refund" and t.kind_of(w) == "pay"


def unread(said: tuple[str, str, str], name: str, args: Mapping[str, Any],
           kinds: frozenset[str], pattern: Callable[[Tongue, str], re.Pattern[str]]
           ) -> str | None:
    """Why an observation sentence (a ``SAID`` entry) says of the call's object something
    the lexicon does not read as a state its step may follow, or None."""
    _section, body, lang = said
    t = tongue(lang)
    step = _step(kinds, name, pattern)
    if t is None or step is None:
        return None
    if not _ready(t.name):
        return None  # a language with no state read: its sentences are left to the others
    tokens = tokenize(body, t)
    # an amount is no object ("Die Rechnung beträgt 420 €." + amount "420")
    amounts = section("keys-amount")
    values = [v.casefold() for key, x in args.items()
              if not amounts & set(_WORDS.findall(str(key).casefold()))
              for v in _strings(x, keys=False, numbers=False)]
    nouns = _nouns(name, args, t)
    k = _subject(tokens, t)
    # a noun names the object as the subject's head: after determiners only, before no other
    # content word ("The account balance" is a balance)
    hits = {i for i in range(k) if _names(tokens[i], values, nouns, all(
        any(t.has(y.text.casefold(), s) for s in _SUBJECT[:3]) for y in tokens[:i]) and not (
        i + 1 < k and tokens[i + 1].kind == "OPEN" and not t.sections(tokens[i + 1].text.lower())))}
    # an identifier of another thing in the subject ("Invoice INV-2290 is paid.") names it
    if not hits or any(_shaped(tokens[i]) for i in range(k) if i not in hits):
        return None
    # a clause of another thing after "and" or a comma ("... and branch feat/payments is
    # not") is said of that thing
    cut = next((i for i in range(k, len(tokens)) if (tokens[i].kind in ("AND", "COMMA") or t.has(
        tokens[i].text.casefold(), "g-and")) and any(_shaped(y) and not _names(
            y, values, nouns, False) for y in tokens[i + 1 : i + 4])), len(tokens))
    tokens = tokens[:cut]
    own = _call_words(name, args)
    ready = _covered(tokens, t, step) | {i for i, x in enumerate(tokens) if _state(x, t, step)}
    ready |= _phrased(tokens, t, ready)
    # the subject's words after the object are its head ("The .cache directory"), a word
    # after a number its unit ("3.2 GB"), an identifier another record ("merged in #412")
    # a noun of a thing before it ("Der Ordner `x`", "The branch `feature/x`"), with only
    # function words between (no party's "for": "A replacement for order 48213")
    first = min(hits)
    ready |= {i for i in range(first) if _meanings(tokens[i].text.casefold()) and all(
        _det(y, t) or (t.has(y.text.casefold(), "g-prep")
                       and not t.has(y.text.casefold(), "g-party-prep"))
        for y in tokens[i + 1 : first])}
    ready |= set(range(min(hits), k)) | {i + 1 for i, x in enumerate(tokens[:-1])
                                               if (x.kind == "NUM" or _FIGURE.fullmatch(x.text))
                                               and _UNIT.fullmatch(tokens[i + 1].text)}
    ready |= {i for i, x in enumerate(tokens) if _shaped(x)}
    for i, x in enumerate(tokens):
        if i in ready or _read_word(x, t, step, own):
            continue
        obj = tokens[min(hits)].text
        return (f"the observation says of {obj!r} what no state a {step} may follow reads "
                f"({x.text!r}), and {name!r} takes that step: unknown is not safe")
    return None
