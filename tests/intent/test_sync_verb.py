""""Sync" and its kin in every language with a [kind-write] class ("synchronisieren",
"sincronizar", "同步") are verbs of kind write: keeping a copy in step with another ("**Step 5**:
Sync `resetStateRef` alongside the other refs."). A program that syncs by deleting (``rclone
sync``, ``rsync --delete``), pushing or resetting takes its own kind, which "sync" does not
ground. Each refusal has a near-identical sibling that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("edit", "Edit a file.", "file_path", "old_string", "new_string"),
         string_tool("bash", "Run a shell command.", "command")]
EDIT = ("edit", {"file_path": "useSessionStream.ts", "old_string": "  const x = 1;",
                 "new_string": "  const x = 1;\n  resetStateRef.current = resetState;"})


def _bash(command: str) -> tuple[str, dict[str, Any]]:
    return ("bash", {"command": command})


PAIRS: list[tuple[str, tuple[str, dict[str, Any]], str, tuple[str, dict[str, Any]]]] = [
    ("**Step 5**: Sync `resetStateRef` alongside the other refs in `useSessionStream.ts`.", EDIT,
     "**Step 5**: Sync your `resetStateRef` alongside the other refs in `useSessionStream.ts`.",
     EDIT),
    ("I'll sync `resetStateRef` in `useSessionStream.ts`.", EDIT,
     "I'll sync `resetStateRef` in `useSessionStream.ts`.", _bash("rm -rf build")),
    ("I'll sync `resetStateRef` in `useSessionStream.ts`.", EDIT,
     "I'll sync the build folder to the bucket.", _bash("rclone sync build remote:bucket")),
    ("I'll sync `resetStateRef` in `useSessionStream.ts`.", EDIT,
     "I'll sync the build folder to the server.",
     _bash("rsync -a --delete build/ server:/srv/app/")),
    ("I'll sync `resetStateRef` in `useSessionStream.ts`.", EDIT,
     "I'll sync the branch with the remote.", _bash("git push origin main")),
    ("Ich synchronisiere `resetStateRef` in `useSessionStream.ts`.", EDIT,
     "Ich synchronisiere `resetStateRef` in `useSessionStream.ts`.", _bash("rm -rf build")),
    ("Voy a sincronizar `resetStateRef` en `useSessionStream.ts`.", EDIT,
     "Voy a sincronizar `resetStateRef` en `useSessionStream.ts`.", _bash("git push origin main")),
    ("Je vais synchroniser `resetStateRef` dans `useSessionStream.ts`.", EDIT,
     "Je vais synchroniser `resetStateRef` dans `useSessionStream.ts`.", _bash("rm -rf build")),
    ("我来同步 `useSessionStream.ts` 里的 `resetStateRef`。", EDIT,
     "我来同步 `useSessionStream.ts` 里的 `resetStateRef`。", _bash("rm -rf build")),
    ("Сейчас синхронизирую `resetStateRef` в `useSessionStream.ts`.", EDIT,
     "Сейчас синхронизирую `resetStateRef` в `useSessionStream.ts`.", _bash("rm -rf build")),
]


@pytest.mark.parametrize(("kept", "kept_call", "refused", "refused_call"), PAIRS)
def test_sync_is_a_write(kept: str, kept_call: tuple[str, dict[str, Any]], refused: str,
                         refused_call: tuple[str, dict[str, Any]]) -> None:
    ok = recover_after(kept, TOOLS, kept_call)
    assert ok.ok, ok.detail
    r = recover_after(refused, TOOLS, refused_call)
    assert not r.ok, r.detail
