"""Where a call acts, in a structured key (h20b; blind round 46 gap 2, rule ``ungrounded-call``,
read from ``beyond.check`` for looks and changes alike).

``runcontext`` reads where a command runs (``--settings``, ``NODE_ENV=production``, a ``cd``
elsewhere) and ``readscope`` where a read takes its scope (``kubectl -n``, ``database:`` where
the text names one). A tool may take the same choice as a key of its own: the context,
cluster, region, host or database it acts in, whom it acts as, the root its paths hang from,
a selector choosing which things it acts on. "I'll delete the failed pod `api-7f9c` in the
staging namespace." + ``context: prod-cluster`` deletes in production; "Let me read
`config/settings.yaml`." + ``host: prod-db-1`` reads another machine's file, ``as_user:
root`` reads as root, ``root: "/"`` reads from the file system's root. Such a key states its
choice, as the text does:

- **a place** (a key whose head word, a trailing ``name`` or ``id`` aside, is of
  [keys-run-place]: ``context``, ``kube_context``, ``region``, ``host``, ``db_host``,
  ``database``): its value is written in the text or named by a word of it (``scope.named_in``;
  production only where the text names production, as ``readscope`` reads it), or is a neutral
  one ([place-default]: ``default``, ``localhost``). A key whose head word is a word of the
  tool's own name (``drop_database``'s ``database``) is what the call acts on, read by the
  target rules; ``db_path`` is a path, not a place;
- **an identity** ([keys-run-as]: ``as_user``, ``run_as``, ``impersonate``): its value is one
  the text names; a switch of one set on (``sudo: true``, ``as_root: true``) is said by the
  text in its own words;
- **a root** ([keys-run-root]: ``root``, ``chroot``, ``base_dir``): an absolute, home or
  climbing directory is written by the text (``root: "/"`` for "read `config/settings.yaml`");
  a relative one inside the tree is the task's own;
- **a label selector** ([keys-run-selector]: ``selector``, ``label_selector``) written as one
  (``app=api``, ``tier in (web)``) has each value named by the text: "the pod `api-7f9c`" is
  no ``app=api`` (every api pod). A page's CSS selector (``button#sign-in``) is no label
  selector and is left alone.

A place's or an identity's value holding a space, or under a key of a note or of prose
([keys-prose]), is text, not a place (``additionalContext: "DeepSeek V4 ..."``). The word
classes say which keys choose where a call acts, never which values are accepted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words
from .kindsfile import section
from .paths import outside_tree
from .preamble import Announcement
from .readscope import _named
from .references import _referenced, _unaccented
from .values import names_production
from .walk import _leaves
from .written import writes

__all__ = ["acting_as", "check"]

_NAMING = frozenset({"name", "id"})
"""Trailing key words that say which one of the head noun before them (``host_name``)."""
_TERM_OP = re.compile(r"[\w./-]+[ \t]*(?:==|!=|=)[ \t]*[\w.-]*|[\w./-]+[ \t]+(?:not)?in[ \t]*\([^()]*\)")
"""A term of a label selector that picks values (``app=api``, ``tier in (web, worker)``)."""
_TERM_HAS = re.compile(r"!?[\w./-]+")
"""A term that asks only that a label exist (``!canary``)."""
_SELECTED = re.compile(r"!?==?\s*[\w.-]+|\([^)]*\)")
"""The values a selector's terms pick (``=api``, ``(web, worker)``)."""
_TERM = re.compile(r"[\w.-]+")


def _label_selector(value: str) -> bool:
    """The value is written as a label selector: terms joined by commas outside parentheses,
    each one that picks values or asks a label to exist, at least one picking values."""
    terms, depth, start = [], 0, 0
    for i, c in enumerate(value):
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            terms.append(value[start:i].strip())
            start = i + 1
    terms.append(value[start:].strip())
    picks = [bool(_TERM_OP.fullmatch(t)) for t in terms]
    return any(picks) and all(p or _TERM_HAS.fullmatch(t) for p, t in zip(picks, terms, strict=True))


