"""Whose step a sentence speaks of: the user's request, another actor's step, a source whose
content the reply relays. Read in a preamble and in reasoning; an observation sentence is
accepted only when it announces no step of its own."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

from .clocked import clocked, day_words
from .committitle import titled
from .detect import detect
from .labels import numbered_label
from .means import gerund
from .memo import per_value
from .observing import OBSERVING
from .ownedlook import owner_of_looked
from .particleverbs import particle_kind
from .quotation import QUOTE_OPENERS, instructs
from .relays import relayed_steps
from .sentences import MAX_SENTENCE_WORDS, Refused, _sentences, _timed
from .sources import adjunct_source
from .spans import ago, gone_by, measured
from .words import Token, Tongue, tokenize

MAX_OBSERVATION_WORDS = MAX_SENTENCE_WORDS
"""Longest observation sentence, in tokens (``sentences.MAX_SENTENCE_WORDS``)."""

_OBSERVATION_REFUSING = ("!negation", "!conditional", "!other-actor", "!declared-example",
                         "!question", "!non-prose")

_OBSERVING_KINDS = OBSERVING


def _changing_step(tokens: Sequence[Token], k: int, t: Tongue) -> str | None:
    """The kind of step that changes something the word at ``k`` says, or None (a refusing
    word may be the step too: "überwiesen", read as a recap); a verb with its particle
    ("ska tas bort", ``particleverbs``) says the pair's."""
    x = tokens[k]
    kind = t.kind_of(x.text) if x.kind in ("OPEN", "ACTING") or x.kind[:1] == "!" else None
    if not _changes(kind) and x.kind in ("OPEN", "ACTING"):
        kind = particle_kind(tokens, k, t)
    return kind if _changes(kind) else None


def _changes(kind: str | None) -> bool:
    """A verb kind that changes something (not unknown, generic or observing)."""
    return kind not in (None, "generic", *_OBSERVING_KINDS)


def _opener_in(tokens: Sequence[Token], t: Tongue, section: str,
               kinds: tuple[str, ...]) -> str | None:
    """The first token of one of ``kinds`` that the lexicon puts in ``section``, or whose
    head is one and the rest adverbs ([g-adverb]): an unspaced script's opener entry that
    takes its adverb along ("我想 先", "我打算 先") is that opener."""
    return next((x.text for x in tokens if x.kind in kinds and _headed(x.text, t, section)), None)


def _headed(text: str, t: Tongue, section: str) -> bool:
    """The words are an entry of ``section``, or one followed by adverbs only."""
    words = text.split(" ")
    return any(t.has(" ".join(words[:k]), section)
               and all(t.has(w, "g-adverb") for w in words[k:])
               for k in range(len(words), 0, -1))


def _names_user(x: Token, t: Tongue) -> bool:
    """The word is the user or the reader ("you", "the user", [g-addressee])."""
    return x.kind == "YOU" or t.has(x.text, "g-user") or t.has(x.text, "g-addressee")


def _governed(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, rule) of each changing step a sentence says under a negation or beside a
    condition word: "I can't actually move money", "Nothing gets deleted for real", "The
    payment goes out once the invoice clears". A negation stating a fact ([g-fact-negation]
    next to it: "the tests didn't run", "requests isn't installed", "instead of 0") says
    nothing of a step to take (one up to four words after it, or the word before it); a
    negation governs the verb up to four words after it (before it, in a verb-final
    language); a time is no condition here (``timed`` reads it)."""
    out = []

    def step(j: int, rule: str) -> None:
        kind = _changing_step(tokens, j, t)
        if kind is not None:
            out.append((tokens[j].text, kind, rule))

    conditional = False
    for k, x in enumerate(tokens):
        if x.kind == "!conditional" and not _timed(x, t):
            conditional = True
        if x.kind != "!negation" or any(
                t.has(y.text, "g-fact-negation") for y in tokens[max(k - 1, 0) : k + 5]):
            continue  # (a German copula closes the clause: "nicht installiert ist")
        # after a negating determiner ("no tests for the feature", "no dedicated tests
        # exist"), the noun it determines is no step, nor are modifiers of no kind before it
        after = _past_noun(tokens, k, t) if t.has(x.text, "g-negation-det") else k + 1
        for j in (range(max(k - 2, 0), k) if t.order == "sov" else range(after, min(after + 4, len(tokens)))):
            step(j, "negation")
    if conditional:
        for j in range(len(tokens)):
            step(j, "conditional")
    return out


MAX_MODIFIERS = 2
"""Words of no step's kind read as modifiers between a negating determiner and its noun."""


