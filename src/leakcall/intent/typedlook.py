"""An order to a sub-agent of a looking type, read as the brief of a look (h10b, issue 25).

Claude Code's ``Task`` and ``Agent`` take an agent type beside the order (``subagent_type``:
``agenttype``); its ``Explore`` type is an agent that only looks. A launch whose agent-type
key holds one word of a looking kind ([LOOKING] kinds: "Explore", "search", "research"),
after an announcement that looks (``launched.typed_look``), is read as a look's brief, the
way a careful reader reads it, in English only:

- a word of a changing kind that stands in the noun phrase a looking verb of its clause
  governs is what is looked at, not a step ("Find the `createSession` function
  implementation", "Search for any truncation logic", "Look at the newly created session");
  the clause ends at a comma, "and", "to", a joining word ([g-then]), a mark of the grammar
  ("!") or a relative pronoun ([g-relative]); the word stands where a noun phrase's word
  does (``subagent.placed``: never before an object of its own, "Look at the logs delete
  the branches" stays a step), and so does every word of a kind of step between it and the
  looking verb ("Read the file do the deletion" stays a step);
- a sentence that only sets how thorough the look is ([g-thoroughness]: "Quick search.",
  "Be very thorough.", "Medium exploration") takes no step;
- a word in "-ing" ([g-participle-suffix]) no table knows, right after "and" or a comma
  and before a noun ("line numbers and surrounding context") is a participle of the noun
  phrase, no imperative; so is one of no kind or of kind generic opening a sentence of two
  words, before its noun ("Working directory: ...", h13a);
- a yes/no question of one clause whose subject is not the addressee ([g-yes-no]: "Does it
  select the newly created session after creation?") asks what the look finds out, no step
  (``asked``, h13a);
- a function word ([g-function]: "especially", "or so") is no verb (``launched._marked``);
- a noun phrase item may hold a relative clause whose verb is finite ("that fixed this",
  ``_relative``, h32a);
- a verb directing the look ([g-focus-verb]) opening its sentence before "on" ("Focus on
  finding the root cause", ``focused``, h32a) takes no step of its own;
- a word the announcement writes only before a noun of its own ("the truncation behavior"),
  after a determiner and before a plain noun ("and any truncation logic"), names the sort of
  thing looked at (``sort_word``, h26d).

Everything else is read as for any launch (``subagent``, ``orderverbs``, ``launched``): a
verb slot holding a changing verb ("and then delete the branches", "Explore the repo, wipe
staging"), a word no table knows as a verb ("and nuke the staging database"), a command
written as code in a verb slot, a type that is no looking word ("general-purpose"), an
order in another language."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .agenttype import agent_types
from .coordnouns import kin
from .imperatives import _finite
from .observing import LOOKING, OBSERVING
from .orderscope import _base
from .subagent import _code_kinds, _word_kind, governed, looks, placed, slot_indices
from .tables import tongue
from .words import Token, Tongue

__all__ = ["asked", "brief", "briefed", "described", "focused", "inquired", "looking_type", "named",
           "participle", "setting", "sort_word", "unknown_ok"]

_WORD = re.compile(r"[^\W\d_]+")
_SUBJECT = frozenset({"PRON", "SUBJ", "DET", "DEM", "CODE"})
"""Tokens a question's subject opens with ("it", "the", "this", `f`): not "you" (YOU)."""
_STEM = 4
"""Letters a participle's stem has at least ("surrounding"; not "bring", "string")."""


def looking_type(args: Mapping[str, Any]) -> bool:
    """The launch's agent-type key (``agenttype.agent_types``) holds one word of a looking
    kind: "Explore", "search" (not "general-purpose", "explore-and-fix", "admin")."""
    values = agent_types(args)
    en = tongue("en")
    return en is not None and bool(values) and all(
        _WORD.fullmatch(v.strip()) is not None
        and (_word_kind(v.strip().casefold(), en, None) or "") in LOOKING for v in values)


