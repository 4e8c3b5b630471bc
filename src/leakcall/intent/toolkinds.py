"""The kinds of step a tool does, from the words of its name (else its description's lead verb,
else its parameters): ``tool_kinds``, ``description_kinds``, and the tables of ``kinds.txt`` they
read. ``kinds`` reads a call's kinds from them and from its commands and arguments.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from .hosted import unhosted
from .joined import JOINERS as _JOINERS
from .joined import unkinded_step
from .kindsfile import _kinds_file, section
from .memo import per_tool
from .named import _kind_table, _subcommand_named, name_words
from .observing import OBSERVING
from .programheads import verb_headed
from .records import looked_at
from .scriptnames import scripted
from .toolnouns import noun_kinds
from .waiting import polls


@cache
def _name_particles() -> frozenset[str]:
    """Tool-name words that make the word before them a phrasal verb of its own ([name-particle]
    in kinds.txt: ``check_out``, ``check_in``, ``sign_up``)."""
    return section("name-particle")


@cache
def _only_first() -> frozenset[str]:
    """Tool-name words that name a step only as the name's first word ([only-first] in
    kinds.txt): "book_flight" books, "address_book" does not."""
    return section("only-first")


@cache
def party_records() -> frozenset[str]:
    """[party-record]: nouns of a party a tool adds as a record of its own."""
    return frozenset(_kinds_file().get("party-record", ()))


UNKNOWN = "unknown"
"""The kind of a tool whose name says no kind the table knows."""


_TOOL_WORDS = frozenset({"tool", "tools", "function", "func", "fn", "take", "do", "have"})
"""Name words that say it is a tool, or a light verb that says nothing of the step
("take_screenshot" takes a screenshot)."""


_LAST_STEP = frozenset({"write", "delete", "pay", "create", "deploy", "commit", "install"})
"""Kinds a last name word adds after an observing first one (a sending word there is what is
read: "read_email", "get_post")."""


_NAMESPACED = re.compile(r"(?P<space>[A-Za-z][\w-]*?)__(?P<own>[A-Za-z][A-Za-z0-9-]*(?:_[A-Za-z0-9-]+)*)")
"""A tool name after a server's namespace (``mcp__ide__getDiagnostics``, ``news__get_all``)."""


@per_tool  # (a dozen readers of one reply ask for the same tool's kinds)
def tool_kinds(name: str, schema: Mapping[str, Any] | None = None,
               description: str | None = None) -> frozenset[str]:
    """The kinds of step a tool takes, from the words of its name (else of its description's
    lead verb, else of its parameters). A server's namespace before ``__`` names the server,
    not the step: the own name after it says the step, and a kind a namespace word says is
    kept (its words of no kind make no name of unknown kind)."""
    m = _NAMESPACED.fullmatch(name)
    if m is None:
        own = scripted(name)
        return _tool_kinds(own or name, schema, description)
    table = _kind_table()[0]
    return _tool_kinds(m.group("own"), schema, description) | frozenset(
        k for w in name_words(m.group("space")) for k in table.get(w, frozenset()))


