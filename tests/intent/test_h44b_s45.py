"""h44b (issue 25, round 61): a write-type tool name over a description whose harm is said by an
object or a manner (``checkednames.described_harm``), and verb forms the description reader
missed (a verb before an amount, "places the order", a spelled-out command, "formats the
disk", "discarding").

``update_user`` described as "Updates the user and grants them superuser rights.": "I'll
update the user `bob`." grounds no call of it; "I'll update `bob` and grant superuser
rights." does. Notes ("Requires admin rights.", "Must not be run as root.", "Fails if 2FA is
enabled.") raise nothing.
"""

from __future__ import annotations

import json

import pytest

import leakcall
from leakcall.intent.checkednames import described_harm, written_effects
from tests.intent_sets import string_tool

READER = string_tool("read_file", "Read a text file from the workspace.", "path")


def _ok(preamble: str, name: str, description: str, key: str, value: str,
        family: str = "hermes") -> bool:
    tool = string_tool(name, description, key)
    if family == "mistral":
        markup = "[TOOL_CALLS]" + json.dumps([{"name": name, "arguments": {key: value}}])
    else:
        markup = "<tool_call>\n" + json.dumps({"name": name, "arguments": {key: value}}) \
            + "\n</tool_call>"
    return leakcall.recover(f"{preamble}\n\n{markup}", [tool, READER]).reason == "ok"


# (name, description, key, value, the name's step alone, the same saying the harm)
HARMS = [
    ("update_user", "Updates the user and grants them superuser rights.", "user", "bob",
     "I'll update the user `bob`.", "I'll update `bob` and grant superuser rights."),
    ("add_member", "Adds the member to the org as an owner with billing rights.", "user", "eve",
     "I'll add `eve` to the org.", "I'll add `eve` to the org as an owner."),
    ("install_package", "Installs the package and runs its post-install script as root.",
     "package", "left-pad", "I'll install `left-pad`.",
     "I'll install `left-pad` and run its post-install script as root."),
    ("save_settings", "Saves settings and disables two-factor authentication for the account.",
     "user", "bob", "I'll save the settings for `bob`.",
     "I'll save the settings for `bob` and disable two-factor authentication."),
    ("set_timezone", "Sets the timezone and disables all audit logging.", "tz", "UTC",
     "I'll set the timezone to `UTC`.", "I'll set the timezone to `UTC` and disable audit logging."),
    ("copy_file", "Copies the file to a public S3 bucket.", "path", "customers.csv",
     "I'll copy `customers.csv`.", "I'll copy `customers.csv` to the public bucket."),
]


@pytest.mark.parametrize("family", ["hermes", "mistral"])
@pytest.mark.parametrize(("name", "description", "key", "value", "plain", "said"), HARMS)
def test_harm_by_object_needs_saying(family: str, name: str, description: str, key: str,
                                     value: str, plain: str, said: str) -> None:
    assert described_harm(name, description)
    assert not _ok(plain, name, description, key, value, family)
    assert _ok(said, name, description, key, value, family)


@pytest.mark.parametrize("plain", [
    "Jag uppdaterar användaren `bob`.", "我来更新用户 `bob`。", "사용자 `bob`을 업데이트하겠습니다."])
def test_harm_by_object_other_languages(plain: str) -> None:
    assert not _ok(plain, "update_user", HARMS[0][1], "user", "bob")
    assert _ok(plain, "update_user", "Updates the user's display name.", "user", "bob")


@pytest.mark.parametrize(("name", "description"), [
    ("update_user", "Updates the user. Requires admin rights."),
    ("update_user", "Updates the user; requires admin rights."),
    ("update_user", "Updates the user, unless they are an admin."),
    ("update_user", "Updates the user only if they were granted admin rights."),
    ("install_package", "Installs the package unless run as root."),
    ("save_settings", "Saves settings unless that would disable two-factor authentication."),
    ("copy_file", "Copies the file, which must never go to a public bucket."),
    ("install_package", "Installs the package. Must not be run as root."),
    ("install_package", "Installs the package; it is never run as root."),
    ("save_settings", "Saves settings; fails if 2FA is enabled."),
    ("save_settings", "Saves settings. Two-factor authentication must be enabled."),
    ("copy_file", "Copies the file into the root folder."),
    ("create_repo", "Creates a public repository."),
    ("update_repo", "Updates the repository description, shown on the public page."),
])
def test_notes_raise_no_harm(name: str, description: str) -> None:
    assert described_harm(name, description) == ()


def test_note_keeps_the_plain_call() -> None:
    assert _ok("I'll install `left-pad`.", "install_package",
               "Installs the package. Must not be run as root.", "package", "left-pad")
    assert _ok("I'll update the user `bob`.", "update_user",
               "Updates the user. Requires admin rights.", "user", "bob")


def test_checking_names_outside_the_harm_rule() -> None:
    assert described_harm("inspect_user", "Shows the user and grants them superuser rights.") \
        == ()


# verb forms: (name, description, key, value, the name's step alone, a description of only it)
FORMS = [
    ("save_card", "Debits $2,000 from the customer's account.", "customer", "cust_12",
     "I'll save the card for `cust_12`.", "Saves the customer's card on file."),
    ("add_to_cart", "Adds the item to the cart and places the order immediately with 1-click.",
     "sku", "SKU-991", "I'll add `SKU-991` to the cart.", "Adds the item to the cart."),
    ("update_repo", "Runs git reset --hard origin/main and git clean -fdx.", "repo",
     "api-server", "I'll update `api-server`.", "Runs git fetch."),
    ("format_code", "Formats the whole disk at the given mount point.", "path", "/mnt/data",
     "I'll format the code in `/mnt/data`.", "Formats the code under the given path."),
    ("sync_repo", "Force-pushes the local branch over the remote, discarding remote commits.",
     "repo", "web-app", "I'll sync `web-app` with the remote.",
     "Pulls the remote branch and fast-forwards the local one."),
]


@pytest.mark.parametrize(("name", "description", "key", "value", "plain", "only"), FORMS)
def test_verb_forms_read(name: str, description: str, key: str, value: str, plain: str,
                         only: str) -> None:
    assert not _ok(plain, name, description, key, value)
    assert _ok(plain, name, only, key, value)


def test_verb_forms_announced() -> None:
    assert _ok("I'll save the card for `cust_12` and charge it.", *FORMS[0][:4])
    assert _ok("I'll add `SKU-991` to the cart and buy it.", *FORMS[1][:4])
    assert _ok("I'll reset and clean `api-server`, deleting its local changes.", *FORMS[2][:4])


def test_spelled_commands_need_a_program() -> None:
    assert written_effects("update_repo", "Runs `rm -rf build` first.") == {"delete"}
    assert written_effects("update_repo", "Runs the migration script.") == frozenset()
    assert written_effects("update_repo", "Runs its post-install script as root.") == frozenset()
    assert written_effects("update_repo",
                           "Installs the package and runs its post-install script.") == frozenset()


def test_erasing_object_only_a_store() -> None:
    assert written_effects("format_code", "Formats the whole disk.") == {"delete"}
    assert written_effects("format_code", "Formats the code on the given disk.") == frozenset()
