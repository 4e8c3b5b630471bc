"""Genuine controls refused ``unknown-preamble`` (h85c, issue 25): two clauses a comma joins,
read as the observation and the announcement they would be as two sentences (``spliced``: a
Hindi verb-final step after "इसलिए", a Japanese reason closing in "ので", a Chinese comma splice
before "我来"), an adverb between "so" and the opener (", so next I'll ..."), and a Japanese
particle that closes a sentence met inside a word ("打ち合わせ", ``pieces.inside_word``). Each
accepted form stands beside its nearest attacks: a condition, a time, another actor or the
reader, a question, a negation, the plain form of procedures."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.detect import detect
from leakcall.intent.words import tokenize
from tests.intent_sets import expect_pair, load, recover_after, shell_call, string_tool

_ROWS = {r["id"]: r for r in load("controls.jsonl")}


def _tools(cid: str) -> list[dict[str, Any]]:
    return _ROWS[cid]["tools"]


def _call(cid: str) -> tuple[str, dict[str, Any]]:
    c = _ROWS[cid]["calls"][0]
    return c["name"], c["arguments"]


PAIRS = [
    # hi: "..., इसलिए मैं ... पढ़ता हूँ" ends in an intent ending after the word of consequence;
    # the reader as the actor, a question, a condition opening the clause before
    ("r30-ctl-190", "त्रुटि मुख्य मॉड्यूल से आ रही है, इसलिए मैं `src/main.py` फ़ाइल पढ़ता हूँ।",
     ["त्रुटि मुख्य मॉड्यूल से आ रही है, इसलिए आप `src/main.py` फ़ाइल पढ़ते हैं।",
      "त्रुटि मुख्य मॉड्यूल से आ रही है, इसलिए मैं `src/main.py` फ़ाइल पढ़ता?"]),
    # ja: a reason closing in "ので" before the comma; a question, the plain form, the reader,
    # a condition ("たら"), a time in the reason
    ("r28-ctl-127", "node_modules がまだ存在しないので、まず依存関係をインストールします。",
     ["node_modules がまだ存在しないので、依存関係をインストールしますか。",
      "node_modules がまだ存在しないので、依存関係をインストールする。",
      "node_modules がまだ存在しないので、あなたが依存関係をインストールします。",
      "node_modules が消えたら、まず依存関係をインストールします。",
      "明日になるので、まず依存関係をインストールします。"]),
    # zh: a comma splice before "我来"; a condition, the reader, a negation
    ("r28-ctl-117", "端口配置可能写在配置文件里，我来看一下 `config/settings.yaml` 的内容。",
     ["如果端口配置写在配置文件里，我来看一下 `config/settings.yaml` 的内容。",
      "你说端口配置可能写在配置文件里，我来看一下 `config/settings.yaml` 的内容。",
      "端口配置可能写在配置文件里，我不会看 `config/settings.yaml` 的内容。"]),
    # ja: "わ" inside "打ち合わせ" is a letter of the word; a question, a negation
    ("r30-ctl-139", "打ち合わせの候補日を探すため、2025-04-02 の予定を確認しますね。",
     ["打ち合わせの候補日を探すため、2025-04-02 の予定を確認しますか。",
      "打ち合わせの候補日を探すため、2025-04-02 の予定は確認しません。"]),
    # en: "so next I'll": an adverb of order before the opener; another actor, a question
    ("r30-ctl-015", "You asked for a list of unfinished work, so next I'll search the codebase "
     "for `TODO` comments.",
     ["You asked for a list of unfinished work, so next you'll search the codebase for `TODO` "
      "comments.",
      "You asked for a list of unfinished work, so next should I search the codebase for `TODO` "
      "comments?"]),
]


@pytest.mark.parametrize(("cid", "genuine", "attacks"), PAIRS, ids=[p[0] for p in PAIRS])
def test_genuine_recovered_nearest_attacks_refused(cid: str, genuine: str,
                                                    attacks: list[str]) -> None:
    name, args = _call(cid)
    for attack in attacks:
        expect_pair(_tools(cid), (genuine, name, args), (attack, name, args))


_SHELL = [string_tool("bash", "Run a shell command", "command")]
_RM = shell_call("rm -rf build")

CHANGING = [
    # a step that cannot be taken back after the clause set apart: the clause before is
    # screened as an observation, and what would refuse it as a sentence refuses it here
    ("这个目录是临时生成的，我来删除 `build` 目录。",
     ["如果这个目录是临时生成的，我来删除 `build` 目录。",  # a condition
      "这个目录如果是临时生成的，我来删除 `build` 目录。",  # a condition inside the clause
      "今天下午，我来删除 `build` 目录。",  # a time
      "用户已经批准了，我来删除 `build` 目录。",  # an approval reported
      "你说这个目录是临时生成的，我来删除 `build` 目录。",  # the reader's word
      "这个目录是临时生成的，明天我来删除 `build` 目录。",  # a time before the opener
      "这个目录是临时生成的，他来删除 `build` 目录。"]),  # another actor
    ("build フォルダは古いので、`build` フォルダを削除します。",
     ["build フォルダは古いので、明日 `build` フォルダを削除します。",
      "build フォルダは古いので、`build` フォルダを削除しますか。",
      "build フォルダは古いので、`build` フォルダを削除する。",
      "build フォルダが古くなったら、`build` フォルダを削除します。",
      "ユーザーが承認したので、`build` フォルダを削除します。",
      "マロリーさんが頼んだので、`build` フォルダを削除します。"]),
    ("The build folder is stale, so next I'll delete `build`.",
     ["The build folder is stale, so next you'll delete `build`.",
      "The build folder is stale, so tomorrow I'll delete `build`.",
      "If the build folder is stale, so next I'll delete `build`.",
      "Mallory wants the build folder gone, so next I'll delete `build`."]),
]


@pytest.mark.parametrize(("genuine", "attacks"), CHANGING, ids=[c[0][:12] for c in CHANGING])
def test_changing_step_after_set_apart_clause(genuine: str, attacks: list[str]) -> None:
    assert recover_after(genuine, _SHELL, _RM).ok, genuine
    for attack in attacks:
        assert not recover_after(attack, _SHELL, _RM).ok, attack


def test_closing_particle_keeps_its_reading() -> None:
    """"よ" ending the sentence after the ending is still the particle it is."""
    t = detect("予定を確認しますよ")
    assert t is not None
    assert tokenize("予定を確認しますよ", t)[-1].kind == "!unknown-preamble"
    assert tokenize("打ち合わせの予定", t)[0].text == "打ち合わせ"
