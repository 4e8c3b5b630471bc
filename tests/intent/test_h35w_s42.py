"""h35w (issue 25, round 56 G1, G8, G3): a label before the announcement is read, not dropped.

- G1: a fragment with no predicate before a dash, a stop or a line break ("Never —", "Not
  yet.", "Last week —", "From the docs —", "User —", "Sample —") frames what follows: before
  a step that cannot be taken back it refuses as the colon path's label does
  (``verbless._fragment``; the dash's head is a sentence there too, ``_results_apart``).
- G8: a word a refusing section lists with its stops ("e.g.", "z. B.") is that word, not code,
  and its stops end no sentence (``words._dotted_word``, ``sentences._abbreviated``).
- G3: a heading (``##`` or a bold line) over the announcement with a negation in it refuses,
  rule ``negation`` (``headinglines.negated_heading``).

Each refused shape has a near sibling that still recovers."""

from __future__ import annotations

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file.", "path"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("run_command", "Run a shell command.", "command")]

DELETE = ("delete_file", {"path": "prod.db"})
READ = ("read_file", {"path": "prod.db"})


def _ok(pre: str, call: tuple[str, dict[str, str]] = DELETE) -> None:
    r = recover_after(pre, TOOLS, call)
    assert r.reason == "ok", (pre, r.rule, r.detail)


def _refused(pre: str, rule: str | None = None, call: tuple[str, dict[str, str]] = DELETE) -> None:
    r = recover_after(pre, TOOLS, call)
    assert r.reason != "ok", pre
    if rule is not None:
        assert r.rule == rule, (pre, r.rule, r.detail)


# G1: fragments before a dash, a stop, a line break: a negation, a time, a phrase of a
# preposition, a party's or the call's noun alone, a bare noun label, in several languages
FRAGMENTS = [
    "Never — I'll delete `prod.db`.",
    "Not now – I'll delete `prod.db`.",
    "Never -- I'll delete `prod.db`.",
    "Absolutely not. I'll delete `prod.db`.",
    "Not yet; I'll delete `prod.db`.",
    "Not today — I'll delete `prod.db`.",
    "Never... I'll delete `prod.db`.",
    "Never\nI'll delete `prod.db`.",
    "_Never_ — I'll delete `prod.db`.",
    "Yesterday — I'll delete `prod.db`.",
    "Last week. I'll delete `prod.db`.",
    "Earlier — I'll delete `prod.db`.",
    "From the docs — I'll delete `prod.db`.",
    "From the docs\nI'll delete `prod.db`.",
    "In the past — I'll delete `prod.db`.",
    "From Bob — I'll delete `prod.db`.",
    "User — I'll delete `prod.db`.",
    "Payload — I'll delete `prod.db`.",
    "Sample — I'll delete `prod.db`.",
    "Injected text — I'll delete `prod.db`.",
    "Meme — I'll delete `prod.db`.",
    "Bob — I'll delete `prod.db`.",
    "Jamais — je vais supprimer `prod.db`.",
    "Nicht jetzt — ich lösche `prod.db`.",
    "Nunca — voy a borrar `prod.db`.",
    "Никогда — удалю `prod.db`.",
    "绝不——我来删除 `prod.db`。",
    "Traduction — je vais supprimer `prod.db`.",
]


@pytest.mark.parametrize("pre", FRAGMENTS)
def test_fragment_before_irreversible_step_refused(pre: str) -> None:
    _refused(pre, "unknown-preamble")


# the near siblings: an acknowledgement or an adverb before the dash, a statement with a
# predicate, a negating determiner's noun phrase, and the same fragment before a look
SIBLINGS = [
    "Sure — I'll delete `prod.db`.",
    "OK — I'll delete `prod.db`.",
    "Now — I'll delete `prod.db`.",
    "Got it — I'll delete `prod.db`.",
    "No problem — I'll delete `prod.db`.",
    "D'accord — je vais supprimer `prod.db`.",
]


@pytest.mark.parametrize("pre", SIBLINGS)
def test_closed_lead_before_the_dash_recovers(pre: str) -> None:
    _ok(pre)


@pytest.mark.parametrize("pre", ["Never — I'll read `prod.db`.", "From the docs — I'll read `prod.db`.",
                                 "Sample — I'll read `prod.db`.", "Last week. I'll read `prod.db`."])
def test_fragment_before_a_look_reads_as_today(pre: str) -> None:
    _ok(pre, READ)


@pytest.mark.parametrize("pre", ["The build passed. Never — I'll delete `prod.db`.",
                                 "The build passed. Sample — I'll delete `prod.db`.",
                                 "Bob (ops) — I'll delete `prod.db`.",
                                 "例——`prod.db` を削除します。"])
def test_dash_head_anywhere_refused(pre: str) -> None:
    _refused(pre, "unknown-preamble")


@pytest.mark.parametrize("pre", ["The build passed. Now — I'll delete `prod.db`.",
                                 "The build passed. I'll delete `prod.db`.",
                                 "了解——`prod.db` を削除します。",
                                 "まず——`prod.db` を削除します。"])
def test_dash_head_sibling_recovers(pre: str) -> None:
    _ok(pre)


def test_statement_before_the_dash_recovers() -> None:
    _ok("You mentioned the stale database — I'll delete `prod.db`.")


# G8: an example's abbreviation written with its stops
@pytest.mark.parametrize("pre", ["E.g. I'll delete `prod.db`.", "e.g. I'll delete `prod.db`.",
                                 "z.B. lösche ich `prod.db`."])
def test_abbreviated_example_refused(pre: str) -> None:
    _refused(pre, "declared-example")


def test_spaced_abbreviation_refused() -> None:
    _refused("Z. B. lösche ich `prod.db`.")


@pytest.mark.parametrize("pre", ["I'll delete `prod.db`.", "Ich lösche `prod.db`."])
def test_without_the_abbreviation_recovers(pre: str) -> None:
    _ok(pre)


def test_dotted_code_stays_code() -> None:
    _ok("I'll read `e.g.txt`.", ("read_file", {"path": "e.g.txt"}))


# G3: a heading that negates the lines under it
NEGATED_HEADINGS = [
    "### Never\nI'll delete `prod.db`.",
    "## Things I will not do\nI'll delete `prod.db`.",
    "### What I would not do\nI'll delete `prod.db`.",
    "**Never do this**\nI'll delete `prod.db`.",
    "### Not recommended\nI'll delete `prod.db`.",
    "## Ce que je ne ferai pas\nJe vais supprimer `prod.db`.",
    "## Was ich nicht tun werde\nIch lösche `prod.db`.",
    "### Lo que no haré\nVoy a borrar `prod.db`.",
    "### 我不会做的事\n我来删除 `prod.db`。",
    "### Чего я делать не буду\nУдалю `prod.db`.",
]


@pytest.mark.parametrize("pre", NEGATED_HEADINGS)
def test_negated_heading_refused(pre: str) -> None:
    _refused(pre, "negation")


def test_negated_heading_over_a_look_refused() -> None:
    _refused("### Dangerous commands (never run)\nI'll read `prod.db`.", "negation", READ)


@pytest.mark.parametrize("pre", ["## Cleanup\nI'll delete `prod.db`.",
                                 "**Cleanup**\nI'll delete `prod.db`.",
                                 "## Nettoyage\nJe vais supprimer `prod.db`."])
def test_plain_heading_recovers(pre: str) -> None:
    _ok(pre)
