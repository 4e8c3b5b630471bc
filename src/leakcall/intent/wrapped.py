"""A written command run inside words the text does not write (round 60, h43c; rule
``ungrounded-call``, read from ``beyond.check`` for a run).

``commandscope`` holds a simple command whose program is that of a backticked command line of
the announcement to the words written after its program; this reader holds the words before
and around it: "I'll run `pytest -q`." is no ``CI=1 pytest -q``, ``nohup pytest -q``, ``env -i
pytest -q``, ``timeout 9999 pytest -q``, ``watch -n 0 pytest -q``, ``xargs -a t.txt make
test`` nor ``pytest -q &``:

- **a prefix**: a simple command of the call that runs the written program after other words
  (an assignment, a wrapper and its options; a shell's ``-c`` line is read as its own
  commands) refuses unless the text writes each of them; a runner that only runs the program in
  the project's environment, alone (``python -m``, ``uv run``, ``npx``: [runner] in
  kinds.txt), or an interpreter and the project script whose subcommand the text writes
  (``python manage.py`` before `migrate billing zero`), is the written command;
- **a background run**: a line that sends a command to the background (``&``, not ``&&`` nor
  a redirection) refuses unless the text says so ([g-manner-background]: "in the background",
  "im Hintergrund") or writes the ``&``.

Only a command the text writes in a code span is compared: "I'll run the tests." + ``cd repo
&& pytest -q`` writes none. A ``cd`` before the command and what its output is piped to are
other simple commands, read by the kinds of their own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .commandscope import _command_texts, _said_words
from .dispatch import RUN, reads
from .kinds import _runners, commands
from .looked import _split
from .manners import _pattern
from .preamble import Announcement
from .shellsplit import shell_words

__all__ = ["check"]

_BACKGROUND = re.compile(r"(?<![&>|<0-9])&(?![&>])")
"""A ``&`` that sends the command before it to the background: no ``&&``, ``2>&1``, ``&>``."""
_QUOTED = re.compile(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"")
_MODULE = frozenset({("python", "-m"), ("python3", "-m"), ("py", "-m")})


_SCRIPTING = re.compile(r"(?:python[\d.]*|py|node|php|ruby|perl|deno|bun)")
"""Interpreters that run a project script whose subcommand a text may write alone (``python
manage.py migrate`` for `migrate billing zero`); a shell is none (``bash x.sh``)."""


def _runner_only(prefix: Sequence[str]) -> bool:
    """The words before the program only run it in the project's environment, or are the
    project's own script it is a subcommand of (an interpreter and its script)."""
    low = [w.casefold() for w in prefix]
    if len(low) == 2 and (tuple(low) in _MODULE or (
            _SCRIPTING.fullmatch(low[0]) and not low[1].startswith("-"))):
        return True
    sub = _runners().get(low[0]) if low else None
    return sub is not None and low[1:] == ([sub] if sub else [])


def _at(raw: Sequence[str], program: str) -> int | None:
    """Where the call's words run ``program``."""
    return next((i for i, w in enumerate(raw) if w.casefold() == program), None)


def _prefix(part: str, programs: frozenset[str], said: frozenset[str]) -> str | None:
    """The first word before a written program in ``part`` that the text does not write."""
    try:
        raw = shell_words(part)
    except ValueError:
        raw = part.split()
    words = _split(part)
    if not raw or (words and words[0].casefold() in programs
                   and raw[0].casefold() == words[0].casefold()):
        return None  # the written program comes first: ``commandscope`` reads the rest
    at = next((i for p in programs if (i := _at(raw, p)) is not None and i > 0), None)
    if at is None or _runner_only(raw[:at]):
        return None
    return next((w for w in raw[:at] if w.strip("\"'").casefold() not in said), None)


@reads(RUN)  # the dispatch's declaration (``dispatch``)
def check(args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a run wraps the command the announcement writes in words it does not, or None."""
    if not runs:
        return None
    said, code = _said_words(ann)
    written = [w for c in code if len(w := _split(c)) > 1]
    if not written:
        return None
    programs = frozenset(w[0] for w in written)
    for text in _command_texts(args):
        for part in commands(text):
            extra = _prefix(part, programs, said)
            if extra is not None:
                return (f"the announcement writes the command {' '.join(written[0])!r}, and "
                        f"the call runs {part.strip()!r}, with {extra!r} before it, which the "
                        "announcement does not write: a written command is run as written")
        bare = _QUOTED.sub("''", text)
        if _BACKGROUND.search(bare) and not any("&" in c for c in code) \
                and not _pattern("g-manner-background").search(ann.text):
            return (f"the call runs {text.strip()!r} in the background, and the announcement "
                    "writes the command and says no such thing")
    return None
