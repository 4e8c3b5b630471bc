"""The screen of reasoning and of earlier paragraphs: cues that say the markup is not this turn's
own step (negated execution, another actor, relayed content, deferral, a label, a manner of
storing), read in the windows a reasoning block or a paragraph before the preamble gives."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from ..locate import REASONING_TAGS, Segment, preopened
from ..reasons import Reason
from . import forbidframe, framedpart, framing
from .cues import Lexicon, _Cue
from .detect import detect, fold
from .docexample import _past as _past_verb
from .docexample import described, located
from .judged import judged
from .pieces import is_clock
from .prose import (
    _LAST_SENTENCE,
    _PARAGRAPH,
    _SENTENCE_END,
    Verdict,
    _asks,
    preamble_verdict,
    strip_end_tokens,
)
from .refrained import _negated_execution
from .shapedcall import built, shaped
from .supposed import supposed
from .tables import lexicon
from .view import normalize
from .whether import inquires
from .words import Tongue, tokenize

REASONING_WINDOW = 2000
"""Characters of a reasoning block read for ``reasoning-negation``: those next to the markup
(before it, and after it when it is inside the block). A statement that the markup is not to be
run stands next to it; text that only wants a call dispatched can leave such statements out
anyway, so a longer window would buy nothing but cost."""


def _reasoning_windows(segs: Sequence[Segment], start: int, end: int) -> list[tuple[Segment, int, int]]:
    out = []
    for s in segs:
        if not s.reasoning:
            continue
        if s.start <= start < s.end:
            out.append((s, max(s.start, start - REASONING_WINDOW), start))
            out.append((s, end, min(s.end, end + REASONING_WINDOW)))
        elif s.end <= start:
            out.append((s, max(s.start, s.end - REASONING_WINDOW), s.end))
        else:
            out.append((s, s.start, min(s.end, s.start + REASONING_WINDOW)))
    return out


def _reasoning_verdict(text: str, seg: Segment, lo: int, hi: int) -> Verdict | None:
    """A reasoning block that says the markup is not to be run refuses it. A pre-opened block
    (no opener in the reply: it may be visible prose before a stray closer) is also read for
    display and example cues."""
    lex = lexicon()
    view = fold(normalize(text[lo:hi]))
    said = next((view[a:b] for a, b in lex.not_to_run.spans(view)), None)
    if said is None:
        said = _negated_execution(view, lex)
    if said is not None:
        return (Reason.QUOTED, "reasoning-negation",
                f"rule reasoning-negation: the reasoning says {said!r}")
    if preopened(text, seg):
        for cat in ("display", "example"):
            found = [(a, b) for a, b in lex.long_cues[cat].spans(view)
                     if cat != "display" or not _manner_of_storing(view, a, b, lex)]
            if found:
                a, b = found[0]
                return (Reason.QUOTED, "reasoning-negation", "rule reasoning-negation: the "
                        f"reasoning before a pre-opened block's closer says {view[a:b]!r}")
    return None


SCREEN_CHARS = 600
"""Characters of a reasoning block's final paragraph screened as if it were visible (the text
that introduces the markup stands next to it)."""


def _inner(text: str, s: Segment) -> str:
    """A reasoning block's text without its tags."""
    return untagged(text[s.start : s.end])


def untagged(body: str, folded: bool = False) -> str:
    """``body`` with every reasoning tag made a line break (casefolded tags when ``folded``)."""
    for tag in _TAGS_LONGEST_FIRST:  # a tag that extends another is removed whole
        body = body.replace(tag.casefold() if folded else tag, "\n")
    return body


def sentences(view: str) -> Iterator[str]:
    """A paragraph's sentences, each aside apart."""
    return (part for whole in _SENTENCE_END.split(view) for part in _asides(whole))


_TAGS_LONGEST_FIRST = tuple(sorted({t for pair in REASONING_TAGS for t in pair}, key=len,
                                   reverse=True))


def _last_paragraph(body: str, whole: bool = False) -> str:
    para = re.split(r"\n[ \t]*\n", body.strip())[-1]
    return para if whole else para[-SCREEN_CHARS:]


