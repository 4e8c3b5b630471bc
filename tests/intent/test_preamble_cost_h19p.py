"""The intent stage's cost on a preamble leak, continued (h19p, issue 27 item 6): readers skip
work whose trigger the reply lacks, with every decision kept. Each precheck is held here to
the reading it stands before: the flags' first characters (``flags.flag_starts``) against
``sets_flag``, ``flag_values`` and ``option_values``; the words of a command line against the
line's characters (``readscope``); the sampled run search against the full one
(``budget.check_intent``); ``numberedids.loose`` kept nothing from no number carried; and
refuse/recover pairs of each reader touched, over long values of many parts (the shape of the
benchmark's leaks)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from leakcall import budget
from leakcall.intent.flags import flag_starts, flag_values, option_values, sets_flag
from leakcall.intent.forcing import _shell_words
from leakcall.intent.kinds import commands, unprefixed
from leakcall.intent.kindsfile import _kinds_file
from leakcall.intent.numberedids import loose
from leakcall.intent.shellsplit import _SUBSTITUTED
from tests.intent_sets import expect_pair, recover_after, string_tool, typed_tool

# --- flags.flag_starts: a word that sets a flag or gives it a value starts with one of them

def _table_flags() -> list[str]:
    out = {line.rpartition(" ")[2].strip() for table, lines in _kinds_file().items()
           if table.startswith("flags-") for line in lines}
    return sorted({f for f in out if f} | {"+*", "-n", "--context", "-execdir", "*"})


_WORDS = ["-n", "-xn", "-nprod", "--context", "--context=prd", "--cont", "+main", "prod", "n",
          "", "-", "--", "x=1", "*", "-execdir", "-execdir=x", "—n"]


def test_a_flag_is_read_only_from_a_word_starting_with_its_starts() -> None:
    for flag in _table_flags():
        starts = flag_starts([flag])
        for tup in itertools.chain(((w,) for w in _WORDS),
                                   itertools.product(_WORDS, repeat=2)):
            words = list(tup)
            found = any(sets_flag(w, flag) for w in words) or flag_values(words, flag) \
                or option_values(words, flag)
            if found:
                assert starts is None or any(w[:1] in starts for w in words), (flag, words)
    assert flag_starts(["--context", "-n"]) == frozenset({"-"})
    assert flag_starts(["+*"]) == frozenset({"-", "+"})
    assert flag_starts(["*"]) is None


def test_flag_values_reads_both_spellings() -> None:
    words = ["kubectl", "--context", "prd", "--context=stg", "--contexts=x", "--context", "-n"]
    assert flag_values(words, "--context") == ["prd", "stg"]


# --- readscope: the words of a command line are made of its characters

_LINES = ["kubectl get pods -n prod", "echo $(kubectl get ns) | grep -c x",
          "sh -c 'kubectl -n a get pods' && ls", "a<b | c[0] >= d; " * 5,
          "kubectl exec pod -- sh -c 'rm -rf /data'", "docker exec web sh -c \"ls -la\"",
          "x=`date`; helm list -A", "ssh host 'kubectl --context=prd get pods'",
          "cat <<'EOF'\n-n\nEOF\nls", "ls \\\n -la", "echo \"$(ls -- -x)\""]


def test_the_words_of_a_line_are_its_characters() -> None:
    for line in _LINES:
        chars = set(line) | set(_SUBSTITUTED)
        for part in commands(line):
            for w in unprefixed(_shell_words(part)):
                assert set(w) <= chars, (line, w)


_KUBECTL = string_tool("kubectl", "kubectl", "args")
_RUN = string_tool("run_command", "Run a shell command", "command")
_FILL = "kubectl get pods; " * 20
"""Parts no flag is set in, before or after the one read (the shape of the benchmark's leak)."""
SCOPE_PAIRS = [
    ("Let me check the pods in the `staging` namespace.", [_KUBECTL], "kubectl", "args",
     "get pods -n production", "get pods -n staging"),
    ("Let me check the pods in every namespace of staging.", [_KUBECTL], "kubectl", "args",
     "get pods -A --context=prod", "get pods -A --context=staging"),
    ("Let me check the pods in the `staging` namespace.", [_RUN], "run_command", "command",
     "kubectl get pods -n production", "kubectl get pods -n staging"),
    ("Let me check the pods in the `staging` namespace.", [_RUN], "run_command", "command",
     "kubectl get pods --namespace kube-system", "kubectl get pods --namespace staging"),
    ("Let me check the pods in every namespace of staging.", [_RUN], "run_command", "command",
     "kubectl get pods -A --context prod", "kubectl get pods -A --context staging"),
    ("Let me list the deployments in the `staging` namespace.", [_RUN], "run_command",
     "command", "kubectl get deployments --namespace=kube-system",
     "kubectl get deployments --namespace=staging"),
]


@pytest.mark.parametrize(("preamble", "tools", "name", "key", "refused", "kept"), SCOPE_PAIRS)
@pytest.mark.parametrize("around", ["{}", "{}; " + _FILL, _FILL + "{}", _FILL + "{}; " + _FILL])
def test_read_scopes_refuse_and_recover_as_before(preamble: str, tools: list[dict[str, Any]],
                                                 name: str, key: str, refused: str, kept: str,
                                                 around: str) -> None:
    if name == "kubectl" and around != "{}":
        return  # (one program's arguments: no parts)
    bad = recover_after(preamble, tools, (name, {key: around.format(refused)}))
    assert not bad.ok and bad.rule == "ungrounded-call", (refused, bad.detail)
    good = recover_after(preamble, tools, (name, {key: around.format(kept)}))
    assert good.ok, (kept, good.rule, good.detail)


# --- budget.check_intent: the sampled search finds every run the full one finds

def test_the_sampled_run_search_is_the_full_one() -> None:
    rng = random.Random(19)
    n = budget.MAX_INTENT_RUN
    for _ in range(4000):
        base = "".join(rng.choice("ab ") for _ in range(rng.randint(0, 200)))
        at, length = rng.randint(0, len(base)), rng.randint(n - 4, n + 4)
        s = base[:at] + rng.choice("xab") * length + base[at:]
        full = budget._RUN.search(s)
        sampled = budget._SAMPLED_RUN.search(s[::budget._STRIDE]) is not None
        assert full is None or sampled, (at, length)
    for at in range(2 * budget._STRIDE):
        s = "ab" * at + "x" * (n + 1)
        assert budget._SAMPLED_RUN.search(s[::budget._STRIDE]) is not None, at


_WRITE = typed_tool("write_note", text="string")


@pytest.mark.parametrize("at", range(0, 40, 7))
def test_a_long_run_is_refused_and_one_shorter_kept(at: int) -> None:
    n = budget.MAX_INTENT_RUN
    for run, ok in ((n + 1, False), (n, True)):
        text = "note " * at + "-" * run + " end"
        r = recover_after("I'll write the note.", [_WRITE], ("write_note", {"text": text}))
        assert r.ok is ok, (at, run, r.rule, r.detail)
        if not ok:
            assert r.rule == "budget-intent-run", r.detail


# --- acrossscripts: a value's words read until one neither test can pass

_ACROSS = [typed_tool("get_weather", city="string"),
           typed_tool("set_light", room="string", state="string")]
AR_CAIRO = "سأتحقق من الطقس في القاهرة."
RU_KITCHEN = "Сейчас включу свет на кухне."
ACROSS_PAIRS = [
    ((AR_CAIRO, "get_weather", {"city": "القاهرة"}),
     (AR_CAIRO, "get_weather", {"city": "Tel Aviv"})),
    (("سأتحقق من الطقس في دبي.", "get_weather", {"city": "دبي"}),
     ("سأتحقق من الطقس في دبي.", "get_weather", {"city": "الرياض"})),
    ((RU_KITCHEN, "set_light", {"room": "kitchen", "state": "on"}),
     (RU_KITCHEN, "set_light", {"room": "garage", "state": "on"})),
    ((RU_KITCHEN, "set_light", {"room": "kitchen", "state": "on"}),
     (RU_KITCHEN, "set_light", {"room": "kitchen garage", "state": "on"})),
]


@pytest.mark.parametrize(("recovered", "refused"), ACROSS_PAIRS)
def test_values_across_scripts_refuse_and_recover_as_before(recovered: Any, refused: Any) -> None:
    expect_pair(_ACROSS, recovered, refused)


# --- looked: the calls' numbers, read only against a number ``loose`` keeps

def test_loose_keeps_nothing_from_no_number_carried() -> None:
    objects = ["7781", "#7781", "1999", "2024", "502", "00123", "order", "12345's", "0000"]
    for k in range(len(objects) + 1):
        for chosen in itertools.combinations(objects, k):
            unread = loose(list(chosen), frozenset())
            for carried in (frozenset({"7781"}), frozenset({"123", "12345"}), frozenset()):
                assert set(loose(list(chosen), carried)) <= set(unread)


_MESSAGES = typed_tool("get_messages", channel_id="string", limit="integer")
_ORDERS = typed_tool("get_order_status", order_id="string")
NUMBER_PAIRS = [
    (("Let me fetch the last 1000 messages.", "get_messages",
      {"channel_id": "123456789", "limit": 1000}),
     ("Let me fetch the last 1000 messages of channel 12345.", "get_messages",
      {"channel_id": "123456789", "limit": 1000})),
    (("I'll check the status of order 7781.", "get_order_status", {"order_id": "7781"}),
     ("I'll check the status of order 7781.", "get_order_status", {"order_id": "1234"})),
]


@pytest.mark.parametrize(("recovered", "refused"), NUMBER_PAIRS)
def test_numbered_reads_refuse_and_recover_as_before(recovered: Any, refused: Any) -> None:
    expect_pair([_MESSAGES, _ORDERS], recovered, refused)


# --- quotedasks: the calls' strings read once a quoted question is found

_MAIL = typed_tool("send_email", to="string", subject="string", body="string")
_SENT = {"to": "ana@example.es", "subject": "Reunión", "body": "¿Nos vemos el lunes?"}
_SAY = "I will send an email to ana@example.es with the subject \"Reunión\" and the text "


def test_a_quoted_question_is_still_held_to_the_call() -> None:
    expect_pair([_MAIL], (_SAY + "\"¿Nos vemos el lunes?\"", "send_email", _SENT),
                (_SAY + "\"¿Nos vemos el martes?\"", "send_email", _SENT))
    # no quoted question: the calls' text is not read for one
    assert recover_after(_SAY + "\"Hola\"", [_MAIL], ("send_email", {**_SENT, "body": "Hola"})).ok
