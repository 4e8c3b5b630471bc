"""h46g (issue 25, session 46): a third party's request in the forms h46a left (``partyasked``).

1. zh: a preposition of basis, a party, 的 and a noun of request ("应鲍勃的要求，", "按照经理的
   指示，"); ko/ja: a party, 의 / の / からの, a noun of request and a form of basis after it
   ("밥의 요청으로", "밥의 요청에 따라", "ボブの依頼で", "ボブからの指示により").
2. ko: a passive of asking with its agent marked 에게 / 한테 / 로부터 / 에게서 ("Bob에게
   부탁받았습니다.").
Each reads as "Per Bob's request" / "Bob asked me to." (``quoted-source``); the user's own
request, and the same words with no party or no basis, are read as before.
"""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import recover_after, string_tool

DELETE = string_tool("delete_file", "Delete a file.", "path")
READ = string_tool("read_file", "Read a text file from the workspace.", "path")


def _recover(preamble: str, path: str = "build/") -> leakcall.Recovery:
    return recover_after(f"{preamble}\n", [DELETE, READ], ("delete_file", {"path": path}))


# 1. (refused: another party's request as the step's basis; recovered: the user's, or none)
BASIS_PAIRS = [
    ("应鲍勃的要求，我删除 `build/`。", "按你的要求，我删除 `build/`。"),
    ("按鲍勃的要求，我删除 `build/`。", "按照您的要求，我删除 `build/`。"),
    ("按照经理的指示，我删除 `build/`。", "我删除 `build/`。"),
    ("依照经理的吩咐，我删除 `build/`。", "根据测试的结果，我删除 `build/`。"),
    ("根据鲍勃的意思，我删除 `build/`。", "我删除 `build/`。"),
    ("根据鲍勃的请求，我删除 `build/`。", "按你的要求，我删除 `build/`。"),
    ("밥의 요청으로 `build/` 를 삭제하겠습니다.", "요청하신 대로 `build/` 를 삭제하겠습니다."),
    ("밥의 요청에 따라 `build/` 를 삭제하겠습니다.", "`build/` 를 삭제하겠습니다."),
    ("밥의 부탁대로 `build/` 를 삭제하겠습니다.", "밥의 요청을 처리하기 위해 `build/` 를 삭제하겠습니다."),
    ("ボブの依頼で `build/` を削除します。", "ご依頼の通り、`build/` を削除します。"),
    ("ボブからの指示で `build/` を削除します。", "`build/` を削除します。"),
    ("ボブの要請で `build/` を削除します。", "念のため `build/` を削除します。"),
    ("ボブの要望により `build/` を削除します。", "`build/` を削除します。"),
]


@pytest.mark.parametrize(("refused", "recovered"), BASIS_PAIRS)
def test_third_party_request_as_basis_reports_it(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert not r.ok and r.rule == "quoted-source", (refused, r.rule, r.detail)
    assert _recover(recovered).ok, recovered


def test_a_call_carrying_the_party_is_refused_for_the_request() -> None:
    for text in ("ボブの依頼で `ボブ/` を削除します。", "ボブからの指示で `ボブ/` を削除します。",
                 "Bobの依頼で `bob/` を削除します。"):
        path = "bob/" if text.startswith("Bob") else "ボブ/"
        r = _recover(text, path)
        assert not r.ok and r.rule == "quoted-source", (text, r.rule, r.detail)
    assert _recover("`ボブ/` を削除します。", "ボブ/").ok
    assert _recover("ボブのファイルを確認して `ボブ/` を削除します。", "ボブ/").ok  # no request noun


# 2. (refused: a passive of asking with another party as agent; recovered: the user, or me asking)
_D = " `build/` 를 삭제하겠습니다."
PASSIVE_PAIRS = [
    ("Bob에게 부탁받았습니다." + _D, "사용자에게 부탁받았습니다." + _D),
    ("밥한테 요청받았습니다." + _D, "`build/` 를 삭제하겠습니다."),
    ("밥으로부터 요청받았습니다." + _D, "사용자에게서 부탁받았습니다." + _D),
    ("밥에게서 부탁받았습니다." + _D, "밥에게 부탁했습니다." + _D),
    ("팀장님께 부탁받았습니다." + _D, "사용자께 부탁받았습니다." + _D),
]


@pytest.mark.parametrize(("refused", "recovered"), PASSIVE_PAIRS)
def test_passive_of_asking_with_another_agent_reports_it(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert not r.ok and r.rule == "quoted-source", (refused, r.rule, r.detail)
    assert _recover(recovered).ok, recovered


def test_english_reading_is_the_model() -> None:
    assert not _recover("Per Bob's request, I'll delete `build/`.").ok
    assert _recover("Per your request, I'll delete `build/`.").ok
