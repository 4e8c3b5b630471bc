"""A program's name at the head of a longer tool name, where it is an English verb of a change
(r46 gaps ``r46-atk-173``/``-175``, h21a; read by ``toolkinds.tool_kinds``).

The observing sections of kinds.txt hold program names beside verbs, so that a command's
program says its step (``ack``, the grep-like search program; ``free``, the memory report).
Some of them are also English verbs of a change, which [url-actions] lists with their kind
(``ack = write``, ``free = write``). A tool named by such a word before a noun is that verb
and its object (``ack_alert`` acknowledges an alert, ``free_ip`` releases an address), not the
program run on something: there the word says no kind, and the name's other words, its
description or, when none says one, the unknown kind of a change name the step, so that the
readers of a change look at its arguments. The program reading stays where the tool is that
program: a name that is the program alone (``ack``) and a command's program (``kinds``' command
readers never come here).

So is a look noun that is also a verb of a change ([look-noun-verbs]: "file", "log") at the head
of a name whose other words the table does not read, the object it acts on: ``file_report``
files a report and ``log_expense`` records an expense (h24f), not a look at a file or a log;
``file_search`` and ``log_query`` keep their reading (their other word says the step)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from .kindsfile import section
from .methods import _url_actions
from .observing import OBSERVING

__all__ = ["verb_headed"]


class _Without(Mapping[str, frozenset[str]]):
    """The kind table without one word."""

    def __init__(self, table: Mapping[str, frozenset[str]], word: str) -> None:
        self._table, self._word = table, word

    def __getitem__(self, key: str) -> frozenset[str]:
        if key == self._word:
            raise KeyError(key)
        return self._table[key]

    def __iter__(self) -> Iterator[str]:
        return (k for k in self._table if k != self._word)

    def __len__(self) -> int:
        return len(self._table) - (self._word in self._table)


def verb_headed(words: Sequence[str], table: Mapping[str, frozenset[str]]
                ) -> Mapping[str, frozenset[str]]:
    """``table`` without the name's head word when it heads a longer name, the table reads it
    as an observing program and [url-actions] as a verb of a change, or it is a look noun of
    [look-noun-verbs] before words the table does not read (module doc); else ``table`` as it
    is."""
    if len(words) < 2:
        return table
    head = words[0]
    kinds = table.get(head)
    if kinds and head in section("look-noun-verbs") and not any(w in table for w in words[1:]):
        return _Without(table, words[0])  # (the noun's verb: "file_report")
    verb = _url_actions().get(head)
    if not kinds or not kinds <= OBSERVING or verb is None or verb in OBSERVING:
        return table
    return _Without(table, head)
