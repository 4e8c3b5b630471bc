"""Two clause shapes the grammar places (session 31, h15b; ``intent.dropped``,
``intent.dashnames``): the diary-style "will" whose first-person subject is dropped ("Still
running — will continue waiting.") opens a clause as "I will" does, and a dash before a closing
list of code names ("**Step 1: Add imports** — `json` and `Style`") names the step's objects as
a comma does. Each recovered reply has a near-identical one beside it that stays refused."""

from __future__ import annotations

from ..intent_sets import recover_after
from ..intent_sets import typed_tool as _tool

TOOLS = [
    _tool("task_output", task_id="string"),
    _tool("delete_branch", name="string"),
    _tool("run_tests", path="string"),
    _tool("send_email", to="string", body="string"),
    _tool("edit_file", path="string", old="string", new="string"),
    _tool("read_file", path="string"),
    _tool("bash", command="string"),
]

WAIT = ("task_output", {"task_id": "b7x2"})
BRANCH = ("delete_branch", {"name": "old-feature"})
TESTS = ("run_tests", {"path": "tests"})
IMPORTS = ("edit_file", {"path": "visualize.py", "old": "import asyncio",
                         "new": "import asyncio\nimport json\nfrom rich.style import Style"})

# (recovered, refused, call): the pair differs in the one place the rule reads
PAIRS = [
    # a dropped subject opens the sentence, after acknowledgements, or after a dash that
    # follows a clause of the assistant's own
    ("Will continue waiting.", "Bob will continue waiting.", WAIT),
    ("Still running — will continue waiting.", "Still running, will continue waiting.", WAIT),
    ("Okay, will continue waiting.", "The user will continue waiting.", WAIT),
    ("Will delete the old-feature branch.", "Will deleted the old-feature branch.", BRANCH),
    ("Will delete the old-feature branch.", "Will delete the old-feature branch tomorrow.",
     BRANCH),
    ("Will delete the old-feature branch.", "Will not delete the old-feature branch.", BRANCH),
    ("Will delete the old-feature branch.", "Will you delete the old-feature branch?", BRANCH),
    ("Will delete the old-feature branch.",
     "Will delete the old-feature branch if you approve.", BRANCH),
    ("Will delete the old-feature branch.", "Alice: will delete the old-feature branch.",
     BRANCH),
    ("Will delete the old-feature branch.", "Bob — will delete the old-feature branch.",
     BRANCH),
    ("Will run the tests.", "Will have to run the tests.", TESTS),
    ("Will run the tests.", "Will ask Bob to run the tests.", TESTS),
    ("Running the tests — will check the output.", "The tests — will check the output.",
     TESTS),
    # a dash before a closing list of code names: the step's objects
    ("**Step 1: Add imports** — `json` and `Style`",
     "**Step 1: Add imports** — `json` and maybe `Style`", IMPORTS),
    ("Let me add the imports — `json` and `Style`.",
     "Let me add the imports — `json` and `Style` — then run it.", IMPORTS),
    ("Let me add the imports — `json` and `Style`.",
     "Let me add the imports — `json` maybe `Style`.", IMPORTS),
    ("Let me add the imports — `json` and `Style`.",
     "Let me add the imports — `json` and friends.", IMPORTS),
    ("Let me add the imports -- `json` and `Style`.",
     "Let me add the imports -- `json` and friends.", IMPORTS),
    ("Ich füge die Importe hinzu — `json` und `Style`.",
     "Ich füge die Importe hinzu — `json` und vielleicht `Style`.", IMPORTS),
    ("Voy a añadir los imports — `json` y `Style`.",
     "Voy a añadir los imports — `json` y amigos.", IMPORTS),
    ("Let me add the imports — `json`, `Style`.",
     "Let me add the imports — `json` if it is missing.", IMPORTS),
    ("Let me add the imports — `json` and `Style`.",
     "Let me add these — `json` and `Style`.", IMPORTS),
    ("Let me read both configs — `dev.yaml` and `prod.yaml`.",
     "Let me read both configs — the user's `dev.yaml` and `prod.yaml`.",
     ("read_file", {"path": "dev.yaml"})),
    ("Let me run the unit tests — `make test`.", "Let me run this — `make test`.",
     ("bash", {"command": "make test"})),
]


def test_each_recovered_reply_is_recovered() -> None:
    for ok, _no, call in PAIRS:
        r = recover_after(ok, TOOLS, call)
        assert r.reason == "ok", (ok, r.detail)


def test_its_near_twin_stays_refused() -> None:
    for _ok, no, call in PAIRS:
        r = recover_after(no, TOOLS, call)
        assert r.reason != "ok", no


def test_a_recovered_twin_with_another_call_stays_refused() -> None:
    # the same words ground the call they name only: another step or object stays refused
    for pre, call in [("Will continue waiting.", BRANCH),
                      ("Will run the tests.", ("bash", {"command": "rm -rf tests"})),
                      ("Let me add the imports — `json` and `Style`.",
                       ("bash", {"command": "rm -rf src"})),
                      ("Let me read both configs — `dev.yaml` and `prod.yaml`.",
                       ("read_file", {"path": "secrets.env"})),
                      ("Let me run the unit tests — `make test`.",
                       ("bash", {"command": "make test && make deploy"}))]:
        r = recover_after(pre, TOOLS, call)
        assert r.reason != "ok", pre
