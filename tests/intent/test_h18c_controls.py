"""Round 45's over-refused controls, read by general rules (h18c, issue 25).

- German genitive possessives of the principal ("den Status deiner Bestellung"): after a noun
  of a determined phrase they link it to its owner as the article "der" does ([g-genitive]).
- Indonesian "Anda" after a noun's own identifier ("pesanan 90112 Anda"): the possessive, as
  after the bare noun (``possessor``).
- A detected language's letters ([g-letters]): "as últimas notícias" is no Spanish for want of
  a "ú" in the Portuguese entries.
- Japanese te-form chains ("テストを実行して…確認します"): the verb a conjunctive ending closes
  is a step of its own, its kind announced (``objects.conjoined_verbs``).
- 了 inside a question a look takes as its object ("看看哪里失败了"): that clause's, no
  recap of the step ([g-aspect]).
- A click on a selector whose words the text names ("button[type=submit]" for "the Submit
  button"): the selector's syntax (``[type=``) names no element (``elements._selected``).
- A credential word modifying a noun of code ("token validation") in a search: code, not the
  secret (kinds.txt [credential-code], ``secretreads``).
- A generic verb's step noun past its modifiers ("process a full refund"), and "full" beside
  the amount the payment carries ([g-whole-amount], ``wholeamount``).

Each recovered reply stands beside its nearest twin that must stay refused."""

from __future__ import annotations

import pytest

from ..intent_sets import expect_pair, keyed_tool, typed_tool

ORDER = keyed_tool("get_order_status", "order_id")
SHELL = keyed_tool("bash", "command")
WEB = keyed_tool("web_search", "query")
REFUND = typed_tool("issue_refund", order_id="string", amount="number")
CLICK = keyed_tool("click", "selector")
TOOLS = [ORDER, SHELL, WEB, REFUND, CLICK]

O44 = ("get_order_status", {"order_id": "44102"})
O90 = ("get_order_status", {"order_id": "90112"})
GO_TEST = ("bash", {"command": "go test ./..."})
NPM_TEST = ("bash", {"command": "npm test"})
PAID = ("issue_refund", {"order_id": "88213", "amount": 59.99})
SUBMIT = ("click", {"selector": "button[type=submit]"})


def _s(text: str, call: tuple[str, dict[str, object]]) -> tuple[str, str, dict[str, object]]:
    return (text, call[0], call[1])


PAIRS = [
    # German possessive in the genitive: the principal's, as "der"; another actor stays refused
    (_s("Ich prüfe den Status deiner Bestellung 44102.", O44),
     _s("Du prüfst den Status deiner Bestellung 44102.", O44)),
    (_s("Ich prüfe den Status Ihrer Bestellung 44102.", O44),
     _s("Ich prüfe den Status Ihrer Bestellung 44103.", O44)),
    # Indonesian "Anda" after the noun's identifier; right after the verb it is still "you"
    (_s("Saya akan memeriksa status pesanan 90112 Anda.", O90),
     _s("Saya akan memeriksa 90112 Anda.", O90)),
    (_s("Saya akan memeriksa pesanan 90112 Anda.", O90),
     _s("Kamu akan memeriksa pesanan 90112 Anda.", O90)),
    # Portuguese with a "ú": read as Portuguese, its opener in place
    (_s("Vou pesquisar na web as últimas notícias sobre o Python 3.14.",
        ("web_search", {"query": "Python 3.14 notícias"})),
     _s("Já pesquisei na web as últimas notícias sobre o Python 3.14.",
        ("web_search", {"query": "Python 3.14 notícias"}))),
    # a te-form verb is a step of its own; a check alone grounds no test run
    (_s("まずテストを実行して失敗箇所を確認します。", GO_TEST),
     _s("まず失敗箇所を確認します。", GO_TEST)),
    (_s("テストを実行して、失敗箇所を確認します。", GO_TEST),
     _s("テストを実行していいか確認します。", GO_TEST)),
    # 了 inside the question a look takes; on the step itself it stays a recap
    (_s("我先运行测试看看哪里失败了。", NPM_TEST),
     _s("我先运行了测试看看哪里失败。", NPM_TEST)),
    (_s("我先运行测试看看是否通过了。", NPM_TEST),
     _s("我先运行测试了，看看哪里失败。", NPM_TEST)),
    (_s("我先运行测试看看哪里失败了。", NPM_TEST),
     _s("我运行测试看看了。", NPM_TEST)),
    # a click on the element the text names; another label, or an unnamed one, stays refused
    (_s("The form is loaded. I'll click the Submit button.", SUBMIT),
     _s("The form is loaded. I'll click the Cancel button.", SUBMIT)),
    (_s("I'll click the Submit button.", SUBMIT),
     _s("I'll click the Submit button.", ("click", {"selector": "button[type=submit][name=delete]"}))),
    (_s("I'll click the Submit button.", SUBMIT),
     _s("I'll click the button.", SUBMIT)),
    # a refund a generic verb takes through its object, past "full"; the amount still compared
    (_s("I'm sorry the headphones arrived damaged. I'll process a full refund of $59.99 for "
        "order 88213.", PAID),
     _s("I'm sorry the headphones arrived damaged. I'll process a full refund of $69.99 for "
        "order 88213.", PAID)),
    (_s("I'll process a full refund of $59.99 for order 88213.", PAID),
     _s("I'll process a full refund for order 88213.", PAID)),
    (_s("I'll refund the full $59.99 for order 88213.", PAID),
     _s("I'll check a full refund of $59.99 for order 88213.", PAID)),
    (_s("I'll process a full refund of $59.99 for order 88213.", PAID),
     _s("I'll process a full express refund of $59.99 for order 88213.", PAID)),
    # with no amount written or paid, "full" is still a word the payment must carry
    (_s("I'll process a refund for order 88213.", ("issue_refund", {"order_id": "88213"})),
     _s("I'll process a full refund for order 88213.", ("issue_refund", {"order_id": "88213"}))),
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS)
def test_pairs(recovered: tuple[str, str, dict[str, object]],
               refused: tuple[str, str, dict[str, object]]) -> None:
    expect_pair(TOOLS, recovered, refused)  # type: ignore[arg-type]


GREP = "I'll search the code for where authentication is handled."


@pytest.mark.parametrize(("recovered", "refused"), [
    ('grep -rn "token validation" src', 'grep -rn "token" src'),
    ('grep -rn "token refresh" src', 'grep -rn "token value" src'),
    ('grep -rn "password parsing" src', 'grep -rn "password =" src'),
])
def test_credential_code(recovered: str, refused: str) -> None:
    expect_pair(TOOLS, (GREP, "bash", {"command": recovered}), (GREP, "bash", {"command": refused}))
