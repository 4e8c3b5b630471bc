"""Reading the lexicon files (``grammar/lexicon/<lang>.txt``) into one ``Tongue`` per language."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from .sectionnames import MARKS
from .view import normalize
from .words import Tongue, is_section, script, unspaced

__all__ = ["build_tongues"]


SLOT_SECTIONS = ("g-hedge", "g-held-by", "g-live", "g-danger", "g-wrong", "g-would", "g-ruin",
                 "g-user-state", "g-limit", "g-only-copy", "g-absent", "g-new-payee", "g-unsecure",
                 "g-done", "g-done-state", "g-mismatch", "g-ended", "g-grant", "g-balance",
                 "g-remaining")
"""Sections read on an observation's text as written (``doubts``), never a token's class: an
entry there changes no reading of a sentence ("could be" stays two words)."""


def _split_entry(entry: str) -> list[str]:
    return entry.split()


def _load(path: Path) -> Tongue:  # noqa: PLR0915 - one pass over a file's sections
    t = Tongue(name=path.stem)
    section: str | None = None
    letters: set[str] = set()
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        if section is None or not is_section(section):
            continue
        entry = normalize(line, han=path.stem == "zh")
        if section == "g-verb-ending":
            t.endings = t.endings | {"" if entry == "-" else entry}
            continue
        if section == "g-weekday":  # one day a line, its forms between commas
            t.weekdays = (*t.weekdays, tuple(f.strip() for f in entry.split(",") if f.strip()))
            continue
        if section == "g-letters":
            # letters the language writes that no entry happens to hold ("ú": "últimas"):
            # detection counts a letter a language does not write against it
            letters.update(ch for ch in entry if ch.isalpha())
            continue
        if section == "g-bare-acting":
            if entry != "imperative":
                raise ValueError(f"{path}:{n}: [g-bare-acting] is imperative, not {entry!r}")
            t.bare_imperative = True
            continue
        if section == "g-bare-noun":
            if entry != "articleless":
                raise ValueError(f"{path}:{n}: [g-bare-noun] is articleless, not {entry!r}")
            t.articles = False
            continue
        if section == "g-order":
            if entry not in ("svo", "sov"):
                raise ValueError(f"{path}:{n}: [g-order] is svo or sov, not {entry!r}")
            t.order = entry
            continue
        if section == "concept":
            key, _, vals = entry.partition("=")
            if not vals.strip():
                raise ValueError(f"{path}:{n}: a [concept] entry reads 'term = word word'")
            # an entry given twice means all its words (a later one adds, never replaces)
            t.concepts[key.strip()] = t.concepts.get(key.strip(), frozenset()) | frozenset(
                vals.split())
            continue
        if section == "g-meta":
            t.meta = t.meta | {entry}
            continue
        if section in SLOT_SECTIONS:
            t.slots.append((section, entry))
            continue
        if section in MARKS:  # headings, plans: no class of the word's own
            t.marks = t.marks | {(section, entry)}
            continue
        if section == "g-inquiry-verb":
            t.inquiry_verbs = t.inquiry_verbs | {entry}
            continue
        if section == "g-prefix-letter":
            t.prefix_letters = t.prefix_letters | {entry}
            continue
        if section == "g-time-prep":
            t.time_preps = t.time_preps | {entry}
            continue
        if section in ("g-participle-suffix", "g-relative"):  # selecting.selecting_time
            t.participle_suffixes |= {entry} if section == "g-participle-suffix" else set()
            t.relatives |= {entry} if section == "g-relative" else set()
            continue
        if section == "g-owner-suffix":
            t.owner_suffixes = (*t.owner_suffixes, entry)
            continue
        if section in ("g-case-ending", "g-base-ending"):  # inflection
            if section == "g-case-ending":
                t.case_endings = (*t.case_endings, entry.lstrip("*"))
            else:
                t.base_endings = (*t.base_endings, entry.lstrip("*"))
            continue
        if section == "g-conjunct":
            t.conjuncts = (*t.conjuncts, entry.lstrip("*"))
            continue
        if section == "g-month":
            t.months = (*t.months, entry)  # and a word of the section, below
        if section.startswith("kind-") or section == "generic":
            kind = "generic" if section == "generic" else section[5:]
            if "*" in entry:
                pre, _, suf = entry.partition("*")
                t.kinds.append((kind, pre, suf))
            else:
                t.kinds.append((kind, entry, "\0"))
            continue
        letters.update(ch for ch in entry if ch.isalpha())
        if section in ("g-final", "g-postp", "g-topic") and entry.startswith("*"):
            t.splits.append((section, entry[1:]))
            continue
        if "*" in entry:
            pre, _, suf = entry.partition("*")
            t.patterns.append((section, pre, suf))
            continue
        if any(unspaced(ch) for ch in entry):
            t.unspaced_entries.append((entry, section))
        parts = tuple(_split_entry(entry))
        if len(parts) == 1:
            t.words.setdefault(parts[0], []).append(section)
        else:
            t.phrases.setdefault(parts, []).append(section)
            t.phrase_first.add(parts[0])
            t.longest = max(t.longest, len(parts))
    t.conditional_inquiry = frozenset(
        w for w, secs in t.words.items()
        if "g-inquiry" in secs and ("g-condition" in secs or "g-deferral" in secs))
    t.unspaced_entries.sort(key=lambda e: len(e[0]), reverse=True)
    for entry, sec in t.unspaced_entries:
        t.unspaced_index.setdefault(entry[0], []).append((entry, sec))
    t.splits.sort(key=lambda e: len(e[1]), reverse=True)
    t.scripts = frozenset({script(ch) for ch in letters} | {"LATIN"})
    t.alphabet = frozenset(ch for ch in letters if not ch.isascii() and script(ch) == "LATIN")
    t.glyphs = frozenset(ch for ch in letters if not ch.isascii())
    t.native = frozenset(script(ch) for ch in letters if ch.isalpha())
    firsts = Counter(script(next(ch for ch in w if ch.isalpha())) for w in t.words
                     if any(ch.isalpha() for ch in w))
    t.primary = firsts.most_common(1)[0][0] if firsts else "LATIN"
    return t


def build_tongues(directory: Path) -> tuple[Tongue, ...]:
    """``tongues()`` of the lexicon files in ``directory``, built now."""
    out = []
    for path in sorted(directory.glob("*.txt")):
        if path.stem == "kinds":
            continue
        t = _load(path)
        if any(s in ("g-opener", "g-acting", "g-final")
               for secs in (*t.words.values(), *t.phrases.values()) for s in secs) or any(
                s in ("g-acting", "g-final") for s, *_ in (*t.patterns, *t.splits)):
            out.append(t)
    return tuple(out)
