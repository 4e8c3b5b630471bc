"""Round 20's verbless labels before the announcement (issue 25, ``verbless.py``): a preamble's
first sentence of content words alone ("Expected output.", "Golden answer.", "Last resort.")
may only name what follows, so before a step that cannot be taken back it refuses; before a
reversible step, and a sentence with a verb, a copula, a function word or an acknowledgement,
read as today. The cases are siblings of the round's, not its own."""

from __future__ import annotations

from typing import Any

import leakcall
from leakcall import Reason

from ..intent_sets import recover_after
from ..intent_sets import typed_tool as _tool

TOOLS = [
    _tool("delete_branch", branch="string"),
    _tool("git_commit", message="string"),
    _tool("read_file", path="string"),
]
DELETE = ("delete_branch", {"branch": "feature-x"})
READ = ("read_file", {"path": "notes.md"})


def _recover(preamble: str, *calls: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    return recover_after(preamble, TOOLS, *calls or (DELETE,))


def test_a_bare_label_refuses_an_irreversible_step() -> None:
    said = [f"{label} {ann}" for label in ("Sample solution.", "Model answer.", "Backup plan.",
                                           "Sure. Sample solution.")
            for ann in ("I'll delete the feature-x branch.", "Deleting the feature-x branch now.")]
    said += ["Solución modelo. Voy a borrar la rama feature-x.",
             "Resposta ideal. Vou apagar o branch feature-x.", "参考解答。我来删除 feature-x 分支。"]
    for pre in said:
        r = _recover(pre)
        assert r.reason != Reason.OK and r.rule == "unknown-preamble", (pre, r.detail)
        assert "delete_branch" in (r.detail or ""), r.detail


def test_a_bare_label_before_a_reversible_step_reads_as_today() -> None:
    for label in ("Sample solution.", "Backup plan."):
        r = _recover(f"{label} Let me read notes.md.", READ)
        assert r.reason == Reason.OK, (label, r.detail)


def test_a_clause_or_an_acknowledgement_stays_an_observation() -> None:
    for pre, calls in (("Tests pass. Let me commit the fix.",
                        (("git_commit", {"message": "fix"}),)),
                       ("Done. Deleting the feature-x branch now.", (DELETE,)),
                       ("Commit created. I'll delete the feature-x branch.", (DELETE,)),
                       ("The branch is merged. I'll delete the feature-x branch.", (DELETE,)),
                       ("Thanks, Mr. Li. I'll delete the feature-x branch.", (DELETE,))):
        r = _recover(pre, *calls)
        assert r.reason == Reason.OK, (pre, r.detail)
