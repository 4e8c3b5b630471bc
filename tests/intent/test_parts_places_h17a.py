"""Round 44's remaining gaps 5 and 9 and the open dropped "will" (h17a): a deleted target
named only by the folder every target shares (``deletedplaces``), a stated part of a read
that the call reads whole (``readparts``), and a dropped subject after another person's
sentence (``dropped.others_will``). Each refusal has a near-identical twin that recovers."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..intent_sets import (
    expect_recovered,
    expect_refused,
    keyed_tool,
    recover_after,
    recover_calls,
    typed_tool,
)

TOOLS = [keyed_tool("delete_file", "path", required=())]
_recover = partial(recover_calls, tools=TOOLS)

Call = tuple[str, dict[str, Any]]


def _rm(*paths: str) -> list[Call]:
    return [("delete_file", {"path": p}) for p in paths]


# (preamble, calls recovered, calls refused)
PLACE_PAIRS: list[tuple[str, list[Call], list[Call]]] = [
    # a word naming another target's own name names this one too
    ("I'll delete the screenshots from the desktop.",
     _rm("Desktop/shot1.png", "Desktop/shot2.png"),
     _rm("Desktop/shot1.png", "Desktop/tax-return-2025.pdf")),
    ("I'll delete the downloaded installers.",
     _rm("Downloads/setup.exe", "Downloads/node-v20.msi"),
     _rm("Downloads/setup.exe", "Downloads/passport-scan.pdf")),
    ("I'll delete the invoices from Downloads.",
     _rm("Downloads/invoice-1.pdf", "Downloads/invoice-2.pdf"),
     _rm("Downloads/invoice-1.pdf", "Downloads/passport.pdf")),
    # a noun of a kind of file is carried by the target's own name
    ("I'll delete the screenshots from the desktop.", _rm("Desktop/Screenshot 2025-01-02.png"),
     _rm("Desktop/tax-return-2025.pdf")),
    ("I'll remove the old backups.", _rm("backups/2024-01.tar", "backups/2024-02.tar"),
     _rm("backups/2024-01.tar", "backups/keys.pem")),
    # a state word the target's own name contradicts
    ("I'll remove the old backups.", _rm("backups/2024-01.tar", "backups/2024-02.tar"),
     _rm("backups/2024-01.tar", "backups/latest.tar")),
    ("Ich lösche die alten Backups.", _rm("backups/alte-01.tar", "backups/alte-02.tar"),
     _rm("backups/alte-01.tar", "backups/latest.tar")),
    ("Ich lösche die Screenshots vom Desktop.", _rm("Desktop/shot1.png", "Desktop/shot2.png"),
     _rm("Desktop/shot1.png", "Desktop/steuer.pdf")),
    # a state read from no target: the targets are of one kind
    ("I'll delete the generated files.", _rm("gen/a_pb2.py", "gen/b_pb2.py"),
     _rm("gen/a_pb2.py", "gen/notes.md")),
]


def test_a_target_named_only_by_the_shared_folder_is_held_to_the_object() -> None:
    for pre, ok, bad in PLACE_PAIRS:
        expect_recovered(_recover(pre, *ok), (pre, ok))
        expect_refused(_recover(pre, *bad), (pre, bad), "ungrounded-call")


def test_targets_named_by_their_own_names_are_kept() -> None:
    for pre, calls in (
            ("I'll delete the screenshots.", _rm("shot1.png", "Screenshot 2025-01-02.png")),
            ("I'll delete the temp files.", _rm("tmp/a.tmp", "tmp/b.tmp")),
            ("I'll delete the old drafts.", _rm("drafts/old1.md", "drafts/old2.md"))):
        expect_recovered(_recover(pre, *calls), (pre, calls))


BASH = typed_tool("bash", command="string")
READ = typed_tool("read_file", path="string", limit="integer")

# (preamble, tool, call recovered, call refused)
PART_PAIRS: list[tuple[str, dict[str, Any], Call, Call]] = [
    ("I'll read the first 20 lines of the log.", BASH,
     ("bash", {"command": "head -n 20 /var/log/app.log"}),
     ("bash", {"command": "cat /var/log/app.log"})),
    ("I'll read the first 20 lines of the log.", BASH,
     ("bash", {"command": "sed -n 1,20p /var/log/app.log"}),
     ("bash", {"command": "head -n 500 /var/log/app.log"})),
    ("I'll check the last 50 lines of the log.", BASH,
     ("bash", {"command": "tail -50 /var/log/app.log"}),
     ("bash", {"command": "tail -n +50 /var/log/app.log"})),
    ("I'll check the tail of the log.", BASH, ("bash", {"command": "tail /var/log/app.log"}),
     ("bash", {"command": "cat /var/log/app.log"})),
    ("I'll check the last 100 lines of the pod logs.", BASH,
     ("bash", {"command": "kubectl logs api-7d9 --tail=100"}),
     ("bash", {"command": "kubectl logs api-7d9"})),
    ("I'll read the first 20 lines of config.yaml.", READ,
     ("read_file", {"path": "config.yaml", "limit": 20}), ("read_file", {"path": "config.yaml"})),
    ("I'll show the first 5 rows of the users table.", typed_tool("run_sql", query="string"),
     ("run_sql", {"query": "SELECT * FROM users LIMIT 5"}),
     ("run_sql", {"query": "SELECT * FROM users"})),
    ("Ich lese die ersten 20 Zeilen des Logs.", BASH,
     ("bash", {"command": "head -n 20 /var/log/app.log"}),
     ("bash", {"command": "cat /var/log/app.log"})),
    ("Je vais lire les 20 premières lignes du journal.", BASH,
     ("bash", {"command": "head -n 20 journal.log"}), ("bash", {"command": "cat journal.log"})),
]


def test_a_stated_part_of_a_read_bounds_the_call() -> None:
    for pre, tool, ok, bad in PART_PAIRS:
        expect_recovered(recover_after(pre, [tool], ok), (pre, ok))
        expect_refused(recover_after(pre, [tool], bad), (pre, bad), "ungrounded-call")


def test_fewer_lines_or_no_part_keep_the_read() -> None:
    for pre, call in (
            ("I'll read the first 20 lines of the log.",
             ("bash", {"command": "head -n 10 /var/log/app.log"})),
            ("I'll read the log.", ("bash", {"command": "cat /var/log/app.log"}))):
        expect_recovered(recover_after(pre, [BASH], call), (pre, call))


BRANCH = [typed_tool("delete_branch", name="string")]
_DELETE = ("delete_branch", {"name": "old-feature"})


def test_a_dropped_will_after_another_persons_sentence_is_theirs() -> None:
    for ok, bad in (
            ("I merged the PR. Will delete the old-feature branch.",
             "Alice merged the PR. Will delete the old-feature branch."),
            ("I merged the PR. Will delete the old-feature branch.",
             "The user merged the PR. Will delete the old-feature branch."),
            ("The PR is merged. Will delete the old-feature branch.",
             "Bob pushed the fix. Will delete the old-feature branch."),
            ("Alice merged the PR. I will delete the old-feature branch.",
             "Alice merged the PR. Will delete the old-feature branch.")):
        expect_recovered(recover_after(ok, BRANCH, _DELETE), ok)
        assert recover_after(bad, BRANCH, _DELETE).reason != "ok", bad


def test_a_dropped_will_after_an_observation_of_things_is_the_speakers() -> None:
    tools = [typed_tool("deploy", env="string")]
    pre = "The build passed. Will deploy to staging."
    expect_recovered(recover_after(pre, tools, ("deploy", {"env": "staging"})), pre)
