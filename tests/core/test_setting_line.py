"""guessedvalue's setting line is read by a possessive head pattern and the rest of the line
(no pattern holding the value: that one backtracked quadratically on a long blank run). The
reading is the same as the old single pattern's groups, on random lines and on pumped ones."""

from __future__ import annotations

import random
import re
import time

from leakcall.intent import guessedvalue

_OLD = re.compile(r"""^\s*["']?([A-Za-z_][\w.-]*)["']?\s*([:=])\s*(.*?)\s*,?\s*$""")


def _old_setting(line: str) -> tuple[str, str, str] | None:
    if "\n" in line.strip():
        return None
    m = _OLD.match(line)
    return None if m is None else (m[1], m[2], m[3].strip().strip("\"'"))


def test_the_same_reading_as_the_single_pattern() -> None:
    alphabet = ["a", "K", "_", ".", "-", '"', "'", " ", "\t", "\n", "\r", ",", ":", "=", "1",
                "v", "\u00a0", "é", "\x0b"]
    rng = random.Random(7)
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
             for _ in range(40_000)]
    lines += ["port: 80", "PORT = 8080,", ' "host" : "db-2" , ', "timeout=30\n", "k: ,", "k:"]
    assert [guessedvalue._setting(x) for x in lines] == [_old_setting(x) for x in lines]
    assert guessedvalue._setting("port: 8080 ,  ") == ("port", ":", "8080")


def test_a_long_blank_run_is_read_in_linear_time() -> None:
    for line in ("k: a" + " " * 50_000 + "b", '"A." : a' + " " * 50_000):
        start = time.process_time()
        guessedvalue._setting(line)
        assert time.process_time() - start < 0.5
