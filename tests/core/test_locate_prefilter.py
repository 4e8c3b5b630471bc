"""The substring prefilter of ``locate.segments``: a text holding none of
``_TAG_KEYS`` holds no reasoning tag, so skipping the tag searches changes nothing."""

from __future__ import annotations

from leakcall import locate


def test_every_reasoning_tag_holds_a_key() -> None:
    for pair in locate.REASONING_TAGS:
        for tag in pair:
            assert any(k in tag for k in locate._TAG_KEYS), tag


def test_a_tag_without_a_known_piece_becomes_its_own_key() -> None:
    assert locate._tag_keys({"<think>", "<reflect>"}, ("hink",)) == ("hink", "<reflect>")


def test_segments_with_and_without_tags() -> None:
    assert locate.segments("plain <b>text</b>") == (locate.Segment(0, 17, False),)
    assert locate.segments("") == (locate.Segment(0, 0, False),)
    text = "<think>\nplan\n</think>\n<tool_call>"
    assert [s.reasoning for s in locate.segments(text)] == [True, False]


def test_tag_free_never_holds_a_reasoning_tag() -> None:
    """``has_opener``'s ``no_tag`` shortcut and ``segments``' fast path rely on this: text
    holding any reasoning tag is never ``tag_free``."""
    for pair in locate.REASONING_TAGS:
        for tag in pair:
            assert not locate.tag_free(f"x {tag} y"), tag
    assert locate.tag_free("plain prose with <tags> and [brackets]")


def test_each_tag_key_is_guarded_by_one_of_its_characters() -> None:
    """``tag_free`` looks for a key only where its guard character occurs: the guard must be a
    character of the key, so a text without it holds no occurrence of the key."""
    assert [k for _, k in locate._TAG_GUARDS] == list(locate._TAG_KEYS)
    for guard, key in locate._TAG_GUARDS:
        assert len(guard) == 1 and guard in key
