"""The steps a tool's description says in the passive, in a participle or a gerund opening a
clause, or in a verb of a changing kind opening a clause (issue 25, round 34): "Files older
than 7 days get purged as part of the check.", "the folder is emptied first", "Stopped VMs
found are garbage-collected.", "List VMs in a project, terminating stopped ones.", "(side
effect: purges files older than 7 days)", "; billed to the account card". Read beside
``opening`` and ``effects`` by ``effects.described_effects``.

A clause of the description's first paragraph opens after its start, a stop, a bracket, a
colon, a semicolon, a dash or a comma. A word is a step the tool takes when it is of a
changing kind (``opening._kinds``) and stands:

* after a copula or a verb of becoming ("is", "are", "get", "gets"; an adverb between): the
  passive says what the tool does to what it names;
* after an adverb in the third person, for a verb of [side-effect] too ("also closes any
  open sessions");
* opening its clause as a gerund ("..., terminating stopped ones"), a third person before any
  word but a copula or an auxiliary ("purges files"; "Refunds are not supported" names a
  thing), or a participle before a preposition or an adverb ("billed to the card").

A negation in the three words before it, or a word of a question or of what comes first
before it in its clause ("Checks whether files were deleted.", "Warns before deleting"),
leaves it unread.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .kindsfile import _kinds_file, section
from .opening import _forms, _kinds
from .tables import tongue
from .words import Tongue

__all__ = ["voiced_steps"]



_CLAUSE = re.compile(r"[.!?;:,()\[\]—]\s*|\s-\s")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_NEGATED = 3
_BECOMING = frozenset({"get", "gets", "got", "getting", "become", "becomes"})
_GUARDS = ("g-inquiry", "g-before", "g-negation")
"""Words before the verb in its clause that leave it unread: a question ("whether"), what
comes first ("before"), a negation."""


@lru_cache(maxsize=1024)
def voiced_steps(description: str) -> frozenset[str]:
    """The changing kinds the clauses of a description's first paragraph say in the passive or
    open with (see the module docstring)."""
    en = tongue("en")
    if en is None or not description:
        return frozenset()
    out: set[str] = set()
    for clause in _CLAUSE.split(description.strip().split("\n", 1)[0]):
        words = [w.casefold().strip("'-") for w in _WORD.findall(clause)]
        for i, w in enumerate(words):
            kinds = _kinds(w)
            if not kinds or any(en.has(x, s) for x in words[max(0, i - _NEGATED):i]
                                for s in ("g-negation",)):
                continue
            if any(en.has(x, s) for x in words[:i] for s in _GUARDS) or _returned_cut(words, i):
                continue
            prev = [x for x in words[:i] if not en.has(x, "g-adverb")][-1:]
            after = words[i + 1] if i + 1 < len(words) else ""
            participle = w.endswith(("ed", "en"))
            passive = participle and bool(prev) and (
                en.has(prev[0], "g-copula") or en.has(prev[0], "g-aux") or prev[0] in _BECOMING)
            opens = i == 0 and bool(after) and (
                w.endswith("ing")
                or (w.endswith("s") and not any(en.has(after, s)
                                                for s in ("g-copula", "g-aux", "g-mood")))
                or (participle and any(en.has(after, s) for s in ("g-prep", "g-to", "g-adverb"))))
            if passive or opens:
                out |= kinds
        out |= _also(words, en)
    return frozenset(out)


def _also(words: list[str], en: Tongue) -> set[str]:
    """The kinds of a [side-effect] verb in the third person after an adverb ("also closes
    any open sessions"): what the tool does beside what its name says. Read only there, so a
    tool that opens with the verb ("Close a support ticket") keeps its own kind."""
    out: set[str] = set()
    side = _side_kinds()
    for i, w in enumerate(words[1:], 1):
        if w.endswith("s") and en.has(words[i - 1], "g-adverb") and not any(
                en.has(x, "g-negation") for x in words[max(0, i - _NEGATED):i]):
            out |= next((side[f] for f in _forms(w) if f in side), frozenset())
    return out


@lru_cache(maxsize=1)
def _side_kinds() -> dict[str, frozenset[str]]:
    """[side-effect] of kinds.txt: word -> the changing kind it says after an adverb."""
    out: dict[str, frozenset[str]] = {}
    for entry in section("side-effect"):
        word, _, kind = entry.rpartition(" ")
        out[word] = out.get(word, frozenset()) | {kind}
    return out


def _returned_cut(words: list[str], i: int) -> bool:
    """The word at ``i``, "truncated", says that what the tool returns ([returned]: "output",
    "responses") is cut to a size: only words of size ([returned-size]: "longer than 30000
    characters is") or numbers stand between that noun and it. The caller receives less; nothing
    is changed ("Output files are truncated" changes files)."""
    if not words[i].startswith("truncat"):
        return False
    file = _kinds_file()
    returned, size = file.get("returned", ()), file.get("returned-size", ())
    for j in range(i - 1, -1, -1):
        if words[j] in returned:
            return True
        if words[j] not in size and not words[j].isdigit():
            return False
    return False
