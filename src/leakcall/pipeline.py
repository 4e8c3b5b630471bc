"""The pipeline, one way: locate -> parse -> intent -> resolve names -> decode -> validate -> ids."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from .calls import RawCall, Refusal, content_spans, extract
from .decode import decode_call
from .families import Family, all_families, get_family
from .ids import call_id, unencodable
from .intent import classify, position, strip_end_tokens
from .locate import Candidate, Segment, candidates, has_opener, segments
from .parse import Failure, Parsed, parse_candidate
from .reasons import DEFAULT_RULE, Reason
from .result import Recovery, ToolCall
from .tools import normalize_tools
from .validate import check_schema, schema_error

__all__ = ["MAX_TEXT_CHARS", "ReasoningMode", "check_options", "intent_context", "recover",
           "resolve_families"]

MAX_TEXT_CHARS = 4_000_000
"""Replies longer than this are refused with ``too_large`` before any parsing."""

ReasoningMode = Literal["ignore", "recover"]


def _inside(inner: Candidate | Parsed, outer: Parsed) -> bool:
    return outer.start <= inner.start < outer.end and inner is not outer


def resolve_families(names: Iterable[str | Family] | None) -> tuple[Family, ...]:
    """The families to detect: all shipped ones, or these names / Family objects."""
    if names is None:
        return all_families()
    if isinstance(names, str):
        raise TypeError("families must be a list of family names, not a str")
    return tuple(n if isinstance(n, Family) else get_family(n) for n in names)


def check_options(tools: Sequence[Any], id_salt: str, reasoning: str
                  ) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """Validate the options shared by ``recover`` and ``StreamRecoverer`` (raises on misuse);
    the advertised tools (name -> schema) and each schema's validator key."""
    if reasoning not in ("ignore", "recover"):
        raise ValueError(f"reasoning must be 'ignore' or 'recover', not {reasoning!r}")
    if not isinstance(id_salt, str):
        raise TypeError("id_salt must be a str")
    advertised = normalize_tools(tools)
    return advertised, {name: check_schema(name, schema) for name, schema in advertised.items()}


def _refuse(text: str, reason: Reason, detail: str, family: str | None = None,
            span: tuple[int, int] | None = None, rule: str | None = None) -> Recovery:
    return Recovery(reason=reason, content=text, family=family, detail=detail, span=span,
                    rule=rule or DEFAULT_RULE[reason])


def _names_of(p: Parsed, text: str) -> list[RawCall]:
    try:
        return extract(p.tree, text[p.start : p.end], p.start)
    except Refusal:
        return []


