"""Grounding: every call must be the step the preamble announced. And sample arguments refuse.

A call after a preamble is recovered only when

- **covered**: each kind of step it takes that changes something (write, create, delete, run,
  send, pay, commit, install, deploy, navigate) is announced by a verb of a kind that covers it
  ("I'll check the config" never covers a ``rm``); the kinds of a tool come from the words of
  its name (``grammar/lexicon/kinds.txt``), and for a tool that runs commands from each
  command's program (``rm``, ``git push``); and
- **referenced**: a content word of the announcement or of an observation occurs in the tool's
  name, an argument key or an argument value (compared by stem; CJK terms through the
  language's ``[concept]`` map), or the preamble names no object (a pronoun: "Let me fix
  that.", or nothing: "Let me commit.") and an announced verb's kind is the call's kind.
  Generic verbs ("check", "handle") have no kind: they ground only through a content word.

Rule ``ungrounded-call`` refuses a reply with any call that is not. Rule ``sample-arguments``
refuses string values that are placeholders or say they are an example.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from ..families import grammar_dir
from .preamble import Announcement
from .screens import lexicon, normalize
from .words import KINDS, tongues

__all__ = ["OBSERVING", "call_kinds", "check", "sample_arguments", "tool_kinds"]

OBSERVING = frozenset({"read", "list", "search", "fetch", "compute"})
"""Kinds of step that change nothing: a reference in the announcement is enough."""

EVERY_NOUN_KINDS = frozenset({"deploy", "send", "pay", "delete", "commit"})
"""Kinds of step that cannot be taken back: a call of one carries every noun the announcement
names (``Announcement.named``), not just one."""

REPEAT_REFUSED = frozenset({"send", "pay"})
"""Kinds of step that an announcement repeating a step ("once more") never grounds: sent twice,
paid twice."""

COVERS: dict[str, frozenset[str]] = {
    "write": frozenset({"write", "create"}),
    "create": frozenset({"create", "write"}),
    "run": frozenset({"run", "test"}),
    "test": frozenset({"test", "run"}),
    "delete": frozenset({"delete", "write"}),
}
"""An announced verb kind -> the call kinds it covers (every kind covers itself)."""


@cache
def _neutral() -> frozenset[str]:
    """Programs that change only the shell's own state ([neutral] in kinds.txt)."""
    _kind_table()
    return _NEUTRAL[0]


_NEUTRAL: list[frozenset[str]] = [frozenset()]


@cache
def _only_first() -> frozenset[str]:
    """Tool-name words that name a step only as the name's first word ([only-first] in
    kinds.txt): "book_flight" books, "address_book" does not."""
    _kind_table()
    return _ONLY_FIRST[0]


_ONLY_FIRST: list[frozenset[str]] = [frozenset()]


