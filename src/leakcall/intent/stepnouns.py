"""The verbal noun of a step verb, read by its language's derivation (issue 25, h46h, round 62;
for ``stepsubject``).

"Borttagningen av `prod.db` är blockerad.", "Smazání `prod.db` je zablokováno.", "מחיקת
`prod.db` חסומה.", "Việc xóa `prod.db` bị chặn." open with the step as a noun, as "Deleting
`prod.db` is blocked." does; their lexicons list the verbs only. Each language states how its
verbal nouns are made, as a class, not a list of nouns:

- [g-verbal-noun]: templates NOUN>VERB. "*" is a stem of two letters or more, a digit one
  letter of a root (Hebrew), the rest is written as is: sv "*ningen>*a" ("raderingen" is
  "radera"), cs "*ání>*at" ("smazání" is "smazat"), he "12י3ת>ל12ו3" (the construct state
  "מחיקת" is "למחוק"), pt "*oção>*over" ("remoção" is "remover"). A verb that opens with a
  particle of its language ([g-particle]) is also read with the particle after it, as the
  lexicons write particle verbs ("borttagning": "ta bort"); a Hebrew letter closing the verb
  takes its final form.
- [g-verbal-noun-mark]: a word that makes the verb after it a noun (vi "việc", "sự").

The noun's kind is the verb's (``Tongue.kind_of``); nothing else is read from it."""

from __future__ import annotations

import re

from .tongue import Tongue

__all__ = ["noun_kind", "noun_mark"]

_FINAL = str.maketrans("כמנפצ", "ךםןףץ")


_MADE: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {}


def _templates(t: Tongue) -> tuple[tuple[re.Pattern[str], str], ...]:
    got = _MADE.get(t.name)
    if got is not None:
        return got
    out = []
    for section, entry in sorted(t.marks):
        if section != "g-verbal-noun" or ">" not in entry:
            continue
        noun, verb = entry.split(">", 1)
        if not any(c == "*" or c.isdigit() for c in noun):
            noun, verb = "*" + noun, "*" + verb  # the loader keeps a leading "*" off
        pattern = "".join(
            "(?P<s>\\w{2,})" if c == "*" else f"(?P<r{c}>\\w)" if c.isdigit() else re.escape(c)
            for c in noun)
        out.append((re.compile(pattern), verb))
    _MADE[t.name] = got = tuple(out)
    return got


def _verbs(word: str, t: Tongue) -> list[str]:
    out = []
    for pattern, verb in _templates(t):
        m = pattern.fullmatch(word)
        if m is None:
            continue
        made = "".join(m.group("s") if c == "*" else m.group(f"r{c}") if c.isdigit() else c
                       for c in verb)
        out.append(made[:-1] + made[-1:].translate(_FINAL))
    return out


def noun_kind(word: str, t: Tongue) -> str | None:
    """The kind of the step verb whose verbal noun ``word`` is (module), or None."""
    for verb in _verbs(word, t):
        kind = t.kind_of(verb)
        if kind is not None:
            return kind
        for n in range(2, len(verb) - 1):
            head, rest = verb[:n], verb[n:]
            if t.has(head, "g-particle"):
                kind = t.kind_of(f"{rest} {head}")
                if kind is not None:
                    return kind
    return None


def noun_mark(word: str, t: Tongue) -> bool:
    """``word`` makes the verb after it a noun ([g-verbal-noun-mark])."""
    return t.marked(word.casefold(), "g-verbal-noun-mark")