def _head(words: Sequence[str]) -> str:
    """The key's head noun: its last word, a trailing ``name`` or ``id`` aside."""
    rest = list(words)
    while len(rest) > 1 and rest[-1] in _NAMING:
        rest.pop()
    return rest[-1] if rest else ""


def _place_key(words: Sequence[str], head: str, places: frozenset[str],
               own: frozenset[str]) -> bool:
    """The key names where a call acts (h22e): its head word is of [keys-run-place], or
    another word of it is (``org_slug``, ``workspace_ref``, ``vhost_path``), no word of the
    tool's own name (``wipe_space``'s ``space_id`` is what it wipes), while its head is no
    word of what a call changes ([keys-target]: ``db_path`` is a path)."""
    if head in places:
        return True
    return head not in _keys("target") and any(w in places and w not in own for w in words)


def acting_as(words: Sequence[str]) -> bool:
    """The key (its words) says whom a call acts as ([keys-run-as], the one reader of that
    class; ``httplooks`` reads a look's keys by it): a run of its words joined by a space is
    an entry (``as_user``, ``x_run_as``), or a word of it is (``impersonate``, ``principal``)."""
    identities = _keys("run-as")
    longest = max((e.count(" ") + 1 for e in identities), default=0)  # runs no longer (linear)
    return any(" ".join(words[i:i + n]) in identities
               for i in range(len(words)) for n in range(1, longest + 1) if i + n <= len(words))


def _said(ann: Announcement) -> list[str]:
    return [_unaccented(w) for w in (*ann.objects, *ann.observed)]


def _written(value: str, ann: Announcement) -> bool:
    """The text (or an observation) writes the value whole (``written.writes``), or the value
    is a neutral one."""
    return value.strip().casefold() in section("place-default") or writes(value, ann)


def _stated(value: str, ann: Announcement, said: Sequence[str]) -> bool:
    """The text writes the value, or a word of it names it (production only where it names
    production), or the value is a neutral one."""
    return _written(value, ann) or _named(value, said, names_production(ann))


def _switch_said(words: Sequence[str], ann: Announcement) -> bool:
    said = [*ann.objects, *ann.observed, *(v for v, _k in ann.verbs)]
    return _referenced(said, " ".join(words), frozenset(words)) is not None


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a call acts in a place, as an identity, from a root or on a selection the text
    neither writes nor names, or None (module doc)."""
    own = frozenset(name_words(name))
    said = _said(ann)
    places, roots, selectors = _keys("run-place"), _keys("run-root"), _keys("run-selector")
    for key, leaf in _leaves(args):
        words = name_words(str(key))
        if not words:
            continue
        head = _head(words)
        # prose, no place: a place or an identity is one token
        prose = isinstance(leaf, str) and (any(c.isspace() for c in leaf.strip())
                                           or bool(set(words) & _keys("prose")))
        if acting_as(words):
            if leaf is True and not _switch_said(words, ann):
                return (f"{name!r} sets {key!r} to true, acting as another identity, which "
                        "the announcement does not say")
            if isinstance(leaf, str) and leaf.strip() and not prose \
                    and not _stated(leaf, ann, said):
                return (f"{name!r} acts as {leaf.strip()[:40]!r} ({key!r}), whom the "
                        "announcement does not name")
            continue
        if not isinstance(leaf, str) or not leaf.strip():
            continue
        value = leaf.strip()
        if head in own:
            continue  # the call's own object (``drop_database``'s ``database``)
        if _place_key(words, head, places, own) and not prose and not _stated(value, ann, said):
            return (f"{name!r} acts in {value[:40]!r} ({key!r}), a place the announcement "
                    "neither writes nor names")
        if (head in roots or "".join(words) in roots) and outside_tree(value) \
                and not _written(value, ann):
            return (f"{name!r} takes {value[:40]!r} ({key!r}) as its root, a directory the "
                    "announcement does not write")
        if head in selectors and _label_selector(value):
            terms = [t for m in _SELECTED.finditer(value)
                     for t in _TERM.findall(m[0].lstrip("!="))]
            if not all(
                    _stated(t, ann, said) for t in terms):
                return (f"{name!r} selects {value[:40]!r} ({key!r}), which the announcement "
                        "does not name")
    return None
