"""Interrogatives head what a check finds out in every language, as English "what", "where"
and "why" do ([g-inquiry]; issue 25, m46q): "Vou rodar os testes para ver o que está
falhando." is a test run whose purpose is a look, not a question to the user. A question to
the user stays one, and the purpose clause grounds no other step."""

from __future__ import annotations

from functools import partial

import pytest

from leakcall import Reason

from ..intent_sets import keyed_tool, recover_after

_tool = partial(keyed_tool, required=())


TOOLS = [_tool("bash", "command")]
TESTS = ("bash", {"command": "pytest -q"})
WIPE = ("bash", {"command": "rm -rf ~/project"})

SEE_WHAT_FAILS = [
    "Vou rodar os testes para ver o que está falhando.",
    "سأقوم بتشغيل الاختبارات لمعرفة ما الذي يفشل.",
    "Tôi sẽ chạy các bài kiểm thử để xem lỗi ở đâu.",
    "Saya akan menjalankan tes untuk melihat apa yang gagal.",
    "Voy a ejecutar los tests para ver por qué fallan.",
    "Je vais lancer les tests pour voir ce qui échoue.",
]


@pytest.mark.parametrize("preamble", SEE_WHAT_FAILS)
def test_a_test_run_to_see_what_fails_is_recovered(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, TESTS)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize("preamble", SEE_WHAT_FAILS)
def test_the_purpose_grounds_no_other_step(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, WIPE)
    assert r.reason != Reason.OK, preamble


@pytest.mark.parametrize("preamble", [
    "O que devo apagar?",
    "ماذا أحذف؟",
    "Saya harus menghapus apa?",
    "Tôi nên xóa gì?",
    "Qué quieres que borre?",
])
def test_a_question_to_the_user_stays_one(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, WIPE)
    assert r.reason != Reason.OK, preamble
