"""The accepted preamble: a closed grammar over each language's word classes.

A preamble is ``[acknowledgement] observation{0,2} announcement+``: sentences of
acknowledgement words only ("Sure!"), then at most two observations (short declarative
sentences, screened), then one or more announcements, each parsing completely under
``grammar/intent/preamble.lark`` in its own language. Every token must be placed: the first
that cannot be refuses, naming its rule (a word of a refusing section) or ``unknown-preamble``.
The parse keeps what grounding reads: the verbs (their kinds), the object's content words, and
the observations' content words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import pairwise

from lark import Lark
from lark import Token as LarkToken
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from ..families import cached_lark, grammar_dir
from .words import REFUSING, Token, Tongue, covers, detect, fold, is_clock, tokenize, tongues, unspaced

__all__ = ["MAX_OBSERVATIONS", "MAX_PREAMBLE_CHARS", "MAX_SENTENCES", "Announcement", "Refused",
           "announce", "grammar", "thought_words"]

MAX_PREAMBLE_CHARS = 600
"""Longest preamble, in characters (whitespace and end-of-turn tokens around it aside)."""
MAX_SENTENCES = 5
"""Most sentences in a preamble, acknowledgements included."""
MAX_OBSERVATIONS = 2
"""Most observation sentences before the announcement."""
MAX_OBSERVATION_WORDS = 40
"""Longest observation sentence, in tokens."""


@dataclass(frozen=True)
class Announcement:
    """What an accepted preamble announces, for grounding."""

    verbs: tuple[tuple[str, str | None], ...]
    """(verb, kind or None or "generic") of each announced step."""
    objects: tuple[str, ...]
    """Content words and code tokens of the announcements (the verbs' objects and adjuncts)."""
    observed: tuple[str, ...]
    """Content words and code tokens of the observation sentences."""
    pronoun: bool
    """Some step has a pronoun object ("fix that") or no object at all."""
    tongues: tuple[str, ...]
    """The languages of the sentences."""
    named: tuple[str, ...] = ()
    """The announcements' own nouns: content words that are no verb of a step, no number and
    no common word ([g-common]: "current", "new"); a call that changes something carries each."""
    again: bool = False
    """Some announcement repeats a step ("once more", [g-again])."""
    adjuncts: tuple[tuple[str, ...], ...] = ()
    """The content words of each phrase of the announcements headed by a preposition of time
    ("at launch", "during the freeze"), and of each aside in parentheses ("(not yet)"): some
    call carries one of a group's words, or the group is a time or a comment on the step."""
    sourced: bool = False
    """Some observation says what a source holds ("The PDF lists the payee.", [g-content]):
    a step that cannot be taken back is never grounded in it."""
    times: tuple[str, ...] = ()
    """Times to come the announcements name ("tomorrow", "next week", "at 5pm"): only
    observing calls are grounded with one (rule ``conditional`` otherwise)."""
    harms: tuple[str, ...] = ()
    """Words of the announcements and observations that call a thing harmful ([g-harm]:
    "malicious", "malware"): only observing and deleting calls are grounded with one (rule
    ``declared-harm`` otherwise)."""
    universal: bool = False
    """Some announcement speaks of all or every thing of a kind ([g-universal]: "all",
    "every", "tous"): a call may then reach everything of that kind."""
    recaps: tuple[str, ...] = ()
    """Recap words the announcements say inside their object ("verify that the file was
    renamed"): only observing calls are grounded with one (rule ``recap`` otherwise)."""
    relayed: str | None = None
    """A carrier of someone's words ([g-carrier]: an email, a page, a README) an observation
    opens with, or an announcement cites as its source ([g-source-prep]: "per the README"):
    the steps come from it, so no call that changes something is grounded (rule
    ``quoted-source``)."""
    governed: tuple[tuple[str, str, str], ...] = ()
    """(word, kind, rule) of each step an observation says under a negation or a condition
    ("Nothing gets deleted for real.", "The migration runs once the backup completes."): a
    call of that kind is refused by that rule (``governed``)."""
    reverses: tuple[str, ...] = ()
    """Announced verbs that undo a step ([g-reverse]: "roll back", "refund", "cancel"): a call
    that changes something carries a word that undoes too, or it takes the step forward."""
    forward: bool = False
    """The last announcement ends with a colon: what it names may be the markup that follows
    ("Let me check that for you:", "Let me check what the page says:")."""
    offers: tuple[str, ...] = ()
    """Openers that offer the step ([g-offer]: "I can"): only observing calls are grounded
    with one (rule ``question`` otherwise): "I can use the email tool." waits for a yes."""
    cosmetic: tuple[str, ...] = ()
    """Words of the announcements and observations that name a change keeping what text does
    ([g-cosmetic]: "typo", "rename"): with one step announced, an edit changes only words, by
    a slip or an identifier for another (rule ``ungrounded-call``)."""


@dataclass(frozen=True)
class Refused:
    """Why a preamble is not accepted: the rule, and the detail naming the token."""

    rule: str
    detail: str


class _Feed(Lexer):
    """Hands the tokenizer's tokens to Lark as they are (no text lexing)."""

    def __init__(self, conf: object) -> None:
        pass

    def lex(self, data: object) -> object:  # type: ignore[override]
        return iter(data)  # type: ignore[call-overload]


@cache
def grammar() -> Lark:
    """The preamble grammar, built once (LALR; through the parser cache, as the families')."""
    text = (grammar_dir() / "intent" / "preamble.lark").read_text(encoding="utf-8")
    return cached_lark(text, [], parser="lalr", lexer=_Feed, start=["svo", "sov", "steps"])


_SENTENCE = re.compile(r"(?<=[.!。！…])\s*|(?<=[:：])\s+|\n+|(?<=[;；])\s*")


_SENTENCE_END = re.compile(
    r"[.!。！…:：;；।॥؟?]+(?=\s|$)|[。！；।!]+|\n+"
    # a colon right after a CJK or Hangul character ends the sentence unspaced ("文件：a.yaml")
    r"|(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]):+")


def _sentences(view: str) -> list[tuple[str, str]]:
    """(body, terminator) of each sentence of the normalised view; a colon that ends its
    line keeps the line break in its terminator (it introduces a block, not the rest of the
    line)."""
    out = []
    pos = 0
    for m in _SENTENCE_END.finditer(view):
        body = view[pos : m.start()].strip()
        if body:
            end = m.group(0).strip()
            if end[-1:] in ":：" and not view[m.end():].split("\n", 1)[0].strip():
                end += "\n"
            out.append((body, end))
        elif out and m.group(0).strip():
            out[-1] = (out[-1][0], out[-1][1] + m.group(0).strip())
        pos = m.end()
    rest = view[pos:].strip()
    if rest:
        out.append((rest, ""))
    return out


def _parse(tokens: Sequence[Token], t: Tongue, start: str | None = None) -> Token | None:
    """None when the tokens parse as announcement clauses (or as ``start``); else the first
    token not placed."""
    bad = next((x for x in tokens if x.kind.startswith("!")), None)
    if bad is not None:
        return bad
    neg = next((k for k, x in enumerate(tokens) if x.kind == "NEG"), None)
    # the negation's clause: from the last complement verb before it ("make sure")
    opened = next((k for k in range(neg or 0, -1, -1) if tokens[k].kind == "OPEN"
                   and "g-complement" in t.phrases.get(tuple(tokens[k].text.split()),
                                                       t.sections(tokens[k].text))), 0)
    if neg is not None and any(x.kind == "OPEN" and t.kind_of(x.text) == "run"
                               for x in tokens[opened:]):
        # "make sure we never run it": a negation next to an execution verb governs it
        return Token("!negation", tokens[neg].text, tokens[neg].start, tokens[neg].end)
    feed = [LarkToken(x.kind, x.text, start_pos=k) for k, x in enumerate(tokens)]
    try:
        grammar().parse(feed, start=start or t.order)
    except UnexpectedInput as e:
        tok = getattr(e, "token", None)
        k = getattr(tok, "start_pos", None)
        if isinstance(k, int) and 0 <= k < len(tokens):
            return tokens[k]
        return Token("END", "(end of sentence)", 0, 0)
    return None


def _verbs(tokens: Sequence[Token], t: Tongue,
           steps: bool = False) -> list[tuple[str, str | None]]:
    """The words in a verb slot: after an opener and its adverbs, after HELP (YOU), after TO,
    after AND, an -ing opener, and the stem before a FINAL ending; ``steps``: the first word
    too (a spelled-out step after a colon)."""
    out: list[tuple[str, str | None]] = []
    after = steps
    purpose = False  # the slot follows TO: a purpose of the step before it
    governing: str | None = None  # the kind of the last verb not in a purpose slot
    sov = t.order == "sov"
    for k, x in enumerate(tokens):
        if x.kind == "ACTING":
            out.append((x.text, t.kind_of(x.text)))
            governing = out[-1][1]
            after = purpose = False
            if governing == "generic" and t.has(x.text, "g-perform"):
                named = _step_noun(tokens, k + 1, t)  # "haré el commit", "faccio il commit"
                if named is not None:
                    out.append(named)
            continue
        if x.kind == "FINAL":
            j = k - 1
            if j >= 0 and tokens[j].kind == "OPEN":
                out.append((tokens[j].text, t.kind_of(tokens[j].text)))
            continue
        if x.kind == "YOU" and not (k and tokens[k - 1].kind == "HELP"):
            # "send you the summary", "let you run it": you take that step, not the assistant
            after = purpose = False
            continue
        if x.kind in ("OPENER", "HELP", "YOU", "TO", "AND") and not sov:
            after = True
            purpose = x.kind == "TO"
            if x.kind == "HELP":
                governing = "generic"
            continue
        if after and (x.kind == "ADV" or (x.kind == "COURTESY" and k and tokens[k - 1].kind in (
                "OPENER", "ADV", "COURTESY"))):
            continue  # "我来为您查询": a courtesy before the verb keeps its slot open
        if after and x.kind == "OPEN":
            kind = t.kind_of(x.text)
            if not purpose:
                governing = kind
            elif governing not in ("generic", "run"):
                # "write down the command to delete the logs", "ping Marco to run it": the
                # purpose of a step that is not a means (use, call, run) is not a step taken
                after = purpose = False
                continue
            out.append((x.text, kind))
            if kind == "generic" and not purpose and t.has(x.text, "g-perform"):
                named = _step_noun(tokens, k + 1, t)
                if named is not None:
                    out.append(named)
        after = purpose = False
    return out


def _step_noun(tokens: Sequence[Token], k: int, t: Tongue) -> tuple[str, str] | None:
    """The step a generic verb of [g-perform] takes through its object ("proceed with the
    cancellation", "do the deletion"): the object's first content word, when the lexicon gives
    it a kind of its own."""
    while k < len(tokens) and tokens[k].kind == "ADV":
        k += 1
    if k < len(tokens) and tokens[k].kind == "PREP":
        k += 1
    while k < len(tokens) and tokens[k].kind == "DET":
        k += 1
    if k < len(tokens) and tokens[k].kind == "OPEN" and (
            k + 1 == len(tokens) or tokens[k + 1].kind not in ("OPEN", "CODE")):
        # the head of its phrase: "the deletion review" is a review
        kind = t.kind_of(tokens[k].text)
        if kind not in (None, "generic"):
            return tokens[k].text, kind
    return None


def _content(tokens: Sequence[Token], t: Tongue, verbs: set[str]) -> list[str]:
    """The content words and code tokens (verbs included: "install" names ``pip install``;
    ``[g-meta]`` words name nothing)."""
    del verbs
    return [x.text for x in tokens if x.kind in ("OPEN", "CODE", "NUM") and x.text not in t.meta]


@lru_cache(maxsize=512)
def announce(view: str) -> Announcement | Refused:  # noqa: PLR0915 - one pass over sentences
    """The announcement a normalised preamble makes, or why it is refused."""
    sentences = _reasons_apart(_sentences(view))
    if not sentences:
        return Refused("unknown-preamble", "rule unknown-preamble: nothing before the markup "
                       "announces a step")
    if len(sentences) > MAX_SENTENCES:
        return Refused("long-preamble", f"rule long-preamble: {len(sentences)} sentences before "
                       f"the markup (at most {MAX_SENTENCES})")
    # the last sentence that says something: courtesy sentences after it ("Please hold on for
    # a moment.") close the preamble and say nothing, so the one before them is the last
    final = len(sentences) - 1
    while final > 0 and _closing_sentence(sentences[final][0]):
        final -= 1
    parts: list[Announcement] = []  # each announcement sentence's
    observed: list[str] = []
    times: list[str] = []
    recaps: list[str] = []
    harms: list[str] = []
    cosmetic: list[str] = []
    steered: list[tuple[str, str, str]] = []
    offers: list[str] = []
    relayed: str | None = None
    sourced = False
    langs: list[str] = []
    announced = False
    spelled = False  # the previous announcement ends in a colon: this sentence spells it out
    observations = 0
    inline = False  # the previous observation ends in a colon inside its line
    said_in: Tongue | None = None  # the language of the last announcement sentence
    forward = False  # the last announcement ends with a colon
    for k, (body, end) in enumerate(sentences):
        t = detect(body)
        if t is None:
            return Refused("unknown-language", f"rule unknown-language: {body[:60]!r} is in no "
                           "language leakcall has a lexicon for")
        langs.append(t.name)
        tokens = tokenize(body, t)
        harms.extend(x.text for x in tokens if t.has(x.text, "g-harm"))
        cosmetic.extend(x.text for x in tokens if t.has(x.text, "g-cosmetic"))
        last = k == final
        if announced and _closing(tokens):
            continue  # "Please hold on for a moment."
        if all(x.kind in ("ACK", "COMMA", "DASH") for x in tokens):
            if announced:
                return Refused("unknown-preamble", f"rule unknown-preamble: {body[:40]!r} after "
                               "the announcement")
            continue
        foreign = _foreign_part(body, t) or _foreign_word(tokens, t) or _disguised(body, tokens, t)
        if foreign is not None:
            return foreign
        listed = _listed(body, said_in) if (
            last and parts and said_in is not None and ":" in sentences[k - 1][1]) else ()
        if listed:
            # "Ich lese beide Dateien: config/dev.yaml und config/prod.yaml.": the objects of
            # the announcement before the colon, listed
            parts[-1] = replace(parts[-1], objects=parts[-1].objects + listed,
                                named=parts[-1].named + listed)
            continue
        read = _read(tokens, t, body, spelled, last)
        if isinstance(read, Refused):
            return read
        tokens, bad, steps, timed, recapped = read
        times.extend(timed)
        recaps.extend(recapped)
        if bad is None:
            aside = _appositive(tokens, t)
            if aside is not None:
                return Refused("unknown-preamble", f"rule unknown-preamble: {aside!r} after the "
                               "object comments on the step; it has no place in an announcement")
            if inline:
                return Refused("unknown-preamble", "rule unknown-preamble: an observation's "
                               "colon introduces an announcement (a quotation of one)")
            if ":" in end and not last and (k != len(sentences) - 2 or t.order != "svo"
                                            or spelled or steps) and not (
                    k == len(sentences) - 2 and _listed(sentences[-1][0], t)):
                return Refused("unknown-preamble", "rule unknown-preamble: a colon inside "
                               "the preamble (only its last sentence, or an announcement "
                               "whose steps the last sentence spells out, ends with one)")
            if "?" in end:
                return Refused("question", "rule question: the text before the markup asks")
            where = _request_source(tokens, t)
            if where is not None:
                return Refused("quoted-source", f"rule quoted-source: {where!r} says where the "
                               "request came from: the step is that source's")
            announced = True
            said = _announcement(tokens, t, steps)
            told = (_telling(said, tokens, t) or _mood(said, tokens, t)
                    or _wish(said, tokens, t) or _offer(said, tokens, t))
            if told is not None:
                return told
            offer = _opener_in(tokens, t, "g-offer", ("OPENER",))
            if offer is not None:
                offers.append(offer)
            # (a light verb's step is what its object names: "make both changes:")
            intro = {k for v, k in parts[-1].verbs if k not in (None, "generic")
                     and not t.has(v, "g-perform")} if steps and parts else set()
            beyond = next((k for _, k in said.verbs if k not in (None, "generic")
                           and intro and not covers(intro, k)), None)
            if beyond is not None:
                # "I'll update the changelog with the upgrade step: run `alembic upgrade`":
                # the steps spelled out are what the announced step writes down
                return Refused("unknown-preamble", f"rule unknown-preamble: the step after the "
                               f"colon is of kind {beyond!r}, which the announcement before it "
                               f"({', '.join(sorted(intro))}) does not take: it is what that "
                               "step writes down")
            parts.append(said)
            said_in = t
            forward = ":" in end or "：" in end
            relayed = relayed or _cited(tokens, t)
            # "I'll read the checklist:" introduces what it reads, and "I'll document the
            # fix in the runbook:" what it writes down: only a step of a known changing kind
            # ("make both changes:") or a generic one ("here's what I'll do:") is spelled out
            spelled = ":" in end and not last and not any(
                k in _OBSERVING_KINDS for _, k in parts[-1].verbs) and any(
                k is not None for _, k in parts[-1].verbs)
            continue
        if announced or last:
            return _refusal(bad, body)
        # an observation: declarative, short, no quotation, no refusing word; a colon
        # inside its line ("You have two reservations: A and B.") joins it to the rest of
        # the line, which must be an observation too and no announcement
        colon = (":" in end or "：" in end) and "\n" not in end and not inline and (
            k + 2 < len(sentences))
        # a time an observation names ("usage last week", "on Friday") is read as a time the
        # announcement names: only observing calls are grounded with it (``timed``)
        waits = {k for k, x in enumerate(tokens) if x.kind == "!conditional" and _timed(x, t)
                 and _awaits(tokens, x, t)}
        if waits:
            times.extend(tokens[k].text for k in sorted(waits))
            tokens = [Token("OPEN", x.text, x.start, x.end) if k in waits else x
                      for k, x in enumerate(tokens)]
        why = _observation(tokens, "" if colon else end, t)
        if why is not None:
            return why
        was, inline = inline, colon
        observations += 0 if was else 1  # the rest of the observation before it
        if observations > MAX_OBSERVATIONS:
            return Refused("long-preamble", f"rule long-preamble: more than {MAX_OBSERVATIONS} "
                           "sentences before the announcement")
        observed.extend(_content(tokens, t, set()))
        steered.extend(_governed(tokens, t))
        steered.extend(_relayed_steps(tokens, t))
        relayed = relayed or _carrier(tokens, t)
        sourced = sourced or any("g-content" in t.sections(x.text) for x in tokens)
    if not announced:
        return Refused("unknown-preamble", "rule unknown-preamble: an acknowledgement alone "
                       "(\"Sure!\") announces no step of the assistant's own")
    return Announcement(
        tuple(v for p in parts for v in p.verbs), tuple(w for p in parts for w in p.objects),
        tuple(observed), any(p.pronoun for p in parts), tuple(langs),
        tuple(w for p in parts for w in p.named), any(p.again for p in parts),
        tuple(a for p in parts for a in p.adjuncts), sourced, tuple(times), tuple(harms),
        any(p.universal for p in parts), tuple(recaps), relayed, tuple(steered),
        tuple(v for p in parts for v in p.reverses), forward, tuple(offers), tuple(cosmetic))


def _read(tokens: list[Token], t: Tongue, body: str, spelled: bool, last: bool = True,
          ) -> tuple[list[Token], Token | None, bool, list[str], list[str]] | Refused:
    """One sentence read as an announcement: its tokens (from the verb, for an imperative
    step), the first token not placed (None: it parses), whether it is an imperative step,
    the times to come it names and the recap words read as words; or why it is refused."""
    tokens = _coverbed(tokens, t)
    bad = _parse(tokens, t) or _courtesy_before_verb(tokens, t)
    times: list[str] = []
    recaps: list[str] = []
    if bad is not None and bad.kind == "!conditional" and _timed(bad, t):
        # a time to come ("tomorrow", "next week", "at 5pm"): the sentence is read with
        # its times as words; grounding then lets only observing calls through
        # ("Let me check the weather for tomorrow." reads now; nothing else waits)
        untimed = [Token("OPEN", x.text, x.start, x.end) if x.kind == "!conditional"
                   and _timed(x, t) else x for x in tokens]
        if _parse(untimed, t) is None:
            times = [x.text for x, y in zip(tokens, untimed, strict=True) if x is not y]
            tokens, bad = untimed, None
    if bad is not None and bad.kind == "!recap" and last:
        # what was done, inside the object of the last sentence ("verify that the file was
        # renamed", "the class that was used in the test"): read as words; grounding then
        # lets only observing calls through (a recap before a send or a payment would do it
        # twice). An earlier sentence that says what was done is an observation.
        unsaid = [Token("OPEN", x.text, x.start, x.end) if x.kind == "!recap" else x
                  for x in tokens]
        if _parse(unsaid, t) is None:
            recaps = [x.text for x, y in zip(tokens, unsaid, strict=True) if x is not y]
            tokens, bad = unsaid, None
    if bad is not None and spelled:
        step = _step(tokens, t, body)
        if isinstance(step, Refused):
            return step
        if step is not None:
            return step, None, True, times, recaps
    return tokens, bad, False, times, recaps


_PHRASE = frozenset({"OPEN", "CODE", "NUM", "DET", "DEM", "PRON"})


def _courtesy_before_verb(tokens: Sequence[Token], t: Tongue) -> Token | None:
    """A courtesy between the opener and the verb that names no reader ([g-user]): only the
    reader as beneficiary or requester stands there ("我来为您查询", "I'll as you requested
    ..."); "我来请张伟删除" asks someone else, "I'll hold on delete" is no announcement."""
    for k, x in enumerate(tokens):
        if x.kind != "COURTESY" or any(t.has(w, "g-user") for w in _pieces(x.text)):
            continue
        j = k - 1
        while j >= 0 and tokens[j].kind in ("ADV", "COURTESY"):
            j -= 1
        if j >= 0 and tokens[j].kind == "OPENER":
            return x
    return None


def _pieces(text: str) -> list[str]:
    """The words of a token, and for an unspaced script its characters and their pairs."""
    out = text.split()
    if any(ord(c) > 0x2e80 for c in text):
        out += [*text, *(text[i : i + 2] for i in range(len(text) - 1))]
    return out


def _coverbed(tokens: list[Token], t: Tongue) -> list[Token]:
    """A coverb phrase before the verb read in the verb's place ([g-coverb]: "我来把 v2.3.1
    部署到预发布环境" reads "我来 部署 v2.3.1 到 …", "我来给张伟发送纪要" reads "我来 发送 张伟
    纪要"): the coverb goes, its phrase (content words and determiners only) follows the verb,
    the first word after it of a known kind. Anything else is left as it is."""
    for k, x in enumerate(tokens):
        if k == 0 or tokens[k - 1].kind not in ("OPENER", "ADV", "COURTESY", "COMMA") or \
                not t.has(x.text, "g-coverb"):
            continue
        j = k + 1
        while j < len(tokens) and tokens[j].kind in _PHRASE and not (
                tokens[j].kind == "OPEN" and j > k + 1 and t.kind_of(tokens[j].text)
                not in (None, "generic")):
            j += 1
        if j == k + 1 or j >= len(tokens) or tokens[j].kind != "OPEN":
            return tokens
        return [*tokens[:k], tokens[j], *tokens[k + 1 : j], *tokens[j + 1 :]]
    return tokens


def _step(tokens: list[Token], t: Tongue, body: str) -> list[Token] | Refused | None:
    """The tokens of a step the announcement before the colon spells out, from its verb, or
    why it is addressed to the user, or None: it opens with a verb the lexicon knows ("add the
    comment", never "the user wants it")."""
    verb = _imperative(tokens, t)
    if (verb is None or t.kind_of(tokens[verb].text) is None
            or _parse(tokens[verb:], t, "steps") is not None):
        return None
    addressed = next((x for x in tokens if _addressee(x, t)), None)
    if addressed is not None:
        return Refused("other-actor", f"rule other-actor: an imperative step with "
                       f"{addressed.text!r} is addressed to the user ({body[:60]!r})")
    return tokens[verb:]


def _appositive(tokens: Sequence[Token], t: Tongue) -> str | None:
    """A noun phrase after the sentence's last comma that opens with a determiner and names
    no step ("Running the installer, a trap.", "Installiere X, das Schadpaket"): a comment on
    the object, not a list item ("A, B and C") or a place ("Florence, Italy"); else None."""
    k = max((i for i, x in enumerate(tokens) if x.kind == "COMMA"), default=-1)
    tail = tokens[k + 1 :]
    if k < 0 or not tail or tail[0].kind not in ("DET", "DEM"):
        return None
    if any(x.kind not in ("DET", "DEM", "OPEN", "PREP", "NUM") or (
            x.kind == "OPEN" and t.kind_of(x.text) is not None) for x in tail):
        return None
    if any(x.kind == "AND" for x in tokens[:k]):
        return None  # the last item of a list ("A, B, and the C")
    return " ".join(x.text for x in tail)


def _closing_sentence(body: str) -> bool:
    """The sentence is courtesy words only (``_closing``), in the language it is in."""
    t = detect(body)
    return t is not None and _closing(tokenize(body, t))


def _closing(tokens: Sequence[Token]) -> bool:
    """A sentence of courtesy words only ("Please hold on for a moment.", "One moment."): it
    asks nothing and announces nothing; it may close the announcements."""
    return any(x.kind == "COURTESY" for x in tokens) and all(
        x.kind in ("COURTESY", "COMMA", "DASH") or (x.kind == "PREP" and k + 1 < len(tokens)
                                            and tokens[k + 1].kind == "COURTESY")
        for k, x in enumerate(tokens))


def _imperative(tokens: Sequence[Token], t: Tongue) -> int | None:
    """Where the verb of a spelled-out step is: after its adverbs and a comma, if any ("then,
    update the import" -> 2)."""
    k = 0
    while k < len(tokens) and tokens[k].kind == "ADV":
        k += 1
    if k and k < len(tokens) and tokens[k].kind in ("COMMA", "DASH"):
        k += 1
    return k if k < len(tokens) and tokens[k].kind == "OPEN" else None


def _addressee(x: Token, t: Tongue) -> bool:
    """A second-person word ([g-addressee]): "you", "your"; "for you" is a courtesy."""
    return x.kind != "COURTESY" and t.has(x.text, "g-addressee")


def _timed(x: Token, t: Tongue) -> bool:
    """A refused token that is a time or an approval to wait for ([g-deferral], [g-next], a
    time of day, a number after a preposition of time), not a condition ("if", "unless")."""
    return (is_clock(x.text) or x.text.isdigit() or t.has(x.text, "g-deferral")
            or "g-next" in t.sections(x.text))


def _reasons_apart(sentences: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A sentence opening with a reason ([g-reason]: "Since the tests pass, let me commit.") is
    read as that reason, an observation (screened like one), then the rest of the sentence."""
    out = []
    for body, end in sentences:
        head, comma, rest = body.partition(",")
        t = detect(body) if comma and rest.strip() else None
        first = head.split(maxsplit=1)[0] if head.strip() else ""
        if t is not None and ("g-reason" in t.sections(first) or any(
                "g-reason" in t.phrases.get(tuple(head.split()[:n]), ()) for n in (2, 3))):
            out += [(head.split(maxsplit=1)[1] if " " in head.strip() else head, "."),
                    (rest.strip(), end)]
        else:
            out.append((body, end))
    return out


def _announcement(tokens: Sequence[Token], t: Tongue, steps: bool) -> Announcement:
    """What one parsed announcement sentence says (its language aside)."""
    vs = _verbs(tokens, t, steps)
    words = _content(tokens, t, {v for v, _ in vs})
    verbs_here = {v for v, k in vs if k is not None}
    own = [w for w in words if w not in verbs_here]
    said = {v for v, _ in vs}
    # a verb that undoes a step, alone ("refund") or with the word after it ("roll back")
    reverses = tuple(x.text for k, x in enumerate(tokens)
                     if x.kind in ("OPEN", "ACTING") and x.text in said and (
                         t.has(x.text, "g-reverse") or (k + 1 < len(tokens) and t.has(
                             f"{x.text} {tokens[k + 1].text}", "g-reverse"))))
    return Announcement(
        tuple(vs), tuple(words), (),
        # "fix that", "fetch both": the step has no object of its own
        pronoun=not own or any(x.kind in ("PRON", "DEM") for x in tokens),
        tongues=(t.name,),
        # English nouns and code: a call's arguments carry English words, and the other
        # languages reach them only through their [concept] maps
        named=tuple(_named(tokens, t, {v for v, _ in vs})),
        again=any(t.has(x.text, "g-again") for x in tokens),
        universal=any(t.has(w, "g-universal") for x in tokens for w in (x.text, *x.text.split())),
        adjuncts=tuple(_adjuncts(tokens, t)), reverses=reverses)


def _listed(body: str, t: Tongue) -> tuple[str, ...]:
    """The code tokens (paths, names) a sentence only lists, read in the language of the
    announcement it lists for: two or more, each pair apart by a comma or a coordinator
    ("a.yaml, b.yaml und c.yaml"); empty when the sentence is no such list."""
    tokens = tokenize(body, t)
    if len(tokens) < 3 or len(tokens) % 2 == 0 or not all(
            x.kind == "CODE" for x in tokens[::2]) or not all(
            x.kind in ("COMMA", "AND") or t.has(x.text, "g-and") for x in tokens[1::2]):
        return ()
    return tuple(x.text for x in tokens[::2])


def _mood(said: Announcement, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """A verb of the announcement, or its opener, in a mood that says a step that would be
    taken, not one taken now ([g-mood]: "je supprimerais", "yo borraría", "ich würde")."""
    hit = next((v for v, _ in said.verbs if t.has(v, "g-mood")), None) or _opener_in(
        tokens, t, "g-mood", ("OPENER", "ACTING", "HELP"))
    if hit is None:
        return None
    return Refused("conditional", f"rule conditional: {hit!r} says a step that would be taken "
                   "(a conditional mood), not one taken now")


def _wish(said: Announcement, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """An opener that wishes for or weighs a step ([g-wish]: "I want to", "I should",
    "quiero", "我想") before a step that changes something: "I should drop the customers
    table." says the step is wanted, not that it is taken (a step that only observes, "I want
    to check the logs first", is announced so)."""
    found = _opened_change(said, tokens, t, "g-wish", ("OPENER", "HELP", "FINAL"))
    if found is None:
        return None
    return Refused("conditional", f"rule conditional: {found[0]!r} wishes for or weighs a step "
                   f"of kind {found[1]!r}; it does not announce taking it")


def _offer(said: Announcement, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """An opener that offers a step ([g-offer]: "I can") before a verb of a step that changes
    something: "I can delete the branch for you." offers it and waits for the user's yes; a
    step that only observes ("I can check the weather in Paris for you.") is announced so
    (grounding then lets only observing calls through: ``Announcement.offers``)."""
    found = _opened_change(said, tokens, t, "g-offer", ("OPENER",))
    if found is None:
        return None
    return Refused("question", f"rule question: {found[0]!r} offers a step of kind "
                   f"{found[1]!r}; it does not announce taking it")


def _opened_change(said: Announcement, tokens: Sequence[Token], t: Tongue, section: str,
                   kinds: tuple[str, ...]) -> tuple[str, str] | None:
    """(opener, kind) when an opener of ``section`` stands before an announced step that
    changes something, else None."""
    hit = _opener_in(tokens, t, section, kinds)
    if hit is None:
        return None
    kind = _changing_kind(said)
    return None if kind is None else (hit, kind)


def _changing_kind(said: Announcement) -> str | None:
    """The kind of the first announced step that changes something, or None."""
    return next((k for _, k in said.verbs if _changes(k)), None)


def _telling(said: Announcement, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """An announcement that only tells ([g-tell]: "explain", "describe", "解释"), or that
    shows or tells about a call ([g-call-noun]: "the fetch_url call", "the weather lookup"),
    announces an answer to the user, not a tool step."""
    verbs = [v for v, _ in said.verbs]
    if not verbs:
        return None
    tell = [v for v in verbs if t.has(v, "g-tell")]
    if len(tell) == len(verbs):
        return Refused("declared-example", f"rule declared-example: {tell[0]!r} tells the user; "
                       "it announces no tool step")
    noun = next((x.text for x in tokens if t.has(x.text, "g-call-noun")
                 and x.text not in verbs), None)  # "I'll call the tool" calls
    shown = next((v for v in verbs if t.has(v, "g-tell") or t.has(v, "g-show")), None)
    if noun is not None and shown is not None:
        return Refused("declared-example", f"rule declared-example: {shown!r} the {noun!r} "
                       "shows the call; it does not make it")
    return None


def _named(tokens: Sequence[Token], t: Tongue, verbs: set[str]) -> list[str]:
    """The sentence's own nouns (``Announcement.named``): code, and English content words that
    are no verb, no meta or common word, and no means of a step."""
    means = _means(tokens, t)
    return [x.text for k, x in enumerate(tokens) if k not in means and (
        x.kind == "CODE" or (
            x.kind == "OPEN" and x.text not in verbs
            and x.text not in t.meta and "g-common" not in t.sections(x.text)
            and not t.has(x.text, "g-harm")  # says what the thing is like, not which
            and (t.kind_of(x.text) is None or _thing(x.text, t))
            and not _common(x.text, t)))]


def _thing(word: str, t: Tongue) -> bool:
    """A word the language's [concept] map gives a meaning: it names a thing even when it is
    also a verb of a step ("the test repo", "o repositório de testes", "Testbestellung")."""
    w = word.casefold()
    return any(term == w or (len(term) >= 4 and term in w) for term in t.concepts)


_PLACES = frozenset({"file", "files", "folder", "folders", "directory", "directories", "dir",
                     "path"})
"""What a word means when it says where a step acts, not which thing ("el directorio
~/project", "die Datei config.yml"): the path beside it names the thing."""


def _common(word: str, t: Tongue) -> bool:
    """A word whose [concept] meaning is a place word (``_PLACES``): no name of its own."""
    w = word.casefold()
    return any(meaning & _PLACES for term, meaning in t.concepts.items()
               if term == w or (len(term) >= 4 and w.startswith(term)))


def _means(tokens: Sequence[Token], t: Tongue) -> set[int]:
    """Positions of the words naming the means of a step: the object of a generic verb before
    a purpose ("use the shell to delete ..."), and an instrument phrase ("using the shell")."""
    out: set[int] = set()
    k = 0
    while k < len(tokens):
        x = tokens[k]
        if x.kind == "INSTR" or (x.kind == "OPEN" and t.kind_of(x.text) == "generic"):
            j = k + 1
            span = []
            while j < len(tokens) and tokens[j].kind in ("DET", "OPEN", "CODE"):
                span.append(j)
                j += 1
            if x.kind == "INSTR" or (j < len(tokens) and tokens[j].kind == "TO"):
                out.update(span)
            k = j
            continue
        k += 1
    return out


_ADJUNCT_END = frozenset({"PREP", "INSTR", "TO", "AND", "COMMA", "DASH", "LPAR", "RPAR", "FINAL",
                          "COURTESY", "POSTP"})


def _adjuncts(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, ...]]:
    """The content words of each phrase headed by a preposition of time ([g-time-prep]: "at",
    "on", "during"), up to the next phrase boundary: "at launch", "on payday", "during the
    freeze" name a time unless the call carries them ("on main", "at /srv/app")."""
    out: list[tuple[str, ...]] = []
    group: list[str] | None = None
    prev = None
    for x in tokens:
        if x.kind == "PREP":
            if group:
                out.append(tuple(group))
            # a verb's own particle ("look at", a [generic] or [kind-*] phrase) heads no phrase
            phrasal = prev is not None and prev.kind == "OPEN" and t.kind_of(
                f"{prev.text} {x.text}") is not None
            group = [] if x.text in t.time_preps and not phrasal else None
            prev = x
            continue
        prev = x
        if group is not None and x.kind in _ADJUNCT_END:
            if group:
                out.append(tuple(group))
            group = None
            continue
        if group is not None and x.kind in ("OPEN", "CODE", "NUM") and x.text not in t.meta:
            group.append(x.text)
    if group:
        out.append(tuple(group))
    return out + _asides(tokens, t)


def _asides(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, ...]]:
    """The content words of each aside in parentheses ("the config (settings.json)", "the
    reset script (not yet)", "(for the docs)"): an aside names the thing the call acts on, so
    it is read like a phrase of time: a call carries one of its words, or it comments on the
    step. An aside of no content word ("(s)") says nothing."""
    out: list[tuple[str, ...]] = []
    inside: list[str] | None = None
    for x in tokens:
        if x.kind == "LPAR":
            inside = []
        elif x.kind == "RPAR":
            if inside:
                out.append(tuple(inside))
            inside = None
        elif inside is not None and x.text not in t.meta and (
                x.kind in ("OPEN", "CODE", "NUM") or x.kind[:1] == "!"):
            inside.append(x.text)
    return out


_PART = re.compile(r"[,;()（）、，—–]|\s-\s")
_ASIDE = re.compile(r"[(（]([^()（）]+)[)）]")
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*)+")


def _foreign_part(body: str, t: Tongue) -> Refused | None:
    """A part of the sentence in another language ("..., solo como ejemplo.", "Я проверю X if
    you approve.") is read in its own: a word of a refusing section there refuses as it would
    in a sentence of that language. Parts are the clauses between commas, brackets and dashes,
    and runs of Latin words in a sentence of another script."""
    parts = [p for p in _PART.split(body) if p and p.strip()]
    asides = {m.strip() for m in _ASIDE.findall(body)}
    if t.primary != "LATIN":
        parts += _LATIN_RUN.findall(body)
    for raw in parts:
        part = raw.strip()
        # one word is chance, unless it stands alone in brackets ("(jk)")
        if (len(part.split()) < 2 and part not in asides
                and not any(unspaced(ch) for ch in part)):
            continue
        other = detect(part)
        if other is None or other.name == t.name:
            continue
        for x in tokenize(part, other):
            if x.kind.startswith("!") and x.kind not in ("!non-prose", "!unknown-preamble"):
                rule = x.kind[1:]
                return Refused(rule, f"rule {rule}: {x.text!r} ({other.name}) in "
                               f"{part[:40]!r}, a part of the sentence in another language")
    return None


_FOREIGN_RULES = frozenset({"negation", "conditional", "other-actor", "recap"})
"""The rules an English word in a sentence of another language refuses with: its closed
classes that change what the sentence means ("Voy a borrar la rama tomorrow")."""


_FOREIGN_TIMES = frozenset({"conditional"})
"""The rule a word of another language than English refuses with in a sentence: a time or a
condition to wait for ("mañana", "imorgon", "yarın")."""


def warm() -> None:
    """Build the index of other languages' refusing words now (12 ms), not on the first reply."""
    _foreign_index()


@cache
def _foreign_index() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each single word of a refusing section that refuses in another language's sentence ->
    (its language, the rule): English words of every closed class that changes what a sentence
    means, other languages' times and conditions."""
    out: dict[str, list[tuple[str, str]]] = {}
    for other in tongues():
        allowed = _FOREIGN_RULES if other.name == "en" else _FOREIGN_TIMES
        for word, secs in other.words.items():
            if " " in word or (other.name == "en" and not word.isascii()):
                continue
            rule = next((REFUSING[s] for s in secs if REFUSING.get(s) in allowed), None)
            if rule is not None:
                out.setdefault(word, []).append((other.name, rule))
    return {w: tuple(v) for w, v in out.items()}


def _foreign_word(tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """A word of another language's refusing section that the sentence's own language does not
    know: models switch language mid-sentence ("Voy a borrar la rama tomorrow", "I'll run the
    backfill mañana"), so the sentence says it in that language. English names the step's every
    closed class; another language's actors and recaps are often English nouns ("client",
    "ai", "sam"), so only its times and conditions count. Exact single-word entries only:
    another language's patterns would read ordinary words."""
    index = _foreign_index()
    for x in tokens:
        if x.kind != "OPEN" or x.text not in index or t.sections(x.text):
            continue
        for name, rule in index[x.text]:
            if name != t.name:
                return Refused(rule, f"rule {rule}: the {name} {x.text!r} in a sentence in "
                               f"{t.name}")
    return None


_MARKS = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u20d0-\u20ff]")
_INNER_DOT = re.compile(r"(?<=[^\W\d_])[.\-](?=[^\W\d_])")


def _disguised(body: str, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """A word of a refusing section written so that it is not read as one: letters apart
    ("n o t", "d-e-m-o", "e.x.a.m.p.l.e", "ex-ample"), struck through or underlined
    ("n̶o̶t̶"), small capitals or look-alike letters ("ᴅᴇᴍᴏ"). The sentence undisguised holds
    it where the sentence as written does not: the disguise is the tell."""
    plain = _INNER_DOT.sub("", fold(_MARKS.sub("", body)))
    if plain == body:
        return None
    seen = {x.text for x in tokens if x.kind.startswith("!")}
    for x in tokenize(plain, t):
        if (x.kind.startswith("!") and x.kind not in ("!non-prose", "!unknown-preamble")
                and x.text not in seen):
            rule = x.kind[1:]
            return Refused(rule, f"rule {rule}: {x.text!r}, written in disguise, has no place in "
                           f"an announcement ({body[:60]!r})")
    return None


def reasoned_announcement(view: str) -> Announcement | Refused:
    """The announcement screened reasoning makes of its step: the whole (its last characters)
    read as a preamble, if it says a step of a kind; else it, each of its sentences that alone
    is one ("They want two seats. Booking for 2 passengers.") and the user's request it relays
    (``requested``), taken together; else why the whole is none. A sentence that judges or discusses a step
    ("Deleting ~/projects is dangerous.", "The user asks how to force push.") announces
    nothing."""
    said = announce(view)
    if isinstance(said, Announcement) and any(k not in (None, "generic") for _, k in said.verbs):
        return said
    # a whole that says no step of a kind ("I'll call bash.") is read with its sentences
    found = [said] if isinstance(said, Announcement) else []
    found += [one for body, end in _sentences(view)
              for one in [announce(body + end)] if isinstance(one, Announcement)]
    asked = requested(view)
    if asked is not None:
        found.append(asked)
    if not found:
        return said
    if len(found) == 1:
        return found[0]
    return Announcement(verbs=tuple(v for a in found for v in a.verbs),
                        objects=tuple(o for a in found for o in a.objects),
                        observed=tuple(o for a in found for o in a.observed),
                        pronoun=any(a.pronoun for a in found),
                        tongues=tuple(dict.fromkeys(t for a in found for t in a.tongues)))


def requested(view: str) -> Announcement | None:
    """The user's request screened reasoning relays, as an announcement of the step: a
    sentence whose subject is the user ([g-user]) and that says a step ("The user wants the
    project removed.", "The user asked to push the fix branch."), or one that ends in a colon
    introducing the user's words ("The user confirmed: send the reminder to Tom."); in
    reasoning that is the task itself. A request that asks how, what or whether
    ([g-inquiry]) or asks a question asks for knowledge, not for the step ("The user is
    asking how to force push main."). None when no sentence relays one."""
    sentences = _sentences(view)
    for i, (body, end) in enumerate(sentences):
        t = detect(body)
        if t is None:
            continue
        tokens = tokenize(body, t)
        if not tokens or not t.has(tokens[0].text, "g-user"):
            continue
        close = end
        if ":" in end or "：" in end:
            if i + 1 >= len(sentences):
                continue
            words, close = sentences[i + 1]
            tokens = tokenize(words, t)
        if "?" in close or "？" in close or any(x.kind == "INQUIRY" for x in tokens):
            continue
        verbs = tuple((x.text, k) for x in tokens if x.kind == "OPEN"
                      for k in [t.kind_of(x.text)] if k not in (None, "generic"))
        if verbs:
            return Announcement(verbs=verbs, objects=tuple(_content(tokens, t, set())),
                                observed=(), pronoun=False, tongues=(t.name,))
    return None


def thought_words(view: str) -> tuple[str, ...]:
    """The content words of screened reasoning (each sentence in its own language): what the
    model was thinking about counts as an observation for grounding."""
    out: list[str] = []
    for body, _end in _sentences(view):
        t = detect(body)
        if t is not None:
            out.extend(_content(tokenize(body, t), t, set()))
    return tuple(out)


_OBSERVATION_REFUSING = ("!negation", "!conditional", "!other-actor", "!declared-example",
                         "!question", "!non-prose")


_OBSERVING_KINDS = ("read", "list", "search", "fetch", "compute")


def _changing_step(x: Token, t: Tongue) -> str | None:
    """The kind of step that changes something a word says, or None (a refusing word may be
    the step too: "überwiesen", read as a recap)."""
    kind = t.kind_of(x.text) if x.kind in ("OPEN", "ACTING") or x.kind[:1] == "!" else None
    return kind if _changes(kind) else None


def _changes(kind: str | None) -> bool:
    """A verb kind that changes something (not unknown, generic or observing)."""
    return kind not in (None, "generic", *_OBSERVING_KINDS)


def _opener_in(tokens: Sequence[Token], t: Tongue, section: str,
               kinds: tuple[str, ...]) -> str | None:
    """The first token of one of ``kinds`` that the lexicon puts in ``section``."""
    return next((x.text for x in tokens if x.kind in kinds and t.has(x.text, section)), None)


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

    def step(x: Token, rule: str) -> None:
        kind = _changing_step(x, t)
        if kind is not None:
            out.append((x.text, kind, rule))

    conditional = False
    for k, x in enumerate(tokens):
        if x.kind == "!conditional" and not _timed(x, t):
            conditional = True
        if x.kind != "!negation" or any(
                t.has(y.text, "g-fact-negation") for y in tokens[max(k - 1, 0) : k + 5]):
            continue  # (a German copula closes the clause: "nicht installiert ist")
        # after a negating determiner ("no tests for the feature"), the noun it determines
        # is no step
        after = k + 2 if t.has(x.text, "g-negation-det") else k + 1
        for y in (tokens[max(k - 2, 0) : k] if t.order == "sov" else tokens[after : after + 4]):
            step(y, "negation")
    if conditional:
        for x in tokens:
            step(x, "conditional")
    return out


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
    at = next((k for k, x in enumerate(tokens) if any(
        t.has(x.text, s) for s in ("g-directive", "g-report", "g-report-ask"))), None)
    if at is None or any(_names_user(y, t) for y in tokens[:at]):
        return []
    # what is asked follows the verb of asking ("The tests need a rerun": the tests ask
    # nothing); a verb-final language says it before
    asked = tokens[at + 1 :] if t.order != "sov" else [*tokens[:at], *tokens[at + 1 :]]
    return [(x.text, kind, "quoted-source") for x in asked
            if (kind := _changing_step(x, t)) is not None]


def _carrier(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The carrier ([g-carrier]) a sentence opens with, as its subject: one of its first two
    content words, after determiners and adverbs only ("An email from Priya wants ...",
    "The fetched page has ...", "网页要求 ..."); the user's ("the user's email") is none, and
    neither is the object of a verb opening the sentence ("Save the note verbatim.")."""
    seen = 0
    verb = False  # the last content word is a verb: a determiner after it opens its object
    determined = False
    for x in tokens:
        if x.kind in ("DET", "DEM") and verb:
            return None
        if x.kind in ("DET", "DEM", "ADV", "ACK", "COMMA", "DASH"):
            determined = determined or x.kind in ("DET", "DEM")
            continue
        # a carrier's possessive ("The README's setup section has ...") is the carrier too
        owner = next((x.text[: -len(f)] for f in t.owner_suffixes
                      if x.text.endswith(f) and len(x.text) > len(f)), x.text)
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


def _cited(tokens: Sequence[Token], t: Tongue) -> str | None:
    """A carrier an announcement names as its source ([g-source-prep] then [g-carrier] within
    three words: "per the README", "copied from the forum thread")."""
    for k, x in enumerate(tokens):
        if t.has(x.text, "g-source-prep"):
            hit = next((y.text for y in tokens[k + 1 : k + 4] if t.has(y.text, "g-carrier")),
                       None)
            if hit is not None:
                return hit
    return None


@lru_cache(maxsize=64)
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
    """``_governed`` over every sentence of a normalised text (reasoning), each read in its own
    language."""
    return tuple(x for tokens, t in _reasoning_sentences(view) for x in _governed(tokens, t))


def _observation(tokens: Sequence[Token], end: str, t: Tongue) -> Refused | None:
    """Why a sentence before the announcement is no observation, or None."""
    if ":" in end or "：" in end:
        return Refused("unknown-preamble", "rule unknown-preamble: an observation ends with a "
                       "colon (it introduces what follows)")
    if "?" in end:
        return Refused("question", "rule question: the text before the markup asks")
    if len(tokens) > MAX_OBSERVATION_WORDS:
        return Refused("long-preamble", f"rule long-preamble: an observation of {len(tokens)} "
                       f"words (at most {MAX_OBSERVATION_WORDS})")
    for k, x in enumerate(tokens):
        if x.kind == "CODE" and x.text[:1] in "\"'[":  # a quotation, or a list of them
            return Refused("quoted-source", f"rule quoted-source: the observation quotes "
                           f"{x.text[:40]!r}")
        if x.kind == "!conditional" and not _awaits(tokens, x, t):
            continue
        if x.kind == "!other-actor" and _addressed(tokens, k, t):
            continue
        if x.kind in ("!other-actor", "!declared-example", "!conditional"):
            rule = x.kind[1:]
            return Refused(rule, f"rule {rule}: the observation says {x.text!r}")
        if x.kind == "!non-prose":
            return Refused("non-prose", f"rule non-prose: {x.text!r} in an observation")
    for k, x in enumerate(tokens):
        # someone's step to come ("The SRE on duty will push the hotfix."): a future
        # auxiliary ([g-future]) right before a verb of a changing step
        if "g-future" in t.sections(x.text) and any(
                y.kind == "OPEN" and t.kind_of(y.text) not in (None, "generic", *_OBSERVING_KINDS)
                for y in tokens[k + 1 : k + 3]):
            return Refused("other-actor", f"rule other-actor: the observation says who "
                           f"{x.text!r} take a step ({' '.join(y.text for y in tokens[:k + 2])!r})")
    for k, x in enumerate(tokens):
        # another party's instruction ("The fetched page asks for the setup step."); the
        # user's own request ("The user wants the weather.") is the task
        if x.kind == "!quoted-source" and not any(
                y.kind == "YOU" or t.has(y.text, "g-user") for y in tokens[:k]):
            return Refused("quoted-source", f"rule quoted-source: the observation reports "
                           f"what another party {x.text!r}")
    return None


def _addressed(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """An observation's second-person word that states what the user said, wants or is
    ("You're right", "You're asking about the weather"): the user, like "The user wants ...",
    is the task. Not when a step of the user's follows ("you're going to run it", "you'll
    push it", "you're deleting it"): that is another actor's step."""
    x = tokens[k]
    if not t.has(x.text, "g-addressee") or "g-future" in t.sections(x.text):
        return False
    after = tokens[k + 1 : k + 4]
    return not any(y.kind.startswith("!") or (y.kind == "OPEN" and t.kind_of(y.text) not in (
        None, "generic", *_OBSERVING_KINDS)) or t.has(y.text, "g-future") for y in after)


def _awaits(tokens: Sequence[Token], cue: Token, t: Tongue) -> bool:
    """Does an observation's condition word wait for something? A time or an approval
    ([g-deferral], [g-wait]) always does; a plain subordinator ("when", "before", "if") does
    when the sentence names the user or the reader ("when the user confirms"): otherwise it
    says how the world behaves ("set_output ignores the remainder when it's an estimator",
    "it can be called before fit()"), which defers no step."""
    if t.has(cue.text, "g-deferral") or t.has(cue.text, "g-wait"):
        return True
    return any(_names_user(y, t) for y in tokens)


def _refusal(bad: Token, body: str) -> Refused:
    if bad.kind.startswith("!"):
        rule = bad.kind[1:]
        return Refused(rule, f"rule {rule}: {bad.text!r} has no place in an announcement "
                       f"({body[:60]!r})")
    return Refused("unknown-preamble", f"rule unknown-preamble: {bad.text!r} ({bad.kind}) has "
                   f"no place in an announcement ({body[:60]!r})")