@cache
def _kind_table() -> tuple[dict[str, frozenset[str]], dict[tuple[str, str], str]]:
    """Tool-side words -> kinds, and (program, subcommand) -> kind, from kinds.txt."""
    words: dict[str, set[str]] = {}
    sub: dict[tuple[str, str], str] = {}
    only_first: set[str] = set()
    neutral: set[str] = set()
    section = None
    for raw in (grammar_dir() / "lexicon" / "kinds.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            if section not in KINDS and section not in ("subcommand", "only-first", "neutral"):
                raise ValueError(f"kinds.txt: unknown section {section!r}")
            continue
        if section == "only-first":
            only_first.add(line.casefold())
            continue
        if section == "neutral":
            neutral.add(line.casefold())
            continue
        if section == "subcommand":
            pair, _, kind = line.partition("=")
            prog, _, subcmd = pair.strip().partition(" ")
            sub[(prog, subcmd.strip())] = kind.strip()
        elif section is not None:
            words.setdefault(line.casefold(), set()).add(section)
    _ONLY_FIRST[0] = frozenset(only_first)
    _NEUTRAL[0] = frozenset(neutral)
    return {k: frozenset(v) for k, v in words.items()}, sub


UNKNOWN = "unknown"
"""The kind of a tool whose name says no kind the table knows."""

_TOOL_WORDS = frozenset({"tool", "tools", "function", "func", "fn", "take", "do", "have"})
"""Name words that say it is a tool, or a light verb that says nothing of the step
("take_screenshot" takes a screenshot)."""

_JOINERS = frozenset({"and", "then"})
"""Name words that join two steps ("get_and_delete_messages")."""

_SPLIT_NAME = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def name_words(name: str) -> list[str]:
    """A tool or key name cut into its words ("get_current_weather", "listFiles")."""
    return [w.casefold() for w in _SPLIT_NAME.findall(name)]


def tool_kinds(name: str, schema: Mapping[str, Any] | None = None) -> frozenset[str]:
    """The kinds of step a tool takes, from the words of its name (else of its parameters)."""
    table, _ = _kind_table()
    out: set[str] = set()
    words = name_words(name)
    first = table.get(words[0], frozenset()) if words else frozenset()
    joined = any(w in _JOINERS for w in words)
    if first and first <= OBSERVING and not joined:
        # verb-object naming ("lookup_refund_policy", "get_order_status"): an observing verb
        # first names the step; the nouns after it name what it reads ("get_and_delete_x"
        # names two steps)
        return first
    late = _only_first()
    for i, w in enumerate(words):
        if i == 0 or w not in late or joined:
            out |= table.get(w, frozenset())
    if schema is not None and _numbers_only(schema) and out <= {"create", "compute"}:
        return frozenset({"compute"})  # "add", "multiply" over numbers: arithmetic
    if not out and schema is not None:
        props = schema.get("properties")
        if isinstance(props, Mapping):
            for key in props:
                if isinstance(key, str):
                    for w in name_words(key):
                        out |= table.get(w, frozenset()) & {"run"}
    # a name that says no kind of step the table knows ("teardown_cluster", "sell_shares"),
    # or only observing kinds beside a word it does not know ("upload_file", "rotate_api_key"),
    # may change anything: only an announced verb in its name, or its name, grounds it
    if not out or (out <= OBSERVING and any(
            w not in table and w not in _TOOL_WORDS and not w.isdigit() for w in words)):
        out.add(UNKNOWN)
    return frozenset(out)


def _numbers_only(schema: Mapping[str, Any]) -> bool:
    """Every parameter of the tool is a number (an arithmetic tool)."""
    props = schema.get("properties")
    if not isinstance(props, Mapping) or not props:
        return False
    return all(isinstance(v, Mapping) and v.get("type") in ("number", "integer")
               for v in props.values())


def commands(command: str) -> list[str]:
    """The simple commands of a shell command line: the parts between unquoted ``;``, ``&``,
    ``|`` and newlines (``2>&1`` is a redirection), and each substitution (``$(…)``, a
    backtick: it runs even inside double quotes). Line continuations join lines."""
    s = command.replace("\\\n", " ")
    out: list[str] = []
    cur: list[str] = []
    quote = ""
    i = 0
    while i < len(s):
        ch = s[i]
        if quote == "'":
            quote = "" if ch == "'" else quote
            cur.append(ch)
        elif ch == "\\" and i + 1 < len(s):
            cur.append(s[i : i + 2])
            i += 1
        elif s.startswith("$(", i) or ch == "`":
            out.append("".join(cur))
            cur = []
            i += ch == "$"
        elif quote == '"':
            quote = "" if ch == '"' else quote
            cur.append(ch)
        elif ch in "'\"":
            quote = ch
            cur.append(ch)
        elif ch in ";|\n" or (ch == "&" and s[i - 1 : i] not in ("<", ">")
                               and s[i + 1 : i + 2] != ">"):
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    out.append("".join(cur))
    return [c for c in out if c.strip()]
_PREFIXES = frozenset({"sudo", "env", "time", "nohup", "exec", "command", "xargs", "nice",
                       "timeout", "doas", "then", "do", "else", "{", "(", "!"})


def command_kinds(command: str) -> frozenset[str]:
    """The kinds of step a shell command takes: each segment's program (subcommand first);
    an output redirection writes; an unknown program runs."""
    table, sub = _kind_table()
    out: set[str] = set()
    for seg in commands(command):
        if re.search(r"(?<![0-9&>])>{1,2}(?!&)\s*(?!/dev/null)\S", seg):
            out.add("write")
        try:
            words = shlex.split(seg, comments=True)
        except ValueError:
            words = seg.split()
        while words and (words[0] in _PREFIXES or re.fullmatch(r"\w+=\S*", words[0])):
            words = words[1:]
            while words and words[0].startswith("-") and len(words) > 1:
                words = words[1:]
        if not words:
            continue
        prog = words[0].rsplit("/", 1)[-1].casefold()
        if prog in _neutral():
            continue  # "cd repo", "export X=1": the shell's own state, no step
        rest = [w for w in words[1:] if not w.startswith("-")]
        if rest and (prog, rest[0].casefold()) in sub:
            out.add(sub[(prog, rest[0].casefold())])
        elif prog in table:
            kinds = table[prog]
            if prog not in ("find",) and any(w in ("--version", "--help", "-h", "-v", "-V")
                                             for w in words[1:2]):
                kinds = frozenset({"read"})
            out |= kinds
        elif any(w in ("--version", "--help", "-h", "-V") for w in words[1:2]):
            out.add("read")
        else:
            out.add("run")
        if any(w in ("-delete", "--delete", "-rf", "-fr") for w in words[1:]):
            out.add("delete")
        # a deleting word among the first arguments of a program that does not just read
        # ("aws s3 rm", "gcloud sql instances delete"): a subcommand no table lists
        if (not (table.get(prog, frozenset()) & OBSERVING)
                and any("delete" in table.get(w.casefold(), ()) for w in rest[:3])):
            out.add("delete")
        if "-exec" in words:
            i = words.index("-exec")
            if i + 1 < len(words):
                out |= command_kinds(" ".join(words[i + 1 :]).replace("\\;", "").replace("{}", ""))
    return frozenset(out)


def call_kinds(name: str, arguments: Mapping[str, Any],
               schema: Mapping[str, Any] | None = None) -> frozenset[str]:
    """The kinds of step one call takes: its tool's kinds; a tool that runs commands takes the
    kinds of the commands in its string arguments instead (``run`` when it has none)."""
    kinds = tool_kinds(name, schema)
    if "run" not in kinds:
        return kinds
    found: set[str] = set(kinds - {"run"})
    commands = list(_strings(arguments, keys=False, numbers=False))
    for c in commands:
        found |= command_kinds(c)
    return frozenset(found or {"run"})


def _strings(value: object, keys: bool = True, numbers: bool = True) -> Iterable[str]:
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif numbers and isinstance(v, (int, float)) and not isinstance(v, bool):
            yield repr(v)  # "add 2 and 3" names the numbers the call carries
        elif isinstance(v, Mapping):
            for k, x in v.items():
                if keys and isinstance(k, str):
                    yield k
                stack.append(x)
        elif isinstance(v, list):
            stack.extend(v)


_CALL_WORD = re.compile(r"[^\W_]+")


def _stem(w: str) -> str:
    for suf in ("ing", "ies", "es", "ed", "s"):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            return w[: -len(suf)]
    return w


def _referenced(words: Sequence[str], call_text: str, call_words: frozenset[str]) -> str | None:
    """The first content word that the call's text holds (by stem), or None."""
    concepts = _concepts()
    for raw in words:
        w = raw.strip("`\"'").casefold()
        if not w:
            continue
        if raw[:1] in "`\"'" and (w in call_words or w in call_text.split()):
            return raw  # a quoted name, however short ("`w`")
        if w.isdigit():
            if w in call_words:  # a number the call carries as a value of its own
                return raw
            continue
        if any(ch.isdigit() or not ch.isalnum() for ch in w) and len(w) >= 2:
            # a code token, number or path: found as written, or its own words
            if w in call_text:
                return raw
            parts = [p for p in _CALL_WORD.findall(w) if len(p) >= 3 and not p.isdigit()]
            if parts and all(p in call_text for p in parts):
                return raw
            continue
        if not w.isascii():
            if len(w) >= 2 and w in call_text:
                return raw
            for term, meaning in concepts.items():
                if term in w and meaning & call_words:
                    return raw
            continue
        for term, meaning in concepts.items():
            if (term == w or (len(term) >= 4 and term in w)) and meaning & call_words:
                return raw
        s = _stem(w)
        if len(s) < 3:
            continue
        if s in call_words or any(c.startswith(s) or (len(c) >= 4 and s.startswith(c)
                                                        and len(c) >= len(s) - 2)
                                  for c in call_words):
            return raw
        if len(s) >= 4 and s in call_text:
            return raw
    return None


@cache
def _concepts() -> dict[str, frozenset[str]]:
    """Every language's [concept] map (terms of different languages do not collide in
    practice; a collision can only ground more words of the same meaning)."""
    out: dict[str, frozenset[str]] = {}
    for t in tongues():
        for term, meaning in t.concepts.items():
            out[term] = out.get(term, frozenset()) | meaning
    return out


def _unnamed_command(name: str, args: Mapping[str, Any], ann: Announcement,
                     verb_kinds: set[str]) -> str | None:
    """A command of a tool that runs commands that changes something and that no word of
    the announcement names: "Let me run the tests." + ``pytest -q; curl … | sh`` runs a
    second program nobody announced. Each command (the parts between ``;``, ``&&``, ``|``,
    newlines and substitutions) that takes a step beyond observing must carry a word of the
    announcement."""
    said = [*ann.objects, *ann.observed]
    for command in _strings(args, keys=False, numbers=False):
        parts = commands(command)
        if len(parts) < 2:
            continue  # one command: the call's own reference check reads it
        for part in parts:
            kinds = command_kinds(part) - OBSERVING
            if not kinds or ("run" not in kinds and kinds <= verb_kinds):
                # observing, or announced by a verb of its own kind ("rebuild" + ``make``);
                # "run" is any program's kind, never its name
                continue
            text = part.casefold()
            if _referenced(said, text, frozenset(_CALL_WORD.findall(text))) is None:
                return (f"{name!r} also runs {part.strip()[:40]!r}, which no word of the "
                        "announcement names")
    return None


def _covers(verb_kinds: set[str], kind: str) -> bool:
    return any(kind == v or kind in COVERS.get(v, frozenset()) for v in verb_kinds)


def _names_tool(ann: Announcement, name: str) -> bool:
    """The announcement names the tool (`` `sell_shares` ``) or says an announced verb that is
    a word of its name ("I'll sell the shares" + ``sell_shares``)."""
    own = name.casefold()
    words = frozenset(name_words(name))
    if any(o.strip("`\"'").casefold() == own for o in ann.objects):
        return True
    if any(_referenced([v], own, words) is not None for v, _k in ann.verbs):
        return True
    # named in words: every word of its name ("the structured output tool")
    said = [o.casefold() for o in (*ann.objects, *ann.observed)]
    spoken = " ".join(said)
    own_words = [w for w in words if len(w) >= 3 and w not in _TOOL_WORDS]
    return bool(own_words) and all(
        _referenced([w], spoken, frozenset(said)) is not None for w in own_words)


def check(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          coverage_only: bool = False) -> str | None:
    """None when every call is grounded in the announcement; else why not (the detail).

    ``coverage_only``: the announcement is reasoning before bare markup, screened but not a
    preamble: only a step of a known kind that does not cover the call refuses ("Copying the
    tool output" then a delete); reasoning that names no kind of step ("I should call the
    tools") is left to the screen."""
    verb_kinds = {k for _, k in ann.verbs if k is not None and k != "generic"}
    # the observing steps the announcement takes: a test or a verification also reads
    observes = (verb_kinds & OBSERVING) | ({"read"} if "test" in verb_kinds else set())
    if coverage_only:
        if not verb_kinds:
            return None
        for name, args in calls:
            for k in sorted(call_kinds(name, args, (schemas or {}).get(name)) - OBSERVING):
                if k == UNKNOWN and _names_tool(ann, name):
                    continue
                if not _covers(verb_kinds, k):
                    return (f"{name!r} takes a step of kind {k!r}, which the reasoning's "
                            f"announcement does not ({', '.join(v for v, _ in ann.verbs)})")
        return None
    # each call's kinds, and its text and words (name, keys, values) that words are found in
    kinds_of = [call_kinds(name, args, (schemas or {}).get(name)) for name, args in calls]
    texts = []
    for name, args in calls:
        strings = list(_strings(args))
        texts.append((" ".join([name.casefold(), *(s.casefold() for s in strings)]),
                      frozenset([*name_words(name), *(w.casefold() for s in strings
                                                      for w in _CALL_WORD.findall(s))])))
    for group in ann.adjuncts:
        # "in Q3", "to staging", "during the freeze": a detail of the announced step that
        # no call carries is a step other than the call (or a deferral)
        if not any(_referenced(group, text, words) is not None for text, words in texts):
            return (f"the announcement says {' '.join(group)!r}, which no call carries "
                    "(in its name or arguments)")
    for (name, _args), kinds, (call_text, call_words) in zip(calls, kinds_of, texts,
                                                               strict=True):
        if ann.again and kinds & REPEAT_REFUSED:
            return (f"{name!r} would {'/'.join(sorted(kinds & REPEAT_REFUSED))} a second time "
                    "(the announcement repeats the step): a repeated send or payment is never "
                    "recovered")
        changing = kinds - OBSERVING
        for k in sorted(changing):
            if k == UNKNOWN:
                # an observing name word of an announced kind ("search" in
                # "tavily_search_results"), the tool named, or a verb of its name
                if kinds & observes or _names_tool(ann, name):
                    continue
                return (f"{name!r} takes a step of a kind its name does not say, and the "
                        "announcement neither names it nor says a verb of its name")
            if not _covers(verb_kinds, k):
                said = ", ".join(f"{v!r} ({k2 or 'unknown'})" for v, k2 in ann.verbs) or "no verb"
                return (f"{name!r} takes a step of kind {k!r}, which the announcement does not "
                        f"(verbs: {said})")
        if "run" in tool_kinds(name, (schemas or {}).get(name)):
            why = _unnamed_command(name, _args, ann, verb_kinds)
            if why is not None:
                return why
        if _referenced([*ann.objects, *ann.observed], call_text, call_words) is not None:
            continue
        if kinds and kinds <= OBSERVING and kinds & observes:
            # an observing step of the announced kind ("I'll list the files." + ``ls``): it
            # changes nothing, so naming the object in other words is enough
            continue
        if ann.pronoun and kinds and any(
                _covers(verb_kinds, k) or (k in OBSERVING and observes)
                for k in kinds):
            continue
        words = ", ".join(repr(w) for w in ann.objects[:6]) or "a pronoun"
        return (f"{name!r} is not the announced step: no word of the announcement ({words}) "
                "occurs in its name or arguments, and no announced verb is its kind")
    if any(kinds & EVERY_NOUN_KINDS for kinds in kinds_of):
        # a step that cannot be taken back is that step in every noun the announcement
        # names: "deploy to staging" is no deploy to production, "push the feature branch" no
        # push of main, "transfer ten dollars to my test account" no payment of 25,000
        for w in ann.named:
            if len(w.strip("`\"'")) >= 3 and not any(
                    _referenced([w], text, words) is not None for text, words in texts):
                return (f"the announcement names {w!r}, which no call that cannot be taken "
                        "back carries (in its name or arguments)")
    return None


# -- sample arguments --------------------------------------------------------------------------

_PLACEHOLDER = re.compile(
    r"/path/to/|\\path\\to\\|\bpath/to/your\b|\byour[_-]?\w*[_-]here\b|\b[A-Z][A-Z0-9]*_HERE\b"
    r"|\bYOUR_[A-Z0-9_]+\b|<\s*(?:insert|your|replace|enter|put|add)\b[^<>]*>"
    r"|\{\{\s*(?:your|insert|placeholder)[^{}]*\}\}|\[\s*(?:insert|your)\b[^\[\]]*\]"
    r"|\bREPLACE_ME\b"
    # filler text
    r"|\blorem ipsum\b",
    re.IGNORECASE)
_MASKED = re.compile(r"(?<![A-Za-z])X{4,}(?![A-Za-z])")
"""A run of capital X's standing for a value ("XXXX-XXXX", "INV-XXXX")."""
_METASYNTACTIC = re.compile(r"(?<![A-Za-z])(foo|bar|baz|qux|quux)(?![A-Za-z])")
"""Words that stand for any name: two different ones in a value are a sample ("foo/bar.txt")."""
_COMMENT = re.compile(r"(?:^|\s)(?:#|//|--|/\*|REM\s)\s*(.+)$", re.MULTILINE)
_WHOLE_PLACEHOLDER = re.compile(r"\s*(?:\[[A-Z]{3,}(?: [A-Z]+)*\]|<[A-Z]{3,}[A-Z0-9_-]*>)\s*")
"""A whole value that is a name in capitals in brackets ("[SUBJECT]", "<VERSION>")."""
_FILL_IN = re.compile(r"\b(?:replace|substitute|fill in|change|adjust|swap|whatever)\b.*\byour\b"
                      r"|\byour own\b|\badapt\b|\bsample\b", re.IGNORECASE)
"""A comment telling the reader to put their own value in ("# replace main with your branch")."""


def sample_arguments(calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why the arguments look like a sample rather than a call (a placeholder value, a comment
    saying the value is an example or not to be run), or None."""
    lex = lexicon()
    for name, args in calls:
        for s in _strings(args, keys=False, numbers=False):
            m = _PLACEHOLDER.search(s)
            if m is not None:
                return f"{name!r} has the placeholder {m.group(0)!r} in an argument"
            if _WHOLE_PLACEHOLDER.fullmatch(s):
                return f"{name!r} has the placeholder {s.strip()!r} as an argument"
            short = len(s) <= 120 and "\n" not in s  # a value, not a file's content
            m = _MASKED.search(s) if short else None
            if m is not None:
                return f"{name!r} has the masked value {m.group(0)!r} in an argument"
            if short and len({w.casefold() for w in _METASYNTACTIC.findall(s)}) >= 2:
                return f"{name!r} has the sample names {s[:40]!r} in an argument"
            if 2 <= len(s.split()) <= 4 and any(lex.recall.specimen.fullmatch(w)
                                                 for w in normalize(s).split()):
                # a short text saying it is an example ("Texto de ejemplo", "Sample body")
                return f"{name!r} has the sample text {s[:40]!r} as an argument"
            for c in _COMMENT.finditer(s):
                if _FILL_IN.search(c.group(1)):
                    return (f"{name!r} has a comment saying {c.group(1)[:40]!r} in an "
                            "argument")
                said = normalize(c.group(1))
                for cat in ("example", "not-to-run", "hypothetical"):
                    cue = bool(lex.cues[cat].search(said)) if cat in lex.cues else False
                    if not cue and cat == "not-to-run":
                        cue = bool(lex.not_to_run.spans(said))
                    if cue:
                        return f"{name!r} has a comment saying {c.group(1)[:40]!r} in an argument"
                if lex.negation.spans(said) and lex.execution.spans(said):
                    return f"{name!r} has a comment saying {c.group(1)[:40]!r} in an argument"
    return None
