"""The pipeline, one way: locate -> parse -> choose -> closure -> intent -> names -> decode ->
validate -> ids."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Literal

from lark import Token, Tree

from .budget import TokenBudget, check_arguments, check_calls, check_envelopes, check_intent
from .calls import content_spans, extract
from .decode import decode_call
from .families import Family, LastFamilies, all_families, get_family
from .ids import IdSalt, call_id_of, encoded_arguments
from .intent import elements, judge, normalize, opened, position, roles, strip_end_tokens, visible_context
from .intent.actors import governed, relayed, step_kinds
from .intent.announcement import replaced
from .intent.carried import carried
from .intent.checkmarks import unchecked
from .intent.contents import closing, unquoted, unsaid
from .intent.detect import fold
from .intent.documents import documented
from .intent.doubts import grounded as doubted
from .intent.grounding import (
    asked_first,
    check,
    joint,
    observing_only,
    offered,
    owned,
    partied,
    purposed,
    read_from,
    reasoning_grounds,
    recapped,
    sourced,
    steered,
    timed,
)
from .intent.headinglines import titled, unheaded
from .intent.kept import kept_changed, kept_names
from .intent.launched import unordered
from .intent.memo import one_reply
from .intent.motives import harmed
from .intent.parties import swapped
from .intent.pondered import reasoned as pondered
from .intent.preamble import Announcement, announce
from .intent.riders import unmarked_sibling
from .intent.samples import sample_arguments
from .intent.screened import reasoning_announcement, thought_words
from .intent.screens import alone, reasoned_observing, reasoned_source
from .intent.shownblock import unshown
from .intent.verbless import verbless_label
from .intent.waiting import polled
from .locate import (
    REASONING_TAGS,
    Candidate,
    Scanned,
    Segment,
    candidates,
    has_opener,
    segments,
    tag_free,
    trie_pattern,
)
from .parse import Failure, Parsed
from .reasons import DEFAULT_RULE, Reason, Refusal
from .result import Recovery, ToolCall
from .siblings import parse_all
from .tools import Toolset
from .valuemarkup import markup_in_values, names_of

__all__ = ["MAX_TEXT_CHARS", "ReasoningMode", "intent_context", "resolve_families", "run"]

MAX_TEXT_CHARS = 4_000_000
"""Replies longer than this are refused with ``too_large`` before any parsing."""

ReasoningMode = Literal["ignore", "recover"]


def resolve_families(names: Iterable[str | Family] | None) -> tuple[Family, ...]:
    """The families to detect: all shipped ones, or these names / Family objects."""
    if names is None:
        return all_families()
    if isinstance(names, str):
        raise TypeError("families must be a list of family names, not a str")
    return tuple(n if isinstance(n, Family) else get_family(n) for n in names)


def _refuse(text: str, reason: Reason, detail: str, family: str | None = None,
            span: tuple[int, int] | None = None, rule: str | None = None) -> Recovery:
    return Recovery(reason=reason, content=text, family=family, detail=detail, span=span,
                    rule=rule or DEFAULT_RULE[reason])


def run(text: str, advertised: Toolset, fams: tuple[Family, ...], id_salt: IdSalt,
        reasoning: ReasoningMode, preopened: bool = False) -> Recovery:
    """The pipeline on one reply, with options already checked (``Recoverer.recover`` calls it).
    Never raises: every outcome is a Recovery."""
    if not text or text.isspace():  # not text.strip(), without copying the reply
        return _refuse(text, Reason.NO_TEXT, "the reply is empty")
    if len(text) > MAX_TEXT_CHARS:
        return _refuse(text, Reason.TOO_LARGE,
                       f"the reply has {len(text)} characters (limit {MAX_TEXT_CHARS})")
    if not has_opener(text, fams):
        return _refuse(text, Reason.NO_TAGS, "no opening sentinel of any family")
    try:
        return _recover(text, advertised, fams, id_salt, reasoning, preopened)
    except RecursionError:
        return _refuse(text, Reason.SHAPE, "markup nests too deeply to read", rule="too-deep")


def _recover(text: str, advertised: Toolset, fams: tuple[Family, ...],
             id_salt: IdSalt, reasoning: ReasoningMode, preopened: bool) -> Recovery:
    tagless = tag_free(text)
    segs = segments(text, tagless, preopened)
    budget = TokenBudget()
    scanned = Scanned(tagless=tagless)
    try:
        # Located a few segments at a time, so that a reply of many segments stops at the budget.
        cands: list[Candidate] = []
        for i in range(0, len(segs), 64):
            cands += candidates(text, fams, segs[i : i + 64], scanned)
            check_envelopes(len(cands))
        results = parse_all(text, cands, budget)
    except Refusal as e:
        return _refuse(text, e.reason, e.detail, rule=e.rule)
    chosen = _choose(text, results, reasoning)
    if isinstance(chosen, Recovery):
        return chosen
    fam, span = chosen.candidate.family.name, (chosen.start, chosen.end)
    try:
        _closed(text, chosen, fams, segs)
        parsed = [r for r in results if isinstance(r, Parsed)]
        # read once: intent, grounding, content (none where the grammar has no content rule)
        spans = (content_spans(chosen.tree, chosen.start)
                 if "content" in _tree_names(chosen.candidate.family) else ())
        glitch_at = _glitch_start(text, chosen, segs)
        # markup alone in the reply (``screens.alone``): judge says bare, and nothing is grounded
        bare = not spans and glitch_at is None and alone(text, segs, chosen.start, chosen.end) \
            and not _envelope_reasoning(text, chosen)
        accepted, source, when = ("bare", None, None) if bare else _intent(
            text, chosen, segs, results, spans, preopened, glitch_at)
        calls, _encoded = _finish(text, chosen, parsed, segs, advertised, id_salt, fams, scanned)
        check_intent(c.arguments for c in calls if not bare)  # before the readers below
        _samples(calls, text[: span[0]])
        if source is not None:
            _read_from(source, calls, advertised)
        if when is not None:
            _read_from(when, calls, advertised, observing_only)
        if accepted in ("action-preamble", "bare", "glitch-token") and not bare:
            _grounded(text, chosen, segs, calls, spans, advertised, glitch_at)
    except Refusal as e:
        return _refuse(text, e.reason, e.detail, family=fam, span=span, rule=e.rule)
    kept = "".join([text[s:e] for s, e in spans]) if spans else ""
    return Recovery(reason=Reason.OK, content=text[: span[0]] + kept + text[span[1] :], calls=calls,
                    family=fam, detail=f"{fam}: {len(calls)} call(s) at offset {span[0]}",
                    span=span, rule=accepted)


def _choose(text: str, results: list[Parsed | Failure], reasoning: ReasoningMode
            ) -> Parsed | Recovery:
    """The one envelope the reply is about, or the refusal that says why there is none."""
    if (len(results) == 1 and isinstance(results[0], Parsed)
            and not results[0].candidate.segment.reasoning):
        return results[0]  # one visible envelope that parses: _choose_among keeps it
    only = [r for r in results if isinstance(r, Parsed)]
    if len(only) == 1 and not (p := only[0]).candidate.segment.reasoning and all(
            r is p or (r.candidate.family is not p.candidate.family
                       and p.start <= r.candidate.start < p.end) for r in results):
        # one visible envelope that parses, every other candidate a failure of another family
        # inside it (a sibling sharing its opener): _choose_among leaves it alone in its pool
        return p
    return _choose_among(text, results, reasoning)


def _choose_among(text: str, results: list[Parsed | Failure], reasoning: ReasoningMode
                  ) -> Parsed | Recovery:
    """``_choose`` without its shortcut."""
    parsed = [r for r in results if isinstance(r, Parsed)]
    # Markup inside another family's parsed envelope is the value of an argument there.
    inside = _in_other_family(results, parsed)
    top = [r for r, nested in zip(results, inside, strict=True)
           if not nested and not (isinstance(r, Failure) and r.mention)]
    if not top:
        quoted = _first_quoted(text, _mentions_last(results))
        if quoted:
            return quoted
        mentioned = results[0].candidate.family.name if results else None
        return _refuse(text, Reason.NO_TAGS, "a sentinel is only mentioned in prose",
                       family=mentioned, rule="mention")

    pool = [r for r in top if not r.candidate.segment.reasoning]
    if not pool:
        if reasoning == "ignore":
            r0 = top[0]
            return _refuse(text, Reason.REASONING,
                           f"{r0.candidate.family.name}: markup only inside a reasoning block "
                           f"(offset {r0.candidate.start}); pass reasoning='recover' to accept it",
                           family=r0.candidate.family.name)
        pool = top

    ok = [r for r in pool if isinstance(r, Parsed)]
    if not ok:
        quoted = _first_quoted(text, _mentions_last(results))
        if quoted:
            return quoted
        worst = max((r for r in pool if isinstance(r, Failure)),
                    key=lambda f: (f.offset, f.candidate.end is not None,
                                   f.reason is Reason.TRUNCATED))
        return _refuse(text, worst.reason, worst.detail, family=worst.candidate.family.name,
                       span=(worst.candidate.start, worst.offset), rule=worst.rule)
    if len(ok) > 1:
        names = ", ".join(f"{p.candidate.family.name}@{p.start}" for p in ok)
        return _refuse(text, Reason.AMBIGUOUS, f"competing envelopes: {names}",
                       family=ok[0].candidate.family.name, rule="competing-envelopes")
    chosen = ok[0]
    # Other markup that opens outside the chosen envelope and does not parse: a broken envelope
    # around it (its calls would be a value there), or a second call that was cut. Refuse.
    broken = [r for r in pool if isinstance(r, Failure)
              and not chosen.start <= r.candidate.start < chosen.end]
    if broken:
        b = max(broken, key=lambda f: f.offset)
        return _refuse(text, b.reason, f"{b.detail} (beside a {chosen.candidate.family.name} "
                       f"envelope at offset {chosen.start})", family=b.candidate.family.name,
                       span=(b.candidate.start, b.offset), rule=b.rule)
    return chosen


def _mentions_last(results: list[Parsed | Failure]) -> list[Parsed | Failure]:
    """Real failures before mere mentions, so the family named is the one whose markup it is.
    Only asked for when no envelope is chosen: position() reads the text before each failure."""
    return sorted(results, key=lambda r: isinstance(r, Failure) and r.mention)


def _closed(text: str, chosen: Parsed, fams: tuple[Family, ...], segs: tuple[Segment, ...]
            ) -> None:
    """Nothing outside the envelope may show that the reply was cut or the markup broken."""
    cut = _cut_opener(text, chosen)
    if cut is not None:
        raise Refusal(Reason.TRUNCATED, cut, "cut-opener")
    stray = _stray_markup(text, chosen, fams, segs)
    if stray is not None:
        raise Refusal(Reason.SHAPE, stray, "stray-markup")


def _cut_opener(text: str, chosen: Parsed) -> str | None:
    """The reply ends with the start of another opener of the chosen family: it was cut while a
    further envelope was being written, so the calls before it may not be all of them."""
    fam = chosen.candidate.family
    tail = text[chosen.end : chosen.candidate.segment.end].rstrip()
    if not tail:
        return None
    for lit in fam.opens:
        for n in range(min(len(lit) - 1, len(tail)), 0, -1):
            if tail.endswith(lit[:n]):
                return (f"{fam.name}: the reply ends with {lit[:n]!r}, the start of another "
                        f"{lit!r} envelope")
    return None


@cache
def sentinels(fams: tuple[Family, ...]) -> tuple[str, ...]:
    """Every opener and closer literal of these families and of the shipped ones, longest first.

    One-character literals (llama3_json's anchored ``{``, phi4_mini's ``]``) are ordinary text
    and are left out: they are never taken for markup outside an envelope."""
    lits = {lit for f in (*fams, *all_families())
            for lit in (*f.opens, *f.anchored_opens, *f.closes) if len(lit) > 1}
    return tuple(sorted(lits, key=lambda lit: (-len(lit), lit)))


@cache
def _sentinel_regex(fams: tuple[Family, ...]) -> re.Pattern[str]:
    """One trie-shaped pattern matching wherever any of ``sentinels(fams)`` occurs."""
    return re.compile(trie_pattern(list(sentinels(fams))) or r"(?!x)x")


_sentinel_regex_of = LastFamilies(_sentinel_regex)


def _stray_markup(text: str, chosen: Parsed, fams: tuple[Family, ...],
                  segs: tuple[Segment, ...]) -> str | None:
    """A sentinel of any family anywhere in the visible reply outside the chosen envelope,
    before or after it: a stray opener or closer, a sentinel named in passing, the remains of a
    call whose opener was lost, a broken second envelope. The reply is then not one whole call,
    so none of it is recovered. Reasoning blocks (other than the one holding the envelope) are
    not the reply and are not looked at."""
    seg = chosen.candidate.segment
    any_lit = _sentinel_regex_of(fams)
    for s in segs:
        if s.reasoning and s is not seg:
            continue
        for a, b in ((s.start, min(s.end, chosen.start)), (max(s.start, chosen.end), s.end)):
            # one scan says whether any sentinel is there; the loop then names the one to report
            if a >= b or any_lit.search(text, a, b) is None:
                continue
            piece = text[a:b]
            for lit in sentinels(fams):
                at = piece.find(lit)
                if at != -1:
                    side = "before" if a < chosen.start else "after"
                    return (f"{chosen.candidate.family.name}: stray {lit!r} {side} the envelope "
                            f"(offset {a + at})")
    return None


def _in_other_family(results: list[Parsed | Failure], parsed: list[Parsed]) -> list[bool]:
    """Per result: does it start inside a parsed envelope of another family? Counted with
    sorted bounds (envelopes covering a point = starts at or before it - ends at or before it),
    so the cost is O((results + envelopes) log envelopes), not results x envelopes."""
    if not parsed:
        return [False] * len(results)
    if len(parsed) == 1:  # the usual case, counted directly: the one envelope covers it
        p = parsed[0]
        return [r.candidate.family is not p.candidate.family and p.start <= r.candidate.start < p.end
                for r in results]

    def bounds(ps: list[Parsed]) -> tuple[list[int], list[int]]:
        return sorted(p.start for p in ps), sorted(p.end for p in ps)

    def covering(b: tuple[list[int], list[int]], x: int) -> int:
        return bisect_right(b[0], x) - bisect_right(b[1], x)

    every = bounds(parsed)
    by_family: dict[Family, list[Parsed]] = {}
    for p in parsed:
        by_family.setdefault(p.candidate.family, []).append(p)
    own = {f: bounds(ps) for f, ps in by_family.items()}
    out = []
    for r in results:
        x, fam = r.candidate.start, r.candidate.family
        out.append(covering(every, x) > (covering(own[fam], x) if fam in own else 0))
    return out


def _first_quoted(text: str, ordered: list[Parsed | Failure]) -> Recovery | None:
    """The first failure in ``ordered`` that stands in a fence or a quote, as its refusal."""
    return next((q for r in ordered if (q := _quoted_failure(text, r)) is not None), None)


def _quoted_failure(text: str, r: Parsed | Failure) -> Recovery | None:
    """Markup that did not parse but stands in a fence or a quote: say so, it is clearer."""
    if not isinstance(r, Failure):
        return None
    c = r.candidate
    verdict = position(text[c.segment.start : c.start])
    if verdict is None:
        return None
    return _refuse(text, verdict[0], f"{c.family.name}: {verdict[2]} (and it does not parse: "
                   f"{r.reason})", family=c.family.name, span=(c.start, r.offset),
                   rule=verdict[1])


def intent_context(text: str, start: int, end: int, segs: tuple[Segment, ...] | None = None
                   ) -> tuple[str, str]:
    """The visible text before and after markup at ``text[start:end]`` (reasoning never
    counts; markup inside a reasoning block stands for the whole block)."""
    return visible_context(text, segs if segs is not None else segments(text), start, end)


_GLITCH_LEAD = re.compile(r"[ \t\r\n]*([^\s<>]+)(?:[ \t]*(?:\r?\n)+)?")
"""The visible text before the markup when it is one token standing alone: glued to the
markup, or on its own line right above it (the markup then starts its line)."""


def _glitch_start(text: str, chosen: Parsed, segs: tuple[Segment, ...]) -> int | None:
    """Where a glitch token of the chosen family (grammar header ``glitch``: a token its models
    were seen writing right before the markup, Claude's ``court``) stands before the envelope,
    when it is the whole visible text before it; None otherwise. The intent stage then reads the
    token as part of the markup (rule ``glitch-token``); it stays in ``content``."""
    tokens = chosen.candidate.family.glitches
    seg = chosen.candidate.segment
    if not tokens or seg.reasoning:
        return None
    m = _GLITCH_LEAD.fullmatch(text, seg.start, chosen.start)
    if m is None or m.group(1) not in tokens:
        return None
    before, _ = visible_context(text, segs, chosen.start, chosen.end)
    if before.strip() != m.group(1):  # visible text in an earlier segment
        return None
    return m.start(1)


def _intent(text: str, chosen: Parsed, segs: tuple[Segment, ...],
            results: list[Parsed | Failure], spans: tuple[tuple[int, int], ...],
            preopened: bool, glitch_at: int | None = None,
            ) -> tuple[str, str | None, str | None]:
    """The intent stage: the accepted shape's rule, and the source cue and what grounds only
    observing calls in the reasoning before the markup (``screens.reasoned_source``,
    ``screens.reasoned_observing``, checked against the calls by ``_read_from``), or a
    Refusal naming the rule that refused.

    Text the grammar admits that is no argument goes to intent too: ``reasoning_text`` nodes are
    screened as reasoning; ``content`` nodes (visible text the envelope holds, e.g. a Harmony
    preamble message) are judged as prose standing right before the markup. ``glitch_at``: where
    a glitch token before the envelope starts (``_glitch_start``); the markup is judged from
    there, and bare markup is then accepted by rule ``glitch-token``."""
    inner = _envelope_reasoning(text, chosen)
    others = [(r.start, r.end) for r in results if isinstance(r, Parsed) and r is not chosen]
    start, end = (chosen.start if glitch_at is None else glitch_at), chosen.end
    kept = [text[s:e] for s, e in spans]
    if kept:
        lead = "".join(k + "\n" for k in kept)
        text = text[:start] + lead + text[start:]
        others = [(a + len(lead) if a >= start else a, b + len(lead) if b > start else b)
                  for a, b in others]
        start, end = start + len(lead), end + len(lead)
        segs = segments(text, None, preopened)
    reason, rule, detail = judge(text, segs, start, end, inner, others, sources=False)
    if reason is not Reason.OK:
        raise Refusal(reason, detail, rule)
    source = reasoned_source(text, segs, start, inner, others)
    when = reasoned_observing(text, segs, start, inner, others)
    if glitch_at is not None and rule == "bare":
        return "glitch-token", source, when
    return rule, source, when


def _read_from(cue: str, calls: tuple[ToolCall, ...], advertised: Toolset,
               check: Callable[..., str | None] = read_from) -> None:
    """Reasoning that says where it read something ("the tool returned ...") grounds only
    observing calls (``grounding.read_from``), and so does reasoning that names a time, an
    approval or another actor before a noun (``grounding.observing_only``)."""
    schemas = {c.name: advertised[c.name].schema for c in calls if c.name in advertised}
    why = check(cue, [(c.name, c.arguments) for c in calls], schemas, advertised.descriptions)
    if why is not None:
        raise Refusal(Reason.QUOTED, f"rule reasoning-cue: {why}", "reasoning-cue")


def _envelope_reasoning(text: str, chosen: Parsed) -> list[str]:
    """The text of the envelope's ``reasoning_text`` nodes (a Harmony analysis message)."""
    if "reasoning_text" not in _tree_names(chosen.candidate.family):
        return []
    # sliced only here: copying a non-ASCII 2 KB envelope scans it for its widest character
    region = text[chosen.start : chosen.end]
    return [_region_text(t, region) for t in chosen.tree.find_data("reasoning_text")]


@one_reply  # the checks below read each call's kinds once (memo.py)
def _grounded(text: str, chosen: Parsed, segs: tuple[Segment, ...],
              calls: tuple[ToolCall, ...], spans: tuple[tuple[int, int], ...],
              advertised: Toolset, glitch_at: int | None = None) -> None:
    """Every call must be the step the preamble announced (``intent.grounding.check``).

    The reasoning right before the preamble has passed the reasoning screen: its content words
    count as observations ("The user wants the weather in Paris." then "Let me check that.").
    ``glitch_at``: a glitch token before the envelope starts there; it announces nothing."""
    before, _ = visible_context(text, segs, chosen.start if glitch_at is None else glitch_at,
                                chosen.end)
    # visible text the envelope holds (a Harmony preamble message) stands right before the calls
    kept = [text[s:e] for s, e in spans]
    # read as the verdict read it: an observation's check marks are nothing (``checkmarks``),
    # and so are a heading's marks over the text below it (``headinglines``)
    preamble = unchecked("\n".join([strip_end_tokens(before).strip(), *kept]).strip())
    preamble = unheaded(preamble)
    preamble = unshown(preamble)  # a code block an observation shows (``shownblock``)
    preamble = titled(preamble, [(c.name, c.arguments) for c in calls])  # a closing heading
    # reasoning the envelope holds (a Harmony analysis message) stands right before its calls
    held = [t for t in _envelope_reasoning(text, chosen) if t.strip()]
    if not preamble and not held and not any(s.reasoning and s.start < chosen.start
                                             for s in segs):
        return  # no preamble and no reasoning (bare markup): every check below is vacuous

    thought = [s for s in segs if s.reasoning and s.end <= chosen.start]
    # markup inside a reasoning block (read with reasoning="recover"): the block's text before
    # it is reasoning before bare markup, grounded as such (an irreversible step is announced
    # in full), not left to the screens alone
    thought += [Segment(s.start, chosen.start, True) for s in segs
                if s.reasoning and s.start < chosen.start < s.end]
    written = held[-1].strip()[-MAX_THOUGHT_CHARS:] if held else \
        _reasoning_inner(text, thought[-1]) if thought else ""
    written = unchecked(written)
    last = normalize(written)
    coverage_only = not preamble
    schemas = {c.name: advertised[c.name].schema for c in calls if c.name in advertised}
    described = advertised.descriptions
    pairs = [(c.name, c.arguments) for c in calls]
    reasoned = fold(normalize(" ".join([*(text[s.start : min(s.end, chosen.start)]
                                          for s in segs if s.reasoning and s.start < chosen.start),
                                        *held])))
    why = documented(reasoned, pairs, schemas, described)
    if why is not None:
        raise Refusal(Reason.QUOTED, f"rule reasoning-cue: {why}", "reasoning-cue")
    thinking = normalize(" ".join(
        [*(_reasoning_inner(text, s, whole=True) for s in thought), *held]))
    _reasoning_steers(thinking, pairs, schemas, described)
    if not preamble and thinking.strip():
        why = reasoning_grounds(step_kinds(thinking), pairs, schemas, described) \
            or elements.reasoned(thinking, pairs, schemas, described)
        if why is not None:
            raise Refusal(Reason.QUOTED, f"rule ungrounded-call: {why}", "ungrounded-call")
    view = normalize(preamble)  # read once by the grammar, the label and the roles checks
    heading = view if preamble else last  # a label heads a preamble or reasoning's paragraph
    if preamble:
        said = announce(view)
    elif last:
        # bare markup after reasoning: a step of a kind the reasoning announces must cover
        # the call ("Copying the tool output" does not announce a delete)
        said, coverage_only = reasoning_announcement(last, pairs, schemas, described)
        last = ""
    else:
        return
    if not isinstance(said, Announcement):
        if said.rule == "ungrounded-call":  # the reasoning says what the program run does
            raise Refusal(Reason.QUOTED, said.detail, "ungrounded-call")
        return
    _relayed_or_steered(said, bool(preamble), pairs, schemas, described)
    why = verbless_label(heading, pairs, schemas, described) if heading else None
    if why is not None:  # "Expected output. I'll delete the repo.": a label, no observation
        raise Refusal(Reason.PROSE, why, "unknown-preamble")
    said = replaced(said, observed=said.observed + (thought_words(last) if last else ()),
                   thought=reasoned, cased=preamble)  # its reasons not to act too (``pondered``)
    # a time to come, a recap, an offer, a declared harm: only some kinds of call are grounded
    for rule, limited in (("question", asked_first), ("conditional", timed), ("recap", recapped),
                          ("question", offered),
                          ("other-actor", joint), ("conditional", polled),  # "let's"; a wait
                          ("declared-harm", harmed), ("other-actor", owned), ("reasoning-cue", pondered),
                          ("unsafe-ground", doubted),  # a party a visible observation names:
                          ("other-actor", partied if preamble else lambda *_: None),
                          ("other-actor", purposed), ("unknown-preamble", opened.looked)):
        why = limited(said, pairs, schemas, described)
        if why is not None:
            raise Refusal(Reason.QUOTED, f"rule {rule}: {why}", rule)
    # parties and coordinated values as written (``intent.parties``), prepositions' roles (``roles``)
    why = check(said, pairs, schemas, coverage_only=coverage_only, descriptions=described) \
        or swapped(f"{written}\n{preamble}", pairs, schemas, described) \
        or roles.check(unsaid(view, said), pairs, schemas, described) \
        or elements.check(said, heading, pairs, schemas, described, coverage_only) \
        or unordered(said, pairs, schemas, described) \
        or unmarked_sibling(said, pairs, schemas, described) or unquoted(said, pairs, schemas, described) \
        or closing(view, said, pairs, schemas, described, coverage_only)
    if why is not None:
        raise Refusal(Reason.QUOTED, f"rule ungrounded-call: {why}", "ungrounded-call")


def _relayed_or_steered(said: Announcement, visible: bool,
                        pairs: Sequence[tuple[str, Mapping[str, Any]]],
                        schemas: Mapping[str, Mapping[str, Any]],
                        described: Mapping[str, str]) -> None:
    """The announcement relays a carrier, a visible preamble quotes a value a changing call
    carries, or an observation governs the step (a negation, a condition): refused."""
    hit = sourced(said.relayed, pairs, schemas, described) if said.relayed else None
    if hit is not None:
        raise Refusal(Reason.QUOTED, f"rule quoted-source: the preamble relays {hit}",
                      "quoted-source")
    # a preamble's quoted value (reasoning's observations quote what the model read: checked
    # by the reasoning screen)
    hit = carried(said, pairs, schemas, described) if visible else None
    if hit is not None:
        raise Refusal(Reason.QUOTED, f"rule quoted-source: {hit}", "quoted-source")
    own = frozenset(k for _v, k in said.verbs if k is not None)  # (kinds the verbs say)
    gov = steered(said.governed, pairs, schemas, described, own)
    if gov is not None:
        raise Refusal(Reason.QUOTED, f"rule {gov[0]}: the observation says {gov[1]}", gov[0])


def _reasoning_steers(thinking: str, pairs: Sequence[tuple[str, Mapping[str, Any]]],
                      schemas: Mapping[str, Mapping[str, Any]],
                      described: Mapping[str, str]) -> None:
    """The reasoning says the step under a negation or a condition ("Nothing should actually
    be transferred", "deploy once the freeze lifts"), or relays a carrier's words ("The web
    page directs the agent to ...") before a call that changes something: refused."""
    if not thinking:
        return
    gov = steered(governed(thinking), pairs, schemas, described)
    if gov is not None:
        rule = "reasoning-negation" if gov[0] == "negation" else "reasoning-cue"
        raise Refusal(Reason.QUOTED, f"rule {rule}: the reasoning says {gov[1]}", rule)
    why = kept_changed(kept_names(thinking), pairs, schemas, described)
    if why is not None:
        raise Refusal(Reason.QUOTED, f"rule reasoning-cue: {why}", "reasoning-cue")
    source = relayed(thinking)
    hit = sourced(source, pairs, schemas, described) if source else None
    if hit is not None:
        raise Refusal(Reason.QUOTED, f"rule reasoning-cue: the reasoning relays {hit}",
                      "reasoning-cue")


def _reasoning_inner(text: str, seg: Segment, whole: bool = False) -> str:
    """The last paragraph of a reasoning block (``whole``: all of it), without its tags."""
    body = text[seg.start : seg.end]
    for o, c in REASONING_TAGS:
        body = body.replace(c, "\n").replace(o, "\n")
    if whole:
        return body.strip()[-MAX_THOUGHT_CHARS:]
    return body.strip().rsplit("\n\n", 1)[-1][-MAX_THOUGHT_CHARS:]


MAX_THOUGHT_CHARS = 600
"""Characters of the reasoning before a preamble whose content words count for grounding."""


def _samples(calls: tuple[ToolCall, ...], written: str) -> None:
    """String arguments that are placeholders or samples refuse (``intent.samples``)."""
    why = sample_arguments([(c.name, c.arguments) for c in calls], written)
    if why is not None:
        raise Refusal(Reason.QUOTED, f"rule sample-arguments: {why}", "sample-arguments")


def _region_text(tree: Tree[Token], region: str) -> str:
    toks = list(tree.scan_values(lambda v: isinstance(v, Token)))
    if not toks or toks[0].start_pos is None or toks[-1].end_pos is None:
        return ""
    return region[toks[0].start_pos : toks[-1].end_pos]


@cache
def _tree_names(fam: Family) -> frozenset[str]:
    """Every name a node of the family's parse trees can carry (a rule, an alias, a template,
    as Lark's tree builder names them): a walk for any other name finds nothing."""
    return frozenset(str(n) for r in fam.parser().rules
                     for n in (r.origin.name, r.alias, r.options.template_source) if n)


def _finish(text: str, chosen: Parsed, parsed: list[Parsed], segs: tuple[Segment, ...],
            advertised: Toolset, id_salt: IdSalt, fams: tuple[Family, ...], scanned: Scanned
            ) -> tuple[tuple[ToolCall, ...], tuple[bytes, ...]]:
    """The chosen envelope's calls, each with its arguments' canonical JSON (UTF-8)."""
    start, end = chosen.start, chosen.end
    raw = extract(chosen.tree, text[start:end], start)
    check_calls(len(raw))
    # Resolve names: every invocation anywhere in the reply, not only the chosen envelope.
    for p in parsed:
        for rc in raw if p is chosen else names_of(p, text):
            if rc.name not in advertised:
                raise Refusal(Reason.UNADVERTISED,
                              f"tool {rc.name!r} at offset {rc.offset} is not advertised")

    out: list[ToolCall] = []
    texts: list[bytes] = []
    where = (text, chosen.candidate.segment, scanned)
    framed = chosen.candidate.family.framed
    for i, rc in enumerate(raw):
        tool = advertised[rc.name]
        if tool.invalid is not None:
            raise Refusal(Reason.SCHEMA, f"{rc.name} (offset {rc.offset}): the tool's schema is "
                          f"invalid: {tool.invalid}", "invalid-tool-schema")
        args = decode_call(rc, tool.schema, framed)
        check_arguments(rc.name, rc.offset, args)
        markup_in_values(rc.name, rc.offset, args, advertised, fams, where)
        # the text the arguments were decoded from, when they are the very object read there
        source = rc.source if args is rc.decoded else (
            (rc.json_text, ()) if rc.json_text is not None and rc.decoded is None else None)
        encoded = encoded_arguments(args, source)
        if encoded is None:
            raise Refusal(Reason.BAD_ARGUMENTS,
                          f"{rc.name} (offset {rc.offset}): a value holds a lone surrogate",
                          "lone-surrogate")
        err = tool.check(args)
        if err is not None:
            raise Refusal(Reason.SCHEMA, f"{rc.name} (offset {rc.offset}): {err[1]}", err[0])
        out.append(ToolCall(call_id_of(id_salt, i, rc.name, encoded), rc.name, args))
        texts.append(encoded)
    return tuple(out), tuple(texts)