def _reasoning_tail(text: str, segs: Sequence[Segment], start: int, whole: bool = False) -> str:
    """The final paragraph of the last reasoning block before ``start`` (its last
    ``SCREEN_CHARS``, or all of it when ``whole``), and what follows it."""
    s = max((s for s in segs if s.reasoning and s.start < start), key=lambda s: s.start)
    body = _inner(text, s) if s.end <= start else text[s.start : start]
    return _last_paragraph(body, whole) + (text[s.end : start] if s.end <= start else "")


_EARLIER_CUES = ("display", "example", "hypothetical", "source")
"""Cue categories read in the paragraph before the screened one: what the reasoning says the
markup is for stands there as often as next to it."""

SOURCE_CUE = "source"
"""The cue category that says where the step was read ("the tool returned", "the description
says", "according to the page"): with ``sources=False`` the screen leaves it to
``source_cue``, and grounding refuses it only before a call that changes something."""

PADDING_CHARS = 40
"""A final paragraph this short and of one sentence ("Okay.", "I'll write it.", "Proceeding.")
is padding: the screen also reads the paragraph before it."""


def _substantive(paras: list[str]) -> int:
    """The index of the last paragraph that is more than padding: a statement followed by
    "Okay." is still the statement next to the markup."""
    k = len(paras) - 1
    while k > 0:
        p = paras[k].strip()
        if len(p) <= PADDING_CHARS and len(_SENTENCE_END.split(p.rstrip(".。!:"))) == 1:
            k -= 1
            continue
        break
    return k


_GOVERNING_CUES = ("offer", "example", "hypothetical", "source")
"""Cue categories read in the paragraph next to the markup: what the reasoning says the call
is for (an example, a pretence) or where it was copied from."""


