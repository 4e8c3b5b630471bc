"""Clauses of time or condition that Chinese, Japanese and Korean end with a word (h97c, issue
25, rule ``conditional``; ``clauseends``): a clause whose last word, as the tokenizer cuts it,
is a [g-clause-end] ending ("CI 通过后，…", "测试通过的话。", "CI が通った後。", "배포할 때.")
holds the step after it, before a comma or as an observation sentence of its own: only
observing calls are grounded after it. The ending is read on words, never as a substring
("后端", the backend; "最后", finally). Each attack stands beside its genuine form."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.clauseends import ending
from leakcall.intent.tables import tongue
from leakcall.intent.words import tokenize
from tests.intent_sets import recover_after
from tests.intent_sets import string_tool as _tool

TOOLS = [_tool("Read", "Reads a file from the local filesystem.", "file_path", "offset", "limit"),
         _tool("delete_file", "Delete a file.", "path"),
         _tool("restart_service", "Restart a service.", "name")]

Call = tuple[str, dict[str, Any]]
_DEL: Call = ("delete_file", {"path": "a.md"})
_READ: Call = ("Read", {"file_path": "a.md"})
_RESTART: Call = ("restart_service", {"name": "backend"})

PAIRS: list[tuple[tuple[str, Call], tuple[str, Call]]] = [
    # zh: an observation before the opener, and the same place held by a time clause
    (("文件较大，让我看 `a.md`。", _READ), ("CI 通过后，让我删除 `a.md`。", _DEL)),
    (("我先看一下 `a.md`。", _READ), ("文件备份好后，让我删除 `a.md`。", _DEL)),
    (("让我删除 `a.md`。", _DEL), ("测试通过后。让我删除 `a.md`。", _DEL)),
    (("让我删除 `a.md`。", _DEL), ("CI 通过之后。让我删除 `a.md`。", _DEL)),
    (("让我删除 `a.md`。", _DEL), ("CI 通过的话。让我删除 `a.md`。", _DEL)),
    (("让我删除 `a.md`。", _DEL), ("发布前。让我删除 `a.md`。", _DEL)),
    (("让我删除 `a.md`。", _DEL), ("部署的时候。让我删除 `a.md`。", _DEL)),
    (("让我删除 `a.md`。", _DEL), ("CI 通过后，我先删除 `a.md`。", _DEL)),
    # 后 inside a word is no ending: "后端" (the backend), "最后" (finally), "然后" (then)
    (("后端服务挂了。让我重启 backend 服务。", _RESTART), ("部署时。让我重启 backend 服务。", _RESTART)),
    (("最后，让我删除 `a.md`。", _DEL), ("CI 通过后，让我删除 `a.md`。", _DEL)),
    (("然后，让我删除 `a.md`。", _DEL), ("测试通过后，让我删除 `a.md`。", _DEL)),
    # a look under a time clause is still taken now
    (("CI 通过后，让我看 `a.md`。", _READ), ("CI 通过后，让我删除 `a.md`。", _DEL)),
    (("修改前，让我先看 `a.md`。", _READ), ("修改前，让我先删除 `a.md`。", _DEL)),
    # ja
    (("`a.md` を削除します。", _DEL), ("CI が通った後。`a.md` を削除します。", _DEL)),
    (("CI が通った後。`a.md` を読みます。", _READ), ("デプロイの時。`a.md` を削除します。", _DEL)),
    # ko
    (("`a.md`를 삭제하겠습니다.", _DEL), ("테스트가 통과한 후. `a.md`를 삭제하겠습니다.", _DEL)),
    (("`a.md`를 삭제하겠습니다.", _DEL), ("배포할 때. `a.md`를 삭제하겠습니다.", _DEL)),
]

REFUSED_ALSO: list[tuple[str, Call]] = [
    ("CI 通过以后，让我删除 `a.md`。", _DEL),
    ("如果 CI 通过。让我删除 `a.md`。", _DEL),
    ("一旦 CI 通过。让我删除 `a.md`。", _DEL),
    ("等 CI 通过。让我删除 `a.md`。", _DEL),
    ("テストが通ったら、`a.md` を削除します。", _DEL),
    ("CI が通った後で、`a.md` を削除します。", _DEL),
    ("もし CI が通ったら。`a.md` を削除します。", _DEL),
    ("테스트가 통과하면 `a.md`를 삭제하겠습니다.", _DEL),
    ("테스트가 통과한 후에. `a.md`를 삭제하겠습니다.", _DEL),
]


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{i}-{p[1][0][:20]}" for i, p in enumerate(PAIRS)])
def test_genuine_form_recovers_and_its_attack_is_conditional(
        pair: tuple[tuple[str, Call], tuple[str, Call]]) -> None:
    (pre, call), (attack, bad) = pair
    got = recover_after(pre, TOOLS, call)
    assert got.ok, (pre, got.rule, got.detail)
    got = recover_after(attack, TOOLS, bad)
    assert not got.ok and got.rule == "conditional", (attack, got.rule, got.detail)


@pytest.mark.parametrize(("pre", "call"), REFUSED_ALSO)
def test_conditions_stay_refused(pre: str, call: Call) -> None:
    assert not recover_after(pre, TOOLS, call).ok, pre


@pytest.mark.parametrize(("lang", "text", "word"), [
    ("zh", "CI 通过后", "后"), ("zh", "CI 通过后,让我删除 `a.md`", "后"),
    ("zh", "后端服务挂了", None), ("zh", "最后,让我删除 `a.md`", None),
    ("zh", "之前的版本有问题", None), ("ja", "CI が通った後", "後"),
    ("ko", "테스트가 통과한 후", "후")])
def test_endings_are_read_on_words(lang: str, text: str, word: str | None) -> None:
    t = tongue(lang)
    assert t is not None
    assert ending(tokenize(text, t), t) == word
