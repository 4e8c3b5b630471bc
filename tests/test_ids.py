"""ids: the one-serialisation path gives the id of the reference definition, byte for byte."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from leakcall.ids import call_id, call_id_of, encoded_arguments

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


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
