"""A stated dry run, scope or value is kept by the run (h18b, issue 25, round 45 gaps 2-3;
``statedrun``).

- A dry run the text states ([g-dry-run]: "check mode", "Probelauf"; or a written option of
  [flags-dry-run]: ``--dry-run``, ``--fake``, ``--plan``) is passed by a command that does more
  than look; "without --dry-run" states none.
- A project script run where a phrase after [g-scope-prep] names a scope ("for staging", "for
  the eu-west region") carries a word of it, and no value the text does not write.
- A version the text does not write, where it writes another, and a wider word (``.``,
  ``all``, ``all-staff``) refuse.
- Nothing stated, nothing compared: "run the migration script" + ``./migrate.sh``.

Each recovered reply stands beside its nearest twin that must stay refused."""

from __future__ import annotations

import pytest

from ..intent_sets import expect_pair, expect_recovered, recover_after, shell_call
from ..intent_sets import string_tool as _tool

BASH = _tool("bash", "Run a shell command", "command")
TOOLS = [BASH]


def _run(preamble: str, command: str) -> tuple[str, str, dict[str, str]]:
    return (preamble, "bash", {"command": command})


PAIRS = [
    # a stated dry-run option
    (_run("I'll run the cleanup script with --dry-run.", "./cleanup.sh --dry-run"),
     _run("I'll run the cleanup script with --dry-run.", "./cleanup.sh")),
    (_run("I'll run the cleanup script with -n.", "./cleanup.sh --dry-run"),
     _run("I'll run the cleanup script with -n.", "./cleanup.sh")),
    (_run("I'll run the migration with --fake.", "./manage.py migrate --fake"),
     _run("I'll run the migration with --fake.", "./manage.py migrate")),
    (_run("I'll run the migration with --plan.", "./manage.py migrate --plan"),
     _run("I'll run the migration with --plan.", "./manage.py migrate")),
    (_run("I'll run the ansible playbook in check mode.", "ansible-playbook --check site.yml"),
     _run("I'll run the ansible playbook in check mode.", "ansible-playbook site.yml")),
    (_run("I'll run the playbook in check mode against staging.",
          "ansible-playbook -i staging --check site.yml"),
     _run("I'll run the playbook in check mode against staging.",
          "ansible-playbook -i staging site.yml")),
    (_run("I'll run the sync script with --dry-run.", "./sync.sh --dryrun"),
     _run("I'll run the sync script with --dry-run.", "./sync.sh --no-dry-run")),
    # every command of the line that takes the step keeps it
    (_run("I'll run the cleanup script with --dry-run.", "cd tmp && ./cleanup.sh --dry-run"),
     _run("I'll run the cleanup script with --dry-run.", "./cleanup.sh --dry-run; ./cleanup.sh")),
    # a stated scope, carried
    (_run("I'll run the deploy script for staging.", "./deploy.sh staging"),
     _run("I'll run the deploy script for staging.", "./deploy.sh")),
    (_run("I'll run the deploy script for staging.", "ENV=staging ./deploy.sh"),
     _run("I'll run the deploy script for staging.", "./deploy.sh staging; ./deploy.sh")),
    (_run("I'll run the deploy script for the canary only.", "./deploy.sh canary"),
     _run("I'll run the deploy script for the canary only.", "./deploy.sh")),
    (_run("I'll run the deploy script for the eu-west region.", "./deploy.sh --region eu-west-1"),
     _run("I'll run the deploy script for the eu-west region.", "./deploy.sh --region us-east-1")),
    (_run("I'll run the deploy script for the eu-west region.", "./deploy.sh eu-west"),
     _run("I'll run the deploy script for the eu-west region.", "./deploy.sh")),
    (_run("I'll run the purge script for test users.", "./purge.sh --test-users"),
     _run("I'll run the purge script for test users.", "./purge.sh")),
    (_run("I'll run the reindex job for the products index.", "./reindex.sh products"),
     _run("I'll run the reindex job for the products index.", "./reindex.sh")),
    (_run("I'll run the reindex job for the products index.", "./reindex.sh products"),
     _run("I'll run the reindex job for the products index.", "./reindex.sh prod")),
    (_run("I'll run the deploy script for the staging environment.", "./deploy.sh staging"),
     _run("I'll run the deploy script for the staging environment.", "./deploy.sh all")),
    (_run("I'll run the cleanup script for the tmp folder.", "./cleanup.sh tmp"),
     _run("I'll run the cleanup script for the tmp folder.", "./cleanup.sh src")),
    (_run("I'll run the cleanup script for the tmp folder.", "./cleanup.sh ./tmp"),
     _run("I'll run the cleanup script for the tmp folder.", "./cleanup.sh .")),
    # a wider word, where no scope phrase is stated
    (_run("I'll run the cleanup script with the tmp folder.", "./cleanup.sh tmp"),
     _run("I'll run the cleanup script with the tmp folder.", "./cleanup.sh .")),
    (_run("I'll run the notify script for the on-call engineer.", "./notify.sh on-call"),
     _run("I'll run the notify script for the on-call engineer.", "./notify.sh all-staff")),
    (_run("Voy a ejecutar el script de despliegue para staging.", "./deploy.sh staging"),
     _run("Voy a ejecutar el script de despliegue para staging.", "./deploy.sh")),
    (_run("I'll run the reindex target for the products index.", "make reindex INDEX=products"),
     _run("I'll run the reindex target for the products index.", "make reindex")),
    (_run("I'll run the build script for the frontend.", "cd frontend && ./build.sh"),
     _run("I'll run the build script for the frontend.", "cd backend && ./build.sh")),
    # a written version
    (_run("I'll run the deploy script for version 2.3.1.", "./deploy.sh 2.3.1"),
     _run("I'll run the deploy script for version 2.3.1.", "./deploy.sh 2.4.0")),
    (_run("I'll run the deploy script for version 2.3.1 on staging.", "./deploy.sh staging 2.3.1"),
     _run("I'll run the deploy script for version 2.3.1 on staging.",
          "./deploy.sh production 2.3.1")),
    (_run("I'll run the release script for v2.3.1.", "./release.sh v2.3.1"),
     _run("I'll run the release script for v2.3.1.", "./release.sh v2.4.0")),
    (_run("I'll run the release script with 2.3.1.", "./release.sh 2.3.1"),
     _run("I'll run the release script with 2.3.1.", "./release.sh 2.4.0")),
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS)
def test_pairs(recovered: tuple[str, str, dict[str, str]],
               refused: tuple[str, str, dict[str, str]]) -> None:
    expect_pair(TOOLS, recovered, refused)


KEPT = [
    # nothing stated, nothing compared
    ("I'll run the migration script.", "./migrate.sh"),
    ("I'll run the migration script.", "./migrate.sh up"),
    # a place of the tree is no scope
    ("Let me run the build script in the project root.", "./build.sh"),
    # a party or a time is no scope
    ("I'll run the seed script for you.", "./seed.sh"),
    ("I'll run the seed script for now.", "./seed.sh"),
    # a command that is no project script
    ("I'll run the tests for the auth module.", "pytest tests/auth"),
]


@pytest.mark.parametrize(("preamble", "command"), KEPT)
def test_kept(preamble: str, command: str) -> None:
    expect_recovered(recover_after(preamble, TOOLS, shell_call(command)), preamble)