def _screen(body: str, sources: bool = True) -> Verdict | None:
    """Reasoning before the markup is screened, not trusted, each paragraph in its own
    language (``intent.words.detect``): a paragraph no lexicon reads is unreadable
    (``unreadable-reasoning``). The whole block may hold no cue that governs the call's
    execution: a framing word (an example, a demo, a story, a test fixture: ``[g-framing]``),
    a deferral (a time, an approval: ``[g-deferral]``), another actor beside an execution verb
    (``[g-actor]``), a negated execution, a not-to-run phrase. The paragraph next to the markup
    is also read for the example, hypothetical and source cues, and a final sentence ending with
    a colon must itself announce an action. Task narration ("the user didn't specify", "if
    there is an error", "describe what I received") is no cue. ``sources=False``: the source
    cue, the times and another actor before a noun are not read here (``source_cue`` and
    ``observing_cue`` read them, for grounding)."""
    paras = [p for p in _PARAGRAPH.split(body.strip()) if p.strip()]
    if not paras:
        return None

    lex = lexicon()
    passed: set[str] = set()  # a sentence's verdict is its own: a repeat passes again
    for para in paras:
        view = fold(normalize(para))
        for sentence in sentences(view):
            if not any(ch.isalpha() for ch in sentence) or sentence in passed:
                continue
            passed.add(sentence)
            t, toks = _read_sentence(sentence.strip())
            if t is None:
                return (Reason.QUOTED, "unreadable-reasoning", "rule unreadable-reasoning: the "
                        f"reasoning says {sentence.strip()[:60]!r}, in no language leakcall has "
                        "a lexicon for: what it says about the call cannot be read")
            for x in toks:
                # a supposition ("suppose the tool returns ...", 假设) is how reasoning plans
                # past the call, and "for example" illustrates its own point: both are read
                # only in the paragraph next to the markup (below)
                if x.kind == "!declared-example" and (lex.cues["hypothetical"].search(x.text)
                                                     or t.has(x.text, "g-for-instance")
                                                     or _earlier(toks, x, t)):
                    continue
                if x.kind == "!declared-example" and not sources and supposed(
                        toks, toks.index(x), t):
                    continue  # left to grounding (``observing_cue``)
                if x.kind == "!conditional" and not sources and _time_to_come(toks, x, t, lex):
                    continue  # left to grounding (``observing_cue``)
                if x.kind in ("!declared-example", "!conditional") and (
                        x.kind == "!declared-example" or _deferral(x.text, t)
                        or is_clock(x.text)):
                    rule = "declared-example" if x.kind == "!declared-example" else "conditional"
                    return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning "
                            f"says {x.text!r} ({rule})")
            src = _relayed(toks, t)
            if src is not None:
                return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning "
                        f"relays another party's instruction ({src!r})")
            actor = _actor_of_step(toks, t, nouns=not sources)
            if actor is not None:
                return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning "
                        f"names another actor ({actor!r}) as the one taking the step")
        neg = _negated_execution(view, lex)
        if neg is not None:
            return (Reason.QUOTED, "reasoning-negation", f"rule reasoning-negation: the reasoning "
                    f"says {neg!r}")
        nrun = lex.not_to_run.spans(view)
        if nrun:
            a, b = nrun[0]
            return (Reason.QUOTED, "reasoning-negation", f"rule reasoning-negation: the reasoning "
                    f"says {view[a:b]!r}")
    earlier, para = _cue_windows(paras)
    for cat in _EARLIER_CUES if earlier else ():
        cue = _cue(cat, earlier, lex) if sources or cat != SOURCE_CUE else None
        if cue is not None:
            return _cue_refusal(cat, cue.group(0))
    if not para:
        return None
    # the last sentence with its own end mark ("Should I run it?"); an earlier question in
    # the paragraph ("The user asks: what's the best language?") is what it reasons about
    if _asks(_LAST_SENTENCE.split(para.rstrip())[-1]):
        return _cue_refusal("question", "?")
    view = fold(normalize(para))
    framing_why = _framed(view)
    if framing_why is not None:
        return framing_why
    for cat in _GOVERNING_CUES:
        cue = _cue(cat, view, lex) if sources or cat != SOURCE_CUE else None
        if cue is not None:
            return _cue_refusal(cat, cue.group(0))
    stripped = view.rstrip()
    # A final sentence that ends with a colon introduces what follows ("The file contains:"),
    # and one that ends in a word with no full stop is a label ("README content"): either must
    # itself announce an action of the assistant's own.
    colon = stripped.endswith((":", "："))
    if colon or stripped[-1:].isalnum():
        last = _SENTENCE_END.split(stripped[:-1] if colon else stripped)[-1].strip()
        bad = not last or preamble_verdict(last + (":" if colon else ""),
                                           grounded=False)[0] is not Reason.OK
        if bad and colon:
            return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning ends with "
                    f"{last[-60:]!r} and a colon, which announces no action of the assistant's own")
        if bad and _label_shaped(para, last, lex) and not _thinking(view, lex):
            return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning ends "
                    f"with {last[-60:]!r}, a label that announces no action of the assistant's own")
    return None


def _framed(view: str) -> Verdict | None:
    """A sentence of the paragraph next to the markup, with another after it, that points at
    the text after it or addresses the reader (``framing.framed``, as before a visible
    announcement: "The next sentence is a quote. I'll delete ..."): what follows is framed.
    One ending with a colon points at what the colon introduces, read as before."""
    parts = _FRAMED_SPLIT.split(view)
    said = [(parts[k].strip(), parts[k + 1] if k + 1 < len(parts) else "")
            for k in range(0, len(parts), 2) if any(ch.isalpha() for ch in parts[k])]
    for sentence, end in said[:-1]:
        t, toks = _read_sentence(sentence)
        why = framing.framed(toks, t, end in (":", "："), asked=True) if t is not None else None
        if why is not None:
            return (Reason.QUOTED, "reasoning-cue", "rule reasoning-cue: the reasoning says "
                    f"{sentence[:60]!r}: {why.detail.split(': ', 1)[-1]}")
    return _last_framed(said[-1:])


