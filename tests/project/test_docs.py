"""The README and the pages of docs/: every relative link resolves to a file and, with an anchor,
to a heading of it; every Python block is run (here, or by the test its marker names); every
shell command line parses with the command's own parser; every JSON block parses."""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import io
import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import leakcall
from leakcall import cli, maint

from ..conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)
_MARKER = re.compile(
    r"<!-- (client: \w+|snippet: \w+|spark-recipe:start|vllm: \w+|litellm: \w+) -->\n```python\n")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_LINK = re.compile(r"\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^()\s]+)\)")
_HEADING = re.compile(r"^#{1,6} +(.+?) *#* *$", re.M)


def _id(p: Path) -> str:
    return str(p.relative_to(ROOT))


def blocks(page: Path, lang: str) -> list[str]:
    """The fenced code blocks of ``page`` in ``lang``."""
    return [body for kind, body in _FENCE.findall(page.read_text(encoding="utf-8")) if kind == lang]


def snippet(page: Path, name: str) -> str:
    text = page.read_text(encoding="utf-8")
    m = re.search(rf"<!-- snippet: {name} -->\n```python\n(.*?)^```$", text, re.S | re.M)
    assert m is not None, f"{_id(page)} lost its {name!r} snippet"
    return m.group(1)


def _prose(text: str) -> str:
    """``text`` with fenced blocks and inline code blanked (same length)."""
    text = _FENCE.sub(lambda m: " " * len(m.group(0)), text)
    return _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text without Markdown code or link syntax, lowercased,
    punctuation but ``-`` and ``_`` dropped, spaces as ``-``."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    for heading in _HEADING.findall(text):
        s = slug(heading)
        n = seen.get(s, 0)
        seen[s] = n + 1
        out.add(s if n == 0 else f"{s}-{n}")
    return out


def links(page: Path) -> list[str]:
    return [target for _, target in _LINK.findall(_prose(page.read_text(encoding="utf-8")))]


def test_slugs_follow_github() -> None:
    assert slug("Past one machine: `leakcall.batch`, `scan --ray`, Spark") == (
        "past-one-machine-leakcallbatch-scan---ray-spark")
    assert slug("The repair proxy's cost") == "the-repair-proxys-cost"
    assert slug("Reason codes (public contract)") == "reason-codes-public-contract"


def test_the_pages_link_each_other() -> None:
    found = {_id(p): links(p) for p in PAGES}
    assert sum(map(len, found.values())) > 40
    readme = found["README.md"]
    for page in PAGES[1:]:  # the README leads to every page, every page back to the README
        assert f"docs/{page.name}" in readme, page.name
        assert "../README.md" in found[_id(page)], page.name


@pytest.mark.parametrize("page", PAGES, ids=_id)
def test_every_relative_link_resolves(page: Path) -> None:
    bad = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # https:, mailto: ...
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            bad.append(f"{target}: no such file")
        elif anchor and anchor not in anchors(dest):
            bad.append(f"{target}: no heading with that anchor in {dest.name}")
    assert bad == [], bad


def test_every_python_block_is_run() -> None:
    """Each Python block carries a marker naming the test that runs it: ``client:`` blocks run in
    test_wire_readme.py, the Spark recipe in test_spark.py, ``vllm:`` blocks in test_vllm.py
    (where vLLM is installed), ``litellm:`` blocks in test_litellm.py, ``snippet:`` blocks
    below."""
    pages = [*PAGES, ROOT / "grammar" / "README.md"]  # the page a new family starts from
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert text.count("```python\n") == len(_MARKER.findall(text)), _id(page)
    names = {n for p in pages
             for n in re.findall(r"<!-- snippet: (\w+) -->", p.read_text(encoding="utf-8"))}
    assert names == {"quickstart", "own_tools", "api", "streaming", "adapters", "scan_log",
                     "load_family"}


