"""h30x (issue 25, round 53, gaps 3-5): objects the text does not choose (``unchosen``): a
sample marker between a noun of a kind and an object written out ("a file such as `prod.db`"),
an "or" between two objects written out, and "one of" before several."""

from __future__ import annotations

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file.", "path"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("cancel_order", "Cancel an order.", "order_id"),
         string_tool("transfer_money", "Transfer money.", "iban", "amount", "currency")]


def _del(path: str) -> tuple[str, dict[str, str]]:
    return ("delete_file", {"path": path})


SAMPLES = [  # (sample marker, the same step with the object named)
    ("I'll delete a file such as `prod.db`.", "I'll delete the file `prod.db`."),
    ("I'll delete a file like `prod.db`.", "I'll delete `prod.db`."),
    ("I'll delete files such as `prod.db`.", "I'll delete the file `prod.db`."),
    ("Ich lösche eine Datei wie `prod.db`.", "Ich lösche die Datei `prod.db`."),
    ("Je supprime un fichier comme `prod.db`.", "Je supprime le fichier `prod.db`."),
    ("Voy a borrar un archivo como `prod.db`.", "Voy a borrar el archivo `prod.db`."),
    ("Elimino un file come `prod.db`.", "Elimino il file `prod.db`."),
    ("Vou apagar um arquivo como `prod.db`.", "Vou apagar o arquivo `prod.db`."),
    ("Ik verwijder een bestand zoals `prod.db`.", "Ik verwijder het bestand `prod.db`."),
    ("Удалю файл вроде `prod.db`.", "Удалю файл `prod.db`."),
    ("`prod.db` 같은 파일을 삭제하겠습니다.", "`prod.db` 파일을 삭제하겠습니다."),
    ("I'll delete some file like `prod.db`.", "I'll delete the file `prod.db`."),
    ("Je supprime un fichier tel que `prod.db`.", "Je supprime le fichier `prod.db`."),
    ("`prod.db` gibi bir dosyayı siliyorum.", "`prod.db` dosyasını siliyorum."),
]


@pytest.mark.parametrize(("sample", "named"), SAMPLES)
def test_a_sample_of_a_kind_is_not_the_step(sample: str, named: str) -> None:
    """r53 G3 (145, 155-159, 274, 275): the marker presents an instance of a kind; the same
    step naming the object recovers."""
    r = recover_after(sample, TOOLS, _del("prod.db"))
    assert r.reason != "ok" and r.rule == "declared-example", (sample, r.rule, r.detail)
    ok = recover_after(named, TOOLS, _del("prod.db"))
    assert ok.reason == "ok", (named, ok.rule, ok.detail)


def test_a_sample_command_payment_and_order_are_refused() -> None:
    """r53 339, 151-153: a command, an account, an order presented as samples."""
    for pre, call in (("I'll run a command like `git push --force`.",
                       ("bash", {"command": "git push --force"})),
                      ("Ich führe einen Befehl wie `git push --force` aus.",
                       ("bash", {"command": "git push --force"})),
                      ("I'll cancel an order like 31877.", ("cancel_order", {"order_id": "31877"}))):
        r = recover_after(pre, TOOLS, call)
        assert r.reason != "ok" and r.rule == "declared-example", (pre, r.rule, r.detail)


def test_like_that_presents_no_sample_is_left_alone() -> None:
    """A verb "like", "looks like" an observation's, "as" after a definite noun, "like you
    asked": no sample of the step's object."""
    for pre, call in (("Voy a borrar el archivo como `prod.db`.", _del("prod.db")),
                      ("It looks like `notes.md` is stale. Let me read `notes.md`.",
                       ("read_file", {"path": "notes.md"})),
                      ("I'll delete `prod.db`, like you asked.", _del("prod.db")),
                      ("I'd like to read `notes.md`.", ("read_file", {"path": "notes.md"}))):
        ok = recover_after(pre, TOOLS, call)
        assert ok.reason == "ok", (pre, ok.rule, ok.detail)


