"""A sentence before the announcement that is a label: a bare noun phrase (no verb form, no
copula, no function word the lexicon knows, no acknowledgement: "Expected output.", "Golden
answer.", "Last resort.", "参考答案。"), a noun phrase with a word of wanting whatever its noun
("Suggested reply.", "Ожидаемый вывод."), either with a phrase of a preposition after it ("Model
answer for question 5."), such a phrase pointed at ("This is the expected output.", "Below is
the reference solution."), or only a phrase of purpose ("For review only."). An observation
says something of the world; a phrase of content words alone may say it ("Commit created.",
"Build gagal." — their predicate is a word the lexicon cannot tell from a noun), or may only
name what the text that follows is: an expected output, a model answer, an option kept for the
worst case. Which one it is cannot be read, so before a step that cannot be taken back
(``grounding.irreversible``: a delete, a payment, a send, a deploy, a commit) such a sentence
refuses; before observing and other reversible steps it stays an observation. The first
sentence of reasoning's last paragraph before bare markup is read the same way, a numbered
label ("Scene 3.", ``labels.py``) too: a label heads the text it names whoever may see it.
A verbless phrase of any words with no verb form that names nothing the call carries or
does ("Unsent draft.", "No changes yet.", ``_nominal``) is such a label too: it states no
fact of the task. Language-free: the shape is read from the token classes."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .clauses import _consequence
from .dashapart import dash_apart
from .detect import detect
from .grounding import irreversible
from .kinds import call_kinds, name_words
from .labels import numbered_label
from .localgit import unrecorded
from .presentedstep import limit
from .sentences import _sentences, _timed
from .walk import _strings
from .words import UNSPACED, Token, Tongue, tokenize

__all__ = ["verbless_label"]

_PLAIN = frozenset({"g-common"})
"""The one lexicon section a word of a bare noun phrase may belong to: common adjectives and
nouns ("current", "new", "output", "last"); any other section is grammar or a verb's."""

_WANTING = frozenset({"g-common", "g-directive"})
"""The sections a word of a wanted thing's phrase may belong to: a common word, or a word of
saying, wanting or expecting ([g-directive]: "expected", "required")."""


def _sections(x: Token, t: Tongue) -> set[str]:
    """The sections of a token's word, or of the multiword entry it is ("the user": [g-user])."""
    return set(t.sections(x.text)) | set(t.phrases.get(tuple(x.text.split()), ()))


def _bare(tokens: Sequence[Token], t: Tongue) -> bool:
    """Only open-class words, none of which names a kind of step (a verb, or its noun:
    "created", "tests", "исправление") or belongs to a section other than [g-common]."""
    return bool(tokens) and all(
        x.kind == "OPEN" and t.kind_of(x.text) is None and _sections(x, t) <= _PLAIN
        for x in tokens)


def _wanted(tokens: Sequence[Token], t: Tongue) -> bool:
    """Open-class words one of which is a word of wanting or expecting ([g-directive]) and no
    other of which is grammar: "Expected output.", "Required change.". With no verb of its
    own the word only qualifies the thing as one someone wants or expects, whatever the noun
    names (a kind of step too: "change", "вывод"): it names a wanted thing, it says nothing
    happened."""
    return bool(tokens) and all(x.kind == "OPEN" and _sections(x, t) <= _WANTING
                                for x in tokens) and any(
        t.has(x.text, "g-directive") for x in tokens)


def _phrase(tokens: Sequence[Token], t: Tongue) -> bool:
    """A noun phrase a label is: bare (``_bare``) or wanted (``_wanted``), and at most one
    phrase of a preposition after it that says whose or which ("for question 5", "of the
    cleanup plan"): a preposition and then articles, open-class words and numbers only, in
    a script with spaces (an unspaced word may hold a verb glued on: "构建产物会干扰打包")."""
    at = next((k for k, x in enumerate(tokens) if x.kind == "PREP"), len(tokens))
    head, tail = tokens[:at], tokens[at + 1 :]
    if at < len(tokens) and (not tail or any(
            x.kind not in ("DET", "OPEN", "NUM", "CODE") or UNSPACED.search(x.text)
            for x in tail)):
        return False
    return _bare(head, t) or _wanted(head, t)


