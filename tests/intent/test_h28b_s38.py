"""h28b (issue 25, audit W-now): a title's coordinated compound names a thing, not a step.

kimicli-cc-229-5: "**Change 3:** Add directory query function and merge logic. First, update
`workspaceOptions` to merge `directoryFiles`:" + an edit. A step narrated under a change's
label refuses when a verb of it takes a step that cannot be taken back (a how-to tells the
reader the same words); "merge" here is no verb: in a title-like coordination of bare noun
phrases ending the sentence it modifies "logic" as "query" modifies "function"
(``imperatives.compounded``). A verb with an object of its own, a pronoun, a determined first
object, a word after the noun, and a call that cannot be taken back stay refused."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("edit", "Edit a file.", "file_path", "old_string", "new_string"),
         string_tool("bash", "Run a shell command.", "command")]
EDIT = ("edit", {"file_path": "web/src/features/chat/useFileMentions.ts",
                 "old_string": "  const workspaceOptions = useMemo(\n"
                               "    () => toWorkspaceOptions(workspaceFiles),\n"
                               "    [workspaceFiles],\n  );",
                 "new_string": "  const mergedWorkspaceFiles = useMemo(\n"
                               "    () => [...workspaceFiles, ...directoryFiles],\n"
                               "    [workspaceFiles, directoryFiles],\n  );\n\n"
                               "  const workspaceOptions = useMemo(\n"
                               "    () => toWorkspaceOptions(mergedWorkspaceFiles),\n"
                               "    [mergedWorkspaceFiles],\n  );"})
MERGE = ("bash", {"command": "git merge feature/directory-query"})
REAL = ("**Change 3:** Add directory query function and merge logic. First, update "
        "`workspaceOptions` to merge `directoryFiles`:")
TITLE = "Add directory query function and merge logic."

REFUSED: list[tuple[str, tuple[str, dict[str, Any]]]] = [
    # the word with an object of its own: a step
    (REAL.replace(TITLE, "Add directory query function and merge the branches."), EDIT),
    (REAL.replace(TITLE, "Add directory query function and merge `feature`."), EDIT),
    (REAL.replace(TITLE, "Add directory query function and merge it."), EDIT),
    # a determined first object: no title's bare noun phrases
    (REAL.replace(TITLE, "Add the directory query function and merge logic."), EDIT),
    # a word after the noun: the coordination does not end the sentence
    (REAL.replace(TITLE, "Add directory query function and merge logic now."), EDIT),
    # one bare word before "and": no compound to stand beside
    (REAL.replace(TITLE, "Add directory and merge logic."), EDIT),
    # the compound's head a word of a kind of step ("merge deletion")
    (REAL.replace(TITLE, "Add directory query function and merge deletion."), EDIT),
    # a call that cannot be taken back after it
    (REAL, MERGE),
    # an older pin: a lasting verb with its own object under the label
    (REAL.replace(TITLE, "Delete `directoryFiles` in `useFileMentions.ts`."), EDIT),
]


def test_title_compound_recovers_the_edit() -> None:
    r = recover_after(REAL, TOOLS, EDIT)
    assert r.ok, (r.rule, r.detail)


@pytest.mark.parametrize(("preamble", "call"), REFUSED)
def test_lasting_verb_or_call_stays_refused(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert not r.ok, preamble
    assert "cannot be taken back" in (r.detail or ""), (preamble, r.detail)
