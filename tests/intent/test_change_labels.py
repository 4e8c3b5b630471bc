"""A change the assistant numbers as it makes it ([g-step-label]: "**Change 2:**", "Änderung 2:",
"Cambio 2:", "Изменение 2:") heads its step as "Step 2:" does (``intent.headings``), and a
heading may head a sentence a run of narrated steps follows ("**Change 2:** Add the ref. First,
add it after `workspaceRequestRef`:", ``imperatives.runs_on``), each on the terms of a narrated
step. A label of another noun ("Option 2:"), an observation after the headed sentence, a step
that cannot be taken back, the reader addressed, a quotation or an example keep it refused.
Each refusal has a near-identical sibling that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("edit", "Edit a file.", "file_path", "old_string", "new_string"),
         string_tool("bash", "Run a shell command.", "command")]
EDIT = ("edit", {"file_path": "useFileMentions.ts",
                 "old_string": "  const workspaceRequestRef = useRef(0);",
                 "new_string": "  const workspaceRequestRef = useRef(0);\n"
                               "  const lastLoadedRef = useRef(null);"})
CLEAN = ("bash", {"command": "rm -rf build"})
RUN = ("**Change 2:** Add `lastLoadedRef` to `useFileMentions.ts`. First, add the ref after "
       "`workspaceRequestRef`:")

PAIRS: list[tuple[str, str, tuple[str, dict[str, Any]]]] = [
    ("**Change 2:** Add `lastLoadedRef` to `useFileMentions.ts`.",
     "**Option 2:** Add `lastLoadedRef` to `useFileMentions.ts`.", EDIT),
    (RUN, RUN.replace("Change 2", "Option 2"), EDIT),
    (RUN, RUN.replace("to `useFileMentions.ts`", "to your `useFileMentions.ts`"), EDIT),
    (RUN, RUN.replace("Add `lastLoadedRef` to", "Delete `lastLoadedRef` in"), EDIT),
    # an observation inside the run, or after the headed sentence, sets up a how-to
    (RUN, RUN.replace("`. First,", "`. The ref is missing. First,"), EDIT),
    ("**Change 2:** Add `lastLoadedRef` to `useFileMentions.ts`.",
     "**Change 2:** Add `lastLoadedRef` to `useFileMentions.ts`. It holds the ref.", EDIT),
    # a setting before the heading
    (RUN, "The setup happens in the browser.\n\n" + RUN, EDIT),
    # an example or a quotation headed by it
    ("**Change 2:** Add `lastLoadedRef` to `useFileMentions.ts`.",
     "Here is an example:\n\n**Change 2:** Add `lastLoadedRef` to `useFileMentions.ts`.", EDIT),
    ("**Change 2:** Add `lastLoadedRef` to `useFileMentions.ts`.",
     "The reviewer wrote:\n\n**Change 2:** Add `lastLoadedRef` to `useFileMentions.ts`.", EDIT),
    # a call that cannot be taken back after a reversible heading
    (RUN, RUN, CLEAN),
    ("**Änderung 2:** Füge `lastLoadedRef` in `useFileMentions.ts` hinzu.",
     "**Option 2:** Füge `lastLoadedRef` in `useFileMentions.ts` hinzu.", EDIT),
    ("**Cambio 2:** Añade `lastLoadedRef` a `useFileMentions.ts`.",
     "**Opción 2:** Añade `lastLoadedRef` a `useFileMentions.ts`.", EDIT),
    ("**Изменение 2:** Добавить `lastLoadedRef` в `useFileMentions.ts`.",
     "**Вариант 2:** Добавить `lastLoadedRef` в `useFileMentions.ts`.", EDIT),
]


@pytest.mark.parametrize(("kept", "refused", "call"), PAIRS)
def test_change_label_heads_its_step(kept: str, refused: str,
                                     call: tuple[str, dict[str, Any]]) -> None:
    ok = recover_after(kept, TOOLS, EDIT)
    assert ok.ok, ok.detail
    r = recover_after(refused, TOOLS, call)
    assert not r.ok, r.detail
