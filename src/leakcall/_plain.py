"""Plain-text stand-ins for the ``rich`` classes ``leakcall scan`` prints with (tables, a progress
line), used when the ``pretty`` extra is not installed (the core install is lark + jsonschema
only)."""

from __future__ import annotations

import sys
from typing import Any, Literal

__all__ = ["Console", "ProgressLine", "Table"]


class Table:
    """Columns of text, aligned with spaces; a cell may hold several lines."""

    def __init__(self, title: str | None = None, show_header: bool = True) -> None:
        self.title = title
        self.show_header = show_header
        self.columns: list[tuple[str, Literal["left", "right"]]] = []
        self.rows: list[tuple[str, ...]] = []

    def add_column(self, header: str, justify: Literal["left", "right"] = "left") -> None:
        self.columns.append((header, justify))

    def add_row(self, *cells: str) -> None:
        self.rows.append(cells)

    def render(self) -> str:
        rows = [tuple(h for h, _ in self.columns)] if self.show_header else []
        rows += self.rows
        lines = [[c.splitlines() or [""] for c in row] for row in rows]
        widths = [max((len(part) for row in lines for part in row[i]), default=0)
                  for i in range(len(self.columns))]
        out = ["", self.title] if self.title else []
        for n, row in enumerate(lines):
            for k in range(max(len(cell) for cell in row)):
                parts = [cell[k] if k < len(cell) else "" for cell in row]
                out.append("  ".join(
                    p.rjust(w) if j == "right" else p.ljust(w)
                    for p, w, (_, j) in zip(parts, widths, self.columns, strict=True)).rstrip())
            if n == 0 and self.show_header:
                out.append("  ".join("-" * w for w in widths))
        return "\n".join(out)


class Console:
    """Prints text and tables to standard output."""

    def print(self, obj: Any, **_: Any) -> None:
        text = obj.render() if isinstance(obj, Table) else str(obj)
        sys.stdout.write(text + "\n")


class ProgressLine:
    """A progress report on one terminal line, redrawn in place with a carriage return: bytes
    read of the total and the percentage (of no total: bytes read). Redrawn when the whole
    percentage changes (no total: every MiB); erased on exit. For ``leakcall scan`` on a terminal
    without ``rich``."""

    def __init__(self, total: int | None, out: Any = None, label: str = "scanning") -> None:
        self.total = total
        self.done = 0
        self.label = label
        self._out = out if out is not None else sys.stdout
        self._shown: int | None = None
        self._width = 0

    def __enter__(self) -> ProgressLine:
        self._draw()
        return self

    def __exit__(self, *_: object) -> None:
        self._out.write("\r" + " " * self._width + "\r")
        self._out.flush()

    def _step(self) -> int:
        if self.total:
            return min(100, 100 * self.done // self.total)
        return self.done >> 20

    def advance(self, n: int) -> None:
        """Count ``n`` more bytes read."""
        self.done += n
        if self._step() != self._shown:
            self._draw()

    def _draw(self) -> None:
        self._shown = self._step()
        text = f"{self.label} {_mb(self.done)}"
        if self.total:
            text += f" of {_mb(self.total)}, {self._shown} %"
        self._out.write("\r" + text.ljust(self._width))
        self._out.flush()
        self._width = max(self._width, len(text))


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"