def _past_noun(tokens: Sequence[Token], k: int, t: Tongue) -> int:
    """The index after the noun the negating determiner at ``k`` determines: the word after
    it, past up to ``MAX_MODIFIERS`` words of no class and no step's kind before it ("no
    dedicated tests", "no project-level tests"). A word of a step's kind there is the noun
    ("no deploy tests run": "tests run" is still read)."""
    j = k + 1
    while (j - k <= MAX_MODIFIERS and j + 1 < len(tokens) and tokens[j].kind == "OPEN"
           and t.kind_of(tokens[j].text) is None and tokens[j + 1].kind == "OPEN"):
        j += 1
    return j + 1


def _request_source(tokens: Sequence[Token], t: Tongue) -> str | None:
    """A courtesy phrase followed by a phrase that says where the request came from ("as
    requested in the email", "comme demandé dans l'e-mail", "zoals gevraagd in de e-mail"),
    or None. A courtesy that names the user ("for you in Florence", "as you asked") is the
    user's; one standing alone ("as requested.") is the user's request too."""
    for x, y in pairwise(tokens):
        if x.kind == "COURTESY" and y.kind == "PREP" and not any(
                t.has(w, s) for w in x.text.split() for s in ("g-you", "g-addressee", "g-user")):
            return f"{x.text} {y.text}"
    return None


