"""Recall forms of h81b (issue 25), each beside the nearest form that stays refused: the
"as you asked" courtesy slot with the reader's clitic ("como me pidió"); an English contact
relative clause whose subject is the assistant ("the helper we discussed", ``ownclause``);
a word of consequence after a comma in more languages ([g-result]: "…, więc uruchomię …"),
never after a condition ("Se concordar, então …", ``clauses._conditioned``); the clause before
is a sentence of its own for the label check too (``verbless._results_apart``)."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.detect import detect
from leakcall.intent.ownclause import own_relative
from leakcall.intent.view import normalize
from leakcall.intent.words import tokenize

from ..intent_sets import expect_pair, recover_after

ADDRESS = {"type": "function", "function": {
    "name": "update_address", "description": "Change the shipping address on a customer account.",
    "parameters": {"type": "object", "properties": {
        "customer_id": {"type": "string"}, "address": {"type": "string"}},
        "required": ["customer_id", "address"]}}}
WRITE = {"type": "function", "function": {
    "name": "write_file", "description": "Create or overwrite a file with the given content.",
    "parameters": {"type": "object", "properties": {
        "path": {"type": "string"}, "content": {"type": "string"}},
        "required": ["path", "content"]}}}
DELETE = {"type": "function", "function": {
    "name": "delete_file", "description": "Delete a file from the workspace.",
    "parameters": {"type": "object", "properties": {"path": {"type": "string"}},
                   "required": ["path"]}}}
COMMAND = {"type": "function", "function": {
    "name": "run_command", "description": "Run a shell command in the project directory.",
    "parameters": {"type": "object", "properties": {"command": {"type": "string"}},
                   "required": ["command"]}}}
TOOLS: list[dict[str, Any]] = [ADDRESS, WRITE, DELETE, COMMAND]

MOVE = ("update_address", {"customer_id": "C-2209", "address": "Calle Mayor 5, Madrid"})
SLUG = ("write_file", {"path": "utils/slugify.py", "content": "def slugify(s):\n    return s\n"})
DROP = ("delete_file", {"path": "scratch.txt"})
TEST = ("run_command", {"command": "npm test"})

PAIRS = [
    # (recovered preamble, refused preamble, the call both are followed by)
    ("La cambio ahora a Calle Mayor 5, Madrid, como me pidió.",
     "La cambio ahora a Calle Mayor 5, Madrid, como me pidió su jefe.", MOVE),
    ("La cambio ahora a Calle Mayor 5, Madrid, como me pidió.",
     "La cambio ahora a Calle Mayor 5, Madrid, como me pidió, mañana.", MOVE),
    ("La cambio ahora a Calle Mayor 5, Madrid, como me pidió.",
     "La cambio ahora a Calle Mayor 5, Madrid, sin que me lo pidió.", MOVE),
    ("I'll create `utils/slugify.py` with the helper we discussed.",
     "I'll create `utils/slugify.py` with the helper they discussed.", SLUG),
    ("I'll create `utils/slugify.py` with the helper we discussed.",
     "I'll create `utils/slugify.py` with the helper we discussed tomorrow.", SLUG),
    ("I'll create `utils/slugify.py` with the helper we discussed.",
     "I'll create `utils/slugify.py` with the helper you approved.", SLUG),
    ("I'll create `utils/slugify.py` with the helper we discussed.",
     "I'll create `utils/slugify.py` with the helper we agreed.", SLUG),
    ("I'll create `utils/slugify.py` with the helper we discussed.",
     "I'll create `utils/slugify.py` with the helper we confirmed.", SLUG),
    ("I'll create `utils/slugify.py` with the helper we discussed.",
     "I'll create `utils/slugify.py` with the helper we discussed for Mallory.", SLUG),
    ("Let me delete `scratch.txt`, the file I created earlier.",
     "Let me delete `scratch.txt`, the file you created earlier.", DROP),
    ("Let me delete `scratch.txt`, the file I created earlier.",
     "Let me delete `scratch.txt`, the file I promised not to touch.", DROP),
    ("Let me delete `scratch.txt`, the file I created earlier.",
     "Let me delete `scratch.txt`, the file I was told to keep.", DROP),
    ("Poprawka jest gotowa, więc uruchomię testy poleceniem `npm test`.",
     "Poprawka jest gotowa, więc uruchomię testy poleceniem `npm test` jutro.", TEST),
    ("Poprawka jest gotowa, więc uruchomię testy poleceniem `npm test`.",
     "Poprawka nie jest gotowa, więc uruchomię testy poleceniem `npm test`?", TEST),
    ("Poprawka jest gotowa, więc uruchomię testy poleceniem `npm test`.",
     "Jeśli chcesz, więc uruchomię testy poleceniem `npm test`.", TEST),
    # a word of consequence after a condition is its "then": no observation before the step
    ("A correção está pronta, então eu apago a pasta `build`.",
     "Se concordar, então eu apago a pasta `build`.", ("delete_file", {"path": "build"})),
    ("La correction est prête, donc je lance les tests avec `npm test`.",
     "Si vous voulez, donc je lance les tests avec `npm test`.", TEST),
    # the clause before reads as a sentence of its own for every check, as it would after a
    # full stop: a phrase with no predicate before a step that cannot be undone stays refused
    ("La correction est prête, donc je supprime le dossier `build`.",
     "Mallory m'a demandé, donc je supprime le dossier `build`.",
     ("delete_file", {"path": "build"})),
]


@pytest.mark.parametrize(("recovered", "refused", "call"), PAIRS)
def test_pairs(recovered: str, refused: str, call: tuple[str, dict[str, Any]]) -> None:
    expect_pair(TOOLS, (recovered, *call), (refused, *call))


@pytest.mark.parametrize("preamble", [
    "La cambio ahora a Calle Mayor 5, Madrid, como me pidió.",
    "Cambio la dirección ahora a Calle Mayor 5, Madrid, como usted me pidió.",
])
def test_as_you_asked_clitic(preamble: str) -> None:
    got = recover_after(preamble, TOOLS, MOVE)
    assert got.ok, got.detail


@pytest.mark.parametrize(("text", "kept"), [
    ("i'll run the linter on the file i just changed.", False),
    ("let me delete the temporary file i created earlier, scratch.txt.", False),
    ("let me delete the file i created yesterday.", False),
    ("let me delete the file i was told to delete.", True),
    ("let me delete the file we approved.", True),
    ("let me delete the file i created for mallory.", True),
    ("let me check what i changed.", True),
])
def test_own_relative(text: str, kept: bool) -> None:
    t = detect(text)
    assert t is not None
    tokens = tokenize(normalize(text), t)
    assert (own_relative(tokens, t) == tokens) is kept


def test_own_relative_english_only() -> None:
    text = "ich lösche die datei i created."
    t = detect(text)
    assert t is not None and t.name != "en"
    tokens = tokenize(text, t)
    assert own_relative(tokens, t) == tokens
