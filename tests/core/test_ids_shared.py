"""``ids.utf8_of``: the sample check reuses the UTF-8 the ids made of a long value (issue 27
item 5); it is always the value's own encoding, whichever string was encoded last."""

from __future__ import annotations

from leakcall import ids


def test_utf8_of_is_the_encoding_of_its_own_string() -> None:
    long_a = "東京 a<b | " * 40
    long_b = "Zürich " * 60
    assert ids.encoded_arguments({"a": long_a, "b": "x"}) is not None
    assert ids.utf8_of(long_a) == long_a.encode("utf-8")  # the kept bytes
    assert ids.utf8_of(long_b) == long_b.encode("utf-8")  # another string: encoded anew
    equal = "".join(list(long_a))  # equal, not the same object
    assert equal is not long_a and ids.utf8_of(equal) == long_a.encode("utf-8")
    assert ids.utf8_of("\ud800x") == "\ud800x".encode("utf-8", "surrogatepass")


def test_a_lone_surrogate_is_never_kept() -> None:
    bad = "\ud800" + "y" * 300
    assert ids.encoded_arguments({"k": bad}) is None
    assert ids.utf8_of(bad) == bad.encode("utf-8", "surrogatepass")