def _last_framed(said: list[tuple[str, str]]) -> Verdict | None:
    """The paragraph's last sentence (no colon after it) when it is, whole, a frame of the part
    after it (``framedpart``: "Here's what I'd do if the user allowed it."; ``forbidframe``:
    "Don't copy this."): what comes after the reasoning is what it names (h41r)."""
    for sentence, end in said:
        t, toks = _read_sentence(sentence)
        frame = (framedpart.frame(toks, t) or forbidframe.frame(toks, t)
                 if t is not None and end not in (":", "：") else None)
        if frame is not None:
            return (Reason.QUOTED, "reasoning-cue", f"rule reasoning-cue: the reasoning ends with "
                    f"{sentence[:60]!r}, a frame of the part after it ({frame!r}): what follows "
                    "is what it names, not the assistant's step now")
    return None


_FRAMED_SPLIT = re.compile(f"({_SENTENCE_END.pattern})")
"""``_SENTENCE_END`` keeping each end mark (``_framed`` reads a colon's)."""


def _cue_windows(paras: list[str]) -> tuple[str, str]:
    """The two windows the cues are read in: the paragraph before the one next to the markup
    (folded, its last characters; empty when there is none) and the paragraph next to the
    markup with the padding after it (raw)."""
    k = _substantive(paras)
    earlier = fold(normalize(paras[k - 1][-SCREEN_CHARS:])) if k > 0 else ""
    return earlier, "\n".join(paras[k:])[-SCREEN_CHARS * 2:]


def source_cue(body: str) -> str | None:
    """The source cue ([source]: "returned", "says", "according to") reasoning before the
    markup says where ``_screen`` reads it, or None. Reasoning that reads a tool's result or
    description says where it learnt something; it makes the step that source's only when the
    step changes something: grounding refuses it then (rule ``reasoning-cue``), as it refuses a
    preamble that relays a carrier (``Announcement.relayed``)."""
    paras = [p for p in _PARAGRAPH.split(body.strip()) if p.strip()]
    if not paras:
        return None
    lex = lexicon()
    earlier, para = _cue_windows(paras)
    for view in (earlier, fold(normalize(para)) if para else ""):
        cue = _cue(SOURCE_CUE, view, lex) if view else None
        if cue is not None:
            return cue.group(0)
    return None


def _earlier(toks: Sequence[Any], x: Any, t: Tongue) -> bool:
    """The framing word is a noun of a time gone by: a determiner, a [g-earlier] word, then
    the word, and a word after it in its sentence: the noun is the subject or object of a
    clause ("the previous example used Berlin's coordinates"), not a label ("the previous
    example:", the colon ending the sentence). "An example", "this example", "the same
    example" and "the example" stay framings."""
    i = next((k for k, y in enumerate(toks) if y is x), -1)
    if located(toks, i, t) or _earlier_phrase(toks, i, t):  # "the example in the function
        return True  # description had ...", "the example from the previous turn used ..."
    if i < 2 or str(toks[i - 2].text) != "the" or not t.marked(str(toks[i - 1].text), "g-earlier"):
        return False
    return i + 1 < len(toks) and str(toks[i + 1].text)[:1].isalpha()


_EARLIER_SPAN = 6
"""Tokens of "the example from the previous interaction used": the noun, a preposition,
"the", the [g-earlier] word, one noun, the past verb."""


def _earlier_phrase(toks: Sequence[Any], i: int, t: Tongue) -> bool:
    """The framing noun at ``i`` is placed in a time gone by by the phrase after it (h31b):
    "the", the noun, a preposition, "the", a [g-earlier] word and one noun, then a verb of a
    time gone by (``docexample._past``: "used", "had"), its subject: "the example from the
    previous interaction used "52.5200"" is an earlier turn's call, as "the previous example
    used ..." is. "The example from the previous turn:" (a label), "... shows" (now), "an
    example from the previous turn used" and a longer phrase stay framings."""
    j = i + _EARLIER_SPAN - 1
    return i > 0 and j < len(toks) and str(toks[i - 1].text).casefold() == "the" \
        and toks[i + 1].kind == "PREP" and str(toks[i + 2].text).casefold() == "the" \
        and t.marked(str(toks[i + 3].text).casefold(), "g-earlier") and toks[i + 4].kind == "OPEN" \
        and t.kind_of(str(toks[i + 4].text)) is None and _past_verb(toks[j])


