"""Imperative steps: a verb with no opener, read as the assistant's own step in two places only.

A bare imperative ("Now delete the old backups:", "Step 2: run the tests.") reads as an
instruction to the reader as well, so the grammar gives it no place of its own. It is a step
of the assistant's own only

- spelled out after an announcement ending in a colon ("I'll make both changes: add the
  comment and change the text."; ``spelled``), or
- narrated after a sequencing adverb ([g-sequence]: "now", "next", "first", "then",
  "finally") opening the preamble's very last sentence, with nothing but the markup after it:
  "Now update `loadWorkspaceFiles` to set `lastLoadedRef`:" (``sequenced``), or after a
  step's number heading it ("Step 2: run the tests.", ``headings``). A how-to says
  the same words ("Now delete the old backups:"), so the place is narrow: its verb has a known
  kind; no verb of it takes a step that cannot be taken back (``EVERY_NOUN_KINDS``: a delete,
  a send, a payment, a deploy; a commit's verb is left to its call, which must only record in
  the local repository: ``localgit``), and no call of such a step is grounded after it
  (``grounding.joint``); it follows no observation, which may set up a how-to ("The setup
  happens in the browser. Now paste ..."), unless it only reports checks passing ("Web
  checks pass. Now run the full `make check`.", ``reports_pass``), and no sentence of the
  preamble addresses the reader ("you", "your"; ``refused``); no "how to" stands in it; every
  other class has its usual place or none, as in any step.

Such steps may run on: each sentence of a run that ends the preamble, every one of them opened
by a [g-sequence] adverb ("Now modify `visualize.py`. First, update the import:"), is narrated
in that place on the same terms (``place``). An earlier one is no observation setting up the
last: alone in the last place it would be read the same way, so the run adds no how-to's
setting; each one's verbs are checked as the last one's are, and any sentence that does not
open with a sequencing adverb ("The setup happens in the browser.") breaks the run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from itertools import pairwise

from .clauses import _addressee, _imperative
from .detect import detect
from .kindsfile import section
from .observing import EVERY_NOUN_KINDS, OBSERVING
from .sentences import Refused
from .tables import tongue
from .words import Token, Tongue, tokenize

__all__ = ["compounded", "place", "refused", "reports_pass", "reports_worked", "results", "runs_on",
           "sequenced", "spelled", "uncoded"]

Parse = Callable[[Sequence[Token], Tongue, str], Token | None]


def spelled(tokens: list[Token], t: Tongue, body: str, parse: Parse,
            ) -> list[Token] | Refused | None:
    """The tokens of a step the announcement before the colon spells out, from its verb, or
    why it is addressed to the user, or None: it opens with a verb the lexicon knows ("add the
    comment", never "the user wants it")."""
    verb = _imperative(tokens, t)
    if (verb is None or t.kind_of(tokens[verb].text) is None
            or parse(tokens[verb:], t, "steps") is not None):
        return None
    addressed = next((x for x in tokens if _addressee(x, t)), None)
    if addressed is not None:
        return Refused("other-actor", f"rule other-actor: an imperative step with "
                       f"{addressed.text!r} is addressed to the user ({body[:60]!r})")
    return tokens[verb:]


def sequenced(tokens: list[Token], t: Tongue, bad: Token, parse: Parse,
              headed: bool = False) -> list[Token] | None:
    """The tokens of an imperative step narrated after a sequencing adverb, from its verb
    ("now update the import" -> "update the import"), or None: the sentence opens with a
    [g-sequence] adverb (or a step's number heads it, ``headed``: ``headings``), the
    grammar stops first at the verb (an OPEN word of a known kind, in
    no finite form: ``_finite``),
    the rest parses as a spelled-out step does, and no word addresses the reader ("your") or
    asks for a way to do something ("how to")."""
    verb = _imperative(tokens, t)
    if verb is None and headed and _bare_verb(tokens, t):
        # "**步骤 2：** 添加 `x`。": the bare form is the imperative ([g-bare-acting])
        verb, tokens = 0, [Token("OPEN", tokens[0].text, tokens[0].start, tokens[0].end),
                           *tokens[1:]]
    if (verb is None or not (headed or t.has(tokens[0].text, "g-sequence"))
            or bad.start != tokens[verb].start or t.kind_of(tokens[verb].text) is None
            or parse(tokens[verb:], t, "steps") is not None):
        return None
    if _finite(tokens[verb].text, t) or any(_addressee(x, t) or x.kind == "YOU" for x in tokens):
        return None
    if any(x.kind == "INQUIRY" and y.kind == "TO" for x, y in pairwise(tokens)):
        return None
    return tokens[verb:]


def _bare_verb(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence opens with a single-word ACTING form in a language where that form is the
    imperative too ([g-bare-acting]: Chinese "添加 `x`", German "Lösche ..."), as an English
    imperative opens with its bare verb: under a step's label it is the narrated step."""
    return (t.bare_imperative and bool(tokens) and tokens[0].kind == "ACTING"
            and " " not in tokens[0].text)


def place(sentences: Sequence[tuple[str, str]], k: int, heading: int | None = None) -> bool:
    """Sentence ``k`` is a place where a narrated step may stand (``sequenced``): the
    preamble's last, the one a step's label heads (``heading``: ``headings.headed``), or one of
    a run of sentences ending it that each open with a [g-sequence] adverb ("Now modify
    `visualize.py`. First, update the import:")."""
    return k in (len(sentences) - 1, heading) or runs_on(sentences, k)


def runs_on(sentences: Sequence[tuple[str, str]], k: int) -> bool:
    """Sentence ``k`` and every one after it open with a [g-sequence] adverb (``place``;
    after a heading, ``headings.headed``)."""
    for body, _end in sentences[k:]:
        t = detect(body)
        tokens = tokenize(body, t) if t is not None else []
        if t is None or not tokens or not t.has(tokens[0].text, "g-sequence"):
            return False
    return True


def _finite(verb: str, t: Tongue) -> bool:
    """The verb is a form that is no imperative: a known verb with an ending of [g-finite-ending]
    ("updated", "runs"; "add" is no "ad" + "d")."""
    return any(verb.endswith(e) and len(verb) > len(e) and t.kind_of(verb[: -len(e)]) is not None
               for e in _endings(t.name))


@cache
def _endings(name: str) -> tuple[str, ...]:
    """The [g-finite-ending] entries of a language."""
    t = tongue(name)
    if t is None:
        return ()
    return tuple(w for w, sections in t.words.items() if "g-finite-ending" in sections)


def refused(verbs: Sequence[tuple[str, str | None]], body: str, noted: bool,
            reader: bool, named: frozenset[str] = frozenset()) -> Refused | None:
    """Why a step narrated after a sequencing adverb has no place: one of its verbs takes a
    step that cannot be taken back ("Now delete the old backups.", "Now send the report."),
    which a how-to tells the reader to take, in its purpose too ("Now run the script to delete
    the logs."), unless it is a word of a named thing (``named``: ``compounded``); it follows
    an observation (``noted``), as a how-to's step follows what sets it up ("The setup happens
    in the browser. Now paste the key ..."); or some sentence of the preamble addresses the
    reader (``reader``: "you", "your"). A commit's verb ("Now commit the changes.", "Now stash
    the cleaned changes, then ...", h36c; after a report of checks passing too, h30d) is left
    to its call, which must only record in the local repository, where it is taken back as any
    narrated step that can be (``localgit``, ``grounding.joint``): "Now commit and push." +
    ``git push``, a commit beside an edit or a send still refuse."""
    hit = next((v for v, k in verbs if k in EVERY_NOUN_KINDS - {"commit"} and v not in named),
               None)
    why = (f"{hit!r} takes a step that cannot be taken back" if hit is not None
           else "it follows an observation, as a how-to's step follows its setting" if noted
           else "the preamble addresses the reader" if reader else None)
    if why is None:
        return None
    return Refused("unknown-preamble", f"rule unknown-preamble: {verbs[0][0]!r} (OPEN) has no "
                   f"place in an announcement ({body[:60]!r}): an imperative after a sequencing "
                   f"adverb is the assistant's narrated step only where no how-to's is ({why})")


def compounded(tokens: Sequence[Token], t: Tongue) -> frozenset[str]:
    """The words of a step's kind that name a thing, not a step, in a title-like coordination
    of bare noun phrases ending the sentence: "Add directory query function and merge logic."
    A verb, then a bare object of two or more plain words (no determiner, pronoun or code)
    whose last has no kind of step (a noun), then "and", the word, and one plain noun that ends
    the sentence: the word modifies that noun as "query" modifies "function" ("merge logic",
    "the merge logic"). An object of its own ("and merge the branches", "and merge
    `feature`"), a pronoun ("and clear it"), a word after the noun ("and merge logic now"),
    or a determined first object ("Add the function and merge logic.") keep it a verb."""
    n = len(tokens)
    if n < 5 or tokens[-3].kind != "AND" or tokens[-2].kind != "OPEN" or tokens[-1].kind != "OPEN":
        return frozenset()
    if t.kind_of(tokens[-2].text) is None or t.kind_of(tokens[-1].text) is not None:
        return frozenset()
    # the verb: the first of the run of plain words before "and" (its object the rest of them)
    verb = next((j for j in range(n - 4, -1, -1) if tokens[j].kind != "OPEN"), -1) + 1
    bare = tokens[verb + 1 : n - 3]
    titled = (t.kind_of(tokens[verb].text) is not None and len(bare) >= 2
              and t.kind_of(bare[-1].text) is None)
    return frozenset({tokens[-2].text}) if titled else frozenset()


_CALLED = re.compile(r"(?<![\w$.`])`?+[A-Za-z_$][\w$.]*+\(\)`?")
"""A function written as code with its call's brackets (`connect()`, `ws.close()`)."""


def uncoded(tokens: list[Token], t: Tongue) -> list[Token]:
    """The narrated step's tokens without a last coordinated part that says what the program
    does, not a step the assistant takes: "Now store the retry timeout and clear it on
    `connect()`:" (h31b). After "and", a verb of a step that cannot be taken back
    (``EVERY_NOUN_KINDS``), its object (a pronoun, code, or a determiner and plain words), a
    preposition of when the program runs it ([g-code-event-prep]: "on", "in", "inside") and a
    function written as code with its call's brackets closing the sentence: the edit writes
    that step into the function, now or in a later edit, and no call takes it. The part
    before "and" stays the narrated step, so every irreversible call after it stays refused
    (``grounding.joint``). Alone ("Now clear it on `connect()`:"), a function without
    brackets ("on connect"), a place that is no function ("in `cache/`") or more words after
    the function, the verb is read as before."""
    n = len(tokens)
    if n < 6 or tokens[-2].kind != "PREP" or not t.marked(tokens[-2].text, "g-code-event-prep") \
            or tokens[-1].kind != "CODE" or _CALLED.fullmatch(tokens[-1].text) is None:
        return tokens
    j = n - 3  # the object, backwards from the preposition
    if tokens[j].kind in ("PRON", "CODE"):
        j -= 1
    else:
        while j > 0 and tokens[j].kind == "OPEN" and t.kind_of(tokens[j].text) is None:
            j -= 1
        if j == n - 3 or tokens[j].kind != "DET":
            return tokens
        j -= 1
    verb = tokens[j] if j >= 2 else None
    if verb is None or verb.kind != "OPEN" or t.kind_of(verb.text) not in EVERY_NOUN_KINDS \
            or tokens[j - 1].kind != "AND" or any(t.has(w, "g-then") for w in tokens[j - 1].text.split()):
        return tokens  # "and then clear it ...": a later step in turn, read as before
    return tokens[: j - 1]


_REPORT = ("OPEN", "CODE", "NUM", "DET", "AND", "COMMA", "ADV")
"""Classes of the words of a report of checks passing: its subject's noun phrases and adverbs,
never a modal, copula, negation, condition, reader or party."""


def reports_pass(tokens: Sequence[Token], t: Tongue) -> bool:
    """The observation only reports that checks came out clean ("Web checks pass.", "All tests
    pass now.", "No debug logs remain.": [check-none], the subject's plain words or code,
    [check-left] closing it): a [check-pass] word after its subject's words, every other word of a noun
    phrase or an adverb (``_REPORT``) and of no kind of step beyond a look or a test. It is
    the result of the work so far, not the setting a how-to's step follows, so a step narrated
    after it is read as after no observation (``refused``)."""
    passing = section("check-pass")
    at = next((k for k, x in enumerate(tokens) if x.text in passing), None)
    words = [x for x in tokens if x.kind != "!non-prose"]
    if not at and len(words) > 2 and words[0].text.casefold() in section("check-none") \
            and words[-1].text.casefold() in section("check-left"):
        # "No debug logs remain.": the check found nothing left (its words as a subject's)
        words = words[1:-1]
        return all(x.kind in ("OPEN", "CODE") and t.kind_of(x.text) in (
            None, "generic", "test", *OBSERVING) for x in words)
    if not at:
        return False
    return all(x.kind in _REPORT and t.kind_of(x.text) in (None, "generic", "test", *OBSERVING)
               for k, x in enumerate(tokens) if k != at)


_WORKED_LEAD = ("ACK", "COMMA")
"""Acknowledgements before a report that the last step worked ("Great, ...")."""


def reports_worked(tokens: Sequence[Token]) -> bool:
    """The observation only reports that the step before came out well: acknowledgements
    ("Great,"), at most a demonstrative or pronoun subject ("that", "it") and one word of
    [check-worked] ending it ("Great, that worked.", "Eso funcionó."). Like a report of checks
    passing (``reports_pass``) it is the result of the work so far, no how-to's setting, so a
    step narrated after it is read as after no observation."""
    k = 0
    while k < len(tokens) and tokens[k].kind in _WORKED_LEAD:
        k += 1
    rest = tokens[k:]
    if len(rest) == 2 and rest[0].kind in ("DEM", "PRON"):
        rest = rest[1:]
    return len(rest) == 1 and rest[0].text.casefold() in section("check-worked")


def results(tokens: Sequence[Token], t: Tongue) -> bool:
    """The observation only reports the work's result so far: checks passing
    (``reports_pass``) or the last step working (``reports_worked``)."""
    return reports_pass(tokens, t) or reports_worked(tokens)
