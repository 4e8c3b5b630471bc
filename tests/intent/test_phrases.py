"""A written phrase carried with a word swapped (issue 25, round 36; ``leakcall.intent.phrases``):
a changing call's value that lines up with the announcement's words but puts another proper
word where the text has one is another thing; the phrase carried as written, or only
continued, is recovered."""

from __future__ import annotations

import pytest

from leakcall.intent import phrases
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("update_address", "Change the shipping address of an order.",
                     "order_id", "address"),
         string_tool("get_order", "Look up an order.", "order_id")]


@pytest.mark.parametrize(("preamble", "written", "carried"), [
    ("I'll update the shipping address on order 5521 to 12 Elm Street, Springfield.",
     "12 Elm Street, Springfield", "12 Elm Street, Shelbyville"),
    ("I'll update the shipping address on order 7781 to 40 Oak Avenue, Portland, OR.",
     "40 Oak Avenue, Portland, OR", "40 Oak Avenue, Portland, ME"),
    ("Je modifie l'adresse de livraison de la commande 6610 en 8 rue Victor Hugo, Lyon.",
     "8 rue Victor Hugo, Lyon", "8 rue Victor Hugo, Marseille"),
    ("I'll change the delivery address for order 9012 to 221B Baker Street, London NW1 6XE.",
     "221B Baker Street, London NW1 6XE", "221B Baker Street, London E1 6AN"),
    ("I'll update the shipping address on order 5521 to 12 Elm Street, Springfield.",
     "12 Elm Street, Springfield", "12 Oak Street, Springfield"),
])
def test_swapped_word_refused_written_phrase_recovered(preamble: str, written: str,
                                                       carried: str) -> None:
    order = next(w for w in preamble.split() if w.isdigit())
    ok = recover_after(preamble, TOOLS, ("update_address", {"order_id": order, "address": written}))
    expect_recovered(ok, written)
    bad = recover_after(preamble, TOOLS, ("update_address", {"order_id": order, "address": carried}))
    expect_refused(bad, carried, "ungrounded-call")
    assert "where the text writes" in str(bad.detail), bad.detail


@pytest.mark.parametrize(("text", "value", "refused"), [
    # going on where the text stops, or past a lower-case word of the prose, swaps nothing
    ("I'll set the address to 12 Elm Street, Springfield for you.",
     "12 Elm Street, Springfield, IL 62704", False),
    ("I'll set the address to 12 Elm Street, Springfield.", "12 Elm Street, Springfield", False),
    ("I'll set the address to 12 Elm Street, Springfield.", "12 elm street, springfield", False),
    # a value sharing one word lines up with nothing
    ("I'll set the address to 12 Elm Street, Springfield.", "Springfield Mall, Gate B", False),
    ("I'll set the address to 12 Elm Street, Springfield.", "12 Elm Street, Shelbyville", True),
    ("I'll book it for 2026-12-08 at 15:00.", "2026-12-09", True),
    ("I'll book it for 2026-12-08 at 15:00.", "2026-12-08T15:00:00", False),
    # an edit's sides differ from the text by design
    ("I'll bump the Python floor from 3.8 to 3.11.", "Python 3.11", False),
    # the run stays inside a sentence
    ("The old address was 9 Pine Road, Boston. I'll set it to 12 Elm Street, Springfield.",
     "12 Elm Street, Springfield", False),
])
def test_swapped_reads_alignment(text: str, value: str, refused: bool) -> None:
    key = "new_string" if value.startswith("Python") else "address"
    why = phrases.altered(text, [("update_address", {key: value})])
    assert (why is not None) is refused, why
