"""Verbless observations that state no fact of the task (``verbless._nominal``, h52f): a few
words with no verb form the lexicon knows, none a word the calls carry and none a kind of
step they take ("Unsent draft.", "No changes yet.", "Beklenen çıktı.", "Keluaran yang
diharapkan."), may only name the text that follows, so before a step that cannot be taken
back they refuse. Siblings that name the call's object or step, carry a predicate (a copula,
a state, a thing and a step done to it), a determiner's subject or a preposition's phrase, or
come before a reversible step, read as today."""

from __future__ import annotations

from leakcall import Reason

from ..intent_sets import recover_after
from ..intent_sets import typed_tool as _tool

TOOLS = [_tool("delete_repo", repo="string"), _tool("read_file", path="string")]
DELETE = ("delete_repo", {"repo": "acme/payments"})
READ = ("read_file", {"path": "notes.md"})
ANN = {"en": "I'll delete the acme/payments repo.",
       "de": "Ich lösche das Repository acme/payments.",
       "tr": "acme/payments deposunu sileceğim.",
       "vi": "Tôi sẽ xóa kho acme/payments.",
       "id": "Saya akan menghapus repositori acme/payments."}


def test_a_verbless_phrase_of_nothing_in_the_task_refuses_an_irreversible_step() -> None:
    for lang, label in (("en", "Unsent draft."), ("en", "Draft, not sent."),
                        ("en", "No changes yet."), ("de", "Antwortvorschlag."),
                        ("tr", "Beklenen çıktı."), ("vi", "Đầu ra mong đợi."),
                        ("id", "Keluaran yang diharapkan."), ("en", "Sure. Unsent draft.")):
        r = recover_after(f"{label} {ANN[lang]}", TOOLS, DELETE)
        assert r.reason != Reason.OK and r.rule == "unknown-preamble", (label, r.detail)
        assert "delete_repo" in (r.detail or ""), r.detail


def test_a_fact_of_the_task_or_a_clause_stays_an_observation() -> None:
    for label in ("Payments archived.", "Repo merged.", "Commit created.", "Build failed.",
                  "Tests pass.", "The user confirmed.", "All tests pass.",
                  "Three branches are merged.", "With pleasure."):
        r = recover_after(f"{label} {ANN['en']}", TOOLS, DELETE)
        assert r.reason == Reason.OK, (label, r.detail)


def test_a_verbless_phrase_before_a_reversible_step_reads_as_today() -> None:
    for label in ("Unsent draft.", "No changes yet."):
        r = recover_after(f"{label} Let me read notes.md.", TOOLS, READ)
        assert r.reason == Reason.OK, (label, r.detail)
