"""Plain text deltas shown as they came and handed to the stream machine later, in one step
(``PlainRun``): a paced stream's read of one clean text delta (issue 27, the proxy's CPU per
streamed request) costs a look at its characters, not a step through every layer of the repair
(the machine's ``push_plain``, the held text, the stream recoverer's ``feed_whole``).

The look is the stream recoverer's own test of a delta that follows text it took whole
(``StreamRecoverer.whole_test``, the test ``_whole_run`` makes where each delta of a run ends),
made on the recoverer's window as it will be when the delta comes: no character a match of its
special pattern starts with anywhere in the window (the recent text and the delta), and the
window ending in none of what its tail pattern finds. A delta that passes is one ``feed_whole``
takes whole, whatever else the recoverer holds as state, and so are all of a run of them, one
after the other (``feed_whole_many``): the machine, given the run, takes every text of it, as
it took each one in its own step (``Machine.push_plain``: nothing else reaches it between)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

__all__ = ["PlainRun", "WholeTest"]


@dataclass(frozen=True, slots=True)
class WholeTest:
    """What ``StreamRecoverer.feed_whole`` looks at for a delta after text it took whole: the
    characters a match of its special pattern starts with (``first``), what its tail pattern
    finds at the text's end (``short``), how many characters of the text before a delta its
    window holds (``span``), those characters now (``window``), and how many more characters it
    takes before its size limit (``room``)."""

    first: str
    short: tuple[str, ...]
    span: int
    window: str
    room: int


class PlainRun(Sequence[str]):
    """The texts of plain deltas passed as received, not yet pushed to the machine (``texts``,
    numbered from ``first`` when counted; the run is the sequence of them).

    Made (``after``) right after the machine took every text it was offered through
    ``push_plain``, from the machine's ``whole_test`` then. ``offer(text, counter)`` takes the
    next delta's text when it shows whole as things stand (see the module); ``push(machine)``
    hands the run to the machine before any other step of it: every text is taken, or the
    repair has a bug (``RuntimeError``). The recoverer, handed the run itself, takes its texts
    without testing them again when its test is still the one the run started from
    (``Holdback.feed_whole_many``): the run made that test, on the window it has now."""

    __slots__ = ("_first", "_next", "_room", "_short", "_span", "_window", "chars", "first",
                 "test", "texts")

    def __init__(self, test: WholeTest, counter: int | None) -> None:
        self.test = test  # the recoverer's test when the run started
        self._first, self._short, self._span = test.first, test.short, test.span
        self._window, self._room = test.window, test.room
        self._next = counter  # the counter the next delta must carry (None: not counted)
        self.first = counter
        self.texts: list[str] = []
        self.chars = 0  # characters in ``texts``

    @classmethod
    def after(cls, machine: Any, texts: Sequence[str], counter: int | None, taken: int
              ) -> PlainRun | None:
        """The run that may follow ``machine.push_plain(texts, counter)``, which took ``taken``
        of them: None unless it took all and the machine offers its test (``whole_test``)."""
        if taken != len(texts) or not taken:
            return None
        test = machine.whole_test()
        if test is None:
            return None
        return cls(test, None if counter is None else counter + taken)

    def offer(self, text: str, counter: int | None) -> bool:
        """Take ``text`` (a non-empty delta's, numbered ``counter``) when the recoverer would
        show it whole after the run: it is then passed as received."""
        if counter != self._next or len(text) > self._room or not text:
            return False
        window = self._window + text
        for ch in self._first:
            if ch in window:
                return False
        if window.endswith(self._short):
            return False
        span = self._span
        self._window = window[len(window) - span :] if len(window) > span else window
        self._room -= len(text)
        self.texts.append(text)
        self.chars += len(text)
        if counter is not None:
            self._next = counter + 1
        return True

    @property
    def window(self) -> str:
        """The recoverer's window once it took the run's texts."""
        return self._window

    def __len__(self) -> int:
        return len(self.texts)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        return self.texts[i]

    def push(self, machine: Any) -> None:
        """The run to ``machine`` (``push_plain`` of the run), which takes every text of it."""
        if self.texts and machine.push_plain(self, self.first) != len(self.texts):
            raise RuntimeError("leakcall: a plain run the stream machine did not take whole")