def _tool_kinds(name: str, schema: Mapping[str, Any] | None,
                description: str | None) -> frozenset[str]:
    table: Mapping[str, frozenset[str]]
    table, sub = _kind_table()
    out: set[str] = set()
    words = unhosted(name_words(name), schema, table)  # "browser_get_text" reads (``hosted``)
    table = verb_headed(words, table)  # "ack_alert" acknowledges (``programheads``)
    first = table.get(words[0], frozenset()) if words else frozenset()
    joined = any(w in _JOINERS for w in words)
    if first and first <= OBSERVING and not joined:
        # verb-object naming ("get_order_status", "read_email"): an observing verb first
        # names the step, and the nouns after it what it reads; a changing verb last is a
        # step too ("search_replace", "status_update", "history_clear", "request_refund")
        last = words[-1] if len(words) > 1 else ""
        steps = {k for k in table.get(last, frozenset()) if k in _LAST_STEP
                 and last not in _only_first()}
        return first | (set() if looked_at(words, steps, description, table) else steps)
    if (pair := _subcommand_named(words)) is not None:
        # a program and its subcommand ("git_log"): its kind (arguments: ``_program_lines``)
        return frozenset({sub[pair]})
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
        said = description_kinds(description, schema) if description else None
        if said is not None:  # a joined step no table word names stays unknown
            return frozenset(out | said | unkinded_step(words, table))
        if polls(words):  # "TaskOutput": a running task's output, read (``waiting``)
            return frozenset({"read"})
        if not out and not (description or "").strip() and noun_kinds(words, table, schema) == {
                "compute"}:  # a name that is the reply itself, "structured_output" (``toolnouns``)
            return frozenset({"compute"})
        out.add(UNKNOWN)
    return frozenset(out)


_DESCRIPTION_WORD = re.compile(r"[A-Za-z]+")


_FIRST_SENTENCE = re.compile(r"(?<=[.!?])\s|\n")


@cache
def _leads() -> tuple[tuple[str, ...], ...]:
    """[description-lead] in kinds.txt: the words a description may open with before its verb
    ("Use this tool to"), longest first."""
    return tuple(sorted((tuple(x.casefold().split()) for x in _kinds_file().get(
        "description-lead", ())), key=len, reverse=True))


def _table_word(word: str, table: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """A description word's kinds: as written, or its third person ("gets", "fetches",
    "queries") read back to the verb."""
    w = word.casefold()
    for form in (w, w[:-1] if w.endswith("s") else "", w[:-2] if w.endswith("es") else "",
                 w[:-3] + "y" if w.endswith("ies") else ""):
        if form and form in table:
            return table[form]
    return frozenset()


def description_kinds(description: str, schema: Any = None) -> frozenset[str] | None:
    """The kinds of step a tool's description says it takes, or None when it opens with no verb
    the table knows and no noun phrase naming the tool ("A search engine", ``toolnouns``).
    Its first verb names the step; every other word of its first sentence that names a step
    that changes something adds that kind ("Gets rid of...", "Reads the file and deletes it"),
    except a sending word after an observing verb, which names what is read ("Fetches posts"),
    and the words of ``_LATER_NOUNS``."""
    table: Mapping[str, frozenset[str]]
    table, _ = _kind_table()
    # its first sentence says what it does; what follows is how (notes, limits, examples)
    words = _DESCRIPTION_WORD.findall(_FIRST_SENTENCE.split(description.strip(), 1)[0])
    folded = [w.casefold() for w in words]
    start = 0
    while True:
        lead = next((p for p in _leads() if tuple(folded[start : start + len(p)]) == p), None)
        if lead is None:
            break
        start += len(lead)
    if start >= len(words):
        return None
    table = verb_headed(folded[start:], table)  # "Ack an alert" acknowledges (``programheads``)
    first = _table_word(words[start], table) or noun_kinds(folded[start:], table, schema)
    if not first:
        return None
    out = set(first)
    for w in words[:start] + words[start + 1 :]:
        out |= {k for k in _table_word(w, table)
                if k not in _LATER_NOUNS and not (k == "send" and first <= OBSERVING)}
    return frozenset(out)


_LATER_NOUNS = OBSERVING | {"run", "test", "navigate"}
"""Kinds a description word after its verb does not add: there such a word is mostly a noun
of what the step reads or writes ("search code", "edits run in order", "the test suite")."""


def _numbers_only(schema: Mapping[str, Any]) -> bool:
    """Every parameter of the tool is a number (an arithmetic tool)."""
    props = schema.get("properties")
    if not isinstance(props, Mapping) or not props:
        return False
    return all(isinstance(v, Mapping) and v.get("type") in ("number", "integer")
               for v in props.values())