def _presentative(tokens: Sequence[Token], t: Tongue) -> bool:
    """A sentence that only points at a thing and names it: a demonstrative or a word of place
    with a copula ("This is", "Below is", "Das ist"), or a contraction of them ("Here's",
    "That's"), then an article and a label's phrase ("This is the expected output.", "Below
    is the reference solution."); or a demonstrative right before the phrase, where the
    language drops the copula ("Это ожидаемый ответ."). Its subject is no thing of the world
    but the text at hand; an existential ("There is a stale lock file.") names a thing that
    is, its "there" a copula word, and is no such sentence."""
    if len(tokens) >= 2 and tokens[0].kind == "DEM" and _phrase(tokens[1:], t):
        return True
    lead = 0
    if len(tokens) >= 3 and t.has(tokens[1].text, "g-copula") and not t.has(
            tokens[0].text, "g-copula") and t.kind_of(tokens[0].text) is None:
        lead = 2  # "this is", "below is"
    elif tokens and tokens[0].kind == "!unknown-preamble" and not t.has(
            tokens[0].text, "g-copula") and t.kind_of(tokens[0].text) is None:
        lead = 1  # "here's", "that's"
    return 0 < lead < len(tokens) and tokens[lead].kind == "DET" and _phrase(
        tokens[lead + 1 :], t)


def _purpose(tokens: Sequence[Token], t: Tongue) -> bool:
    """A sentence that is only a phrase of a preposition of the topic or purpose ([g-topic-prep]:
    "For review only.", "For reference.", "Regarding the refund."): it has no predicate at all,
    and says what the text that follows is for or about, a heading. The words after the
    preposition are its object, nouns even when they name a kind of step ("review"), so
    articles, open-class words, numbers and adverbs only, in a script with spaces."""
    return len(tokens) >= 2 and t.has(tokens[0].text, "g-topic-prep") and any(
        x.kind == "OPEN" for x in tokens[1:]) and all(
        x.kind in ("DET", "OPEN", "NUM", "ADV") and not UNSPACED.search(x.text)
        for x in tokens[1:])


_NOMINAL = frozenset({"OPEN", "PREP", "COMMA", "DASH", "!negation"})
"""Token classes of a noun phrase with no verb form the lexicon knows and no determiner that
would open a subject ("all tests pass", "the user confirmed"): content words, prepositions
and a negation of a noun or a participle ("No changes", "not sent")."""

_PLAIN_GRAMMAR = ("g-function", "g-condition")
"""Sections of a word the tokenizer reads as a refusing class or as unknown grammar that is
grammar of a noun phrase when the sentence has no verb: a relative or function particle
("yang", "yet"), a word of waiting or expecting used as an attribute ("beklenen", "mong
đợi": "expected")."""

_VERB_FORMS = ("g-copula", "g-aux")
"""Sections of a verb form a function word may also be ("are", "sind"): a predicate."""

_MOST_WORDS = 4
"""A label is a short phrase; a longer run of content words may carry a predicate the
lexicon does not know."""


def _task_words(calls: Sequence[tuple[str, Mapping[str, Any]]]) -> frozenset[str]:
    """The casefolded words the calls carry: their names' words, their keys and values."""
    out: set[str] = set()
    for name, args in calls:
        out.update(name_words(name))
        for s in _strings(args, numbers=True):
            out.update(w.casefold() for w in re.findall(r"\w+", s))
    return frozenset(out)


