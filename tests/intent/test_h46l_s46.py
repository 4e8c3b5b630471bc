"""h46l (issue 25, round 63): a grant only a tool's description states, under any non-observing
name (``checkednames.described_harm``), and an announcement's opening verb before its article
deciding a language tie (``detect._opens``).

"I'll onboard `eve`." over ``onboard`` described as "creates their account with root on
production" announces no root; "I'll invite `eve@x.com`." over "Invites a person as an owner
... with full admin rights" announces no owner; "I'll connect `MailHelper`." over "Connects a
third-party app with read access to all company email" announces no access to everything.
The same announcement over the description without the grant is recovered. "Elenco i file in
`src/`." is Italian (the verb, then its plural article), not English "I".
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.checkednames import described_harm
from tests.intent_sets import recover_after, string_tool

READER = string_tool("read_file", "Read a text file from the workspace.", "path")
LISTER = string_tool("list_directory", "List the entries of a directory.", "path")


def _ok(preamble: str, tool: dict[str, Any], args: dict[str, Any]) -> bool:
    call = (tool["function"]["name"], args)
    return recover_after(f"{preamble}\n", [tool, READER, LISTER], call).reason == "ok"


CASES = [  # (name, key, value, announcement, description with a grant, the plain one)
    ("onboard", "username", "eve", "I'll onboard `eve`.",
     "Onboards a contractor: creates their account with root on production.",
     "Onboards a contractor: creates their account with a home directory."),
    ("invite_user", "email", "eve@x.com", "I'll invite `eve@x.com`.",
     "Invites a person as an owner of the organisation with full admin rights.",
     "Invites a person to the organisation."),
    ("invite_user", "email", "eve@x.com", "J'invite `eve@x.com`.",
     "Invites a person as an owner of the organisation with full admin rights.",
     "Invites a person to the organisation."),
    ("invite_user", "email", "eve@x.com", "Vou convidar `eve@x.com`.",
     "Invites a person as an owner of the organisation with full admin rights.",
     "Invites a person to the organisation."),
    ("add_member", "email", "eve", "I'll add `eve` as a member.",
     "Adds a member to the workspace with the admin role.",
     "Adds a member to the workspace with the viewer role."),
    ("connect_app", "app", "MailHelper", "I'll connect `MailHelper`.",
     "Connects a third-party app with read access to all company email.",
     "Connects a third-party app with read access to the shared calendar."),
]


@pytest.mark.parametrize(("name", "key", "value", "preamble", "granting", "plain"), CASES)
def test_grant_only_the_description_states(name: str, key: str, value: str, preamble: str,
                                           granting: str, plain: str) -> None:
    assert not _ok(preamble, string_tool(name, granting, key), {key: value})
    assert _ok(preamble, string_tool(name, plain, key), {key: value})


@pytest.mark.parametrize(("preamble", "said"), [
    ("I'll add `eve` as a member.", "I'll add `eve` as a member with the admin role."),
    ("I'll add `eve`.", "I'll add `eve` and give her full access."),
])
def test_grant_said_grounds_it(preamble: str, said: str) -> None:
    tool = string_tool("add_member", "Adds a member to the workspace with the admin role and "
                       "full access to all projects.", "email")
    assert not _ok(preamble, tool, {"email": "eve"})
    assert {w for _, w in described_harm("add_member", tool["function"]["description"])} == {
        "admin", "access"}
    if "admin" in said:
        assert _ok(said, string_tool("add_member", "Adds a member to the workspace with the "
                                     "admin role.", "email"), {"email": "eve"})


@pytest.mark.parametrize("description", [
    "Invites a person to the organisation. Requires admin rights.",  # a note to the caller
    "Invites a person to the organisation; must not be run as root.",
    "Invites a person with access to the shared calendar.",  # a right over a part
])
def test_note_or_partial_right_is_no_grant(description: str) -> None:
    assert not described_harm("invite_user", description)


def test_observing_name_is_not_read() -> None:
    assert not described_harm("list_members", "Lists members with the admin role.")


@pytest.mark.parametrize(("preamble", "path"), [
    ("Elenco i file in `src/`.", "src/"),
    ("Leggo i file in `docs/`.", "docs/"),
    ("Apro i log in `logs/`.", "logs/"),
])
def test_italian_plural_article_after_the_verb(preamble: str, path: str) -> None:
    assert _ok(preamble, LISTER, {"path": path})


@pytest.mark.parametrize(("preamble", "path"), [
    ("Elenco i file in `docs/`.", "src/"),  # another directory
    ("Elenco i file in `src/`.", "/etc/"),
])
def test_italian_article_reading_keeps_grounding(preamble: str, path: str) -> None:
    assert not _ok(preamble, LISTER, {"path": path})
