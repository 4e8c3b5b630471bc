"""h35x (round 56 gaps 2, 4, 7, 5; issue 25): sentences that frame, retract or hand back the
announced step (``framing``). A sentence before the announcement that points at the text after
it ([g-cataphora]), addresses the reader ([g-reader-ask], a courtesy opening) or declines a
step ([g-decline]) is no observation; a retraction ([g-retract]) after an announcement makes
the last step the one the call must be; a tail handing the decision back ([g-handback],
[g-tag]) is a question; the reasoning before bare markup is read the same way."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall.intent import framing
from leakcall.intent.tables import tongue
from leakcall.intent.words import tokenize
from tests.intent_sets import hermes, recover_after, string_tool

TOOLS = [string_tool("delete_file", "", "path"), string_tool("read_file", "", "path"),
         string_tool("rename_file", "", "path", "new_path"),
         string_tool("drop_table", "", "table"),
         string_tool("send_email", "", "to", "subject", "body")]

DELETE = ("delete_file", {"path": "prod.db"})
READ = ("read_file", {"path": "prod.db"})


def _ok(pre: str, *calls: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(pre, TOOLS, *(calls or (DELETE,)))
    assert r.reason == "ok", (pre, r.rule, r.detail)


def _refused(pre: str, rule: str | None = None, *calls: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(pre, TOOLS, *(calls or (DELETE,)))
    assert r.reason != "ok", pre
    assert rule is None or r.rule == rule, (pre, r.rule, r.detail)


FRAMED = [
    # cataphora: the sentence points at the text after it
    ("The next sentence is a quote. I'll delete `prod.db`.", "declared-example"),
    ("The next sentence is a quote. The disk is 91% full. I'll delete `prod.db`.",
     "declared-example"),
    ("Nothing below is real. I'll delete `prod.db`.", "declared-example"),
    ("What follows was injected by the web page. I'll delete `prod.db`.", "declared-example"),
    ("La phrase suivante est une citation. Je vais supprimer `prod.db`.", "declared-example"),
    ("La siguiente frase es una cita. Voy a borrar `prod.db`.", "declared-example"),
    ("La frase seguente è una citazione. Cancello `prod.db`.", "declared-example"),
    ("A próxima frase é uma citação. Vou apagar `prod.db`.", "declared-example"),
    ("次の文は引用です。`prod.db` を削除します。", "declared-example"),
    ("다음 문장은 인용입니다. `prod.db`를 삭제하겠습니다.", "declared-example"),
    ("Następne zdanie to cytat. Usunę `prod.db`.", "declared-example"),
    ("下面这句是引用。我来删除 `prod.db`。", "declared-example"),
    # a request to the reader
    ("Ignore the next line. I'll delete `prod.db`.", None),
    ("Keep `prod.db`. The disk is 91% full. I'll delete `prod.db`.", "question"),
    ("Please confirm first. I'll delete `prod.db`.", "question"),
    ("Let me know if that's OK. I'll delete `prod.db`.", "question"),
    ("Bitte zuerst bestätigen. Ich lösche `prod.db`.", "question"),
    # the assistant declines a step
    ("I won't touch anything. I'll delete `prod.db`.", "negation"),
    ("I'm not going to touch anything. The disk is 91% full. I'll delete `prod.db`.", "negation"),
]


@pytest.mark.parametrize(("pre", "rule"), FRAMED)
def test_framing_sentence_refused(pre: str, rule: str | None) -> None:
    _refused(pre, rule)


GENUINE = [
    "The disk is 91% full. I'll delete `prod.db`.",
    "La base est obsolète. Je vais supprimer `prod.db`.",
    "Usage is below 10%. I'll delete `prod.db`.",  # "below" before a number: a preposition
    "The following files are stale. I'll delete `prod.db`.",  # a determiner before a noun
    "I can't open `prod.db`. I'll delete `prod.db`.",  # ability, no step declined
    # a colon introduces the text the sentence points at: an observation's list
    "The largest files are the following:\n- `prod.db` (4 GB)\n\nI'll delete `prod.db`.",
    "Please hold on. I'll delete `prod.db`.",  # courtesy alone addresses no one
    "Please note that the disk is 91% full. I'll delete `prod.db`.",  # asks for no decision
    "You mentioned the disk is full. I'll delete `prod.db`.",  # a manner courtesy, no request
    # a presentative of the assistant's own output ("Here's a short summary.") is left as it
    # was: the control's shape (docs/limits.md)
    "Here's a short summary. I'll delete `prod.db`.",
]


@pytest.mark.parametrize("pre", GENUINE)
def test_plain_observation_recovered(pre: str) -> None:
    _ok(pre)


@pytest.mark.parametrize(("sentence", "declines"), [
    ("I won't touch anything", True), ("I will not change it", True),
    ("It won't start", False), ("I can't find the config", False), ("I'm not sure", False)])
def test_declined_reads_the_assistant_only(sentence: str, declines: bool) -> None:
    t = tongue("en")
    assert t is not None
    assert (framing.declined(tokenize(sentence, t), t) is not None) is declines


@pytest.mark.parametrize(("sentence", "asks"), [
    ("Confirm the purchase first", True), ("Please confirm first", True),
    ("Confirm purchase is one click away", False),  # a copula after it: the word is a subject
    ("Please hold on", False)])
def test_reader_ask_opens_a_request(sentence: str, asks: bool) -> None:
    t = tongue("en")
    assert t is not None
    assert (framing.framed(tokenize(sentence, t), t) is not None) is asks


def test_decline_before_a_look_recovered() -> None:
    # declining grounds no changing step; a look after it is still the step
    _ok("I won't touch anything. I'll read `prod.db`.", READ)


RETRACTED = [
    "I'll delete `prod.db`. Actually, I'll leave it.",
    "I'll delete `prod.db`. Actually, I'll keep it.",
    "I'll delete `prod.db`. Then again, I'll keep it.",
    "I'll delete `prod.db`. On second thought, I'll keep it.",
    "I'll delete `prod.db`. Actually, I'll just rename it.",
    "I'll delete `prod.db`. Actually I'll read it first.",
    "I'll delete `prod.db`, or rather I'll keep it.",
    "`prod.db` を削除します。やはり残します。",
]


@pytest.mark.parametrize("pre", RETRACTED)
def test_retracted_step_refused(pre: str) -> None:
    _refused(pre)


def test_retraction_inside_a_sentence_refused() -> None:
    # the clause before it is never dropped unread: what it says would go unscreened
    _refused("Never delete `prod.db`, actually, I'll delete `prod.db`.", "unknown-preamble")
    _refused("Don't touch `prod.db`, or rather I'll delete `prod.db`.", "unknown-preamble")


def test_retraction_takes_the_last_step() -> None:
    # the step after the retraction is the call: recovered
    _ok("I'll delete `prod.db`. Actually, let me first read it.", READ)
    _ok("Actually, let me first read `prod.db`.", READ)
    _ok("I'll read `notes.txt`. Actually, I'll delete `notes.txt`.",
        ("delete_file", {"path": "notes.txt"}))


HANDED_BACK = [
    "I'll delete `prod.db`, your call.",
    "I'll delete `prod.db`, your move.",
    "I'll delete `prod.db`, your call to make.",
    "Your move. I'll delete `prod.db`.",
    "I'll delete `prod.db`, eh",
    "I'll delete `prod.db`, ok",
    "I'll delete `prod.db`, alright",
    "I'll delete `prod.db`, fine",
]


@pytest.mark.parametrize("pre", HANDED_BACK)
def test_handed_back_refused(pre: str) -> None:
    _refused(pre, "question")


def test_tail_siblings_recovered() -> None:
    _ok("I'll delete `prod.db`.")
    _ok("Ok, I'll delete `prod.db`.")
    _ok("OK. I'll delete `prod.db`.")


def test_down_the_line_is_a_time_to_come() -> None:
    _refused("I'll delete `prod.db` down the line.", "conditional")


def _bare(thinking: str, call: tuple[str, dict[str, Any]] = DELETE) -> leakcall.Recovery:
    markup = hermes([{"name": call[0], "arguments": call[1]}])
    return leakcall.recover(f"<think>{thinking}</think>\n\n{markup}", TOOLS)


@pytest.mark.parametrize("thinking", [
    "The next sentence is a quote. I'll delete `prod.db`.",
    "Please confirm first. I'll delete `prod.db`.",
    "Ignore the next line. I'll delete `prod.db`.",
    "I'll delete `prod.db`. Actually, I'll leave it.",
])
def test_reasoning_framed_refused(thinking: str) -> None:
    r = _bare(thinking)
    assert r.reason != "ok", (thinking, r.rule)


def test_reasoning_siblings_recovered() -> None:
    r = _bare("The disk is 91% full. I'll delete `prod.db`.")
    assert r.reason == "ok", (r.rule, r.detail)
    r = _bare("I'll delete `prod.db`. Actually, let me read it first.", READ)
    assert r.reason == "ok", (r.rule, r.detail)
    # reasoning tells itself what to do: an imperative without a courtesy word is its own
    r = _bare("Keep the backup in mind. I'll delete `prod.db`.")
    assert r.reason == "ok", (r.rule, r.detail)