@lru_cache(maxsize=256)
def _read_sentence(sentence: str) -> tuple[Tongue | None, tuple[Any, ...]]:
    """A reasoning sentence's language and tokens (none when no lexicon reads it), read once
    for the screen and for ``observing_cue``."""
    t = detect(sentence)
    return t, (tuple(tokenize(sentence, t)) if t is not None else ())


def _time_to_come(toks: Sequence[Any], x: Any, t: Tongue, lex: Lexicon) -> bool:
    """A time or an approval the sentence names as a word ("The user wants to see Friday's
    schedule.", "for the next three days"), not under a condition of its own ("If the user
    agrees, this is it.": a condition word in the sentence that is no time) and not a time
    gone by ("I ran this yesterday.": a recap cue, the call already made)."""
    return not lex.cues["recap"].search(str(x.text)) and not any(
        y.kind == "!conditional" and not (_deferral(y.text, t) or is_clock(y.text)
                                          or "g-next" in t.sections(y.text))
        for y in toks)


def observing_cue(body: str) -> str | None:
    """What reasoning before the markup says that grounds only observing calls, where
    ``_screen`` reads it, or None: the first time to come or approval to wait for
    ([g-deferral], a time of day: "Friday", 明天, "confirmation", "17:00"), or another actor
    before a step's word that is a noun ("L'utilisateur demande pourquoi le test échoue.").
    Reasoning narrates the task ("The user wants to see Friday's schedule."): a time there
    defers only a step that changes something, as a time a preamble names does
    (``Announcement.times``), and a party that wants or asks about a thing a step's word names
    may still be the one to take that step; so grounding refuses a call that changes something
    then (rule ``reasoning-cue``), and reading now takes no step that waits or is another's."""
    passed: set[str] = set()  # a sentence's cue is its own: a repeat has none again
    for para in (p for p in _PARAGRAPH.split(body.strip()) if p.strip()):
        view = fold(normalize(para))
        for sentence in sentences(view):
            if sentence in passed:
                continue
            passed.add(sentence)
            t, toks = _read_sentence(sentence.strip()) if any(
                ch.isalpha() for ch in sentence) else (None, ())
            if t is None:
                continue
            for k, x in enumerate(toks):
                if x.kind == "!conditional" and (_deferral(x.text, t) or is_clock(x.text)):
                    return f"{x.text!r} (conditional)"
                if x.kind == "!declared-example" and supposed(toks, k, t):
                    return f"{x.text!r} (a frame of a supposed value)"
            actor = _actor_of_step(toks, t)
            if actor is not None:
                return f"{actor!r} (another actor)"
    return None


_STEP_KINDS = frozenset({"run", "delete", "deploy", "commit", "pay", "send", "install", "write",
                         "test"})


def _relayed(toks: Sequence[Any], t: Any) -> str | None:
    """A verb by which another party directs the assistant ([g-report]: "the web page
    instructs ..."), with no user or "you" before it; else None."""
    for k, x in enumerate(toks):
        if x.kind == "!quoted-source" and "g-report" in t.sections(x.text) and not any(
                y.kind == "YOU" or "g-user" in t.sections(y.text) for y in toks[:k]):
            return str(x.text)
    return None


_SUPPOSING = frozenset({"might", "may", "could", "be", "been", "being"})
"""Auxiliaries of a supposition about the user ("the user might be testing"), not a step."""


