"""h36q: the intent stage's per-table lists and prefilters answer as the walks they replace."""

from __future__ import annotations

import leakcall
from leakcall.intent import excluded, objects, stances
from leakcall.intent.kindsfile import section
from leakcall.intent.marklists import marked_words, place_terms, section_entries
from leakcall.intent.tables import tongues

TOOLS = [{"type": "function", "function": {
    "name": "read_file", "description": "Read a file.",
    "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}}]


def _leak(preamble: str, path: str) -> str:
    return (f"{preamble}\n<tool_call>\n"
            f'{{"name": "read_file", "arguments": {{"path": "{path}"}}}}\n</tool_call>')


def test_section_lists_are_the_walks_they_replace() -> None:
    for t in tongues():
        for sec in {s for s, _w in t.marks}:
            assert marked_words(t, sec) == tuple(w for s, w in t.marks if s == sec)
        for name in ("g-role-pair", "g-role-replace", "g-role-pair-after"):
            assert list(section_entries(t, name)) == [
                w for w, secs in t.words.items() if name in secs] + [
                " ".join(p) for p, secs in t.phrases.items() if name in secs]
        for w in ("file", "files", "folder", "directory", "dirname", "paths", "repo", "x"):
            assert objects._common(w, t) == any(
                meaning & objects._PLACES for term, meaning in t.concepts.items()
                if term == w or (len(term) >= 4 and w.startswith(term)))
        assert place_terms(t, objects._PLACES) is place_terms(t, objects._PLACES)


def test_a_stance_is_read_behind_its_alternation() -> None:
    cls = section("disbelief")
    longest = max(cls, key=len).rstrip("*")
    assert stances._said(f"Well, {longest}.", cls) is not None
    assert stances._said("Let me read the file.", cls) is None


def test_an_exclusion_is_found_after_the_prefilter_and_refuses() -> None:
    # refused: the excluded object is what the call reads; recovered: another one
    text = "Let me read the config (ignore `secrets.yaml`)."
    assert excluded.excluded(text) == ["secrets.yaml"]
    assert excluded.excluded("`x.py` は無視して、設定を読みます。") == ["x.py"]
    assert excluded.excluded("Let me read the config.") == []
    assert leakcall.recover(_leak(text, "secrets.yaml"), TOOLS).reason != "ok"
    assert leakcall.recover(_leak("Let me read `config.yaml`.", "config.yaml"),
                            TOOLS).reason == "ok"
