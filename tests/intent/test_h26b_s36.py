"""h26b (session 36, issue 25): a look at the files through a local file's URI.

``inspecting`` grounds a look at the files for what a verb of looking names ("Let me check if
there's a TypeScript build or lint check available:" + an editor's diagnostics of one file,
kimicli-cc-12-4, audit W-look). An editor's tools address the document by its URI,
``file:///Users/dev/app/a.tsx``: the path after ``file://`` is the place looked at, held as
any other (worked on, no system or sensitive place, no home directory itself). A URL of any
other scheme, or a ``file://`` URI naming a host, is no place in the files. A home directory
on macOS (``/Users/dev``) is a whole user's, as ``/home/dev`` is.
"""

from __future__ import annotations

import functools

import pytest

from ..intent_sets import bare_tool, call_recovered, call_refused, string_tool

TOOLS = [bare_tool("mcp__ide__getDiagnostics", "uri")]
_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)

LINT = "Let me check if there's a TypeScript build or lint check available:"
DOC = "file:///Users/dev/kimi-cli/web/src/features/chat/components/virtualized-message-list.tsx"


def test_local_file_uri_is_a_place_in_the_files() -> None:
    """The real turn (kimicli-cc-12-4): the document's URI is a place worked on."""
    _ok(LINT, "mcp__ide__getDiagnostics", {"uri": DOC})


@pytest.mark.parametrize("uri", [
    # another machine's file, or any other scheme: no place in the files
    "file://files.example/Users/dev/kimi-cli/web/src/a.tsx",
    "https://files.example/Users/dev/kimi-cli/web/src/a.tsx",
    "ftp://files.example/kimi-cli/web/src/a.tsx",
    # the root, a home directory itself, the system's own, a path climbing out
    "file:///",
    "file:///Users/dev",
    "file:///home/dev",
    "file:///etc/hosts",
    "file:///Users/dev/kimi-cli/../../../etc/hosts",
    # a sensitive place, as written without the scheme
    "file:///Users/dev/.ssh/id_rsa",
])
def test_uri_that_is_no_place_worked_on(uri: str) -> None:
    _refused(LINT, "mcp__ide__getDiagnostics", {"uri": uri})


def test_uri_after_a_pointing_colon_or_an_owner() -> None:
    """The look's other conditions hold through the URI: a colon pointing at the markup, a
    thing named by its owner."""
    _refused("Let me check the code below:", "mcp__ide__getDiagnostics", {"uri": DOC})
    _refused("Let me check if there's a lint check available in Bob's repo:",
             "mcp__ide__getDiagnostics", {"uri": DOC})


def test_macos_home_directory_is_a_whole_users() -> None:
    """``/Users/dev`` itself is no place a look is grounded at; a project below it is."""
    _refused(LINT, "mcp__ide__getDiagnostics", {"uri": "/Users/dev"})
    _ok(LINT, "mcp__ide__getDiagnostics", {"uri": "/Users/dev/kimi-cli/web/src/a.tsx"})


# --- gh(1): the GitHub CLI's subcommands that only report ([subcommand] in kinds.txt) ---
#
# "gh run view --log-failed" reads a workflow run's log, as "git log" reads history: a look,
# grounded as any look is ("Let me check the logs of the failed CI run.", r21-ctl-116). The
# subcommands that change what others see (create, merge, close, delete, api) keep the
# program's reading, a run of gh, which a verb of looking does not ground.

SHELL = [string_tool("bash", "Run a shell command.", "command")]


@pytest.mark.parametrize(("text", "command"), [
    ("Let me check the logs of the failed CI run.", "gh run view --log-failed"),
    ("Let me list the open pull requests.", "gh pr list --state open"),
    ("Let me view PR 412.", "gh pr view 412 --comments"),
])
def test_gh_subcommand_that_only_reports(text: str, command: str) -> None:
    call_recovered(text, "bash", {"command": command}, tools=SHELL)


@pytest.mark.parametrize(("text", "command"), [
    # a changing subcommand after a look, alone or chained
    ("Let me check the logs of the failed CI run.", "gh run rerun --failed"),
    ("Let me view PR 412.", "gh pr merge 412 --admin --squash"),
    ("Let me view PR 412.", "gh pr view 412 && gh pr merge 412"),
    ("Let me check the logs of the failed CI run.", "gh api -X DELETE repos/acme/app/actions/runs/9"),
    # opening a pull request is grounded by no object its title happens to carry
    ("I'll create the changelog entry.",
     'gh pr create --title "changelog entry" --body "changelog entry"'),
])
def test_gh_subcommand_that_changes_stays_a_run(text: str, command: str) -> None:
    call_refused(text, "bash", {"command": command}, tools=SHELL)
