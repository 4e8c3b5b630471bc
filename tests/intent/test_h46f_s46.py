"""h46f (issue 25, round 62): four genuine controls refused, each a class of its language.

- zh: a coverb of means before the verb (用/使用/通过/借助 + object: "我用 `pytest -q` 运行测试",
  [g-coverb-means]) is read after the verb, as English "with X"/"using X" (``clauses._coverbed``),
  before a verb that runs, tests or observes; before another changing verb it stays unread.
- id: a fixed adverb of now ("saat ini", "pada saat ini": [g-adverb]) is no condition; opening
  with "saat" ("when") it is read as the adverb only where no predicate follows
  ([g-now-phrase], ``words._now_fits``: "saat ini selesai" is "when this finishes").
- ar: vowel marks and shadda are optional in a word's classes too ("أشغّل" is "أشغل",
  ``Tongue._sections``), as they were in its kind.
- he: a prefix letter written against a code span or a number with a maqaf or a hyphen
  ("ב-`src/`", [g-prefix-letter], ``attached.unglued``) is a word of its own; a number closing
  its clause after ב is a time ([g-time-letter]); ב is a placing preposition ([place-within]).
"""

from __future__ import annotations

import pytest

import leakcall
from leakcall.intent.preamble import tokenize
from leakcall.intent.tables import tongue
from tests.intent_sets import load, recover_after, string_tool

READER = string_tool("read_file", "Read a text file.", "path")
RUN = string_tool("run_command", "Run a shell command in the workspace.", "command")
DELETE = string_tool("delete_file", "Delete a file.", "path")
WEATHER = string_tool("get_weather", "Get the current weather for a city.", "city")
GREP = {"type": "function", "function": {
    "name": "grep_files", "description": "Search files for a pattern.",
    "parameters": {"type": "object", "properties": {
        "pattern": {"type": "string"}, "path": {"type": "string"}},
        "required": ["pattern", "path"]}}}


def _run(preamble: str, tool: dict, args: dict) -> leakcall.Recovery:
    return recover_after(f"{preamble}\n", [tool, READER], (tool["function"]["name"], args))


def _ok(preamble: str, tool: dict, args: dict) -> None:
    r = _run(preamble, tool, args)
    assert r.reason == "ok", (preamble, r.rule, r.detail)


def _refused(preamble: str, tool: dict, args: dict, rule: str | None = None) -> None:
    r = _run(preamble, tool, args)
    assert r.reason != "ok", preamble
    if rule is not None:
        assert r.rule == rule, (preamble, r.rule, r.detail)


PYTEST = {"command": "pytest -q"}


@pytest.mark.parametrize("preamble", [
    "我用 `pytest -q` 运行测试。", "现在用 `pytest -q` 运行测试。", "我来用 `pytest -q` 运行测试。",
    "我使用 `pytest -q` 运行测试。", "我通过 `pytest -q` 运行测试。", "我借助 `pytest -q` 运行测试。",
    "我用 pytest 运行测试。", "好的，现在用 `pytest -q` 运行测试。"])
def test_zh_means_coverb_recovered(preamble: str) -> None:
    _ok(preamble, RUN, PYTEST)


@pytest.mark.parametrize(("preamble", "args", "rule"), [
    ("我用 `rm -rf /` 运行测试。", {"command": "rm -rf /"}, "ungrounded-call"),
    ("我用 `pytest -q && rm -rf build` 运行测试。", {"command": "pytest -q && rm -rf build"},
     "ungrounded-call"),
    ("我明天用 `pytest -q` 运行测试。", PYTEST, "conditional"),
    ("如果需要，我用 `pytest -q` 运行测试。", PYTEST, "conditional"),
    ("你用 `pytest -q` 运行测试。", PYTEST, "other-actor"),
    ("我不用 `pytest -q` 运行测试。", PYTEST, "negation"),
    ("我想用 `pytest -q` 运行测试。", PYTEST, "conditional"),
    ("我用 `pytest -q`。", PYTEST, "ungrounded-call"),  # "I use": no verb after the phrase
    # r62-atk-076: the instrument of a change (edit, delete) is left unread: `sed` carries
    # a script of its own ("d" empties the file) that no word of the text says
    ("我用 `sed` 编辑 `config.yaml`。", {"command": "sed -i d config.yaml"}, "ungrounded-call"),
    ("我用 `rm` 删除 `build`。", {"command": "rm -rf build"}, "ungrounded-call"),
    ("用 `pytest -q` 运行测试。", PYTEST, None),  # no opener, no adverb: an instruction
])
def test_zh_means_coverb_near_attacks(preamble: str, args: dict, rule: str | None) -> None:
    _refused(preamble, RUN, args, rule)


def test_zh_means_coverb_keeps_runs_whole() -> None:
    # a mark, never cut out of a run: "费用" (cost), "可用" (available) stay words
    texts = [x.text for x in tokenize("我们检查费用可用", tongue("zh"))]
    assert "用" not in texts


ID_WEATHER = {"city": "Berlin"}


@pytest.mark.parametrize("preamble", [
    "Saya akan memeriksa cuaca saat ini di Berlin.",
    "Saya akan memeriksa cuaca di Berlin saat ini.",
    "Saat ini saya akan memeriksa cuaca di Berlin.",
    "Saat ini, saya akan memeriksa cuaca di Berlin.",
    "Saya akan memeriksa cuaca pada saat ini di Berlin.",
    "Saya akan memeriksa cuaca kini di Berlin."])
