"""h38c (issue 25, round 58): time words and sentence-final particles the lexicons lacked.

- Past and future time words of Chinese, Japanese and Korean ([g-recap], [g-deferral]: "早就",
  "从前", "前几天", "今后", "迟早"; "この前", "昔", "かつて", "近々", "今後", "間もなく"; "원래",
  "벌써", "예전에", "머지않아", "조만간", "향후"): the step was taken then, or waits (rules
  ``recap``, ``conditional``). Chinese "我将来" is cut whole, so "我将" + "来" is not read there.
- The Chinese experiential aspect particle ([g-past-aspect] 过) as a word of its own right
  after a verb ("我删除过 `x`"): rule ``recap`` (``finalwords``); inside a word ("过期",
  "过程") it is never cut out.
- Thai sentence-final particles (``finalwords``): a connective that closes its sentence and is
  a recap word ("… แล้ว", already done), a "whether or not" ([g-or-not]: "… หรือไม่",
  "… หรือยัง") with no inquiry before it, and "help" opening a sentence with no opener and a
  request's softener closing it ([g-request-final]: "ช่วย … หน่อย") refuse; so does "help"
  right before a first-person opener ("帮我删除", "ช่วยฉันลบ", "giúp tôi xóa": help me delete).
"""

from __future__ import annotations

import pytest

from leakcall.intent.tables import tongue
from leakcall.intent.words import tokenize
from tests.intent_sets import recover_after, string_tool

FILES = [string_tool("delete_file", "Delete a file.", "path"),
         string_tool("read_file", "Read a file.", "path")]


def _delete(pre: str) -> str:
    r = recover_after(pre, FILES, ("delete_file", {"path": "old.log"}))
    return "ok" if r.reason == "ok" else str(r.rule)


TIMES = [
    # Chinese: a time gone by, the experiential 过, a time to come
    ("我删除过 `old.log`。", "recap"),
    ("我清理过 `old.log`。", "recap"),
    ("我早就删除 `old.log`。", "recap"),
    ("我从前删除 `old.log`。", "recap"),
    ("我前几天删除 `old.log`。", "recap"),
    ("我去年删除 `old.log`。", "recap"),
    ("我们去年删除 `old.log`。", "recap"),
    ("我将来删除 `old.log`。", "conditional"),
    ("我们将来删除 `old.log`。", "conditional"),
    ("我今后删除 `old.log`。", "conditional"),
    ("我迟早删除 `old.log`。", "conditional"),
    ("我近期删除 `old.log`。", "conditional"),
    # Japanese
    ("この前 `old.log` を削除します。", "recap"),
    ("かつて `old.log` を削除します。", "recap"),
    ("昨年 `old.log` を削除します。", "recap"),
    ("近々 `old.log` を削除します。", "conditional"),
    ("今後 `old.log` を削除します。", "conditional"),
    ("間もなく `old.log` を削除します。", "conditional"),
    ("将来 `old.log` を削除します。", "conditional"),
    # Korean
    ("원래 `old.log` 를 삭제합니다.", "recap"),
    ("벌써 `old.log` 를 삭제합니다.", "recap"),
    ("예전에 `old.log` 를 삭제합니다.", "recap"),
    ("작년에 `old.log` 를 삭제합니다.", "recap"),
    ("머지않아 `old.log` 를 삭제합니다.", "conditional"),
    ("조만간 `old.log` 를 삭제합니다.", "conditional"),
    ("향후 `old.log` 를 삭제합니다.", "conditional"),
]


@pytest.mark.parametrize(("pre", "rule"), TIMES)
def test_past_and_future_time_words_refuse(pre: str, rule: str) -> None:
    assert _delete(pre) == rule, pre


PLAIN = [
    "我来删除 `old.log`。",
    "我将删除 `old.log`。",
    "我现在删除 `old.log`。",
    "`old.log` を削除します。",
    "今 `old.log` を削除します。",
    "`old.log` 를 삭제합니다.",
    "지금 `old.log` 를 삭제합니다.",
    "ลบ `old.log`",
    "ฉันจะลบ `old.log`",
    "ฉันจะช่วยลบ `old.log`",
    "ฉันจะลบ `old.log` ให้",
    "我来帮你删除 `old.log`。",
    "我帮你删除 `old.log`。",
]


@pytest.mark.parametrize("pre", PLAIN)
def test_plain_siblings_recover(pre: str) -> None:
    assert _delete(pre) == "ok", pre


@pytest.mark.parametrize("sentence", ["我来删除过期的日志", "我来检查部署过程", "我来确认测试通过"])
def test_past_aspect_is_never_cut_inside_a_word(sentence: str) -> None:
    t = tongue("zh")
    assert t is not None
    assert not any(x.kind == "!recap" for x in tokenize(sentence, t)), sentence


REQUESTS = [
    ("ลบ `old.log` แล้ว", "recap"),
    ("ฉันลบ `old.log` แล้ว", "recap"),
    ("ลบ `old.log` หรือไม่", "question"),
    ("ลบ `old.log` หรือยัง", "question"),
    ("ช่วยลบ `old.log` หน่อย", "other-actor"),
    ("ช่วยลบ `old.log` ให้หน่อย", "other-actor"),
    ("ช่วยลบ `old.log` ด้วย", "other-actor"),
    ("ช่วยลบ `old.log` ให้ที", "other-actor"),
    # "help me": the reader is asked, in any language whose "help" precedes its opener
    ("ช่วยฉันลบ `old.log`", "other-actor"),
    ("帮我删除 `old.log`。", "other-actor"),
    ("请帮我删除 `old.log`。", "other-actor"),
    ("Giúp tôi xóa `old.log`", "other-actor"),
]


@pytest.mark.parametrize(("pre", "rule"), REQUESTS)
def test_final_particles_and_requests_refuse(pre: str, rule: str) -> None:
    assert _delete(pre) == rule, pre


def test_thai_then_between_steps_recovers() -> None:
    r = recover_after("ลบ `old.log` แล้วอ่าน `new.log`", FILES,
                      ("delete_file", {"path": "old.log"}), ("read_file", {"path": "new.log"}))
    assert r.reason == "ok", (r.rule, r.detail)


def test_thai_whether_after_inquiry_recovers() -> None:
    r = recover_after("ตรวจสอบว่า `old.log` มีอยู่หรือไม่", FILES, ("read_file", {"path": "old.log"}))
    assert r.reason == "ok", (r.rule, r.detail)