def _nominal(tokens: Sequence[Token], t: Tongue, kinds: frozenset[str],
             words: frozenset[str]) -> bool:
    """A verbless observation that states no fact of the task: a few words with no verb form
    (``_NOMINAL``, or grammar of a noun phrase ``_PLAIN_GRAMMAR``; its content words of no
    section but [g-common], as in ``_bare``: "the user" is a party), none of them a word the
    calls carry and none naming a kind of step they take ("Unsent draft.", "No changes
    yet.", "Beklenen çıktı.", "Keluaran yang diharapkan."). With no predicate and nothing of
    the task it says nothing about what the call acts on: it can only name the text that
    follows. One naming the call's object or step ("Branch feature-x merged.", "Deleted."),
    or with a predicate the lexicon knows (a state: "Build failed."; a step's word after a
    thing's: "Commit created.") states a fact and is read as today."""
    content = [x for x in tokens if x.kind == "OPEN"]
    if not content or len(content) > _MOST_WORDS or tokens[0].kind == "PREP":
        return False  # (a phrase of a preposition is an adjunct: "With pleasure.")
    for x in tokens:
        if UNSPACED.search(x.text) or (x.kind not in _NOMINAL and not (
                x.kind in ("!unknown-preamble", "!conditional")
                and any(t.has(x.text, s) for s in _PLAIN_GRAMMAR)
                and not any(t.has(x.text, s) for s in _VERB_FORMS))):
            return False
        if x.kind == "OPEN" and (not _sections(x, t) <= _PLAIN or x.text.casefold() in words or any(
                w in words for w in re.findall(r"\w+", x.text.casefold()))):
            return False
        kind = t.kind_of(x.text)
        if kind is not None and kind in kinds:
            return False
    # two words of steps are a thing and what was done to it ("Commit created."); one is the
    # thing a label names ("Unsent draft.", "No changes yet.")
    return sum(t.kind_of(x.text) is not None for x in content) <= 1


_FRAME_WORDS = frozenset({"ADV", "ACK", "COMMA", "DASH"})
"""Token classes a fragment of negation or time may hold besides its own words: an adverb or
an intensifier ("Not now", "Absolutely not", "Never again")."""

_MOST_FRAGMENT = 4
"""Tokens of a fragment: a label is a short phrase."""


def _plain_word(x: Token, t: Tongue) -> bool:
    """An open-class word of no kind of step and no section but [g-common] ("ever", "past")."""
    return x.kind == "OPEN" and t.kind_of(x.text) is None and _sections(x, t) <= _PLAIN


_NEGATIONS = frozenset({"g-negation", "g-fact-negation"})
"""Sections of a negation word or phrase ("never", "not yet")."""


def _negation(x: Token, t: Tongue) -> bool:
    return x.kind == "!negation" or bool(_sections(x, t) & _NEGATIONS)


def _negated(tokens: Sequence[Token], t: Tongue) -> bool:
    """A negation with nothing to negate (h35w): negation words ([g-negation]), adverbs and
    acknowledgements, at most one word of no kind of step ("Never.", "Not now —", "Absolutely
    not.", "Not today —", "Never ever —", "Nicht jetzt —", "绝不——"). With no predicate of its
    own it can only negate what follows it: the step announced after it. A negating
    determiner before a noun ([g-negation-det]: "No worries —", "No changes.") makes a noun
    phrase, read as before."""
    if not 0 < len(tokens) <= _MOST_FRAGMENT or not any(_negation(x, t) for x in tokens):
        return False
    if any(t.has(x.text, "g-negation-det") and k + 1 < len(tokens) and tokens[k + 1].kind == "OPEN"
           for k, x in enumerate(tokens)):
        return False
    words = [x for x in tokens if x.kind == "OPEN" and not _negation(x, t)]
    return len(words) <= 1 and all(t.kind_of(x.text) is None for x in words) and all(
        _negation(x, t) or x.kind in _FRAME_WORDS or x.kind == "OPEN" for x in tokens)


def _dated(tokens: Sequence[Token], t: Tongue) -> bool:
    """A time with nothing it times (h35w): words of a time ([g-deferral], [g-past], a date:
    ``sentences._timed``) or of a time gone by ([g-recap] and no common word: "earlier", not
    "done", a state's predicate: "Done."), with adverbs alone ("Yesterday —", "Last week.",
    "Earlier —"). With a word besides ("Rapat besok.", "тесты прошли.") it states something.
    With no predicate it dates what follows: the step announced after it is put in the past
    or off."""
    def time(x: Token) -> bool:
        return (x.kind == "!conditional" and _timed(x, t)) or (
            x.kind == "!recap" and not t.has(x.text, "g-common"))
    return 0 < len(tokens) <= _MOST_FRAGMENT and any(time(x) for x in tokens) and all(
        time(x) or x.kind in _FRAME_WORDS for x in tokens)


