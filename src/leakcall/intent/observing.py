"""The kinds of step that change nothing (read, list, search, fetch, compute): one set for the
readers of verbs (``actors``, ``relatives``, which ``words`` imports) and of calls (``kinds``),
the subset that only looks, and the kinds of step that cannot be taken back.
It imports nothing, so every module of the stage can read it."""

from __future__ import annotations

OBSERVING = frozenset({"read", "list", "search", "fetch", "compute"})
"""Kinds of step that change nothing: a reference in the announcement is enough."""

LOOKING = frozenset({"read", "list", "search"})
"""Kinds of step that only look at what is there (no fetch, no computation): an announced
fetch ("retrieve", "pull up") grounds a call of these alone (``grounding``), and an observing
call of these given no target is grounded as after a pronoun object (``untargeted``)."""

EVERY_NOUN_KINDS = frozenset({"deploy", "send", "pay", "delete", "commit"})
"""Kinds of step that cannot be taken back: a call of one carries every noun the announcement
names (``Announcement.named``), not just one; an imperative narrated after a sequencing adverb
takes none (``imperatives``)."""

QUIET = frozenset({"g-safeguard", "g-failed", "g-succeeded", "g-undo", "g-irreversible",
                   "g-step-noun"}) | {"g-version-major", "g-version-minor",
                                      "g-version-patch"}
"""Sections only an observation's reading of safeguards asks about (``safeguards``, by
``Tongue.has``): a word in one alone stays a word the lexicon does not know
(``Tongue.sections``), as "deaktiviert" in "Das Skript deaktiviert die Firewall."; so are the
parts of a version ``versions`` asks about ([g-version-*]: "minor", "patch")."""