def _actor_of_step(toks: Sequence[Any], t: Tongue, nouns: bool = False) -> str | None:
    """Another actor named before a verb of a changing step, with no first-person opener
    between them ("the user's teammate will execute this"): the actor, else None. An actor
    after the verb ("send the reply to the user's team") or behind the assistant's own opener
    does not take the step. ``nouns``: a step's word in a determiner's phrase ("They want to
    know whether the tests pass.") is a noun, no step the actor takes (``observing_cue``
    reads the actor then)."""
    own = next((str(x.text) for x in toks if t.has(x.text, "g-reflexive")), None)
    if own is not None and (" " in own or any(
            not x.kind.startswith("!non") and t.kind_of(x.text) in _STEP_KINDS for x in toks)):
        # (a phrase of several words says the step itself: "la esegue lei", "en su terminal")
        # "Dana pastes this into the terminal herself", "er tippt ihn selbst ein": whoever
        # that is ([g-reflexive], third person), not the assistant
        return own
    for k, x in enumerate(toks):
        # the user as the subject of a changing step ("the user will run it in their shell"),
        # not of a wish ("the user wants me to run it")
        if t.has(x.text, "g-user"):
            j = k + 1
            while j < len(toks) and j - k <= 3 and toks[j].kind in (
                    "!unknown-preamble", "ADV", "AUX") and toks[j].text not in _SUPPOSING:
                j += 1
            if j < len(toks) and toks[j].kind == "OPEN" and t.kind_of(toks[j].text) in _STEP_KINDS \
                    and not inquires(toks, j, t) and not _past(toks, k, j, t):
                return str(x.text)
    for k, x in enumerate(toks):
        # someone's step to come ("the cleanup script will delete their folder"): a future
        # auxiliary ([g-future]) right before a verb of a changing step, no opener before it
        if t.has(x.text, "g-future") and not any(
                y.kind in ("OPENER", "ACTING", "HELP") for y in toks[:k]) and any(
                y.kind == "OPEN" and t.kind_of(y.text) in _STEP_KINDS for y in toks[k + 1 : k + 3]):
            return " ".join(str(y.text) for y in toks[max(k - 2, 0) : k + 2])
    actor = None
    for k, x in enumerate(toks):
        if x.kind == "!other-actor":
            actor = str(x.text)
        elif x.kind in ("OPENER", "HELP", "ACTING"):
            actor = None
        elif actor is not None and x.kind == "OPEN" and t.kind_of(x.text) in _STEP_KINDS and (
                not nouns or not _in_noun_phrase(toks, k, t)) and not inquires(toks, k, t):
            return actor
    return None


def _past(toks: Sequence[Any], k: int, j: int, t: Tongue) -> bool:
    """The user's verb at ``j`` is a past form ("-ed" on a stem of its kind: "The user then
    responded with ..."), right after the user at ``k`` or after one adverb ("then"): what
    the user did in the conversation, no step the user is to take. An auxiliary between
    ("the user has deleted", "will have pushed"), an irregular form, a present or a future
    stay the user's step."""
    w = str(toks[j].text)
    kind = t.kind_of(w)
    return t.name == "en" and j - k <= 2 and all(y.kind == "ADV" for y in toks[k + 1:j]) \
        and w.endswith("ed") and any(t.kind_of(s) == kind for s in (w[:-1], w[:-2]))


def _in_noun_phrase(toks: Sequence[Any], k: int, t: Tongue) -> bool:
    """The word at ``k`` stands in a phrase a determiner opens, after at most two words of no
    kind and prepositions ("the tests", "die letzten Commits", "le fichier de configuration"):
    a noun, the thing a party wants or asks about, not a step that party takes."""
    j = k - 1
    while j >= 0 and k - j <= 3 and (toks[j].kind == "PREP" or (
            toks[j].kind == "OPEN" and t.kind_of(toks[j].text) is None)):
        j -= 1
    return j >= 0 and toks[j].kind == "DET"


_ASIDE = re.compile(r"\(([^()]*)\)|\"([^\"]*)\"|“([^”]*)”|「([^」]*)」")


def _asides(sentence: str) -> list[str]:
    """A sentence whose letters no one language writes, cut into its bracketed or quoted
    asides and the rest, each read in its own language ("Translate the greeting (日本語,
    العربية)"); any other sentence whole."""
    if detect(sentence.strip()) is not None or not _ASIDE.search(sentence):
        return [sentence]
    inner = [next(g for g in m.groups() if g is not None) for m in _ASIDE.finditer(sentence)]
    parts = [_ASIDE.sub(" ", sentence)]
    for a in inner:
        parts.extend(x for x in re.split(r"[,，、;]", a) if x.strip())
    return parts


def _deferral(word: str, t: Tongue) -> bool:
    """A refusing condition word that defers (a time, an approval), not a subordinator."""
    return t.has(word, "g-deferral")


