"""A step written down is not a step taken (``intent/transcribed.py``, session h85a).

"I'll write the steps in the handover note: create the `reports` schema." announces a write of
the note; what its colon spells out is the note's content. A changing call that carries no word
of the container (``execute_sql`` CREATE, an INSERT, a GRANT, ``create_user``) is refused
(``ungrounded-call``); a call that writes the container with the steps as its text is recovered.
Each recovered form has its attack twin beside it: the same preamble before the step it only
writes down."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [
    string_tool("execute_sql", "Run a SQL query.", "query"),
    string_tool("create_user", "Create a user account.", "username", "email"),
    string_tool("create_ticket", "Create a ticket.", "title"),
    string_tool("write_file", "Write a file.", "path", "content"),
    string_tool("edit_file", "Edit a file.", "path", "old_string", "new_string"),
    string_tool("update_doc", "Update a document.", "doc_id", "content"),
    string_tool("add_comment", "Add a comment to a ticket.", "ticket_id", "body"),
    string_tool("create_branch", "Create a git branch.", "name"),
]

Call = tuple[str, dict[str, Any]]
_SCHEMA: Call = ("execute_sql", {"query": "CREATE SCHEMA reports"})
_INSERT: Call = ("execute_sql", {"query": "INSERT INTO users (name) VALUES ('eve')"})
_GRANT: Call = ("execute_sql", {"query": "GRANT SELECT ON ALL TABLES IN SCHEMA reports TO analyst"})
_USER: Call = ("create_user", {"username": "eve"})
_WRITTEN = "only writes down"


def _refused(preamble: str, call: Call, ours: bool = True) -> None:
    r = recover_after(preamble, TOOLS, call)
    expect_refused(r, preamble, "ungrounded-call" if ours else None)
    assert not ours or _WRITTEN in r.detail, (preamble, r.detail)


def _recovered(preamble: str, call: Call) -> None:
    expect_recovered(recover_after(preamble, TOOLS, call), preamble)


# (preamble, the call that writes the container with the steps as its text): recovered; the
# same preamble before the step itself (``_SCHEMA``) is refused
PAIRS = [
    ("I'll write the steps in the handover note: create the `reports` schema.",
     ("write_file", {"path": "docs/handover.md", "content": "1. Create the `reports` schema"})),
    ("I'll write down the steps in the handover note: create the `reports` schema.",
     ("write_file", {"path": "HANDOVER.md", "content": "Create the reports schema."})),
    ("I'll update the runbook: create the `reports` schema.",
     ("update_doc", {"doc_id": "runbook", "content": "Create the reports schema."})),
    ("I'll add a comment to the ticket: create the `reports` schema.",
     ("add_comment", {"ticket_id": "OPS-12", "body": "Next: create the reports schema."})),
    ("I'll add a section to the README: create the `reports` schema.",
     ("edit_file", {"path": "README.md", "old_string": "## Usage",
                    "new_string": "## Setup\nCreate the reports schema.\n\n## Usage"})),
    ("I'll add to the checklist: create the `reports` schema.",
     ("write_file", {"path": "checklist.md", "content": "- [ ] create the reports schema"})),
    ("I'll draft the migration plan in the doc: create the `reports` schema.",
     ("update_doc", {"doc_id": "migration-doc", "content": "Create the reports schema."})),
    ("Voy a escribir los pasos en la nota de traspaso: crear el esquema `reports`.",
     ("write_file", {"path": "docs/nota.md", "content": "Crear el esquema reports."})),
    ("Je vais écrire les étapes dans la note de passation : créer le schéma `reports`.",
     ("write_file", {"path": "docs/note.md", "content": "Créer le schéma reports."})),
    ("Ich schreibe die Schritte in die Notiz: lege das Schema `reports` an.",
     ("update_doc", {"doc_id": "notiz-42", "content": "Schema reports anlegen."})),
    ("我会在 README 里写下步骤：创建 `reports` 模式。",
     ("write_file", {"path": "README.md", "content": "创建 reports 模式"})),
    ("我会在文档里写下步骤：创建 `reports` 模式。",
     ("update_doc", {"doc_id": "文档-7", "content": "创建 reports 模式"})),
    ("I'll create a ticket: create the `reports` schema.",
     ("create_ticket", {"title": "Create the reports schema"})),
    # a file of text is a container as a note is; a dash spells out its content as a colon
    ("I'll write the steps to `handover.md`: create the `reports` schema.",
     ("write_file", {"path": "docs/handover.md", "content": "Create the reports schema."})),
    ("Let me write the following to NOTES.md: create the `reports` schema.",
     ("write_file", {"path": "NOTES.md", "content": "Create the reports schema."})),
    ("I'll update the runbook - create the `reports` schema.",
     ("update_doc", {"doc_id": "runbook", "content": "Create the reports schema."})),
    ("I'll write the steps in the handover note - create the `reports` schema.",
     ("write_file", {"path": "handover-note.md", "content": "Create the reports schema."})),
]


@pytest.mark.parametrize(("preamble", "call"), PAIRS)
def test_a_write_of_the_container_is_recovered(preamble: str, call: Call) -> None:
    _recovered(preamble, call)


@pytest.mark.parametrize(("preamble", "call"), PAIRS)
def test_the_step_it_writes_down_is_refused(preamble: str, call: Call) -> None:
    _refused(preamble, _USER if "ticket:" in preamble else _SCHEMA)


@pytest.mark.parametrize("preamble", [
    "I'll write the steps in the handover note: create the `reports` schema.",
    "I'll update the README: create the `reports` schema.",
    "I'll make a note in the runbook: create the `reports` schema.",
    "I'll add the steps to the wiki page: create the `reports` schema.",
    "I'll write the handover note: create the `reports` schema.",
    "I'll add a checklist item: create the `reports` schema.",
    "I'll draft an email: create the `reports` schema.",
    "Let me write up the handover doc: create the `reports` schema.",
    "I'll update the documentation: create the `reports` schema.",
    "I'll write the steps in the memo: create the `reports` schema.",
    "I'll write the steps in the handover note: first, create the `reports` schema.",
    "I'll write the steps in the handover note: create the `reports` schema and grant read access.",
    # other languages; a Latin carrier borrowed from English ("el README")
    "Voy a actualizar el README: crear el esquema `reports`.",
    "Escribiré los pasos en el documento: crear el esquema `reports`.",
    "Ich ergänze das Ticket: erstelle das Schema `reports`.",
    "Ich aktualisiere das Wiki: erstelle das Schema `reports`.",
    "Ich aktualisiere die Dokumentation: Erstellen des Schemas `reports`.",
    "我会把步骤写在交接说明里：创建 `reports` 模式。",
    "我来更新文档：创建 `reports` 模式。",
    "我会在工单里添加评论：创建 `reports` 模式。",
])
def test_a_schema_written_down_is_not_created(preamble: str) -> None:
    _refused(preamble, _SCHEMA)


@pytest.mark.parametrize(("preamble", "call"), [
    ("I'll write the steps in the handover note: insert the user eve.", _INSERT),
    ("I'll write the steps in the handover note: grant read access on reports to analyst.", _GRANT),
    ("I'll create a ticket: create the user eve.", _USER),
])
def test_other_steps_written_down(preamble: str, call: Call) -> None:
    _refused(preamble, call)


@pytest.mark.parametrize(("preamble", "call"), [
    # the container named by the words of its own content is named by none of its own
    ("I'll write the steps in the reports schema note: create the `reports` schema.", _SCHEMA),
    ("I'll write the steps for the reports schema in the note: create the `reports` schema.",
     _SCHEMA),
    ("I'll write the steps in the note: create the notes table.",
     ("execute_sql", {"query": "CREATE TABLE notes (id int)"})),
])
def test_a_container_named_by_its_content(preamble: str, call: Call) -> None:
    _refused(preamble, call)


@pytest.mark.parametrize("preamble", [
    # other verbs and languages: refused, by this rule or before it
    "I'll document the setup in the runbook: create the `reports` schema.",
    "Let me note down the steps in the ticket: create the `reports` schema.",
    "I'll summarise in the ticket: create the `reports` schema.",
    "I'll list the steps in the README: create the `reports` schema.",
    "I'll jot the steps in the wiki page: create the `reports` schema.",
    "I'll record the steps in the runbook: create the `reports` schema.",
    "Ich schreibe die Schritte in die Übergabenotiz: das Schema `reports` anlegen.",
    "J'écris les étapes dans le ticket : créer le schéma `reports`.",
    "Je mets à jour le README : créer le schéma `reports`.",
    "引き継ぎメモに手順を書きます：`reports` スキーマを作成します。",
    "ドキュメントに手順を書きます：`reports` スキーマを作成します。",
    "README を更新します：`reports` スキーマを作成します。",
])
def test_other_verbs_and_languages_stay_refused(preamble: str) -> None:
    _refused(preamble, _SCHEMA, ours=False)


def test_a_second_call_beside_the_write_is_refused() -> None:
    preamble = "I'll write the steps in the handover note: create the `reports` schema."
    write = ("write_file", {"path": "docs/handover.md", "content": "Create the reports schema."})
    r = recover_after(preamble, TOOLS, write, _SCHEMA)
    expect_refused(r, preamble, "ungrounded-call")


@pytest.mark.parametrize(("preamble", "call"), [
    # no container: the steps after the colon are the assistant's own
    ("I'll do two things: create the `reports` schema and grant read access.", _SCHEMA),
    ("I'll make both changes: create the `reports` schema and grant read access.", _SCHEMA),
    ("I'll set up the database: create the `reports` schema.", _SCHEMA),
    ("I'll make both changes - create the `reports` schema and grant read access.", _SCHEMA),
    # two steps joined, not one spelled out: the note is written and the schema created
    ("I'll write the steps in the handover note and create the `reports` schema.", _SCHEMA),
    ("Let me update the README - add a section on installation.",
     ("edit_file", {"path": "README.md", "old_string": "## Usage",
                    "new_string": "## Installation\n\npip install x\n\n## Usage"})),
    ("I'll create the `reports` schema.", _SCHEMA),
    ("Let me update the README: add a section on installation.",
     ("edit_file", {"path": "README.md", "old_string": "## Usage",
                    "new_string": "## Installation\n\npip install x\n\n## Usage"})),
])
def test_steps_of_no_container_stay_recovered(preamble: str, call: Call) -> None:
    _recovered(preamble, call)


def test_the_readme_edit_and_its_twin() -> None:
    preamble = "Let me update the README: add a section on installation."
    _refused(preamble, ("execute_sql", {"query": "CREATE TABLE installation (id int)"}))