def _run(code: str, ns: dict[str, Any]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<docs snippet>", "exec"), ns)
    return out.getvalue()


def test_readme_quickstart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    ns: dict[str, Any] = {"__name__": "docs_snippet"}
    lines = _run(snippet(ROOT / "README.md", "quickstart"), ns).splitlines()
    assert lines[0] == "ok bare dsml"
    (call,) = ns["r"].calls
    assert lines[1] == str(call.to_openai()) and call.name == "read"
    assert lines[2:] == ["quoted declared-example", "True"]


def test_readme_own_tools_prints_what_its_comments_say() -> None:
    code = snippet(ROOT / "README.md", "own_tools")
    printed = _run(code, {"__name__": "docs_snippet"}).splitlines()
    said = [line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("print(")]
    assert len(printed) == len(said) == 4
    for out, comment in zip(printed, said, strict=True):  # a comment may go on after the output
        assert comment == out or comment.startswith(out + ":"), (out, comment)


def test_scan_log_snippet_counts_what_docs_scan_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/scan.md's "Try it": the snippet writes a log of corpus cases in the working
    directory (here a temporary one that sees the corpus), and the scan counts what the page
    says it counts."""
    (tmp_path / "corpus").symlink_to(ROOT / "corpus", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    _run(snippet(ROOT / "docs" / "scan.md", "scan_log"), {"__name__": "docs_snippet"})
    assert cli.main(["scan", "my-log.jsonl", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["replies"], report["with_markup"], report["candidates"], report["recovered"],
            report["candidates_refused"]) == (4, 3, 3, 2, 1)
    assert {k: v["count"] for k, v in report["reasons"].items()} == {
        "ok": 2, "bad_arguments": 1, "no_tags": 1}
    text = (ROOT / "docs" / "scan.md").read_text(encoding="utf-8")
    assert ("It reads 4 replies, 3 with markup, all 3 leak candidates: 2 recovered (`ok`) and 1 "
            "refused\n(`bad_arguments`") in text


def test_grammar_readme_load_family_snippet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code = snippet(ROOT / "grammar" / "README.md", "load_family")
    assert _run(code, {"__name__": "docs_snippet"}).splitlines() == ["ok"]


LEAK = ("Let me check the weather.\n\n<tool_call>\n"
        '{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>')
TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]


def test_api_listing_calls_what_it_names() -> None:
    """The API listing shows keyword-only markers (``*,``); without them each line runs, so
    every function, method, keyword and attribute it names exists."""
    code = snippet(ROOT / "docs" / "api.md", "api").replace("*, ", "").replace("(*)", "()")
    first = leakcall.recover(LEAK, TOOLS).calls[0]
    ns: dict[str, Any] = {"tools": TOOLS, "text": LEAK, "call": first,
                          "MAX_TEXT_CHARS": leakcall.MAX_TEXT_CHARS}
    _run(code, ns)
    assert isinstance(ns["rc"], leakcall.Recoverer)
    assert isinstance(ns["s"], leakcall.StreamRecoverer)
    assert ns["r"].ok and ns["r"].calls[0].name == "get_weather"


def test_streaming_snippet_dispatches_what_recover_finds() -> None:
    dispatched: list[Any] = []
    ns: dict[str, Any] = {"tools": TOOLS, "turn_id": "t1", "dispatch": dispatched.append,
                          "model_stream": [LEAK[i:i + 7] for i in range(0, len(LEAK), 7)]}
    shown = _run(snippet(ROOT / "docs" / "streaming.md", "streaming"), ns)
    want = leakcall.recover(LEAK, TOOLS)
    assert dispatched == [want.calls] and shown == want.content


class _FakeOpenAI:
    """``client.chat.completions.create`` answering the leak as plain dicts (the adapters take
    dicts or SDK objects alike)."""

    def __init__(self) -> None:
        self.chat = self.completions = self

    def create(self, **kw: Any) -> Any:
        base = {"id": "chatcmpl-1", "created": 0, "model": "m"}
        if not kw.get("stream"):
            return {**base, "object": "chat.completion", "choices": [{
                "index": 0, "message": {"role": "assistant", "content": LEAK},
                "finish_reason": "stop"}]}
        return iter([{**base, "object": "chat.completion.chunk", "choices": [{
            "index": 0, "delta": {"content": LEAK[i:i + 9]}, "finish_reason": None}]}
            for i in range(0, len(LEAK), 9)] + [{**base, "object": "chat.completion.chunk",
                                                   "choices": [{"index": 0, "delta": {},
                                                                "finish_reason": "stop"}]}])


def test_adapters_snippet_repairs_a_completion() -> None:
    ns: dict[str, Any] = {"client": _FakeOpenAI(), "tools": TOOLS}
    _run(snippet(ROOT / "docs" / "wire.md", "adapters"), ns)
    message = ns["fixed"]["choices"][0]
    assert message["finish_reason"] == "tool_calls"
    (call,) = message["message"]["tool_calls"]
    assert call["function"] == {"name": "get_weather", "arguments": '{"city": "Paris"}'}
    assert ns["chunk"]["choices"][0]["finish_reason"] == "tool_calls"  # the stream's last chunk


def _commands(page: Path) -> Iterator[list[str]]:
    """Each ``leakcall ...`` and ``python -m leakcall.maint ...`` command of the page's shell
    blocks, as argv."""
    for body in blocks(page, "sh"):
        for line in body.replace("\\\n", " ").splitlines():  # a continued line is one
            for part in line.split("#", 1)[0].split("&&"):
                argv = shlex.split(part)
                if argv[:1] == ["leakcall"] or argv[:3] == ["python", "-m", "leakcall.maint"]:
                    yield argv


@pytest.mark.parametrize("page", PAGES, ids=_id)
def test_shell_commands_parse(page: Path) -> None:
    for argv in _commands(page):
        ap = cli.parser() if argv[0] == "leakcall" else maint.parser()
        args = argv[1:] if argv[0] == "leakcall" else argv[3:]
        try:
            ap.parse_args(args)
        except SystemExit as e:  # pragma: no cover - the failure message
            pytest.fail(f"{_id(page)}: {shlex.join(argv)} does not parse ({e})")


def test_readme_commands_are_found() -> None:
    found = [shlex.join(a) for a in _commands(ROOT / "README.md")]
    assert any(c.startswith("leakcall recover corpus/") for c in found)
    assert "leakcall serve --upstream http://localhost:8000" in found
    assert "leakcall scan docs/examples/chat-log.jsonl" in found


def test_readme_scan_quickstart_counts_what_it_says(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert cli.main(["scan", "docs/examples/chat-log.jsonl", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["replies"], report["with_markup"], report["candidates"], report["recovered"],
            report["candidates_refused"]) == (5, 4, 3, 2, 1)
    assert {k: v["count"] for k, v in report["reasons"].items()} == {
        "ok": 2, "no_tags": 1, "fenced": 1, "truncated": 1}
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ("It counts 5 replies, 4 with markup, 1 of them only shown (`fenced`: a format's "
            "documentation),\n3 leak candidates, 2 recovered and 1 refused (`truncated`).") in text


def test_json_blocks_are_log_lines() -> None:
    found = [json.loads(b) for p in PAGES for b in blocks(p, "json")]
    assert found and all({"ts", "event"} <= set(line) for line in found)


def test_litellm_config_names_the_handler() -> None:
    """The LiteLLM config names a module-level object of leakcall (read, not imported: importing
    litellm takes seconds; test_litellm.py loads it through LiteLLM's own config loader)."""
    (config,) = [b for p in PAGES for b in blocks(p, "yaml")]
    m = re.search(r"callbacks: ([\w.]+)\.(\w+)", config)
    assert m is not None and m.group(1).startswith("leakcall.")
    spec = importlib.util.find_spec(m.group(1))
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    names = {t.id for node in tree.body if isinstance(node, ast.Assign | ast.AnnAssign)
             for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
             if isinstance(t, ast.Name)}
    assert m.group(2) in names


def test_reason_table_is_generated_from_the_docstrings() -> None:
    text = (ROOT / "docs" / "safety.md").read_text(encoding="utf-8")
    block = text.split("<!-- reasons:begin -->\n", 1)[1].split("\n<!-- reasons:end -->", 1)[0]
    assert block == maint.reason_table(), "run `python -m leakcall.maint docs`"
    rows = block.splitlines()[2:]
    assert [r.split(" | ")[0] for r in rows] == [f"| `{r.value}`" for r in leakcall.Reason]
    from leakcall import budget  # noqa: PLC0415 - the figures the too_complex row states

    (too_complex,) = [r for r in rows if r.startswith("| `too_complex`")]
    for limit in (budget.MAX_ENVELOPES, budget.MAX_TOKENS, budget.MAX_CALLS, budget.MAX_KEYS,
                  budget.MAX_DEPTH):
        assert f"{limit:,}" in too_complex, limit


def test_maint_docs_rewrites_every_generated_block(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pages: dict[str, list[tuple[str, str, Any]]] = {}
    for page, start, end, make in maint.GENERATED:
        pages.setdefault(page, []).append((start, end, make))
    for page, found in pages.items():  # a page may hold several blocks
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text("# Page\n\n" + "".join(
            f"{start}\nstale\n{end}\nafter\n" for start, end, _ in found), encoding="utf-8")
    assert maint.main(["docs", "--check", "--root", str(tmp_path)]) == 1
    assert maint.main(["docs", "--root", str(tmp_path)]) == 0
    assert maint.main(["docs", "--check", "--root", str(tmp_path)]) == 0
    for page, found in pages.items():
        text = (tmp_path / page).read_text(encoding="utf-8")
        assert text == "# Page\n\n" + "".join(
            f"{start}\n{make().rstrip()}\n{end}\nafter\n" for start, end, make in found), page
        for start, _, _ in found:
            assert (ROOT / page).read_text(encoding="utf-8").count(start) == 1, page
    assert maint.main(["docs", "--check", "--root", str(ROOT)]) == 0  # the shipped pages
    assert "stale" in capsys.readouterr().out


def test_the_family_table_merges_without_conflict() -> None:
    """docs/families.md is merged with git's union driver (two families added at once keep both
    rows; the table test then asks for a regeneration), so it holds nothing but a short intro and
    the generated table: a union merge of prose could keep two versions of a sentence."""
    attributes = (ROOT / ".gitattributes").read_text(encoding="utf-8").splitlines()
    assert "docs/families.md merge=union" in attributes
    assert "grammar/lexicon/CALIBRATION.md merge=union" in attributes
    text = (ROOT / "docs" / "families.md").read_text(encoding="utf-8")
    intro, rest = text.split(maint.FAMILIES_START, 1)
    assert rest.endswith(maint.FAMILIES_END + "\n") and len(intro.splitlines()) <= 16


def _block(page: str, name: str) -> str:
    text = (ROOT / page).read_text(encoding="utf-8")
    return text.split(f"<!-- {name}:begin -->\n", 1)[1].split(f"\n<!-- {name}:end -->", 1)[0]


def test_safety_rule_table_is_the_whole_registry() -> None:
    """docs/safety.md's table of the intent stage's rules is generated from
    ``leakcall.intent.rules``, and the registry names every rule the stage decides with: each
    ``rule NAME:`` its modules write into a detail, and each block construct it refuses for."""
    from leakcall.intent import rules, screens  # noqa: PLC0415

    assert _block("docs/safety.md", "rules") == rules.decision_table(), (
        "run `python -m leakcall.maint docs`")
    registry = [r.name for r in (*rules.ACCEPTS, *rules.RULES, *rules.STRUCTURE)]
    assert len(registry) == len(set(registry))
    written = set()
    for path in [*(ROOT / "src" / "leakcall" / "intent").glob("*.py"),
                 ROOT / "src" / "leakcall" / "pipeline.py"]:
        written |= set(re.findall(r"\brule ([a-z][a-z0-9-]+):", path.read_text(encoding="utf-8")))
    constructs = {name for name, _, _ in screens._CONSTRUCTS}
    assert written and constructs
    assert (written | constructs) - set(registry) == set()
    for r in (*rules.ACCEPTS, *rules.STRUCTURE):
        assert r.doc and isinstance(r.reason, leakcall.Reason), r


def test_serve_options_table_is_the_parser() -> None:
    """docs/proxy.md's options table is generated from ``leakcall serve``'s parser: one row per
    option, with its variable and the default the parser has."""
    from leakcall.ops import env_name  # noqa: PLC0415
    from leakcall.serve import argument_parser  # noqa: PLC0415

    table = _block("docs/proxy.md", "serve-options")
    assert table == maint.serve_options_table(), "run `python -m leakcall.maint docs`"
    rows = table.splitlines()[2:]
    options = [a for a in argument_parser()._actions if "--help" not in a.option_strings]
    assert len(rows) == len(options)
    for row, action in zip(rows, options, strict=True):
        flag, variable, default, _ = row.strip("| ").split(" | ", 3)
        assert f"`{action.option_strings[0]}" in flag
        assert variable == f"`{env_name(action.option_strings[0])}`"
        if isinstance(action.default, bool):
            assert default == ("on" if action.default else "off")
        elif isinstance(action.default, int) and not action.dest.endswith("bytes"):
            assert default.strip("`").replace(",", "") == str(action.default), row
    (port,) = [r for r in rows if r.startswith("| `--port`")]
    assert "| `8089` |" in port
    (body,) = [r for r in rows if r.startswith("| `--max-body BYTES`")]
    assert "| 32 MiB |" in body
