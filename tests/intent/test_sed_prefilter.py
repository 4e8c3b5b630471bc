"""The in-place sed reader (``removal._sed_removals``) skips a command part that holds no
"sed" before splitting it, with quotes and backslashes joined first: the shell reads
``s''ed`` and ``s\\ed`` as sed, so those parts are still split and read."""

from __future__ import annotations

from leakcall.intent.removal import _sed_removals


def test_sed_hidden_by_quotes_is_still_read() -> None:
    for command in ("s''ed -i '/keep/!d' app.py", 's""ed -i "/keep/!d" app.py',
                    "s\\ed -i '/keep/!d' app.py", "sed -i '/keep/!d' app.py"):
        assert _sed_removals({"command": command}) == ["!d"], command


def test_parts_without_sed_yield_nothing() -> None:
    value = "; ".join(["a<b | c[0] >= d"] * 50)
    assert _sed_removals({"command": value}) == []
    assert _sed_removals({"command": value + "; sed -i '/debug/d' app.py"}) == ["/debug/"]
