"""h38b (issue 25, round 58 G2 and G6): habit and frequency words ("usually", "every day",
보통, 時々, luôn, มักจะ) refuse as conditions ([g-condition], rule ``conditional``); hedges
and counterfactuals ("probably", 아마, 本来) are function words with no place in an
announcement ([g-function], rule ``unknown-preamble``), inert in reasoning; "never" and
"almost" words whose negator is left out
(결코, 다시는, 再也, 거의, 하마터면) as negations ([g-negation], rule ``negation``);
supposition ("suppose", 가령, "Допустим") as a framing ([g-framing], rule
``declared-example``). English keeps no frequency words: its habitual forms are refused by
the grammar already, and "every month" carried by a scheduled payment or "always return True"
said of code are steps. Each class is filled in every lexicon language; the plain announcement
without the word is recovered."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, keyed_tool, typed_tool

TOOLS = [keyed_tool("delete_file", "path"), keyed_tool("run_command", "command"),
         keyed_tool("git_push", "remote", "branch"),
         typed_tool("transfer_funds", amount="number", to_account="string")]
DELETE = ("delete_file", {"path": "prod.db"})
RM = ("run_command", {"command": "rm -rf /srv/data"})
PUSH = ("git_push", {"remote": "origin", "branch": "main"})
PAY = ("transfer_funds", {"amount": 500, "to_account": "ACC-1"})

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)

# (refused reply, its plain sibling, call)
HABIT = [
    ("보통 `prod.db` 를 삭제합니다.", "`prod.db` 를 삭제합니다.", DELETE),
    ("종종 `prod.db` 를 삭제합니다.", "지금 `prod.db` 를 삭제합니다.", DELETE),
    ("평소에 `main` 을 `origin` 에 푸시합니다.", "`main` 을 `origin` 에 푸시합니다.", PUSH),
    ("`rm -rf /srv/data` 를 실행하곤 합니다.", "`rm -rf /srv/data` 를 실행합니다.", RM),
    ("たまに `prod.db` を削除します。", "今 `prod.db` を削除します。", DELETE),
    ("しばしば `rm -rf /srv/data` を実行します。", "`rm -rf /srv/data` を実行します。", RM),
    ("Tôi luôn xóa `prod.db`.", "Tôi sẽ xóa `prod.db`.", DELETE),
    ("Tôi thỉnh thoảng chuyển 500 đô cho `ACC-1`.", "Tôi chuyển 500 đô cho `ACC-1`.", PAY),
    ("ฉันมักจะลบ `prod.db`", "ฉันจะลบ `prod.db`", DELETE),
    ("ฉันบางครั้งลบ `prod.db`", "ฉันจะลบ `prod.db`", DELETE),
    ("我经常删除 `prod.db`。", "我删除 `prod.db`。", DELETE),
    ("我每次删除 `prod.db`。", "我来删除 `prod.db`。", DELETE),
    ("Обычно удаляю `prod.db`.", "Удаляю `prod.db`.", DELETE),
    ("Ich lösche `prod.db` jeden Tag.", "Ich lösche `prod.db`.", DELETE),
    ("Suelo borrar `prod.db`.", "Borro `prod.db`.", DELETE),
    ("Je supprime souvent `prod.db`.", "Je supprime `prod.db`.", DELETE),
    ("Saya biasanya menghapus `prod.db`.", "Saya menghapus `prod.db`.", DELETE),
    ("`prod.db` dosyasını her gün siliyorum.", "`prod.db` dosyasını siliyorum.", DELETE),
]

HEDGE = [
    ("아마 `users` 를 삭제합니다.", "`users` 를 삭제합니다.",
     ("delete_file", {"path": "users"})),
    ("어쩌면 `prod.db` 를 삭제합니다.", "`prod.db` 를 삭제합니다.", DELETE),
    ("원래는 `main` 을 `origin` 에 푸시합니다.", "`main` 을 `origin` 에 푸시합니다.", PUSH),
    ("多分 `prod.db` を削除します。", "`prod.db` を削除します。", DELETE),
    ("本来は `prod.db` を削除します。", "`prod.db` を削除します。", DELETE),
    ("我本来删除 `prod.db`。", "我删除 `prod.db`。", DELETE),
    ("Tôi có lẽ xóa `prod.db`.", "Tôi xóa `prod.db`.", DELETE),
]

NEVER = [
    ("결코 `rm -rf /srv/data` 를 실행합니다.", "`rm -rf /srv/data` 를 실행합니다.", RM),
    ("두 번 다시 `prod.db` 를 삭제합니다.", "`prod.db` 를 삭제합니다.", DELETE),
    ("하마터면 `prod.db` 를 삭제합니다.", "`prod.db` 를 삭제합니다.", DELETE),
    ("거의 `prod.db` 를 삭제합니다.", "`prod.db` 를 삭제합니다.", DELETE),
    ("我再也删除 `prod.db`。", "我再删除 `prod.db`。", DELETE),
    ("我差点删除 `prod.db`。", "我删除 `prod.db`。", DELETE),
    ("二度と `prod.db` を削除します。", "`prod.db` を削除します。", DELETE),
    ("Tôi suýt xóa `prod.db`.", "Tôi xóa `prod.db`.", DELETE),
    ("ฉันเกือบลบ `prod.db`", "ฉันจะลบ `prod.db`", DELETE),
    ("Saya hampir menghapus `prod.db`.", "Saya menghapus `prod.db`.", DELETE),
    ("`prod.db` dosyasını neredeyse siliyorum.", "`prod.db` dosyasını siliyorum.", DELETE),
]

SUPPOSE = [
    ("가령 `main` 을 `origin` 에 푸시합니다.", "`main` 을 `origin` 에 푸시합니다.", PUSH),
    ("이를테면 `prod.db` 를 삭제합니다.", "`prod.db` 를 삭제합니다.", DELETE),
    ("Допустим, удаляю `prod.db`.", "Удаляю `prod.db`.", DELETE),
    ("Предположим, запущу `rm -rf /srv/data`.", "Запущу `rm -rf /srv/data`.", RM),
    ("Giả sử tôi xóa `prod.db`.", "Tôi xóa `prod.db`.", DELETE),
    ("Misalkan saya menghapus `prod.db`.", "Saya menghapus `prod.db`.", DELETE),
]


def _ids(rows: list[tuple[str, str, tuple[str, dict[str, object]]]]) -> list[str]:
    return [r[0] for r in rows]


@pytest.mark.parametrize(("reply", "plain", "call"), HABIT, ids=_ids(HABIT))
def test_habit_refuses_as_a_condition(reply: str, plain: str,
                                      call: tuple[str, dict[str, object]]) -> None:
    _refused(reply, *call, "conditional")
    _ok(plain, *call)


@pytest.mark.parametrize(("reply", "plain", "call"), HEDGE, ids=_ids(HEDGE))
def test_hedge_has_no_place(reply: str, plain: str, call: tuple[str, dict[str, object]]) -> None:
    _refused(reply, *call, "unknown-preamble")
    _ok(plain, *call)


@pytest.mark.parametrize(("reply", "plain", "call"), NEVER, ids=_ids(NEVER))
def test_never_and_almost_refuse_as_negations(reply: str, plain: str,
                                              call: tuple[str, dict[str, object]]) -> None:
    _refused(reply, *call, "negation")
    _ok(plain, *call)


@pytest.mark.parametrize(("reply", "plain", "call"), SUPPOSE, ids=_ids(SUPPOSE))
def test_supposition_refuses_as_framing(reply: str, plain: str,
                                        call: tuple[str, dict[str, object]]) -> None:
    _refused(reply, *call, "declared-example")
    _ok(plain, *call)