def recover(
    text: str,
    tools: Sequence[Any],
    *,
    id_salt: str = "",
    reasoning: ReasoningMode = "ignore",
    families: Iterable[str | Family] | None = None,
) -> Recovery:
    """Recover the tool calls leaked as markup in ``text``, or refuse with a reason.

    ``families`` restricts detection to these families (names, or Family objects such as one
    loaded with ``load_family`` from a grammar outside the package).

    Never raises on a ``str`` text. Raises TypeError/ValueError/KeyError on misuse: ``text`` not
    a str, ``tools`` not a list or holding a malformed definition, an unknown family name.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    advertised, keys = check_options(tools, id_salt, reasoning)
    fams = resolve_families(families)

    if not text.strip():
        return _refuse(text, Reason.NO_TEXT, "the reply is empty")
    if len(text) > MAX_TEXT_CHARS:
        return _refuse(text, Reason.TOO_LARGE,
                       f"the reply has {len(text)} characters (limit {MAX_TEXT_CHARS})")
    if not has_opener(text, fams):
        return _refuse(text, Reason.NO_TAGS, "no opening sentinel of any family")
    try:
        return _recover(text, advertised, keys, fams, id_salt, reasoning)
    except RecursionError:
        return _refuse(text, Reason.SHAPE, "markup nests too deeply to read", rule="too-deep")


def _recover(text: str, advertised: dict[str, dict[str, Any]], keys: dict[str, str],
             fams: tuple[Family, ...],
             id_salt: str, reasoning: ReasoningMode) -> Recovery:
    segs = segments(text)
    results = [parse_candidate(text, c) for c in candidates(text, fams, segs)]
    chosen = _choose(text, results, reasoning)
    if isinstance(chosen, Recovery):
        return chosen
    fam = chosen.candidate.family.name
    span = (chosen.start, chosen.end)
    try:
        _closed(text, chosen, fams)
        parsed = [r for r in results if isinstance(r, Parsed)]
        calls = _finish(text, chosen, parsed, segs, advertised, keys, id_salt)
        accepted = "bare" if not text[chosen.candidate.segment.start : span[0]].strip() else (
            "preamble")
    except Refusal as e:
        return _refuse(text, e.reason, e.detail, family=fam, span=span, rule=e.rule)
    kept = "".join(text[s:e] for s, e in content_spans(chosen.tree, chosen.start))
    return Recovery(reason=Reason.OK, content=text[: span[0]] + kept + text[span[1] :], calls=calls,
                    family=fam, detail=f"{fam}: {len(calls)} call(s) at offset {span[0]}",
                    span=span, rule=accepted)


def _choose(text: str, results: list[Parsed | Failure], reasoning: ReasoningMode
            ) -> Parsed | Recovery:
    """The one envelope the reply is about, or the refusal that says why there is none."""
    parsed = [r for r in results if isinstance(r, Parsed)]
    # Markup inside another family's parsed envelope is the value of an argument there.
    top = [r for r in results if not any(
        _inside(r.candidate if isinstance(r, Failure) else r, p)
        for p in parsed if p.candidate.family is not r.candidate.family)]
    top = [r for r in top if not (isinstance(r, Failure) and r.mention)]
    # Real failures before mere mentions, so the family named is the one whose markup it is.
    ordered = sorted(results, key=lambda r: isinstance(r, Failure) and r.mention)
    quoted = [q for q in (_quoted_failure(text, r) for r in ordered) if q is not None]
    if not top:
        if quoted:
            return quoted[0]
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
        if quoted:
            return quoted[0]
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


def _closed(text: str, chosen: Parsed, fams: tuple[Family, ...]) -> None:
    """What follows the envelope must not show that the reply was cut or the markup broken."""
    cut = _cut_opener(text, chosen)
    if cut is not None:
        raise Refusal(Reason.TRUNCATED, cut, "cut-opener")
    stray = _stray_markup(text, chosen, fams)
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


def _stray_markup(text: str, chosen: Parsed, fams: tuple[Family, ...]) -> str | None:
    """A sentinel of any family right after the envelope (end-of-turn tokens aside): a stray
    closer or a broken second envelope, not a tail of prose."""
    tail = strip_end_tokens(text[chosen.end : chosen.candidate.segment.end])
    for f in fams:
        for lit in (*f.opens, *f.closes):
            if len(lit) > 1 and lit in tail:
                return (f"{chosen.candidate.family.name}: stray {lit!r} after the envelope "
                        f"(offset {chosen.end})")
    return None


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
                   ) -> tuple[str, str, str, list[str]]:
    """What the intent classifier sees for markup at ``text[start:end]``: the text before and
    after it in its segment, the markup, and the other visible segments (reasoning never counts)."""
    if segs is None:
        segs = segments(text)
    seg = next(s for s in segs if s.start <= start < s.end or s.start == start)
    elsewhere = [] if seg.reasoning else [
        text[s.start : s.end] for s in segs if not s.reasoning and s is not seg]
    return text[seg.start : start], text[start:end], text[end : seg.end], elsewhere


def _finish(text: str, chosen: Parsed, parsed: list[Parsed], segs: tuple[Segment, ...],
            advertised: dict[str, dict[str, Any]], keys: dict[str, str], id_salt: str
            ) -> tuple[ToolCall, ...]:
    start, end = chosen.start, chosen.end
    before, markup, after, elsewhere = intent_context(text, start, end, segs)
    verdict = classify(before, markup, after, elsewhere)
    # Visible text the envelope holds (content nodes) is also read as prose before the markup;
    # the position rules above already saw where the envelope really stands.
    kept = [text[s:e] for s, e in content_spans(chosen.tree, start)]
    if verdict is None and kept:
        for k in kept:
            markup = markup.replace(k, "", 1)
        verdict = classify(before + "\n".join(["", *kept]), markup, after, elsewhere)
    if verdict is not None:
        raise Refusal(verdict[0], verdict[2], verdict[1])

    raw = extract(chosen.tree, text[start:end], start)
    # Resolve names: every invocation anywhere in the reply, not only the chosen envelope.
    for p in parsed:
        for rc in raw if p is chosen else _names_of(p, text):
            if rc.name not in advertised:
                raise Refusal(Reason.UNADVERTISED,
                              f"tool {rc.name!r} at offset {rc.offset} is not advertised")

    out: list[ToolCall] = []
    for i, rc in enumerate(raw):
        schema = advertised[rc.name]
        args = decode_call(rc, schema)
        if unencodable(args):
            raise Refusal(Reason.BAD_ARGUMENTS,
                          f"{rc.name} (offset {rc.offset}): a value holds a lone surrogate",
                          "lone-surrogate")
        err = schema_error(keys[rc.name], args)
        if err is not None:
            raise Refusal(Reason.SCHEMA, f"{rc.name} (offset {rc.offset}): {err}")
        out.append(ToolCall(call_id(id_salt, i, rc.name, args), rc.name, args))
    return tuple(out)