def _adjunct(tokens: Sequence[Token], t: Tongue) -> bool:
    """A phrase of a preposition alone (h35w: "From the docs.", "From Bob —", "In the past —"):
    a preposition, then articles, plain words, names, numbers and code, in a script with
    spaces; a bare noun only after a preposition of a source ("From Bob —", not "With
    pleasure."). It has no predicate and says where, whence or when what follows is: a source
    or a frame the text after it is read in, which announces nothing of the assistant's own."""
    return len(tokens) >= 2 and tokens[0].kind == "PREP" and any(
        x.kind in ("OPEN", "CODE", "NUM") for x in tokens[1:]) and (
        # a bare noun after a preposition of no source is an idiom ("With pleasure.")
        any(x.kind in ("DET", "CODE", "NUM") for x in tokens[1:])
        or t.has(tokens[0].text, "g-role-source") or t.has(tokens[0].text, "g-source-prep")) and all(
        x.kind in ("DET", "NUM", "CODE") or (x.kind == "OPEN" and t.kind_of(x.text) is None)
        for x in tokens[1:]) and not any(UNSPACED.search(x.text) for x in tokens)


_NAMING = frozenset({"g-party", "g-user", "g-call-noun"})
"""Sections of a noun that, alone, names who says or what is the text after it: a party
("User —", "Customer."), the call as text ("Payload —", "Request.")."""


def _named(tokens: Sequence[Token], t: Tongue) -> bool:
    """A noun of a party or of the call as text alone, an article at most before it (h35w):
    a speaker's label or a caption, as a bare noun is (``_bare``)."""
    words = tokens[1:] if len(tokens) == 2 and tokens[0].kind == "DET" else tokens
    return len(words) == 1 and words[0].kind == "OPEN" and bool(_sections(words[0], t) & _NAMING)


def _unbracketed(tokens: Sequence[Token]) -> list[Token]:
    """A dash's head without a bracketed aside of words, numbers and articles ("Bob (ops)",
    h35w): the aside is part of the label it follows."""
    out: list[Token] = []
    k = 0
    while k < len(tokens):
        end = next((j for j in range(k + 1, len(tokens)) if tokens[j].kind == "RPAR"), None) \
            if tokens[k].kind == "LPAR" else None
        if end is not None and end > k + 1 and all(
                x.kind in ("OPEN", "NUM", "DET") for x in tokens[k + 1 : end]):
            k = end + 1
            continue
        out.append(tokens[k])
        k += 1
    return out


def _fragment(tokens: Sequence[Token], t: Tongue) -> bool:
    """A fragment with no predicate of its own that frames what follows: a negation, a time, a
    phrase of a preposition or a party's or the call's noun alone (h35w)."""
    return _negated(tokens, t) or _dated(tokens, t) or _adjunct(tokens, t) or _named(tokens, t)


def _cut_opener(tokens: Sequence[Token]) -> bool:
    """An opener followed only by words the announcement's grammar refuses ("ฉันไม่ ลบ `x`",
    "I, not. Delete x."): the step after it is read as a sentence of its own, whose subject a
    language that drops it (Thai, Chinese) leaves out, so the refusing word would be lost."""
    return (len(tokens) > 1 and tokens[0].kind == "OPENER"
            and all(x.kind.startswith("!") for x in tokens[1:]))


def _label(tokens: Sequence[Token], t: Tongue) -> bool:
    """A sentence that is a label: a bare or wanted noun phrase (``_phrase``), one pointed at
    (``_presentative``), or a heading of purpose (``_purpose``)."""
    return _phrase(tokens, t) or _presentative(tokens, t) or _purpose(tokens, t)


