"""ids: the one-serialisation path gives the id of the reference definition, byte for byte."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leakcall.ids import call_id, call_id_of, encoded_arguments

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.heavy
@given(salt=st.text(), index=st.integers(0, 10_000), name=st.text(),
       arguments=st.dictionaries(st.text(), _json, max_size=5))
def test_call_id_of_is_call_id(salt: str, index: int, name: str, arguments: dict[str, Any]) -> None:
    encoded = encoded_arguments(arguments)
    if encoded is None:  # a lone surrogate: refused before any id is made
        return
    assert call_id_of(salt, index, name, encoded) == call_id(salt, index, name, arguments)


def test_lone_surrogate_has_no_encoding() -> None:
    assert encoded_arguments({"k": "a\ud800b"}) is None
    assert encoded_arguments({"k\udfff": 1}) is None
    assert encoded_arguments({"k": ["ok", {"x": "é"}]}) is not None
    # salt and name are not the arguments: a surrogate there still gets an id
    enc = encoded_arguments({"k": 1})
    assert enc is not None
    assert call_id_of("s\ud800", 0, "n", enc) == call_id("s\ud800", 0, "n", {"k": 1})


def _reference(arguments: dict[str, Any]) -> bytes | None:
    """The one-call definition the member-by-member writer must equal."""
    try:
        return json.dumps(arguments, sort_keys=True, ensure_ascii=False,
                          separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:
        return None


# strings that need escaping or cannot be encoded: controls, quotes, backslashes, surrogates
_tricky = st.text(st.sampled_from(["a", "é", "東", "\n", "\x00", "\x1f", "\x7f", '"', "\\", "/",
                                   "\u2028", "\ud800", "\udfff", "😀"]), max_size=6)
_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | _tricky | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_tricky, inner, max_size=3),
    max_leaves=8,
)


@pytest.mark.heavy
@given(arguments=st.dictionaries(_tricky | st.text(), _values, max_size=5))
def test_encoded_arguments_is_the_canonical_json(arguments: dict[str, Any]) -> None:
    assert encoded_arguments(arguments) == _reference(arguments)


@pytest.mark.parametrize("arguments", [
    {}, {"b": 1, "a": True, "c": None, "d": False}, {"k": 'say "hi"\\n'}, {"k": "a\nb\tc"},
    {"k": "\x7f\u2028"}, {"k": 10**4000}, {"k": -0.0, "j": 1e300}, {"é": "東京", "e": "x"},
    {"k": "a\ud800"}, {"\udfff": 1}, {"k": [1, "\ud800"]}, {"k": {"z": 1, "a": [2.5, "q\""]}},
    {"a": 1, "A": 2, "_": 3, "~": 4, "é": 5},
])
def test_encoded_arguments_examples(arguments: dict[str, Any]) -> None:
    assert encoded_arguments(arguments) == _reference(arguments)
