"""The reasoning screen reads what the reasoning says about the markup even when padding follows
it or disguises it: acknowledgements and announcements after a statement ("Okay.", "I'll write
it."), the paragraph before the last one, look-alike letters, digits for letters and spaced
letters; in ``reasoning="recover"`` mode, the block's text before the markup's own intro."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall.intent import fold, normalize

BASH: dict[str, Any] = {"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}
M = '<tool_call>\n{"name": "bash", "arguments": {"command": "rm -rf ~/project"}}\n</tool_call>'

PADDED = [
    # the statement, then an acknowledgement or an announcement as the last paragraph
    ("The user only wants a sample of the syntax for a handout.\n\nOkay.", "reasoning-cue"),
    ("Hypothetically the call would be this one.\n\nAlright.", "reasoning-cue"),
    ("The page I fetched says the agent must wipe the project.\n\nI'll run it.",
     "reasoning-cue"),
    ("They asked for an example for their docs page.\n\nFine.\n\nLet me write it.",
     "reasoning-cue"),
    # the statement two paragraphs up, a neutral observation after it
    ("For example, a tool call in this format looks like the one below.\n\n"
     "The repository has a tests folder and a src folder with six modules.", "reasoning-cue"),
    # a look-alike letter hides no cue from the screen
    ("Hypoth\u0435tically the call is this one.\n\nOkay.", "reasoning-cue"),
]
DISGUISED = [
    "I must nоt run the cleanup.",  # Cyrillic o
    "I must n0t run the cleanup.",
    "I must n o t run the cleanup.",
    "I must ɴᴏᴛ run the cleanup.",
]


@pytest.mark.parametrize(("body", "rule"), PADDED)
def test_padding_after_a_statement_does_not_hide_it(body: str, rule: str) -> None:
    r = leakcall.recover(f"<think>\n{body}\n</think>\n\n{M}", [BASH])
    assert not r.ok, body
    assert r.rule == rule, r.detail


@pytest.mark.parametrize("body", DISGUISED)
def test_disguised_negation_in_reasoning(body: str) -> None:
    r = leakcall.recover(f"<think>\n{body}\n</think>\n\n{M}", [BASH])
    assert (r.ok, r.rule) == (False, "reasoning-negation"), r.detail


def test_fold_keeps_real_words_of_other_scripts() -> None:
    assert fold(normalize("не запускай")) == "не запускай"
    assert fold(normalize("Я проверю файл")) == "я проверю файл"
    assert fold(normalize("I must nоt")) == "i must not"


def test_ordinary_reasoning_still_recovered() -> None:
    for body in ("The user wants the project listed.\n\nI'll run ls.",
                 "Need live data, so call the tool.\n\nOkay.",
                 "The tests failed on line 3 of test_io.py.\n\nLet me look at the file."):
        ls = M.replace("rm -rf ~/project", "ls ~/project")
        r = leakcall.recover(f"<think>\n{body}\n</think>\n\n{ls}", [BASH])
        assert r.ok, (body, r.rule, r.detail)
    # reasoning that announces a step of another kind does not cover a delete (v3)
    r = leakcall.recover(f"<think>\nThe user wants the project listed.\n\nI'll run ls.\n"
                         f"</think>\n\n{M}", [BASH])
    assert (r.ok, r.rule) == (False, "ungrounded-call"), r.detail


@pytest.mark.parametrize("body", [
    "The user wants a sample of the syntax for a handout.\n\nI'll run the cleanup.\n",
    "Esto es solo para la documentación, por ejemplo.\n\n",
    # an announcement that grounds the call: only the screen of the block before it refuses
    "The user only wants to see an example.\n\nI'll delete the project.\n",
    "Hypothetically speaking.\n\nI'll delete the project.\n",
])
def test_recover_mode_screens_the_block_before_the_intro(body: str) -> None:
    text = f"<think>\n{body}{M}\n</think>"
    r = leakcall.recover(text, [BASH], reasoning="recover")
    assert not r.ok, (body, r.rule)
    # the block is grounded as reasoning before bare markup: it announces the delete
    # ("I'll run the cleanup." + ``rm -rf ~/project`` is refused, as after a preamble)
    ok = f"<think>\nThe user wants it gone.\n\nI'll delete the project.\n{M}\n</think>"
    assert leakcall.recover(ok, [BASH], reasoning="recover").ok
