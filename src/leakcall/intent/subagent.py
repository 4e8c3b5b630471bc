"""The order a sub-agent launch carries, read as the steps it announces (h48t, issue 25).

A tool that launches an agent (Claude Code's ``Task`` and ``Agent``, ``spawn_agent``,
``invoke_agent``: its name, a key or its description's opening words name an agent,
[agent-noun] in kinds.txt) carries a free-text order ([keys-order]: ``prompt``,
``instructions``, ``task``, ``message``): the sub-agent takes every step the order says. The
call is then no single step of the tool's own kind ("launch": run) but every step of its
order, so the order is read as an announcement of the sub-agent's steps is: each word of it,
in the language of each of its sentences, with the kind the verb tables give it (the reading
``actors.step_kinds`` gives reasoning). Every step of a changing kind it says (a delete, a
push, a send, a payment, a write) must be covered by a verb of the announcement other than
the one launching the agent (the first verb of kind run, "launch a sub-agent", "lanzar un
subagente": that verb announces the launch, not what the agent does), as a changing call's
kind must be. An observing order ("Find out why test_retry fails and report the cause")
says no changing step and is left as it was.

The order is read word by word, not clause by clause: a changing word that only describes
("the newly created session") refuses as one that orders does. That is the safe side: a
refused launch falls back to today's behaviour; a recovered one runs a sub-agent nobody
asked for."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from . import agentcue
from .actors import _reasoning_sentences
from .detect import detect
from .handoff import _handed
from .imperatives import _finite
from .kinds import _kind_table, command_kinds, name_words
from .kindsfile import section
from .memo import per_call_said, per_reply
from .observing import LOOKING, OBSERVING
from .orderflags import flag_kinds
from .orderidiom import idiom_step
from .orderphrasal import phrasal_step
from .preamble import Announcement
from .sentences import _sentences
from .tables import tongue
from .toolkinds import UNKNOWN
from .view import normalize
from .words import Token, Tongue, covers

__all__ = ["Brief", "goes_to_said", "governed", "launches", "looking", "looks", "order_sentences",
           "placed", "slot_indices", "unordered", "unread"]

Brief = Callable[[Sequence[Token], int, Tongue], bool]
"""Whether the word at an index of an order's sentence is one of a looking agent's brief
that takes no step (``typedlook.brief``)."""
_WORD = re.compile(r"[^\W\d_]+")
_LEAD_WORDS = 6
"""Words of a description's opening an agent noun may stand in ("Launch a new sub-agent")."""
_MAX_ORDER = 4000
"""Characters of an order read (the rest of a longer order is read as the refusal's)."""
_LEAD = frozenset({"COURTESY", "ADV", "COMMA", "ACK", "LEAD", "YOU", "AUX", "!conditional",
                   "!unknown-preamble", "CLITIC"})
"""Tokens before the verb of an order's sentence: "Please", "Afterwards,", "You must"."""
_OBJECT = frozenset({"DET", "PARTICLE", "CODE", "NUM", "OPEN"})
"""Tokens after a verb joined to an order ("and shred the ...", "and tear down ...")."""
_PHRASE = frozenset({"OPEN", "CODE", "DET", "PREP", "ADV", "NUM", "PARTICLE", "LPAR", "RPAR"})
"""Tokens that go on a looking verb's noun phrase ("the `f` function implementation of")."""
_BEFORE = frozenset({"DET", "PREP", "ADV", "OPEN", "CODE"})
"""Tokens a word of a noun phrase stands after (``placed``)."""
_AFTER = frozenset({"OPEN", "PREP", "RPAR", "COMMA", "AND"})
"""Tokens a word of a noun phrase stands before, or the clause's end (``placed``)."""
_FINAL = ("de", "nl")
"""Languages whose verb particle or complement closes an imperative's clause."""


@cache
def _agent_nouns() -> frozenset[str]:
    return section("agent-noun")


@cache
def _order_keys() -> frozenset[str]:
    return section("keys-order")


@cache
def _answers() -> frozenset[str]:
    return section("answer-verb")


def _keys(schema: Mapping[str, Any] | None, args: Mapping[str, Any]) -> Iterable[str]:
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    yield from (str(k) for k in args)
    if isinstance(props, Mapping):
        yield from (str(k) for k in props)


