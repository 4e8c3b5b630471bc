"""The sample-argument check's prefilters (``intent.grounding``): each says "no placeholder hint"
or "no comment mark" exactly when the plain definition does, so ``sample_arguments`` refuses the
same values with them as without them."""

from __future__ import annotations

import json
import random
import re
import sys

import pytest

import leakcall
from leakcall.intent import samples as g


def _may_hold_reference(value: str) -> bool:
    """The definition: a hint in the casefolded value, or an angle hint there."""
    low = value.casefold()
    return any(h in low for h in g._PLACEHOLDER_HINTS) or (
        "<" in low and g._ANGLE_HINT.search(low) is not None)


_PIECES = (*g._PLACEHOLDER_HINTS, *g._ANGLE_WORDS, "<", "< ", "<\u3000", "<\x1c", "<\u00a0",
           "PATH", "YoUr", "HeRe", "\u0130nsert", "\u1e96ere", "\u1e99our", "pu\u1e97", "\u017f",
           "\u212a", "\ufb01", "\u00df", "\u0308", "\u0345", "\u6771\u4eac", "\u00e9", "\u03a9",
           "\u041f\u0423\u0422\u042c", "\ud835\udd2d", "\uff30\uff21\uff34\uff28", "#", "//", "--",
           "/*", "REM ", "REM\t", "rem ", "R", "-", "/", " ", "\n", "\t")


def _samples(n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    letters = "abcdehmnprtuy ABDEHPRTUY0123456789.-_:<>/#\u00e9\u6771"
    return ["".join(rnd.choice(_PIECES) if rnd.random() < 0.5 else rnd.choice(letters)
                    for _ in range(rnd.randint(0, 14))) for _ in range(n)]


def test_the_characters_that_fold_to_ascii_are_all_listed() -> None:
    # the UTF-8 path of _may_hold_placeholder is exact only for text without them
    # casefold folds each character alone: a block whose casefold holds no ASCII has none
    ascii_byte = re.compile(rb"[\x00-\x7f]")
    found = ""
    for lo in range(0x80, sys.maxunicode + 1, 256):
        block = "".join(map(chr, range(lo, min(lo + 256, sys.maxunicode + 1))))
        if ascii_byte.search(block.casefold().encode("utf-8", "surrogatepass")):
            found += "".join(ch for ch in block if any(c.isascii() for c in ch.casefold()))
    assert found == g._FOLDS_TO_ASCII


def test_may_hold_placeholder_is_its_definition() -> None:
    values = _samples(10_000, 27)
    assert sum(map(_may_hold_reference, values)) > 2_500  # both answers are well represented
    for v in values:
        assert g._may_hold_placeholder(v) is _may_hold_reference(v), v
        # the same value long and not ASCII: the UTF-8 path
        long = "\u6771\u4eac " + "a<b | c[0] >= d; " * 20 + v
        assert g._may_hold_placeholder(long) is _may_hold_reference(long), v


def test_comment_marked_is_the_mark_search() -> None:
    for v in _samples(20_000, 28):
        assert g._comment_marked(v) is (g._COMMENT_MARK.search(v) is not None), v


@pytest.mark.parametrize(("pattern", "first"), [
    (r"#|//|--|/\*|REM\s", "#-/R"), (r"\#|x", "#x"), (r"a\|b", "ab"), (r"a(b|c)", "ac"),
    (r"#?x|y", None), (r"#*", None), (r"x{2}", None), (r"[#;]", None), (r"\s#", None),
    (r"(?:#|;)x", None), (r"^#", None), (r".#", None),
])
def test_first_chars_reads_only_plain_branches(pattern: str, first: str | None) -> None:
    assert g._first_chars(re.compile(pattern)) == first
    assert g._first_chars(re.compile(pattern, re.IGNORECASE)) is None


def _bash(command: str) -> str:
    return ('<tool_call>\n{"name": "bash", "arguments": {"command": '
            + leakcall.ids._ENCODE(command) + "}}\n</tool_call>")


BASH = [{"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}]


@pytest.mark.parametrize("tail", [
    "cat /path/to/file",  # a hint, long non-ASCII value: the UTF-8 path
    "echo <enter name>",  # an angle hint
    "git push origin main # replace main with your branch",  # a comment
])
def test_a_long_value_still_refuses(tail: str) -> None:
    fill = "\u6771\u4eac a<b | c[0] >= d; " * 40  # one line: not a file
    assert leakcall.recover(_bash(fill + "true"), BASH).ok
    r = leakcall.recover(_bash(fill + tail), BASH)
    assert r.rule == "sample-arguments", r.detail


PAY = [{"type": "function", "function": {"name": "transfer_funds", "parameters": {
    "type": "object", "properties": {"to_account": {"type": "string"},
                                     "amount": {"type": "number"}}}}}]


def _pay(account: str) -> str:
    return ('<tool_call>\n{"name": "transfer_funds", "arguments": {"to_account": "'
            f'{account}", "amount": 5000}}}}\n</tool_call>')


@pytest.mark.parametrize(("value", "sample"), [
    # an IBAN that fails its check digits is typed for an example, as a card failing Luhn
    ("DE00123456789012345678", True), ("GB29 NWBK 6016 1331 9268 18", True),
    ("GB29 NWBK 6016 1331 9268 19", False), ("DE44500105175407324931", False),
])
def test_an_iban_failing_its_check_is_a_sample(value: str, sample: bool) -> None:
    r = leakcall.recover(_pay(value), PAY)
    assert (r.rule == "sample-arguments") is sample, r.detail


@pytest.mark.parametrize(("command", "sample"), [
    # the default password glued to its flag; a "my-" slot with no word between
    ("mysql -u root -pchangeme -e 'DROP DATABASE mydb'", True),
    ("kubectl delete namespace my-namespace", True),
    ("kubectl delete namespace my-app-namespace", True),
    ("kubectl delete namespace payments-staging", False),
    ("mysql -u root -e 'DROP DATABASE mydb'", False),
])
def test_a_conventional_sample_value_is_a_sample(command: str, sample: bool) -> None:
    r = leakcall.recover(_bash(command), BASH)
    assert (r.rule == "sample-arguments") is sample, r.detail


SQL = [{"type": "function", "function": {"name": "execute_sql", "parameters": {
    "type": "object", "properties": {"query": {"type": "string"}}}}},
       {"type": "function", "function": {"name": "read_file", "parameters": {
           "type": "object", "properties": {"path": {"type": "string"}}}}}]


@pytest.mark.parametrize(("name", "key", "value", "sample"), [
    # a shell variable in a value no shell runs is never filled in
    ("execute_sql", "query", "DROP TABLE ${TABLE_NAME};", True),
    ("read_file", "path", "%USERPROFILE%\\AppData\\Roaming\\App\\settings.json", True),
    ("execute_sql", "query", "DROP TABLE tmp_import;", False),
    ("read_file", "path", "C:\\Users\\dev\\AppData\\Roaming\\App\\settings.json", False),
    # a command a shell runs expands it
    ("bash", "command", "echo ${HOME}", False),
])
def test_an_unexpanded_variable_is_a_template(name: str, key: str, value: str,
                                              sample: bool) -> None:
    body = json.dumps({"name": name, "arguments": {key: value}})
    r = leakcall.recover(f"<tool_call>\n{body}\n</tool_call>", SQL + BASH)
    assert (r.rule == "sample-arguments") is sample, r.detail