def _results_apart(sentences: Sequence[tuple[str, str]]) -> list[tuple[str, Tongue | None]]:
    """The sentences' bodies (a dash's head with the language of the sentence it cut, else None), a
    sentence whose last clause a word of consequence opens ("Mallory m'a demandé, donc je
    supprime ...") or whose first dash stands before an opener ("Sample — I'll delete ...",
    ``dashapart``, h35w) read as two, as the announcement reads it (``clauses._reasons_apart``):
    the clause before is a sentence of its own here too."""
    out: list[tuple[str, Tongue | None]] = []
    for body, _end in sentences:
        t = detect(body)
        split = _consequence(body, t) if t is not None else None
        if split is None and t is not None and (cut := dash_apart(body, t)) is not None:
            out += [(cut[0], t), (cut[1], None)]  # the head, in its whole sentence's language
            continue
        out += [(x, None) for x in split] if split else [(body, None)]
    return out


def verbless_label(view: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
                   schemas: Mapping[str, Mapping[str, Any]] | None = None,
                   descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a normalised preamble's (or reasoning paragraph's) first sentence (after
    acknowledgements, and before the last) is a label (``_label``) or a numbered label while
    some call takes a step that cannot be taken back, or None. A label heads the text it
    names; a later sentence of content words alone is read as today ("Thanks for the details,
    Mr. Alvarez." splits before the name)."""
    why = limit(view, calls, schemas, descriptions)  # "Here is the cleanup of x:" + a delete
    if why is not None:
        return why
    # a local git record is taken back (``localgit``: "No debug logs remain." + a commit)
    name = irreversible(unrecorded(calls, schemas, descriptions), schemas, descriptions)
    if name is None:
        return None
    kinds = frozenset(k for n, a in calls for k in call_kinds(
        n, a, (schemas or {}).get(n), (descriptions or {}).get(n)))
    words = _task_words(calls)
    sentences = _sentences(view)
    for body, _end in sentences[:-1]:
        if (t := detect(body)) is not None and _cut_opener(tokens := tokenize(body, t)):
            said = " ".join(x.text for x in tokens)
            return (f"rule unknown-preamble: {said!r} is an opener with only a word the "
                    "announcement refuses after it (a negation, a condition, a hedge), cut off "
                    f"from the step by a space or a stop, and {name!r} takes a step that cannot "
                    "be taken back")
    first = True  # the first sentence (acknowledgements aside) may be a label; later ones
    for body, whole in _results_apart(sentences)[:-1]:
        if not first and whole is None:
            continue  # after the first sentence, only a dash's head is read (h35w)
        t = whole or detect(body)
        if t is None:
            return None
        tokens = tokenize(body, t)
        if all(x.kind in ("ACK", "COMMA", "DASH") for x in tokens):
            continue  # "Sure." before the label
        said = " ".join(x.text for x in tokens)
        tokens = _unbracketed(tokens) if whole is not None else tokens  # "Bob (ops) —"
        if numbered_label(tokens) is not None:  # "Scene 3." heading reasoning's paragraph
            return (f"rule unknown-preamble: {said!r} is a numbered label (a section, an "
                    f"option, a case), and {name!r} takes a step that cannot be taken back")
        if _fragment(tokens, t):  # "Never —", "Last week.", "From the docs —" (h35w)
            return (f"rule unknown-preamble: {said!r} is a fragment with no predicate (a "
                    "negation, a time or a phrase of a preposition alone), which can only frame "
                    f"what follows, and {name!r} takes a step that cannot be taken back")
        if not _label(tokens, t) and not (first and _nominal(tokens, t, kinds, words)):
            first = False  # a label heads what it names: only the first sentence is one,
            continue  # or a dash's head (h35w: "The build passed. Sample — I'll ...")
        return (f"rule unknown-preamble: {said!r} is a phrase with no predicate of its own "
                "(no verb, a word of wanting, a presentative, a purpose), which may only name "
                "what follows (an expected output, a model answer, a last resort), and "
                f"{name!r} takes a step that cannot be taken back")
    return None
