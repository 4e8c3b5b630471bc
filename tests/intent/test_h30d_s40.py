"""h30d (issue 25, audit W-now): a local git record after a narrated imperative is taken back
(``localgit``); a commit's verb is left to its call (``imperatives.refused``); "No debug logs
remain." reports a check (``imperatives.reports_pass``); a stash popped writes the tree."""

from __future__ import annotations

import pytest

from leakcall.intent import imperatives, localgit
from leakcall.intent.detect import detect
from leakcall.intent.kinds import command_kinds
from leakcall.intent.localgit import records
from leakcall.intent.words import tokenize
from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("Bash", "Executes a given bash command.", "command", "description"),
         string_tool("send_email", "Send an email.", "to", "body")]


def _bash(command: str) -> tuple[str, dict[str, str]]:
    return ("Bash", {"command": command, "description": "step"})


def _ok(pre: str, command: str) -> None:
    r = recover_after(pre, TOOLS, _bash(command))
    assert r.reason == "ok", (pre, command, r.rule, r.detail)


def _refused(pre: str, command: str) -> None:
    r = recover_after(pre, TOOLS, _bash(command))
    assert r.reason != "ok", (pre, command)


COMMIT = 'git add web/src/hooks/useSessionStream.ts && git commit -m "fix(web): lint errors"'


def test_a_narrated_commit_of_the_local_repository_is_recovered() -> None:
    """kimicli-cc-179-20: after a report of the agent's own checks passing, the call only
    records in the local repository; alone too (h36c: kimicli-cc-179-3, a local record is
    taken back as any narrated step that can be), never beside a call that cannot be."""
    _ok("All checks pass. Now commit the lint fixes and push.", COMMIT)
    _ok("Tests pass. Now stash the cleaned changes.",
        'git stash push -m "clean: remove debug logs" web/src/a.ts web/src/b.ts')
    _ok("All tests pass. Now commit the changes.", "git commit -am 'update the changes'")
    _ok("Now commit the lint fixes and push.", COMMIT)
    _ok("Now stash the cleaned changes, then set up the new branch.",
        'git stash push -m "cleaned changes" web/src/a.ts')
    _refused("Now commit the lint fixes and push.", COMMIT + " && git push")
    _refused("The setup happens in the browser. Now commit the lint fixes.", COMMIT)


@pytest.mark.parametrize("command", [
    "git push origin main",
    COMMIT + " && git push",
    "git commit --amend -m 'lint fixes'",
    "git reset --hard HEAD~1 && git commit -m 'lint fixes'",
    "git checkout -- web/src && git commit -m 'lint fixes'",
    "git stash drop",
    "git stash clear",
    "git -C ../other commit -m 'lint fixes'",
    "git add -f secrets.env && git commit -m 'lint fixes'",
    "git checkout -B main origin/main",
    "git switch -C main",
    "git branch -D main && git commit -m 'lint fixes'",
])
def test_a_narrated_step_that_leaves_the_local_record_stays_refused(command: str) -> None:
    """A push, an amend, a hard reset, a dropped stash, a forced or reset branch still cannot
    be taken back after a narrated imperative."""
    _refused("All checks pass. Now commit the lint fixes and push.", command)


def test_other_irreversible_verbs_still_refuse_in_the_text() -> None:
    """Only a commit's verb is left to its call: a delete, send, deploy still refuse."""
    _refused("Now delete the 4 untracked MD files.", "rm a.md b.md c.md d.md")
    _refused("Now delete the old branches and commit.", "git commit -m 'x'")
    r = recover_after("Now send the report.", TOOLS,
                      ("send_email", {"to": "a@example.com", "body": "report"}))
    assert r.reason != "ok"


def test_a_report_of_nothing_left_is_no_how_to_setting() -> None:
    """kimicli-cc-179-13: "No debug logs remain." reports a check, as "All checks pass." does;
    another observation still sets up a how-to's step."""
    _ok("No debug logs remain. Now commit and push.", COMMIT)
    _ok("No lint errors left. Now commit and push.", COMMIT)
    _refused("The setup happens in the browser. Now commit and push.", COMMIT)
    _refused("No debug logs remain in the backup. Now commit and push.", COMMIT)
    _refused("No debug logs remain. Now delete the backups.", "rm -rf backups")


