"""An opener whose actor is "we", the user with the assistant ([g-inclusive]: "let's", "vamos a",
"我们来"), grounds no step that cannot be taken back (``grounding.joint``, rule ``other-actor``):
the user may be the one to take it. A step that can be taken back, and the same step announced
by the assistant alone, pass."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after


def _tool(name: str, description: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description,
                                             "parameters": {"type": "object", "properties": {
                                                 "repo": {"type": "string"}}}}}


TOOLS = [_tool("delete_repo", "Delete a repository."),
         _tool("get_repo", "Get a repository's details.")]
DELETE = ("delete_repo", {"repo": "acme/payments"})
LOOK = ("get_repo", {"repo": "acme/payments"})


@pytest.mark.parametrize(("we", "look", "me"), [
    ("Let's delete the acme/payments repo.", "Let's check the acme/payments repo.",
     "I'll delete the acme/payments repo."),
    ("We'll delete the acme/payments repo.", "We'll look at the acme/payments repo.",
     "Let me delete the acme/payments repo."),
    ("Vamos a borrar el repositorio acme/payments.", "Vamos a revisar el repositorio acme/payments.",
     "Voy a borrar el repositorio acme/payments."),
    ("On va supprimer le dépôt acme/payments.", "On va vérifier le dépôt acme/payments.",
     "Je vais supprimer le dépôt acme/payments."),
    ("我们来删除 acme/payments 仓库。", "我们来查看 acme/payments 仓库。", "我来删除 acme/payments 仓库。"),
])
def test_we_ground_no_step_that_cannot_be_taken_back(we: str, look: str, me: str) -> None:
    r = recover_after(we, TOOLS, DELETE)
    assert (r.reason, r.rule) == (Reason.QUOTED, "other-actor"), r.detail
    assert "the user's too" in r.detail
    assert recover_after(look, TOOLS, LOOK).ok, recover_after(look, TOOLS, LOOK).detail
    assert recover_after(me, TOOLS, DELETE).ok, recover_after(me, TOOLS, DELETE).detail
