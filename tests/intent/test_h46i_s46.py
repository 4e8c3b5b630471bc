"""h46i (issue 25, session 46, round 63 G1): a quantity in its partitive frame over a list
(``unchosen``).

1. A quantity right before the preposition of the whole ([g-of-owner], [g-part-from], the one
   ending a [g-one-of] frame: "of", "von", "de", "из", "from", "tra") before two or more
   objects written out: a determiner of a quantity ("some", "most", "any"), a pronoun, a number
   or numeral word, a word that bounds a count ("first", "last"), an ordinal ([g-ordinal]:
   "second", "zweite"), or a part frame ([g-partitive]: "half of"). "I'll delete two of
   `a.log`, `b.log` and `prod.db`." counts among the objects and does not say which
   (``conditional``), whatever calls follow; a word of all ("all of", "each of", "cada uno de",
   "alle von") or a count of every one ("all three of", "the three of") is the list.
2. After the list, a postposition of the whole ([g-among]: "중", "のうち", "其中") and anything
   but a word of all ("`a`, `b`, `c` 중 두 개를 삭제").
"""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import recover_after, string_tool

DELETE = string_tool("delete_file", "Delete a file.", "path")
READ = string_tool("read_file", "Read a text file from the workspace.", "path")
FILES = ("a.log", "b.log", "prod.db")


def _recover(preamble: str, paths: tuple[str, ...] = FILES) -> leakcall.Recovery:
    return recover_after(f"{preamble}\n", [DELETE, READ],
                         *(("delete_file", {"path": p}) for p in paths))


_L = "`a.log`, `b.log` and `prod.db`"

# 1. (refused: a quantity among the objects; recovered: the list, or all of it)
FRAME_PAIRS = [
    (f"I'll delete two of {_L}.", f"I'll delete all of {_L}."),
    (f"I'll delete 2 of {_L}.", f"I'll delete {_L}."),
    (f"I'll delete half of {_L}.", f"I'll delete each of {_L}."),
    (f"I'll delete the first two of {_L}.", f"I'll delete all three of {_L}."),
    (f"I'll delete the first of {_L}.", f"I'll delete the three of {_L}."),
    (f"I'll delete the last of {_L}.", f"I'll delete {_L}."),
    (f"I'll delete some of {_L}.", f"I'll delete all of {_L}."),
    (f"I'll delete a few of {_L}.", f"I'll delete {_L}."),
    (f"I'll delete most of {_L}.", f"I'll delete all of {_L}."),
    (f"I'll delete any of {_L}.", f"I'll delete each of {_L}."),
    (f"I'll delete at most two of {_L}.", f"I'll delete {_L}."),
    (f"I'll delete several of {_L}.", f"I'll delete {_L}."),
    (f"I'll delete two from {_L}.", f"I'll delete {_L}."),
    ("Ich lösche zwei von `a.log`, `b.log` und `prod.db`.",
     "Ich lösche alle von `a.log`, `b.log` und `prod.db`."),
    ("Je vais supprimer deux de `a.log`, `b.log` et `prod.db`.",
     "Je vais supprimer chacun de `a.log`, `b.log` et `prod.db`."),
    ("Voy a borrar dos de `a.log`, `b.log` y `prod.db`.",
     "Voy a borrar cada uno de `a.log`, `b.log` y `prod.db`."),
    ("Elimino due tra `a.log`, `b.log` e `prod.db`.",
     "Elimino tutti tra `a.log`, `b.log` e `prod.db`."),
    ("Cancellerò due di `a.log`, `b.log` e `prod.db`.",
     "Cancellerò ciascuno di `a.log`, `b.log` e `prod.db`."),
    ("Vou apagar dois de `a.log`, `b.log` e `prod.db`.",
     "Vou apagar cada um de `a.log`, `b.log` e `prod.db`."),
    ("Ik verwijder twee van `a.log`, `b.log` en `prod.db`.",
     "Ik verwijder `a.log`, `b.log` en `prod.db`."),
    ("Удалю два из `a.log`, `b.log` и `prod.db`.", "Удалю `a.log`, `b.log` и `prod.db`."),
    # an ordinal ([g-ordinal])
    (f"I'll delete the second of {_L}.", f"I'll delete {_L}."),
    ("Ich lösche die zweite von `a.log`, `b.log` und `prod.db`.",
     "Ich lösche `a.log`, `b.log` und `prod.db`."),
    ("Je vais supprimer le deuxième de `a.log`, `b.log` et `prod.db`.",
     "Je vais supprimer `a.log`, `b.log` et `prod.db`."),
    ("Voy a borrar el segundo de `a.log`, `b.log` y `prod.db`.",
     "Voy a borrar `a.log`, `b.log` y `prod.db`."),
    ("Удалю последний из `a.log`, `b.log` и `prod.db`.", "Удалю `a.log`, `b.log` и `prod.db`."),
]


@pytest.mark.parametrize(("refused", "recovered"), FRAME_PAIRS)
def test_a_quantity_of_a_list_leaves_the_choice_open(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert not r.ok and r.rule == "conditional", (refused, r.rule, r.detail)
    assert _recover(recovered).ok, recovered


def test_the_frame_refuses_whatever_calls_follow() -> None:
    for text in (f"I'll delete two of {_L}.", f"I'll delete the first of {_L}."):
        r = _recover(text, ("a.log",))
        assert not r.ok and r.rule == "conditional", (text, r.rule, r.detail)


def test_a_quantity_before_one_object_or_a_noun_is_no_frame() -> None:
    # one object: a part of it (``partitives``), not a choice among several
    r = _recover("I'll delete two of `a.log`.", ("a.log",))
    assert r.rule != "conditional", (r.rule, r.detail)
    # a count of every one of two
    assert _recover("I'll delete the two of `a.log` and `b.log`.", ("a.log", "b.log")).ok


# 2. (refused: a postposition of the whole and a quantity; recovered: the list itself)
AMONG_PAIRS = [
    ("`a.log`, `b.log`, `prod.db` 중 두 개를 삭제하겠습니다.",
     "`a.log`, `b.log`, `prod.db` 를 삭제하겠습니다."),
    ("`a.log`, `b.log`, `prod.db` 중 일부를 삭제하겠습니다.",
     "`a.log`, `b.log`, `prod.db` 중 모두를 삭제하겠습니다."),
    ("`a.log`、`b.log`、`prod.db` のうち2つを削除します。",
     "`a.log`、`b.log`、`prod.db` を削除します。"),
    ("`a.log`、`b.log`、`prod.db` のうち二つを削除します。",
     "`a.log`、`b.log`、`prod.db` を削除します。"),
    ("我会删除 `a.log`、`b.log` 和 `prod.db` 其中两个。",
     "我会删除 `a.log`、`b.log` 和 `prod.db`。"),
]


@pytest.mark.parametrize(("refused", "recovered"), AMONG_PAIRS)
def test_a_quantity_after_among_leaves_the_choice_open(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert not r.ok and r.rule == "conditional", (refused, r.rule, r.detail)
    assert _recover(recovered).ok, recovered
