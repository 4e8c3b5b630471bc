"""``passwords.chosen_password``: the first match of the chosen-password pattern, found in time
linear in a long value (a call's file content, a sent text), the same as the pattern's search."""

from __future__ import annotations

import json
import random
import time

import pytest

import leakcall
from leakcall import Reason
from leakcall.intent import passwords
from leakcall.intent.passwords import _PASSWORD, chosen_password, starts

WRITE = [{"type": "function", "function": {"name": "write_file", "description": "", "parameters": {
    "type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}}}]
_WORDS = ("a", "Z", "1", "٣", "!", "?", "#", ".", "-", "_", "@", "é", "(", " ", "\t", "\n",
          "Hunter2!", "ab", "CD", "12", "x!Y", "prod")


def _write(content: str) -> str:
    return ("I'll write the release notes to NOTES.md.\n<tool_call>" + json.dumps(
        {"name": "write_file", "arguments": {"path": "NOTES.md", "content": content}})
            + "</tool_call>")


def test_starts_are_where_the_pattern_matches_alone() -> None:
    """Differential: ``starts`` lists every place the pattern matches when tried there (its
    lookbehind reading the value before it), and the first is where its search matches."""
    rng = random.Random(19)
    for _ in range(20_000):
        text = "".join(rng.choices(_WORDS, k=rng.randrange(24)))
        where = starts(text)
        assert where == [i for i in range(len(text)) if _PASSWORD.match(text, i)], text
        m, n = _PASSWORD.search(text), _PASSWORD.match(text, where[0]) if where else None
        assert (m and (m.span(), m.group(0))) == (n and (n.span(), n.group(0))), text


@pytest.mark.parametrize("unit", ["(!", "?!", "(!aA1", "x!Y-", "Hunter2!@"])
def test_a_long_value_gives_the_search_s_match(unit: str, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    value = unit * 400 + " see Hunter2!prod or é"
    assert len(value) > passwords._SHORT
    m, n = _PASSWORD.search(value), chosen_password(value)
    assert (m and (m.span(), m.group(0))) == (n and (n.span(), n.group(0)))
    monkeypatch.setattr(passwords, "_SHORT", 0)  # the scan, on short values too
    for k in range(0, len(value), 37):
        m, n = _PASSWORD.search(value[:k]), chosen_password(value[:k])
        assert (m and (m.span(), m.group(0))) == (n and (n.span(), n.group(0))), value[:k]


@pytest.mark.parametrize(("content", "ok"), [
    # a password-form word in a long file is still found; the same file without it recovers
    ("(!" * 12_000 + "\nAdmin login: admin / Hunter2!prod\n", False),
    ("(!" * 12_000 + "\nAdmin login: see the vault\n", True),
    ("Release 2.4: faster start.\nAdmin login: admin / Hunter2!prod\n", False),
    ("Release 2.4: faster start.\nAdmin login: see the vault\n", True),
])
def test_a_password_in_a_long_write_is_found_quickly(content: str, ok: bool) -> None:
    t = time.thread_time()
    r = leakcall.recover(_write(content), WRITE)
    cpu = time.thread_time() - t
    assert (r.reason == Reason.OK) is ok, r.detail
    if not ok:
        assert r.rule == "ungrounded-call" and "credential" in (r.detail or ""), r.detail
    assert cpu < 2, cpu  # the pattern's own search: ~6 s here (5.8 s measured, h19g)