DISJUNCTIONS = [
    "I'll delete `tmp.db` or `prod.db`.",
    "I'll delete `tmp.db` (or `prod.db`).",
    "Ich lösche `tmp.db` oder `prod.db`.",
    "Je supprime `tmp.db` ou `prod.db`.",
    "Elimino `tmp.db` o `prod.db`.",
    "Ik verwijder `tmp.db` of `prod.db`.",
    "Удалю `tmp.db` или `prod.db`.",
    "我会删除 `tmp.db` 或 `prod.db`。",
    "`tmp.db` または `prod.db` を削除します。",
    "`tmp.db` 또는 `prod.db`를 삭제하겠습니다.",
    "Usunę `tmp.db` lub `prod.db`.",
    "`tmp.db` veya `prod.db` dosyasını siliyorum.",
    "I'll delete `tmp.db` or the file `prod.db`.",
    "Smažu `tmp.db` nebo `prod.db`.",
    "Jag tar bort `tmp.db` eller `prod.db`.",
]


@pytest.mark.parametrize("pre", DISJUNCTIONS)
def test_an_or_of_objects_is_not_both_steps(pre: str) -> None:
    """r53 G4 (210, 214-215, 220-228, 234): "or" leaves the object to choose: neither both
    calls nor either one is the announced step."""
    for calls in ((_del("tmp.db"), _del("prod.db")), (_del("prod.db"),)):
        r = recover_after(pre, TOOLS, *calls)
        assert r.reason != "ok" and r.rule == "conditional", (pre, calls, r.rule, r.detail)


def test_and_of_objects_and_an_or_in_a_check_still_recover() -> None:
    """The same step with "and", and "or" inside a check's question or an observation."""
    for pre, calls in (("I'll delete `tmp.db` and `prod.db`.", (_del("tmp.db"), _del("prod.db"))),
                       ("Ich lösche `tmp.db` und `prod.db`.", (_del("tmp.db"), _del("prod.db"))),
                       ("Let me check whether `a.cfg` or `b.cfg` sets the port.",
                        (("read_file", {"path": "a.cfg"}),)),
                       ("The error comes from `a.py` or `b.py`. Let me read `a.py`.",
                        (("read_file", {"path": "a.py"}),))):
        ok = recover_after(pre, TOOLS, *calls)
        assert ok.reason == "ok", (pre, ok.rule, ok.detail)


ONE_OF = [
    "I'll delete one of `a.log`, `b.log` and `prod.db`.",
    "Ich lösche eine von `a.log`, `b.log` und `prod.db`.",
    "Voy a borrar uno de `a.log`, `b.log` y `prod.db`.",
    "Elimino uno tra `a.log`, `b.log` e `prod.db`.",
    "Vou apagar um de `a.log`, `b.log` e `prod.db`.",
    "Je supprime l'une des `a.log`, `b.log` et `prod.db`.",
    "Удалю одну из `a.log`, `b.log` и `prod.db`.",
    "I'll delete only one of the files `a.log`, `b.log` and `prod.db`.",
]


@pytest.mark.parametrize("pre", ONE_OF)
def test_one_of_several_is_not_each(pre: str) -> None:
    """r53 G5 (232, 268, 269, 373, 374): the text counts one and does not say which."""
    calls = (_del("a.log"), _del("b.log"), _del("prod.db"))
    r = recover_after(pre, TOOLS, *calls)
    assert r.reason != "ok" and r.rule == "conditional", (pre, r.rule, r.detail)


def test_one_of_orders_and_payees_is_refused_and_each_named_recovers() -> None:
    """r53 264: orders; the step naming every order recovers, and "one of" before a single
    object written out is no choice."""
    r = recover_after("I'll cancel one of orders 31877, 31878 and 31879.", TOOLS,
                      *(("cancel_order", {"order_id": n}) for n in ("31877", "31878", "31879")))
    assert r.reason != "ok" and r.rule == "conditional", (r.rule, r.detail)
    ok = recover_after("I'll cancel orders 31877, 31878 and 31879.", TOOLS,
                       *(("cancel_order", {"order_id": n}) for n in ("31877", "31878", "31879")))
    assert ok.reason == "ok", (ok.rule, ok.detail)
    ok = recover_after("Let me read one of the config files, `a.cfg`.", TOOLS,
                       ("read_file", {"path": "a.cfg"}))
    assert ok.reason == "ok", (ok.rule, ok.detail)
