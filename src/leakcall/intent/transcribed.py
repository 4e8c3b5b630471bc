"""A step written down is not a step taken (issue 25, rule ``ungrounded-call``).

"I'll write the steps in the handover note: create the `reports` schema." announces one step,
a write of the note: what its colon spells out is what the note will say, not a step of the
assistant's own. So is "update the README: ...", "add to the checklist: ...", "draft an email:
...", "把步骤写在文档里：...", "update the runbook - create ...": an announcement whose steps
a colon ending it or a dash inside it spells out, with a verb of a step that writes (kind
``write`` or ``create``) and, before them, a carrier of words ([g-carrier]: note, README,
runbook, ticket, checklist, comment, email, wiki, 文档, nota, Notiz; an English one borrowed in
Latin letters, "el README") or a file of text for reading (``handover.md``).

- ``phrase`` (preamble): the words that name each such container, the carrier and the nouns of
  the announcement right before it ("handover note") or a code token right after it ("ticket
  `OPS-12`");
- ``written`` (preamble): those words, without the words the steps spelled out say
  (a container named by the step it holds, "the reports note: create the reports schema", is
  named by no word of its own);
- ``taken`` (grounding): a call that changes something and carries no word of any such
  container (in its name, keys or values) is no write of it: it takes a step only written
  down. A call that writes the container with the steps as its text (``write_file`` of
  ``handover.md``, ``add_comment`` on the ticket, ``edit_file`` of ``README.md``) carries one.

A step of another kind after the colon ("update the changelog with the upgrade step: run
`alembic upgrade`") is refused before, in the preamble: the announcement does not take it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .announcement import Announcement
from .references import _referenced
from .tables import english
from .words import Token, Tongue

__all__ = ["phrase", "taken", "written"]

_WRITING = frozenset({"write", "create"})
"""Kinds of a verb whose step puts text into a container ("write", "update", "add", "draft")."""

_DOCUMENTS = frozenset({"md", "markdown", "txt", "rst", "adoc", "org", "doc", "docx", "odt",
                        "rtf"})
"""Extensions of a file of text for reading: the file is a container as a note is."""

_NOUNS = frozenset({"OPEN", "CODE"})
"""Token classes a container's name is made of."""

Lead = tuple[Announcement, tuple[str, ...]]
"""An announcement that writes a container, whose steps it spells out, and its words."""


def _carrier(word: str, t: Tongue) -> bool:
    """The word is a carrier of words of the sentence's language, or its plural ("notes",
    "tickets"); or, written in Latin letters, an English one, which other languages borrow
    ("el README", "das Wiki", "工单里的 ticket")."""
    w = word.strip("`\"'").casefold()
    return any(x.has(w, "g-carrier") or (w.endswith("s") and x.has(w[:-1], "g-carrier"))
               for x in (t, *((english(),) if w.isascii() else ())))


def _document(word: str) -> bool:
    """The word names a file of text for reading ("handover.md", ``docs/NOTES.txt``)."""
    last = word.strip("`\"'").rsplit("/", 1)[-1]
    return "." in last.strip(".") and last.rpartition(".")[2].casefold() in _DOCUMENTS


def _dashed(tokens: Sequence[Token], t: Tongue) -> int | None:
    """Where a dash spells out a step of the clause before it ("update the runbook - create
    ..."), as a colon does: a dash before a verb of a known kind; else None."""
    return next((k for k in range(1, len(tokens) - 1) if tokens[k].kind == "DASH"
                 and tokens[k + 1].kind == "OPEN" and t.kind_of(tokens[k + 1].text)
                 not in (None, "generic")), None)


def phrase(tokens: Sequence[Token], t: Tongue, said: Announcement, spelled: bool) -> list[Lead]:
    """The container an announcement writes whose steps a colon (``spelled``) or a dash spells
    out, with its words (those after a dash aside, its content); empty when no verb before
    them writes or no carrier of words or file of text is named there."""
    dash = _dashed(tokens, t)
    if dash is None and not spelled:
        return []
    head, content = (tokens, []) if dash is None else (tokens[:dash], tokens[dash + 1 :])
    verbs = {v.casefold() for v, k in said.verbs if k in _WRITING}
    if not verbs & {x.text.casefold() for x in head}:
        return []
    own = {w.casefold() for w in said.named}
    words: list[str] = []
    for k, x in enumerate(head):
        if x.kind not in _NOUNS or x.text.casefold() in verbs or not (
                _carrier(x.text, t) or _document(x.text)):
            continue
        start = k
        # the nouns before it in its phrase ("handover note"); no verb, no common word
        while start > 0 and head[start - 1].kind in _NOUNS and \
                head[start - 1].text.casefold() in own - verbs:
            start -= 1
        end = k + 1
        while end < len(head) and head[end].kind == "CODE":  # "ticket `OPS-12`"
            end += 1
        words.extend(y.text for y in head[start:end] if y.text not in words)
    kept = tuple(w for w in words if not any(_same(w, y.text) for y in content))
    return [(said, kept)] if words else []


def _same(a: str, b: str) -> bool:
    """Two words name the same thing, by the stem a call's words are found by ("notes")."""
    x, y = a.strip("`\"'").casefold(), b.strip("`\"'").casefold()
    return _referenced([x], y, frozenset({y})) is not None or \
        _referenced([y], x, frozenset({x})) is not None


def written(leads: Sequence[Lead], parts: Sequence[Announcement]) -> tuple[tuple[str, ...], ...]:
    """The words of each container written, without those of the announcements after it (its
    content); a container each of whose words its content says has none left (an empty
    group: then no call writes it)."""
    out: list[tuple[str, ...]] = []
    for said, words in leads:
        # the lead as the preamble left it (a quotation after its colon adds to its objects)
        at = next((k for k, p in enumerate(parts) if (p.verbs, p.heads) == (said.verbs, said.heads)),
                  -1)
        content = [w for p in parts[at + 1 :] for w in (*p.objects, *p.named)]
        out.append(tuple(w for w in words if not any(_same(w, c) for c in content)))
    return tuple(out)


def taken(name: str, ann: Announcement, text: tuple[str, frozenset[str]]) -> str | None:
    """Why a call that changes something takes a step the announcement only writes down into
    a container (no word of one is in the call's text), or None."""
    if not ann.written or any(_referenced(group, text[0], text[1], ann.tongues) is not None
                              for group in ann.written if group):
        return None
    where = " or ".join(repr(" ".join(g)) for g in ann.written if g) or "a text its content names"
    return (f"{name!r} takes a step the announcement only writes down: the steps its colon or "
            f"dash spells out are what it writes into {where}, and the call writes no such "
            "container (a step written down is not a step taken)")
