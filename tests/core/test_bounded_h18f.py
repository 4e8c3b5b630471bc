"""Patterns bounded in h18f, beside the sweep's differential and end-to-end checks in
``test_pathological``: the cases those do not pin."""

from __future__ import annotations

import re
import time

from leakcall.intent import linekinds, removal


def test_a_step_of_sed_is_tried_once_per_run_of_line_breaks() -> None:
    """A run of line breaks is read from its start only (each break a separator): 50,000 of
    them cost what one pass costs, and a step after them is still found."""
    text = ";" + "\n" * 50_000 + "x"
    t = time.thread_time()
    assert not list(removal._SED_STEP.finditer(text))
    assert time.thread_time() - t < 0.2
    m = next(removal._SED_STEP.finditer("/a/d\n  \n \n/print/d"), None)
    assert m is not None and m["addr"] == "/a/"
    assert [m["addr"] for m in removal._SED_STEP.finditer("/a/d\n  \n \n/print/d")] == ["/a/", "/print/"]


def test_an_import_from_no_module_keeps_its_two_blanks() -> None:
    """``from\\s+\\.*[\\w.]*\\s+import``: an empty module name needs two blanks, as before."""
    old = re.compile(r"from\s+\.*[\w.]*\s+import\s+(?:\(\s*)?[\w\s,.*]*(?:\\)?")
    for text in ("from import x", "from  import x", "from . import x", "from .  import x",
                 "from import import x", "from a import (x", "from\timport x", "from \t import x"):
        assert bool(linekinds._PY_IMPORT.fullmatch(text)) == bool(old.fullmatch(text)), text