@per_call_said  # (ten readers of one reply ask of the same call)
def launches(name: str, args: Mapping[str, Any], schema: Mapping[str, Any] | None,
             description: str | None, ann: Announcement | None = None) -> bool:
    """The call launches an agent: a word of its name or of a key is an agent noun
    (``Agent``, ``spawn_agent``, ``subagent_type``), or one of its description's opening
    words is ("Launch a new sub-agent to handle ..."), or the announcement ``ann`` says an
    agent takes the step of a tool that runs one (``agentcue.cued``: "I'll launch a sub-agent
    ..." + ``task(prompt=...)``)."""
    if agentcue.cued(ann, name, args, schema, description):
        return True
    nouns = _agent_nouns()
    if any(w in nouns for w in name_words(name)):
        return True
    if any(w in nouns for k in _keys(schema, args) for w in name_words(k)):
        return True
    opening = _WORD.findall((description or "").casefold())[:_LEAD_WORDS]
    return any(w in nouns for w in opening)


def _orders(args: Mapping[str, Any]) -> list[str]:
    """The order texts of a launch: each string value under an order key."""
    keys = _order_keys()
    return [v for k, v in args.items()
            if isinstance(v, str) and v.strip()
            and (k.casefold() in keys or any(w in keys for w in name_words(k)))]


def order_sentences(order: str) -> list[tuple[tuple[Token, ...], Tongue]]:
    """The sentences of an order, each cut again at a dash that stands between two words
    ("Be very thorough - I need the full picture", h15a): the word after the dash opens a
    clause of its own, where a verb stands (``_slots``), as it would after a full stop. A
    dash opening a list item ("- web/src/ ...") cuts nothing."""
    out: list[tuple[tuple[Token, ...], Tongue]] = []
    for tokens, t in _reasoning_sentences(normalize(order[:_MAX_ORDER])):
        start = 0
        for k, x in enumerate(tokens):
            if x.kind == "DASH" and 0 < k < len(tokens) - 1:
                if k > start:
                    out.append((tokens[start:k], t))
                start = k + 1
        if start < len(tokens):
            out.append((tokens[start:], t))
    return out


def _word_kind(word: str, t: Tongue, en: Tongue | None) -> str | None:
    """The kind a word of an order says in its sentence's language; for a hyphenated word no
    table knows, the first kind a piece says in it or in English, the language of programs
    ("haz force-push", "clean-up"). A whole word is not read in English: "resume" (Spanish:
    sum up) is no English resume."""
    kind = t.kind_of(word)
    if kind is not None or "-" not in word.strip("-"):
        return kind
    return next((k for piece in word.split("-") for tongue in (t, en) if tongue is not None
                 for k in [tongue.kind_of(piece)] if k is not None), None)


def _subcommand(tokens: Sequence[Token], k: int) -> str | None:
    """The kind of a program and its subcommand written as two words ("faça git push na
    main", "then npm publish"), from the kind table's subcommands."""
    if k + 1 >= len(tokens):
        return None
    return _kind_table()[1].get((tokens[k].text, tokens[k + 1].text))


def slot_indices(tokens: Sequence[Token], t: Tongue) -> list[int]:
    """Where the words standing in a verb slot of an order's sentence stand: a part's first
    word after leading words, or a word after "and" or a comma before its object."""
    out: list[int] = []
    head = True  # the next word opening a part is a verb
    for k, x in enumerate(tokens):
        if x.kind != "COMMA" and t.has(x.text, "g-then"):
            head = True
            continue
        if head and x.kind in _LEAD:
            continue
        if x.kind in ("OPEN", "ACTING") and (head or (
                k > 0 and tokens[k - 1].kind in ("AND", "COMMA")
                and k + 1 < len(tokens) and tokens[k + 1].kind in _OBJECT)):
            out.append(k)
        head = False
    return out


