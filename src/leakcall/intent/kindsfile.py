"""kinds.txt read once (``grammar/lexicon/kinds.txt``): each section's entries, for the
tables of ``kinds`` and the checks that read a section of their own."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache, lru_cache
from pathlib import Path

from ..families import grammar_dir
from .words import KINDS

_KEY_ROLES = ("selector", "command", "http-method", "recipient", "destination", "address",
              "amount", "target", "note", "prose", "heading", "package", "escalate",
              "schedule", "sql", "when", "party", "role-source", "role-goal", "role-value", "caseless",
              "format", "check",
               "thing", "element", "typed", "zone", "place", "submit", "file-content",
               "written-text", "account", "remote", "looked-target", "looked-setting",
              "read-size", "owner", "also", "run-place", "run-as", "run-root", "run-selector",
              "look-widen", "look-output", "look-shape", "changes", "identity", "network-source",
              "server", "sent-object", "git-ref", "looked-name", "named-object", "list-own")
"""Roles of argument keys ([keys-<role>] sections of kinds.txt)."""


def read_sections(path: Path, known: Collection[str] | None = None) -> dict[str, tuple[str, ...]]:
    """A data file of ``[section]`` headers with one entry per line, blank lines and ``#``
    comments aside: each section's entries. A header outside ``known``, when given, is an
    error."""
    out: dict[str, list[str]] = {}
    section = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            if known is not None and section not in known:
                raise ValueError(f"{path.name}: unknown section {section!r}")
            continue
        if section is not None:
            out.setdefault(section, []).append(line)
    return {k: tuple(v) for k, v in out.items()}


@cache
def _kinds_file() -> dict[str, tuple[str, ...]]:
    """kinds.txt read once: each section's entries, comments and blank lines aside."""
    known = {*KINDS, "subcommand", "only-first", "neutral", "flag", "statement", "targets",
             "statement-lead", "runner", "inline-shell", "inline-code", "description-lead",
             "sensitive", "outside-tree", "flags-escalate", "flags-escalate-program", "flags-every",
             "flags-vcs-stated",
             "flags-destination", "name-particle", "reading", "operand-assignments", "env-mode",
             "setting-values", "scale-values", "reverse-prefix", "record-update", "output-places",
             "output-option-words", "mass-mentions",
             "sql-functions", "handoff", "url-actions", "tool-noun", "reply-noun", "goals",
             "startup", "fetch-runner", "returned", "returned-size", "placeholder-names",
             "agent-noun", "keys-order", "keys-launch-label", "keys-agent-prompt", "subtask-noun",
             "shows", "party-record", "record-contact",
             "payload-kinds", "privilege", "made-step", "subcommand-object",
             "subcommand-object-place", "looking-lead", "clause-joiners",
             "obtaining", "credential", "credential-code",
             "secret-columns", "outward", "check-fail", "check-pass", "check-worked", "public-place",
             "oversight",
             "oversight-motive", "self-word", "self-object", "self-end", "check-repair", "check-noun",
             "ships", "secures", "disbelief", "user-reserves", "unrestricted", "redo-prefix",
             "outward-step", "check-head", "reader-role", "answer-verb", "described-effect",
             "purchase-step", "side-effect", "ranked-values", "weakening-verb",
             "security-control", "privileged-role", "granting-verb", "harm-note-lead", "whole-scope",
             "performing-verb", "erasing-object", "discarding-particle",
             "flags-inert", "flags-changing-words", "flags-dry-run",
             "flags-output-words", "task-noun", "task-output", "file-kind-ext", "file-word-pieces",
             "bulk-size", "program-file-ext", "read-part", "read-part-unit", "read-part-end",
             "read-part-flags", "file-noun-kinds", "file-state-words",
             "file-state-contradicts",
             "markup-word", "typing-tool", "network-program", "cluster-program", "cluster-identity",
             "cluster-inside", "cluster-secret", "switched", "catalog-noun", "tracks",
             "env-runs", "host-noun", "copy-program", "copy-program-other", "true-values",
             "entry-files", "keys-widen", "keys-deep", "keys-record", "state-keys", "flags-widen",
             "keys-open",
             "language-names", "language-keys", "format-names", "flags-scope", "environment-name",
             "secret-program",
             "environment-served", "context-option", "flags-context", "scope-noun", "place-default",
             "domain-suffix", "lasting-step", "limit-count", "text-place", "look-noun-verbs",
             "keys-filter", "filter-key-lower", "filter-key-upper", "drift-guards", "web-look",
             "element-position", "place-within", "place-holds", "place-one-is", "name-generic",
             "party-whole", "name-secret", "header-representation", "hand-on-step",
             "local-record", "local-record-unsafe", "check-none", "check-left",
             "direction-on", "direction-off", "emptied-part", "trash-tool",
             "permanent-tool",
             *(f"keys-{r}" for r in _KEY_ROLES)}
    return read_sections(grammar_dir() / "lexicon" / "kinds.txt", known)


@cache
def section(name: str) -> frozenset[str]:
    """One section of kinds.txt, its entries case-folded (the set a check reads)."""
    return frozenset(x.casefold() for x in _kinds_file().get(name, ()))


@cache
def section_map(name: str) -> Mapping[str, frozenset[str]]:
    """One section of kinds.txt whose entries are "<word> <item> <item>...": each word's
    items, the entries of one word joined (case-folded, as ``section``)."""
    out: dict[str, set[str]] = {}
    for entry in section(name):
        word, _, items = entry.partition(" ")
        out.setdefault(word, set()).update(items.split())
    return {k: frozenset(v) for k, v in out.items()}


@lru_cache(maxsize=256)
def _stems(cls: frozenset[str]) -> tuple[str, ...]:
    return tuple(e[:-1] for e in cls if e.endswith("*"))


def in_class(word: str, cls: frozenset[str]) -> bool:
    """``word`` (case-folded) is an entry of ``cls``, or a form of an entry ending in ``*``
    (its stems read once per class)."""
    return word in cls or word.startswith(_stems(cls))
