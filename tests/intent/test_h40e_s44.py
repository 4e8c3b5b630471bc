"""h40e (issue 25, round 59): steps left to choose, steps taken out of order, quoted messages.

- A disjunction of two verbs in a step's sentence ("I'll either archive or delete `old/`",
  "Ich archiviere oder lösche", "`old/`를 보관하거나 삭제하겠습니다") leaves the step to choose:
  rule ``conditional`` (``disjoined``), whichever branch the call takes; the same sentence with
  one verb is recovered, and "or" between nouns or inside a check's question is not read.
- Both announced steps taken, the one that cannot be taken back first ("I'll read `a.txt` and
  then delete it." + delete, read): ``ungrounded-call`` (``reordered``); the announced order
  is recovered.
- An English message quoted inside a sentence of another script ("Надішлю "deploy done" в
  #ops.") is the value the step carries, not a recap in English (``foreign._QUOTED``); English
  words outside the quotation are still read. Chinese 向 before the verb names whom the step
  is addressed to, as 给 does ([g-coverb]: "我来向 #ops 发送 X").
"""

from __future__ import annotations

import json

import pytest

import leakcall
from tests.intent_sets import recover_after, string_tool

FILES = [string_tool("delete_file", "Delete a file.", "path"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("archive_file", "Archive a file.", "path")]
MESSAGES = [string_tool("send_message", "Send a message to a channel.", "channel", "text")]


def _delete(pre: str) -> str:
    r = recover_after(pre, FILES, ("delete_file", {"path": "old/"}))
    return "ok" if r.reason == "ok" else str(r.rule)


CHOICES = [
    # (refused: two steps, one to choose; recovered: the one step)
    ("I'll either archive or delete `old/`.", "I'll delete `old/`."),
    ("I'll now either archive or remove `old/`.", "I'll now remove `old/`."),
    ("Let me either move or delete `old/`.", "Let me delete `old/`."),
    ("I'll either archive `old/` or delete it.", "I'll delete `old/`."),
    ("I'll either look at or delete `old/`.", "I'll delete `old/`."),
    ("Ich archiviere oder lösche `old/`.", "Ich lösche `old/`."),
    ("Je vais archiver ou supprimer `old/`.", "Je vais supprimer `old/`."),
    ("Voy a archivar o borrar `old/`.", "Voy a borrar `old/`."),
    ("Vou arquivar ou apagar `old/`.", "Vou apagar `old/`."),
    ("Я заархивирую или удалю `old/`.", "Я удалю `old/`."),
    ("Либо заархивирую, либо удалю `old/`.", "Я удалю `old/`."),
    ("Я заархівую або видалю `old/`.", "Я видалю `old/`."),
    ("Zarchiwizuję lub usunę `old/`.", "Usunę `old/`."),
    ("Albo zarchiwizuję, albo usunę `old/`.", "Usunę `old/`."),
    ("Archivuji nebo smažu `old/`.", "Smažu `old/`."),
    ("`old/` klasörünü arşivleyeceğim ya da sileceğim.", "`old/` klasörünü sileceğim."),
    ("Saya akan mengarsipkan atau menghapus `old/`.", "Saya akan menghapus `old/`."),
    ("سأؤرشف أو أحذف `old/`.", "سأحذف `old/`."),
    ("`old/`를 보관하거나 삭제하겠습니다.", "`old/`를 삭제하겠습니다."),
]


@pytest.mark.parametrize(("refused", "recovered"), CHOICES)
def test_a_step_left_to_choose_refuses(refused: str, recovered: str) -> None:
    assert _delete(refused) == "conditional"
    assert _delete(recovered) == "ok"


@pytest.mark.parametrize("text", [
    "Let me read `notes.txt` to see whether it is stale or current.",
    "Let me read the old or new notes in `notes.txt`.",
    "Let me read `notes.txt`, the file with the todo or done items.",
    "Let me read `notes.txt` either way.",
    "Let me check whether it passes or fails by reading `notes.txt`.",
])
def test_or_not_between_verbs_is_not_read(text: str) -> None:
    r = recover_after(text, FILES, ("read_file", {"path": "notes.txt"}))
    assert r.reason == "ok", r.detail
    either = text.replace("Let me read", "Let me either read or delete", 1)
    if either != text:  # the sibling that leaves the step to choose
        r = recover_after(either, FILES, ("read_file", {"path": "notes.txt"}))
        assert r.rule == "conditional", r.detail


@pytest.mark.parametrize(("reply", "family"), [
    ("I'll either refund or charge `acct-bob` $500.\n\n<tool_calls>[{\"name\": \"transfer_money\", "
     "\"arguments\": {\"to_account\": \"acct-bob\", \"amount\": 500, \"currency\": \"USD\"}}]"
     "</tool_calls>", "hunyuan"),
    ("Ich archiviere oder lösche `old/`.\n\n<function_calls>\n<invoke name=\"delete_file\">\n"
     "<parameter name=\"path\">old/</parameter>\n</invoke>\n</function_calls>", "anthropic_xml"),
])
def test_other_families_and_a_payment(reply: str, family: str) -> None:
    money = {"type": "function", "function": {
        "name": "transfer_money", "description": "Send money to an account.", "parameters": {
            "type": "object", "properties": {"to_account": {"type": "string"},
                                             "amount": {"type": "number"},
                                             "currency": {"type": "string"}}}}}
    tools = [*FILES, money]
    r = leakcall.recover(reply, tools)
    assert r.reason != "ok" and r.rule == "conditional", (family, r.detail)
    plain = reply.replace("either refund or charge", "charge").replace(
        "archiviere oder lösche", "lösche")
    assert leakcall.recover(plain, tools).reason == "ok", family


READ = ("read_file", {"path": "a.txt"})
DELETE = ("delete_file", {"path": "a.txt"})


@pytest.mark.parametrize("pre", [
    "I'll read `a.txt` and then delete it.",
    "First I'll read `a.txt`. Then I'll delete it.",
    "Let me check `a.txt` and then remove it.",
    "Voy a leer `a.txt` y luego borrarlo.",
    "Я прочитаю `a.txt`, а затем удалю его.",
    "我会先读取 `a.txt`，然后删除它。",
])
def test_steps_taken_out_of_order_refuse(pre: str) -> None:
    r = recover_after(pre, FILES, DELETE, READ)
    assert r.reason != "ok" and "first" in (r.detail or ""), r.detail
    assert recover_after(pre, FILES, READ, DELETE).reason == "ok"


def test_steps_on_objects_of_their_own_may_come_in_any_order() -> None:
    pre = "I'll read `b.txt` and then delete `a.txt`."
    assert recover_after(pre, FILES, DELETE, ("read_file", {"path": "b.txt"})).reason == "ok"
    # the later step on the earlier step's object keeps the order
    said = "I'll read `a.txt` and then delete `a.txt`."
    assert recover_after(said, FILES, DELETE, READ).reason != "ok"
    assert recover_after(said, FILES, READ, DELETE).reason == "ok"


def _send(pre: str, text: str = "deploy done") -> str:
    markup = "<tool_call>\n" + json.dumps({"name": "send_message", "arguments": {
        "channel": "#ops", "text": text}}, ensure_ascii=False) + "\n</tool_call>"
    r = leakcall.recover(f"{pre}\n\n{markup}", MESSAGES)
    return "ok" if r.reason == "ok" else str(r.rule)


@pytest.mark.parametrize("pre", [
    'Надішлю "deploy done" в #ops.',
    "Надішлю «deploy done» в #ops.",
    "Надішлю 'deploy done' в #ops.",
    '#ops に "deploy done" を送信します。',
    "#ops に「deploy done」を送信します。",
    '#ops에 "deploy done"을 보내겠습니다.',
    'ฉันจะส่ง "deploy done" ไปที่ #ops',
    'मैं #ops पर "deploy done" भेजूँगा।',
    'سأرسل "deploy done" إلى #ops.',
    '我来给 #ops 发送 "deploy done"。',
])
def test_a_quoted_english_message_is_its_value(pre: str) -> None:
    assert _send(pre) == "ok"


@pytest.mark.parametrize("pre", [
    'Надішлю "deploy done" в #ops if you approve.',
    "Надішлю deploy done в #ops.",
    '#ops に "deploy done" を送信します if you approve。',
])
def test_english_outside_the_quotation_is_still_read(pre: str) -> None:
    assert _send(pre) != "ok"


@pytest.mark.parametrize("pre", [
    '我来向 #ops 发送 "deploy done"。',
    '我向 #ops 发送消息 "deploy done"。',
])
def test_a_coverb_of_the_addressee_before_the_verb(pre: str) -> None:
    # 向 puts whom the step is addressed to before the verb, as 给 does (h40e)
    assert _send(pre) == "ok"
    assert _send(pre, "deploy failed") != "ok"  # the quoted value is still the call's
    assert _send(pre.replace("向 #ops", "向用户")) != "ok"  # and a party there still refuses
