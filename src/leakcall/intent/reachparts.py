"""What the reach rules (``reach``, ``conditions``) read a call and its announcement by: the
command lines a call runs (``_lines``), the simple commands among them that change something
(``_changing_parts``), and whether the announcement names a word (``_named_by``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from .forcing import _shell_words
from .kinds import (
    OBSERVING,
    _command_values,
    _program_lines,
    command_kinds,
    commands,
)
from .preamble import Announcement
from .references import _unaccented
from .scope import _shell_uncommented, named_in

Named = Callable[[str], bool]


def _named_by(ann: Announcement, observed: bool = True) -> Named:
    said = [_unaccented(w) for w in (*ann.objects, *(ann.observed if observed else ()))]
    return partial(named_in, said)


def _lines(name: str, args: Mapping[str, Any]) -> list[str]:
    """The command lines a call runs: a program tool's (``kubectl(args="delete pods -A")``
    runs ``kubectl delete pods -A``), else the strings under its command keys."""
    return _program_lines(name, args) or _command_values(args)


def _changing_parts(name: str, args: Mapping[str, Any]) -> Iterable[tuple[str, list[str]]]:
    """(command, its words) of each simple command a call runs that changes something."""
    for value in _lines(name, args):
        for part in commands(_shell_uncommented(value)):
            if command_kinds(part) - OBSERVING:
                yield part, _shell_words(part)