def setting(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence only says how thorough the look is: [g-thoroughness] words, function
    words ([g-function]: "be", "very") and at most one word of a looking kind, last ("Quick
    search", "Be very thorough")."""
    words = [x.text for x in tokens]
    rest = [x.text for x in tokens
            if not (t.has(x.text, "g-thoroughness") or x.kind == "!unknown-preamble")]
    return t.name == "en" and len(rest) < len(words) and any(
        t.has(w, "g-thoroughness") for w in words) and (
        not rest or (len(rest) == 1 and rest[0] == words[-1] and _word_kind(rest[0], t, None)
                     in LOOKING))


def asked(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence is a yes/no question of one clause about what the look finds (h13a): it
    opens with [g-yes-no] ("does", "is") and a subject that is not the addressee right after
    ("it", "the session", code; not "you"), and holds no comma, "and", "to", "you", joining
    word ([g-then]) or relative pronoun ([g-relative]) that could open a step of its own
    ("Is it possible to delete ...?", "... if you delete ...?"), and no
    command written as code that changes ("Does it select the newly created session after
    creation?"; "Does `git push --force` work?" may be run to find out)."""
    return t.name == "en" and len(tokens) >= 3 and t.has(tokens[0].text, "g-yes-no") \
        and tokens[1].kind in _SUBJECT and not any(
            x.kind in ("COMMA", "AND", "TO", "YOU") or t.has(x.text, "g-then") or t.has(x.text, "g-relative")
            or (x.kind == "CODE" and _code_kinds(x.text)) for x in tokens[1:])


def inquired(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence is an indirect question of one clause naming what the look finds out
    (h15a): it opens with a question word ([g-inquiry] read as one: "how", "what", "whether";
    not "if" or "when", which open a condition) and a subject that is not the addressee right
    after ("How `f` truncates URLs", "What the cleanup job removes"); it holds no comma, "and",
    "to", "you", joining word or relative pronoun, as ``asked``; and its one word of a changing
    kind is a third person's verb, its stem with "-s" ("truncates": what the subject does,
    not an imperative). "How it works delete the logs", "How to delete it" stay steps."""
    if t.name != "en" or len(tokens) < 3 or tokens[0].kind != "INQUIRY" \
            or not t.has(tokens[0].text, "g-inquiry") or tokens[1].kind not in _SUBJECT \
            or any(x.kind in ("AND", "COMMA", "TO", "YOU") or t.has(x.text, "g-then")
                   or t.has(x.text, "g-relative") or (x.kind == "CODE" and _code_kinds(x.text))
                   for x in tokens[1:]):
        return False
    changing = [x.text for x in tokens[2:] if x.kind != "CODE"
                and _word_kind(x.text, t, None) not in (None, "generic", *OBSERVING)]
    return len(changing) <= 1 and all(_third_person(w, t) for w in changing)


def named(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence is a noun phrase naming what the look looks at, an item of its list
    ("3. The web fix in `tool.tsx` for reference (commit 5f55aae)", "Any existing tests for
    `f`", h15a): it opens with a determiner ([g-det]: no imperative does), holds no verb slot
    (``subagent._slots``), no copula, auxiliary, "to", "you", joining word ([g-then]) or
    relative pronoun, no command written as code that changes (an adjective of kinship opening a
    conjunct is no verb slot, ``coordnouns.kin``: "Any file in `web/` or similar paths", h32a);
    and each word of a changing kind
    stands in the phrase: after a word of no kind or a determiner, an opening parenthesis,
    never right after "and", a comma or a verb ("The branch gets deleted", "The logs or purge
    the cache" stay steps), and before a word, a preposition, code, a number, a closing
    parenthesis or the end."""
    if t.name != "en" or len(tokens) < 2 or tokens[0].kind != "DET" or any(
            not kin(tokens, k, t) for k in slot_indices(tokens, t)) or any(
            x.kind in ("COPULA", "AUX", "TO", "YOU", "OPENER") or x.kind[:1] == "!"
            or t.has(x.text, "g-then") or t.has(x.text, "g-relative")
            or (x.kind == "CODE" and _code_kinds(x.text)) for x in tokens):
        return False
    return all(_in_phrase(tokens, k, t) or _relative(tokens, k, t)
               for k, x in enumerate(tokens[1:], 1)
               if x.kind == "OPEN" and _word_kind(x.text, t, None) not in (None, "generic", *OBSERVING))


def _in_phrase(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` stands inside a noun phrase (``named``)."""
    before = tokens[k - 1]
    after = tokens[k + 1].kind if k + 1 < len(tokens) else None
    return (before.kind in ("DET", "LPAR") or (before.kind == "OPEN" and _word_kind(
        before.text, t, None) is None)) and after in (None, "OPEN", "PREP", "CODE", "NUM", "RPAR")


def _relative(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is the verb of a relative clause describing the noun before it (h32a):
    right after a relative pronoun ([g-relative-pronoun]: "that"), itself right after a word or
    code, in a finite form no imperative takes (``imperatives._finite``: "The recent commit
    `5f55aae` that fixed this for web", "Any file ... that handles tool call rendering"). "that
    fix it", "that, delete it" stay read."""
    return k >= 2 and tokens[k - 1].kind in ("DEM", "INQUIRY", "OPEN") \
        and t.has(tokens[k - 1].text.casefold(), "g-relative-pronoun") \
        and tokens[k - 2].kind in ("OPEN", "CODE") and _finite(tokens[k].text, t)


def _third_person(word: str, t: Tongue) -> bool:
    """``word`` is a verb's third person singular: its stem ("truncate" of "truncates",
    "push" of "pushes") says the same kind."""
    kind = _word_kind(word, t, None)
    return any(word.endswith(s) and _word_kind(word[:-len(s)], t, None) == kind
               for s in ("es", "s") if len(word) > len(s) + 2)


def participle(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is an "-ing" form before a noun, of a noun phrase: one no table knows
    right after "and" or a comma ("and surrounding context"), or one of no kind or of a kind of
    no step of its own ([generic]) opening a sentence of two words, before its noun ("Working
    directory", h13a: an imperative opens with no "-ing" form; a determiner or code after it,
    "Handling the payouts", is an object of its own, and a third word may be a verb)."""
    w = tokens[k].text
    if t.name != "en" or not w.isalpha() or not any(
            w.endswith(s) and len(w) - len(s) >= _STEM for s in t.participle_suffixes) \
            or not k < len(tokens) - 1 or tokens[k + 1].kind != "OPEN":
        return False
    if k == 0:  # the label's two words alone: a third may be a verb ("Working directory nuke")
        return t.kind_of(w) in (None, "generic") and len(tokens) == 2
    return t.kind_of(w) is None and tokens[k - 1].kind in ("AND", "COMMA")


def described(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` stands in the noun phrase of a looking verb of its clause (module
    docstring; ``subagent.placed``, ``subagent.governed``): it names what is looked at, it
    takes no step."""
    return t.name == "en" and placed(tokens, k) and governed(tokens, k, t)


def brief(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` of a looking agent's order takes no step: its sentence only sets the
    look's thoroughness (``setting``) or asks what the look finds (``asked``), or it names
    what a look looks at (``described``)."""
    return setting(tokens, t) or asked(tokens, t) or inquired(tokens, t) or named(tokens, t) \
        or described(tokens, k, t)


def sort_word(tokens: Sequence[Token], k: int, t: Tongue, sorts: frozenset[str]) -> bool:
    """The word at ``k`` is one the announcement writes only before a noun of its own
    (``orderscope.sorts``: "truncation" of "the truncation behavior"), standing here too
    after a determiner and before a plain word of no kind ("and any truncation logic"): it
    names the sort of thing looked at, no step. In a verb's place ("and truncate logs"),
    alone or before a word of a kind of step it is read as before."""
    return t.name == "en" and 0 < k < len(tokens) - 1 and tokens[k - 1].kind == "DET" \
        and tokens[k + 1].kind == "OPEN" and _word_kind(tokens[k + 1].text, t, None) is None \
        and _base(tokens[k].text) in sorts


def briefed(sorts: frozenset[str], tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """``brief``, or a word naming the sort of thing the announcement looks at
    (``sort_word``)."""
    return brief(tokens, k, t) or sort_word(tokens, k, t, sorts)


def unknown_ok(tokens: Sequence[Token], word: str, t: Tongue) -> bool:
    """A verb slot's word no table knows is no step in a looking agent's order: its sentence
    only sets the look's thoroughness or asks what the look finds (``asked``), or the word is
    a participle (``participle``)."""
    return setting(tokens, t) or asked(tokens, t) or focused(tokens, word, t) or any(
        x.text == word and participle(tokens, k, t) for k, x in enumerate(tokens))


def focused(tokens: Sequence[Token], word: str, t: Tongue) -> bool:
    """``word`` is a verb directing the look ([g-focus-verb]: "focus") in its sentence's first
    verb slot, followed by adverbs alone, its preposition ([g-focus-prep]: "on") and the end
    of the sentence, a determiner or a verb that only looks: "Focus on finding the root cause
    of ...", "Focus specifically on:" (h32a). It takes no step of its own; what it points at
    is read as the rest of the brief ("Focus on deleting the stale branches" still says a
    delete, a verb after "and" is a slot of its own) and as a look of its own
    (``orderlooks``: "Focus on rm -rf the build dir" names nothing announced)."""
    slots = slot_indices(tokens, t)
    if t.name != "en" or not slots or tokens[slots[0]].text != word \
            or not t.marked(word.casefold(), "g-focus-verb"):
        return False
    j = slots[0] + 1
    while j < len(tokens) and tokens[j].kind == "ADV":
        j += 1
    if j >= len(tokens) or tokens[j].kind != "PREP" \
            or not t.marked(tokens[j].text.casefold(), "g-focus-prep"):
        return False
    # what it points at: nothing (a list follows), a noun phrase, or a verb that only looks
    return j + 1 == len(tokens) or tokens[j + 1].kind == "DET" or (
        tokens[j + 1].kind == "OPEN" and looks(tokens[j + 1].text, t))
