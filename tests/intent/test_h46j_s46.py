"""h46j (issue 25, session 46, round 63): titles that set aside the step under them.

1. The last heading or line of strong emphasis right above the announcement holding a word of
   [g-title-past] the text below does not say ("## Old approach", "**First attempt**", "##
   Before", "## Primer intento", "## 最初の試み", "## Предыдущий подход") names a past or
   dropped attempt: rule ``unknown-preamble`` (``heldstatus._whole``). A title ending on a
   colon or holding one ("Next steps:"), or of no such word ("## Cleanup"), reads as before.
2. A one-line paragraph (or heading) right above the announcement that titles a list -- a
   noun, then a word of [g-title-relative] opening a clause on it ("Ideas I ruled out.",
   "Approaches that failed.", "Cosas que no haré.", "Шаги, которые я отклонил.") -- is read
   the same way when none of its words is said below; a sentence with its own subject ("The
   build failed.") is an observation, read as before.
"""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import recover_after, string_tool

DELETE = string_tool("delete_file", "Delete a file.", "path")
READ = string_tool("read_file", "Read a text file from the workspace.", "path")


def _recover(preamble: str) -> leakcall.Recovery:
    return recover_after(f"{preamble}\n", [DELETE, READ], ("delete_file", {"path": "build/"}))


# 1. (refused: a past or dropped attempt's title, recovered: a step's label or its own words)
HEADING_PAIRS = [
    ("## Old approach\n\nI'll delete `build/`.", "## Cleanup\n\nI'll delete `build/` to clean up."),
    ("### Previous approach\n\nI'll delete `build/`.", "### Deleting build\n\nI'll delete `build/`."),
    ("**First attempt**\n\nI'll delete `build/`.", "**Build**\n\nI'll delete `build/`."),
    ("## Before the fix\n\n---\n\nI'll delete `build/`.",
     "## Build cleanup\n\n---\n\nI'll delete `build/` to clean up."),
    ("## Discarded\n\nI'll delete `build/`.", "## Build\n\nI'll delete `build/`."),
    ("## Before\n\nI'll delete `build/`.", "## Build\n\nI'll delete `build/`."),
    ("## Primer intento\n\nBorro `build/`.", "## Build\n\nBorro `build/`."),
    ("## Première tentative\n\nJe supprime `build/`.", "## Build\n\nJe supprime `build/`."),
    ("## Eerste poging\n\nIk verwijder `build/`.", "## Build\n\nIk verwijder `build/`."),
    ("## Předchozí pokus\n\nSmažu `build/`.", "## Build\n\nSmažu `build/`."),
    ("## 最初の試み\n\n`build/` を削除します。", "## Build\n\n`build/` を削除します。"),
    ("## 第一次尝试\n\n我删除 `build/`。", "## 清理\n\n我删除 `build/` 来清理。"),
    ("## Предыдущий подход\n\nУдалю `build/`.", "## Build\n\nУдалю `build/`."),
]

# 2. (refused: a list's title, recovered: an observation with its own subject)
LIST_PAIRS = [
    ("Ideas I ruled out.\n\n- I'll delete `build/`.", "The build failed.\n\n- I'll delete `build/`."),
    ("Approaches that failed.\n\nI'll delete `build/`.", "The build failed.\n\nI'll delete `build/`."),
    ("Things I won't do.\n\nI'll delete `build/`.", "Done.\n\nI'll delete `build/`."),
    ("## Ideas I ruled out\n\nI'll delete `build/`.", "## Build\n\nI'll delete `build/`."),
    ("Commands I decided against.\n\n---\n\nI'll delete `build/`.",
     "The build failed.\n\n---\n\nI'll delete `build/`."),
    ("Cosas que no haré.\n\n- Borro `build/`.", "El build falló.\n\n- Borro `build/`."),
    ("Idées que j'ai écartées.\n\n- Je supprime `build/`.", "Le build a échoué.\n\n- Je supprime `build/`."),
    ("Ideen, die ich verworfen habe.\n\n- Ich lösche `build/`.",
     "Der Build ist fehlgeschlagen.\n\n- Ich lösche `build/`."),
    ("Шаги, которые я отклонил.\n\n- Удалю `build/`.", "Сборка упала.\n\n- Удалю `build/`."),
    ("Nápady, které jsem zamítl.\n\n- Smažu `build/`.", "Build selhal.\n\n- Smažu `build/`."),
    ("Ide yang saya tolak.\n\n- Saya akan menghapus `build/`.",
     "Build gagal.\n\n- Saya akan menghapus `build/`."),
]


@pytest.mark.parametrize(("refused", "recovered"), HEADING_PAIRS + LIST_PAIRS)
def test_title_sets_aside_the_step(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert not r.calls, (refused, r.reason)
    assert _recover(recovered).calls, recovered
