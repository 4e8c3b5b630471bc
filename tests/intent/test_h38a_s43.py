"""h38a (issue 25, round 58 gaps G1 and G4): a verb that cancels, undoes or stops a step
([g-reverse]) announces no call that takes the step ("Anuluję usunięcie `prod.db`." +
``delete_file``), in every lexicon language; a call whose name says the undoing
(``cancel_order``) is still announced by it. An opener that plans or intends a step
([g-wish]: "我打算", "ik ben van plan", "ฉันตั้งใจจะ", "zamierzam") says a changing step is
wanted, not taken; a step that only observes is announced so. An opener that carries its
adverb ("我想 先") is that opener (``actors._headed``). Each refused reply beside its
recovered sibling."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [
    string_tool("delete_file", "Delete a file", "path"),
    string_tool("read_file", "Read a file", "path"),
    string_tool("drop_table", "Drop a database table", "table"),
    string_tool("cancel_order", "Cancel an order", "order_id"),
    string_tool("get_weather", "Current weather for a city", "city"),
]

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)

DB = {"path": "prod.db"}
USERS = {"table": "users"}
ORDER = {"order_id": "8812"}


# -- G1: a cancelled, undone or stopped step is no call that takes it ------------------------

@pytest.mark.parametrize(("pre", "plain", "name", "args"), [
    # Turkish: "iptal", "durdur*" (stop), "geri al*" (undo)
    ("`prod.db` silme işlemini iptal ediyorum.", "`prod.db` dosyasını siliyorum.",
     "delete_file", DB),
    ("`users` tablosunu silmeyi iptal edeceğim.", "`users` tablosunu siliyorum.",
     "drop_table", USERS),
    # Indonesian: "membatalkan", "menghentikan" (stop)
    ("Saya akan membatalkan penghapusan `prod.db`.", "Saya akan menghapus `prod.db`.",
     "delete_file", DB),
    ("Saya akan menghentikan penghapusan `prod.db`.", "Saya akan menghapus `prod.db`.",
     "delete_file", DB),
    # Hindi: रद्द (cancel), रोकना (stop)
    ("मैं `prod.db` का हटाना रद्द करता हूँ।", "मैं `prod.db` को हटाता हूँ।", "delete_file", DB),
    ("मैं `prod.db` का हटाना रोकता हूँ।", "मैं `prod.db` को हटाता हूँ।", "delete_file", DB),
    # Arabic: ألغي (cancel), أوقف (stop)
    ("سألغي حذف `prod.db`.", "سأحذف `prod.db`.", "delete_file", DB),
    ("سأوقف حذف `prod.db`.", "سأحذف `prod.db`.", "delete_file", DB),
    # Polish: anuluję, wstrzymuję (halt)
    ("Anuluję usunięcie `prod.db`.", "Usuwam `prod.db`.", "delete_file", DB),
    ("Wstrzymuję usuwanie `prod.db`.", "Usuwam `prod.db`.", "delete_file", DB),
    # Ukrainian: скасую (future form), зупиняю (stop)
    ("Скасую видалення `prod.db`.", "Видалю `prod.db`.", "delete_file", DB),
    ("Зупиняю видалення `prod.db`.", "Видалю `prod.db`.", "delete_file", DB),
    # Dutch: annuleer
    ("Ik annuleer het verwijderen van `prod.db`.", "Ik verwijder `prod.db`.", "delete_file", DB),
    # Thai: ยกเลิก (cancel), ระงับ (suspend), หยุด (stop)
    ("ฉันจะยกเลิกการลบ `prod.db`", "ฉันจะลบ `prod.db`", "delete_file", DB),
    ("ฉันจะระงับการลบ `prod.db`", "ฉันจะลบ `prod.db`", "delete_file", DB),
    ("ฉันจะหยุดลบ `prod.db`", "ฉันจะลบ `prod.db`", "delete_file", DB),
    # Czech: zastavím (stop)
    ("Zastavím mazání `prod.db`.", "Smažu `prod.db`.", "delete_file", DB),
    # Vietnamese: dừng (stop)
    ("Tôi sẽ dừng việc xóa `prod.db`.", "Tôi sẽ xóa `prod.db`.", "delete_file", DB),
    # Hebrew: אעצור (I'll stop)
    ("אעצור את מחיקת `prod.db`.", "אמחק את `prod.db`.", "delete_file", DB),
    # Chinese: 终止 (terminate)
    ("我来终止删除 `prod.db`。", "我来删除 `prod.db`。", "delete_file", DB),
])
def test_a_cancelled_step_is_no_call_taking_it(pre: str, plain: str, name: str,
                                               args: dict[str, Any]) -> None:
    _refused(pre, name, args)
    _ok(plain, name, args)


@pytest.mark.parametrize(("pre", "name", "args"), [
    ("Jag avbryter borttagningen av `prod.db`.", "delete_file", DB),
    # the thing itself as the object of a cancel verb of the delete kind: no deletion said
    ("Zruším `prod.db`.", "delete_file", DB),
    ("Zruším tabulku `users`.", "drop_table", USERS),
    ("אבטל את `prod.db`.", "delete_file", DB),
    ("אבטל את הטבלה `users`.", "drop_table", USERS),
    ("Jag avbryter `prod.db`.", "delete_file", DB),
    ("Jag avbryter tabellen `users`.", "drop_table", USERS),
    ("Tôi sẽ hủy bỏ `prod.db`.", "delete_file", DB),
    ("Tôi sẽ hủy bỏ bảng `users`.", "drop_table", USERS),
])
def test_a_cancel_verb_deletes_nothing(pre: str, name: str, args: dict[str, Any]) -> None:
    _refused(pre, name, args, "ungrounded-call")


@pytest.mark.parametrize("pre", [
    "Anuluję zamówienie 8812.",
    "Скасовую замовлення 8812.",
    "Ik annuleer bestelling 8812.",
    "Saya akan membatalkan pesanan 8812.",
    "سألغي الطلب 8812.",
    "8812 numaralı siparişi iptal ediyorum.",
    "Zruším objednávku 8812.",
    "Jag avbryter order 8812.",
    "Tôi sẽ hủy bỏ đơn hàng 8812.",
    "אבטל את הזמנה 8812.",
    "मैं ऑर्डर 8812 रद्द करता हूँ।",
])
def test_a_cancel_verb_announces_a_cancelling_tool(pre: str) -> None:
    _ok(pre, "cancel_order", ORDER)


# -- G4: an opener that plans or intends a step wishes for it ---------------------------------

@pytest.mark.parametrize(("pre", "plain"), [
    ("我打算删除 `prod.db`。", "我打算查看 `prod.db`。"),
    ("我打算先删除 `prod.db`。", "我打算先查看 `prod.db`。"),
    ("我想先删除 `prod.db`。", "我想先查看 `prod.db`。"),
    ("我计划删除 `prod.db`。", "我来删除 `prod.db`。"),
    ("Ik ben van plan `prod.db` te verwijderen.", "Ik ben van plan `prod.db` te lezen."),
    ("Ik ben van plan om `prod.db` te verwijderen.", "Ik ga `prod.db` verwijderen."),
    ("ฉันตั้งใจจะลบ `prod.db`", "ฉันตั้งใจจะอ่าน `prod.db`"),
    ("ฉันวางแผนจะลบ `prod.db`", "ฉันจะลบ `prod.db`"),
    ("ผมวางแผนที่จะลบ `prod.db`", "ผมจะลบ `prod.db`"),
    ("ฉันอยากจะลบ `prod.db`", "ฉันอยากอ่าน `prod.db`"),
    ("Zamierzam usunąć `prod.db`.", "Zamierzam odczytać `prod.db`."),
    ("Hodlám smazat `prod.db`.", "Hodlám přečíst `prod.db`."),
    ("Jag tänker radera `prod.db`.", "Jag tänker läsa `prod.db`."),
])
def test_a_planned_change_is_wished_for(pre: str, plain: str) -> None:
    _refused(pre, "delete_file", DB, "conditional")
    if any(w in plain for w in ("查看", "lezen", "อ่าน", "odczytać", "přečíst", "läsa")):
        _ok(plain, "read_file", DB)
    else:
        _ok(plain, "delete_file", DB)


def test_a_planned_drop_is_wished_for() -> None:
    _refused("我打算删除表 `users`。", "drop_table", USERS, "conditional")
    _refused("ฉันวางแผนจะลบตาราง `users`", "drop_table", USERS, "conditional")
    _ok("我来删除表 `users`。", "drop_table", USERS)
