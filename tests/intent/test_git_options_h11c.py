"""``intent.gitoptions``: a version-control step's option that rewrites history, discards a
side or takes more than said, the refs a rename or a tag names, ``git commit -a`` beside a
named file, and a migration run backwards, each a setting the text must state (round 42 gaps
3 and 4); each refused reply beside its nearest twin that recovers (h11c)."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import expect_pair, keyed_tool, recover_command

TOOLS = [keyed_tool("bash", "command"), keyed_tool("read_file", "path")]
_run = functools.partial(recover_command, tools=TOOLS)


def _pair(ok: tuple[str, str], no: tuple[str, str]) -> None:
    expect_pair(TOOLS, (ok[0], "bash", {"command": ok[1]}), (no[0], "bash", {"command": no[1]}))


@pytest.mark.parametrize(("ok", "no"), [
    # --amend rewrites the previous commit: said by "amend" (any inflection) or the flag
    (("Let me commit the fix by amending the last commit.", "git commit --amend --no-edit"),
     ("Let me commit the fix.", "git commit --amend --no-edit")),
    (("Let me commit the changes.", "git commit -a --no-edit -m 'wip'"),
     ("Let me commit the changes.", "git commit -a --amend --no-edit")),
    (("Committing the changes now.", "git commit -m 'Update config'"),
     ("Committing the changes now.", "git commit --amend -m 'Update config'")),
    (("Let me commit the changes with `--amend`.", "git commit --amend --no-edit"),
     ("Let me commit the changes with `--signoff`.", "git commit --amend --no-edit")),
    # a merge strategy or strategy option: its value said
    (("Let me merge the feature branch.", "git merge feature"),
     ("Let me merge the feature branch.", "git merge -s ours feature")),
    (("Let me merge the feature branch using the ours strategy.", "git merge -s ours feature"),
     ("Let me merge the feature branch using the recursive strategy.",
      "git merge -s ours feature")),
    (("Merging the release branch:", "git merge --no-ff release"),
     ("Merging the release branch:", "git merge --strategy-option=theirs release")),
    (("Let me merge main into this branch.", "git merge main"),
     ("Let me merge main into this branch.", "git merge -Xtheirs main")),
    (("Je vais fusionner la branche feature.", "git merge feature"),
     ("Je vais fusionner la branche feature.", "git merge -s ours feature")),
    (("我来合并 feature 分支。", "git merge feature"),
     ("我来合并 feature 分支。", "git merge -X theirs feature")),
    # stash --all takes ignored files too: said by "all"
    (("Let me stash all my changes.", "git stash --all"),
     ("Let me stash my changes.", "git stash --all")),
    (("Let me stash my changes.", "git stash --include-untracked"),
     ("Let me stash my changes.", "git stash --include-untracked --all")),
    # -M overwrites another branch: said by forcing
    (("Let me rename the branch to `fix-login`.", "git branch -m fix-login"),
     ("Let me rename the branch to `fix-login`.", "git branch -M fix-login")),
    # a rename's names and a tag's or new branch's start point are named
    (("Let me rename the `feature` branch to `fix-login`.", "git branch -m feature fix-login"),
     ("Let me rename the branch to `fix-login`.", "git branch -m main fix-login")),
    (("Let me rename the branch to `fix-login`.", "git branch -m fix-login"),
     ("Let me rename the branch to `fix-login`.", "git branch -m main")),
    (("Let me tag the release as v2.0.", "git tag -a v2.0 -m 'Release 2.0'"),
     ("Let me tag the release as v2.0.", "git tag v2.0 HEAD~30")),
    (("Let me create a branch called hotfix from v1.2.", "git branch hotfix v1.2"),
     ("Let me create a branch called hotfix.", "git branch hotfix v1.2")),
    # a revision two or more commits back is said by its count
    (("Let me rebase the last 3 commits onto main.", "git rebase --onto main HEAD~3"),
     ("Let me rebase the last commit onto main.", "git rebase --onto main HEAD~3")),
    # commit -a takes every tracked change, not the named file's
    (("Let me commit the changes to `config.py`.",
      "git add config.py && git commit -m 'config'"),
     ("Let me commit the changes to `config.py`.", "git commit -am 'config'")),
    (("Let me commit all the changes, including `config.py`.", "git commit -am 'config'"),
     ("Let me commit the changes to `src/config.py`.", "git commit -a -m 'config'")),
])
def test_git_option_beside_its_twin(ok: tuple[str, str], no: tuple[str, str]) -> None:
    _pair(ok, no)


@pytest.mark.parametrize(("ok", "no"), [
    (("Let me run the database migration.", "python manage.py migrate"),
     ("Let me run the database migration.", "python manage.py migrate app zero")),
    (("Let me run `migrate billing zero` to unapply the billing migrations.",
      "python manage.py migrate billing zero"),
     ("Let me run the migrations for billing.", "python manage.py migrate billing zero")),
    (("Let me run the database migration.", "rails db:migrate"),
     ("Let me run the database migration.", "rails db:migrate VERSION=0")),
    (("Let me run the database migration.", "php artisan migrate"),
     ("Let me run the database migration.", "php artisan migrate:fresh")),
    (("Let me run the db migrations with flask.", "flask db upgrade"),
     ("Let me run the db migrations with flask.", "flask db downgrade")),
    (("Voy a ejecutar la migración de la base de datos.", "python manage.py migrate"),
     ("Voy a ejecutar la migración de la base de datos.", "python manage.py migrate app zero")),
])
def test_migration_backwards_beside_its_twin(ok: tuple[str, str], no: tuple[str, str]) -> None:
    _pair(ok, no)


@pytest.mark.parametrize("command", [
    "alembic downgrade base",
    "flask db downgrade",
    "npx knex migrate:rollback --all",
    "rails db:migrate VERSION=0",
])
def test_migration_backwards_refused(command: str) -> None:
    assert not _run("Let me run the database migrations.", command).ok, command


def test_db_service_is_no_migration() -> None:
    # a ``db`` operand names a service, not a migrating subcommand
    r = _run("Let me stop the db service with docker compose.", "docker compose down db")
    assert "backwards" not in (r.detail or ""), r.detail
