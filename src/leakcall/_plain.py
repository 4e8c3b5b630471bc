"""Plain-text stand-ins for the two ``rich`` classes ``leakcall scan`` prints with, used when the
``pretty`` extra is not installed (the core install is lark + jsonschema only)."""

from __future__ import annotations

import sys
from typing import Any, Literal

__all__ = ["Console", "Table"]


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
