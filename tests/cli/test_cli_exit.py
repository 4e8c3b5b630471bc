"""``leakcall`` as a script calls it (real processes): exit 0 recovered, 1 refused, 2 misuse with
one line on stderr naming the problem; the status line on stderr, JSON on stdout; response JSON
of every shape ``scan`` reads; ``--version``; ``python -m leakcall``; help for every option."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from leakcall.cli import parser
from leakcall.corpus import load_case
from leakcall.ops import HEALTH_PATH, METRICS_PATH, READY_PATH, env_name
from leakcall.serve import STATS_PATH
from leakcall.serve import argument_parser as serve_parser

from ..conftest import CORPUS

pytestmark = pytest.mark.heavy

CASE = load_case(CORPUS / "dsml" / "opencode-read-offset-limit.json")


def run(*argv: str, stdin: bytes = b"", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    r = subprocess.run([sys.executable, "-m", "leakcall", *argv], input=stdin, capture_output=True,
                       timeout=60, check=False, cwd=cwd)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode(), r.stderr.decode())


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("cli")
    text, tools = CASE.text, CASE.tools
    (d / "tools.json").write_text(json.dumps(tools))
    (d / "case.json").write_text(json.dumps({"text": text, "tools": tools}))  # the capture shape
    (d / "reply.txt").write_text(text)
    (d / "quoted.txt").write_text("```\n" + text + "\n```")
    (d / "chat.json").write_text(json.dumps({
        "id": "c", "object": "chat.completion", "choices": [
            {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]},
        indent=2))
    (d / "responses.json").write_text(json.dumps({
        "id": "r", "object": "response", "output": [
            {"type": "message", "role": "assistant",
             "content": [{"type": "output_text", "text": text}]}],
        "tools": [{"type": "function", "name": t["function"]["name"],
                   "parameters": t["function"]["parameters"]} for t in tools]}))
    (d / "anthropic.json").write_text(json.dumps({
        "id": "m", "type": "message", "role": "assistant",
        "content": [{"type": "text", "text": text}]}))
    (d / "empty_response.json").write_text(json.dumps({"id": "r", "object": "response",
                                                         "output": []}))
    (d / "binary.bin").write_bytes(b"\x89PNG\r\n\x1a\n\xff\x00")
    (d / "nul.txt").write_bytes(b"abc\x00def")
    (d / "not_json.json").write_text("[{'name': 'x'}]")
    (d / "not_list.json").write_text('{"name": "read"}')
    (d / "bad_schema.json").write_text(json.dumps(
        [{"type": "function", "function": {"name": "read", "parameters": {"type": "bogus"}}}]))
    (d / "dir").mkdir()
    return d


@pytest.mark.parametrize("argv", [
    ["case.json"], ["reply.txt", "--tools", "tools.json"], ["chat.json", "--tools", "tools.json"],
    ["responses.json"], ["anthropic.json", "--tools", "tools.json"],
])
def test_recovered_is_0_with_calls_as_json_on_stdout(files: Path, argv: list[str]) -> None:
    r = run("recover", *argv, cwd=files)
    assert r.returncode == 0, r.stderr
    assert r.stderr.startswith("ok: dsml: 1 call(s)") and r.stderr.count("\n") == 1
    calls = [json.loads(line) for line in r.stdout.splitlines()]
    assert [c["function"]["name"] for c in calls] == ["read"]
    assert json.loads(calls[0]["function"]["arguments"])["offset"] == 357


def test_refused_is_1_and_says_why(files: Path) -> None:
    r = run("recover", "quoted.txt", "--tools", "tools.json", "--json", cwd=files)
    assert r.returncode == 1 and r.stderr.startswith("fenced:")
    assert json.loads(r.stdout)["reason"] == "fenced"
    # a response without tools: refused, with a hint (not a misleading no_tags)
    r = run("recover", "chat.json", cwd=files)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.startswith("unadvertised:") and "pass --tools" in r.stderr


def test_stdin_and_text_flag(files: Path) -> None:
    r = run("recover", "-", "--tools", str(files / "tools.json"), stdin=CASE.text.encode())
    assert r.returncode == 0
    raw = (files / "chat.json").read_bytes()  # read as text, the JSON around it is no markup
    r = run("recover", "-", "--text", "--tools", str(files / "tools.json"), stdin=raw)
    assert r.returncode == 1


MISUSE: list[tuple[list[str], str]] = [
    (["recover", "missing.txt"], "leakcall recover: missing.txt: no such file"),
    (["recover", "dir"], "leakcall recover: dir: is a directory, not a file"),
    (["recover", "binary.bin"], "leakcall recover: binary.bin: not UTF-8 text (byte 0x89 at offset 0)"),
    (["recover", "nul.txt"], "leakcall recover: nul.txt: binary data (a NUL byte at offset 3)"),
    (["recover", "reply.txt", "--tools", "not_json.json"], "leakcall recover: not_json.json: not JSON"),
    (["recover", "reply.txt", "--tools", "not_list.json"],
     "leakcall recover: not_list.json: expected a JSON list of tools"),
    (["recover", "reply.txt", "--tools", "bad_schema.json"],
     "leakcall recover: bad_schema.json: 1 bad tool definition(s): tool 'read': invalid JSON schema"),
    (["recover", "reply.txt", "--tools", "missing.json"], "leakcall recover: missing.json: no such file"),
    (["recover", "empty_response.json"], "leakcall recover: empty_response.json: the response holds "
                                         "no reply text"),
    (["recover", "reply.txt", "--reasoning", "maybe"], "argument --reasoning: invalid choice: 'maybe'"),
    (["recover"], "leakcall recover: the following arguments are required: file"),
    (["recover", "reply.txt", "--bogus"], "leakcall: unrecognized arguments: --bogus"),
    ([], "leakcall: the following arguments are required: COMMAND"),
    (["calibrate", "corpus"], "calibrate: corpus: no such file or directory"),
    (["families-readme", "README.md"], "argument COMMAND: invalid choice: 'families-readme'"),
]


@pytest.mark.parametrize(("argv", "message"), MISUSE, ids=[" ".join(a) or "none" for a, _ in MISUSE])
def test_misuse_is_2_with_one_line(files: Path, argv: list[str], message: str) -> None:
    r = run(*argv, cwd=files)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    assert message in r.stderr, r.stderr
    assert r.stdout == ""


def test_version_and_module_entry() -> None:
    r = run("--version")
    assert (r.returncode, r.stdout.strip()) == (0, f"leakcall {version('leakcall')}")
    entry = Path(sys.executable).with_name("leakcall")
    if entry.exists():  # the console script and python -m agree
        same = subprocess.run([str(entry), "--version"], capture_output=True, text=True, timeout=60,
                              check=False)
        assert same.stdout == r.stdout


def _subparsers(ap: Any) -> dict[str, Any]:
    return next(a.choices for a in ap._actions if a.__class__.__name__ == "_SubParsersAction")


def test_every_option_has_help() -> None:
    """(``scan``'s options are its own module's business: left out here.)"""
    ap = parser()
    missing = [f"{name} {a.option_strings or a.dest}"
               for name, p in [("leakcall", ap), *_subparsers(ap).items()] if name != "scan"
               for a in p._actions
               if not (a.help and a.help.strip()) and a.__class__.__name__ != "_SubParsersAction"]
    assert missing == []
    r = run("recover", "--help")
    assert r.returncode == 0 and "--id-salt" in r.stdout and "--reasoning" in r.stdout
    assert re.search(r"Exit 0 recovered, 1 refused,\s+2 misuse", r.stdout)


def test_docs_document_every_flag_variable_endpoint_metric_and_exit_code() -> None:
    root = CORPUS.parent  # the README and every page of docs/
    text = "\n".join(p.read_text(encoding="utf-8")
                     for p in [root / "README.md", *sorted((root / "docs").glob("*.md"))])
    for action in serve_parser()._actions:
        opt = next((o for o in action.option_strings if o.startswith("--")), None)
        if opt and opt != "--help":
            assert f"`{opt}" in text and f"`{env_name(opt)}`" in text, opt
    for path in (HEALTH_PATH, READY_PATH, METRICS_PATH, STATS_PATH):
        assert f"`GET {path}`" in text, path
    for metric in ("leakcall_requests_total", "leakcall_decisions_total",
                   "leakcall_recovered_calls_total", "leakcall_upstream_errors_total",
                   "leakcall_passthrough_total", "leakcall_request_duration_seconds"):
        assert f"`{metric}`" in text, metric
    for code in range(4):
        assert re.search(rf"^\| {code} \| ", text, re.M), code
    for opt in ("--tools", "--json", "--text", "--reasoning", "--id-salt", "--version"):
        assert opt in text, opt