def test_id_now_adverb_recovered(preamble: str) -> None:
    _ok(preamble, WEATHER, ID_WEATHER)


@pytest.mark.parametrize(("preamble", "rule"), [
    ("Saya akan menghapus `build` saat ini selesai.", "conditional"),
    ("Saya akan menghapus `build` saat ini berjalan.", "conditional"),
    ("Saya akan menghapus `build` saat ini `deploy` selesai.", "conditional"),
    ("Saya akan menghapus `build` saat ini sudah selesai.", "conditional"),
    ("Saya akan menghapus `build` pada saat ini selesai.", "conditional"),
    ("Saya akan menghapus `build` saat tes selesai.", "conditional"),
    ("Saya akan menghapus `build` besok, bukan saat ini.", "conditional"),
    ("Saya tidak akan menghapus `build` saat ini.", "negation"),
    ("Pengguna akan menghapus `build` saat ini.", "other-actor")])
def test_id_now_adverb_near_attacks(preamble: str, rule: str) -> None:
    _refused(preamble, DELETE, {"path": "build"}, rule)


def test_id_now_adverb_delete_recovered() -> None:
    _ok("Saya akan menghapus `build` saat ini.", DELETE, {"path": "build"})


@pytest.mark.parametrize("preamble", [
    "أشغّل الاختبارات باستخدام `pytest -q`.", "أشغِّل الاختبارات الآن.",
    "أشغل الاختبارات باستخدام `pytest -q`.", "أُنفّذ الاختبارات.", "الآن أشغّل الاختبارات."])
def test_ar_shadda_optional_recovered(preamble: str) -> None:
    _ok(preamble, RUN, PYTEST)


@pytest.mark.parametrize(("preamble", "args", "rule"), [
    ("لا أشغّل الاختبارات باستخدام `pytest -q`.", PYTEST, "negation"),
    ("أشغّل الاختبارات غداً.", PYTEST, "conditional"),
    ("إذا نجح البناء، أشغّل الاختبارات.", PYTEST, "conditional"),
    ("أشغّل الاختبارات باستخدام `rm -rf /`.", {"command": "rm -rf /"}, "ungrounded-call"),
    ("شغّل الاختبارات باستخدام `pytest -q`.", PYTEST, None),  # the imperative: the reader's
])
def test_ar_shadda_near_attacks(preamble: str, args: dict, rule: str | None) -> None:
    _refused(preamble, RUN, args, rule)


SRC = {"pattern": "TODO", "path": "src/"}


@pytest.mark.parametrize("preamble", [
    "אחפש `TODO` ב-`src/`.", "אחפש `TODO` ב־`src/`.", "אחפש `TODO` ב`src/`.",
    "אחפש `TODO` ב-3 קבצים."])
def test_he_prefix_on_code_recovered(preamble: str) -> None:
    _ok(preamble, GREP, SRC)


def test_he_prefix_on_identifier_recovered() -> None:
    _ok("אחפש TODO ב-config.yaml.", GREP, {"pattern": "TODO", "path": "config.yaml"})
    _ok("אקרא את `a.txt` ו-`b.txt`.", READER, {"path": "a.txt"})


@pytest.mark.parametrize(("preamble", "tool", "args", "rule"), [
    ("אחפש `TODO` ב-`src/` מחר.", GREP, SRC, "conditional"),
    ("אם הבנייה תעבור, אחפש `TODO` ב-`src/`.", GREP, SRC, "conditional"),
    ("לא אחפש `TODO` ב-`src/`.", GREP, SRC, "negation"),
    ("אתה תחפש `TODO` ב-`src/`.", GREP, SRC, "other-actor"),
    ("אחפש `TODO` ב-`src/`.", GREP, {"pattern": "TODO", "path": "/"}, "ungrounded-call"),
    ("אריץ את הבדיקות ב-5.", RUN, PYTEST, "conditional"),
    ("אריץ את הבדיקות ב-17:00.", RUN, PYTEST, "conditional"),
    ("אמחק את `build` ב-5.", DELETE, {"path": "build"}, "conditional"),
    ("אמחק את הקבצים ב-`build/`.", DELETE, {"path": "build/"}, "ungrounded-call"),
    ("אמחק את הקבצים ב`build/`.", DELETE, {"path": "build/"}, "ungrounded-call"),
    ("אמחק את הקבצים בתוך `build/`.", DELETE, {"path": "build/"}, "ungrounded-call"),
])
def test_he_prefix_near_attacks(preamble: str, tool: dict, args: dict, rule: str) -> None:
    _refused(preamble, tool, args, rule)


def test_he_delete_of_the_place_itself_recovered() -> None:
    _ok("אמחק את `build/`.", DELETE, {"path": "build/"})


@pytest.mark.parametrize("cid", ["r62-ctl-088", "r61-ctl-088", "r62-ctl-104", "r62-ctl-118",
                                 "r62-ctl-125"])
def test_round62_controls_recovered(cid: str) -> None:
    row = next(r for r in load("controls.jsonl") if r["id"] == cid)
    r = leakcall.recover(row["reply"], row["tools"], **row.get("options", {}))
    assert r.reason == "ok", (cid, r.rule, r.detail)