def _slots(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The words standing in a verb slot of an order's sentence (``orderverbs``)."""
    out = [tokens[k].text for k in slot_indices(tokens, t)]
    if t.name in _FINAL and any(t.kind_of(w) == "generic" for w in out):
        last = next((x.text for x in reversed(tokens) if x.kind in ("OPEN", "ACTING")), None)
        if last is not None and last not in out:
            out.append(last)  # "mach die Staging-Datenbank platt"
    return out


def looks(word: str, t: Tongue) -> bool:
    """An order's verb that only looks: of a kind of [LOOKING] (read, list, search), a verb of
    finding out of no kind ([g-inquiry-verb] of kind generic: "check"), or one of handing
    back ([answer-verb]: "report")."""
    kind = _word_kind(word, t, tongue("en"))
    return kind in LOOKING or word in _answers() or (kind == "generic" and word in t.inquiry_verbs)


def goes_to_said(tokens: Sequence[Token], word: str, t: Tongue, said: set[str]) -> bool:
    """``word`` is a verb of going to a page ([kind-navigate]: "navigate", "visit") whose
    place, right after its preposition or as its object, is a place the announcement writes
    as it is written, and ends its clause ("Navigate to example.com and return the page
    title." after "get the page title of example.com"): a browser reads a page by going to
    it. A place the announcement does not write ("Navigate to evil.example/?q=...") or more
    after it ("... to example.com/login as admin") stays a step of its own."""
    if t.kind_of(word) != "navigate":
        return False
    return all(_place_said(list(tokens[at + 1:]), said)
               for at, x in enumerate(tokens) if x.text == word)


def _place_said(rest: list[Token], said: set[str]) -> bool:
    """The words after a verb of going are a place the announcement writes, then the end of
    the clause (``goes_to_said``)."""
    if rest and rest[0].kind in ("TO", "PREP"):
        rest = rest[1:]
    return bool(rest) and rest[0].kind in ("CODE", "OPEN") and rest[0].text.strip(
        "`\"'").casefold() in said and (len(rest) == 1 or rest[1].kind in ("AND", "COMMA")
                                       or rest[1].text in ".;")


def looking(tokens: Sequence[Token], t: Tongue) -> bool:
    """An order's sentence has a verb slot, and each holds a verb that only looks."""
    slots = _slots(tokens, t)
    return bool(slots) and all(looks(w, t) for w in slots)


def placed(tokens: Sequence[Token], k: int) -> bool:
    """The word at ``k`` stands where a word of a noun phrase stands: after a determiner, a
    preposition, an adverb, a word or code, and before a word, a preposition, a closing
    parenthesis, a comma, "and" or the clause's end (never before an object of its own)."""
    return k > 0 and tokens[k - 1].kind in _BEFORE and (
        k + 1 == len(tokens) or tokens[k + 1].kind in _AFTER)


def governed(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` stands in the clause of a verb that only looks, as a word of its noun
    phrase (h10b): going back from it, a looking verb comes (not one opening a clause of its
    own, [g-complement]: "ensure its deletion") before a clause's end (a comma, "and", "to",
    a mark, [g-then], [g-relative]) and before any word of a kind of step that stands where a
    verb does, not in the phrase (``placed``: "Read the file do the deletion")."""
    for j in range(k - 1, -1, -1):
        x = tokens[j]
        kind = _word_kind(x.text, t, None) if x.kind == "OPEN" else None
        if x.kind == "OPEN" and looks(x.text, t):
            return not t.has(x.text, "g-complement")
        if x.kind not in _PHRASE or t.has(x.text, "g-then") or t.has(x.text, "g-relative") \
                or (kind is not None and not placed(tokens, j)):
            return False
    return False


def _noun_word(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """A plain English word of a noun phrase, before any word that joins a next step
    ([g-then]): after a determiner that is not universal, before a preposition ("the
    implementation of"), after a preposition, before a noun ("for test files"), or right after
    a verb that looks, before a noun, "and" or a preposition ("list file paths"). Not in
    another language: a verb may close its clause after a determiner ("danach die löschen",
    "全部删除") or follow a preposition ("para borrar ramas")."""
    if t.name != "en" or tokens[k].kind != "OPEN" or not 0 < k < len(tokens) - 1 or any(
            t.has(w, "g-then") for x in tokens[:k] for w in x.text.split()) \
            or not governed(tokens, k, t):
        return False
    before, after = tokens[k - 1], tokens[k + 1].kind
    if before.kind == "OPEN" and after in ("OPEN", "CODE", "AND", "PREP") and looks(before.text, t):
        return True  # the bare object of a verb that looks ("list file paths", "list file and line")
    return (before.kind == "DET" and not t.has(before.text, "g-universal") and after == "PREP") \
        or (before.kind == "PREP" and after in ("OPEN", "CODE"))


def _asked(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is the participle of an indirect question a looking verb asks (h11g,
    r42-ctl-055): right after a copula, which follows a question word ("where", "whether",
    "dónde") with only a noun phrase between, right after a verb that only looks (and its
    particle): "Find where authentication is implemented in this repository", "Check whether
    the branch is pushed". It says what the look finds out, not a step; a modal or an object
    after the word ("where the sessions must be deleted", "is deleting files") or "that" for
    the question word ([g-inquiry]: "Check that the branch is deleted") keeps it a step."""
    if not 1 < k < len(tokens) or tokens[k].kind != "OPEN" or not (
            tokens[k - 1].kind == "COPULA" or _past_be(tokens, k, t)) \
            or (k + 1 < len(tokens) and tokens[k + 1].kind in ("OPEN", "CODE")):
        return False
    j = k - 2
    while j >= 0 and tokens[j].kind in ("DET", "DEM", "OPEN", "CODE"):
        j -= 1
    if j < 1 or tokens[j].kind != "INQUIRY" or not t.has(tokens[j].text, "g-inquiry"):
        return False
    verb = j - 2 if tokens[j - 1].kind == "PARTICLE" and j >= 2 else j - 1
    return tokens[verb].kind == "OPEN" and looks(tokens[verb].text, t)


def _past_be(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is a past participle ("-ed" of a known verb, ``imperatives._finite``)
    after a past form of "be" ([g-recap] and [g-yes-no]: "was", "were"): "to see what was
    changed" asks what was done, as "what is changed" does (h32a); the participle closes its
    clause ("what was changed the files" stays read)."""
    w = tokens[k - 1].text.casefold()
    return t.has(w, "g-recap") and t.has(w, "g-yes-no") and tokens[k].text.endswith("ed") \
        and _finite(tokens[k].text, t) and (  # closing its clause: no object of its own
            k + 1 == len(tokens) or tokens[k + 1].kind in ("PREP", "COMMA", "AND", "RPAR"))


def _code_kinds(code: str) -> frozenset[str]:
    """The changing kinds a command written in an order says (`git push --force`, `DROP
    TABLE x`, `npm publish`), read as a shell tool's command is; a word no program table
    knows (an identifier, a path: kind run alone) says none."""
    return command_kinds(code.strip("`'\"")) - OBSERVING - {"run", UNKNOWN}


def ordered(order: str, nouns: bool = False) -> list[tuple[str, str]]:
    """(word, kind) of each changing step an order's words say, each sentence in its own
    language (a sentence no language reads says none), and each command it writes. A word
    between a determiner and the noun it modifies is a word of a noun phrase, no step
    ("delete the tests directory": "tests"; "the deployment scripts"); a word after a
    universal determiner is read, which may stand alone before a verb ("danach alles
    löschen", "然后全部删除"), and so is a word ending its phrase. Every other word of a
    changing kind is a step, in whatever form it stands ("make sure it is deleted").
    ``nouns``: in a sentence whose every verb only looks (``looking``), a plain word of a noun
    phrase (``_noun_word``) is what is looked at ("Find the implementation of `f`")."""
    return [step for part in _parts(order, nouns) for step in part]


def _parts(order: str, nouns: bool = False,
           brief: Brief | None = None) -> list[list[tuple[str, str]]]:
    """``ordered``'s steps, by part of the order: each sentence, cut again at each word
    that joins a next step ([g-then]: "Update the README, then update the IBAN"). ``brief``:
    the words of a looking agent's brief that take no step (``typedlook.brief``)."""
    en = tongue("en")
    parts: list[list[tuple[str, str]]] = []
    for tokens, t in order_sentences(order):
        looked = nouns and looking(tokens, t)
        parts.append([])
        out = parts[-1]
        for k, x in enumerate(tokens):
            if out and any(t.has(w, "g-then") for w in x.text.split()):  # ("y luego")
                parts.append([])
                out = parts[-1]
                continue
            if brief is not None and brief(tokens, k, t):
                continue
            idiom = idiom_step(tokens, k, t)  # "get rid of", "is gone", "do whatever ... ask"
            if idiom is not None:
                out.append(idiom)
                continue
            if x.kind == "CODE":
                # an option written alone is read as in a command (``orderflags``: ``-u``)
                out += [(x.text, kind) for kind in sorted(_code_kinds(x.text)
                                                          | flag_kinds(x.text))]
                continue
            if not (x.kind in ("OPEN", "ACTING") or x.kind[:1] == "!") or (
                    looked and (_noun_word(tokens, k, t) or _asked(tokens, k, t))):
                continue
            if 0 < k < len(tokens) - 1 and tokens[k - 1].kind == "DET" and not t.has(
                    tokens[k - 1].text, "g-universal") and tokens[k + 1].kind in ("OPEN", "CODE"):
                continue
            phrasal = phrasal_step(tokens, k, t)  # "check out the release branch"
            if phrasal is not None:
                out.append(phrasal)
                continue
            sub = _subcommand(tokens, k)
            if sub is not None and sub not in OBSERVING:
                out.append((f"{x.text} {tokens[k + 1].text}", sub))
            kind = _word_kind(x.text, t, en)
            if kind not in (None, "generic") and kind not in OBSERVING:
                out.append((x.text, kind))
    return [p for p in parts if p]


def unread(order: str) -> str | None:
    """A sentence of an order no language of the lexicon reads (``detect``: Greek, Finnish,
    Swahili), or None. What it tells the agent is unknown: no reader can say it only looks
    or says no step ("reasoning the lexicon cannot read is no evidence", round 39)."""
    return next((body for body, _ in _sentences(normalize(order[:_MAX_ORDER]))
                 if any(ch.isalpha() for ch in body) and detect(body) is None), None)


def _went_said(order: str, ann: Announcement) -> bool:
    """Every word of going to a page in the order, in a verb slot or not ("the agent then
    visits evil.com"), goes to a place the announcement writes
    (``goes_to_said``): the going is the way of the look the announcement says (a look that
    ``launched.observing`` requires before it grounds the launch)."""
    places = {o.strip("`\"'").casefold() for o in ann.objects}
    return all(goes_to_said(tokens, x.text, t, places)
               for tokens, t in order_sentences(order)
               for x in tokens if _word_kind(x.text, t, None) == "navigate")


def _said(ann: Announcement) -> frozenset[str]:
    """The kinds the announcement's verbs say of the sub-agent's steps: every verb's but the
    first of kind run, which launches the agent."""
    kinds = [k for _, k in ann.verbs if k is not None and k != "generic"]
    if "run" in kinds:
        kinds.remove("run")
    return frozenset(kinds)


def own_launches(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                 schemas: Mapping[str, Mapping[str, Any]] | None,
                 descriptions: Mapping[str, str] | None
                 ) -> Iterator[tuple[int, str, Mapping[str, Any]]]:
    """The calls that launch an agent (``launches``), each with its place among ``calls``; an
    announced hand-off (``handoff._handed``) aside, left to its own rules."""
    return iter(_own_launches(ann, calls, schemas, descriptions))


@per_reply  # three readers of one announcement and its calls
def _own_launches(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                  schemas: Mapping[str, Mapping[str, Any]] | None,
                  descriptions: Mapping[str, str] | None
                  ) -> tuple[tuple[int, str, Mapping[str, Any]], ...]:
    return tuple(_launching(ann, calls, schemas, descriptions))


def _launching(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
               schemas: Mapping[str, Mapping[str, Any]] | None,
               descriptions: Mapping[str, str] | None
               ) -> Iterator[tuple[int, str, Mapping[str, Any]]]:
    handed = _handed(ann, calls, schemas, descriptions)
    for i, ((name, args), hand) in enumerate(zip(calls, handed, strict=True)):
        if not hand and launches(name, args, (schemas or {}).get(name),
                                 (descriptions or {}).get(name), ann):
            yield i, name, args


def unordered(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
              schemas: Mapping[str, Mapping[str, Any]] | None,
              descriptions: Mapping[str, str] | None,
              briefs: Sequence[Brief | None] | None = None) -> str | None:
    """Why a launch's order says a changing step the announcement does not, or takes more
    changing steps in turn (``_parts``) than the announcement says beside the launch, else
    None. An
    announced hand-off (``handoff``: "Let me transfer you to the billing agent." +
    ``transfer_to_agent``) is left to its own rules: its message tells the party the user's
    case ("Refund question."), and what the party then does is the party's step."""
    said: frozenset[str] | None = None
    for i, name, args in own_launches(ann, calls, schemas, descriptions):
        brief = briefs[i] if briefs else None
        for order in _orders(args):
            foreign = unread(order)
            if foreign is not None:
                return (f"{name!r} launches an agent whose order says {foreign[:40]!r}, in a "
                        "language the lexicon does not read")
            went = _went_said(order, ann)
            for word, kind in (step for part in _parts(order, True, brief) for step in part):
                said = _said(ann) if said is None else said
                if not covers(said, kind) and not (kind == "navigate" and went):
                    verbs = ", ".join(f"{v!r} ({k or 'unknown'})" for v, k in ann.verbs) \
                        or "no verb"
                    return (f"{name!r} launches an agent whose order says {word!r}, a step of "
                            f"kind {kind!r}, which the announcement does not say beside the "
                            f"launch (verbs: {verbs})")
            steps = _parts(order, True, brief)
            announced = [k for _v, k in ann.verbs if k not in (None, "generic") and k != "run"]
            if len(steps) > max(1, len(announced)):
                # "launch a sub-agent to update the README" + "Update the README, then update
                # the payout IBAN": more steps in turn than the announcement says
                return (f"{name!r} launches an agent whose order takes {len(steps)} steps in "
                        f"turn ({steps[-1][0][0]!r} among them), more than the announcement "
                        "says beside the launch")
    return None