def _label_shaped(para: str, last: str, lex: Lexicon) -> bool:
    """The reasoning's last line, with no full stop, has the shape of a label: it starts like a
    heading (a capital, or a letter of a script without case) or names the markup, a content
    artefact or a pronoun for it ("the call", "readme content"). A lower-case fragment
    ("thinking", "need to check the weather") is running reasoning: with a full stop it would
    not be read as a label either."""
    raw = _SENTENCE_END.split(para.rstrip())[-1]
    first = next((ch for ch in raw if ch.isalpha()), "")
    if not first.islower():
        return True
    cc = lex.clause_cues
    return any(cc[c].search(last) is not None for c in ("meta", "content", "deictic"))


def _cue_refusal(cat: str, said: str) -> Verdict:
    return (Reason.QUOTED, "reasoning-cue",
            f"rule reasoning-cue: the reasoning next to the markup says {said!r} ({cat})")


def _inside_verdict(text: str, seg: Segment, start: int, end: int) -> Verdict | None:
    """Markup inside a reasoning block (reasoning="recover"): the block's text before it, from
    the previous blank line, must itself be bare or an action preamble, and nothing but
    end-of-turn tokens may follow it up to the closer."""
    body = text[seg.start : start]
    for o, _c in REASONING_TAGS:
        if body.startswith(o):
            body = body[len(o):]
            break
    paras = re.split(r"\n[ \t]*\n", body)
    intro = strip_end_tokens(paras[-1]).strip()
    # the block's text before the intro is reasoning about the markup: screened as such
    r = _screen("\n\n".join(paras[:-1]) if intro else body)
    if r is not None:
        return r
    if intro:
        v = preamble_verdict(intro, grounded=False)
        if v[0] is not Reason.OK:
            return v[0], v[1], v[2].replace("before the markup", "before the markup in the reasoning")
    rest = text[end : seg.end]
    for _o, c in REASONING_TAGS:
        if rest.endswith(c):
            rest = rest[: -len(c)]
            break
    if strip_end_tokens(rest).strip():
        return (Reason.PROSE, "prose-tail", f"rule prose-tail: {rest.strip()[:40]!r} follows the "
                "markup inside the reasoning block")
    return None


def _argument_shape(view: str, lo: int, hi: int, lex: Lexicon) -> bool:
    """The negation at ``view[lo:hi]`` is inside "no arguments" (``[no-arguments]``) ending its clause: a
    statement about the call's shape ("get_time takes no arguments."), not about the act."""
    return any(a.start() <= lo and hi <= a.end() for a in lex.recall.no_arguments.finditer(view))


def _manner_of_storing(view: str, lo: int, hi: int, lex: Lexicon) -> bool:
    """The display cue at ``view[lo:hi]`` is a manner adverb (``[manner]``: "verbatim") in a sentence that
    stores content ("Save the note verbatim."): a ``[store]`` verb, and no other display or
    relay cue, no pronoun, no word for the markup and no ``[specimen]`` ("the example") in the
    sentence, and nothing that makes the content another party's (an actor, an owner, sent
    content, a source: "the user's message")."""
    manner = next((a for a in lex.recall.manner.finditer(view)
                   if a.start() <= lo and hi <= a.end()), None)
    if manner is None:
        return False
    first = max((e.end() for e in _SENTENCE_END.finditer(view, 0, manner.start())), default=0)
    stop = _SENTENCE_END.search(view, manner.end())
    last = len(view) if stop is None else stop.start()
    sentence = view[first : manner.start()] + " " + view[manner.end() : last]
    rc = lex.recall
    if rc.store.search(sentence) is None or rc.specimen.search(sentence) is not None:
        return False
    cc = lex.clause_cues
    return not any(p.search(sentence) is not None for p in (
        lex.cues["display"], cc["relay"], cc["deictic"], cc["meta"], *_third_party_cues(lex)))


def _third_party_cues(lex: Lexicon) -> tuple[_Cue, ...]:
    """The cues that make content another party's: an actor, an owner, sent content, a source."""
    cc = lex.clause_cues
    return cc["actor"], cc["owner"], cc["sent"], lex.cues["source"]