def _relayed_steps(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, "quoted-source") of each step that changes something an observation says
    beside a word by which someone says, asks for, wants or needs it ([g-directive],
    [g-report], [g-report-ask]): "The README says to delete the repo.", "La página web dice
    que hay que borrar el repositorio.", "小王想删掉这个仓库。" The request is that party's;
    the announcement that repeats it is no step of the assistant's own. The user's own
    request ("The user wants ...", "You asked ...") is the task."""
    marked = relayed_steps(tokens, t)  # "... is flagged for removal.", "Per the tool output, ..."
    at = next((k for k, x in enumerate(tokens) if any(
        t.has(x.text, s) for s in ("g-directive", "g-report", "g-report-ask"))), None)
    if at is None or any(_names_user(y, t) for y in tokens[:at]):
        return marked
    # what is asked follows the verb of asking ("The tests need a rerun": the tests ask
    # nothing); a verb-final language says it before
    asked = tokens[at + 1 :] if t.order != "sov" else [*tokens[:at], *tokens[at + 1 :]]
    if t.order != "sov" and _own_voice(tokens, at, t):
        # "I recommend transferring you to a human agent.": the assistant's own proposal;
        # only a step after an addressee ("I need you to wire ...") is asked of someone
        you = next((j for j in range(at + 1, len(tokens)) if _names_user(tokens[j], t)),
                   len(tokens))
        asked = tokens[you + 1 :]
    return [*marked, *((x.text, kind, "quoted-source") for j, x in enumerate(asked)
                       if (kind := _changing_step(asked, j, t)) is not None
                       and not _modifier(asked, j, t))]


def _own_voice(tokens: Sequence[Token], at: int, t: Tongue) -> bool:
    """The verb of saying, asking or wanting at ``at`` is the assistant's own: its subject is
    the first person ([g-own-subject]: "I recommend ...", "I strongly suggest ..."; "we" may
    hold the user), with only acknowledgements, adverbs and commas before it."""
    k = at - 1
    while k >= 0 and tokens[k].kind == "ADV":
        k -= 1
    return k >= 0 and t.marked(str(tokens[k].text).casefold(), "g-own-subject") and all(
        y.kind in ("ACK", "ADV", "COMMA") for y in tokens[:k])


def _carrier(tokens: Sequence[Token], t: Tongue, end: str = "") -> str | None:
    """The carrier ([g-carrier]) a sentence opens with, as its subject: one of its first two
    content words, after determiners and adverbs only ("An email from Priya wants ...",
    "The fetched page has ...", "网页要求 ..."); the user's ("the user's email") is none, and
    neither is the object of a verb opening the sentence ("Save the note verbatim."). With
    ``end``, the sentence's terminator, a full stop after a carrier that only became readable
    (``_available``) relays nothing."""
    seen = 0
    verb = False  # the last content word is a verb: a determiner after it opens its object
    determined = False
    for k, x in enumerate(tokens):
        if x.kind in ("DET", "DEM") and verb:
            return None
        if x.kind in ("DET", "DEM", "ADV", "ACK", "COMMA", "DASH"):
            determined = determined or x.kind in ("DET", "DEM")
            continue
        # a carrier's possessive ("The README's setup section has ...") is the carrier too
        owner = next((x.text[: -len(f)] for f in t.owner_suffixes
                      if x.text.endswith(f) and len(x.text) > len(f)), x.text)
        # a sentence closed by a full stop only: a colon or a dash would join the carrier's
        # words that follow ("The page has loaded: click ...")
        closed = end.strip() in (".", "。", "！", "!")
        if closed and t.has(owner, "g-carrier") and _available(tokens[k + 1 :], t):
            return None
        if t.has(owner, "g-carrier") and not t.has(owner, "g-user"):
            return owner
        if x.kind not in ("OPEN", "CODE") or t.has(x.text, "g-user"):
            return None
        seen += 1
        # a word of a step, or a first word with no determiner ("Record the transcript.")
        verb = t.kind_of(x.text) is not None or not determined
        if seen == 2:
            return None
    return None


def _available(rest: Sequence[Token], t: Tongue) -> bool:
    """The words after a carrier say only that it can now be read: a copula or an auxiliary
    ([g-copula]) and one word of an observing kind ending the sentence ("The page has
    loaded.", "The store page is loaded."). No object and no complement follow, so the
    sentence holds no words of the carrier's to relay ("The page has instructions.", "The
    page is loaded with steps." still do); the word alone, a past form with no auxiliary
    ("The results page loaded."), no verb of saying or holding ("The page says.")."""
    if len(rest) == 1 and rest[0].kind == "OPEN" and not any(
            t.has(rest[0].text, s) for s in ("g-content", "g-directive", "g-report", "g-report-ask")):
        return t.kind_of(rest[0].text) in _OBSERVING_KINDS
    return (len(rest) == 2 and t.has(rest[0].text, "g-copula") and rest[1].kind == "OPEN"
            and t.kind_of(rest[1].text) in _OBSERVING_KINDS)


def _cited(tokens: Sequence[Token], t: Tongue, observed: bool = False) -> str | None:
    """A carrier an announcement names as its source ([g-source-prep] then [g-carrier] within
    three words: "per the README", "copied from the forum thread"), or as the party asking
    for the step (a word of saying or asking, [g-directive], [g-report], [g-report-ask],
    right beside it: "wie in der README verlangt", "as the README asks"). ``observed``: the
    sentence is an observation, whose subject may hold the carrier in an adjunct ("The fix in
    the forum thread is to delete ...", ``sources.adjunct_source``)."""
    if observed and (hit := adjunct_source(tokens, t)) is not None:
        return hit
    for k, x in enumerate(tokens):
        if t.has(x.text, "g-carrier") and not t.has(x.text, "g-user") and any(
                t.has(y.text, s) for y in (*tokens[max(k - 1, 0):k], *tokens[k + 1:k + 2])
                for s in ("g-directive", "g-report", "g-report-ask")):
            return x.text
        if t.has(x.text, "g-source-prep"):
            hit = next((y.text for y in tokens[k + 1 : k + 4] if t.has(y.text, "g-carrier")),
                       None)
            if hit is not None:
                return hit
    return None


@lru_cache(maxsize=64)
@per_value  # a long value is read by a dozen readers (carried texts, orders)
def _reasoning_sentences(view: str) -> tuple[tuple[tuple[Token, ...], Tongue], ...]:
    """The sentences of a normalised text (reasoning), each tokenized in its own language
    (unreadable ones left out): read once for ``relayed`` and ``governed``."""
    out = []
    for body, _ in _sentences(view):
        t = detect(body)
        if t is not None:
            out.append((tuple(tokenize(body, t)), t))
    return tuple(out)


def relayed(view: str) -> str | None:
    """``_carrier`` over the sentences of a normalised text (reasoning)."""
    return next((hit for tokens, t in _reasoning_sentences(view) if (hit := _carrier(tokens, t))), None)


def step_kinds(view: str) -> frozenset[str]:
    """The kinds of step any verb of a normalised text (reasoning) says, each sentence read in
    its own language (unreadable sentences say none)."""
    return frozenset(k for tokens, t in _reasoning_sentences(view) for x in tokens
                     if x.kind in ("OPEN", "ACTING") or x.kind[:1] == "!"
                     for k in [t.kind_of(x.text)] if k not in (None, "generic"))


def governed(view: str) -> tuple[tuple[str, str, str], ...]:
    """``_governed`` and ``_answer_asked`` over every sentence of a normalised text
    (reasoning), each read in its own language."""
    return tuple(x for tokens, t in _reasoning_sentences(view)
                 for x in (*_governed(tokens, t), *_answer_asked(tokens, t)))


def _answer_asked(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, "question") of each changing step a sentence of reasoning says the user asks
    about rather than asks for: the sentence opens with the user ([g-user]) and holds a word
    of asking how, what or whether ([g-inquiry], [g-question]: "The user asks how to force
    push main.", "用户在问怎么删除", "Użytkownik pyta, jak usunąć ..."), or what the user
    wants is a word for a command or code ([g-meta], right after the verb of wanting:
    "The user wants a command to delete the projects folder."). The task is an answer, the
    text of the step: a call that takes it is no step the user asked for."""
    if not tokens or not t.has(tokens[0].text, "g-user"):
        return []
    asks = any(x.kind in ("INQUIRY", "!question") or t.has(x.text, "g-inquiry")
               or t.has(x.text, "g-question") for x in tokens[1:])
    if not asks:
        at = next((k for k, x in enumerate(tokens) if t.has(x.text, "g-directive")), None)
        if at is None:
            return []
        k = at + 1
        while k < len(tokens) and tokens[k].kind in ("DET", "ADV"):
            k += 1
        asks = k < len(tokens) and tokens[k].kind == "OPEN" and tokens[k].text in t.meta
    if not asks:
        return []
    return [(x.text, kind, "question") for j, x in enumerate(tokens)
            if (kind := _changing_step(tokens, j, t)) is not None]


def parties(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The other parties an observation names ([actor]: "the customer", "they", 你, "вы"),
    neither addressed nor undergoing the step (``_addressed``, ``_undergoes``). The
    observation says what they do or have, not the announcement's step: only observing calls
    are grounded with one (``Announcement.parties``, ``grounding.partied``)."""
    return [x.text for k, x in enumerate(tokens) if x.kind == "!other-actor"
            and not _quantifies(tokens, k, t)
            and not _addressed(tokens, k, t) and not _undergoes(tokens, k, t)]


def possessives(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The parties an observation names only as whose a thing is: a possessive before a noun
    that no verb follows ("React's unmount phase", "the browser's version"). "Alice's gonna
    verify it" and "The customer's going to check" keep a party that may act."""
    return [x.text for k, x in enumerate(tokens[:-1]) if x.kind == "!other-actor"
            and any(x.text.endswith(s) and len(x.text) > len(s) for s in ("'", "\u2019", *t.owner_suffixes))
            and _thing(tokens[k + 1], t)
            and not any(t.kind_of(y.text) is not None for y in tokens[k + 2:k + 3])]


def _thing(x: Token, t: Tongue) -> bool:
    """A noun that names no party and no step: a content word of no section and no kind."""
    return x.kind == "OPEN" and t.kind_of(x.text) is None and not t.sections(x.text)


def _quantifies(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The party word at ``k`` ("किसी", someone, any) quantifies the noun after it inside a
    phrase of absence a postposition closes, the negation before it or after the
    postposition ("बिना किसी त्रुटि के", "किसी त्रुटि के बिना": without any error): it names
    no one. A party's own case ("बिना किसी की मंज़ूरी के": without anyone's approval), or a
    noun that names a party or a step, keeps it a party."""
    if not k + 2 < len(tokens) or not _thing(tokens[k + 1], t) or tokens[k + 2].kind != "POSTP":
        return False
    return (k > 0 and tokens[k - 1].kind == "!negation") or (
        k + 3 < len(tokens) and tokens[k + 3].kind == "!negation")


_ROUTE = frozenset("\u2192+")
"""Signs that join the stops of a route an observation writes ("LAS \u2192 PHX \u2192 IAH") or its
legs ("HAT227 (ATL \u2192 ORD) + HAT139 (ORD \u2192 PHL)")."""
_STOP = ("OPEN", "NUM", "CODE")


def _route(tokens: Sequence[Token], k: int) -> bool:
    """The token is a route sign between two stops: "ATL \u2192 ORD" says which way a trip goes,
    in an observation of what the reader has or asked for. A stop is a word, a number or a
    code, with what a parenthesis after it writes of it ("Atlanta (ATL) \u2192 Philadelphia",
    "HAT227 (ATL \u2192 ORD) + HAT139"): words and arrows only; "+" joins only stops that are
    no numbers ("2 + 2" is a sum)."""
    if tokens[k].text not in _ROUTE or not 0 < k < len(tokens) - 1:
        return False
    j = k - 1
    if tokens[j].kind == "RPAR":
        j -= 1
        while j > 0 and (tokens[j].kind in _STOP or tokens[j].text == "\u2192"):
            j -= 1
        if tokens[j].kind != "LPAR" or j == k - 2:
            return False
        j -= 1
    stops = (tokens[j], tokens[k + 1]) if j >= 0 else ()
    kinds = ("OPEN", "CODE") if tokens[k].text == "+" else _STOP
    return len(stops) == 2 and all(y.kind in kinds for y in stops)


def _gloss(tokens: Sequence[Token], k: int) -> bool:
    """The token is a spaced "=" between two words that glosses the phrase before it with the
    one after it ("no args = clears slash commands": what passing no arguments does), in an
    observation, which grounds no call: read as "is". A code's or a field's "=" ("x=1",
    "`limit` = 5", "reservation_id=YAX4DR": a number, code or no space beside it) keeps rule
    ``non-prose``."""
    if tokens[k].text != "=" or not 0 < k < len(tokens) - 1:
        return False
    left, right = tokens[k - 1], tokens[k + 1]
    return left.kind == right.kind == "OPEN" and left.text.isalpha() and right.text.isalpha() \
        and left.end < tokens[k].start and tokens[k].end < right.start


def _charged(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The future auxiliary at ``k`` opens a passive of paying with no agent ([g-future-passive]
    "will be", a participle of kind ``pay``, no [g-means] "by" in its clause): "The additional
    cost will be charged to your card", "how much your Mastercard will be charged" say what
    the reader pays or gets back, the effect of the step announced, no party's step to come.
    "The billing team will charge your card" (a party its subject), "... will be charged by
    the vendor" (its agent named) and a passive of any other kind ("will be deleted") stay
    another's step; the observation grounds no call of kind ``pay`` (h36e)."""
    if k + 2 >= len(tokens) or not t.marked(f"{tokens[k].text} {tokens[k + 1].text}",
                                             "g-future-passive"):
        return False
    verb, rest = tokens[k + 2], tokens[k + 3 :]
    clause = rest[: next((j for j, y in enumerate(rest) if y.kind in _CLAUSE_ENDS), len(rest))]
    return verb.kind == "OPEN" and t.kind_of(verb.text) == "pay" and not any(
        t.has(y.text, "g-means") for y in clause)


_CLAUSE_ENDS = ("COMMA", "AND", "OPENER", "!conditional", "!non-prose")
"""Tokens that close the passive's clause: an agent ("by ...") is looked for before them."""


def _observation(tokens: Sequence[Token], end: str, t: Tongue,
                 to_come: bool = False) -> Refused | None:
    """Why a sentence before the announcement is no observation, or None."""
    # ``to_come``: an item of the assistant's plan (``planlooks``), after which only looks are
    # grounded: a step to come of a changing kind ("This will require payment") is then no
    # other actor's call
    if ":" in end or "：" in end:
        return Refused("unknown-preamble", "rule unknown-preamble: an observation ends with a "
                       "colon (it introduces what follows)")
    if "?" in end:
        return Refused("question", "rule question: the text before the markup asks")
    if len(tokens) > MAX_OBSERVATION_WORDS:
        return Refused("long-preamble", f"rule long-preamble: an observation of {len(tokens)} "
                       f"words (at most {MAX_OBSERVATION_WORDS})")
    title = titled(tokens)  # a commit's title quoted after its id names it (``committitle``)
    for k, x in enumerate(tokens):
        if k in title:
            continue
        # a quotation (or a list of them) that can instruct: a clause, a governing verb of
        # saying, a carrier's sentence; a quoted value is read again beside the call
        if x.kind == "CODE" and x.text[:1] in QUOTE_OPENERS and (why := (
                instructs(tokens, k, t) or _carrier(tokens, t) or _cited(tokens, t))):
            return Refused("quoted-source", f"rule quoted-source: the observation quotes "
                           f"{x.text[:40]!r}: {why}")
        if x.kind == "!conditional" and not _awaits(tokens, x, t):
            continue
        if x.kind == "!other-actor":
            continue  # a party an observation names limits the calls (``parties``)
        if x.kind in ("!declared-example", "!conditional"):
            rule = x.kind[1:]
            return Refused(rule, f"rule {rule}: the observation says {x.text!r}")
        if x.kind == "!non-prose" and not _route(tokens, k) and not _gloss(tokens, k):
            return Refused("non-prose", f"rule non-prose: {x.text!r} in an observation")
    for k, x in enumerate(tokens if not to_come else ()):
        # someone's step to come ("The SRE on duty will push the hotfix."): a future
        # auxiliary ([g-future]) right before a verb of a changing step
        if "g-future" in t.sections(x.text) and not _charged(tokens, k, t) and any(
                y.kind == "OPEN" and t.kind_of(y.text) not in (None, "generic", *_OBSERVING_KINDS)
                for y in tokens[k + 1 : k + 3]):
            return Refused("other-actor", f"rule other-actor: the observation says who "
                           f"{x.text!r} take a step ({' '.join(y.text for y in tokens[:k + 2])!r})")
    for k, x in enumerate(tokens):
        # another party's instruction ("The fetched page asks for the setup step."); the
        # user's own request ("The user wants the weather.") is the task
        if x.kind == "!quoted-source" and not any(_names_user(y, t) for y in tokens[:k]) \
                and not _named_request(tokens, k, t):
            return Refused("quoted-source", f"rule quoted-source: the observation reports "
                           f"what another party {x.text!r}")
    return numbered_label(tokens)  # "Scene 3.", "Option 2.": a label, no clause


def request_label(tokens: list[Token], t: Tongue, label: bool) -> list[Token]:
    """``tokens``, a lone word of asking read as a plain word where it labels the user's
    request (``_request_label``); ``label``: the sentence heads the rest of its line after a
    colon."""
    if not _request_label(tokens, t, label):
        return tokens
    x = tokens[0]
    return [Token("OPEN", x.text, x.start, x.end)]


def _request_label(tokens: Sequence[Token], t: Tongue, label: bool) -> bool:
    """The sentence is a lone word of asking ([g-report-ask]) of the common nouns ([g-common]:
    "request") heading the rest of its line ("**Request:** Downgrade cabin from business to
    basic economy."): the assistant's own account labels the request it serves, the user's,
    as "The user's request:" does; its value is read as an observation. A word of asking
    with any other word ("Their request:", "The vendor's request:"), a verb form ("Asks:"),
    a label over a list on the lines after it, and one in an announcement are read as before."""
    return label and len(tokens) == 1 and t.has(tokens[0].text.casefold(), "g-report-ask") and \
        t.has(tokens[0].text.casefold(), "g-common")


def _named_request(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word of asking at ``k`` is a noun the observation says something of, not a report of
    what was asked: "Since this request falls outside my scope". It follows an article or a
    demonstrative and is the subject of a plain verb (no kind, no section: "falls", "seems"),
    and nothing after it says what was asked: no step of a changing kind, no other word of
    reporting, directing or wanting, no quotation ("the request to wipe the disk", "the request
    says to", "this request wants the logs deleted" relay as before)."""
    if not 0 < k < len(tokens) - 1 or not (tokens[k - 1].kind == "DEM"
                                           or t.has(tokens[k - 1].text.casefold(), "g-article")):
        return False
    verb = tokens[k + 1]
    if verb.kind != "OPEN" or t.kind_of(verb.text) is not None or t.sections(verb.text):
        return False
    return not any(y.kind == "CODE" or y.kind.startswith("!") or _changes(
        t.kind_of(y.text) if y.kind in ("OPEN", "ACTING") else None) or any(
        t.has(y.text.casefold(), s) for s in ("g-report", "g-report-ask", "g-directive"))
        for y in tokens[k + 1:])


def _determined(tokens: Sequence[Token], k: int, t: Tongue) -> int | None:
    """The index before a party noun's determiner ("the customer", "look up the customer"),
    -1 when the phrase opens the sentence; None for a word with no determiner ("they",
    "someone", "you'll"): a pronoun is read by its own rules."""
    words = tokens[k].text.split()
    if len(words) > 1 and t.has(words[0].casefold(), "g-det"):
        return k - 1
    if k and (tokens[k - 1].kind == "DET" or t.has(tokens[k - 1].text.casefold(), "g-det")):
        return k - 2
    return None


def _plain(x: Token, t: Tongue) -> bool:
    """A content word of no step and no section ("record", "know", "reported")."""
    return x.kind == "OPEN" and t.kind_of(x.text) is None and not t.sections(x.text)


def about(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """Does the party noun ([g-actor]) at ``k`` of an announcement name whom the step is about,
    not who takes one? It does as the object of an observing verb or an unknown one ("look up
    the customer c_88", "let the customer know") or inside an inquiry ("see what the
    customer reported"), when what follows takes no step: the end, an identifier, or a word
    of no step and no section. A party before a step ("let the customer delete it"), an
    infinitive ("for the customer to approve") or an auxiliary ("the customer will") acts; a
    possessive ("the user's notes") names a party's content, which a relay copies."""
    text = tokens[k].text
    if not text.endswith(("'", "’", *t.owner_suffixes)) and owner_of_looked(tokens, k, t):
        return True  # "je vérifie la commande a-7781 du client" (``ownedlook``)
    j = _determined(tokens, k, t)
    if j is None or j < 0 or text.endswith(("'", "’", *t.owner_suffixes)):
        return False  # a party's possession ("the user's notes") is content a relay copies
    before = tokens[j]
    if not (before.kind in ("INQUIRY", "PARTICLE") or _plain(before, t) or (
            before.kind == "OPEN" and t.kind_of(before.text) in _OBSERVING_KINDS)):
        return False
    after = tokens[k + 1] if k + 1 < len(tokens) else None
    if after is not None and after.kind == "PREP" and _keyed(tokens, j, k, t):
        return True
    return after is None or after.kind in ("!non-prose", "CODE", "NUM") or _plain(after, t)


def _keyed(tokens: Sequence[Token], j: int, k: int, t: Tongue) -> bool:
    """The party noun at ``k``, object of an observing verb (at ``j``, or before its particle
    there: "look up"), is followed by a preposition and its noun phrase ("look up the customer
    by email", "find the customer in the CRM"): the phrase says how or where it is looked
    up. A preposition does not open a step of the party's; one of means before an -ing verb
    ("by deleting") opens the assistant's own step, and is not read here."""
    verb = tokens[j - 1] if tokens[j].kind == "PARTICLE" and j else tokens[j]
    if not (verb.kind == "OPEN" and t.kind_of(verb.text) in _OBSERVING_KINDS):
        return False
    if k + 2 >= len(tokens):
        return False
    noun = tokens[k + 2]
    return noun.kind in ("DET", "CODE", "NUM") or (noun.kind == "OPEN" and not gerund(noun, t))


def _undergoes(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """An observation whose subject, a party noun, is said to have undergone something or done
    it, by a past auxiliary right after it ([g-recap]: "The customer was charged twice."): it
    names whom the step is about. Not with an infinitive ("was told to delete it", "was
    going to"): that is a step asked for or to come."""
    return (_determined(tokens, k, t) == -1 and k + 1 < len(tokens)
            and tokens[k + 1].kind == "!recap" and t.has(tokens[k + 1].text, "g-recap")
            and not any(y.kind == "TO" or t.has(y.text, "g-future") for y in tokens[k + 2 :]))


def _addressed(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """An observation's second-person word that states what the user said, wants or is
    ("You're right", "You're asking about the weather"): the user, like "The user wants ...",
    is the task; a verb of asking right after it ("you're asking for an escalation") reports
    the user's request, read by ``asked`` as "You asked for ..." is. Not when a step of the
    user's follows ("you're going to run it", "you'll push it", "you're deleting it"): that
    is another actor's step. A negation of what the
    user is ("you're not satisfied") states it too; of a step ("you're not deleting it",
    "you're not going to run it") it is still the user's step."""
    x = tokens[k]
    if not t.has(x.text, "g-addressee") or "g-future" in t.sections(x.text):
        return False
    after = tokens[k + 1 : k + 4]
    # "you're asking for an escalation": the user's request, which ``asked`` reads (h29b)
    asking = after[:1] if after and t.has(after[0].text.lower(), "g-report-ask") else []
    return not any((y.kind.startswith("!") and y.kind != "!negation" and y not in asking) or (
        y.kind == "OPEN" and t.kind_of(y.text) not in (None, "generic", *_OBSERVING_KINDS))
        or t.has(y.text, "g-future") for y in after)


def _awaits(tokens: Sequence[Token], cue: Token, t: Tongue) -> bool:
    """Does an observation's condition word wait for something? A time or an approval
    ([g-deferral], [g-wait]) always does; a plain subordinator ("when", "before", "if") does
    when the sentence names the user or the reader ("when the user confirms"): otherwise it
    says how the world behaves ("set_output ignores the remainder when it's an estimator",
    "it can be called before fit()"), which defers no step."""
    if _settled(tokens, next(k for k, x in enumerate(tokens) if x is cue), t):
        return False
    if t.has(cue.text, "g-deferral") or t.has(cue.text, "g-wait"):
        return True
    if clocked(day_words(tokens, t)):
        return True  # a sentence that is a time alone ("At 7am.", "Today at 5.", ``clocked``)
    if gate(tokens, cue, t) is not None:
        return False  # a rule's condition on one kind of step (``Announcement.gated``)
    return any(_names_user(y, t) for y in tokens)


_GATED_SUBJECT = 3
"""Most determiners and plain words of the thing a rule's condition is on ("your
reservation")."""


def gated(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The kinds of step the observation's rules allow only under a condition (``gate``)."""
    return [g for x in tokens if x.kind == "!conditional" for g in [gate(tokens, x, t)]
            if g is not None]


def gate(tokens: Sequence[Token], cue: Token, t: Tongue) -> str | None:
    """The kind of step a rule allows only under the condition ``cue`` heads, or None: the
    sentence opens with a thing (at most three determiners and plain words, a plain word
    last), then [g-permit-passive] ("can only be"), a participle of a changing kind, and the
    condition word right after it ("Your reservation can only be cancelled if one of these
    conditions is met."). The condition holds back steps of that kind (``grounding.timed``),
    not every step: a rule of what the policy allows, not a wait for the user. A condition
    word of a time or an approval, anything between the participle and the condition word,
    a participle of no kind ("can only be issued") or of a look are read as before."""
    k = next((j for j, x in enumerate(tokens) if x is cue), 0)
    if k < 5 or tokens[k - 1].kind != "OPEN" or not t.has(cue.text, "g-condition"):
        return None
    kind = t.kind_of(tokens[k - 1].text)
    if kind in (None, "generic", *_OBSERVING_KINDS):
        return None
    if not t.marked(" ".join(x.text for x in tokens[k - 4 : k - 1]), "g-permit-passive"):
        return None
    thing = tokens[: k - 4]
    return kind if len(thing) <= _GATED_SUBJECT and thing[-1].kind == "OPEN" and all(
        x.kind in ("DET", "OPEN") and t.kind_of(x.text) is None for x in thing) else None


_DONE = ("!non-prose", "COMMA", "AND")
"""Tokens that close the phrase a time or an approval word ends."""


def _settled(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """Does the observation's time or approval word at ``k`` name something already settled,
    no wait? An approval an acknowledgement thanks for, a noun phrase ending the sentence
    ("Thanks for the confirmation.", "Danke für die Bestätigung."): it was given ("Thanks for
    waiting." names no thing received, and still grounds only observing calls). A time right after a past
    tense's auxiliary ([g-recap]: "was") and its verb, with a demonstrative ("the package was
    delivered this morning"): when something happened. A word of state ([g-state]: "pending")
    between a number or a determiner and its noun ("12,000 pending jobs"): what the things
    are like. A time gone by closing its phrase ([g-past]: "covered the tickets last night"):
    when what is reported happened. Anything after the word ("... for Friday", "pending
    review") keeps it a wait."""
    cue, rest = tokens[k], tokens[k + 1 :]
    if measured(tokens, k, t):
        return True  # "since the cancellation is within 24 hours of booking" (``spans``)
    closed = all(x.kind in _DONE for x in rest[:1])
    if _granted(tokens, k, closed, t) or (closed and t.has(cue.text, "g-past")):
        return True  # an approval given, or a time gone by ("... last night.")
    if closed and gone_by(tokens, k, t):
        return True  # a span that ends now ("within the last 24 hours", ``spans``)
    if ago(tokens, k, t):
        return True  # a span counted back from now ("24 hours ago", ``spans``)
    if k == 3 and tokens[0].kind == "ACK" and tokens[1].kind == "PREP" and tokens[2].kind in (
            "DET", "DEM") and all(x.kind == "!non-prose" for x in rest):
        return True
    if k >= 3 and closed and tokens[k - 1].kind == "DEM" and tokens[k - 2].kind == "OPEN" and (
            tokens[k - 3].kind == "!recap" and t.has(tokens[k - 3].text, "g-recap")):
        return True
    return (0 < k < len(tokens) - 1 and t.has(cue.text, "g-state")
            and (tokens[k - 1].kind in ("NUM", "DET", "DEM") or tokens[k - 1].text[:1].isdigit())
            and tokens[k + 1].kind == "OPEN" and not _deferring(tokens[k + 1].text, t))


def _granted(tokens: Sequence[Token], k: int, closed: bool, t: Tongue) -> bool:
    """An approval the observation reports as given ([g-granted]: "approved"), in a sentence
    with no subordinator ([g-condition]: "once", "if"): after a noun and a copula or a past
    tense's auxiliary ([g-copula], [g-recap]: "the review is approved"), closing its phrase;
    or right after the user as its subject ("you approved the increase"). A negation, a modal
    or a future between them ("is not approved", "will be approved") is none of these."""
    if k < 1 or not t.has(tokens[k].text, "g-granted") or any(
            t.has(x.text, "g-condition") for x in tokens):
        return False
    before = tokens[k - 1]
    if before.kind == "YOU":
        return k == 1 or tokens[k - 2].kind in ("AND", "COMMA")
    return closed and k >= 2 and tokens[k - 2].kind in ("OPEN", "CODE") and any(
        t.has(before.text, s) for s in ("g-copula", "g-recap"))


def _deferring(word: str, t: Tongue) -> bool:
    """The word, or its base before an ending the language inflects with, is a time or an
    approval to wait for ("approvals": "3 pending approvals" still wait)."""
    return any(t.has(base, s) for e in t.endings if word.endswith(e)
               for base in [word[: len(word) - len(e)] if e else word]
               for s in ("g-deferral", "g-wait"))


def _refusal(bad: Token, body: str) -> Refused:
    if bad.kind.startswith("!"):
        rule = bad.kind[1:]
        return Refused(rule, f"rule {rule}: {bad.text!r} has no place in an announcement "
                       f"({body[:60]!r})")
    return Refused("unknown-preamble", f"rule unknown-preamble: {bad.text!r} ({bad.kind}) has "
                   f"no place in an announcement ({body[:60]!r})")


def _modifier(tokens: Sequence[Token], j: int, t: Tongue) -> bool:
    """The step word at ``j`` is an -ing form modifying the noun after it, a determiner before
    it ([g-participle-suffix]: "a booking date", "the billing address", "the shipping fee"):
    the phrase names a thing, no step anyone asks for ("The reservation details indicate a
    booking date beyond the 24-hour window."). A noun of a step ("a new booking", "a
    cancellation", "a deletion asap"), and an -ing form before a word of a step's kind, another
    -ing form or a word of a class ("a booking for May 2") stay a step asked for (h36e)."""
    if not 0 < j < len(tokens) - 1 or tokens[j - 1].kind != "DET":
        return False
    word, head = tokens[j], tokens[j + 1]
    return word.kind == "OPEN" and head.kind == "OPEN" and t.kind_of(head.text) is None and any(
        word.text.endswith(s) and len(word.text) > len(s) + 2 for s in t.participle_suffixes
    ) and not any(head.text.endswith(s) for s in t.participle_suffixes)