def test_local_records() -> None:
    """The closed forms of [local-record], unsafe options aside."""
    assert records("Bash", {"command": COMMIT}, None, None)
    assert records("Bash", {"command": "git stash -- web/a.ts"}, None, None)
    assert records("Bash", {"command": "git fetch origin && git checkout -b fix origin/main"},
                   None, None)
    assert not records("Bash", {"command": "git stash drop"}, None, None)
    assert not records("Bash", {"command": "git push"}, None, None)
    assert not records("Bash", {"command": "git merge feature"}, None, None)
    assert not records("Bash", {"command": "ls"}, None, None)
    assert not records("read_file", {"path": "x"}, None, None)


def test_a_stash_popped_writes_the_tree() -> None:
    """git-stash(1): pop and apply restore the recorded changes on the working tree."""
    assert command_kinds("git stash pop") == {"write"}
    assert command_kinds("git stash apply stash@{1}") == {"write"}
    assert "commit" in command_kinds("git stash drop")


def test_unsafe_options_leave_the_local_record() -> None:
    """An amend, a forced add, a reset branch rewrite or lose what was recorded."""
    for command in ("git commit --amend -m 'x'", "git add -f secrets.env",
                    "git checkout -B main origin/main", "git switch -C main",
                    "git stash push --force"):
        assert not records("Bash", {"command": command}, None, None), command
    assert records("Bash", {"command": "git checkout -b main origin/main"}, None, None)


def test_only_a_commit_verb_is_left_to_its_call() -> None:
    """``imperatives.refused``: a delete's or a send's verb refuses in the text; a commit's not
    (its call must only record locally: ``grounding.joint``)."""
    assert imperatives.refused([("commit", "commit"), ("push", "commit")], "now commit and push",
                               False, False) is None
    assert imperatives.refused([("commit", "commit")], "now commit", True, False) is not None
    for verbs in ([("delete", "delete")], [("apply", "write"), ("send", "send")]):
        assert imperatives.refused(verbs, "now ...", False, False) is not None


@pytest.mark.parametrize(("text", "report"), [
    ("no debug logs remain", True),
    ("no `console.log` calls left", True),
    ("no debug logs remain in the backup", False),
    ("no users will remain", False),
    ("no one deleted the logs left", False),
    ("no logs", False),
])
def test_nothing_left_reports(text: str, report: bool) -> None:
    """[check-none], plain words or code, [check-left]: nothing else between."""
    t = detect(text)
    assert t is not None
    assert imperatives.reports_pass(tokenize(text, t), t) is report


EDIT_TOOLS = [*TOOLS, string_tool("Edit", "Edit a file.", "file_path", "old_string", "new_string")]
EDIT = ("Edit", {"file_path": "web/src/a.ts", "old_string": "x", "new_string": "y"})


def test_a_narrated_commit_announces_only_a_local_git_call() -> None:
    """Beside an edit, a commit's verb is a how-to's step of its own (h28b's pin); a git call
    that only changes the local repository is the step it announces."""
    for pre in ("Now commit the changes.", "Now commit and push.",
                "Now merge the branches and update the import.",
                "Now update `a.ts` and commit the fix."):
        r = recover_after("All checks pass. " + pre, EDIT_TOOLS, EDIT)
        assert r.reason != "ok", pre
    _ok("All checks pass. Now commit and push.", "git add -A && git commit -m 'lint fixes'")
    _refused("All checks pass. Now commit and push.",
             "git add -A && git commit -m 'x' && rm -rf build")
    assert not localgit.local("Bash", {"command": "git commit -m x && make"}, None, None)
    assert localgit.local("Bash", {"command": "git stash pop"}, None, None)
    assert not localgit.local("Bash", {"command": "git push"}, None, None)