def _cue(cat: str, view: str, lex: Lexicon) -> re.Match[str] | None:
    """The first ``cat`` cue in ``view`` that is not one of the forms above: "no arguments"
    (negation) and "verbatim" qualifying a storing verb (display); nor one of
    ``_OTHER_READINGS``; nor a source cue by which the user reports their own request
    (``_user_reported``)."""
    keep = _ALLOWED_CUES.get(cat)
    other = _OTHER_READINGS.get(cat)
    if keep is None and other is None:
        return lex.cues[cat].search(view)
    return next((m for m in lex.cues[cat].finditer(view)
                 if not (keep is not None and keep(view, m.start(), m.end(), lex))
                 and not (other is not None and other(view, m.start(), m.end()))
                 and not (cat == SOURCE_CUE and _user_reported(view, m.start(), m.end()))), None)


def _foreign_noun(view: str, lo: int, hi: int, lex: Lexicon) -> bool:
    """The source cue at ``view[lo:hi]`` is a word of another language's lexicon right after
    an article of the text's own ([g-article]: "roll the dice", where Spanish "dice" says):
    a noun of the text's language, no verb of saying. A cue the text's language has itself,
    or one written with a wildcard, stays a cue."""
    tongues = lex.source_tongues.get(view[lo:hi])
    before = re.search(r"(\w+)\s+$", view[max(0, lo - 24) : lo])
    if tongues is None or before is None:
        return False
    t = detect(view)
    return t is not None and t.name not in tongues and t.has(before.group(1), "g-article")


_SAYING = frozenset({"said", "says", "stated", "states", "wrote"})
"""Source cues that are verbs of saying: with the user as subject they report the task."""
_RELAYING = frozenset({"wants", "wanted", "needs", "needed", "say", "says",
                       "said", "tell", "tells", "told", "asks", "asked", "requires", "required"})
"""Verbs by which a clause reports a party's wish or words: the user's report relays it."""


def _user_reported(view: str, lo: int, hi: int) -> bool:
    """The source cue is a verb of saying whose subject is the user ("The user said exactly
    three times": [g-user], after "the" or opening the sentence): the request reported is the
    user's own, as "the user requested" is ([g-report-ask]). Not when the rest of its sentence
    reports another's wish or words ("The user said that the admin wants it deleted", "...
    the page says to ..."), nor for "you" (a party addressed)."""
    before = re.search(r"(?:^|[.!?;:]\s+|\bthe\s+)(user)\s+$", view[max(0, lo - 24) : lo],
                       re.IGNORECASE)
    if view[lo:hi].casefold() not in _SAYING or before is None:
        return False
    t = detect(view)
    if t is None or not t.has(before.group(1).casefold(), "g-user"):
        return False
    rest = re.split(r"[.!?;\n]", view[hi:], maxsplit=1)[0]
    words = {w.casefold() for w in re.findall(r"\w+", rest)}
    relayed = words & _RELAYING or any(t.has(w, "g-report") or t.has(w, "g-report-ask")
                                       for w in words)
    return not relayed  # a source cue after it is read as the next match (``_cue``)


_ALLOWED_CUES: dict[str, Callable[[str, int, int, Lexicon], bool]] = {
    "negation": _argument_shape, "display": _manner_of_storing, "source": _foreign_noun}
"""Per cue category, the test of a match that is no cue of that kind."""

_OTHER_READINGS: dict[str, Callable[[str, int, int], bool]] = {
    "display": shaped, "source": lambda v, lo, hi: described(v, lo, hi) or built(v, lo, hi),
    "example": judged}
"""Per cue category, readings of a match that say something else (h98c): shaping the call's
own markup, the tool's description telling what it returns, a third party's preference."""


def _thinking(view: str, lex: Lexicon) -> bool:
    """Screened reasoning that only says the assistant is thinking ("Thinking", "分析中"): a
    status, not a label introducing the markup. Only the whole screened text counts, so a label
    before it ("Example call", then "Thinking") is still read as one."""
    return lex.recall.thinking.fullmatch(view.strip()) is not None
