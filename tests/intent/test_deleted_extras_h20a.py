"""A deleting call's arguments beside its target (h20a; blind round 46, gap 1;
``deletedextras``): each is neutral (off, empty, the schema's default, written by the text) or
named by the text, or the call is refused. Each refused reply stands beside its nearest twin
that is recovered."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import described_tool, recover_after


def _tool(tool: str, /, **props: Any) -> dict[str, Any]:
    return described_tool(tool, {k: v if isinstance(v, dict) else {"type": v}
                                 for k, v in props.items()})


TOOLS = [
    _tool("delete_branch", repo="string", branch="string", delete_remote="boolean",
          also="array"),
    _tool("uninstall_package", name="string", purge="boolean", strategy="string",
          remove_dependents="boolean", cleanup_cache={"type": "boolean", "default": True},
          keep_config="boolean"),
    _tool("cancel_order", order_id="string", also_cancel="array", close_account="boolean",
          reason="string"),
    _tool("delete_file", path="string", extra="string", also_delete="array", file="string"),
    _tool("delete_directory", path="string", recursive="boolean", confirm="boolean",
          include_subfolders="boolean"),
    _tool("delete_volume", name="string", grace_period="integer"),
    _tool("archive_project", name="string", delete_after_days="integer"),
    _tool("remove_coupon", code="string", coupons="string"),
    _tool("ask_user", question="string"),
]

Case = tuple[str, tuple[str, dict[str, Any]]]

# (recovered, refused): the reply kept and its nearest variant that must stay refused
PAIRS: list[tuple[Case, Case]] = [
    # a switch set on is named by the text ("the remote" names ``delete_remote``)
    (("I'll delete the `release-7` branch and its remote copy.",
      ("delete_branch", {"branch": "release-7", "delete_remote": True})),
     ("I'll delete the `release-7` branch.",
      ("delete_branch", {"branch": "release-7", "delete_remote": True}))),
    # off is neutral
    (("I'll uninstall the `chalk` package.", ("uninstall_package", {"name": "chalk",
                                                                     "purge": False})),
     ("I'll uninstall the `chalk` package.", ("uninstall_package", {"name": "chalk",
                                                                     "purge": True}))),
    # the schema's default is neutral; another switch on is not
    (("I'll uninstall the `chalk` package.",
      ("uninstall_package", {"name": "chalk", "cleanup_cache": True})),
     ("I'll uninstall the `chalk` package.",
      ("uninstall_package", {"name": "chalk", "keep_config": True}))),
    # in another language, by a word of the same beginning ("dependencias")
    (("Voy a desinstalar el paquete `chalk` junto con sus dependencias.",
      ("uninstall_package", {"name": "chalk", "remove_dependents": True})),
     ("Voy a desinstalar el paquete `chalk`.",
      ("uninstall_package", {"name": "chalk", "remove_dependents": True}))),
    # a list beside the target carries more targets: each written, or refused
    (("I'll delete `out/a.bin` and `out/c.bin`.",
      ("delete_file", {"path": "out/a.bin", "also_delete": ["out/c.bin"]})),
     ("I'll delete `out/a.bin`.",
      ("delete_file", {"path": "out/a.bin", "also_delete": ["out/c.bin"]}))),
    (("Je vais supprimer `out/a.bin` et `out/c.bin`.",
      ("delete_file", {"path": "out/a.bin", "also_delete": ["out/c.bin"]})),
     ("Je vais supprimer `out/a.bin`.",
      ("delete_file", {"path": "out/a.bin", "also_delete": ["out/c.bin"]}))),
    (("I'll cancel order 5511.", ("cancel_order", {"order_id": "5511", "also_cancel": []})),
     ("I'll cancel order 5511.",
      ("cancel_order", {"order_id": "5511", "also_cancel": ["5512"]}))),
    # a note is no setting; a switch of another account is
    (("I'll cancel order 5511.",
      ("cancel_order", {"order_id": "5511", "reason": "customer request"})),
     ("I'll cancel order 5511.",
      ("cancel_order", {"order_id": "5511", "close_account": True}))),
    # an additive key's string is written by the text
    (("I'll delete `out/a.bin` and `out/b.bin`.",
      ("delete_file", {"path": "out/a.bin", "extra": "out/b.bin"})),
     ("I'll delete `out/a.bin`.",
      ("delete_file", {"path": "out/a.bin", "extra": "out/b.bin"}))),
    # a key of the target's own kind beside the written target is a second target
    (("I'll remove the coupons SPRING5 and VIP50.",
      ("remove_coupon", {"code": "SPRING5", "coupons": "VIP50"})),
     ("I'll remove the coupon SPRING5.",
      ("remove_coupon", {"code": "SPRING5", "coupons": "VIP50"}))),
    # a value that forces by its own word is written
    (("I'll uninstall the `chalk` package.",
      ("uninstall_package", {"name": "chalk", "strategy": "clean"})),
     ("I'll uninstall the `chalk` package.",
      ("uninstall_package", {"name": "chalk", "strategy": "force"}))),
    # a number that is no id is written
    (("I'll delete the `scratch` volume with a 30 second grace period.",
      ("delete_volume", {"name": "scratch", "grace_period": 30})),
     ("I'll delete the `scratch` volume.",
      ("delete_volume", {"name": "scratch", "grace_period": 0}))),
    # a key naming a deletion step on a call that does not delete
    (("I'll archive the `atlas` project with delete_after_days set to 30.",
      ("archive_project", {"name": "atlas", "delete_after_days": 30})),
     ("I'll archive the `atlas` project.",
      ("archive_project", {"name": "atlas", "delete_after_days": 0}))),
    # a folder's tree: ``recursive`` is the delete itself (``runscope``); subfolders are named
    (("I'll delete the `cache` folder.",
      ("delete_directory", {"path": "cache", "recursive": True})),
     ("I'll delete the `cache` folder.",
      ("delete_directory", {"path": "cache", "include_subfolders": True}))),
    (("I'll delete the `cache` folder and its subfolders.",
      ("delete_directory", {"path": "cache", "include_subfolders": True})),
     ("I'll delete the empty `cache` folder.",
      ("delete_directory", {"path": "cache", "include_subfolders": True}))),
    # where the step acts is left to the readers of places; a second target is not
    (("I'll delete the `feature/x` branch.",
      ("delete_branch", {"repo": "web", "branch": "feature/x"})),
     ("I'll delete the `feature/x` branch.",
      ("delete_branch", {"repo": "web", "branch": "feature/x", "also": ["main"]}))),
]


@pytest.mark.parametrize(("ok", "bad"), PAIRS)
def test_deleted_extras_pair(ok: Case, bad: Case) -> None:
    got = recover_after(ok[0], TOOLS, ok[1])
    assert got.ok and [c.name for c in got.calls] == [ok[1][0]], (ok[0], got.detail)
    got = recover_after(bad[0], TOOLS, bad[1])
    assert not got.ok, (bad[0], bad[1])
